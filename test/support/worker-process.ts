import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { projectRoot } from '../../src/lib/project-root.js';

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far (shown when a crash test fails). */
  output: () => string;
}

/** `outreach worker` in a process of its own (so a test can kill it with SIGKILL), on the given database. */
export function startWorkerProcess(databaseUrl: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'worker'], {
    cwd: projectRoot(),
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export interface ApiProcess {
  child: ChildProcess;
  /** Where it listens, as it logged it. */
  url: string;
  /** SIGTERM, and waits for the exit (nothing when it already exited). */
  stop(): Promise<void>;
}

/** A second API process (`outreach serve --no-migrate --no-workers`) on the given database, once it listens. */
export async function startApiProcess(databaseUrl: string): Promise<ApiProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/cli.ts', 'serve', '--no-migrate', '--no-workers'],
    {
      cwd: projectRoot(),
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`second API process exited with ${code}`)));
  });
  return {
    child,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
