/**
 * HTTP benchmark as a new user would measure it: the service runs in its own process (`outreach serve`
 * from the build, as `npm start` runs it, default settings) and autocannon drives it from this one. Every figure is printed beside a ceiling
 * measured in the same run (bare express 5 in a process of its own, the service's own GET /healthz) and
 * the ratio, each the median of BENCH_RUNS rounds that measure every figure once (so both sides of a
 * ratio come from the same minutes); bare node:http is printed for reference. Then statements and
 * commits per enrollment, and the rows and index entries one enrollment writes, stored as raw SQL in
 * every round beside the enrollment load (enrollment-limit.ts: the physical limit); then the
 * service's RSS before, during and after a mixed soak on Postgres, with its slope.
 *
 *   npm run bench:http
 *   BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_CONNECTIONS=50      per figure: duration, rounds (median), connections
 *   BENCH_RAW_BATCH=10                                     enrollments per batch of the raw SQL (Postgres)
 *   BENCH_SOAK_SECONDS=600 (0: no soak)  BENCH_DATABASES=postgres,sqlite
 *   BENCH_DATABASES=postgres,pg-volume BENCH_SOAK_SECONDS=0  the same rounds on the volume data set
 *     (the schema bench:volume built, BENCH_VOLUME_SCHEMA, default bench_volume) beside an empty
 *     Postgres, then each figure full ÷ empty. The rounds add their rows to it. The service runs
 *     there without workers (--no-workers, on both, so the two compare): the data set's calls are
 *     overdue on the bench's clock, and dialing them is bench:dispatch's to measure, not this.
 *   BENCH_POSTGRES_URL (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCompany } from '../src/domain/companies/companies.js';
import { projectRoot } from '../src/lib/project-root.js';
import { type Db, openDb } from '../src/store/shared/db.js';
import { migrateLatest } from '../src/store/shared/migrate.js';
import { customerBody, enrollmentBody } from './bodies.js';
import {
  CONNECTIONS,
  type LoadRequest,
  type LoadResult,
  load,
  median,
  medianLoad,
  medianOf,
  startProcess,
} from './processes.js';
import { settle } from './settle.js';
import { soak } from './soak.js';
import { countPerRequest } from './statements.js';
import { type RawResult, rawEnrollments, storedEnrollment, writesOf } from './enrollment-limit.js';
import { commandCpuMs, processCpuMs, processWrites } from './proc-cpu.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Where the rounds run: an empty Postgres schema or SQLite file of their own, or the volume data set. */
type Target = 'postgres' | 'sqlite' | 'pg-volume';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,sqlite').split(',') as Target[];
if (DATABASES.some((d) => !['postgres', 'sqlite', 'pg-volume'].includes(d)))
  throw new Error('BENCH_DATABASES: a list of postgres, sqlite, pg-volume');
const VOLUME_SCHEMA = process.env.BENCH_VOLUME_SCHEMA ?? 'bench_volume';
/** With the volume data set in the run, every service runs without workers, so its figures compare with the empty one's. */
const WORKERS = !DATABASES.includes('pg-volume');
const PG_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * The service's clock starts at 01:00 in New York (a Tuesday), where every bench customer lives: the
 * calls its enrollments plan are due at 08:00, hours after the bench ends, so the figures measure the
 * request path at any time of day. Run during New York's calling hours with real time, the workers
 * dialed those calls meanwhile (bench:dispatch measures dialing). The enrollments counted in this
 * process, the raw SQL's template, are planned on the same clock: on real time their calls, and every
 * raw copy of them, were overdue to the service's dial workers (enrollment-limit.ts says what that cost).
 */
const NIGHT_IN_NEW_YORK = '2026-12-08T06:00:00Z';

/**
 * The raw enrollment SQL's batches on Postgres: this many enrollments each, CONNECTIONS / this many
 * in flight (the requests the load keeps in flight). SQLite has one writer: its batches hold every
 * request in flight, as a turn of the service's event loop can (one commit, one fsync).
 */
