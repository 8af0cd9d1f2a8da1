import { expect } from 'vitest';
import type { Db } from '../../src/store/shared/db.js';
import { validCustomer } from './customers.js';
import type { TestService } from './service.js';
import { tables } from './tables.js';

/** Routing numbers with valid ABA check digits. */
export const ROUTING = { chase: '021000021', boston: '011000015', bofa: '026009593', example: '111000025' };

export function bankAccount(overrides: Record<string, unknown> = {}) {
  return {
    type: 'bank_account',
    routingNumber: ROUTING.chase,
    accountNumber: '000123456789',
    accountType: 'checking',
    ...overrides,
  };
}

export function debitCard(overrides: Record<string, unknown> = {}) {
  return { type: 'debit_card', last4: '4242', brand: 'visa', ...overrides };
}

/** ACH helpers bound to one company of a running test service. */
export function achApi(t: TestService, db: Db, companyId: string, key: string) {
  return {
    async customer(id: string): Promise<void> {
      const res = await t.call('POST', '/customers', { key, body: validCustomer(id, { taskType: 'Collections' }) });
      expect(res.status).toBe(201);
    },
    /** Loans are boarded by the loan operations; tests place one directly. */
    async loan(customerId: string, loanId: string): Promise<void> {
      const at = new Date().toISOString();
      await tables(db).loans().insert({
        company_id: companyId,
        customer_id: customerId,
        id: loanId,
        created_at: at,
        updated_at: at,
      });
    },
    async method(customerId: string, body: Record<string, unknown> = bankAccount()): Promise<string> {
      const res = await t.call('POST', `/customers/${customerId}/payment-methods`, { key, body });
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
    async authorize(customerId: string, methodId: string, body: Record<string, unknown> = { method: 'electronic' }) {
      const res = await t.call('POST', `/customers/${customerId}/payment-methods/${methodId}/ach-authorizations`, {
        key,
        body,
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async methods(customerId: string) {
      const res = await t.call('GET', `/customers/${customerId}/payment-methods`, { key });
      expect(res.status).toBe(200);
      return res.body as Array<Record<string, any>>;
    },
    async methodOf(customerId: string, methodId: string) {
      return (await this.methods(customerId)).find((m) => m.id === methodId)!;
    },
    revoke(customerId: string, methodId: string, body: unknown) {
      return t.call('PUT', `/customers/${customerId}/payment-methods/${methodId}/ach-authorization`, { key, body });
    },
    async payment(body: Record<string, unknown>) {
      const res = await t.call('PUT', '/payments', { key, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    },
    getPayment(customerId: string, loanId: string, paymentId: string) {
      return t.call('GET', `/customers/${customerId}/loans/${loanId}/payments/${paymentId}`, { key });
    },
    achReturn(body: Record<string, unknown>) {
      return t.call('POST', '/ach-returns', { key, body });
    },
    /**
     * A customer `c-<tag>` with loan `l-1`, a default bank account with an active authorization and
     * ACH payment `p-1` (paid 2026-11-02, $125.50, submitted the same day).
     */
    async achPayment(tag: string, payment: Record<string, unknown> = {}) {
      const customerId = `c-${tag}`;
      await this.customer(customerId);
      await this.loan(customerId, 'l-1');
      const methodId = await this.method(customerId, bankAccount({ isDefault: true }));
      await this.authorize(customerId, methodId);
      const ids = { customer_id: customerId, loan_id: 'l-1', payment_id: 'p-1' };
      await this.payment({
        ...ids,
        payment_method_id: methodId,
        payment_date: '2026-11-02',
        payment_amount: 125.5,
        payment_type: 'ach',
        ach_status: 'SUBMITTED',
        ach_submitted_date: '2026-11-02',
        ...payment,
      });
      return {
        customerId,
        methodId,
        ids,
        read: async () =>
          (await this.getPayment(customerId, 'l-1', (payment.payment_id as string | undefined) ?? 'p-1')).body,
      };
    },
  };
}

export type AchApi = ReturnType<typeof achApi>;
