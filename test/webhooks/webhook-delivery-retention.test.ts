import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import { sweepRetention } from '../../src/domain/retention/sweep.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { createLogger } from '../../src/lib/logger.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { insertDelivery } from '../support/webhook-deliveries.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-12-08T15:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** The delivery log keeps a settled delivery 30 days after its event, a pending one until it settles (src/domain/retention/sweep.ts). */
describe.each(DIALECTS)('retention sweep of webhook deliveries on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  beforeAll(async () => {
    db = database.db;
  });

  it('deletes delivered and dead deliveries created more than 30 days ago, never a pending one', async () => {
    const { companyId } = await createCompany(db, 'Log', ago(100));
    const endpointId = (await addWebhookEndpoint(db, companyId, 'http://127.0.0.1:9/hooks', ago(100))).id;
    const add = (id: string, daysAgo: number, status: 'pending' | 'delivered' | 'dead') =>
      insertDelivery(db, { companyId, endpointId }, id, {
        nextAttemptAt: ago(daysAgo).getTime(),
        createdAt: ago(daysAgo).toISOString(),
        status,
      });
    await add('delivered-31', 31, 'delivered');
    await add('dead-45', 45, 'dead');
    await add('pending-60', 60, 'pending');
    await add('delivered-29', 29, 'delivered');
    await add('dead-1', 1, 'dead');

    const swept = await sweepRetention(db, NOW, createLogger('silent'));
    expect(swept.webhookDeliveries).toBe(2);
    expect((await tables(db).webhookDeliveries().orderBy('id').pluck('id')).sort()).toEqual([
      'dead-1',
      'delivered-29',
      'pending-60',
    ]);
    expect((await sweepRetention(db, NOW, createLogger('silent'))).webhookDeliveries).toBe(0);
  });
});