const RAW_BATCH = Number(process.env.BENCH_RAW_BATCH ?? 10);
const rawBatch = (dialect: string) => (dialect === 'sqlite' ? CONNECTIONS : RAW_BATCH);

const QUOTA = 55; // enrollments per company per run: under the 60 per minute schedule-sync quota

const json = (key: string) => ({ 'X-API-Key': key, 'Content-Type': 'application/json' });

/** CPU milliseconds per request while a load ran: the service's process, Postgres (all its processes), this load generator. */
interface CpuSplit {
  service: number;
  postgres: number;
  loadgen: number;
  /** What the service passed to write calls per request: KB and calls (sockets included). */
  written: { kb: number; calls: number } | null;
}

interface Row {
  database: string;
  request: string;
  result: LoadResult & { cpu?: CpuSplit | null };
  ceiling: string;
  ceilingRps: number;
  target: number;
}

async function openDatabase(target: Target) {
  const tag = randomBytes(4).toString('hex');
  if (target === 'pg-volume') {
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${VOLUME_SCHEMA}`);
    const db = openDb(PG_URL, { schema: VOLUME_SCHEMA });
    const built = await db.raw<{ rows: Array<{ n: string | number }> }>(
      'SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [VOLUME_SCHEMA, 'scheduled_calls'],
    );
    if (Number(built.rows[0].n) === 0)
      throw new Error(`no volume data set in schema ${VOLUME_SCHEMA}: run npm run bench:volume first`);
    return { db, url: url.toString(), drop: async () => undefined };
  }
  if (target === 'postgres') {
    const schema = `bench_${tag}`;
    const admin = openDb(PG_URL);
    await admin.raw(`CREATE SCHEMA ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      db: openDb(PG_URL, { schema }),
      url: url.toString(),
      drop: async () => {
        await admin.raw(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
        await admin.destroy();
      },
    };
  }
  const file = path.join(os.tmpdir(), `outreach-bench-${tag}.db`);
  return {
    db: openDb(`sqlite:${file}`),
    url: `sqlite:${file}`,
    drop: async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    },
  };
}

async function companies(db: Db, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let c = 0; c < n; c++) keys.push((await createCompany(db, `Bench ${c}`, new Date())).apiKey);
  return keys;
}

/** The bare ceiling `kind` (a process of its own), for `use` to load; stopped after. */
async function withBareServer<T>(kind: 'node' | 'express', use: (url: string) => Promise<T>): Promise<T> {
  const server = await startProcess(['bench/bare-server.ts', kind, '{PORT}']);
  try {
    return await use(server.url);
  } finally {
    await server.stop();
  }
}

const healthz = (url: string) => load(url, SECONDS, () => ({ method: 'GET', path: '/healthz' }));

type Measured = LoadResult & { cpu: CpuSplit | null };

/** One load against the service, with the CPU it cost each process per request (null without /proc). */
async function measured(pid: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = {
    service: processCpuMs(pid),
    postgres: commandCpuMs('postgres'),
    own: process.cpuUsage(),
    writes: processWrites(pid),
  };
  const result = await run();
  const writes = processWrites(pid);
  const service = processCpuMs(pid);
  const postgres = commandCpuMs('postgres');
  const own = process.cpuUsage(before.own);
  const requests = result.rps * SECONDS;
  if (service === null || postgres === null || before.service === null || before.postgres === null || requests === 0)
    return { ...result, cpu: null };
  // Postgres's backends come and go: one that exits during the run takes its ticks with it.
  const written =
    writes && before.writes
      ? {
          kb: (writes.bytes - before.writes.bytes) / 1024 / requests,
          calls: (writes.calls - before.writes.calls) / requests,
        }
      : null;
  return {
    ...result,
    cpu: {
      service: (service - before.service) / requests,
      postgres: Math.max(0, postgres - before.postgres) / requests,
      loadgen: (own.user + own.system) / 1000 / requests,
      written,
    },
  };
}

