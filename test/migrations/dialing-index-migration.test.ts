import { beforeAll, describe, expect, it } from 'vitest';
import * as dialingIndex from '../../migrations/20261126_025_enroll_dialing_index.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { indexValidity, plantScheduledCalls } from '../support/migrations.js';
import { tables } from '../support/tables.js';

const AT = '2026-11-26T12:00:00.000Z';
const ADDED = 'scheduled_calls_company_dialing_idx';
const REPLACED = 'scheduled_calls_company_id_status_scheduled_time_index';

/**
 * Migration 025 replaces the scheduled calls' (company, status, time) index with a partial one on
 * the calls dialing: a re-run is harmless, `down` restores, an INVALID leftover on Postgres is
 * rebuilt, and the dial claim's per-company count of calls dialing reads the new index.
 */
describe.each(DIALECTS)('dialing index migration on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  let companyId: string;

  beforeAll(async () => {
    db = database.db;
    ({ companyId } = await createCompany(db, 'Dialing Lending', new Date(AT)));
    await plantScheduledCalls(db, companyId, AT, ['dialing', 'pending', 'pending']);
  });

  async function expectMigrated(): Promise<void> {
    const present = await indexValidity(db);
    expect(present.get(ADDED)).toBe(true);
    expect(present.has(REPLACED)).toBe(false);
  }

  it('adds the partial dialing index and drops the (company, status, time) one', async () => {
    await expectMigrated();
  });

  it('a re-run is harmless; down restores; up again (on a table with rows) migrates again', async () => {
    await dialingIndex.up(db);
    await expectMigrated();
    await dialingIndex.down(db);
    const present = await indexValidity(db);
    expect(present.get(REPLACED)).toBe(true);
    expect(present.has(ADDED)).toBe(false);
    await dialingIndex.up(db);
    await expectMigrated();
  });

  it.runIf(dialect === 'postgres')('an INVALID index left by an interrupted concurrent build is rebuilt', async () => {
    await db.raw(`DROP INDEX ${ADDED}`);
    // A unique build over duplicate values fails and, built concurrently, leaves its index INVALID.
    await expect(db.raw(`CREATE UNIQUE INDEX CONCURRENTLY ${ADDED} ON scheduled_calls (company_id)`)).rejects.toThrow();
    expect((await indexValidity(db)).get(ADDED)).toBe(false);
    await dialingIndex.up(db);
    await expectMigrated();
    const def = await db.raw(`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ?`, [
      ADDED,
    ]);
    expect(def.rows[0].indexdef).toContain("WHERE ((status)::text = 'dialing'::text)");
  });

  it("the claim counts the company's calls dialing against its room", async () => {
    // Room 2 with one call dialing: one of the two due calls is claimed.
    await tables(db)
      .companies()
      .where({ id: companyId })
      .update({ config: JSON.stringify({ ...(await companyConfig()), calls: { maxConcurrentCalls: 2 } }) });
    const claimed = await claimDueCalls(db, '2026-11-26T13:00:00.000Z', { batch: 10, defaultConcurrency: 10 });
    expect(claimed.filter((c) => c.companyId === companyId)).toHaveLength(1);
  });

  async function companyConfig(): Promise<Record<string, unknown>> {
    const row = await tables(db).companies().where({ id: companyId }).first('config');
    return typeof row!.config === 'string' ? JSON.parse(row!.config) : row!.config;
  }

  it.runIf(dialect === 'sqlite')("the claim's count of calls dialing reads the partial index", async () => {
    const plan: Array<{ detail: string }> = await db.raw(
      `EXPLAIN QUERY PLAN SELECT count(*) FROM scheduled_calls b WHERE b.company_id = ? AND b.status = 'dialing'`,
      [companyId],
    );
    expect(plan.map((p) => p.detail).join('\n')).toContain(ADDED);
  });
});
