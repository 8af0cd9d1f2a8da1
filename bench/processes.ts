/** Servers under load, each in a process of its own, and the load generator's view of them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import autocannon from 'autocannon';
import { projectRoot } from '../src/lib/project-root.js';

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  return port;
}

/**
 * Starts `node <args>` (`--import tsx` first when the script is TypeScript; `{PORT}` in args and
 * the PORT variable: a free port) and waits until `readyPath` answers 200.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string> = {},
  readyPath = '/healthz',
): Promise<ServerProcess> {
  const port = await freePort();
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...loader, ...args.map((a) => a.replace('{PORT}', String(port)))],
    {
      cwd: projectRoot(),
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Resident set size of a process, in MB (Linux /proc); throws when the process is gone. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** One autocannon run from this process; `next(i)` makes the i-th request (unique ids, keys, companies). */
export async function load(url: string, seconds: number, next: (i: number) => LoadRequest): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const r = next(i++);
          return { ...req, method: r.method, path: r.path, headers: { ...r.headers }, body: r.body };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [k, v] of Object.entries(result)) if (/^\dxx$/.test(k) && typeof v === 'number' && v > 0) statuses[k] = v;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `runs` loads, reported as their medians (by throughput for the latency too). */
export async function medianLoad<T extends LoadResult>(runs: number, run: () => Promise<T>): Promise<T> {
  const results: T[] = [];
  for (let r = 0; r < runs; r++) results.push(await run());
  return medianOf(results);
}

/** Loads reported as their medians (by throughput for the latency too), failures summed. */
export function medianOf<T extends LoadResult>(loads: T[]): T {
  const results = [...loads].sort((a, b) => a.rps - b.rps);
  const mid = results[Math.floor(results.length / 2)];
  return {
    ...mid,
    rps: median(results.map((x) => x.rps)),
    non2xx: results.reduce((n, x) => n + x.non2xx, 0),
    errors: results.reduce((n, x) => n + x.errors, 0),
  };
}
