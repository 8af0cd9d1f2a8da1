import { type Db, dialectOf } from '../shared/db.js';
import type { FirstRunOutcome } from '../shared/idempotency.js';
import type { EnrollmentRun } from './new-enrollments.js';
import { storeFirstRunsOnPostgres } from './pg-enrollments.js';
import { storeFirstRunsOnSqlite } from './sqlite-enrollments.js';
import { isUniqueViolation } from '../shared/db-errors.js';
import { perTurnBatches } from '../shared/turn-batches.js';

/**
 * The first runs of concurrent idempotent enrollments (any companies) of one turn of the event loop
 * (turn-batches.ts says why) in ONE statement and one commit on Postgres (pg-enrollments.ts), in
 * one transaction of prepared statements on SQLite (sqlite-enrollments.ts), each with the outcome it
 * would have had alone, in the order the requests came:
 * - every request is counted in its company's rate window: a company's requests of one turn add
 *   their number at once and each gets the count it would have seen (its rank after the count before);
 * - a request within its limit whose key was never used and whose customer is new stores its
 *   customer, application, cadence, schedule, calls and completed record; any other only counts.
 * A customer id or key that an earlier request of the turn also carries is left to a later statement,
 * so it sees that request's rows, as one after the other. When the statement fails (a key stored by
 * another process meanwhile, a row the database refuses), each request is run alone, so only its own
 * outcome changes: `committed: false` for a key stored meanwhile, its error for a refused row.
 * On Postgres rows are inserted in key order (rate windows, customers, records), so two such
 * statements running at once wait on each other in one order and cannot deadlock.
 */
export const insertEnrollmentsOnce = perTurnBatches<EnrollmentRun, FirstRunOutcome>(async (db, runs) => {
  const outcomes: Array<FirstRunOutcome | Error | undefined> = new Array<FirstRunOutcome | Error | undefined>(
    runs.length,
  );
  let pending = runs.map((run, index) => ({ run, index }));
  while (pending.length > 0) {
    const { first, later } = firstOccurrences(pending);
    const settled = await settle(
      db,
      first.map((p) => p.run),
    );
    first.forEach((p, i) => (outcomes[p.index] = settled[i]));
    pending = later;
  }
  return outcomes as Array<FirstRunOutcome | Error>;
}, 100);

type Pending = { run: EnrollmentRun; index: number };

/** The requests whose customer and key no earlier request of the list carries, and the rest. */
function firstOccurrences(pending: Pending[]): { first: Pending[]; later: Pending[] } {
  const seen = new Set<string>();
  const first: Pending[] = [];
  const later: Pending[] = [];
  for (const p of pending) {
    const { companyId, customerId, run } = p.run;
    const ids = [`c\u0000${companyId}\u0000${customerId}`, `k\u0000${companyId}\u0000${run.key}`];
    if (ids.some((id) => seen.has(id))) later.push(p);
    else first.push(p);
    for (const id of ids) seen.add(id);
  }
  return { first, later };
}

async function settle(db: Db, runs: EnrollmentRun[]): Promise<Array<FirstRunOutcome | Error>> {
  const store = (some: EnrollmentRun[]) =>
    dialectOf(db) === 'sqlite' ? storeFirstRunsOnSqlite(db, some) : storeFirstRunsOnPostgres(db, some);
  try {
    return await store(runs);
  } catch (err) {
    if (runs.length === 1) return [outcomeOfFailure(err)];
    return Promise.all(runs.map((run) => store([run]).then((r) => r[0], outcomeOfFailure)));
  }
}

/** A key stored by a concurrent request fails the record's insert (primary key): nothing was written. */
function outcomeOfFailure(err: unknown): FirstRunOutcome | Error {
  return isUniqueViolation(err) ? { committed: false } : (err as Error);
}
