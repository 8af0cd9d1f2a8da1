import type { Db } from '../../src/store/shared/db.js';
import { eventually } from './eventually.js';

/**
 * Postgres: resolves once a statement of another backend waits for a lock that the transaction
 * `holder` holds, so a race test lets the holder commit only after the statement under test reached
 * that wait (a fixed 200 ms sleep lost the race on a loaded machine: the statement then ran after
 * the commit and the test saw the other outcome).
 */
export async function blockedBy(db: Db, holder: Db): Promise<void> {
  const pid = Number((await holder.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  const waiting = async () =>
    Number(
      (await db.raw('SELECT count(*) AS n FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))', [pid])).rows[0]
        .n,
    ) > 0;
  await eventually(waiting, 20_000, `a statement waiting on a lock of backend ${pid}`);
}
