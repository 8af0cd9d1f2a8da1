import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Runs `outreach <args>` (through tsx) and returns its exit code and output. */
async function outreach(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

const lines = (text: string) => text.trim().split('\n').filter(Boolean);

// Each case starts the real command in a new process: generous timeouts for a loaded machine.
describe('start-up failures print one line and exit non-zero', { timeout: 180_000 }, () => {
  let dir: string;
  let sqliteUrl: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-startup-'));
    sqliteUrl = `sqlite:${path.join(dir, 'ok.db')}`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a taken port: names the port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const res = await outreach(['serve', '--no-workers'], {
        DATABASE_URL: sqliteUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(res.code).toBe(1);
      expect(lines(res.stderr)).toEqual([
        `outreach: cannot listen on 127.0.0.1:${port}: port ${port} is already in use (set PORT to another port)`,
      ]);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it('an unreachable Postgres: names DATABASE_URL with the password masked', async () => {
    const port = await freePort();
    const res = await outreach(['serve'], {
      DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/outreach`,
      PORT: '0',
    });
    expect(res.code).toBe(1);
    expect(lines(res.stderr)).toEqual([
      `outreach: cannot use the database at DATABASE_URL=postgres://app:****@127.0.0.1:${port}/outreach: nothing accepts connections at 127.0.0.1:${port} (is Postgres running?)`,
    ]);
    expect(res.stderr).not.toContain('s3cret');
  });

  it.runIf(process.env.TEST_POSTGRES_URL)(
    'a missing Postgres database or role: names DATABASE_URL and what is missing',
    async () => {
      const base = new URL(process.env.TEST_POSTGRES_URL!);
      const noDb = new URL(base);
      noDb.pathname = '/no_such_database_i13';
      const noDbRes = await outreach(['serve'], { DATABASE_URL: noDb.toString(), PORT: '0' });
      expect(noDbRes.code).toBe(1);
      expect(lines(noDbRes.stderr)).toEqual([
        `outreach: cannot use the database at DATABASE_URL=${noDb}: database "no_such_database_i13" does not exist`,
      ]);

      const noRole = new URL(base);
      noRole.username = 'no_such_role_i13';
      noRole.password = 'pw';
      const noRoleRes = await outreach(['migrate'], { DATABASE_URL: noRole.toString() });
      expect(noRoleRes.code).toBe(1);
      const masked = new URL(noRole);
      masked.password = '****';
      expect(lines(noRoleRes.stderr)).toEqual([
        `outreach: cannot use the database at DATABASE_URL=${masked}: role "no_such_role_i13" does not exist`,
      ]);
    },
  );

  it('an unusable SQLite path: names DATABASE_URL (a file where its directory should be, or a directory as the file)', async () => {
    const file = path.join(dir, 'plain-file');
    fs.writeFileSync(file, 'x');
    const underFile = await outreach(['serve'], { DATABASE_URL: `sqlite:${file}/outreach.db`, PORT: '0' });
    expect(underFile.code).toBe(1);
    expect(lines(underFile.stderr)).toHaveLength(1);
    expect(underFile.stderr).toMatch(
      new RegExp(
        `^outreach: cannot use the database at DATABASE_URL=sqlite:${file}/outreach.db: its directory cannot be created \\((ENOTDIR|EEXIST)\\)\n$`,
      ),
    );

    const asDirectory = await outreach(['company', 'create', '--name', 'X'], { DATABASE_URL: `sqlite:${dir}` });
    expect(asDirectory.code).toBe(1);
    expect(lines(asDirectory.stderr)).toEqual([
      `outreach: cannot use the database at DATABASE_URL=sqlite:${dir}: the file cannot be opened or created (missing directory, a directory, or no permission)`,
    ]);
  });

  it('an unknown LOG_LEVEL is refused in one line; warn is accepted', async () => {
    const bad = await outreach(['migrate'], { DATABASE_URL: sqliteUrl, LOG_LEVEL: 'verbose' });
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual([
      'outreach: LOG_LEVEL must be one of silent, fatal, error, warn, info, debug, trace, got "verbose"',
    ]);
    expect(await outreach(['migrate'], { DATABASE_URL: sqliteUrl, LOG_LEVEL: 'warn' })).toMatchObject({
      code: 0,
      stdout: 'migrations are current\n',
    });
  });
});

describe('shutdown on SIGTERM', { timeout: 180_000 }, () => {
  it('turns /readyz unready while requests are still served, then exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-sigterm-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        OUTREACH_SHUTDOWN_DELAY_MS: '4000',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const url = `http://127.0.0.1:${port}`;
    const get = async (p: string) => {
      try {
        const res = await fetch(url + p);
        return { status: res.status, body: await res.json() };
      } catch {
        return null;
      }
    };
    try {
      let ready = null;
      for (const until = Date.now() + 150_000; Date.now() < until && ready?.status !== 200;) {
        ready = await get('/readyz');
        if (ready?.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });

      child.kill('SIGTERM');
      let draining = null;
      for (let i = 0; i < 100 && draining?.status !== 503; i++) draining = await get('/readyz');
      expect(draining).toEqual({
        status: 503,
        body: { status: 'unavailable', database: 'ok', migrations: 'current', shuttingDown: true },
      });
      expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } }); // still serving
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
