import { randomUUID } from 'node:crypto';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { VoiceEvent } from '../../src/domain/ports/voice-provider.js';
import { insertWebhookEndpoint } from '../../src/store/webhooks/webhooks.js';
import type { Db } from '../../src/store/shared/db.js';
import { tables } from './tables.js';

/**
 * Rows of one collections call as the dialer leaves them, written straight to the tables so a test
 * can start from any state (the call suites of test/calls/ that compare statement paths).
 */
export interface SeededCall {
  customerId: string;
  scheduledCallId: string;
  phone: string;
  /** The scheduled call's status. */
  status: string;
  scheduledTime: string;
  isTest?: boolean;
  transferDestination?: string;
  /** Once placed: the call record (its id and state) and the provider's call id. */
  placed?: { callId: string; providerCallId: string; state: string };
  /** A pending next step a day later (`<scheduledCallId>-later`). */
  later?: boolean;
  /** The dial's own columns (claimed_at, dialed_at, dial_attempts). */
  dial?: { claimed_at?: string; dialed_at?: string | null; dial_attempts?: number };
}

/** Writes the customer, its schedule, the scheduled call (and its later step) and the call record. */
export async function seedCollectionsCall(db: Db, companyId: string, call: SeededCall, at: string): Promise<void> {
  const scheduleId = randomUUID();
  await tables(db)
    .customers()
    .insert({
      company_id: companyId,
      id: call.customerId,
      first_name: 'B',
      last_name: 'Atch',
      timezone: 'America/New_York',
      phone_number: call.phone,
      do_not_call: false,
      is_test: call.isTest ?? true,
      created_at: at,
      updated_at: at,
    });
  await tables(db).schedules().insert({
    id: scheduleId,
    company_id: companyId,
    customer_id: call.customerId,
    cadence_id: null,
    channel: 'call',
    source: 'replace',
    task_type: 'Collections',
    cadence: 'collections',
    loan_id: null,
    status: 'active',
    created_at: at,
    updated_at: at,
  });
  const step = (id: string, scheduledTime: string, index: number, status: string) => ({
    id,
    company_id: companyId,
    customer_id: call.customerId,
    schedule_id: scheduleId,
    loan_id: null,
    task_type: 'Collections',
    purpose: 'collections',
    scheduled_time: scheduledTime,
    phone_number: call.phone,
    transfer_destination: call.transferDestination ?? 'queue:collections-agents',
    step: `day${index}`,
    step_index: index,
    fallback: false,
    status,
    call_id: null as string | null,
    post_processing_flags: '[]',
    explanation: null,
    created_at: at,
    updated_at: at,
  });
  const placed = call.placed;
  await tables(db)
    .scheduledCalls()
    .insert({
      ...step(call.scheduledCallId, call.scheduledTime, 0, call.status),
      call_id: placed?.callId ?? null,
      provider: placed ? 'sandbox' : null,
      provider_call_id: placed?.providerCallId ?? null,
      ...call.dial,
    });
  if (call.later)
    await tables(db)
      .scheduledCalls()
      .insert(step(`${call.scheduledCallId}-later`, '2026-12-09T15:00:00.000Z', 1, 'pending'));
  if (placed)
    await tables(db).calls().insert({
      id: placed.callId,
      company_id: companyId,
      customer_id: call.customerId,
      scheduled_call_id: call.scheduledCallId,
      provider: 'sandbox',
      provider_call_id: placed.providerCallId,
      to_phone_number: call.phone,
      from_phone_number: '+12025550199',
      state: placed.state,
      timestamp: call.scheduledTime,
      transcript: '',
      summarization: '',
      flags: '[]',
      created_at: at,
      updated_at: at,
    });
}

/** Puts provider events in the callback inbox, as the callback route does on receipt. */
export async function receiveEvents(db: Db, events: VoiceEvent[], receivedAt: Date): Promise<void> {
  await tables(db)
    .callbackInbox()
    .insert(
      events.map((e) => ({
        provider: 'sandbox',
        event_id: e.eventId,
        scheduled_call_id: e.scheduledCallId,
        event: JSON.stringify(e),
        received_at: receivedAt.toISOString(),
      })),
    );
}

