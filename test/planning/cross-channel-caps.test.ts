import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { checkCallAt } from '../../src/domain/calls/call-rules.js';
import { getCompanyConfig } from '../../src/domain/companies/companies.js';
import { getCustomer } from '../../src/store/borrowers/customers.js';
import { callFromRow } from '../../src/store/scheduled-calls/scheduled-calls.js';

/**
 * Texts already sent count toward the state collection caps that count them at dial time
 * (940 CMR 7.04(1)(f): calls and texts together), and not toward Reg F's 7 calls in 7 days.
 */
describe.each(DIALECTS)('cross-channel collection caps at dial time on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  let companyId: string;
  let key: string;

  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });

  async function enrollCollections(id: string, address: Record<string, string>): Promise<void> {
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id,
        taskType: 'Collections',
        loanId: 'debt-1',
        timezone: 'America/New_York',
        phoneNumber: '(617) 555-0100',
        ...address,
      }),
    });
    expect(res.status).toBe(200);
  }

  let stepIndex = 50;
  async function sentTexts(customerId: string, hoursAgo: number[], channel = 'sms'): Promise<void> {
    const db = suite.database.db;
    const schedule = await tables(db).schedules().where({ company_id: companyId, customer_id: customerId }).first();
    await tables(db)
      .scheduledMessages()
      .insert(
        hoursAgo.map((h, i) => {
          const at = new Date(NOW.getTime() - h * 3600_000).toISOString();
          return {
            id: randomUUID(),
            company_id: companyId,
            customer_id: customerId,
            schedule_id: schedule!.id,
            loan_id: 'debt-1',
            task_type: 'Collections',
            purpose: 'collections',
            channel,
            step: `text-${i}`,
            step_index: stepIndex++,
            template: 't',
            scheduled_time: at,
            status: 'delivered',
            recipient: '+16175550100',
            sent_at: at,
            created_at: at,
            updated_at: at,
          };
        }),
      );
  }

  async function verdictOfFirstCall(customerId: string) {
    const db = suite.database.db;
    const row = await tables(db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
      .orderBy('scheduled_time')
      .first();
    const customer = (await getCustomer(db, companyId, customerId))!;
    return checkCallAt(
      db,
      await getCompanyConfig(db, companyId),
      customer,
      callFromRow(row!),
      new Date(
        Date.parse(row!.scheduled_time instanceof Date ? row!.scheduled_time.toISOString() : row!.scheduled_time),
      ),
    );
  }

  it('holds a Massachusetts call after two texts about the debt this week', async () => {
    await enrollCollections('ma-1', { state: 'MA', city: 'Boston', zipCode: '02108' });
    expect((await verdictOfFirstCall('ma-1')).kind).toBe('allowed');
    await sentTexts('ma-1', [30, 54]);
    const verdict = await verdictOfFirstCall('ma-1');
    expect(verdict.kind).toBe('later');
    expect(verdict.kind === 'later' && verdict.reason).toContain('ma-collection-call-frequency');
  });

  it('does not count emails in Massachusetts', async () => {
    await enrollCollections('ma-2', { state: 'MA', city: 'Boston', zipCode: '02108' });
    await sentTexts('ma-2', [30, 54], 'email');
    expect((await verdictOfFirstCall('ma-2')).kind).toBe('allowed');
  });

  it('counts texts and emails for a New York City customer: a 4th attempt in 7 days waits', async () => {
    await enrollCollections('nyc-1', {
      state: 'NY',
      city: 'Brooklyn',
      zipCode: '11201',
      phoneNumber: '(718) 555-0100',
    });
    await sentTexts('nyc-1', [30, 54]);
    await sentTexts('nyc-1', [78], 'email');
    const verdict = await verdictOfFirstCall('nyc-1');
    expect(verdict.kind).toBe('later');
    expect(verdict.kind === 'later' && verdict.reason).toContain('nyc-collection-contact-frequency');
  });
});
