import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { seedCollectionsCall } from '../support/call-seeds.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { setProviderCalls, takeDialLeases } from '../../src/store/scheduled-calls/dial-states.js';
import { insertCallsOnce } from '../../src/store/calls/calls.js';

/** The batch statements of a dial batch keep the per-call guards: only eligible calls are taken, recorded once. */
describe.each(DIALECTS)('dial batch statements on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const at = '2026-12-08T15:00:00.000Z';
  const ids: string[] = [];

  beforeAll(async () => {
    ({ companyId } = await createCompany(database.db, 'Batch', new Date(at)));
  });

  beforeEach(async () => {
    const db = database.db;
    await tables(db).calls().delete();
    await tables(db).scheduledCalls().delete();
    await tables(db).schedules().delete();
    await tables(db).customers().delete();
    ids.length = 0;
    for (let i = 0; i < 4; i++) {
      const id = randomUUID();
      ids.push(id);
      await seedCollectionsCall(
        db,
        companyId,
        {
          customerId: `c${i}`,
          scheduledCallId: id,
          phone: `+1212555010${i}`,
          status: 'dialing',
          scheduledTime: at,
          isTest: false,
          transferDestination: 'queue:x',
        },
        at,
      );
    }
  });

  it('takes the lease only of calls dialing, without a provider call and without an unexpired lease', async () => {
    const db = database.db;
    await tables(db).scheduledCalls().where({ id: ids[1] }).update({ dial_lease_until: '2026-12-08T16:00:00.000Z' }); // another worker holds it
    await tables(db).scheduledCalls().where({ id: ids[2] }).update({ provider_call_id: 'call_x', provider: 'live' }); // placed already
    await tables(db).scheduledCalls().where({ id: ids[3] }).update({ dial_lease_until: '2026-12-08T14:00:00.000Z' }); // a dead worker's lease
    const taken = await takeDialLeases(
      db,
      ids.map((id) => ({ companyId, id })),
      at,
      '2026-12-08T15:01:00.000Z',
    );
    expect(taken.map((c) => c.id).sort()).toEqual([ids[0], ids[3]].sort());
    expect(taken.every((c) => c.dialAttempts === 1)).toBe(true);
    expect(
      await takeDialLeases(
        db,
        ids.map((id) => ({ companyId, id })),
        at,
        '2026-12-08T15:01:00.000Z',
      ),
    ).toEqual([]); // now held by this worker
    expect(
      await takeDialLeases(
        db,
        [{ companyId: 'another-company', id: ids[0] }],
        '2026-12-08T15:02:00.000Z',
        '2026-12-08T15:03:00.000Z',
      ),
    ).toEqual([]);
  });

  it('records each answer on its own call, once: a call an early callback recorded keeps its record', async () => {
    const db = database.db;
    const early = await insertCallsOnce(
      db,
      [
        {
          id: randomUUID(),
          companyId,
          customerId: 'c1',
          scheduledCallId: ids[1],
          provider: 'live',
          providerCallId: 'call_early',
          toPhoneNumber: '+12125550101',
          fromPhoneNumber: null,
          timestamp: at,
        },
      ],
      at,
    );
    await setProviderCalls(
      db,
      [
        {
          companyId,
          id: ids[1],
          provider: 'live',
          providerCallId: 'call_early',
          callId: early.get(ids[1])!.id,
          dialedAt: at,
        },
      ],
      at,
    );

    const answers = ids.slice(0, 3).map((id, i) => ({
      id: randomUUID(),
      companyId,
      customerId: `c${i}`,
      scheduledCallId: id,
      provider: 'live',
      providerCallId: `call_${i}`,
      toPhoneNumber: `+1212555010${i}`,
      fromPhoneNumber: null,
      timestamp: at,
    }));
    const rows = await insertCallsOnce(db, answers, at);
    expect(rows.get(ids[1])!.providerCallId).toBe('call_early');
    const changed = await setProviderCalls(
      db,
      ids.slice(0, 3).map((id) => ({
        companyId,
        id,
        provider: 'live',
        providerCallId: rows.get(id)!.providerCallId,
        callId: rows.get(id)!.id,
        dialedAt: '2026-12-08T15:00:05.000Z',
      })),
      at,
    );
    expect(changed).toBe(2); // ids[1] already had its provider call
    const after = await tables(db)
      .scheduledCalls()
      .whereIn('id', ids)
      .select('id', 'provider_call_id', 'call_id', 'dialed_at');
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(ids[0])!.provider_call_id).toBe('call_0');
    expect(byId.get(ids[0])!.call_id).toBe(rows.get(ids[0])!.id);
    expect(new Date(byId.get(ids[0])!.dialed_at!).toISOString()).toBe('2026-12-08T15:00:05.000Z');
    expect(byId.get(ids[1])!.provider_call_id).toBe('call_early');
    expect(new Date(byId.get(ids[1])!.dialed_at!).toISOString()).toBe(at);
    expect(byId.get(ids[2])!.provider_call_id).toBe('call_2');
    expect(byId.get(ids[3])!.provider_call_id).toBeNull();
    expect(await tables(db).calls().count({ n: '*' })).toEqual([{ n: dialect === 'postgres' ? '3' : 3 }]);
  });
});
