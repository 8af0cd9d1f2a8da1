import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';

/** A transfer event as the receiver records it (migration _046). */
export interface TransferReceipt {
  provider: string;
  eventId: string;
  scheduledCallId: string;
  providerCallId: string;
  step: 'started' | 'bridged' | 'cancelled' | 'ended';
  destination: string | null;
}

export type TransferInsert = { kind: 'recorded'; companyId: string } | { kind: 'duplicate' } | { kind: 'unknown_call' };

/** What `db.raw` resolves to: pg wraps the rows in a result object, better-sqlite3 returns them bare. */
type RawRows<T> = T[] | { rows: T[] };

/**
 * Records one transfer event in one statement, durably: only when its event id is new and its
 * scheduled call is one this provider connection placed (the inbox's rule: a call record with this
 * provider call id, or the call still dialing with none); the company is the scheduled call's.
 */
export async function insertTransfer(db: Db, r: TransferReceipt, receivedAt: string): Promise<TransferInsert> {
  const params = {
    provider: r.provider,
    event_id: r.eventId,
    scheduled_call_id: r.scheduledCallId,
    provider_call_id: r.providerCallId,
    step: r.step,
    destination: r.destination,
    at: receivedAt,
  };
  const result = await db.raw<RawRows<{ company_id: string }>>(
    dialectOf(db) === 'pg' ? PG_INSERT : SQLITE_INSERT,
    params,
  );
  const rows = Array.isArray(result) ? result : result.rows;
  if (rows.length) return { kind: 'recorded', companyId: rows[0].company_id };
  const seen = await db('call_transfers')
    .where({ provider: r.provider, event_id: r.eventId })
    .first<{ scheduled_call_id: string } | undefined>('scheduled_call_id');
  return seen && seen.scheduled_call_id === r.scheduledCallId ? { kind: 'duplicate' } : { kind: 'unknown_call' };
}

const KNOWN_TRANSFER = (at: string) => `
SELECT :provider, :event_id, sc.company_id, sc.id, :provider_call_id, :step, :destination, ${at}
FROM scheduled_calls sc
WHERE sc.id = :scheduled_call_id
  AND (sc.provider IS NULL OR sc.provider = :provider)
  AND (sc.provider_call_id IS NULL OR sc.provider_call_id = :provider_call_id)
  AND (EXISTS (SELECT 1 FROM calls c WHERE c.scheduled_call_id = sc.id AND c.provider = :provider AND c.provider_call_id = :provider_call_id)
       OR (sc.status = 'dialing' AND NOT EXISTS (SELECT 1 FROM calls c WHERE c.scheduled_call_id = sc.id)))
ON CONFLICT (provider, event_id) DO NOTHING
RETURNING company_id`;

const COLUMNS =
  'INSERT INTO call_transfers (provider, event_id, company_id, scheduled_call_id, provider_call_id, step, destination, received_at)';
const PG_INSERT = `${COLUMNS}${KNOWN_TRANSFER('CAST(:at AS timestamptz)')}`;
// SQLite needs a WHERE before ON CONFLICT in INSERT … SELECT to parse the upsert: the SELECT has one.
const SQLITE_INSERT = `${COLUMNS}${KNOWN_TRANSFER(':at')}`;

/** The transfer steps of each call (provider call id), in the order they were received. */
export async function transferStepsOf(
  db: Db,
  provider: string,
  providerCallIds: readonly string[],
): Promise<Map<string, Array<{ step: TransferReceipt['step']; destination: string | null }>>> {
  const steps = new Map<string, Array<{ step: TransferReceipt['step']; destination: string | null }>>();
  if (providerCallIds.length === 0) return steps;
  const rows = await db('call_transfers')
    .where('provider', provider)
    .whereIn('provider_call_id', [...providerCallIds])
    .orderBy([{ column: 'received_at' }, { column: 'event_id' }])
    .select<Array<{ provider_call_id: string; step: TransferReceipt['step']; destination: string | null }>>(
      'provider_call_id',
      'step',
      'destination',
    );
  for (const r of rows)
    steps.set(r.provider_call_id, [
      ...(steps.get(r.provider_call_id) ?? []),
      { step: r.step, destination: r.destination },
    ]);
  return steps;
}

/** Per destination of one company's transfers received in [from, to): attempts, bridges, failures, and failures the call then bridged elsewhere. */
export interface TransferCounts {
  destination: string;
  attempted: number;
  bridged: number;
  failed: number;
  fellBack: number;
}

export async function transferCounts(db: Db, companyId: string, from: string, to: string): Promise<TransferCounts[]> {
  const result = await db.raw<
    RawRows<{ destination: string; attempted: unknown; bridged: unknown; failed: unknown; fell_back: unknown }>
  >(
    `SELECT t.destination,
            SUM(CASE WHEN t.step = 'started' THEN 1 ELSE 0 END) AS attempted,
            SUM(CASE WHEN t.step = 'bridged' THEN 1 ELSE 0 END) AS bridged,
            SUM(CASE WHEN t.step = 'cancelled' THEN 1 ELSE 0 END) AS failed,
            SUM(CASE WHEN t.step = 'cancelled' AND EXISTS (
                  SELECT 1 FROM call_transfers b
                  WHERE b.provider = t.provider AND b.provider_call_id = t.provider_call_id
                    AND b.step = 'bridged' AND b.destination <> t.destination) THEN 1 ELSE 0 END) AS fell_back
     FROM call_transfers t
     WHERE t.company_id = :companyId AND t.received_at >= ${at(db, 'from')} AND t.received_at < ${at(db, 'to')}
       AND t.destination IS NOT NULL
     GROUP BY t.destination
     ORDER BY t.destination`,
    { companyId, from, to },
  );
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => ({
    destination: r.destination,
    attempted: Number(r.attempted),
    bridged: Number(r.bridged),
    failed: Number(r.failed),
    fellBack: Number(r.fell_back),
  }));
}

const at = (db: Db, name: string) => (dialectOf(db) === 'pg' ? `CAST(:${name} AS timestamptz)` : `:${name}`);
