import { getCustomer, getCustomerForUpdate } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { inTransaction } from '../../store/shared/transactions.js';
import {
  type AuthorizationEventRow,
  type PaymentMethodRow,
  clearOtherDefaults,
  getPaymentMethod,
  getPaymentMethodById,
  insertAuthorizationEvent,
  insertPaymentMethod,
  listAuthorizationEvents,
  listPaymentMethods,
  updatePaymentMethod,
} from '../../store/ach/payment-methods.js';
import type { CompanyContext } from '../shared/context.js';
import { ConflictError, InvalidInputError, NotFoundError, UnprocessableError } from '../shared/errors.js';
import { isValidRoutingNumber, lastFour } from './bank-numbers.js';
import { newId } from '../shared/ids.js';

export type PaymentMethodInput =
  | {
      type: 'bank_account';
      routingNumber: string;
      accountNumber: string;
      accountType: 'checking' | 'savings';
      isDefault?: boolean;
    }
  | { type: 'debit_card'; last4: string; brand: string; isDefault?: boolean };

export interface AuthorizationCapture {
  authorizedAt?: string;
  method: 'written' | 'electronic' | 'recorded_call';
  evidenceRef?: string;
}

/** A payment method with its ACH authorization history (captures and revocations, oldest first). */
export interface PaymentMethodView {
  method: PaymentMethodRow;
  history: AuthorizationEventRow[];
}

async function withHistory(ctx: CompanyContext, methods: PaymentMethodRow[]): Promise<PaymentMethodView[]> {
  const events = await listAuthorizationEvents(
    ctx.db,
    ctx.companyId,
    methods.map((m) => m.id),
  );
  return methods.map((method) => ({ method, history: events.filter((e) => e.paymentMethodId === method.id) }));
}

async function readMethod(ctx: CompanyContext, customerId: string, methodId: string): Promise<PaymentMethodView> {
  const [view] = await withHistory(ctx, [(await getPaymentMethod(ctx.db, ctx.companyId, customerId, methodId))!]);
  return view;
}

// Partners' clocks drift; an authorization "captured" a few minutes ahead of ours is not an error.
const CLOCK_SKEW_MS = 5 * 60_000;

export async function requireCustomer(ctx: CompanyContext, customerId: string): Promise<void> {
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
}

/** The method, checked against both path values: the customer must be the company's, and the method that customer's. */
export async function requireMethod(
  ctx: CompanyContext,
  customerId: string,
  methodId: string,
): Promise<PaymentMethodRow> {
  await requireCustomer(ctx, customerId);
  const method = await getPaymentMethod(ctx.db, ctx.companyId, customerId, methodId);
  if (!method) throw new NotFoundError(`Payment method ${methodId} not found for customer ${customerId}`);
  return method;
}

async function requireBankAccount(
  ctx: CompanyContext,
  customerId: string,
  methodId: string,
): Promise<PaymentMethodRow> {
  const method = await requireMethod(ctx, customerId, methodId);
  if (method.type !== 'bank_account') throw new UnprocessableError(`Payment method ${methodId} is not a bank account`);
  return method;
}

export async function addPaymentMethod(
  ctx: CompanyContext,
  customerId: string,
  input: PaymentMethodInput,
): Promise<PaymentMethodView> {
  // A wrong check digit would come back as R28 on the first debit; refuse it up front.
  if (input.type === 'bank_account' && !isValidRoutingNumber(input.routingNumber)) {
    throw new InvalidInputError('routingNumber: must be a 9-digit ABA routing number with a valid check digit');
  }
  await requireCustomer(ctx, customerId);
  const id = newId();
  const at = ctx.now.toISOString();
  const details =
    input.type === 'bank_account'
      ? {
          last4: lastFour(input.accountNumber),
          accountType: input.accountType,
          brand: null,
          routingNumber: input.routingNumber,
          accountNumber: input.accountNumber,
        }
      : { last4: input.last4, accountType: null, brand: input.brand, routingNumber: null, accountNumber: null };
  // Default changes of one customer are serialized on the customer row (Postgres), then cleared
  // before the insert; the one-default unique index stays as the backstop (retried by inTransaction).
  await inTransaction(ctx.db, async (trx) => {
    if (input.isDefault) {
      await getCustomerForUpdate(trx, ctx.companyId, customerId);
      await clearOtherDefaults(trx, ctx.companyId, customerId, id, at);
    }
    await insertPaymentMethod(trx, ctx.companyId, {
      id,
      companyId: ctx.companyId,
      customerId,
      type: input.type,
      isDefault: input.isDefault ?? false,
      ...details,
      createdAt: at,
    });
  });
  return readMethod(ctx, customerId, id);
}

