/**
 * Dispatch benchmark: 2,000 due calls across 20 companies on Postgres, dialed through the voice
 * simulator (its own process, real HTTP), with the callbacks coming back to the service. Prints
 * dials/s (claim → provider accepted → recorded) and callback events ingested/s, next to a bare
 * HTTP round trip to the simulator measured from a separate load process in the same run, with the
 * statements and the service's CPU time per dial and per event, and the load average.
 *
 * Two phases, so each rate measures the service and not the simulator's call timeline: the
 * simulator runs with --hold-callbacks; phase 1 dials every call (callbacks held), phase 2 releases
 * the 6,000 held callbacks at once (the simulator sends 64 at a time, like a provider's webhook senders).
 *
 *   npx tsx bench/dispatch.ts [callsPerCompany]
 *   BENCH_DISPATCH_COMPANIES=20: the companies with due calls (callsPerCompany each);
 *   BENCH_DISPATCH_IDLE_COMPANIES=0: companies beside them with nothing due (one call pending a week
 *     later each): the tenant dimension, e.g. 100 + 9,900 beside 10 + 0 with the same due work
 *   BENCH_POSTGRES_URL=postgres://… (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_VOLUME_SCHEMA=bench_volume: the same run again in the volume data set's schema (built by
 *     `npm run bench:volume`), then each rate full ÷ empty. Its 20 companies are added to the data
 *     set and deleted at the end; their calls are due three days before the data set's newest day
 *     (a weekday), so none of the data set's own pending calls, messages or webhook deliveries is
 *     due on that clock and the workers do only the bench's work.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { createCompany } from '../src/domain/companies/companies.js';
import { createLogger } from '../src/lib/logger.js';
import { projectRoot } from '../src/lib/project-root.js';
import { startService } from '../src/main/server.js';
import type { Knex } from 'knex';
import { type Db, openDb } from '../src/store/shared/db.js';
import { migrateLatest } from '../src/store/shared/migrate.js';
import { installTally, resetTally, sqlSample, tally, WATCH_APPLICATION } from './dispatch-tally.js';
import { commandCpuMs, processCpuMs } from './proc-cpu.js';
import { scenarioFor } from '../src/simulators/voice/scenarios.js';
import { quietClock } from './volume/quiet-clock.js';
import { newId } from '../src/domain/shared/ids.js';
import { settle } from './settle.js';
import type { HttpLoadResult } from './http-load.js';

/**
 * Numbers whose simulated call connects, so each sends its three events (call_started, call_ended,
 * call_analyzed): a call that never connects sends one, as at Retell, and the mix of plain numbers
 * has 40 % of those. Deterministic: a number always plays the same scenario.
 */
function connectingNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (let n = 1000; numbers.length < count; n++) {
    const phone = `+1212736${String(n)}`;
    const scenario = scenarioFor(phone);
    if (scenario.reached !== 'nobody' && !scenario.callbacksLost) numbers.push(phone);
  }
  return numbers;
}

/** Companies with due calls (BENCH_DISPATCH_COMPANIES), and companies with nothing due beside them (BENCH_DISPATCH_IDLE_COMPANIES). */
const COMPANIES = Number(process.env.BENCH_DISPATCH_COMPANIES ?? 20);
const IDLE_COMPANIES = Number(process.env.BENCH_DISPATCH_IDLE_COMPANIES ?? 0);
const PER_COMPANY = Number(process.argv[2] ?? 100);
const TOTAL = COMPANIES * PER_COMPANY;
const BASE_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EMPTY_DUE = '2026-12-08T15:00:00.000Z'; // Tuesday 10:00 in New York
const VOLUME_SCHEMA = process.env.BENCH_VOLUME_SCHEMA;

/** The simulator in its own process on a free loopback port; resolves with its URL from its first log line. */
function startSimulator(clock: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/cli.ts', 'simulator', 'voice', '--port', '0', '--hold-callbacks'],
    {
      cwd: projectRoot(),
      env: { ...process.env, OUTREACH_CLOCK: clock },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const line = String(d)
        .split('\n')
        .find((l) => l.includes('listening'));
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once('exit', (code) => reject(new Error(`simulator exited ${code}`)));
  });
}

