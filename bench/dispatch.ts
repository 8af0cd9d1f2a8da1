/**
 * Dispatch benchmark: 2,000 due calls across 20 companies on Postgres, dialed through the voice
 * simulator (its own process, real HTTP), with the callbacks coming back to the service. Prints
 * dials/s (claim → provider accepted → recorded) and callback events ingested/s, next to a bare
 * HTTP round trip to the simulator measured from a separate load process in the same run.
 *
 *   npx tsx bench/dispatch.ts [callsPerCompany]
 *   BENCH_POSTGRES_URL=postgres://… (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { createCompany } from '../src/domain/companies.js';
import { createLogger } from '../src/lib/logger.js';
import { projectRoot } from '../src/lib/project-root.js';
import { startService } from '../src/server.js';
import { openDb } from '../src/store/db.js';
import { migrateLatest } from '../src/store/migrate.js';

const COMPANIES = 20;
const PER_COMPANY = Number(process.argv[2] ?? 100);
const TOTAL = COMPANIES * PER_COMPANY;
const BASE_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DUE = '2026-12-08T15:00:00.000Z'; // Tuesday 10:00 in New York
const SIM_PORT = Number(process.env.BENCH_SIMULATOR_PORT ?? 5199);

function startSimulator(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'simulator', 'voice', '--port', String(SIM_PORT)], {
    cwd: projectRoot(), env: { ...process.env, OUTREACH_CLOCK: '2026-12-08T15:00:30Z' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => (String(d).includes('listening') ? resolve(child) : undefined));
    child.once('exit', (code) => reject(new Error(`simulator exited ${code}`)));
  });
}

async function main() {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openDb(BASE_URL);
  await admin.raw(`CREATE SCHEMA ${schema}`);
  const db = openDb(BASE_URL, { schema, poolMax: 20 });
  const simulator = await startSimulator();
  const simUrl = `http://127.0.0.1:${SIM_PORT}`;
  try {
    await migrateLatest(db);
    const at = new Date().toISOString();
    for (let c = 0; c < COMPANIES; c++) {
      const { companyId } = await createCompany(db, `Bench ${c}`, new Date());
      const customers = Array.from({ length: PER_COMPANY }, (_, i) => ({
        company_id: companyId, id: `c${i}`, first_name: 'B', last_name: 'Ench', timezone: 'America/New_York', phone_number: `+1212736${String(1000 + i)}`,
        do_not_call: false, is_test: false, created_at: at, updated_at: at,
      }));
      await db('customers').insert(customers);
      const schedules = customers.map((cu) => ({ id: randomUUID(), company_id: companyId, customer_id: cu.id, cadence_id: null, channel: 'call', source: 'replace', task_type: 'Collections', cadence: 'collections', loan_id: null, status: 'active', created_at: at, updated_at: at }));
      await db('schedules').insert(schedules);
      await db('scheduled_calls').insert(schedules.map((s, i) => ({
        id: randomUUID(), company_id: companyId, customer_id: s.customer_id, schedule_id: s.id, loan_id: null, task_type: 'Collections', purpose: 'collections',
        scheduled_time: DUE, phone_number: customers[i]!.phone_number, transfer_destination: 'queue:collections-agents', step: 'day0', step_index: 0, fallback: false,
        status: 'pending', call_id: null, post_processing_flags: '[]', explanation: null, created_at: at, updated_at: at,
      })));
    }

    // Baseline: a bare HTTP round trip to the simulator, from a separate process.
    const load = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot(), 'bench', 'http-load.ts'), `${simUrl}/v2/get-call/none`, '3', '16', 'Authorization:Bearer sim_voice_key'], { encoding: 'utf8' });
    const baseline = JSON.parse(load.stdout.trim().split('\n').at(-1)!);

    const config = loadConfig({
      ...process.env, DATABASE_URL: BASE_URL, PORT: '0', LOG_LEVEL: 'error', OUTREACH_CLOCK: '2026-12-08T15:00:30Z', OUTREACH_VOICE_SIMULATOR_URL: simUrl,
      OUTREACH_CALLS_CONCURRENCY: '64', OUTREACH_CALLS_CLAIM_BATCH: '200', OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY: '100', OUTREACH_CALLS_POLL_MS: '20',
      OUTREACH_RECORDINGS_DIR: path.join(os.tmpdir(), `bench-recordings-${schema}`),
    });
    const started = performance.now();
    const service = await startService(config, { db, migrate: false, log: createLogger('error') });
    const count = async (q: Promise<unknown>) => Number(((await q) as Array<{ n: unknown }>)[0]!.n);
    let dialedAt = 0;
    for (;;) {
      const dialed = await count(db('scheduled_calls').whereNotNull('provider_call_id').count({ n: '*' }));
      if (!dialedAt && dialed >= TOTAL) dialedAt = performance.now();
      const completed = await count(db('scheduled_calls').where('status', 'completed').count({ n: '*' }));
      if (completed >= TOTAL) break;
      if (performance.now() - started > 300_000) throw new Error(`stalled: ${dialed} dialed, ${completed} completed`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const doneAt = performance.now();
    const events = await db('call_events').select(db.raw('count(*) as n, min(received_at) as first, max(received_at) as last'));
    const e = events[0] as { n: string; first: Date; last: Date };
    await service.stop();
    const dialSeconds = (dialedAt - started) / 1000;
    const eventSeconds = (e.last.getTime() - e.first.getTime()) / 1000 || 0.001;
    console.log(`dispatch: ${TOTAL} due calls across ${COMPANIES} companies (Postgres, simulator in its own process, API + workers in one process)`);
    console.log(`  dialed (claimed, accepted by the provider, recorded): ${dialSeconds.toFixed(2)} s → ${Math.round(TOTAL / dialSeconds)} dials/s`);
    console.log(`  callback events ingested: ${e.n} in ${eventSeconds.toFixed(2)} s → ${Math.round(Number(e.n) / eventSeconds)} events/s; all completed after ${((doneAt - started) / 1000).toFixed(2)} s`);
    console.log(`  baseline: bare HTTP round trip to the simulator (separate process, 16 in flight): ${baseline.perSecond} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  } finally {
    simulator.kill('SIGTERM');
    await db.destroy();
    await admin.raw(`DROP SCHEMA ${schema} CASCADE`);
    await admin.raw(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    await admin.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
