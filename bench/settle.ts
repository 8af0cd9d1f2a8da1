/**
 * Waits until the machine is quiet before a benchmark: what the one before it left running
 * (Postgres's autovacuum and checkpoints after bulk writes, processes exiting) would otherwise be
 * measured as this one's cost. Quiet: at least 90% of all cores idle over each of two consecutive
 * seconds (Linux /proc/stat), for at most `maxSeconds`. Elsewhere it returns at once.
 */
import fs from 'node:fs';

function cpuTimes(): { idle: number; total: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Seconds waited, and the idle share of the last second. */
export async function settle(maxSeconds = 90): Promise<{ waited: number; idle: number }> {
  let quietSeconds = 0;
  let idle = 1;
  const started = Date.now();
  while (quietSeconds < 2 && Date.now() - started < maxSeconds * 1000) {
    const a = cpuTimes();
    await new Promise((r) => setTimeout(r, 1000));
    const b = cpuTimes();
    if (!a || !b) break;
    idle = (b.idle - a.idle) / Math.max(1, b.total - a.total);
    quietSeconds = idle >= 0.9 ? quietSeconds + 1 : 0;
  }
  return { waited: Math.round((Date.now() - started) / 1000), idle };
}
