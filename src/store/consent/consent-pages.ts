import { readInstant, readText } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import type { ConsentEventRow } from './consent-events.js';

/**
 * One page of a company's consent ledger captured in [from, to), in (captured_at, id) order after
 * `cursor`: the grants and revocations (an inbound STOP included) the examiner's export carries. With
 * a customer, the events naming them or one of their addresses.
 */
export async function pageConsentEvents(
  db: Db,
  companyId: string,
  range: { from: string; to: string; customer?: { id: string; addresses: readonly string[] } },
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<ConsentEventRow[]> {
  const q = db<Record<string, unknown>>('consent_events')
    .where('company_id', companyId)
    .andWhere('captured_at', '>=', range.from)
    .andWhere('captured_at', '<', range.to);
  const customer = range.customer;
  if (customer)
    void q.andWhere((w) => {
      void w.where('customer_id', customer.id);
      if (customer.addresses.length) void w.orWhereIn('address', [...customer.addresses]);
    });
  if (cursor)
    void q.andWhere((w) => {
      void w.where('captured_at', '>', cursor.at).orWhere((x) => {
        void x.where('captured_at', cursor.at).andWhere('id', '>', cursor.id);
      });
    });
  const rows = await q.orderBy([{ column: 'captured_at' }, { column: 'id' }]).limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    companyId: String(r.company_id),
    address: String(r.address),
    channel: String(r.channel) as ConsentEventRow['channel'],
    kind: String(r.kind) as ConsentEventRow['kind'],
    consentType: readText(r.consent_type) as ConsentEventRow['consentType'],
    source: String(r.source),
    evidenceRef: readText(r.evidence_ref),
    customerId: readText(r.customer_id),
    capturedAt: readInstant(r.captured_at)!,
    recordedAt: readInstant(r.recorded_at)!,
    seq: Number(r.seq),
  }));
}
