import type { Db } from '../shared/db.js';
import { keysetAt, keysetPage, whereAfter, type KeysetAfter, type KeysetPage } from '../shared/keyset.js';
import { fromJson, readInstant, readText, toBool, toJson } from '../shared/columns.js';

export type MessageChannel = 'email' | 'sms';
export type MessageStatus =
  'pending' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'bounced' | 'cancelled' | 'skipped';

/** Mirrors `scheduled_messages`, camel-cased. */
export interface MessageRow {
  id: string;
  companyId: string;
  customerId: string;
  scheduleId: string;
  loanId: string | null;
  taskType: string;
  purpose: string;
  channel: MessageChannel;
  step: string;
  stepIndex: number;
  template: string;
  scheduledTime: string;
  status: MessageStatus;
  recipient: string | null;
  subject: string | null;
  content: string | null;
  sandbox: boolean | null;
  providerMessageId: string | null;
  statusReason: string | null;
  explanation: unknown;
  sentAt: string | null;
  createdAt: string;
}

export type NewMessage = Pick<
  MessageRow,
  | 'id'
  | 'customerId'
  | 'scheduleId'
  | 'loanId'
  | 'taskType'
  | 'purpose'
  | 'channel'
  | 'step'
  | 'stepIndex'
  | 'template'
  | 'scheduledTime'
  | 'explanation'
>;

function messageFromRow(r: Record<string, unknown>): MessageRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    scheduleId: String(r.schedule_id),
    loanId: readText(r.loan_id),
    taskType: String(r.task_type),
    purpose: String(r.purpose),
    channel: r.channel as MessageChannel,
    step: String(r.step),
    stepIndex: Number(r.step_index),
    template: String(r.template),
    scheduledTime: readInstant(r.scheduled_time)!,
    status: r.status as MessageStatus,
    recipient: readText(r.recipient),
    subject: readText(r.subject),
    content: readText(r.content),
    sandbox: r.sandbox === null || r.sandbox === undefined ? null : toBool(r.sandbox),
    providerMessageId: readText(r.provider_message_id),
    statusReason: readText(r.status_reason),
    explanation: fromJson(r.explanation),
    sentAt: readInstant(r.sent_at),
    createdAt: readInstant(r.created_at)!,
  };
}

export async function insertMessages(db: Db, companyId: string, rows: NewMessage[], at: string): Promise<void> {
  if (rows.length === 0) return;
  await db('scheduled_messages').insert(
    rows.map((m) => ({
      id: m.id,
      company_id: companyId,
      customer_id: m.customerId,
      schedule_id: m.scheduleId,
      loan_id: m.loanId,
      task_type: m.taskType,
      purpose: m.purpose,
      channel: m.channel,
      step: m.step,
      step_index: m.stepIndex,
      template: m.template,
      scheduled_time: m.scheduledTime,
      status: 'pending',
      explanation: toJson(m.explanation),
      created_at: at,
      updated_at: at,
    })),
  );
}

/**
 * Cancels pending messages of the customer (all channels, or those given); `sending` ones are past
 * the point of no return and are left alone. Returns how many were cancelled.
 */
export async function cancelPendingMessages(
  db: Db,
  companyId: string,
  customerId: string,
  at: string,
  filter: { channels?: MessageChannel[]; scheduleIds?: string[]; reason?: string } = {},
): Promise<number> {
  let q = db('scheduled_messages').where({ company_id: companyId, customer_id: customerId, status: 'pending' });
  if (filter.channels) q = q.whereIn('channel', filter.channels);
  if (filter.scheduleIds) q = q.whereIn('schedule_id', filter.scheduleIds);
  return q.update({ status: 'cancelled', status_reason: filter.reason ?? null, updated_at: at });
}

/** Cancels one message if it is still pending (a promise's reminder once the promise is kept). */
export async function cancelPendingMessage(
  db: Db,
  companyId: string,
  id: string,
  at: string,
  reason: string,
): Promise<boolean> {
  const n = await db('scheduled_messages')
    .where({ company_id: companyId, id, status: 'pending' })
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
  return n > 0;
}

/**
 * Claims due messages for sending in ONE statement: oldest first, at most `perCompany` per company
 * per round so one company's backlog cannot starve another. The claim (status `sending`) commits
 * before any provider is called; on Postgres a row two workers both pick is updated by one of them
 * only (the second re-checks `status = 'pending'` after the first commits and skips it).
 */
