import { readInstant, readText } from '../shared/columns.js';
import type { Db } from '../shared/db.js';

export type ConsentChannel = 'call' | 'sms' | 'email';

/** One event of the consent ledger (append-only: never updated, never deleted by the service). */
export interface ConsentEventRow {
  id: string;
  companyId: string;
  address: string;
  channel: ConsentChannel;
  kind: 'grant' | 'revoke';
  consentType: 'express' | 'express_written' | null;
  source: string;
  evidenceRef: string | null;
  customerId: string | null;
  capturedAt: string;
  recordedAt: string;
  seq: number;
}

export type NewConsentEvent = Omit<ConsentEventRow, 'companyId' | 'seq'>;

export async function insertConsentEvents(
  db: Db,
  companyId: string,
  events: readonly NewConsentEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db('consent_events').insert(
    events.map((e) => ({
      id: e.id,
      company_id: companyId,
      address: e.address,
      channel: e.channel,
      kind: e.kind,
      consent_type: e.consentType,
      source: e.source,
      evidence_ref: e.evidenceRef,
      customer_id: e.customerId,
      captured_at: e.capturedAt,
      recorded_at: e.recordedAt,
    })),
  );
}

/** Every event of these addresses of one company, oldest first (the ledger a customer's numbers and address show). */
export async function listConsentEvents(
  db: Db,
  companyId: string,
  addresses: readonly string[],
): Promise<ConsentEventRow[]> {
  return listConsentEventsOf(
    db,
    addresses.map((address) => ({ companyId, address })),
  );
}

/** The events of several (company, address) pairs in one statement (a dial batch), oldest first. */
export async function listConsentEventsOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; address: string }>,
): Promise<ConsentEventRow[]> {
  const pairs = [...new Map(keys.map((k) => [`${k.companyId}/${k.address}`, [k.companyId, k.address]])).values()];
  if (pairs.length === 0) return [];
  const rows = await db('consent_events')
    .whereIn(['company_id', 'address'], pairs)
    .orderBy([{ column: 'captured_at' }, { column: 'seq' }]);
  return rows.map(fromRow);
}

function fromRow(r: Record<string, unknown>): ConsentEventRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    address: String(r.address),
    channel: String(r.channel) as ConsentChannel,
    kind: String(r.kind) as ConsentEventRow['kind'],
    consentType: readText(r.consent_type) as ConsentEventRow['consentType'],
    source: String(r.source),
    evidenceRef: readText(r.evidence_ref),
    customerId: readText(r.customer_id),
    capturedAt: readInstant(r.captured_at)!,
    recordedAt: readInstant(r.recorded_at)!,
    seq: Number(r.seq),
  };
}
