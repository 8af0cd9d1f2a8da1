import type { Knex } from 'knex';
import { fromJson, readInstant, readText } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import { DELETE_BATCH_ROWS, deleteInBatches } from '../shared/batched-deletes.js';

/** Where a keyset page starts: after this (scheduled time, id). */
export interface RecordCursor {
  scheduledTime: string;
  id: string;
}

/** A scheduled call that was dialed, or ended without a dial, with its call record when there is one. */
export interface CallRecordRow {
  id: string;
  customerId: string;
  loanId: string | null;
  purpose: string;
  scheduledTime: string;
  phoneNumber: string;
  status: string;
  statusReason: string | null;
  dialedAt: string | null;
  updatedAt: string;
  flags: string[];
  call: {
    id: string;
    toPhoneNumber: string;
    state: string;
    durationMs: number | null;
    answeredBy: string | null;
    /** The key of the stored recording (the recording store's reference), or null. */
    recordingKey: string | null;
    disconnectionReason: string | null;
    flags: string[];
  } | null;
}

/** A scheduled message that was sent (or tried), or ended without a send. */
export interface MessageRecordRow {
  id: string;
  customerId: string;
  loanId: string | null;
  purpose: string;
  channel: 'sms' | 'email';
  scheduledTime: string;
  recipient: string | null;
  status: string;
  statusReason: string | null;
  sentAt: string | null;
  updatedAt: string;
  /** The template id, and the text as rendered and sent (null until sent). */
  template: string;
  subject: string | null;
  content: string | null;
}

const ENDED_UNDIALED = ['skipped', 'cancelled', 'failed'];
const ENDED_UNSENT = ['skipped', 'cancelled', 'failed'];
/** As the retention index of ended calls (migration _026) names them: the sweep's predicate must imply the index's. */
const ENDED_CALL_STATUSES = ['completed', 'failed', 'skipped', 'cancelled'];

/** After the cursor, in (scheduled time, id) order: the keyset a page reads from the company's index. */
function after<TRecord extends object, TResult>(
  q: Knex.QueryBuilder<TRecord, TResult>,
  table: string,
  cursor: RecordCursor | null,
): Knex.QueryBuilder<TRecord, TResult> {
  if (!cursor) return q;
  // The callbacks narrow their builders in place; none is a query of its own to await.
  return q.where((w) => {
    void w.where(`${table}.scheduled_time`, '>', cursor.scheduledTime).orWhere((x) => {
      void x.where(`${table}.scheduled_time`, cursor.scheduledTime).andWhere(`${table}.id`, '>', cursor.id);
    });
  });
}

/**
 * One page of a company's scheduled calls scheduled in [from, to) that were dialed or ended
 * without a dial (skipped, cancelled, failed), in (scheduled time, id) order after `cursor`.
 */
export async function pageCallRecords(
  db: Db,
  companyId: string,
  from: string,
  to: string,
  cursor: RecordCursor | null,
  limit: number,
  customerId?: string,
): Promise<CallRecordRow[]> {
  const q = db('scheduled_calls as sc')
    .leftJoin('calls as c', 'c.id', 'sc.call_id')
    .where('sc.company_id', companyId)
    .modify((w) => {
      if (customerId !== undefined) void w.andWhere('sc.customer_id', customerId);
    })
    .andWhere('sc.scheduled_time', '>=', from)
    .andWhere('sc.scheduled_time', '<', to)
    .andWhere((w) => {
      void w.whereNotNull('sc.dialed_at').orWhereIn('sc.status', ENDED_UNDIALED);
    });
  const rows = await after(q, 'sc', cursor)
    .orderBy([{ column: 'sc.scheduled_time' }, { column: 'sc.id' }])
    .limit(limit)
    .select<Array<Record<string, unknown>>>(
      'sc.id',
      'sc.customer_id',
      'sc.loan_id',
      'sc.purpose',
      'sc.scheduled_time',
      'sc.phone_number',
      'sc.status',
      'sc.status_reason',
      'sc.dialed_at',
      'sc.updated_at',
      'sc.post_processing_flags',
      'c.id as call_id',
      'c.to_phone_number',
      'c.state as call_state',
      'c.duration_ms',
      'c.answered_by',
      'c.disconnection_reason',
      'c.flags as call_flags',
      'c.recording_key',
    );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    purpose: String(r.purpose),
    scheduledTime: readInstant(r.scheduled_time)!,
    phoneNumber: String(r.phone_number),
    status: String(r.status),
    statusReason: readText(r.status_reason),
    dialedAt: readInstant(r.dialed_at),
    updatedAt: readInstant(r.updated_at)!,
    flags: fromJson<string[]>(r.post_processing_flags) ?? [],
    call:
      r.call_id == null
        ? null
        : {
            id: readText(r.call_id)!,
            toPhoneNumber: String(r.to_phone_number),
            state: String(r.call_state),
            durationMs: r.duration_ms == null ? null : Number(r.duration_ms),
            answeredBy: readText(r.answered_by),
            disconnectionReason: readText(r.disconnection_reason),
            recordingKey: readText(r.recording_key),
            flags: fromJson<string[]>(r.call_flags) ?? [],
          },
  }));
}

/**
 * One page of a company's scheduled messages scheduled in [from, to) that were sent (or tried) or
 * ended unsent, in (scheduled time, id) order after `cursor`.
 */
