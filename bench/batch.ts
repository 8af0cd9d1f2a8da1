/**
 * Batch benchmark: a 10,000-row customer batch and a 10,000-row loan batch, submit → completed, over
 * real HTTP against the service (API + workers in one process), on Postgres and SQLite. Next to
 * each: a baseline measured in the same run, a raw multi-row Knex INSERT of the same rows.
 *
 *   npm run bench:batch            (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test)
 *   npx tsx bench/batch.ts [rows]  (OUTREACH_JOBS_CONCURRENCY etc. apply as in production; BENCH_DATABASES=postgres,sqlite)
 *   BENCH_DATABASES=postgres,pg-volume: the same batches in the volume data set's schema
 *     (BENCH_VOLUME_SCHEMA, default bench_volume, built by `npm run bench:volume`), beside an empty
 *     schema, then each rate full ÷ empty. The service runs on a clock when none of the data set's
 *     own work is due (volume/quiet-clock.ts); the bench's companies are deleted after.
 *
 * Besides times it prints, per batch, the Knex statements the service ran and this process's CPU
 * time (API + workers + the polling client): both hold still on a loaded machine, where times do not.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { createCompany } from '../src/domain/companies/companies.js';
import { createLogger } from '../src/lib/logger.js';
import { startService } from '../src/main/server.js';
import { type Db, openDb } from '../src/store/shared/db.js';
import { migrateLatest } from '../src/store/shared/migrate.js';
import { median } from './processes.js';
import { commandCpuMs } from './proc-cpu.js';
import { quietClock } from './volume/quiet-clock.js';

const ROWS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 3);
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_PG_ROWS_PER_SECOND = 5_000;

const customer = (i: number) => ({
  id: `bench-${i}`,
  firstName: 'Ada',
  lastName: `Lovelace ${i}`,
  timezone: 'America/New_York',
  phoneNumber: `(212) 736-${String(5000 + (i % 4000)).padStart(4, '0')}`,
  taskType: 'PendingLoanNewLead',
  email: `ada${i}@example.com`,
  streetAddress1: `${i} Main St`,
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
});
const loan = (i: number) => ({
  id: `loan-${i}`,
  customerId: `bench-${i}`,
  type: 'installment',
  servicingStatus: 'current',
  originationDate: '2026-02-20',
  dueDate: '2026-03-20',
  totalBalance: 1180.5 + i,
  amountDue: 125.5,
  interestRate: 0.2999,
  isSettled: false,
  daysPastDueAtBoarding: i % 30,
});

/** The rows the batch writes, as columns, for the raw baseline INSERT (another company, same shape). */
const customerColumns = (companyId: string, i: number, at: string) => ({
  company_id: companyId,
  id: `bench-${i}`,
  first_name: 'Ada',
  last_name: `Lovelace ${i}`,
  email: `ada${i}@example.com`,
  timezone: 'America/New_York',
  phone_number: '+12127365000',
  street_address1: `${i} Main St`,
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  do_not_call: false,
  is_test: false,
  task_type: 'PendingLoanNewLead',
  created_at: at,
  updated_at: at,
});
const loanColumns = (companyId: string, i: number, at: string) => ({
  company_id: companyId,
  customer_id: `bench-${i}`,
  id: `loan-${i}`,
  type: 'installment',
  servicing_status: 'current',
  origination_date: '2026-02-20',
  due_date: '2026-03-20',
  total_balance: String(1180.5 + i),
  amount_due: '125.5',
  interest_rate: '0.2999',
  is_settled: false,
  days_past_due_at_boarding: i % 30,
  created_at: at,
  updated_at: at,
});

async function rawInsert(db: Db, table: string, rows: object[]): Promise<number> {
  const started = performance.now();
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx(table).insert(rows.slice(i, i + 500)); // SQLite: ≤ 500 rows a statement
  });
  return performance.now() - started;
}

/**
 * Knex statements the service ran (pg-boss's own SQL not included), this process's CPU time and
 * Postgres's (every postgres process, from /proc; on SQLite it only shows the machine's background), over one batch.
 */
async function measured(db: Db, run: () => Promise<number>): Promise<Measured> {
  let statements = 0;
  const count = () => statements++;
  db.on('query', count);
  const cpu = process.cpuUsage();
  const pgBefore = commandCpuMs('postgres');
  try {
    const ms = await run();
    const used = process.cpuUsage(cpu);
    const pgAfter = commandCpuMs('postgres');
    return {
      ms,
      statements,
      cpuMs: (used.user + used.system) / 1000,
      postgresCpuMs: pgBefore === null || pgAfter === null ? null : pgAfter - pgBefore,
    };
  } finally {
    db.off('query', count);
  }
}

