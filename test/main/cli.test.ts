import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { authenticateCompany } from '../../src/domain/companies/api-keys.js';
import { verifyPassword } from '../../src/domain/console/passwords.js';
import { runOutreach } from '../support/cli.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Runs an `outreach` command (in-process, test/support/cli.ts) against the test database. */
async function outreach(url: string, args: string[], input?: string, env: Record<string, string> = {}) {
  return runOutreach(args, { env: { DATABASE_URL: url, ...env }, stdin: input });
}

describe.each(DIALECTS)('outreach CLI on %s', { timeout: 180_000 }, (dialect) => {
  const database = useTestDatabase(dialect);

  it('creates a company whose key authenticates; more keys; revoking one stops only it', async () => {
    const created = await outreach(database.url, ['company', 'create', '--name', 'Demo', '--json']);
    expect(created.code).toBe(0);
    const { companyId, apiKey } = JSON.parse(created.stdout);
    expect(apiKey).toMatch(/^ok_[A-Za-z0-9_-]{43}$/);
    expect((await authenticateCompany(database.db, apiKey))?.id).toBe(companyId);

    const second = JSON.parse(
      (await outreach(database.url, ['key', 'create', '--company', companyId, '--json'])).stdout,
    ).apiKey;
    expect((await authenticateCompany(database.db, second))?.id).toBe(companyId);

    const revoked = await outreach(database.url, [
      'key',
      'revoke',
      '--company',
      companyId,
      '--key',
      apiKey.slice(0, 11),
    ]);
    expect(revoked.code).toBe(0);
    expect(await authenticateCompany(database.db, apiKey)).toBeNull();
    expect((await authenticateCompany(database.db, second))?.id).toBe(companyId);
  });

  it('gets the default configuration and only accepts a valid replacement', async () => {
    const { companyId } = JSON.parse(
      (await outreach(database.url, ['company', 'create', '--name', 'Cfg', '--json'])).stdout,
    );
    const config = JSON.parse(
      (await outreach(database.url, ['company', 'config', 'get', '--company', companyId])).stdout,
    );
    expect(config.taskTypes.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['PendingLoanNewLead', 'PendingLoanReturning']),
    );

    const bad = await outreach(
      database.url,
      ['company', 'config', 'set', '--company', companyId],
      JSON.stringify({ ...config, customerContract: 'future' }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /Invalid company configuration: \/customerContract must be equal to one of the allowed values/,
    );

    const good = await outreach(
      database.url,
      ['company', 'config', 'set', '--company', companyId],
      JSON.stringify({ ...config, customerContract: 'announced' }),
    );
    expect(good.code).toBe(0);
    const after = JSON.parse(
      (await outreach(database.url, ['company', 'config', 'get', '--company', companyId])).stdout,
    );
    expect(after.customerContract).toBe('announced');
  });

  it('stores the LMS token encrypted with OUTREACH_CONFIG_KEY, prints it masked, and keeps it when the mask is sent back', async () => {
    const env = { OUTREACH_CONFIG_KEY: 'ab'.repeat(32) };
    const { companyId } = JSON.parse(
      (await outreach(database.url, ['company', 'create', '--name', 'Lms', '--json'])).stdout,
    );
    const config = JSON.parse(
      (await outreach(database.url, ['company', 'config', 'get', '--company', companyId])).stdout,
    );
    const lms = {
      kind: 'loanpro',
      baseUrl: 'https://lms.example.com/api/public/api/1',
      instanceId: '5200776',
      token: 'secret-token-1',
    };
    const set = await outreach(
      database.url,
      ['company', 'config', 'set', '--company', companyId],
      JSON.stringify({ ...config, lms }),
      env,
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout).lms.token).toBe('********');
    const stored = async () =>
      JSON.stringify((await tables(database.db).companies().where({ id: companyId }).first())!.config);
    const sealed = await stored();
    expect(sealed).not.toContain('secret-token-1');
    expect(sealed).toContain('enc:v1:');
    const shown = JSON.parse(
      (await outreach(database.url, ['company', 'config', 'get', '--company', companyId])).stdout,
    );
    expect(shown.lms).toEqual({ ...lms, token: '********' });
    expect(
      (await outreach(database.url, ['company', 'config', 'set', '--company', companyId], JSON.stringify(shown), env))
        .code,
    ).toBe(0);
    expect(await stored()).toBe(sealed);
    const insecure = await outreach(
      database.url,
      ['company', 'config', 'set', '--company', companyId],
      JSON.stringify({ ...config, lms: { ...lms, baseUrl: 'http://lms.example.com/api' } }),
      env,
    );
    expect(insecure.stderr).toContain('/lms/baseUrl must use https');
  }, 120_000); // six CLI processes
  it("lists companies with their live key counts and a company's keys without secrets", async () => {
    const { companyId, apiKey } = JSON.parse(
      (await outreach(database.url, ['company', 'create', '--name', 'Listed', '--json'])).stdout,
    );
    await outreach(database.url, ['key', 'create', '--company', companyId]);
    await outreach(database.url, ['key', 'revoke', '--company', companyId, '--key', apiKey.slice(0, 11)]);

    const companies = JSON.parse((await outreach(database.url, ['company', 'list', '--json'])).stdout);
    expect(companies).toContainEqual({ companyId, name: 'Listed', createdAt: expect.any(String), activeKeys: 1 });
    expect((await outreach(database.url, ['company', 'list'])).stdout).toMatch(
      new RegExp(`${companyId} .* keys 1 {2}Listed`),
    );

    const keys = JSON.parse((await outreach(database.url, ['key', 'list', '--company', companyId, '--json'])).stdout);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ prefix: apiKey.slice(0, 11), revokedAt: expect.any(String) });
    expect(keys[1]).toMatchObject({ revokedAt: null });
    const text = (await outreach(database.url, ['key', 'list', '--company', companyId])).stdout;
    expect(text).toContain('revoked');
    expect(text).toContain('active');
    expect(text).not.toContain(apiKey);

    const unknown = await outreach(database.url, ['key', 'list', '--company', '00000000-0000-4000-8000-000000000000']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('not found') });
  });

  it('creates console users: a generated password shown once, or one read from stdin; scrypt hashes only', async () => {
    const { companyId } = JSON.parse(
      (await outreach(database.url, ['company', 'create', '--name', 'Console', '--json'])).stdout,
    );
    const generated = await outreach(database.url, [
      'user',
      'create',
      '--company',
      companyId,
      '--email',
      'Ops@Example.com',
      '--role',
      'operator',
    ]);
    expect(generated.code).toBe(0);
    const password = /password (\S+) {2}\(shown once/.exec(generated.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const typed = await outreach(
      database.url,
      [
        'user',
        'create',
        '--company',
        companyId,
        '--email',
        'viewer@example.com',
        '--role',
        'viewer',
        '--password-stdin',
        '--json',
      ],
      'a typed passphrase\n',
    );
    expect(typed.code).toBe(0);
    expect(JSON.parse(typed.stdout)).toEqual({
      userId: expect.any(String),
      email: 'viewer@example.com',
      role: 'viewer',
    });
    const users = await tables(database.db).consoleUsers().where({ company_id: companyId }).orderBy('email');
    expect(users.map((u: any) => [u.email, u.role])).toEqual([
      ['ops@example.com', 'operator'],
      ['viewer@example.com', 'viewer'],
    ]);
    expect(users.every((u: any) => /^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/.test(u.password_hash))).toBe(true);
    expect(JSON.stringify(users)).not.toContain(password);
    expect(await verifyPassword('a typed passphrase', users[1].password_hash)).toBe(true);

    const duplicate = await outreach(database.url, [
      'user',
      'create',
      '--company',
      companyId,
      '--email',
      'ops@example.com',
      '--role',
      'viewer',
    ]);
    expect(duplicate).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    const badRole = await outreach(database.url, [
      'user',
      'create',
      '--company',
      companyId,
      '--email',
      'x@example.com',
      '--role',
      'admin',
    ]);
    expect(badRole).toMatchObject({ code: 1, stderr: expect.stringContaining('viewer or operator') });
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('package.json', 'utf8')));
    expect(await outreach(database.url, ['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('fails with a usage message for a missing option or unknown command', async () => {
    const missing = await outreach(database.url, ['key', 'create']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--company is required for "key create"');
    expect((await outreach(database.url, ['launch', 'rockets'])).stderr).toContain('unknown command "launch rockets"');
  });
});

describe('outreach simulator loanpro', () => {
  it('serves the seed on 127.0.0.1 and prints where', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main/cli.ts', 'simulator', 'loanpro', '--seed', 'src/simulators/loanpro/demo-seed.json'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const line = await new Promise<string>((resolve) =>
        child.stdout.once('data', (d: Buffer) => resolve(d.toString('utf8'))),
      );
      const { baseUrl, instanceId, token } = JSON.parse(line);
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/public\/api\/1$/);
      const res = await fetch(`${baseUrl}/odata.svc/Customers(1001)`, {
        headers: { Authorization: `Bearer ${token}`, 'Autopal-Instance-Id': instanceId },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).d).toMatchObject({ id: 1001, firstName: 'Ada', birthDate: '/Date(503020800)/' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
