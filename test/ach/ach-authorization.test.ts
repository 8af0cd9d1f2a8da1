import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, ROUTING, achApi, bankAccount, debitCard } from '../support/ach.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('payment methods and ACH authorization on %s', (dialect) => {
  let key: string;
  let ach: AchApi;
  let clock = NOW;

  const suite = useTestService(dialect, { now: () => clock });
  beforeAll(async () => {
    const company = await suite.t.company();
    key = company.apiKey;
    ach = achApi(suite.t, suite.database.db, company.companyId, key);
  });
  afterEach(() => {
    clock = NOW;
  });

  /** A bank account in each authorization state, for one fresh customer. */
  async function methodIn(state: 'none' | 'active' | 'revoked', customerId: string) {
    await ach.customer(customerId);
    const id = await ach.method(customerId, bankAccount({ isDefault: true }));
    if (state !== 'none') await ach.authorize(customerId, id);
    if (state === 'revoked') expect((await ach.revoke(customerId, id, { revokeAuthorization: true })).status).toBe(200);
    return id;
  }

  describe('payment methods (extension)', () => {
    it('creates a bank account with a UUID, last four digits and no authorization; never returns account numbers', async () => {
      await ach.customer('pm-1');
      const res = await suite.t.call('POST', '/customers/pm-1/payment-methods', {
        key,
        body: bankAccount({ accountNumber: '9876543210' }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        customerId: 'pm-1',
        type: 'bank_account',
        isDefault: false,
        last4: '3210',
        accountType: 'checking',
        brand: null,
        achAuthorization: { status: 'none', authorizedAt: null, revokedAt: null, history: [] },
        unusableForAch: null,
        createdAt: NOW.toISOString(),
      });
      expect(JSON.stringify(res.body)).not.toContain('9876543210');
      expect(JSON.stringify(res.body)).not.toContain(ROUTING.chase);
    });

    it('keeps one default per customer and lists methods oldest first', async () => {
      await ach.customer('pm-2');
      const first = await ach.method('pm-2', bankAccount({ isDefault: true }));
      clock = new Date(NOW.getTime() + 1000);
      const card = await ach.method('pm-2', debitCard({ isDefault: true }));
      const list = await ach.methods('pm-2');
      expect(list.map((m) => [m.id, m.type, m.isDefault])).toEqual([
        [first, 'bank_account', false],
        [card, 'debit_card', true],
      ]);
      expect(list[1]).toMatchObject({
        last4: '4242',
        brand: 'visa',
        accountType: null,
        achAuthorization: { status: 'none' },
      });
    });

    it('rejects a routing number with a bad check digit and a malformed body (400)', async () => {
      await ach.customer('pm-3');
      const bad = await suite.t.call('POST', '/customers/pm-3/payment-methods', {
        key,
        body: bankAccount({ routingNumber: '021000022' }),
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 400, message: 'routingNumber: must be a 9-digit ABA routing number with a valid check digit' },
      });
      const shape = await suite.t.call('POST', '/customers/pm-3/payment-methods', {
        key,
        body: bankAccount({ accountNumber: '12' }),
      });
      expect(shape.status).toBe(400);
      expect(shape.body.message).toContain('accountNumber: must match pattern');
      expect(await ach.methods('pm-3')).toEqual([]);
    });

    it('answers 404 for an unknown customer', async () => {
      const res = await suite.t.call('POST', '/customers/nobody/payment-methods', { key, body: bankAccount() });
      expect(res).toMatchObject({ status: 404, body: { error: 404, message: 'Customer nobody not found' } });
      expect((await suite.t.call('GET', '/customers/nobody/payment-methods', { key })).status).toBe(404);
    });
  });

  describe('the separate authorization workflow (extension)', () => {
    it('captures an authorization: active, with the given time and no revocation', async () => {
      await ach.customer('aw-1');
      const id = await ach.method('aw-1');
      const body = await ach.authorize('aw-1', id, {
        method: 'written',
        authorizedAt: '2026-11-20T09:30:00Z',
        evidenceRef: 'form-1',
      });
      expect(body.achAuthorization).toEqual({
        status: 'active',
        authorizedAt: '2026-11-20T09:30:00.000Z',
        revokedAt: null,
        history: [
          {
            event: 'captured',
            source: 'authorization_workflow',
            occurredAt: '2026-11-20T09:30:00.000Z',
            method: 'written',
            evidenceRef: 'form-1',
            returnCode: null,
          },
        ],
      });
    });

    it('clears a revoked state (revoked → active) without restoring the default flag', async () => {
      const id = await methodIn('revoked', 'aw-2');
      const body = await ach.authorize('aw-2', id);
      expect(body.achAuthorization).toMatchObject({
        status: 'active',
        authorizedAt: NOW.toISOString(),
        revokedAt: null,
      });
      expect(body.achAuthorization.history.map((e: any) => [e.event, e.source])).toEqual([
        ['captured', 'authorization_workflow'],
        ['revoked', 'revocation_request'],
        ['captured', 'authorization_workflow'],
      ]);
      expect(body.isDefault).toBe(false);
    });

    it('rejects debit cards (422) and a future authorization time (400)', async () => {
      await ach.customer('aw-3');
      const card = await ach.method('aw-3', debitCard());
      const res = await suite.t.call('POST', `/customers/aw-3/payment-methods/${card}/ach-authorizations`, {
        key,
        body: { method: 'electronic' },
      });
      expect(res).toMatchObject({
        status: 422,
        body: { error: 422, message: `Payment method ${card} is not a bank account` },
      });
      const bank = await ach.method('aw-3');
      const future = await suite.t.call('POST', `/customers/aw-3/payment-methods/${bank}/ach-authorizations`, {
        key,
        body: { method: 'electronic', authorizedAt: '2026-11-22T00:00:00Z' },
      });
      expect(future).toMatchObject({
        status: 400,
        body: { error: 400, message: 'authorizedAt: 2026-11-22T00:00:00Z is in the future' },
      });
      expect((await ach.methodOf('aw-3', bank)).achAuthorization.status).toBe('none');
    });
  });

  describe('PUT …/ach-authorization: the state table, row by row', () => {
    it('active + true → revoked, the method loses its default status; 200', async () => {
      const id = await methodIn('active', 'st-1');
      const res = await ach.revoke('st-1', id, { revokeAuthorization: true });
      expect(res).toMatchObject({
        status: 200,
        body: { customerId: 'st-1', paymentMethodId: id, revokeAuthorization: true },
      });
      const m = await ach.methodOf('st-1', id);
      expect(m.achAuthorization).toEqual({
        status: 'revoked',
        authorizedAt: NOW.toISOString(),
        revokedAt: NOW.toISOString(),
        history: [
          {
            event: 'captured',
            source: 'authorization_workflow',
            occurredAt: NOW.toISOString(),
            method: 'electronic',
            evidenceRef: null,
            returnCode: null,
          },
          {
            event: 'revoked',
            source: 'revocation_request',
            occurredAt: NOW.toISOString(),
            method: null,
            evidenceRef: null,
            returnCode: null,
          },
        ],
      });
      expect(m.isDefault).toBe(false);
    });

    it('revoked + true → revoked (idempotent); 200', async () => {
      const id = await methodIn('revoked', 'st-2');
      const before = await ach.methodOf('st-2', id);
      const res = await ach.revoke('st-2', id, { revokeAuthorization: true });
      expect(res).toMatchObject({
        status: 200,
        body: { customerId: 'st-2', paymentMethodId: id, revokeAuthorization: true },
      });
      // Idempotent: no second revocation in the history.
      expect(await ach.methodOf('st-2', id)).toEqual(before);
      expect(before.achAuthorization.history).toHaveLength(2);
    });

    it('none + true → 409, nothing changes', async () => {
      const id = await methodIn('none', 'st-3');
      const res = await ach.revoke('st-3', id, { revokeAuthorization: true });
      expect(res).toEqual(
        expect.objectContaining({
          status: 409,
          body: { error: 409, message: `Payment method ${id} has no ACH authorization to revoke` },
        }),
      );
      expect(await ach.methodOf('st-3', id)).toMatchObject({ isDefault: true, achAuthorization: { status: 'none' } });
    });

    it('active + false → active (no-op); 200', async () => {
      const id = await methodIn('active', 'st-4');
      const res = await ach.revoke('st-4', id, { revokeAuthorization: false });
      expect(res).toMatchObject({ status: 200, body: { revokeAuthorization: false } });
      expect(await ach.methodOf('st-4', id)).toMatchObject({ isDefault: true, achAuthorization: { status: 'active' } });
    });

    it('revoked + false → 422; consent is never restored here', async () => {
      const id = await methodIn('revoked', 'st-5');
      const res = await ach.revoke('st-5', id, { revokeAuthorization: false });
      expect(res).toMatchObject({
        status: 422,
        body: { error: 422, message: 'ACH authorization is revoked; capture a new authorization to restore it' },
      });
      expect((await ach.methodOf('st-5', id)).achAuthorization.status).toBe('revoked');
    });

    it.each([
      ['active', 'omitted', {}, false],
      ['active', 'null', { revokeAuthorization: null }, false],
      ['revoked', 'omitted', {}, true],
      ['revoked', 'null', { revokeAuthorization: null }, true],
    ] as const)('%s + %s → unchanged; 200', async (state, label, body, revoked) => {
      const customer = `st-6-${state}-${label}`;
      const id = await methodIn(state, customer);
      const before = await ach.methodOf(customer, id);
      const res = await ach.revoke(customer, id, body);
      expect(res).toMatchObject({
        status: 200,
        body: { customerId: customer, paymentMethodId: id, revokeAuthorization: revoked },
      });
      expect(await ach.methodOf(customer, id)).toEqual(before);
    });

    it.each([
      ['false', { revokeAuthorization: false }],
      ['omitted', {}],
      ['null', { revokeAuthorization: null }],
    ])('none + %s → none (no-op); 200', async (label, body) => {
      const id = await methodIn('none', `st-7-${label}`);
      const res = await ach.revoke(`st-7-${label}`, id, body);
      expect(res).toMatchObject({ status: 200, body: { revokeAuthorization: false } });
      expect((await ach.methodOf(`st-7-${label}`, id)).achAuthorization.status).toBe('none');
    });
  });

  describe('PUT …/ach-authorization: scope and errors', () => {
    it("changes only the one method, never the customer's other methods", async () => {
      await ach.customer('sc-1');
      const target = await ach.method('sc-1', bankAccount({ isDefault: true }));
      const other = await ach.method('sc-1', bankAccount({ routingNumber: ROUTING.bofa, accountNumber: '55554444' }));
      await ach.authorize('sc-1', target);
      await ach.authorize('sc-1', other);
      const otherBefore = await ach.methodOf('sc-1', other);
      expect((await ach.revoke('sc-1', target, { revokeAuthorization: true })).status).toBe(200);
      expect((await ach.methodOf('sc-1', target)).achAuthorization.status).toBe('revoked');
      expect(await ach.methodOf('sc-1', other)).toEqual(otherBefore);
    });

    it('rejects debit cards with 422 for every input', async () => {
      await ach.customer('sc-2');
      const card = await ach.method('sc-2', debitCard());
      for (const body of [{ revokeAuthorization: true }, { revokeAuthorization: false }, {}]) {
        const res = await ach.revoke('sc-2', card, body);
        expect(res).toMatchObject({
          status: 422,
          body: { error: 422, message: `Payment method ${card} is not a bank account` },
        });
      }
    });

    it('404 for an unknown customer, an unknown method, and a method of another customer', async () => {
      const id = await methodIn('active', 'sc-3');
      await ach.customer('sc-4');
      const unknownCustomer = await ach.revoke('nobody', id, { revokeAuthorization: true });
      expect(unknownCustomer).toMatchObject({
        status: 404,
        body: { error: 404, message: 'Customer nobody not found' },
      });
      const unknownMethod = await ach.revoke('sc-3', '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', {
        revokeAuthorization: true,
      });
      expect(unknownMethod).toMatchObject({
        status: 404,
        body: { message: 'Payment method 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f not found for customer sc-3' },
      });
      const wrongOwner = await ach.revoke('sc-4', id, { revokeAuthorization: true });
      expect(wrongOwner).toMatchObject({
        status: 404,
        body: { message: `Payment method ${id} not found for customer sc-4` },
      });
      expect((await ach.methodOf('sc-3', id)).achAuthorization.status).toBe('active');
    });

    it('404 across companies: another company cannot see or revoke the method, even with the same customer reference', async () => {
      const id = await methodIn('active', 'sc-5');
      const other = await suite.t.company('Other Lender');
      const theirs = achApi(suite.t, suite.database.db, other.companyId, other.apiKey);
      expect(
        (
          await suite.t.call('PUT', `/customers/sc-5/payment-methods/${id}/ach-authorization`, {
            key: other.apiKey,
            body: { revokeAuthorization: true },
          })
        ).status,
      ).toBe(404);
      await theirs.customer('sc-5');
      const res = await suite.t.call('PUT', `/customers/sc-5/payment-methods/${id}/ach-authorization`, {
        key: other.apiKey,
        body: { revokeAuthorization: true },
      });
      expect(res).toMatchObject({ status: 404, body: { message: `Payment method ${id} not found for customer sc-5` } });
      expect(
        (
          await suite.t.call('POST', `/customers/sc-5/payment-methods/${id}/ach-authorizations`, {
            key: other.apiKey,
            body: { method: 'written' },
          })
        ).status,
      ).toBe(404);
      expect(await theirs.methods('sc-5')).toEqual([]);
      expect((await ach.methodOf('sc-5', id)).achAuthorization.status).toBe('active');
    });

    it('400 for a non-boolean value and a malformed method id; 401 without a key', async () => {
      const id = await methodIn('active', 'sc-6');
      const text = await ach.revoke('sc-6', id, { revokeAuthorization: 'yes' });
      expect(text).toMatchObject({
        status: 400,
        body: { error: 400, message: 'revokeAuthorization: must be boolean,null' },
      });
      const badId = await ach.revoke('sc-6', 'not-a-uuid', { revokeAuthorization: true });
      expect(badId.status).toBe(400);
      const anon = await suite.t.call('PUT', `/customers/sc-6/payment-methods/${id}/ach-authorization`, {
        body: { revokeAuthorization: true },
      });
      expect(anon).toMatchObject({ status: 401, body: { error: 401 } });
      expect((await ach.methodOf('sc-6', id)).achAuthorization.status).toBe('active');
    });
  });
});