export async function pageMessageRecords(
  db: Db,
  companyId: string,
  from: string,
  to: string,
  cursor: RecordCursor | null,
  limit: number,
  customerId?: string,
): Promise<MessageRecordRow[]> {
  const q = db<Record<string, unknown>>('scheduled_messages as sm')
    .where('sm.company_id', companyId)
    .modify((w) => {
      if (customerId !== undefined) void w.andWhere('sm.customer_id', customerId);
    })
    .andWhere('sm.scheduled_time', '>=', from)
    .andWhere('sm.scheduled_time', '<', to)
    .andWhere((w) => {
      void w.whereNotNull('sm.sent_at').orWhereIn('sm.status', ENDED_UNSENT);
    });
  const rows = await after(q, 'sm', cursor)
    .orderBy([{ column: 'sm.scheduled_time' }, { column: 'sm.id' }])
    .limit(limit)
    .select<Array<Record<string, unknown>>>(
      'sm.id',
      'sm.customer_id',
      'sm.loan_id',
      'sm.purpose',
      'sm.channel',
      'sm.scheduled_time',
      'sm.recipient',
      'sm.status',
      'sm.status_reason',
      'sm.sent_at',
      'sm.updated_at',
      'sm.template',
      'sm.subject',
      'sm.content',
    );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    purpose: String(r.purpose),
    channel: r.channel as 'sms' | 'email',
    scheduledTime: readInstant(r.scheduled_time)!,
    recipient: readText(r.recipient),
    status: String(r.status),
    statusReason: readText(r.status_reason),
    sentAt: readInstant(r.sent_at),
    updatedAt: readInstant(r.updated_at)!,
    template: String(r.template),
    subject: readText(r.subject),
    content: readText(r.content),
  }));
}

/**
 * 12 CFR 1006.100(a): records are kept until three years after the last collection activity on the
 * debt. A contact record may go only when its debt has had no activity since `before`: no scheduled
 * call or message of the same customer and loan changed, and no contact the lender reported
 * (outside_contact_attempts) took place, from `before` on. A row without a loan belongs to every debt
 * of the customer, and a debt's row with no loan keeps all of them (the stricter reading).
 */
const QUIET_DEBT = (t: string) => `
  NOT EXISTS (SELECT 1 FROM scheduled_calls a WHERE a.company_id = ${t}.company_id AND a.customer_id = ${t}.customer_id
    AND (a.loan_id = ${t}.loan_id OR a.loan_id IS NULL OR ${t}.loan_id IS NULL) AND a.updated_at >= ?)
  AND NOT EXISTS (SELECT 1 FROM scheduled_messages m WHERE m.company_id = ${t}.company_id AND m.customer_id = ${t}.customer_id
    AND (m.loan_id = ${t}.loan_id OR m.loan_id IS NULL OR ${t}.loan_id IS NULL) AND m.updated_at >= ?)
  AND NOT EXISTS (SELECT 1 FROM outside_contact_attempts o WHERE o.company_id = ${t}.company_id AND o.customer_id = ${t}.customer_id
    AND (o.loan_id = ${t}.loan_id OR o.loan_id IS NULL OR ${t}.loan_id IS NULL) AND o.occurred_at >= ?)`;

/**
 * Contact decisions taken before `before` whose call or message is gone (it went with its debt's
 * clock, below), in short batches: a decision is kept as long as the contact it explains.
 */
export async function deleteContactDecisionsBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(db, 'contact_decisions', 'id', (q) =>
    q
      .where('decided_at', '<', before)
      .whereRaw('NOT EXISTS (SELECT 1 FROM scheduled_calls s WHERE s.id = contact_decisions.subject_id)')
      .whereRaw('NOT EXISTS (SELECT 1 FROM scheduled_messages s WHERE s.id = contact_decisions.subject_id)')
      .orderBy('decided_at'),
  );
}

/** Scheduled messages that ended (sent or not) before `before` on a debt quiet since then, in short batches. */
export async function deleteEndedMessagesBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(db, 'scheduled_messages', 'id', (q) =>
    q
      .whereNotIn('status', ['pending', 'sending'])
      .where('updated_at', '<', before)
      .whereRaw(QUIET_DEBT('scheduled_messages'), [before, before, before])
      .orderBy('updated_at'),
  );
}

/** Contacts the lender reported before `before` on a debt quiet since then, in short batches. */
export async function deleteOutsideContactsBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(db, 'outside_contact_attempts', 'id', (q) =>
    q
      .where('occurred_at', '<', before)
      .whereRaw(QUIET_DEBT('outside_contact_attempts'), [before, before, before])
      .orderBy('occurred_at'),
  );
}

/**
 * Scheduled calls that ended before `before` on a debt quiet since then (QUIET_DEBT), with their
 * call records and events (cascade), in short batches; a call whose recording is stored keeps its
 * rows (the recording store owns its lifecycle).
 * A batch is a quarter of the others': each scheduled call takes its call and two or three events
 * with it, and batches of 1,000 took up to 996.7 ms on the volume data set (bench/results.md).
 * The recording is looked up per candidate through the unique (scheduled_call_id) index: written as
 * NOT EXISTS, Postgres planned an anti-join that scanned every call once per batch (1.4 s of a
 * 1.6 s batch on the volume data set).
 */
export async function deleteEndedCallsBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(
    db,
    'scheduled_calls',
    'id',
    (q) =>
      q
        .whereIn('status', ENDED_CALL_STATUSES)
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .whereRaw('(SELECT calls.recording_key FROM calls WHERE calls.scheduled_call_id = scheduled_calls.id) IS NULL')
        .whereRaw(QUIET_DEBT('scheduled_calls'), [before, before, before]),
    ENDED_CALL_BATCH_ROWS,
  );
}

/** Scheduled calls one retention statement deletes at most (with their calls and events). */
export const ENDED_CALL_BATCH_ROWS = DELETE_BATCH_ROWS / 4;