const SCHEDULED_COLUMNS = [
  'id',
  'status',
  'status_reason',
  'scheduled_time',
  'post_processing_flags',
  'updated_at',
  'provider',
  'provider_call_id',
];

/**
 * Everything applying provider events may have changed for one set of seeded calls (ids prefixed
 * `<set>-`), with the set's own ids taken out and each call id replaced by its scheduled call's, so
 * two sets that went through the same steps compare equal.
 */
export async function callSetState(
  db: Db,
  set: string,
  options: {
    /** Recording jobs enqueued so far. */
    enqueued: Array<{ callId: string }>;
    /** The dial's columns of the scheduled call too. */
    dialColumns?: boolean;
    /** When each event was received too. */
    receivedAt?: boolean;
  },
) {
  const calls = await tables(db).calls().where('scheduled_call_id', 'like', `${set}-%`).orderBy('scheduled_call_id');
  const callIndex = new Map<string, string>(calls.map((c) => [c.id, c.scheduled_call_id]));
  const strip = (v: unknown) =>
    typeof v === 'string' ? (callIndex.get(v) ?? v).replaceAll(`${set}-`, '') : v instanceof Date ? v.toISOString() : v;
  const clean = (r: object) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, strip(v)]));
  const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
  const events = await tables(db)
    .callEvents()
    .whereIn('call_id', [...callIndex.keys()])
    .orderBy('event_id');
  const scheduled = await tables(db)
    .scheduledCalls()
    .where('id', 'like', `${set}-%`)
    .orderBy('id')
    .select(...SCHEDULED_COLUMNS, ...(options.dialColumns ? ['call_id', 'dialed_at', 'dial_lease_until'] : []));
  const customers = await tables(db)
    .customers()
    .where('id', 'like', `${set}-%`)
    .orderBy('id')
    .select('id', 'do_not_call', 'updated_at');
  const ids = [...callIndex.keys(), ...scheduled.map((r: { id: string }) => r.id)];
  const published = await tables(db)
    .webhookDeliveries()
    .whereIn('subject_id', ids)
    .select('event_type', 'subject_id', 'event_key');
  return {
    calls: calls.map((c) => clean({ ...c, id: undefined, flags: json(c.flags) })),
    events: events.map((e) => [
      strip(e.event_id),
      strip(e.call_id),
      e.type,
      Boolean(e.applied),
      ...(options.receivedAt ? [strip(e.received_at)] : []),
    ]),
    scheduled: scheduled.map((r: { post_processing_flags: unknown }) =>
      clean({ ...r, post_processing_flags: json(r.post_processing_flags) }),
    ),
    customers: customers.map(clean),
    published: published.map((d) => [d.event_type, strip(d.subject_id), d.event_key.replace(d.subject_id, '')]).sort(),
    recordings: options.enqueued
      .filter((m) => callIndex.has(m.callId))
      .map((m) => strip(m.callId))
      .sort(),
  };
}

/** The inbox's outcome of each event of one set, in receipt order, the set's prefix taken out of the event ids. */
export async function inboxOutcomes(db: Db, set: string): Promise<Array<[string, string | null]>> {
  const rows = await tables(db).callbackInbox().where('scheduled_call_id', 'like', `${set}-%`).orderBy('seq');
  return rows.map((r) => [r.event_id.replace(`${set}-`, ''), r.outcome]);
}

/** A new company with one webhook endpoint, so that applying a call's events enqueues its deliveries. */
export async function companyWithEndpoint(db: Db, name: string, now: Date): Promise<string> {
  const { companyId } = await createCompany(db, name, now);
  await insertWebhookEndpoint(db, {
    id: 'we1',
    companyId,
    url: 'https://hooks.example/in',
    secret: 'whsec_x',
    previousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: now.toISOString(),
  });
  return companyId;
}
