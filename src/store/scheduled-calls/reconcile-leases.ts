import { readInstant } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';
import { callFromRow, type ScheduledCallRow } from './scheduled-calls.js';

/** A call in `dialing` the reconciliation sweep took: the row, and when it was claimed (business clock). */
export interface StaleDialingCall {
  call: ScheduledCallRow;
  claimedAt: string;
}

export interface StalePick {
  /** Business clock: calls placed (or, never placed, claimed) before this instant are stale. */
  staleBefore: string;
  /** Wall clock: leases that ran out before this instant are free. */
  wallNow: string;
  leaseUntil: string;
  batch: number;
}

/**
 * The sweep's pick, ONE statement: takes a short wall-clock reconcile lease on up to `batch` calls
 * still in `dialing` since before `staleBefore` (their dial time, else their claim time) that no
 * other sweep holds, oldest first. On Postgres the rows are taken FOR UPDATE SKIP LOCKED, so
 * concurrent sweeps in several processes never take the same call; SQLite has one writer.
 */
export async function leaseStaleDialingCalls(db: Db, pick: StalePick): Promise<StaleDialingCall[]> {
  // pg wraps the rows in a result object, better-sqlite3 returns them bare.
  const result = await db.raw<Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> }>(
    dialectOf(db) === 'pg' ? PG_PICK : SQLITE_PICK,
    { ...pick },
  );
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => ({ call: callFromRow(r), claimedAt: readInstant(r.claimed_at)! }));
}

// dialed_at is never before claimed_at, so `claimed_at <= :staleBefore` narrows the partial index range first.
const STALE = `status = 'dialing' AND claimed_at <= :staleBefore AND COALESCE(dialed_at, claimed_at) <= :staleBefore
  AND (reconcile_lease_until IS NULL OR reconcile_lease_until < :wallNow)`;

const PG_PICK = `
WITH stale AS (
  SELECT id FROM scheduled_calls WHERE ${STALE}
  ORDER BY COALESCE(dialed_at, claimed_at), id
  LIMIT :batch
  FOR UPDATE SKIP LOCKED
)
UPDATE scheduled_calls sc SET reconcile_lease_until = :leaseUntil
FROM stale WHERE sc.id = stale.id
RETURNING sc.*`;

const SQLITE_PICK = `
UPDATE scheduled_calls SET reconcile_lease_until = :leaseUntil
WHERE id IN (SELECT id FROM scheduled_calls WHERE ${STALE} ORDER BY COALESCE(dialed_at, claimed_at), id LIMIT :batch)
RETURNING *`;

/**
 * A placed call that will bring no result ends `failed` (the provider reported an error, does not
 * know the call, or produced nothing by the deadline). Only while it is still that provider call
 * in `dialing`: a result that landed meanwhile wins.
 */
export async function failPlacedCall(
  db: Db,
  companyId: string,
  id: string,
  providerCallId: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'dialing', provider_call_id: providerCallId })
    .update({ status: 'failed', status_reason: reason, reconcile_lease_until: null, updated_at: at });
  return n > 0;
}

/**
 * A claimed call never placed whose dial message is gone goes back to pending, due `at`, with the
 * reason: ONE statement, and only while no dial attempt holds an unexpired dial lease (wall clock),
 * so an attempt in progress is never pulled from under its worker. The dispatcher claims it again;
 * dial_attempts is kept, so after an earlier attempt the next one asks the provider before dialing.
 */
export async function requeueLostDial(
  db: Db,
  companyId: string,
  id: string,
  wallNow: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'dialing' })
    .whereNull('provider_call_id')
    .andWhere((q) => {
      q.whereNull('dial_lease_until').orWhere('dial_lease_until', '<', wallNow);
    })
    .update({
      status: 'pending',
      scheduled_time: at,
      status_reason: reason,
      claimed_at: null,
      dial_lease_until: null,
      reconcile_lease_until: null,
      updated_at: at,
    });
  return n > 0;
}

/** Gives a call back to the next pass at once (a dial attempt was in progress: it is settled by then). */
export async function releaseReconcileLease(db: Db, companyId: string, id: string): Promise<void> {
  await db('scheduled_calls').where({ company_id: companyId, id }).update({ reconcile_lease_until: null });
}

/**
 * Says on calls the sweep completed that their result was read from the provider, not called back:
 * one statement per distinct note (the sweep has two), none when there are no notes.
 */
export async function noteReconciledCompletions(
  db: Db,
  notes: ReadonlyArray<{ companyId: string; id: string; reason: string }>,
): Promise<void> {
  const byReason = new Map<string, Array<[string, string]>>();
  for (const n of notes) byReason.set(n.reason, [...(byReason.get(n.reason) ?? []), [n.companyId, n.id]]);
  for (const [reason, keys] of byReason) {
    await db('scheduled_calls')
      .whereIn(['company_id', 'id'], keys)
      .where({ status: 'completed' })
      .update({ status_reason: reason });
  }
}
