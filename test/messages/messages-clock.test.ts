import { afterAll, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { startLocalChannels } from '../support/channels.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';

// A black-box run on the process clock: OUTREACH_CLOCK starts it at 10:59:30 in Chicago on a Tuesday;
// the messages planned for 11:00 go out when the moved clock, running in real time, reaches it.
const channelsByDialect = new Map(
  await Promise.all(
    DIALECTS.map(async (d) => [d, await startLocalChannels({ OUTREACH_CLOCK: '2026-12-08T16:59:30Z' })] as const),
  ),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
});

describe.each(DIALECTS)('email and SMS on the OUTREACH_CLOCK process clock on %s', (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  const suite = useTestService(dialect, { env: local.env });

  it("a replacement sync's 11:00 email and text are sent once the moved clock passes 11:00 local", async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const config = defaultCompanyConfig();
    await setCompanyConfig(suite.database.db, companyId, {
      ...config,
      taskTypes: config.taskTypes.map((t) =>
        t.name === 'Collections'
          ? {
              ...t,
              messages: [
                { id: 'e', channel: 'email' as const, day: 0, at: '11:00', template: 'n' },
                { id: 's', channel: 'sms' as const, day: 0, at: '11:00', template: 'n' },
              ],
            }
          : t,
      ),
      templates: { n: { subject: 'Reminder', body: 'Hi {{customer.firstName}}' } },
    });
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({ id: 'clock-1', taskType: 'Collections', isTest: true, email: 'clock-1@example.com' }),
    });
    expect(res.body.tasksCreated).toBe(3);
    const email = await eventually(
      () => local.smtp.received.find((m) => m.to.includes('clock-1@example.com')),
      110_000,
      'the moved clock to pass 11:00 and the email to arrive',
    );
    expect(email.subject).toBe('Reminder');
    await eventually(() => local.sms.messages.find((m) => m.to === '+15125550143'));
    const listed = await suite.t.call('GET', '/emails/clock-1', { key });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].timestamp >= '2026-12-08T17:00:00.000Z').toBe(true);
  }, 120_000); // waits for the moved clock to reach 11:00 in real time
});