const load1 = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Dials, callback events received and callback events applied, per second. */
interface Rates {
  dials: number;
  received: number;
  applied: number;
}

async function main() {
  installTally();
  const empty = await run({ name: 'empty', schema: `bench_${randomBytes(5).toString('hex')}`, fresh: true });
  if (!VOLUME_SCHEMA) return;
  const full = await run({ name: 'volume data set', schema: VOLUME_SCHEMA, fresh: false });
  const ratio = (k: keyof Rates) => (full[k] / empty[k]).toFixed(2);
  console.log(
    `volume data set ÷ empty (target ≥ 0.8): dials/s ${ratio('dials')}, callback events received/s ${ratio('received')}, applied/s ${ratio('applied')}`,
  );
}

/** The database's block counters: found in Postgres's shared buffers, or read from the OS (its page cache or the disk). */
async function blocks(db: Db): Promise<{ hit: number; read: number; sharedBuffers: string }> {
  const row = (
    await db.raw<{ rows: Array<{ blks_hit: string | number; blks_read: string | number; sb: string }> }>(
      `SELECT blks_hit, blks_read, current_setting('shared_buffers') AS sb FROM pg_stat_database WHERE datname = current_database()`,
    )
  ).rows[0];
  return { hit: Number(row.blks_hit), read: Number(row.blks_read), sharedBuffers: String(row.sb) };
}

