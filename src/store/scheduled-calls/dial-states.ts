import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';
import { callFromRow, type ScheduledCallRow } from './scheduled-calls.js';

/**
 * A claimed call's way through dialing (docs/architecture/decisions/at-most-one-dial.md): the dial
 * guard's lease, the provider's call recorded once, and the end of the attempt. The claim itself is
 * src/store/calls/call-dispatch.ts (it reads each company's concurrency).
 */

/**
 * The dial guard, ONE statement for a batch of claimed calls: takes the right to send the create
 * request for each call that is dialing, has no provider call yet and no unexpired lease, and counts
 * the attempt. Only the calls returned are this worker's to dial. A returned row's `dialAttempts` > 1
 * means an earlier holder may have sent the request: ask the provider first, among its calls since
 * `first_dial_lease_at` (set by the first lease, kept after; unknown for a call leased before the
 * column existed). Leases are wall-clock (worker
 * liveness), not the business clock.
 */
export async function takeDialLeases(
  db: Db,
  calls: ReadonlyArray<{ companyId: string; id: string }>,
  wallNow: string,
  leaseUntil: string,
): Promise<ScheduledCallRow[]> {
  if (!calls.length) return [];
  const instant = dialectOf(db) === 'pg' ? 'CAST(? AS timestamptz)' : '?';
  const rows = await db('scheduled_calls')
    .whereIn(
      ['company_id', 'id'],
      calls.map((c) => [c.companyId, c.id]),
    )
    .where({ status: 'dialing' })
    .whereNull('provider_call_id')
    .andWhere((q) => {
      q.whereNull('dial_lease_until').orWhere('dial_lease_until', '<', wallNow);
    })
    .update({
      dial_attempts: db.raw('dial_attempts + 1'),
      dial_lease_until: leaseUntil,
      first_dial_lease_at: db.raw(`COALESCE(first_dial_lease_at, CASE WHEN dial_attempts = 0 THEN ${instant} END)`, [
        wallNow,
      ]),
    })
    .returning('*');
  return rows.map(callFromRow);
}

/** Gives the lease back after a failed attempt so the retry can take it at once. */
export async function releaseDialLease(db: Db, companyId: string, id: string): Promise<void> {
  await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'dialing' })
    .whereNull('provider_call_id')
    .update({ dial_lease_until: null });
}

/**
 * Records the provider's calls on their scheduled calls in ONE statement (a dial batch's answers),
 * once: each call still dialing without a provider call takes its own values; the others (an early
 * callback recorded it first) are left as they are.
 */
export async function setProviderCalls(
  db: Db,
  calls: ReadonlyArray<{
    companyId: string;
    id: string;
    provider: string;
    providerCallId: string;
    callId: string;
    dialedAt: string;
  }>,
  at: string,
): Promise<number> {
  if (!calls.length) return 0;
  const instant = dialectOf(db) === 'pg' ? '?::timestamptz' : '?';
  const byId = (column: 'provider' | 'providerCallId' | 'callId' | 'dialedAt') =>
    db.raw(
      `CASE id ${calls.map(() => `WHEN ? THEN ${column === 'dialedAt' ? instant : '?'}`).join(' ')} END`,
      calls.flatMap((c) => [c.id, c[column]]),
    );
  return db('scheduled_calls')
    .whereIn(
      ['company_id', 'id'],
      calls.map((c) => [c.companyId, c.id]),
    )
    .where({ status: 'dialing' })
    .whereNull('provider_call_id')
    .update({
      provider: byId('provider'),
      provider_call_id: byId('providerCallId'),
      call_id: byId('callId'),
      dialed_at: byId('dialedAt'),
      dial_lease_until: null,
      updated_at: at,
    });
}

/** A claimed call goes back to pending at a later allowed time (dial-time check), with the reason. */
export async function rescheduleClaimedCall(
  db: Db,
  companyId: string,
  id: string,
  time: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'dialing' })
    .whereNull('provider_call_id')
    .update({
      status: 'pending',
      scheduled_time: time,
      status_reason: reason,
      dial_lease_until: null,
      claimed_at: null,
      updated_at: at,
    });
  return n > 0;
}

/** The stored reason of a call held for consent starts with this (call-reasons.ts `holdReason` reads it). */
export const HELD_PREFIX = 'Held at dial time: ';

/**
 * A claimed call waiting for the consent its purpose needs goes back to pending, to be looked at
 * again at `recheck`, with the reason stored (the `hold` a scheduled call shows).
 */