/** The raw SQL of an enrollment's rows (enrollment-limit.ts), per second, beside the service's enrollments and its /healthz of the same rounds. */
interface Limit {
  database: string;
  rps: number;
  enroll: number;
  health: number;
}
const limits: Limit[] = [];

function limitLine(l: Limit): string {
  return `${l.database.padEnd(10)} ${'enrollment rows, raw SQL'.padEnd(27)} ${n(l.rps).padStart(8)}/s   (batches of ${rawBatch(l.database)}): enrollment ÷ raw ${(l.enroll / l.rps).toFixed(2)}; raw ÷ /healthz ${(l.rps / l.health).toFixed(2)}`;
}

async function onDatabase(target: Target, expressUrl: string, rows: Row[]) {
  const dialect = target === 'sqlite' ? 'sqlite' : 'postgres';
  const { db, url, drop } = await openDatabase(target);
  await migrateLatest(db);
  const run = randomBytes(3).toString('hex');
  try {
    const sql = await countPerRequest(
      db,
      (key, i) => ({
        path: '/customers/schedule/sync',
        headers: { ...json(key), 'Idempotency-Key': `count-${run}-${i}` },
        body: enrollmentBody(`count-${run}-${i}`, i + 1),
      }),
      undefined,
      { OUTREACH_CLOCK: NIGHT_IN_NEW_YORK },
    );
    console.log(
      `${target}: per enrollment of a new customer (steady state, key in memory): ${sql.statements} statements, ${sql.commits} commits, ${sql.roundTrips} round trips`,
    );
    for (const s of sql.sample) console.log(`    ${s}`);
    // The physical limit: what one enrollment writes, stored as raw SQL beside each enrollment load.
    const template = await storedEnrollment(db, sql.companyId, `count-${run}-0`, `count-${run}-0`);
    const writes = await writesOf(db, template);
    const total = (k: 'rows' | 'entries') => writes.reduce((n, w) => n + w[k], 0);
    console.log(
      `${target}: one enrollment writes ${total('rows')} rows and ${total('entries')} index entries (and counts its request in a rate-limit row): ${writes.map((w) => `${w.table} ${w.rows}×${w.indexes}`).join(', ')}`,
    );
    const raw = () =>
      rawEnrollments(db, template, {
        perBatch: rawBatch(dialect),
        concurrency: Math.max(1, Math.round(CONNECTIONS / RAW_BATCH)),
        seconds: SECONDS,
      });

    const service = await startProcess([BUILT_CLI, 'serve', '--no-migrate', ...(WORKERS ? [] : ['--no-workers'])], {
      DATABASE_URL: url,
      OUTREACH_CLOCK: NIGHT_IN_NEW_YORK,
    });
    try {
      const [reader] = await companies(db, 1);
      const seeded = 200;
      for (let i = 0; i < seeded; i++)
        await fetch(`${service.url}/customers`, {
          method: 'POST',
          headers: json(reader),
          body: customerBody(`seed-${run}-${i}`),
        });
      // Round after round, each figure once a round (bare express, /healthz, GET, POST, enrollment):
      // a ratio's two sides are measured minutes apart at most, so a drift of the host (this one's
      // rates move by 15% and more within an hour) moves both alike. Before each load the machine
      // settles (settle.ts), so no figure pays for the previous one's writes (Postgres's autovacuum
      // after an enrollment round doubled the next GET's Postgres CPU).
      const runs: {
        express: LoadResult[];
        health: Measured[];
        get: Measured[];
        post: Measured[];
        enroll: Measured[];
        raw: RawResult[];
      } = { express: [], health: [], get: [], post: [], enroll: [], raw: [] };
      const quiet = async <T>(measure: () => Promise<T>): Promise<T> => {
        await settle(60);
        return measure();
      };
      for (let round = 0; round < RUNS; round++) {
        runs.express.push(await quiet(() => healthz(expressUrl)));
        const health = await quiet(() => measured(service.pid, () => healthz(service.url)));
        runs.health.push(health);
        runs.get.push(
          await quiet(() =>
            measured(service.pid, () =>
              load(service.url, SECONDS, (i) => ({
                method: 'GET',
                path: `/customers/seed-${run}-${i % seeded}`,
                headers: { 'X-API-Key': reader },
              })),
            ),
          ),
        );
        const tag = `${run}-${round}`;
        runs.post.push(
          await quiet(() =>
            measured(service.pid, () =>
              load(service.url, SECONDS, (i) => ({
                method: 'POST',
                path: '/customers',
                headers: json(reader),
                body: customerBody(`new-${tag}-${i}`),
              })),
            ),
          ),
        );
        // Enough companies that none passes its quota, however fast it runs (at most the /healthz rate).
        const perRun = Math.max(20, Math.ceil((health.rps * SECONDS) / QUOTA));
        const keys = await companies(db, perRun);
        runs.enroll.push(
          await quiet(() =>
            measured(service.pid, () =>
              load(service.url, SECONDS, (i): LoadRequest => ({
                method: 'POST',
                path: '/customers/schedule/sync',
                headers: { ...json(keys[i % perRun]), 'Idempotency-Key': `k-${tag}-${i}` },
                body: enrollmentBody(`e-${tag}-${i}`, i),
              })),
            ),
          ),
        );
        runs.raw.push(await quiet(raw));
      }
      const express = medianOf(runs.express);
      const health = medianOf(runs.health);
      record(rows, {
        database: target,
        request: 'GET /healthz',
        result: health,
        ceiling: 'bare express 5',
        ceilingRps: express.rps,
        target: 0.7,
      });
      record(rows, {
        database: target,
        request: 'GET /customers/{id}',
        result: medianOf(runs.get),
        ceiling: 'service /healthz',
        ceilingRps: health.rps,
        target: 0.6,
      });
      record(rows, {
        database: target,
        request: 'POST /customers (new ids)',
        result: medianOf(runs.post),
        ceiling: 'service /healthz',
        ceilingRps: health.rps,
        target: 0.4,
      });
      const enroll = medianOf(runs.enroll);
      record(rows, {
        database: target,
        request: 'enrollment (new customers)',
        result: enroll,
        ceiling: 'service /healthz',
        ceilingRps: health.rps,
        target: 0.25,
      });
      const limit = median(runs.raw.map((r) => r.perSecond));
      limits.push({ database: target, rps: limit, enroll: enroll.rps, health: health.rps });
      console.log(`  ${limitLine(limits.at(-1)!)}`);
      if (target === 'postgres' && SOAK_SECONDS > 0) await soak(service, db, SOAK_SECONDS, reader, seeded);
    } finally {
      await service.stop();
    }
  } finally {
    await db.destroy();
    await drop();
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const HEADER =
  'database   request                       req/s   p50 ms   p99 ms   non-2xx   ceiling                 req/s   ratio   target';

function line(row: Row): string {
  const ratio = row.result.rps / row.ceilingRps;
  return [
    row.database.padEnd(10),
    row.request.padEnd(27),
    n(row.result.rps).padStart(8),
    String(row.result.p50).padStart(8),
    String(row.result.p99).padStart(8),
    String(row.result.non2xx).padStart(9),
    `   ${row.ceiling.padEnd(20)}`,
    n(row.ceilingRps).padStart(8),
    ratio.toFixed(2).padStart(7),
    `   ≥ ${row.target} ${ratio >= row.target ? 'met' : 'NOT met'}`,
  ].join(' ');
}

function print(rows: Row[], node: LoadResult) {
  console.log(
    `\nceiling: bare node:http ${n(node.rps)} req/s (p99 ${node.p99} ms); bare express 5: each database's rounds, in its /healthz row`,
  );
  console.log(HEADER);
  for (const row of rows) console.log(line(row));
  console.log('\nthe physical limit: the rows and index entries of an enrollment stored as raw SQL, same rounds');
  for (const l of limits) console.log(limitLine(l));
  console.log(`\n${CPU_HEADER}`);
  for (const row of rows) if (row.result.cpu) console.log(cpuLine(row, row.result.cpu));
  const full = rows.filter((r) => r.database === 'pg-volume');
  if (full.length === 0) return;
  console.log(
    `\nthe volume data set (${VOLUME_SCHEMA}) beside the empty Postgres of the same run: req/s full ÷ empty (target ≥ 0.8), p99 full ÷ empty (target ≤ 1.25)`,
  );
  for (const f of full) {
    const e = rows.find((r) => r.database === 'postgres' && r.request === f.request);
    if (!e) continue;
    const rps = f.result.rps / e.result.rps;
    const p99 = f.result.p99 / Math.max(1, e.result.p99);
    console.log(
      `  ${f.request.padEnd(27)} ${n(e.result.rps).padStart(7)} → ${n(f.result.rps).padStart(7)} req/s  ${rps.toFixed(2)} ${rps >= 0.8 ? 'met' : 'NOT met'}   p99 ${e.result.p99} → ${f.result.p99} ms  ${p99.toFixed(2)} ${p99 <= 1.25 ? 'met' : 'NOT met'}`,
    );
  }
}

const CPU_HEADER = [
  'CPU per request while loaded (ms; /proc, user + system): what the 2 cores allow.',
  '  "one core": the rate the service\'s own process allows (1000 / service ms); "2 cores": what all three allow together;',
  '  "service free": what Postgres and the load generator leave if the service cost nothing, and its ratio to the ceiling',
  'database   request                       service   Postgres   load gen     one core      2 cores   service free   ratio',
].join('\n');

function cpuLine(row: Row, cpu: CpuSplit): string {
  const free = 2000 / (cpu.postgres + cpu.loadgen);
  return [
    row.database.padEnd(10),
    row.request.padEnd(27),
    cpu.service.toFixed(3).padStart(9),
    cpu.postgres.toFixed(3).padStart(10),
    cpu.loadgen.toFixed(3).padStart(10),
    n(1000 / cpu.service).padStart(12),
    n(2000 / (cpu.service + cpu.postgres + cpu.loadgen)).padStart(12),
    n(free).padStart(14),
    (free / row.ceilingRps).toFixed(2).padStart(7),
  ].join(' ');
}

/** Prints each figure as soon as it is measured, so a run cut short still shows what it measured. */
function record(rows: Row[], row: Row): void {
  rows.push(row);
  console.log(`  ${line(row)}`);
  const cpu = row.result.cpu;
  if (cpu)
    console.log(
      `      CPU per request: service ${cpu.service.toFixed(3)} ms, Postgres ${cpu.postgres.toFixed(3)} ms, load generator ${cpu.loadgen.toFixed(3)} ms${cpu.written ? `; the service wrote ${cpu.written.kb.toFixed(1)} KB in ${cpu.written.calls.toFixed(1)} write calls` : ''}`,
    );
}

/** The service as `npm start` runs it: compiled JavaScript, not the TypeScript loader (which costs memory and start-up). */
const BUILT_CLI = 'dist/src/main/cli.js';

async function main() {
  const built = spawnSync('npm', ['run', 'build'], { cwd: projectRoot(), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  const cpus = os.cpus();
  console.log(
    `HTTP bench: autocannon ${CONNECTIONS} connections, ${SECONDS} s per load, medians of ${RUNS} rounds; ${cpus.length}× ${cpus[0]?.model}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; Node ${process.version}`,
  );
  const node = await withBareServer('node', (url) => medianLoad(RUNS, () => healthz(url)));
  console.log(
    `ceiling: bare node:http ${n(node.rps)} req/s (bare express 5 is measured in each round, beside the service)\n  ${HEADER}`,
  );
  const rows: Row[] = [];
  await withBareServer('express', async (expressUrl) => {
    for (const target of DATABASES) await onDatabase(target, expressUrl, rows);
  });
  print(rows, node);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
