import { attestWrittenConsent } from '../support/calls.js';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { eventually } from '../support/eventually.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { useTestDatabase, type SuiteDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { accountSlotsHeld, getVoiceAccount } from '../../src/store/calls/voice-accounts.js';

const CUSTOMERS = 40;
const ACCOUNT_LIMIT = 8;

/**
 * `outreach worker` in its own process, dialing through the shared simulator; lost dial messages
 * (and dial leases) come back after 8 s; a create request times out after 4 s (half the lease).
 */
function startWorker(database: SuiteDatabase, simulator: VoiceSimulator, apiUrl: string) {
  return startWorkerProcess(database.url, {
    PUBLIC_BASE_URL: apiUrl,
    OUTREACH_CLOCK: '2026-12-08T15:00:30Z', // 10:00:30 in New York: every first call is due
    OUTREACH_VOICE_SIMULATOR_URL: simulator.url,
    OUTREACH_CALLS_CONCURRENCY: '4',
    OUTREACH_CALLS_POLL_MS: '50',
    OUTREACH_CALLS_DIAL_TIMEOUT_SECONDS: '8',
    OUTREACH_JOBS_MAINTENANCE_SECONDS: '1',
    OUTREACH_RECORDINGS_DIR: path.join(os.tmpdir(), 'outreach-crash-recordings'),
  });
}

const describePostgres = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

describePostgres('a dispatching worker killed with SIGKILL mid-run (Postgres)', () => {
  // Also the account's limit across processes (docs/architecture/decisions/dial-claim-order.md).
  const database = useTestDatabase('postgres');
  let t: TestService; // API only: it receives the callbacks; the worker processes dial
  let simulator: VoiceSimulator;
  let key: string;
  let companyId: string;

  beforeAll(async () => {
    // Every create request is answered 300 ms after the call was placed: a kill leaves calls placed but unrecorded.
    // Answers come 1.5 s after a create request and callbacks 2.5 s later still, so when the worker is
    // killed some calls are accepted by the provider but not yet recorded anywhere (the crash window).
    // The account takes 8 calls at once (Retell's get-concurrency, read by each worker at start): fewer
    // than the company's 10, so the account's limit is the one that caps the workers.
    simulator = await startVoiceSimulator({
      createLatencyMs: 1500,
      timeline: { startedMs: 4000, endedMs: 4500, analyzedMs: 5000 },
      concurrencyLimit: ACCOUNT_LIMIT,
    });
    t = await startTestService(database.db, {
      workers: false,
      now: () => NOW,
      env: { OUTREACH_VOICE_SIMULATOR_URL: simulator.url },
    });
    ({ apiKey: key, companyId } = await t.company());
    // The non-test leads' written consent is attested (docs/partners/consent.md): this suite is about crashes mid-dial.
    await attestWrittenConsent(database.db, companyId);
    for (let i = 0; i < CUSTOMERS; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, CUSTOMERS - i) }, async (_, j) => {
          const n = i + j;
          const res = await t.call('POST', '/customers/schedule/sync', {
            key,
            headers: { 'Idempotency-Key': newKey() },
            body: enrollBody({ id: `crash-${n}`, loanId: `loan-${n}`, phoneNumber: `(212) 736-${String(5000 + n)}` }),
          });
          expect(res.status).toBe(200);
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await simulator?.close();
  });

  it('no scheduled call is dialed twice, and the next worker dials every due call', { timeout: 180_000 }, async () => {
    const due = await tables(database.db).scheduledCalls().where({ company_id: companyId, step_index: 0 }).pluck('id');
    expect(due).toHaveLength(CUSTOMERS);

    // The account's slots held (calls dialing on it), watched through the whole run, kill included.
    let mostHeld = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        mostHeld = Math.max(mostHeld, await accountSlotsHeld(database.db, 'operator'));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const first = startWorker(database, simulator, t.url);
    await eventually(
      async () => {
        if (first.child.exitCode !== null) throw new Error(`worker exited early: ${first.output()}`);
        return Object.keys(simulator.dials()).length >= 8 ? true : undefined;
      },
      120_000,
      'the first worker to dial',
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const dialedAtKill = Object.keys(simulator.dials());
    expect(dialedAtKill.length).toBeLessThan(CUSTOMERS);
    // Calls the provider accepted whose answer the dead worker never recorded: the case the protocol must recover.
    const unrecorded = await tables(database.db)
      .scheduledCalls()
      .whereIn('id', dialedAtKill)
      .whereNull('provider_call_id')
      .pluck('id');
    expect(unrecorded.length).toBeGreaterThan(0);

    // Two workers take over side by side: they race for the same leases and lookups.
    const next = [startWorker(database, simulator, t.url), startWorker(database, simulator, t.url)];
    const statuses = await eventually(
      async () => {
        const rows = await tables(database.db).scheduledCalls().whereIn('id', due).pluck('status');
        return rows.every((s: string) => s === 'completed') ? rows : undefined;
      },
      150_000,
      'every due call to complete',
    );
    for (const w of next) w.child.kill('SIGTERM');
    for (const w of next) expect(await w.exited).toBe(0);
    watching = false;
    await watcher;
    // Three workers in turn, two at once, one killed mid-dial: never more calls than the account takes.
    expect(mostHeld).toBe(ACCOUNT_LIMIT);
    expect((await getVoiceAccount(database.db, 'operator'))?.concurrencyLimit).toBe(ACCOUNT_LIMIT);

    expect(statuses).toHaveLength(CUSTOMERS);
    const dials = simulator.dials();
    // Accepted create requests per scheduled call: the simulator, like Retell, has no idempotency key.
    expect(Object.keys(dials).sort()).toEqual([...due].sort());
    expect(Object.values(dials).every((n) => n === 1)).toBe(true);
    const calls = await tables(database.db).calls().where({ company_id: companyId }).count({ n: '*' });
    expect(Number(calls[0].n)).toBe(CUSTOMERS);
  });
});
