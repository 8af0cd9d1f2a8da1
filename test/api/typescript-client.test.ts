import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';

const run = promisify(execFile);

describe.each(DIALECTS)('the typed client example on %s', { timeout: 180_000 }, (dialect) => {
  const suite = useTestService(dialect);
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await suite.t.company()).apiKey;
  });

  it('runs against a live server: creates, reads and lists through the typed client', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'clients/typescript/example.ts'], {
      env: { ...process.env, OUTREACH_URL: suite.t.url, OUTREACH_API_KEY: apiKey },
      timeout: 150_000,
    });
    expect(stdout).toContain('customer cust-1: Ada Lovelace, phone +12127365000');
    expect(stdout).toContain('scheduled calls: []');
    expect(stdout).toContain('unknown customer: 404 {"error":404,"message"');
    const stored = await suite.t.call('GET', '/customers/cust-1', { key: apiKey });
    expect(stored).toMatchObject({ status: 200, body: { id: 'cust-1', email: 'ada@example.com' } });
  });
});
