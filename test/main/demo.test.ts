import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';

/**
 * `npm run demo` as a newcomer runs it (scripts/demo.ts), on a free port and a scratch data folder:
 * it prints the console's address and credentials, and the console shows the placed calls, one per
 * magic number's outcome, within a minute of the sandbox clock, and one promise to pay kept by a payment and
 * one broken and followed up.
 */
describe('npm run demo', () => {
  it(
    'prints the console address and credentials; the console shows a call of each outcome',
    { timeout: 180_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-demo-'));
      const child = spawn('npm', ['run', '--silent', 'demo'], {
        env: { ...process.env, DEMO_PORT: '0', DEMO_DATA_DIR: dataDir, LOG_LEVEL: 'error' },
        detached: true,
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      try {
        const printed = await eventually(
          () => /Outreach demo: (\S+)\/console\/[\s\S]*sign in as\s+(\S+)\s+password\s+(\S+)/.exec(out),
          90_000,
          'the demo to print its address',
        );
        const [, url, email, password] = printed;
        const signIn = await fetch(`${url}/console/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
        expect((await fetch(`${url}/console/`)).status).toBe(200);

        const day = await eventually(
          async () => {
            const res = await fetch(`${url}/console/api/activity/daily`, { headers: { Cookie: cookie } });
            const body = await res.json();
            return body.rates?.placed === 9 &&
              body.callsByHour.every((h: { outcome: string }) => h.outcome !== 'in_progress')
              ? body
              : undefined;
          },
          90_000,
          'nine calls with results',
        );
        const outcomes = new Set(day.callsByHour.map((h: { outcome: string }) => h.outcome));
        expect([...outcomes].sort()).toEqual([
          'connected',
          'no_answer',
          'right_party',
          'transferred',
          'voicemail',
          'wrong_number',
        ]);
        expect(day.callsByHour.every((h: { hour: number }) => h.hour === 10)).toBe(true);
        // The two promises of 555-0160: one kept by a payment, one broken with its follow-up call.
        const promises = await eventually(
          () =>
            /demo: promise .* kept by a payment[\s\S]*demo: promise .* broken at .*; follow-up call (\S+) at/.exec(out),
          60_000,
          'the demo to show a kept and a broken promise',
        );
        expect(promises[1]).not.toBe('none');
      } finally {
        await stopGroup(child.pid!);
        fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
  );
});

/**
 * Ends the demo's process group and waits until every process of it is gone: npm exits before the
 * service it started has closed its database, which would still be writing into the data folder.
 */
async function stopGroup(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pid, 'SIGTERM');
  for (let waited = 0; alive() && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-pid, 'SIGKILL');
}