async function run(target: { name: string; schema: string; fresh: boolean }): Promise<Rates> {
  await settle(60); // the run before, or the data set's build, is not measured as this one's cost
  const loadAtStart = load1();
  const { schema } = target;
  const admin = openDb(BASE_URL);
  if (target.fresh) await admin.raw(`CREATE SCHEMA ${schema}`);
  const db = openDb(BASE_URL, { schema, poolMax: 20 });
  const due = target.fresh ? EMPTY_DUE : await quietClock(db);
  const clock = new Date(Date.parse(due) + 30_000).toISOString();
  const { child: simulator, url: simUrl } = await startSimulator(clock);
  const companyIds: string[] = [];
  const idlePrefix = `idle-${randomBytes(4).toString('hex')}`;
  try {
    if (target.fresh) await migrateLatest(db);
    const at = new Date().toISOString();
    // The tenant dimension (issue 43): companies with nothing due, each with a call pending a week
    // later, so they are in the pending index as lenders with nothing due today are.
    if (IDLE_COMPANIES > 0) {
      const p = {
        n: IDLE_COMPANIES,
        prefix: idlePrefix,
        at,
        later: new Date(Date.parse(due) + 7 * 86_400_000).toISOString(),
      };
      await db.raw(
        `INSERT INTO companies (id, name, config, created_at)
         SELECT md5(:prefix || k)::uuid::text, 'Idle ' || k, '{"customerContract":"current","taskTypes":[{"name":"Collections","purpose":"collections"}],"scheduleTypes":["default"]}', :at
         FROM generate_series(1, :n) k`,
        p,
      );
      await db.raw(
        `INSERT INTO customers (company_id, id, first_name, last_name, timezone, phone_number, do_not_call, is_test, created_at, updated_at)
         SELECT md5(:prefix || k)::uuid::text, 'c0', 'I', 'Dle', 'America/New_York', '+12127360000', false, false, :at, :at FROM generate_series(1, :n) k`,
        p,
      );
      await db.raw(
        `INSERT INTO schedules (id, company_id, customer_id, channel, source, task_type, cadence, status, created_at, updated_at)
         SELECT md5(:prefix || 's' || k)::uuid::text, md5(:prefix || k)::uuid::text, 'c0', 'call', 'replace', 'Collections', 'collections', 'active', :at, :at
         FROM generate_series(1, :n) k`,
        p,
      );
      await db.raw(
        `INSERT INTO scheduled_calls (id, company_id, customer_id, schedule_id, task_type, purpose, scheduled_time, phone_number, transfer_destination, step, step_index, fallback, status, post_processing_flags, created_at, updated_at)
         SELECT md5(:prefix || 'c' || k)::uuid::text, md5(:prefix || k)::uuid::text, 'c0', md5(:prefix || 's' || k)::uuid::text, 'Collections', 'collections', :later,
                '+12127360000', '', 'day0', 0, false, 'pending', '[]', :at, :at
         FROM generate_series(1, :n) k`,
        p,
      );
    }
    for (let c = 0; c < COMPANIES; c++) {
      const { companyId } = await createCompany(db, `Bench ${c}`, new Date());
      companyIds.push(companyId);
      const customers = connectingNumbers(PER_COMPANY).map((phone, i) => ({
        company_id: companyId,
        id: `c${i}`,
        first_name: 'B',
        last_name: 'Ench',
        timezone: 'America/New_York',
        phone_number: phone,
        do_not_call: false,
        is_test: false,
        created_at: at,
        updated_at: at,
      }));
      await db('customers').insert(customers);
      // Ids as the service makes them at enrollment (time-ordered, ids.ts): random ones would put
      // each call's index entries on a random page of the volume data set's ten-million-row indexes.
      const schedules = customers.map((cu) => ({
        id: newId(),
        company_id: companyId,
        customer_id: cu.id,
        cadence_id: null,
        channel: 'call',
        source: 'replace',
        task_type: 'Collections',
        cadence: 'collections',
        loan_id: null,
        status: 'active',
        created_at: at,
        updated_at: at,
      }));
      await db('schedules').insert(schedules);
      await db('scheduled_calls').insert(
        schedules.map((s, i) => ({
          id: newId(),
          company_id: companyId,
          customer_id: s.customer_id,
          schedule_id: s.id,
          loan_id: null,
          task_type: 'Collections',
          purpose: 'collections',
          scheduled_time: due,
          phone_number: customers[i].phone_number,
          transfer_destination: 'queue:collections-agents',
          step: 'day0',
          step_index: 0,
          fallback: false,
          status: 'pending',
          call_id: null,
          post_processing_flags: '[]',
          explanation: null,
          created_at: at,
          updated_at: at,
        })),
      );
    }

    // Baseline: a bare HTTP round trip to the simulator, from a separate process.
    const load = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot(), 'bench', 'http-load.ts'),
        `${simUrl}/v2/get-call/none`,
        '3',
        '16',
        'Authorization:Bearer sim_voice_key',
      ],
      { encoding: 'utf8' },
    );
    const baseline = JSON.parse(load.stdout.trim().split('\n').at(-1)!) as HttpLoadResult;

    const config = loadConfig({
      ...process.env,
      DATABASE_URL: BASE_URL,
      PORT: '0',
      LOG_LEVEL: 'error',
      OUTREACH_CLOCK: clock,
      OUTREACH_VOICE_SIMULATOR_URL: simUrl,
      OUTREACH_CALLS_CONCURRENCY: '64',
      OUTREACH_CALLS_CLAIM_BATCH: '200',
      OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY: '100',
      OUTREACH_CALLS_POLL_MS: '20',
      // The simulator's account takes 20 calls at once (Retell's base concurrency); the bench measures
      // the service, so the account's limit is not read (every company is on the operator's account).
      OUTREACH_VOICE_ACCOUNT_READ_SECONDS: '0',
      OUTREACH_RECORDINGS_DIR: path.join(os.tmpdir(), `bench-recordings-${schema}`),
    });
    resetTally();
    // The bench's own progress queries, on connections of their own that the tally leaves out.
    const watchUrl = new URL(BASE_URL);
    watchUrl.searchParams.set('application_name', WATCH_APPLICATION);
    const watch = openDb(watchUrl.toString(), { schema, poolMax: 2 });
    const service = await startService(config, { db, migrate: false, log: createLogger('error') });
    // The workers start as startService returns: the clock starts here, not during the API's own start-up.
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const count = async (q: PromiseLike<unknown>) => Number(((await q) as Array<{ n: unknown }>)[0].n);
    const until = async (what: string, done: () => Promise<boolean>, everyMs = 20) => {
      const t0 = performance.now();
      while (!(await done())) {
        if (performance.now() - t0 > 240_000)
          throw new Error(
            `${what}: not done after 240 s; callback answers by status ${JSON.stringify(tally.callbackAnswers)}`,
          );
        await new Promise((r) => setTimeout(r, everyMs));
      }
      return performance.now();
    };
    // Only the bench's companies are counted: the volume data set holds millions of other calls.
    // Each poll reads indexes only: a join of call_events to calls by company, polled every 50 ms,
    // read the data set's ten million events from the OS each time and was measured as the service's cost.
    const ours = () => watch('scheduled_calls').whereIn('company_id', companyIds);
    let callIds: string[] = [];
    const eventsOfOurs = () => watch('call_events').whereRaw('call_id = ANY(?)', [callIds]);
    const dialedAt = await until(
      'dialing',
      async () => (await count(ours().whereNotNull('provider_call_id').count({ n: '*' }))) >= TOTAL,
    );
    const dialCpu = process.cpuUsage(cpu0);
    const dialTally = structuredClone(tally);
    callIds = await watch<{ id: string; company_id: string }>('calls').whereIn('company_id', companyIds).pluck('id');
    if (callIds.length !== TOTAL) throw new Error(`${callIds.length} calls recorded for ${TOTAL} dials`);
    const dialLoad = load1();

    // Phase 2 is watched without loading the machine: receipts by counting the endpoint's 202 answers
    // in this process (each is sent after its row committed), completion by one light query per 50 ms.
    const answered = () => tally.callbackAnswers['202'] ?? 0;
    const inbox0 = await count(
      watch('callback_inbox').whereIn('scheduled_call_id', ours().select('id')).count({ n: '*' }),
    ); // a few callbacks escape the hold in phase 1
    const answered0 = answered();
    const released = performance.now();
    const cpu1 = process.cpuUsage();
    sqlSample.clear(); // phase 2's statements only
    const others0 = { simulator: processCpuMs(simulator.pid!), postgres: commandCpuMs('postgres') };
    const blocks0 = await blocks(watch);
    const answer = await fetch(`${simUrl}/sim/callbacks/release`, { method: 'POST' });
    const held = ((await answer.json()) as { released: number }).released;
    // Received: every event durably accepted in the callback inbox (answered 202 after its commit), all 3 per call.
    const receivedAt = await until('receipts', async () => inbox0 + answered() - answered0 >= 3 * TOTAL, 2);
    const receiptTally = structuredClone(tally);
    // Done when every call is completed and every event recorded (call_ended may land after call_analyzed).
    const doneAt = await until(
      'callbacks',
      async () => {
        const [row] = await watch.select<
          Array<Record<string, Knex.QueryBuilder>>,
          Array<{ completed: unknown; events: unknown }>
        >({
          completed: ours().where('status', 'completed').count('*'),
          events: eventsOfOurs().count('*'),
        });
        return Number(row.completed) >= TOTAL && Number(row.events) >= 3 * TOTAL;
      },
      50,
    );
    const eventCpu = process.cpuUsage(cpu1);
    const others1 = { simulator: processCpuMs(simulator.pid!), postgres: commandCpuMs('postgres') };
    await new Promise((r) => setTimeout(r, 1500)); // backends report their block counts within a second of going idle
    const blocks1 = await blocks(watch);
    const used = structuredClone(tally);
    const events = await count(eventsOfOurs().count({ n: '*' }));
    await watch.destroy();
    await service.stop();

    const dialSeconds = (dialedAt - started) / 1000;
    const eventSeconds = (doneAt - released) / 1000;
    const receiptSeconds = (receivedAt - released) / 1000;
    const phase2 = (t: typeof tally) => t.statements - dialTally.statements;
    const phase2Trips = (t: typeof tally) => t.roundTrips - dialTally.roundTrips;
    const per = (n: number, d: number) => (n / d).toFixed(1);
    const cpuMs = (u: NodeJS.CpuUsage, n: number) => ((u.user + u.system) / 1000 / n).toFixed(2);
    console.log(
      `machine: ${os.cpus().length}× ${os.cpus()[0]?.model}, Node ${process.version}; load average at start ${loadAtStart}, after dialing ${dialLoad}, at end ${load1()}`,
    );
    console.log(
      `dispatch on ${target.name === 'empty' ? 'an empty schema' : `the volume data set (schema ${schema}, calls due ${due})`}: ${TOTAL} due calls across ${COMPANIES} companies${IDLE_COMPANIES ? ` beside ${IDLE_COMPANIES} with nothing due` : ''} (Postgres, simulator in its own process, API + workers in one process)`,
    );
    console.log(
      `  phase 1, dialed (claimed, re-checked, accepted by the provider, recorded; callbacks held): ${TOTAL} in ${dialSeconds.toFixed(2)} s → ${Math.round(TOTAL / dialSeconds)} dials/s (target ≥ 200)`,
    );
    console.log(
      `    statements per dial: ${per(dialTally.statements, TOTAL)} (${per(dialTally.roundTrips, TOTAL)} round trips with BEGIN/COMMIT; claim loop, dial guard, re-check reads, record, queue fetch/ack); service CPU ${cpuMs(dialCpu, TOTAL)} ms per dial`,
    );
    console.log(
      `  phase 2, callback events received (${held} released at once; durably accepted in the inbox, answered 202): ${3 * TOTAL - inbox0} in ${receiptSeconds.toFixed(2)} s → ${Math.round((3 * TOTAL - inbox0) / receiptSeconds)} events/s (target ≥ 1,000)`,
    );
    console.log(
      `    all statements while receiving, per event: ${per(phase2(receiptTally), 3 * TOTAL - inbox0)} (${per(phase2Trips(receiptTally), 3 * TOTAL - inbox0)} round trips; the applier runs meanwhile)`,
    );
    console.log(
      `  phase 2, callback events applied (every call completed, every event in call_events): ${events} in ${eventSeconds.toFixed(2)} s → ${Math.round(events / eventSeconds)} events/s`,
    );
    console.log(
      `    all statements of phase 2, per event: ${per(phase2(used), events)} (${per(phase2Trips(used), events)} round trips)`,
    );
    console.log(
      `    service CPU ${cpuMs(eventCpu, events)} ms per event (receipt and apply, recording copies included); answers by status ${JSON.stringify(used.callbackAnswers)}`,
    );
    const otherMs = (k: 'simulator' | 'postgres') =>
      others0[k] === null || others1[k] === null ? 'n/a' : ((others1[k] - others0[k]) / events).toFixed(2);
    console.log(
      `    phase 2 CPU per event elsewhere on this machine: simulator (signing and sending) ${otherMs('simulator')} ms, Postgres ${otherMs('postgres')} ms`,
    );
    console.log(
      `    phase 2 Postgres blocks per event (whole database): ${per(blocks1.hit - blocks0.hit, events)} found in shared buffers, ${per(blocks1.read - blocks0.read, events)} read from the OS (shared_buffers ${blocks1.sharedBuffers})`,
    );
    if (process.env.BENCH_SQL_SAMPLE) {
      console.log('    phase 2 statements by text (BENCH_SQL_SAMPLE):');
      for (const [sql, n] of [...sqlSample].sort((a, b) => b[1] - a[1]).slice(0, 40))
        console.log(`    ${String(n).padStart(6)} ${sql}`);
    }
    console.log(
      `  ceiling: bare HTTP round trip to the simulator (separate process, 16 in flight): ${baseline.perSecond} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
    );
    return {
      dials: TOTAL / dialSeconds,
      received: (3 * TOTAL - inbox0) / receiptSeconds,
      applied: events / eventSeconds,
    };
  } finally {
    simulator.kill('SIGTERM');
    // In the volume data set, its own companies go and the data set stays as it was.
    if (!target.fresh && companyIds.length) await db('companies').whereIn('id', companyIds).del();
    if (!target.fresh && IDLE_COMPANIES > 0)
      await db.raw(
        `DELETE FROM companies WHERE id IN (SELECT md5(:prefix || k)::uuid::text FROM generate_series(1, :n) k)`,
        {
          prefix: idlePrefix,
          n: IDLE_COMPANIES,
        },
      );
    await db.destroy();
    if (target.fresh) {
      await admin.raw(`DROP SCHEMA ${schema} CASCADE`);
      await admin.raw(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    }
    await admin.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
