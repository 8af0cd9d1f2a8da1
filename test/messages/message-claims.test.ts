import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { seedDueTexts } from '../support/message-seeds.js';
import { openDb } from '../../src/store/shared/db.js';
import { claimDueMessages, failStaleSending } from '../../src/store/scheduled-messages/scheduled-messages.js';

const NOW = '2026-12-08T15:00:00.000Z';

/** Claims of due messages: one statement, never the same message twice, fair across companies. */
describe.each(DIALECTS)('message claims on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  const seed = async (count: number, dueBy = NOW): Promise<string> =>
    (await seedDueTexts(database.db, NOW, count, dueBy)).companyId;

  it('concurrent claimers (separate connections) never get the same message, and together get all due ones', async () => {
    await seed(60);
    const others =
      dialect === 'postgres' ? [openDb(database.url), openDb(database.url), openDb(database.url)] : [database.db];
    try {
      const rounds = await Promise.all(
        others.flatMap((db) => [claimDueMessages(db, NOW, 25, 100), claimDueMessages(db, NOW, 25, 100)]),
      );
      let more = await claimDueMessages(database.db, NOW, 100, 100);
      const ids = [...rounds.flat(), ...more].map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(60);
      more = await claimDueMessages(database.db, NOW, 100, 100);
      expect(more).toHaveLength(0);
    } finally {
      if (dialect === 'postgres') await Promise.all(others.map((db) => db.destroy()));
    }
  });

  it('a round takes at most perCompany messages of one company, so another company is served in the same round', async () => {
    const big = await seed(30);
    const small = await seed(2);
    const claimed = await claimDueMessages(database.db, NOW, 10, 5);
    const byCompany = (id: string) => claimed.filter((m) => m.companyId === id).length;
    expect(byCompany(big)).toBe(5);
    expect(byCompany(small)).toBe(2);
  });

  it('messages not yet due are not claimed; a claim whose sender died is failed, never sent again', async () => {
    const company = await seed(1, '2026-12-09T15:00:00.000Z');
    expect((await claimDueMessages(database.db, NOW, 100, 100)).filter((m) => m.companyId === company)).toHaveLength(0);
    const later = '2026-12-09T16:00:00.000Z';
    const [claimed] = (await claimDueMessages(database.db, later, 100, 100)).filter((m) => m.companyId === company);
    expect(claimed.status).toBe('sending');
    expect(
      await failStaleSending(database.db, '2026-12-09T17:00:00.000Z', '2026-12-09T17:00:00.000Z'),
    ).toBeGreaterThanOrEqual(1);
    const row = await tables(database.db).scheduledMessages().where({ id: claimed.id }).first();
    expect(row!.status).toBe('failed');
    expect(row!.status_reason).toMatch(/^interrupted/);
    expect((await claimDueMessages(database.db, later, 100, 100)).map((m) => m.id)).not.toContain(claimed.id);
  });
});
