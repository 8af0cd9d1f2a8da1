import type { Db } from '../shared/db.js';
import { readInstant, readText, toBool } from '../shared/columns.js';

export type PaymentMethodType = 'bank_account' | 'debit_card';
export type AchAuthStatus = 'none' | 'active' | 'revoked';

/** Mirrors the `payment_methods` table, camel-cased. */
export interface PaymentMethodRow {
  id: string;
  companyId: string;
  customerId: string;
  type: PaymentMethodType;
  isDefault: boolean;
  last4: string;
  accountType: string | null;
  brand: string | null;
  routingNumber: string | null;
  accountNumber: string | null;
  achAuthStatus: AchAuthStatus;
  achAuthorizedAt: string | null;
  achRevokedAt: string | null;
  achUnusableCode: string | null;
  achUnusableAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewPaymentMethod = Omit<
  PaymentMethodRow,
  'achAuthStatus' | 'achAuthorizedAt' | 'achRevokedAt' | 'achUnusableCode' | 'achUnusableAt' | 'updatedAt'
>;

function fromRow(r: Record<string, unknown>): PaymentMethodRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    type: String(r.type) as PaymentMethodType,
    isDefault: toBool(r.is_default),
    last4: String(r.last4),
    accountType: readText(r.account_type),
    brand: readText(r.brand),
    routingNumber: readText(r.routing_number),
    accountNumber: readText(r.account_number),
    achAuthStatus: String(r.ach_auth_status) as AchAuthStatus,
    achAuthorizedAt: readInstant(r.ach_authorized_at),
    achRevokedAt: readInstant(r.ach_revoked_at),
    achUnusableCode: readText(r.ach_unusable_code),
    achUnusableAt: readInstant(r.ach_unusable_at),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
  };
}

export async function insertPaymentMethod(db: Db, companyId: string, m: NewPaymentMethod): Promise<void> {
  await db('payment_methods').insert({
    id: m.id,
    company_id: companyId,
    customer_id: m.customerId,
    type: m.type,
    is_default: m.isDefault,
    last4: m.last4,
    account_type: m.accountType,
    brand: m.brand,
    routing_number: m.routingNumber,
    account_number: m.accountNumber,
    ach_auth_status: 'none',
    created_at: m.createdAt,
    updated_at: m.createdAt,
  });
}

/** The method, only when it belongs to this customer of this company. */
export async function getPaymentMethod(
  db: Db,
  companyId: string,
  customerId: string,
  id: string,
): Promise<PaymentMethodRow | null> {
  const r = await db<Record<string, unknown>>('payment_methods')
    .where({ company_id: companyId, customer_id: customerId, id })
    .first();
  return r ? fromRow(r) : null;
}

export async function getPaymentMethodById(db: Db, companyId: string, id: string): Promise<PaymentMethodRow | null> {
  const r = await db<Record<string, unknown>>('payment_methods').where({ company_id: companyId, id }).first();
  return r ? fromRow(r) : null;
}

export async function listPaymentMethods(db: Db, companyId: string, customerId: string): Promise<PaymentMethodRow[]> {
  const rows = await db('payment_methods')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(fromRow);
}

/** Clears the default flag of every other method of the customer (a customer has at most one default). */
export async function clearOtherDefaults(
  db: Db,
  companyId: string,
  customerId: string,
  keepId: string,
  at: string,
): Promise<void> {
  await db('payment_methods')
    .where({ company_id: companyId, customer_id: customerId, is_default: true })
    .whereNot({ id: keepId })
    .update({ is_default: false, updated_at: at });
}

/** Column changes to one method; the where clause always names that one method. */
export interface PaymentMethodChange {
  isDefault?: boolean;
  achAuthStatus?: AchAuthStatus;
  achAuthorizedAt?: string | null;
  achRevokedAt?: string | null;
  achUnusableCode?: string | null;
  achUnusableAt?: string | null;
  routingNumber?: string;
  accountNumber?: string;
  last4?: string;
}

const COLUMNS: Record<keyof PaymentMethodChange, string> = {
  isDefault: 'is_default',
  achAuthStatus: 'ach_auth_status',
  achAuthorizedAt: 'ach_authorized_at',
  achRevokedAt: 'ach_revoked_at',
  achUnusableCode: 'ach_unusable_code',
  achUnusableAt: 'ach_unusable_at',
  routingNumber: 'routing_number',
  accountNumber: 'account_number',
  last4: 'last4',
};

/**
 * Updates one method. `onlyIfStatus` makes the write conditional on the authorization state it was
 * decided from, so two concurrent requests cannot both act on a stale state. Returns whether it wrote.
 */
export async function updatePaymentMethod(
  db: Db,
  companyId: string,
  id: string,
  change: PaymentMethodChange,
  at: string,
  onlyIfStatus?: AchAuthStatus,
): Promise<boolean> {
  const values: Record<string, unknown> = { updated_at: at };
  for (const [k, v] of Object.entries(change) as [keyof PaymentMethodChange, unknown][])
    if (v !== undefined) values[COLUMNS[k]] = v;
  const q = db('payment_methods').where({ company_id: companyId, id });
  if (onlyIfStatus) q.andWhere({ ach_auth_status: onlyIfStatus });
  return (await q.update(values)) > 0;
}

export type AuthorizationEvent = 'captured' | 'revoked';
export type CaptureMethod = 'written' | 'electronic' | 'recorded_call';
export type AuthorizationSource = 'authorization_workflow' | 'revocation_request' | 'ach_return';

export interface AuthorizationEventRow {
  id: string;
  paymentMethodId: string;
  event: AuthorizationEvent;
  source: AuthorizationSource;
  captureMethod: CaptureMethod | null;
  evidenceRef: string | null;
  returnCode: string | null;
  occurredAt: string;
  createdAt: string;
}

/** Appends to the method's authorization history (captures and revocations, never edited). */
export async function insertAuthorizationEvent(db: Db, companyId: string, e: AuthorizationEventRow): Promise<void> {
  await db('ach_authorization_events').insert({
    id: e.id,
    company_id: companyId,
    payment_method_id: e.paymentMethodId,
    event: e.event,
    source: e.source,
    capture_method: e.captureMethod,
    evidence_ref: e.evidenceRef,
    return_code: e.returnCode,
    occurred_at: e.occurredAt,
    created_at: e.createdAt,
  });
}

/** The authorization history of the given methods, oldest first. */
export async function listAuthorizationEvents(
  db: Db,
  companyId: string,
  paymentMethodIds: string[],
): Promise<AuthorizationEventRow[]> {
  if (paymentMethodIds.length === 0) return [];
  const rows = await db<Record<string, unknown>>('ach_authorization_events')
    .where({ company_id: companyId })
    .whereIn('payment_method_id', paymentMethodIds)
    .orderBy([{ column: 'created_at' }, { column: 'occurred_at' }]);
  return rows.map((r) => ({
    id: String(r.id),
    paymentMethodId: String(r.payment_method_id),
    event: r.event as AuthorizationEvent,
    source: r.source as AuthorizationSource,
    captureMethod: readText(r.capture_method) as CaptureMethod | null,
    evidenceRef: readText(r.evidence_ref),
    returnCode: readText(r.return_code),
    occurredAt: readInstant(r.occurred_at)!,
    createdAt: readInstant(r.created_at)!,
  }));
}