async function submitAndWait(url: string, key: string, path: string, body: object): Promise<number> {
  const started = performance.now();
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const accepted = (await res.json()) as { jobId: string };
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(accepted)}`);
  if (process.env.BENCH_VERBOSE) console.log(`  ${path}: 202 after ${(performance.now() - started).toFixed(0)} ms`);
  for (;;) {
    const job = (await (await fetch(`${url}${path}/${accepted.jobId}`, { headers: { 'X-API-Key': key } })).json()) as {
      status: string;
      failed: number;
      processed: number;
    };
    if (job.status === 'completed' || job.status === 'failed') {
      if (job.status !== 'completed' || job.failed !== 0 || job.processed !== ROWS)
        throw new Error(`${path}: ${JSON.stringify(job)}`);
      return performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 25)); // the poller shares this process's CPU with the service
  }
}

type Measured = { ms: number; statements: number; cpuMs: number; postgresCpuMs: number | null };
/** The run with the median time (its statements and CPU with it). */
const medianBy = (xs: Measured[]) => [...xs].sort((a, b) => a.ms - b.ms)[Math.floor(xs.length / 2)];

type Target = 'postgres' | 'sqlite' | 'pg-volume';
const VOLUME_SCHEMA = process.env.BENCH_VOLUME_SCHEMA ?? 'bench_volume';

async function runOn(dialect: Target) {
  const tag = randomBytes(4).toString('hex');
  let db: Db;
  let cleanup: () => Promise<void>;
  const companies: string[] = [];
  let clock: string | undefined;
  if (dialect === 'pg-volume') {
    db = openDb(PG_URL, { schema: VOLUME_SCHEMA, poolMax: 20 });
    clock = await quietClock(db);
    cleanup = async () => {
      await db('companies').whereIn('id', companies).del();
    };
  } else if (dialect === 'postgres') {
    const schema = `bench_${tag}`;
    const admin = openDb(PG_URL);
    await admin.raw(`CREATE SCHEMA ${schema}`);
    db = openDb(PG_URL, { schema, poolMax: 20 });
    cleanup = async () => {
      await admin.raw(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
      await admin.destroy();
    };
  } else {
    const file = path.join(os.tmpdir(), `outreach-bench-${tag}.db`);
    db = openDb(`sqlite:${file}`);
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    };
  }
  await migrateLatest(db);
  const results: Array<Measured & { dialect: string; batch: string; rawMs: number }> = [];
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...(clock ? { OUTREACH_CLOCK: clock } : {}),
  });
  const service = await startService(config, { db, migrate: false, log: createLogger('silent') });
  const at = new Date().toISOString();
  const n = Array.from({ length: ROWS }, (_, i) => i);
  const runs: Array<{ customers: Measured; customersRaw: number; loans: Measured; loansRaw: number }> = [];
  try {
    // Each run in companies of its own (same ids, no rate limit shared); medians of the runs, each
    // side on its own: a single raw INSERT right after a batch swung 340-900 ms with checkpoints.
    for (let r = 0; r < RUNS; r++) {
      const { apiKey, companyId } = await createCompany(db, `Bench Lending ${r}`, new Date());
      const { companyId: baselineCompany } = await createCompany(db, `Baseline ${r}`, new Date());
      companies.push(companyId, baselineCompany);
      const customers = await measured(db, () =>
        submitAndWait(service.url, apiKey, '/customers/batch', { customers: n.map(customer) }),
      );
      const customersRaw = await rawInsert(
        db,
        'customers',
        n.map((i) => customerColumns(baselineCompany, i, at)),
      );
      const loans = await measured(db, () =>
        submitAndWait(service.url, apiKey, '/loans/batch', { loans: n.map(loan) }),
      );
      const loansRaw = await rawInsert(
        db,
        'loans',
        n.map((i) => loanColumns(baselineCompany, i, at)),
      );
      runs.push({ customers, customersRaw, loans, loansRaw });
    }
    results.push({
      dialect,
      batch: 'customers',
      ...medianBy(runs.map((x) => x.customers)),
      rawMs: median(runs.map((x) => x.customersRaw)),
    });
    results.push({
      dialect,
      batch: 'loans',
      ...medianBy(runs.map((x) => x.loans)),
      rawMs: median(runs.map((x) => x.loansRaw)),
    });
  } finally {
    await service.stop();
    await cleanup();
    await db.destroy();
  }
  return results;
}

const rate = (ms: number) => Math.round(ROWS / (ms / 1000));
console.log(
  `Batch benchmark: ${ROWS} rows per batch, submit → completed over HTTP; baseline = raw multi-row Knex INSERT of the same rows; medians of ${RUNS} runs`,
);
console.log(
  `workers: concurrency ${loadConfig({ ...process.env, PORT: '0' }).jobs.concurrency} per process, ${os.cpus().length} cores\n`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  'database   batch       end-to-end        rows/s   raw INSERT     rows/s   e2e/raw (target ≥ 0.5)  statements  process CPU  Postgres CPU',
);
let ok = true;
const databases = (process.env.BENCH_DATABASES ?? 'postgres,sqlite').split(',') as Target[];
const rates = new Map<string, number>();
for (const dialect of databases) {
  for (const r of await runOn(dialect)) {
    rates.set(`${r.dialect} ${r.batch}`, rate(r.ms));
    const line = [
      r.dialect.padEnd(10),
      r.batch.padEnd(10),
      `${r.ms.toFixed(0)} ms`.padStart(11),
      String(rate(r.ms)).padStart(13),
      `${r.rawMs.toFixed(0)} ms`.padStart(12),
      String(rate(r.rawMs)).padStart(10),
      (r.rawMs / r.ms).toFixed(2).padStart(9),
      (r.rawMs / r.ms >= 0.5 ? '  met' : '  NOT met').padEnd(15),
      String(r.statements).padStart(10),
      `${r.cpuMs.toFixed(0)} ms`.padStart(12),
      (r.dialect !== 'sqlite' && r.postgresCpuMs !== null ? `${r.postgresCpuMs.toFixed(0)} ms` : '—').padStart(13),
    ];
    console.log(line.join(' '));
    if (r.dialect !== 'sqlite' && rate(r.ms) < TARGET_PG_ROWS_PER_SECOND) ok = false;
  }
}
for (const batch of ['customers', 'loans']) {
  const full = rates.get(`pg-volume ${batch}`);
  const empty = rates.get(`postgres ${batch}`);
  if (full && empty)
    console.log(`${batch} batch on the volume data set ÷ empty Postgres: ${(full / empty).toFixed(2)} (target ≥ 0.8)`);
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `\nTarget on Postgres: ≥ ${TARGET_PG_ROWS_PER_SECOND} rows/s end to end for each batch: ${ok ? 'met' : 'NOT met'}`,
);
