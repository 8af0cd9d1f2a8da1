import type { Db } from '../shared/db.js';
import { keysetAt, keysetPage, whereAfter, type KeysetAfter, type KeysetPage } from '../shared/keyset.js';
import { toJson } from '../shared/columns.js';
import {
  type NewScheduledCall,
  type ScheduledCallRow,
  type ScheduledCallStatus,
  callFromRow,
  scheduledCallInsertRow,
} from './rows.js';

export { type NewScheduledCall, type ScheduledCallRow, type ScheduledCallStatus, callFromRow, scheduledCallInsertRow };

/**
 * The scheduled call, one owner for its table (docs/architecture/decisions/table-owners.md): its row,
 * its inserts, reads and every change of its status but the dial claim (src/store/calls/) — planning
 * writes calls and cancels them, dialing moves them (dial-states.ts), the sweep settles them
 * (reconcile-leases.ts), all through here.
 */

export async function insertScheduledCalls(
  db: Db,
  companyId: string,
  calls: NewScheduledCall[],
  at: string,
): Promise<void> {
  if (calls.length === 0) return;
  await db('scheduled_calls').insert(calls.map((c) => scheduledCallInsertRow(companyId, c, at)));
}

/** Attempts that count toward frequency caps: every call not cancelled or skipped, from `since` on (including future pending ones). */
export async function listContactHistory(
  db: Db,
  companyId: string,
  customerId: string,
  since: string,
): Promise<ScheduledCallRow[]> {
  const rows = await db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId })
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('scheduled_time', '>=', since)
    .orderBy('scheduled_time');
  return rows.map(callFromRow);
}

/** listContactHistory for several customers in one read. */
export async function listContactHistoryOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
  since: string,
): Promise<ScheduledCallRow[]> {
  if (!keys.length) return [];
  const rows = await db('scheduled_calls')
    .whereIn(
      ['company_id', 'customer_id'],
      keys.map((k) => [k.companyId, k.customerId]),
    )
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('scheduled_time', '>=', since)
    .orderBy('scheduled_time');
  return rows.map(callFromRow);
}

/** By scheduled time, from `offset` or after a keyset position (index scheduled_calls_customer_keyset). */
export async function listScheduledCalls(
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
  offset: number,
  after?: KeysetAfter,
): Promise<KeysetPage<ScheduledCallRow>> {
  const q = db('scheduled_calls')
    .select('*', keysetAt(db, 'scheduled_time'))
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }, { column: 'id' }])
    .limit(limit + 1)
    .offset(offset);
  // whereAfter hands back an untyped builder; the rows are `scheduled_calls` rows plus keyset_at.
  const rows = (await whereAfter(db, q, 'scheduled_time', ['step_index', 'id'], 'asc', after)) as Array<
    Record<string, unknown>
  >;
  return keysetPage(rows, limit, ['step_index', 'id'], callFromRow);
}

export async function getScheduledCall(db: Db, companyId: string, id: string): Promise<ScheduledCallRow | null> {
  const r = await db<Record<string, unknown>>('scheduled_calls').where({ company_id: companyId, id }).first();
  return r ? callFromRow(r) : null;
}

/** Ids of the customer's pending calls (read before cancelling them, to report each change). */
export async function pendingCallIds(db: Db, companyId: string, customerId: string): Promise<string[]> {
  return (
    await db<{ id: string; company_id: string; customer_id: string; status: string }>('scheduled_calls')
      .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
      .select('id')
  ).map((r) => String(r.id));
}

/** Cancels every pending call of the customer, whatever its schedule (a contact restriction stops all outreach). */
export async function cancelPendingCalls(
  db: Db,
  companyId: string,
  customerId: string,
  at: string,
  reason: string,
): Promise<number> {
  return db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
}

/** Records the outcome of an executed call (used by call dispatch, and by tests to build history). */
export async function recordCallOutcome(
  db: Db,
  companyId: string,
  id: string,
  outcome: { status: ScheduledCallStatus; callId?: string | null; flags?: string[] },
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id })
    .update({
      status: outcome.status,
      call_id: outcome.callId ?? null,
      post_processing_flags: toJson(outcome.flags ?? []),
      updated_at: at,
    });
  return n > 0;
}

/** Pending calls of a customer in time order (effects re-check them). */
export async function listPendingCalls(db: Db, companyId: string, customerId: string): Promise<ScheduledCallRow[]> {
  const rows = await db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
    .orderBy('scheduled_time');
  return rows.map(callFromRow);
}

/** listPendingCalls for several customers in one read, keyed `companyId/customerId` (every key present). */
export async function listPendingCallsOfCustomers(
  db: Db,
  customers: ReadonlyArray<{ companyId: string; customerId: string }>,
): Promise<Map<string, ScheduledCallRow[]>> {
  const byCustomer = new Map<string, ScheduledCallRow[]>(customers.map((c) => [`${c.companyId}/${c.customerId}`, []]));
  if (customers.length === 0) return byCustomer;
  const rows = await db<Record<string, unknown>>('scheduled_calls')
    .whereIn(
      ['company_id', 'customer_id'],
      customers.map((c) => [c.companyId, c.customerId]),
    )
    .where('status', 'pending')
    .orderBy('scheduled_time');
  for (const r of rows) {
    const call = callFromRow(r);
    byCustomer.get(`${call.companyId}/${call.customerId}`)!.push(call);
  }
  return byCustomer;
}

/** Moves or re-numbers a pending call (an outcome changed what is allowed). */
export async function updatePendingCall(
  db: Db,
  companyId: string,
  id: string,
  change: { scheduledTime?: string; phoneNumber?: string; status?: 'cancelled' | 'skipped'; reason: string },
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id, status: 'pending' })
    .update({
      ...(change.scheduledTime ? { scheduled_time: change.scheduledTime } : {}),
      ...(change.phoneNumber ? { phone_number: change.phoneNumber } : {}),
      ...(change.status ? { status: change.status } : {}),
      status_reason: change.reason,
      updated_at: at,
    });
  return n > 0;
}

/** The calls of a schedule in time order. */
export async function listCallsOfSchedule(db: Db, companyId: string, scheduleId: string): Promise<ScheduledCallRow[]> {
  const rows = await db('scheduled_calls')
    .where({ company_id: companyId, schedule_id: scheduleId })
    .orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }]);
  return rows.map(callFromRow);
}

/**
 * Cancels the pending calls of these schedules with `reason` (calls in progress or done are left as
 * they are); returns the ids cancelled. `customerId` narrows to one customer's calls.
 */
export async function cancelPendingCallsOfSchedules(
  db: Db,
  companyId: string,
  scheduleIds: readonly string[],
  at: string,
  reason: string,
  customerId?: string,
): Promise<string[]> {
  if (scheduleIds.length === 0) return [];
  const cancelled: Array<{ id: unknown }> = await db('scheduled_calls')
    .where({ company_id: companyId, status: 'pending', ...(customerId ? { customer_id: customerId } : {}) })
    .whereIn('schedule_id', scheduleIds)
    .update({ status: 'cancelled', status_reason: reason, updated_at: at })
    .returning('id');
  return cancelled.map((c) => String(c.id));
}
