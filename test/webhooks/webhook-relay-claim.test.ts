import { beforeAll, describe, expect, it } from 'vitest';
import * as webhookDeliveryIndexes from '../../migrations/20261127_027_webhook_delivery_indexes.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import type { Db } from '../../src/store/shared/db.js';
import { claimDueDeliveries } from '../../src/store/webhooks/webhooks.js';
import { DIALECTS } from '../support/databases.js';
import { insertDelivery } from '../support/webhook-deliveries.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const NOW = Date.parse('2026-11-26T15:00:00.000Z');

/**
 * The webhook relay's claim (src/store/webhooks/webhooks.ts): due pending deliveries not yet handed
 * to the queue, oldest due first, each once. On Postgres the flip of `enqueued` is a HOT update
 * (migration 027): no index names the column, so claiming a delivery writes no index entry.
 */
describe.each(DIALECTS)('webhook relay claim on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  let companyId: string;
  let endpointId: string;
  beforeAll(async () => {
    db = database.db;
    ({ companyId } = await createCompany(db, 'Relay', new Date(NOW)));
    endpointId = (await addWebhookEndpoint(db, companyId, 'http://127.0.0.1:9/hooks', new Date(NOW))).id;
  });

  const delivery = (id: string, dueInMs: number, status?: 'pending' | 'delivered' | 'dead', enqueued?: boolean) =>
    insertDelivery(db, { companyId, endpointId }, id, {
      nextAttemptAt: NOW + dueInMs,
      createdAt: new Date(NOW).toISOString(),
      status,
      enqueued,
    });

  it('takes the due pending deliveries not yet enqueued, oldest due first, and each only once', async () => {
    await delivery('due-late', -1_000);
    await delivery('due-early', -60_000);
    await delivery('due-now', 0);
    await delivery('future', 1_000);
    await delivery('enqueued', -120_000, 'pending', true);
    await delivery('delivered', -120_000, 'delivered');
    await delivery('dead', -120_000, 'dead');
    // The order of the returned ids is not the claim's order; which ones it took is.
    expect((await db.transaction((trx) => claimDueDeliveries(trx, NOW, 2))).sort()).toEqual(['due-early', 'due-late']);
    expect(await db.transaction((trx) => claimDueDeliveries(trx, NOW, 10))).toEqual(['due-now']);
    expect(await db.transaction((trx) => claimDueDeliveries(trx, NOW, 10))).toEqual([]);
    expect(await db.transaction((trx) => claimDueDeliveries(trx, NOW + 1_000, 10))).toEqual(['future']);
  });

  it.runIf(dialect === 'postgres')('flips enqueued without writing an index entry (HOT updates)', async () => {
    await tables(db).webhookDeliveries().del();
    for (let i = 0; i < 20; i++) await delivery(`hot-${String(i).padStart(2, '0')}`, -i);
    // This transaction's counters, read before and after: the backend's pending counts may hold
    // earlier transactions' too (Postgres 15), so only the difference is the claim's. Three rows:
    // the new versions must fit in the free fifth of the page they are on (fillfactor 80).
    const counts = async (trx: Db) =>
      (
        await trx.raw(
          `SELECT n_tup_upd AS updated, n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relid = 'webhook_deliveries'::regclass`,
        )
      ).rows[0];
    const [before, after] = await db.transaction(async (trx) => {
      const first = await counts(trx);
      expect(await claimDueDeliveries(trx, NOW, 3)).toHaveLength(3);
      return [first, await counts(trx)];
    });
    expect({ updated: after.updated - before.updated, hot: after.hot - before.hot }).toEqual({ updated: 3, hot: 3 });
  });
});

/** Migration 027: a re-run is harmless, `down` restores the old index and the default fillfactor, `up` again migrates again. */
describe.each(DIALECTS)('webhook delivery index migration on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  async function state(db: Db): Promise<{ indexes: string[]; fillfactor: string | null }> {
    if (dialect === 'postgres') {
      const r = await db.raw(
        `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'webhook_deliveries' ORDER BY 1`,
      );
      const o = await db.raw(`SELECT reloptions FROM pg_class WHERE oid = 'webhook_deliveries'::regclass`);
      return {
        indexes: r.rows.map((x: { indexname: string }) => x.indexname),
        fillfactor: o.rows[0].reloptions?.join(',') ?? null,
      };
    }
    const rows: Array<{ name: string }> = await db.raw(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'webhook_deliveries' AND sql IS NOT NULL ORDER BY 1`,
    );
    return { indexes: rows.map((x) => x.name), fillfactor: null };
  }
  const migrated = (indexes: string[]) =>
    expect(indexes).toEqual(expect.arrayContaining(['webhook_deliveries_due_idx', 'webhook_deliveries_settled_idx']));

  it('a re-run is harmless; down restores; up again migrates again', async () => {
    const db = database.db;
    const first = await state(db);
    migrated(first.indexes);
    expect(first.indexes).not.toContain('webhook_deliveries_status_enqueued_next_attempt_at_index');
    expect(first.fillfactor).toBe(dialect === 'postgres' ? 'fillfactor=80' : null);
    await webhookDeliveryIndexes.up(db);
    expect(await state(db)).toEqual(first);
    await webhookDeliveryIndexes.down(db);
    const down = await state(db);
    expect(down.indexes).toContain('webhook_deliveries_status_enqueued_next_attempt_at_index');
    expect(down.indexes).not.toContain('webhook_deliveries_due_idx');
    expect(down.fillfactor).toBeNull();
    await webhookDeliveryIndexes.up(db);
    expect(await state(db)).toEqual(first);
  });
});