export async function claimDueMessages(db: Db, now: string, limit: number, perCompany: number): Promise<MessageRow[]> {
  const sql = `UPDATE scheduled_messages SET status = 'sending', claimed_at = ?, updated_at = ?
    WHERE status = 'pending' AND id IN (
      SELECT id FROM (
        SELECT id, scheduled_time, ROW_NUMBER() OVER (PARTITION BY company_id ORDER BY scheduled_time, id) AS rn
        FROM scheduled_messages WHERE status = 'pending' AND scheduled_time <= ?
      ) due WHERE rn <= ? ORDER BY rn, scheduled_time LIMIT ?
    ) RETURNING *`;
  // pg wraps the rows in a result object, better-sqlite3 returns them bare.
  const result = await db.raw<Record<string, unknown>[] | { rows: Record<string, unknown>[] }>(sql, [
    now,
    now,
    now,
    perCompany,
    limit,
  ]);
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map(messageFromRow).sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
}

/** Messages claimed before `before` whose sender never reported back (the process died mid-send). */
export async function failStaleSending(db: Db, before: string, at: string): Promise<number> {
  return db('scheduled_messages').where({ status: 'sending' }).andWhere('claimed_at', '<', before).update({
    status: 'failed',
    status_reason: 'interrupted: the sender stopped before the provider answered; not resent, to never send twice',
    updated_at: at,
  });
}

/** A claimed message is not sent now: back to pending at a later time, or skipped/cancelled for good, with the reason. */
export async function releaseMessage(
  db: Db,
  companyId: string,
  id: string,
  outcome: {
    status: 'pending' | 'skipped' | 'cancelled';
    scheduledTime?: string;
    reason: string;
    explanation?: unknown;
  },
  at: string,
): Promise<void> {
  await db('scheduled_messages')
    .where({ company_id: companyId, id, status: 'sending' })
    .update({
      status: outcome.status,
      status_reason: outcome.reason,
      updated_at: at,
      claimed_at: null,
      ...(outcome.scheduledTime ? { scheduled_time: outcome.scheduledTime } : {}),
      ...(outcome.explanation !== undefined ? { explanation: toJson(outcome.explanation) } : {}),
    });
}

/** The reason a message waiting for consent carries (message-dispatch.ts), and what releases it. */
export const MESSAGE_HELD_PREFIX = 'consent-required: ';

/**
 * Consent was recorded for the customer: their pending messages held for consent are due again
 * now, so the send-time check decides each as usual. Answers how many were released.
 */
export async function releaseHeldMessages(
  db: Db,
  companyId: string,
  customerIds: readonly string[],
  at: string,
): Promise<number> {
  return db('scheduled_messages')
    .where({ company_id: companyId, status: 'pending' })
    .whereIn('customer_id', [...customerIds])
    .where('status_reason', 'like', `${MESSAGE_HELD_PREFIX}%`)
    .update({ scheduled_time: at, status_reason: 'Released: consent recorded', updated_at: at });
}

/** Records what was handed to the provider (or what it refused). */
export async function recordSend(
  db: Db,
  companyId: string,
  id: string,
  sent: {
    status: 'sent' | 'failed' | 'bounced';
    recipient: string;
    subject: string | null;
    content: string;
    sandbox: boolean;
    providerMessageId: string | null;
    reason: string | null;
  },
  at: string,
): Promise<void> {
  await db('scheduled_messages').where({ company_id: companyId, id }).update({
    status: sent.status,
    recipient: sent.recipient,
    subject: sent.subject,
    content: sent.content,
    sandbox: sent.sandbox,
    provider_message_id: sent.providerMessageId,
    status_reason: sent.reason,
    sent_at: at,
    updated_at: at,
  });
}

/** What a provider's status callback may report. */
export type DeliveryStatus = 'sent' | 'delivered' | 'undelivered' | 'failed';

/** Whether a message was handed to the provider under this id. */
export async function hasProviderMessage(db: Db, providerMessageId: string): Promise<boolean> {
  return (await db('scheduled_messages').where({ provider_message_id: providerMessageId }).first('id')) !== undefined;
}

