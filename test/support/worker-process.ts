import { type ChildProcess, spawn } from 'node:child_process';
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
