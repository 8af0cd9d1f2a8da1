import { describe, expect, it } from 'vitest';
import * as lifecycle from '../../migrations/20261128_053_promise_lifecycle.js';
import { getPromise } from '../../src/store/promises/promises.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { migrationsUpTo } from '../support/migrations.js';

/**
 * Migration 053 adds the promise lifecycle's columns and partial indexes to `promises`: a promise
 * recorded before it gets a window (the default grace of 3 days, closing no earlier than midnight
 * in any US zone), `down` removes them and `up` runs again.
 */
describe.each(DIALECTS)('promise lifecycle migration on %s', (dialect) => {
  const database = useTestDatabase(dialect, {
    migrate: (d) => d.migrate.latest(migrationsUpTo('20261128_045_voice_account_alerts')),
  });

  it('gives earlier promises a window; down and up again', async () => {
    const db = database.db;
    await db('promises').insert({
      company_id: 'co',
      id: 'p-1',
      customer_id: 'cu',
      loan_id: null,
      call_id: 'call-1',
      amount: '150.00',
      promised_date: '2026-12-11',
      status: 'open',
      paid_amount: '0.00',
      created_at: '2026-12-08T15:00:00.000Z',
      updated_at: '2026-12-08T15:00:00.000Z',
    });
    await lifecycle.up(db);
    expect(await getPromise(db, 'co', 'p-1')).toMatchObject({
      madeOn: '2026-12-07',
      dueDate: '2026-12-14',
      dueAt: '2026-12-15T12:00:00.000Z',
      followUpDue: false,
      followUpCallId: null,
    });
    await lifecycle.down(db);
    expect(Object.keys((await db('promises').where({ id: 'p-1' }).first()) as object)).not.toContain('due_at');
    await lifecycle.up(db);
    expect(await getPromise(db, 'co', 'p-1')).toMatchObject({ dueDate: '2026-12-14' });
  });
});