/** Rank of a delivery status: a callback may only move a message forward (callbacks arrive out of order). */
export const DELIVERY_RANK: Record<string, number> = { sending: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/**
 * Applies a provider status report in one statement, only when it moves the message forward.
 * Returns the message when it changed.
 */
export async function applyDeliveryStatus(
  db: Db,
  providerMessageId: string,
  status: DeliveryStatus,
  reason: string | null,
  at: string,
): Promise<MessageRow | null> {
  const earlier = Object.entries(DELIVERY_RANK)
    .filter(([, rank]) => rank < DELIVERY_RANK[status])
    .map(([s]) => s);
  const rows = await db<Record<string, unknown>>('scheduled_messages')
    .where({ provider_message_id: providerMessageId })
    .whereIn('status', earlier)
    .update({ status, status_reason: reason, updated_at: at })
    .returning('*');
  return rows.length ? messageFromRow(rows[0]) : null;
}

/**
 * When the customer's texts to `recipient` sent since `since` failed with this provider error code
 * (their reason begins "<code>:"), oldest first: the times the failures were reported.
 */
export async function smsFailureTimes(
  db: Db,
  companyId: string,
  customerId: string,
  recipient: string,
  code: number,
  since: string,
): Promise<string[]> {
  const rows: Array<{ updated_at: string | Date }> = await db('scheduled_messages')
    .where({ company_id: companyId, customer_id: customerId, channel: 'sms', recipient })
    .where('sent_at', '>=', since)
    .whereIn('status', ['undelivered', 'failed'])
    .where('status_reason', 'like', `${code}:%`)
    .orderBy('updated_at')
    .select('updated_at');
  return rows.map((r) => new Date(r.updated_at).toISOString());
}

/** Messages of one channel handed to the provider (in these statuses), newest first (GET /emails, GET /texts). */
export async function listSentMessages(
  db: Db,
  companyId: string,
  customerId: string,
  channel: MessageChannel,
  statuses: MessageStatus[],
  limit: number,
  offset: number,
  after?: KeysetAfter,
): Promise<KeysetPage<MessageRow>> {
  const q = db('scheduled_messages')
    .select('*', keysetAt(db, 'sent_at'))
    .where({ company_id: companyId, customer_id: customerId, channel })
    .whereNotNull('sent_at')
    .whereIn('status', statuses)
    .orderBy([
      { column: 'sent_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)
    .offset(offset);
  // whereAfter hands back an untyped builder; the rows are `scheduled_messages` rows plus keyset_at.
  const rows = (await whereAfter(db, q, 'sent_at', ['id'], 'desc', after)) as Array<Record<string, unknown>>;
  return keysetPage(rows, limit, ['id'], messageFromRow);
}

/** When the customer was sent messages of a channel since `since` (frequency caps). */
export async function sentTimesSince(
  db: Db,
  companyId: string,
  customerId: string,
  channel: MessageChannel,
  since: string,
): Promise<string[]> {
  const rows = await db<Record<string, unknown>>('scheduled_messages')
    .where({ company_id: companyId, customer_id: customerId, channel })
    .andWhere('sent_at', '>=', since)
    .whereIn('status', ['sent', 'delivered', 'undelivered'])
    .select('sent_at');
  return rows.map((r) => readInstant(r.sent_at)!);
}

export async function listCustomerMessages(db: Db, companyId: string, customerId: string): Promise<MessageRow[]> {
  const rows = await db('scheduled_messages')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }]);
  return rows.map(messageFromRow);
}

/** A text or email that reached the provider: an attempt the cross-channel caps count. */
export interface SentMessage {
  id: string;
  companyId: string;
  customerId: string;
  channel: MessageChannel;
  loanId: string | null;
  purpose: string;
  /** When it was sent (or claimed for sending). */
  at: string;
}

const ATTEMPTED: readonly MessageStatus[] = ['sending', 'sent', 'delivered', 'undelivered'];

/** Texts and emails handed to a provider for these customers, sent (or claimed) at or after `since`. */
export async function listSentMessagesOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
  since: string,
): Promise<SentMessage[]> {
  if (!keys.length) return [];
  const rows = await db('scheduled_messages')
    .whereIn(
      ['company_id', 'customer_id'],
      keys.map((k) => [k.companyId, k.customerId]),
    )
    .whereIn('status', ATTEMPTED)
    .andWhere((q) => {
      q.where('sent_at', '>=', since).orWhere((w) => {
        w.whereNull('sent_at').andWhere('scheduled_time', '>=', since);
      });
    })
    .select('id', 'company_id', 'customer_id', 'channel', 'loan_id', 'purpose', 'sent_at', 'scheduled_time');
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    channel: r.channel as MessageChannel,
    loanId: readText(r.loan_id),
    purpose: String(r.purpose),
    at: readInstant(r.sent_at) ?? readInstant(r.scheduled_time)!,
  }));
}

/** Cancels the pending messages of these schedules (in-flight ones finish), any customer of the company. */
export async function cancelPendingMessagesOfSchedules(
  db: Db,
  companyId: string,
  scheduleIds: readonly string[],
  at: string,
  reason: string,
): Promise<number> {
  if (scheduleIds.length === 0) return 0;
  return db('scheduled_messages')
    .where({ company_id: companyId, status: 'pending' })
    .whereIn('schedule_id', scheduleIds)
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
}

/** Companies that texted this number from this sender (whose opt-out list an inbound STOP updates). */
export async function companiesTexting(db: Db, phoneNumber: string): Promise<string[]> {
  const rows = await db<Record<string, unknown>>('scheduled_messages')
    .where({ channel: 'sms', recipient: phoneNumber })
    .whereNotNull('sent_at')
    .distinct('company_id');
  return rows.map((r) => String(r.company_id));
}
