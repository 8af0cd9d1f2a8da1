import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { seedDueTexts } from '../support/message-seeds.js';
import { recordSmsSent, recordSmsStatus } from '../../src/domain/messages/sms-events.js';
import { sweepRetention } from '../../src/domain/retention/sweep.js';
import { createLogger } from '../../src/lib/logger.js';
import { claimDueMessages } from '../../src/store/scheduled-messages/scheduled-messages.js';
import { keepEarlyStatus } from '../../src/store/scheduled-messages/sms-early-statuses.js';

const NOW = '2026-12-08T15:00:00.000Z';

/**
 * The SMS provider reports a text's status as soon as it has answered the send, sometimes before
 * the sender has recorded the provider's message id: that report must not be lost.
 */
describe.each(DIALECTS)('SMS status reported before the send is recorded, on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  /** One text, claimed by a sender (status `sending`, no provider id yet). */
  async function claimedText(): Promise<{ companyId: string; id: string }> {
    const db = database.db;
    const {
      companyId,
      messageIds: [id],
    } = await seedDueTexts(db, NOW, 1);
    expect((await claimDueMessages(db, NOW, 100, 100)).map((m) => m.id)).toContain(id);
    return { companyId, id };
  }
  const sent = (sid: string) => ({
    status: 'sent' as const,
    recipient: '+12125550110',
    subject: null,
    content: 'hi',
    sandbox: true,
    providerMessageId: sid,
    reason: null,
  });
  const message = (id: string) =>
    tables(database.db).scheduledMessages().where({ id }).first('status', 'status_reason');
  const kept = () => tables(database.db).smsEarlyStatuses().select('provider_message_id', 'status');
  const at = new Date(NOW);

  it('a final status that arrives first is kept, then applied when the sender records the id', async () => {
    const { companyId, id } = await claimedText();
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    expect(await recordSmsStatus(database.db, { MessageSid: sid, MessageStatus: 'sent' }, at)).toBe(false);
    expect(
      await recordSmsStatus(database.db, { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' }, at),
    ).toBe(false);
    expect(
      await recordSmsStatus(database.db, { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' }, at),
    ).toBe(false); // repeated
    expect((await kept()).map((k) => k.status).sort()).toEqual(['sent', 'undelivered']);
    await recordSmsSent(database.db, companyId, id, sent(sid), NOW);
    expect(await message(id)).toEqual({
      status: 'undelivered',
      status_reason: '30003: Unreachable destination handset',
    });
    expect(await kept()).toEqual([]);
  });

  it('in the usual order a report applies at once and nothing is kept; an older one for a known text changes nothing', async () => {
    const { companyId, id } = await claimedText();
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    await recordSmsSent(database.db, companyId, id, sent(sid), NOW);
    expect(await recordSmsStatus(database.db, { MessageSid: sid, MessageStatus: 'delivered' }, at)).toBe(true);
    expect(await recordSmsStatus(database.db, { MessageSid: sid, MessageStatus: 'sent' }, at)).toBe(false);
    expect(await message(id)).toEqual({ status: 'delivered', status_reason: null });
    expect(await kept()).toEqual([]);
  });

  it('the retention sweep forgets a status whose message id was not recorded within a day, and keeps a newer one', async () => {
    const hour = 3_600_000;
    const stale = `SM${randomUUID().replace(/-/g, '')}`;
    const fresh = `SM${randomUUID().replace(/-/g, '')}`;
    await keepEarlyStatus(database.db, stale, 'delivered', null, new Date(at.getTime() - 25 * hour).toISOString());
    await keepEarlyStatus(database.db, fresh, 'delivered', null, new Date(at.getTime() - 23 * hour).toISOString());
    expect((await sweepRetention(database.db, at, createLogger('silent'))).smsEarlyStatuses).toBe(1);
    expect((await kept()).map((k) => k.provider_message_id)).toEqual([fresh]);
  });
});