export async function readPaymentMethods(ctx: CompanyContext, customerId: string): Promise<PaymentMethodView[]> {
  await requireCustomer(ctx, customerId);
  return withHistory(ctx, await listPaymentMethods(ctx.db, ctx.companyId, customerId));
}

/** The separate authorization workflow: a new customer authorization makes the state active (clearing a revocation). */
export async function captureAuthorization(
  ctx: CompanyContext,
  customerId: string,
  methodId: string,
  input: AuthorizationCapture,
): Promise<PaymentMethodView> {
  await requireBankAccount(ctx, customerId, methodId);
  const authorizedAt = input.authorizedAt ? new Date(input.authorizedAt) : ctx.now;
  if (authorizedAt.getTime() > ctx.now.getTime() + CLOCK_SKEW_MS)
    throw new InvalidInputError(`authorizedAt: ${input.authorizedAt} is in the future`);
  const at = ctx.now.toISOString();
  await ctx.db.transaction(async (trx) => {
    await updatePaymentMethod(
      trx,
      ctx.companyId,
      methodId,
      { achAuthStatus: 'active', achAuthorizedAt: authorizedAt.toISOString(), achRevokedAt: null },
      at,
    );
    await insertAuthorizationEvent(trx, ctx.companyId, {
      id: newId(),
      paymentMethodId: methodId,
      event: 'captured',
      source: 'authorization_workflow',
      captureMethod: input.method,
      evidenceRef: input.evidenceRef ?? null,
      returnCode: null,
      occurredAt: authorizedAt.toISOString(),
      createdAt: at,
    });
  });
  return readMethod(ctx, customerId, methodId);
}

/**
 * PUT …/ach-authorization, exactly the specification's state table. Returns whether the method's
 * authorization is revoked afterwards. Only this one method is ever written.
 */
export async function updateAuthorization(
  ctx: CompanyContext,
  customerId: string,
  methodId: string,
  revoke: boolean | null | undefined,
): Promise<{ revoked: boolean }> {
  const method = await requireBankAccount(ctx, customerId, methodId);
  const state = method.achAuthStatus;
  if (revoke === true) {
    if (state === 'none') throw new ConflictError(`Payment method ${methodId} has no ACH authorization to revoke`);
    if (state === 'active')
      await revokeMethodAuthorization(
        ctx.db,
        ctx.companyId,
        methodId,
        ctx.now.toISOString(),
        'revocation_request',
        null,
      );
    return { revoked: true };
  }
  if (revoke === false && state === 'revoked')
    throw new UnprocessableError('ACH authorization is revoked; capture a new authorization to restore it');
  return { revoked: state === 'revoked' };
}

/**
 * Revokes the method's authorization and removes its default status, recording why. The write is
 * conditional on the state not being revoked already, so a concurrent revocation is recorded once.
 */
export async function revokeMethodAuthorization(
  db: Db,
  companyId: string,
  methodId: string,
  at: string,
  source: 'revocation_request' | 'ach_return',
  returnCode: string | null,
): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await getPaymentMethodById(trx, companyId, methodId);
    if (!current || current.achAuthStatus === 'revoked') return;
    const change = { achAuthStatus: 'revoked' as const, achRevokedAt: at, isDefault: false };
    if (!(await updatePaymentMethod(trx, companyId, methodId, change, at, current.achAuthStatus))) return;
    await insertAuthorizationEvent(trx, companyId, {
      id: newId(),
      paymentMethodId: methodId,
      event: 'revoked',
      source,
      captureMethod: null,
      evidenceRef: null,
      returnCode,
      occurredAt: at,
      createdAt: at,
    });
  });
}
