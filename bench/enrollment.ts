/**
 * Enrollment benchmark: POST /customers/schedule/sync (scheduleMode enroll) against the real
 * service on loopback over Postgres, spread across 50 companies, each request a new application
 * (new customer, new-lead cadence of 5 calls, one idempotency record, all in one transaction).
 * Bounded: 50 enrollments per company (under the 60/min quota) and at most 60 s. Printed next to
 * a bare baseline (GET /healthz, same server and concurrency) and idempotent replays.
 *
 *   npx tsx bench/enrollment.ts [perCompany] [concurrency]
 *   BENCH_POSTGRES_URL=postgres://… (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test)
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { createCompany } from '../src/domain/companies.js';
import { createLogger } from '../src/lib/logger.js';
import { startService } from '../src/server.js';
import { openDb } from '../src/store/db.js';

const COMPANIES = 50;
const PER_COMPANY = Math.min(Number(process.argv[2] ?? 50), 60); // the quota is 60 per minute per company
const CONCURRENCY = Number(process.argv[3] ?? 8);
const TIME_LIMIT_MS = 60_000;
const BASE_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends the requests with a fixed number in flight; stops early at the time limit. */
async function run(label: string, url: string, requests: Request[]) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests.length && performance.now() - started < TIME_LIMIT_MS) {
      const r = requests[next++]!;
      const t0 = performance.now();
      const res = await fetch(url + r.path, { method: r.method, headers: r.headers, body: r.body });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  const codes = [...statuses].map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(`${label.padEnd(22)} ${latencies.length} requests in ${seconds.toFixed(2)} s: ${Math.round(latencies.length / seconds)} req/s; latency ms p50 ${p(0.5)} p95 ${p(0.95)} p99 ${p(0.99)}; status ${codes}`);
  return latencies.length;
}

async function main() {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openDb(BASE_URL);
  await admin.raw(`CREATE SCHEMA ${schema}`);
  const db = openDb(BASE_URL, { schema, poolMax: 20 });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: BASE_URL });
  const service = await startService(config, { db, migrate: true, workers: false, log: createLogger('silent') });
  try {
    const keys: string[] = [];
    for (let c = 0; c < COMPANIES; c++) keys.push((await createCompany(db, `Bench ${c}`, new Date())).apiKey);

    const health: Request[] = Array.from({ length: COMPANIES * PER_COMPANY }, () => ({ method: 'GET', path: '/healthz', headers: {} }));
    // Interleave companies so every company is busy throughout, as with many lenders at once.
    const enrollments: Request[] = [];
    for (let i = 0; i < PER_COMPANY; i++) {
      for (let c = 0; c < COMPANIES; c++) {
        const body = {
          scheduleMode: 'enroll', taskType: 'PendingLoanNewLead', id: `bench-${i}`, loanId: `loan-${i}`, firstName: 'Bench', lastName: `Customer ${i}`,
          phoneNumber: `+1212555${String(1000 + i).padStart(4, '0')}`, timezone: 'America/New_York', daysInApplied: i % 30,
        };
        enrollments.push({
          method: 'POST', path: '/customers/schedule/sync', body: JSON.stringify(body),
          headers: { 'X-API-Key': keys[c]!, 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${c}-${i}` },
        });
      }
    }
    console.log(`enrollment: ${COMPANIES} companies × ${PER_COMPANY} enrollments, ${CONCURRENCY} in flight, Postgres, loopback`);
    await run('baseline GET /healthz', service.url, health);
    const done = await run('enroll (new)', service.url, enrollments);
    const calls = Number((await db('scheduled_calls').count({ n: '*' }))[0]!.n);
    console.log(`enrollment: ${done} enrollments stored ${calls} scheduled calls`);
    // Replays of the first 10 per company stay under the quota (50 + 10 = 60 per company).
    await run('enroll (replay)', service.url, enrollments.slice(0, COMPANIES * Math.max(0, Math.min(10, 60 - PER_COMPANY))));
  } finally {
    await service.stop();
    await db.destroy();
    await admin.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
