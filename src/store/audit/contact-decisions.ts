import { fromJson, readInstant, readText, toJson } from '../shared/columns.js';
import type { Db } from '../shared/db.js';

/** One dial-time or send-time decision on a scheduled call or message, as stored. */
export interface ContactDecisionRow {
  id: string;
  companyId: string;
  customerId: string;
  channel: 'call' | 'sms' | 'email';
  /** The scheduled call or scheduled message decided on. */
  subjectId: string;
  decidedAt: string;
  verdict: 'allowed' | 'moved' | 'refused';
  recipient: string | null;
  /** The rules evaluated with their verdicts (JSON, shaped by the domain). */
  rules: unknown[];
  catalogVersion: string;
  /** The consent basis that covered the contact (JSON, shaped by the domain), or null. */
  consent: unknown;
  reason: string | null;
}

/** Records decisions of any companies in one statement (a dial batch's, whatever their number). */
export async function insertContactDecisions(db: Db, rows: readonly ContactDecisionRow[]): Promise<void> {
  if (!rows.length) return;
  await db('contact_decisions').insert(
    rows.map((d) => ({
      id: d.id,
      company_id: d.companyId,
      customer_id: d.customerId,
      channel: d.channel,
      subject_id: d.subjectId,
      decided_at: d.decidedAt,
      verdict: d.verdict,
      recipient: d.recipient,
      rules: toJson(d.rules),
      catalog_version: d.catalogVersion,
      consent: toJson(d.consent),
      reason: d.reason,
    })),
  );
}

/** The latest decision on each of these scheduled calls or messages of a company (one read). */
export async function latestDecisionsOf(
  db: Db,
  companyId: string,
  subjectIds: readonly string[],
): Promise<Map<string, ContactDecisionRow>> {
  const latest = new Map<string, ContactDecisionRow>();
  if (!subjectIds.length) return latest;
  const rows = await db<Record<string, unknown>>('contact_decisions')
    .where({ company_id: companyId })
    .whereIn('subject_id', [...subjectIds])
    .orderBy([{ column: 'decided_at' }, { column: 'id' }]);
  for (const r of rows) latest.set(String(r.subject_id), decisionFromRow(r)); // ascending: the last one wins
  return latest;
}

function decisionFromRow(r: Record<string, unknown>): ContactDecisionRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    channel: r.channel as ContactDecisionRow['channel'],
    subjectId: String(r.subject_id),
    decidedAt: readInstant(r.decided_at)!,
    verdict: r.verdict as ContactDecisionRow['verdict'],
    recipient: readText(r.recipient),
    rules: fromJson<unknown[]>(r.rules) ?? [],
    catalogVersion: String(r.catalog_version),
    consent: fromJson(r.consent),
    reason: readText(r.reason),
  };
}
