/**
 * A mixed soak against the service process: per 10 requests 4 customer reads, 3 customer writes,
 * 2 health checks and 1 enrollment (spread over enough companies to stay under their quota).
 * Samples the service's RSS every 5 s and prints before / during / after and the least-squares slope.
 */
import { createCompany } from '../src/domain/companies/companies.js';
import type { Db } from '../src/store/shared/db.js';
import { customerBody, enrollmentBody } from './bodies.js';
import { type LoadRequest, type ServerProcess, load, rssMb } from './processes.js';

const SAMPLE_MS = 5_000;
/**
 * Enrollments go round these companies, each under its 60-a-minute quota up to 1,500 enrollments a
 * second, i.e. a mixed rate of 15,000 requests/s (twice this machine's /healthz). 400 were enough at
 * the 925 req/s of the first soaks; at 3,891 req/s (11-25) 1,600 enrollments were answered 429.
 */
const ENROLLING_COMPANIES = 1_500;

export async function soak(
  service: ServerProcess,
  db: Db,
  seconds: number,
  reader: string,
  seeded: number,
): Promise<void> {
  const keys: string[] = [];
  for (let c = 0; c < ENROLLING_COMPANIES; c++) keys.push((await createCompany(db, `Soak ${c}`, new Date())).apiKey);
  const json = (key: string) => ({ 'X-API-Key': key, 'Content-Type': 'application/json' });
  const tag = Date.now().toString(36);
  let enrollments = 0;
  const next = (i: number): LoadRequest => {
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        return { method: 'GET', path: `/customers/seed-${i % seeded}`, headers: { 'X-API-Key': reader } };
      case 4:
      case 5:
      case 6:
        return { method: 'POST', path: '/customers', headers: json(reader), body: customerBody(`soak-${tag}-${i}`) };
      case 7:
      case 8:
        return { method: 'GET', path: '/healthz' };
      default: {
        const e = enrollments++;
        return {
          method: 'POST',
          path: '/customers/schedule/sync',
          headers: { ...json(keys[e % keys.length]), 'Idempotency-Key': `soak-${tag}-${e}` },
          body: enrollmentBody(`soak-e-${tag}-${e}`, e),
        };
      }
    }
  };
  const before = rssMb(service.pid);
  const samples: Array<{ t: number; mb: number }> = [];
  const started = Date.now();
  const timer = setInterval(() => {
    try {
      samples.push({ t: (Date.now() - started) / 60_000, mb: rssMb(service.pid) });
    } catch {
      console.log(
        `  soak: the service process ${service.pid} is gone after ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      clearInterval(timer);
    }
  }, SAMPLE_MS);
  const result = await load(service.url, seconds, next);
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 10_000));
  let after = NaN;
  try {
    after = rssMb(service.pid);
  } catch {
    /* reported as NaN */
  }

  const slope = leastSquaresSlope(samples);
  const peak = Math.max(...samples.map((s) => s.mb));
  const minute = (from: number, to: number) => avg(samples.filter((s) => s.t >= from && s.t < to).map((s) => s.mb));
  const total = seconds / 60;
  console.log(
    `\nsoak (postgres, ${seconds} s mixed: 40% GET /customers/{id}, 30% POST /customers, 20% /healthz, 10% enrollment):`,
  );
  console.log(
    `  ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`,
  );
  console.log(
    `  RSS before ${before.toFixed(0)} MB; during: first minute avg ${minute(0, Math.min(1, total)).toFixed(0)} MB, last minute avg ${minute(Math.max(0, total - 1), total + 1).toFixed(0)} MB, peak ${peak.toFixed(0)} MB; after (10 s idle) ${after.toFixed(0)} MB`,
  );
  console.log(
    `  RSS slope over the soak: ${slope.toFixed(2)} MB/min (${samples.length} samples every ${SAMPLE_MS / 1000} s); target: under 250 MB and flat`,
  );
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function leastSquaresSlope(points: Array<{ t: number; mb: number }>): number {
  if (points.length < 2) return NaN;
  const mt = avg(points.map((p) => p.t));
  const mm = avg(points.map((p) => p.mb));
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.mb - mm), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return num / den;
}
