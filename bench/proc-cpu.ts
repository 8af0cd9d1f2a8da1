/**
 * CPU time of other processes from Linux's /proc (milliseconds of user + system time), so a
 * benchmark can show where a run's CPU went: the service, a simulator, Postgres; and what a process
 * wrote. Null elsewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(stat: string): number {
  // Fields after the ")" that closes the command name: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU milliseconds used so far by one process (all its threads), or null without /proc. */
export function processCpuMs(pid: number): number | null {
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by every live process with this command name (e.g. "postgres"), or null without /proc. */
export function commandCpuMs(command: string): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) total += ticksOf(stat);
    } catch {
      /* gone meanwhile */
    }
  }
  return total * TICK_MS;
}

/**
 * What one process has written so far (Linux /proc/<pid>/io): bytes passed to write calls (files,
 * sockets and pipes alike) and the number of those calls, or null without /proc. SQLite's WAL pages
 * and checkpoints are most of what the service writes under an enrollment load.
 */
export function processWrites(pid: number): { bytes: number; calls: number } | null {
  try {
    const io = Object.fromEntries(
      readFileSync(`/proc/${pid}/io`, 'utf8')
        .trim()
        .split('\n')
        .map((l): [string, string] => {
          const [key, value] = l.split(': ');
          return [key, value];
        }),
    );
    return { bytes: Number(io.wchar), calls: Number(io.syscw) };
  } catch {
    return null;
  }
}