export async function holdClaimedCall(
  db: Db,
  companyId: string,
  id: string,
  recheck: string,
  reason: string,
  at: string,
): Promise<boolean> {
  return rescheduleClaimedCall(db, companyId, id, recheck, reason, at);
}

/**
 * Consent arrived (recorded for the customer, or the company's attestation): every pending call of
 * theirs held for consent is due again now, so the dial-time check plans it as usual (moves it to
 * the next allowed time, or places it). `customerIds` null: every held call of the company.
 * Answers how many were released.
 */
export async function releaseHeldCalls(
  db: Db,
  companyId: string,
  customerIds: readonly string[] | null,
  at: string,
): Promise<number> {
  let q = db('scheduled_calls')
    .where({ company_id: companyId, status: 'pending' })
    .where('status_reason', 'like', `${HELD_PREFIX}%`);
  if (customerIds) q = q.whereIn('customer_id', [...customerIds]);
  return q.update({ scheduled_time: at, status_reason: 'Released: consent recorded', updated_at: at });
}

/** A claimed call that will not be placed ends as skipped (not allowed) or failed (the provider refused it). */
export async function endClaimedCall(
  db: Db,
  companyId: string,
  id: string,
  status: 'skipped' | 'failed',
  reason: string,
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'dialing' })
    .whereNull('provider_call_id')
    .update({ status, status_reason: reason, dial_lease_until: null, updated_at: at });
  return n > 0;
}

/**
 * The placed calls are over and analyzed: dialing → completed with each call's flags. A placed call
 * the reconciliation sweep gave up on (failed, with a provider call) completes too when its real
 * result arrives after all: the outcome's effects (a Do Not Call request above all) must still apply.
 * ONE statement on Postgres (one per call on SQLite, in-process). Returns the ids that moved.
 */
export async function completeScheduledCalls(
  db: Db,
  calls: ReadonlyArray<{ companyId: string; id: string; flags: string[] }>,
  at: string,
): Promise<Set<string>> {
  if (!calls.length) return new Set();
  if (dialectOf(db) !== 'pg') {
    const moved = new Set<string>();
    for (const c of calls) {
      const n = await db('scheduled_calls')
        .where({ company_id: c.companyId, id: c.id })
        .andWhere((q) => {
          q.where('status', 'dialing').orWhere((failed) => {
            failed.where('status', 'failed').whereNotNull('provider_call_id');
          });
        })
        .update({
          status: 'completed',
          post_processing_flags: JSON.stringify(c.flags),
          dial_lease_until: null,
          updated_at: at,
        });
      if (n > 0) moved.add(c.id);
    }
    return moved;
  }
  const json = JSON.stringify(calls.map((c) => ({ company_id: c.companyId, id: c.id, flags: c.flags })));
  const result = await db.raw<{ rows: Array<{ id: string }> }>(PG_COMPLETE, { json, at });
  return new Set(result.rows.map((r) => String(r.id)));
}

const PG_COMPLETE = `
UPDATE scheduled_calls sc SET status = 'completed', post_processing_flags = v.flags, dial_lease_until = NULL, updated_at = CAST(:at AS timestamptz)
FROM json_to_recordset(CAST(:json AS json)) AS v(company_id text, id text, flags jsonb)
WHERE sc.company_id = v.company_id AND sc.id = v.id AND (sc.status = 'dialing' OR (sc.status = 'failed' AND sc.provider_call_id IS NOT NULL))
RETURNING sc.id`;

/**
 * Placed calls the provider ended without dialing (its account had no room, or cannot place calls)
 * go back to pending, due at `time`, with the reason: the provider call and its record are let go
 * (the next dial places and records a new one), dial_attempts is kept (the next attempt asks the
 * provider first, which does not count such a call as one). Only while still dialing with that
 * provider call. Returns the ids that moved.
 */
export async function requeueNeverDialedCalls(
  db: Db,
  calls: ReadonlyArray<{ companyId: string; id: string; providerCallId: string; time: string; reason: string }>,
  at: string,
): Promise<Set<string>> {
  const moved = new Set<string>();
  for (const c of calls) {
    const n = await db('scheduled_calls')
      .where({ company_id: c.companyId, id: c.id, status: 'dialing', provider_call_id: c.providerCallId })
      .update({
        status: 'pending',
        scheduled_time: c.time,
        status_reason: c.reason,
        provider: null,
        provider_call_id: null,
        call_id: null,
        dialed_at: null,
        claimed_at: null,
        dial_lease_until: null,
        reconcile_lease_until: null,
        updated_at: at,
      });
    if (n > 0) moved.add(c.id);
  }
  return moved;
}
