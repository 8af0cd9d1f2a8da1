import { readInstant, readText } from '../shared/columns.js';
import type { Db } from '../shared/db.js';

/** One answer of the Reassigned Numbers Database (`reassigned_number_answers`; append-only). */
export interface ReassignedAnswerRow {
  id: string;
  companyId: string;
  phoneNumber: string;
  customerId: string | null;
  /** The consent date asked, YYYY-MM-DD. */
  consentDate: string;
  answer: 'yes' | 'no' | 'no_data';
  database: 'sandbox' | 'live';
  /** What asked: a call (`call`) or a text (`sms`). */
  channel: 'call' | 'sms';
  /** The scheduled call or message it was asked for. */
  subjectId: string | null;
  queriedAt: string;
}

export async function insertReassignedAnswers(db: Db, rows: readonly ReassignedAnswerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db('reassigned_number_answers').insert(
    rows.map((r) => ({
      id: r.id,
      company_id: r.companyId,
      phone_number: r.phoneNumber,
      customer_id: r.customerId,
      consent_date: r.consentDate,
      answer: r.answer,
      database: r.database,
      channel: r.channel,
      subject_id: r.subjectId,
      queried_at: r.queriedAt,
    })),
  );
}

/** Every answer for several (company, number) pairs in one statement (a dial batch), oldest first. */
export async function listReassignedAnswersOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; address: string }>,
): Promise<ReassignedAnswerRow[]> {
  const pairs = [...new Map(keys.map((k) => [`${k.companyId}/${k.address}`, [k.companyId, k.address]])).values()];
  if (pairs.length === 0) return [];
  const rows = await db('reassigned_number_answers')
    .whereIn(['company_id', 'phone_number'], pairs)
    .orderBy([{ column: 'queried_at' }, { column: 'id' }]);
  return rows.map(fromRow);
}

/**
 * One page of a company's answers asked in [from, to), in (queried_at, id) order after `cursor`: the
 * examiner's export. With a customer, the answers asked for them or about one of their numbers.
 */
export async function pageReassignedAnswers(
  db: Db,
  companyId: string,
  range: { from: string; to: string; customer?: { id: string; addresses: readonly string[] } },
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<ReassignedAnswerRow[]> {
  const q = db<Record<string, unknown>>('reassigned_number_answers')
    .where('company_id', companyId)
    .andWhere('queried_at', '>=', range.from)
    .andWhere('queried_at', '<', range.to);
  const customer = range.customer;
  if (customer)
    void q.andWhere((w) => {
      void w.where('customer_id', customer.id);
      if (customer.addresses.length) void w.orWhereIn('phone_number', [...customer.addresses]);
    });
  if (cursor)
    void q.andWhere((w) => {
      void w.where('queried_at', '>', cursor.at).orWhere((x) => {
        void x.where('queried_at', cursor.at).andWhere('id', '>', cursor.id);
      });
    });
  const rows = await q.orderBy([{ column: 'queried_at' }, { column: 'id' }]).limit(limit);
  return rows.map(fromRow);
}

function fromRow(r: Record<string, unknown>): ReassignedAnswerRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    phoneNumber: String(r.phone_number),
    customerId: readText(r.customer_id),
    consentDate: String(r.consent_date),
    answer: String(r.answer) as ReassignedAnswerRow['answer'],
    database: String(r.database) as ReassignedAnswerRow['database'],
    channel: String(r.channel) as ReassignedAnswerRow['channel'],
    subjectId: readText(r.subject_id),
    queriedAt: readInstant(r.queried_at)!,
  };
}
