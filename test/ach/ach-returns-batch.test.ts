import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, achApi } from '../support/ach.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('POST /ach-returns/batch on %s', (dialect) => {
  let companyId: string;
  let key: string;
  let ach: AchApi;
  let other: AchApi;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeAll(async () => {
    const company = await suite.t.company();
    companyId = company.companyId;
    key = company.apiKey;
    ach = achApi(suite.t, suite.database.db, companyId, key);
    const second = await suite.t.company();
    other = achApi(suite.t, suite.database.db, second.companyId, second.apiKey);
  });

  const batch = (body: unknown) => suite.t.call('POST', '/ach-returns/batch', { key, body });
  const historyCount = async (customerId: string) =>
    Number(
      (
        await tables(suite.database.db)
          .achReturnHistory()
          .where({ company_id: companyId, customer_id: customerId })
          .count({ n: '*' })
      )[0].n,
    );

  it('1,000 rows with 10 bad ones: 990 applied, 10 failed at their indexes; a resubmission adds no history', async () => {
    const p = await ach.achPayment('bulk');
    // 990 payments of one loan, placed directly: boarding them one request at a time is not what is under test.
    const at = NOW.toISOString();
    const rows = Array.from({ length: 990 }, (_, i) => ({
      id: `row-${i}`,
      company_id: companyId,
      customer_id: p.customerId,
      loan_id: 'l-1',
      payment_id: `bulk-${i}`,
      payment_method_id: p.methodId,
      payment_date: '2026-11-02',
      payment_reversed: false,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await tables(suite.database.db)
        .payments()
        .insert(rows.slice(i, i + 100));
    await other.achPayment('foreign');

    const bad: Record<number, [number, string]> = {
      3: [404, 'Payment nope-3 of loan l-1 for customer c-bulk not found'],
      97: [404, 'Payment p-1 of loan l-1 for customer c-foreign not found'],
      150: [400, 'ach_return_date: is required with ach_return_code'],
      222: [400, 'payment_id: is required'],
      301: [400, 'body: must be object'],
      450: [400, 'ach_return_code: R99 is not supported; use R01 to R29 or R51'],
      512: [400, 'ach_return_date: 2026-12-01 is in the future'],
      640: [400, 'ach_return_date: 2026-10-01 is before the payment date 2026-11-02'],
      777: [400, 'customer_id: must NOT have more than 255 characters'],
      999: [400, 'payment_id: must be string'],
    };
    const badRow = (i: number): unknown => {
      const base = { customer_id: p.customerId, loan_id: 'l-1', ach_return_code: 'R01', ach_return_date: '2026-11-05' };
      switch (i) {
        case 3:
          return { ...base, payment_id: 'nope-3' };
        case 97:
          return { ...base, customer_id: 'c-foreign', payment_id: 'p-1' };
        case 150:
          return { ...base, payment_id: 'bulk-0', ach_return_date: undefined };
        case 222:
          return { ...base };
        case 301:
          return 'R01';
        case 450:
          return { ...base, payment_id: 'bulk-0', ach_return_code: 'R99' };
        case 512:
          return { ...base, payment_id: 'bulk-0', ach_return_date: '2026-12-01' };
        case 640:
          return { ...base, payment_id: 'bulk-0', ach_return_date: '2026-10-01' };
        case 777:
          return { ...base, customer_id: 'c'.repeat(256), payment_id: 'bulk-0' };
        default:
          return { ...base, payment_id: 42 };
      }
    };
    let next = 0;
    const submitted = Array.from({ length: 1000 }, (_, i) =>
      bad[i]
        ? badRow(i)
        : {
            customer_id: p.customerId,
            loan_id: 'l-1',
            payment_id: `bulk-${next++}`,
            ach_return_code: 'R01',
            ach_return_date: '2026-11-05',
          },
    );
    expect(next).toBe(990);

    const first = await batch({ returns: submitted });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: 990, failed: 10 });
    expect(first.body.results).toHaveLength(1000);
    const failures = first.body.results.filter((r: any) => !r.success);
    expect(failures).toEqual(
      Object.entries(bad).map(([i, [error, message]]) => ({ index: Number(i), success: false, error, message })),
    );
    expect(first.body.results[0]).toEqual({
      index: 0,
      success: true,
      message: 'ACH return R01 recorded for payment bulk-0',
    });
    expect(await historyCount(p.customerId)).toBe(990);
    expect((await ach.getPayment(p.customerId, 'l-1', 'bulk-989')).body.transaction).toMatchObject({
      status: 'RETURNED',
      payment_reverse_reason_code: 'R01',
    });
    // The other company's payment was not touched.
    expect((await other.getPayment('c-foreign', 'l-1', 'p-1')).body).toMatchObject({
      transaction: { status: 'SUBMITTED' },
      return_history: [],
    });

    const again = await batch({ returns: submitted });
    expect(again.body).toMatchObject({ applied: 990, failed: 10 });
    expect(again.body.results[0].message).toBe(
      'ACH return R01 for payment bulk-0 was already recorded; return history unchanged',
    );
    expect(await historyCount(p.customerId)).toBe(990);
  }, 300_000); // two 1,000-row batches: ~5 s on SQLite, ~17 s on Postgres when the machine is idle; much more when it is shared

  it('rows run in order: the same event twice in one batch records once; a row sees the history before it', async () => {
    const p = await ach.achPayment('order');
    const row = (code: string, date: string) => ({ ...p.ids, ach_return_code: code, ach_return_date: date });
    const res = await batch({
      returns: [row('R01', '2026-11-05'), row('R01', '2026-11-05'), row('R09', '2026-11-12')],
    });
    expect(res.body.results.map((r: any) => r.message)).toEqual([
      'ACH return R01 recorded for payment p-1',
      'ACH return R01 for payment p-1 was already recorded; return history unchanged',
      'ACH return R09 recorded for payment p-1',
    ]);
    const history = (await p.read()).return_history;
    expect(history.map((h: any) => [h.ach_return_code, h.risk.representmentsLast180Days])).toEqual([
      ['R01', 0],
      ['R09', 1],
    ]);
  });

  it('a failed row changes nothing, not even the fields it would have set before failing', async () => {
    const p = await ach.achPayment('atomic');
    const res = await batch({
      returns: [{ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-10-30', payment_reverse_comments: 'x' }],
    });
    expect(res.body).toEqual({
      applied: 0,
      failed: 1,
      results: [
        {
          index: 0,
          success: false,
          error: 400,
          message: 'ach_return_date: 2026-10-30 is before the payment date 2026-11-02',
        },
      ],
    });
    expect((await p.read()).transaction).toMatchObject({ status: 'SUBMITTED', payment_reverse_comments: null });
  });

  it.each([
    ['an empty batch', { returns: [] }, 'returns: must NOT have fewer than 1 items'],
    [
      '1,001 rows',
      { returns: Array.from({ length: 1001 }, () => ({})) },
      'returns: must NOT have more than 1000 items',
    ],
    ['no returns array', { items: [] }, 'returns: is required'],
  ])('%s is 400 for the whole request', async (_name, body, message) => {
    const res = await batch(body);
    expect(res).toMatchObject({ status: 400, body: { error: 400, message } });
  });

  it('the single operation answers as a batch of one row would', async () => {
    const p = await ach.achPayment('single');
    const single = await ach.achReturn({ ...p.ids, ach_return_code: 'R01' });
    expect(single).toMatchObject({
      status: 400,
      body: { error: 400, message: 'ach_return_date: is required with ach_return_code' },
    });
    const unknown = await ach.achReturn({ ...p.ids, payment_id: 'p-none' });
    const row = await batch({ returns: [{ ...p.ids, payment_id: 'p-none' }] });
    expect(row.body.results[0]).toEqual({
      index: 0,
      success: false,
      error: unknown.status,
      message: unknown.body.message,
    });
  });
});
