import { randomUUID } from 'node:crypto';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { Db } from '../../src/store/shared/db.js';
import { insertMessages } from '../../src/store/scheduled-messages/scheduled-messages.js';
import { insertSchedule } from '../../src/store/planning/schedules.js';
import { tables } from './tables.js';

/**
 * A new company with one test customer (`cust-1`) and `count` due collections texts of one
 * schedule, written by the store's own insert paths; the texts are due one second apart, the last
 * one a second before `dueBy`. Used by the tests of the message claim and of SMS statuses.
 */
export async function seedDueTexts(
  db: Db,
  now: string,
  count: number,
  dueBy: string = now,
): Promise<{ companyId: string; messageIds: string[] }> {
  const { companyId } = await createCompany(db, `c-${randomUUID()}`, new Date(now));
  await tables(db).customers().insert({
    company_id: companyId,
    id: 'cust-1',
    first_name: 'A',
    last_name: 'B',
    do_not_call: false,
    is_test: true,
    created_at: now,
    updated_at: now,
  });
  const scheduleId = randomUUID();
  await insertSchedule(db, companyId, {
    id: scheduleId,
    customerId: 'cust-1',
    cadenceId: null,
    source: 'replace',
    channel: 'sms',
    taskType: 'Collections',
    cadence: 'x',
    loanId: null,
    at: now,
  });
  const messageIds = Array.from({ length: count }, () => randomUUID());
  await insertMessages(
    db,
    companyId,
    messageIds.map((id, i) => ({
      id,
      customerId: 'cust-1',
      scheduleId,
      loanId: null,
      taskType: 'Collections',
      purpose: 'collections',
      channel: 'sms' as const,
      step: `s${i}`,
      stepIndex: i,
      template: 't',
      scheduledTime: new Date(Date.parse(dueBy) - (count - i) * 1000).toISOString(),
      explanation: null,
    })),
    now,
  );
  return { companyId, messageIds };
}
