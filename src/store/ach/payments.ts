import type { Db } from '../shared/db.js';
import { readInstant, readText, toBool, toDateOnly } from '../shared/columns.js';

/** Mirrors the `payments` table (the payment transaction), camel-cased. `rowId` is our key; the rest is the caller's. */
export interface PaymentRow {
  rowId: string;
  companyId: string;
  customerId: string;
  loanId: string;
  paymentId: string;
  paymentMethodId: string | null;
  status: string | null;
  paymentDate: string | null;
  paymentAmountCents: number | null;
  paymentType: string | null;
  systemSource: string | null;
  paymentReversed: boolean;
  paymentReverseDate: string | null;
  paymentReverseReasonCode: string | null;
  paymentReverseComments: string | null;
  debitStatus: string | null;
  debitDeclineReason: string | null;
  overallReturnCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PaymentFields = Omit<
  PaymentRow,
  'rowId' | 'companyId' | 'customerId' | 'loanId' | 'paymentId' | 'createdAt' | 'updatedAt'
>;

/** Mirrors `ach_payments`: the ACH record of a payment paid by ACH. */
export interface AchPaymentRow {
  status: string;
  achSubmittedDate: string | null;
  achSettlementDate: string | null;
  achReturnDate: string | null;
  achReturnCode: string | null;
  updatedAt: string;
}

export type AchPaymentFields = Omit<AchPaymentRow, 'updatedAt'>;

export interface PaymentKey {
  customerId: string;
  loanId: string;
  paymentId: string;
}

const PAYMENT_COLUMNS: Record<keyof PaymentFields, string> = {
  paymentMethodId: 'payment_method_id',
  status: 'status',
  paymentDate: 'payment_date',
  paymentAmountCents: 'payment_amount_cents',
  paymentType: 'payment_type',
  systemSource: 'system_source',
  paymentReversed: 'payment_reversed',
  paymentReverseDate: 'payment_reverse_date',
  paymentReverseReasonCode: 'payment_reverse_reason_code',
  paymentReverseComments: 'payment_reverse_comments',
  debitStatus: 'debit_status',
  debitDeclineReason: 'debit_decline_reason',
  overallReturnCode: 'overall_return_code',
};

const ACH_COLUMNS: Record<keyof AchPaymentFields, string> = {
  status: 'status',
  achSubmittedDate: 'ach_submitted_date',
  achSettlementDate: 'ach_settlement_date',
  achReturnDate: 'ach_return_date',
  achReturnCode: 'ach_return_code',
};

function columns<T extends object>(map: Record<keyof T, string>, fields: Partial<T>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[map[k as keyof T]] = v;
  return out;
}

function paymentFromRow(r: Record<string, unknown>): PaymentRow {
  return {
    rowId: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    loanId: String(r.loan_id),
    paymentId: String(r.payment_id),
    paymentMethodId: readText(r.payment_method_id),
    status: readText(r.status),
    paymentDate: toDateOnly(r.payment_date),
    // bigint comes back as a string from pg; amounts stay far below 2^53 cents.
    paymentAmountCents:
      r.payment_amount_cents === null || r.payment_amount_cents === undefined ? null : Number(r.payment_amount_cents),
    paymentType: readText(r.payment_type),
    systemSource: readText(r.system_source),
    paymentReversed: toBool(r.payment_reversed),
    paymentReverseDate: toDateOnly(r.payment_reverse_date),
    paymentReverseReasonCode: readText(r.payment_reverse_reason_code),
    paymentReverseComments: readText(r.payment_reverse_comments),
    debitStatus: readText(r.debit_status),
    debitDeclineReason: readText(r.debit_decline_reason),
    overallReturnCode: readText(r.overall_return_code),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
  };
}

export async function findPayment(db: Db, companyId: string, key: PaymentKey): Promise<PaymentRow | null> {
  const r = await db<Record<string, unknown>>('payments')
    .where({ company_id: companyId, customer_id: key.customerId, loan_id: key.loanId, payment_id: key.paymentId })
    .first();
  return r ? paymentFromRow(r) : null;
}

/** Every payment of a customer (all loans), oldest first: what the promises count (domain/ach/promise-payments.ts). */
export async function listCustomerPayments(db: Db, companyId: string, customerId: string): Promise<PaymentRow[]> {
  const rows = await db<Record<string, unknown>>('payments')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(paymentFromRow);
}

/**
 * Inserts the payment unless (company, customer, loan, payment) exists: `ON CONFLICT DO NOTHING`, so
 * two concurrent first writes cannot both insert. Returns whether this call created it.
 */
export async function insertPaymentIfAbsent(
  db: Db,
  companyId: string,
  rowId: string,
  key: PaymentKey,
  fields: Partial<PaymentFields>,
  at: string,
): Promise<boolean> {
  const inserted = await db('payments')
    .insert({
      id: rowId,
      company_id: companyId,
      customer_id: key.customerId,
      loan_id: key.loanId,
      payment_id: key.paymentId,
      payment_reversed: false,
      ...columns(PAYMENT_COLUMNS, fields),
      created_at: at,
      updated_at: at,
    })
    .onConflict(['company_id', 'customer_id', 'loan_id', 'payment_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** Writes only the given fields of the payment transaction. */
export async function updatePayment(
  db: Db,
  companyId: string,
  rowId: string,
  fields: Partial<PaymentFields>,
  at: string,
): Promise<void> {
  await db('payments')
    .where({ company_id: companyId, id: rowId })
    .update({ ...columns(PAYMENT_COLUMNS, fields), updated_at: at });
}

export async function getAchPayment(db: Db, companyId: string, rowId: string): Promise<AchPaymentRow | null> {
  const r = await db<Record<string, unknown>>('ach_payments')
    .where({ company_id: companyId, payment_row_id: rowId })
    .first();
  if (!r) return null;
  return {
    status: String(r.status),
    achSubmittedDate: toDateOnly(r.ach_submitted_date),
    achSettlementDate: toDateOnly(r.ach_settlement_date),
    achReturnDate: toDateOnly(r.ach_return_date),
    achReturnCode: readText(r.ach_return_code),
    updatedAt: readInstant(r.updated_at)!,
  };
}

/** Creates the ACH record, or writes only the given fields of the existing one. */
export async function upsertAchPayment(
  db: Db,
  companyId: string,
  rowId: string,
  fields: Partial<AchPaymentFields> & { status: string },
  at: string,
): Promise<void> {
  const values = columns(ACH_COLUMNS, fields);
  await db('ach_payments')
    .insert({ payment_row_id: rowId, company_id: companyId, ...values, created_at: at, updated_at: at })
    .onConflict('payment_row_id')
    .merge({ ...values, updated_at: at });
}

/** Writes only the given fields; returns false when the payment has no ACH record. */
export async function updateAchPayment(
  db: Db,
  companyId: string,
  rowId: string,
  fields: Partial<AchPaymentFields>,
  at: string,
): Promise<boolean> {
  const n = await db('ach_payments')
    .where({ company_id: companyId, payment_row_id: rowId })
    .update({ ...columns(ACH_COLUMNS, fields), updated_at: at });
  return n > 0;
}
