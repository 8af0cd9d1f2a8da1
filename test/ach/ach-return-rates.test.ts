import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { useTestService } from '../support/suite.js';
import { achApi } from '../support/ach.js';
import { tables } from '../support/tables.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const NOW = new Date('2026-11-21T12:00:00Z');
/** The window: the 60 days ending today, 2026-09-23 to 2026-11-21. */
const FIRST_DAY = '2026-09-23';

const dayOf = (i: number) => new Date(Date.UTC(2026, 8, 23) + (i % 60) * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('GET /ach/return-rates on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  const db = () => suite.database.db;
  let seq = 0;

  /** `count` ACH payments of one customer and loan, placed directly, with their entry dates. */
  async function debits(
    companyId: string,
    customerId: string,
    dates: string[],
    opts: { achRecord?: boolean } = {},
  ): Promise<string[]> {
    const at = NOW.toISOString();
    const ids = dates.map(() => `row-${++seq}`);
    const payments = dates.map((date, i) => ({
      id: ids[i],
      company_id: companyId,
      customer_id: customerId,
      loan_id: 'l-1',
      payment_id: `pay-${ids[i]}`,
      payment_date: date,
      payment_reversed: false,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < payments.length; i += 100)
      await tables(db())
        .payments()
        .insert(payments.slice(i, i + 100));
    if (opts.achRecord !== false) {
      const records = dates.map((date, i) => ({
        payment_row_id: ids[i],
        company_id: companyId,
        status: 'SUBMITTED',
        ach_submitted_date: date,
        created_at: at,
        updated_at: at,
      }));
      for (let i = 0; i < records.length; i += 100)
        await tables(db())
          .achPayments()
          .insert(records.slice(i, i + 100));
    }
    return ids;
  }

  /** A return-history record as the return path writes it (only the fields the rates read matter). */
  async function history(
    companyId: string,
    customerId: string,
    paymentRowId: string,
    fields: { code?: string; noc?: string; decline?: boolean; date?: string },
  ) {
    const date = fields.date ?? '2026-11-10';
    await tables(db())
      .achReturnHistory()
      .insert({
        id: `h-${++seq}`,
        company_id: companyId,
        payment_row_id: paymentRowId,
        customer_id: customerId,
        dedupe_key: `k-${seq}`,
        event_date: date,
        is_return: !fields.noc,
        ach_return_code: fields.code ?? null,
        ach_return_date: fields.code ? date : null,
        ach_correction_code: fields.noc ?? null,
        debit_decline_reason: fields.decline ? 'Insufficient funds' : null,
        returns_for_method_60d: 1,
        returns_for_customer_180d: 1,
        representments_180d: 0,
        action_category: 'other',
        retry_allowed: false,
        account_unusable: false,
        authorization_revoked: false,
        stop_payment: false,
        correction_applied: false,
        created_at: NOW.toISOString(),
      });
  }

  it('matches a hand-computed fixture of 200 debits and their returns', async () => {
    const { companyId, apiKey } = await suite.t.company();
    const ach = achApi(suite.t, db(), companyId, apiKey);
    await ach.customer('c-rates');
    await ach.loan('c-rates', 'l-1');
    // 200 debit entries in the window, on every day of it (the first and last day included).
    const p = await debits(
      companyId,
      'c-rates',
      Array.from({ length: 200 }, (_, i) => dayOf(i)),
    );
    expect(dayOf(0)).toBe(FIRST_DAY);
    expect(dayOf(59)).toBe('2026-11-21');
    // Outside the window or not ACH debits: none of these count, nor their returns.
    const before = await debits(companyId, 'c-rates', ['2026-09-22', '2026-08-01']);
    const plain = await debits(companyId, 'c-rates', ['2026-11-01'], { achRecord: false });
    for (const row of [...before, ...plain]) await history(companyId, 'c-rates', row, { code: 'R05' });

    // Unauthorized: 1 entry (R10) → 1/200 = 0.5 %, not above 0.5 % → warning (at least 0.4 %).
    await history(companyId, 'c-rates', p[0], { code: 'R10' });
    // Administrative: 7 entries (R02 ×3, R03 ×2, R04 ×2) → 3.5 % > 3 % → over.
    for (const [i, code] of ['R02', 'R02', 'R02', 'R03', 'R03', 'R04', 'R04'].entries())
      await history(companyId, 'c-rates', p[10 + i], { code });
    // Overall: those 8, 20 entries returned R01 (one of them twice, counted once) and 2 returned R08 → 30/200 = 15 %, not above → warning.
    for (let i = 0; i < 20; i++) await history(companyId, 'c-rates', p[30 + i], { code: 'R01' });
    await history(companyId, 'c-rates', p[30], { code: 'R01', date: '2026-11-15' });
    for (const i of [60, 61]) await history(companyId, 'c-rates', p[i], { code: 'R08' });
    // Not ACH returns: a notification of change and a debit-card decline.
    await history(companyId, 'c-rates', p[70], { noc: 'C01' });
    await history(companyId, 'c-rates', p[71], { decline: true });

    const res = await suite.t.call('GET', '/ach/return-rates', { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      window_start: FIRST_DAY,
      window_end: '2026-11-21',
      rates: {
        unauthorized: { numerator: 1, denominator: 200, rate: 0.005, threshold: 0.005, level: 'warning' },
        administrative: { numerator: 7, denominator: 200, rate: 0.035, threshold: 0.03, level: 'over' },
        overall: { numerator: 30, denominator: 200, rate: 0.15, threshold: 0.15, level: 'warning' },
      },
    });

    // Another company sees only its own (none): every rate ok over no entries.
    const other = await suite.t.company();
    const empty = await suite.t.call('GET', '/ach/return-rates', { key: other.apiKey });
    expect(empty.body.rates.overall).toEqual({ numerator: 0, denominator: 0, rate: 0, threshold: 0.15, level: 'ok' });
  });

  describe('a level that rises sends one signed webhook event', () => {
    let partner: WebhookReceiver;
    beforeAll(async () => {
      partner = await startWebhookReceiver();
    });
    afterAll(() => partner?.close());

    it('administrative ok → warning at 1 of 40 entries, then warning → over at 2; a resubmission sends nothing', async () => {
      const { companyId, apiKey } = await suite.t.company();
      const secret = (await addWebhookEndpoint(db(), companyId, partner.url, NOW)).secret;
      const ach = achApi(suite.t, db(), companyId, apiKey);
      await ach.customer('c-hook');
      await ach.loan('c-hook', 'l-1');
      const rows = await debits(
        companyId,
        'c-hook',
        Array.from({ length: 40 }, () => '2026-11-02'),
      );
      const ids = (row: string) => ({ customer_id: 'c-hook', loan_id: 'l-1', payment_id: `pay-${row}` });
      const raised = () =>
        tables(db()).webhookDeliveries().where({ company_id: companyId, event_type: 'ach_return_rate.raised' });

      expect(
        (await ach.achReturn({ ...ids(rows[0]), ach_return_code: 'R02', ach_return_date: '2026-11-05' })).status,
      ).toBe(200);
      expect(await raised()).toHaveLength(1); // administrative 2.5 %: warning; overall 2.5 % stays ok
      const found = await eventually(() =>
        partner.received.find((h) => JSON.parse(h.body).type === 'ach_return_rate.raised'),
      );
      expect(() => new Webhook(secret).verify(found.body, found.headers)).not.toThrow();
      expect(JSON.parse(found.body).data).toEqual({
        name: 'administrative',
        previous_level: 'ok',
        level: 'warning',
        window_start: FIRST_DAY,
        window_end: '2026-11-21',
        numerator: 1,
        denominator: 40,
        rate: 0.025,
        threshold: 0.03,
      });

      await ach.achReturn({ ...ids(rows[0]), ach_return_code: 'R02', ach_return_date: '2026-11-05' });
      expect(await raised()).toHaveLength(1);
      await ach.achReturn({ ...ids(rows[1]), ach_return_code: 'R03', ach_return_date: '2026-11-05' });
      expect(await raised()).toHaveLength(2); // administrative 5 %: over
      const over = await eventually(() =>
        partner.received
          .map((h) => JSON.parse(h.body))
          .find((e) => e.type === 'ach_return_rate.raised' && e.data.level === 'over'),
      );
      expect(over.data).toMatchObject({
        name: 'administrative',
        previous_level: 'warning',
        numerator: 2,
        denominator: 40,
      });
    });
  });
});
