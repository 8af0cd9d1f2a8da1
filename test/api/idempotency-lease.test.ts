import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { claimKey, finishKey, getRecord } from '../../src/store/shared/idempotency.js';
import { useTestDatabase } from '../support/suite.js';

const AT = '2026-12-08T15:00:00.000Z';

/**
 * The lease of the one-transaction claim on Postgres: a process that claimed a key and then stops
 * (hangs inside its transaction, or dies) holds the key only until Postgres ends its idle session.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('a claimed key whose holder stops responding (postgres)', () => {
  const database = useTestDatabase('postgres');
  let holder: Db;
  let company: string;
  beforeAll(async () => {
    holder = openDb(database.url);
    company = (await createCompany(database.db, 'Lease', new Date(AT))).companyId;
  });
  afterAll(async () => {
    await holder.destroy();
  });

  const claimElsewhere = () => database.db.transaction((trx) => claimKey(trx, company, 'key-1', AT, 30));

  it("is busy at once for everyone else, then free when the holder's lease runs out", { timeout: 30_000 }, async () => {
    const trx = await holder.transaction();
    // A 3 s lease: the two claims below must see it held, even on a slow machine.
    expect(await claimKey(trx, company, 'key-1', AT, 3)).toEqual({ state: 'free' });
    const response = { status: 200, body: { ok: true }, headers: {} };
    await finishKey(
      trx,
      company,
      'key-1',
      { operation: 'op', fingerprint: 'f', response, at: AT, expiresAt: '2027-01-07T15:00:00.000Z' },
      null,
    );
    expect(await claimElsewhere()).toEqual({ state: 'busy', fingerprint: null });
    expect(await database.db.transaction((t) => claimKey(t, company, 'another-key', AT, 30))).toEqual({
      state: 'free',
    });

    // The holder now sits idle in its transaction, as a hung process would; nobody waits on it.
    let state = (await claimElsewhere()).state;
    for (let i = 0; i < 100 && state === 'busy'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await claimElsewhere()).state;
    }
    expect(state).toBe('free');
    await trx.commit().catch(() => undefined); // its session was ended: nothing it did can commit
    expect(await getRecord(database.db, company, 'key-1')).toBeNull();
  });
});
