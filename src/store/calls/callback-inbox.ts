import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';
import { deleteInBatches } from '../shared/batched-deletes.js';

export interface InboxReceipt {
  provider: string;
  eventId: string;
  scheduledCallId: string;
  providerCallId: string;
  /** The authenticated event, JSON. */
  event: string;
}

/** What `db.raw` resolves to: pg wraps the rows in a result object, better-sqlite3 returns them bare. */
type RawRows<T> = T[] | { rows: T[] };

/** A receipt the insert accepted (its RETURNING columns). */
interface AcceptedRow {
  provider: string;
  event_id: string;
}

export interface InboxRow {
  seq: number;
  provider: string;
  eventId: string;
  scheduledCallId: string;
  event: string;
}

/**
 * Records a group of authenticated callbacks in ONE statement (the group commit of the callback
 * endpoint). A row is inserted only when its event id is new and its scheduled call is one this
 * provider connection placed (or is dialing, when the callback beat the provider's answer); the
 * returned keys (`provider event_id`) are the accepted rows. Duplicates within the group: the first wins.
 */
export async function insertReceipts(db: Db, receipts: InboxReceipt[], receivedAt: string): Promise<Set<string>> {
  const json = JSON.stringify(
    receipts.map((r) => ({
      provider: r.provider,
      event_id: r.eventId,
      scheduled_call_id: r.scheduledCallId,
      provider_call_id: r.providerCallId,
      event: r.event,
    })),
  );
  const result =
    dialectOf(db) === 'pg'
      ? await db.raw<RawRows<AcceptedRow>>(PG_INSERT, { json, at: receivedAt })
      : await db.raw<RawRows<AcceptedRow>>(SQLITE_INSERT, { json, at: receivedAt });
  const rows = Array.isArray(result) ? result : result.rows;
  return new Set(rows.map((r) => `${r.provider} ${r.event_id}`));
}

const KNOWN_CALL = `EXISTS (
  SELECT 1 FROM scheduled_calls sc
  WHERE sc.id = v.scheduled_call_id
    AND (sc.provider IS NULL OR sc.provider = v.provider)
    AND (sc.provider_call_id IS NULL OR sc.provider_call_id = v.provider_call_id)
    AND (EXISTS (SELECT 1 FROM calls c WHERE c.scheduled_call_id = sc.id AND c.provider = v.provider AND c.provider_call_id = v.provider_call_id)
         OR (sc.status = 'dialing' AND NOT EXISTS (SELECT 1 FROM calls c WHERE c.scheduled_call_id = sc.id))))`;

const PG_INSERT = `
INSERT INTO callback_inbox (provider, event_id, scheduled_call_id, event, received_at)
SELECT v.provider, v.event_id, v.scheduled_call_id, v.event, CAST(:at AS timestamptz)
FROM json_to_recordset(CAST(:json AS json)) AS v(provider text, event_id text, scheduled_call_id text, provider_call_id text, event text)
WHERE ${KNOWN_CALL}
ON CONFLICT (provider, event_id) DO NOTHING
RETURNING provider, event_id`;

const SQLITE_INSERT = `
INSERT INTO callback_inbox (provider, event_id, scheduled_call_id, event, received_at)
SELECT v.provider, v.event_id, v.scheduled_call_id, v.event, :at
FROM (SELECT json_extract(j.value, '$.provider') AS provider, json_extract(j.value, '$.event_id') AS event_id,
             json_extract(j.value, '$.scheduled_call_id') AS scheduled_call_id, json_extract(j.value, '$.provider_call_id') AS provider_call_id,
             json_extract(j.value, '$.event') AS event
      FROM json_each(:json) j) v
WHERE ${KNOWN_CALL}
ON CONFLICT (provider, event_id) DO NOTHING
RETURNING provider, event_id`;

/** The scheduled call of each of these event ids already in the inbox (a rejected receipt: replay 409, else unknown call 404). */
export async function receivedEventIds(db: Db, provider: string, eventIds: string[]): Promise<Map<string, string>> {
  const rows = await db<{ event_id: string; scheduled_call_id: string }>('callback_inbox')
    .where('provider', provider)
    .whereIn('event_id', eventIds)
    .select('event_id', 'scheduled_call_id');
  return new Map(rows.map((r) => [String(r.event_id), String(r.scheduled_call_id)]));
}

/**
 * Claims up to `limit` unapplied rows, oldest first, in ONE statement: a wall-clock lease so no
 * other applier takes them meanwhile (Postgres: FOR UPDATE SKIP LOCKED); rows of a crashed
 * applier come back when their lease has run out.
 */
export async function claimInbox(db: Db, limit: number, wallNow: string, leaseUntil: string): Promise<InboxRow[]> {
  const params = { limit, wallNow, leaseUntil };
  const result =
    dialectOf(db) === 'pg'
      ? await db.raw<RawRows<Record<string, unknown>>>(PG_CLAIM, params)
      : await db.raw<RawRows<Record<string, unknown>>>(SQLITE_CLAIM, params);
  const rows = Array.isArray(result) ? result : result.rows;
  return rows
    .map((r) => ({
      seq: Number(r.seq),
      provider: String(r.provider),
      eventId: String(r.event_id),
      scheduledCallId: String(r.scheduled_call_id),
      event: String(r.event),
    }))
    .sort((a, b) => a.seq - b.seq);
}

const PG_CLAIM = `
UPDATE callback_inbox i SET lease_until = CAST(:leaseUntil AS timestamptz)
FROM (SELECT seq FROM callback_inbox WHERE applied_at IS NULL AND (lease_until IS NULL OR lease_until < CAST(:wallNow AS timestamptz))
      ORDER BY seq LIMIT :limit FOR UPDATE SKIP LOCKED) picked
WHERE i.seq = picked.seq
RETURNING i.seq, i.provider, i.event_id, i.scheduled_call_id, i.event`;

const SQLITE_CLAIM = `
UPDATE callback_inbox SET lease_until = :leaseUntil
WHERE seq IN (SELECT seq FROM callback_inbox WHERE applied_at IS NULL AND (lease_until IS NULL OR lease_until < :wallNow) ORDER BY seq LIMIT :limit)
RETURNING seq, provider, event_id, scheduled_call_id, event`;

/**
 * Marks applied rows with what applying them did: ONE statement on Postgres, one per outcome on
 * SQLite. Pass the applying transaction so the marks commit with what they record.
 */
export async function markInboxApplied(db: Db, outcomes: Map<number, string>, appliedAt: string): Promise<void> {
  if (!outcomes.size) return;
  if (dialectOf(db) === 'pg') {
    const json = JSON.stringify([...outcomes].map(([seq, outcome]) => ({ seq, outcome })));
    await db.raw(PG_MARK, { json, at: appliedAt });
    return;
  }
  const byOutcome = new Map<string, number[]>();
  for (const [seq, outcome] of outcomes) byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), seq]);
  for (const [outcome, seqs] of byOutcome)
    await db('callback_inbox').whereIn('seq', seqs).update({ applied_at: appliedAt, outcome, lease_until: null });
}

const PG_MARK = `
UPDATE callback_inbox i SET applied_at = CAST(:at AS timestamptz), outcome = v.outcome, lease_until = NULL
FROM json_to_recordset(CAST(:json AS json)) AS v(seq bigint, outcome text)
WHERE i.seq = v.seq`;

/** Deletes inbox rows applied before `before`; unapplied rows stay whatever their age. Returns how many. */
export async function deleteAppliedInboxBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(db, 'callback_inbox', 'seq', (q) => {
    q.whereNotNull('applied_at').where('applied_at', '<', before);
  });
}
