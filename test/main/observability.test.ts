import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { createLogger } from '../../src/lib/logger.js';
import { SLICE_QUEUE } from '../../src/domain/batches/slices.js';
import { recordWebhookDelivery } from '../../src/observability/metrics.js';
import { type RunningService, startService } from '../../src/main/server.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { startTestService, type TestService } from '../support/service.js';
import { validCustomer } from '../support/customers.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Lines the service logged, parsed (each must be one JSON object). */
function capture() {
  const out = new PassThrough();
  const err = new PassThrough();
  const lines: string[] = [];
  for (const s of [out, err])
    s.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  return { streams: { out, err }, lines };
}

function metricValue(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').pop());
  }
  return null;
}

describe.each(DIALECTS)('logs and metrics on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let service: RunningService;
  const log = capture();

  beforeAll(async () => {
    const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }) };
    service = await startService(config, { db: database.db, migrate: false, log: createLogger('info', log.streams) });
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('logs one JSON object a line; request lines carry operationId and company id', async () => {
    const { companyId, apiKey } = await createCompany(database.db, 'Logs Inc', new Date());
    const res = await fetch(`${service.url}/customers/nobody`, { headers: { 'X-API-Key': apiKey } });
    expect(res.status).toBe(404);
    await fetch(`${service.url}/no/such/route`);
    const parsed = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      parsed.every((p) => typeof p.time === 'string' && typeof p.level === 'string' && typeof p.msg === 'string'),
    ).toBe(true);
    expect(parsed).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        operationId: 'getCustomer',
        companyId,
        status: 404,
        path: '/customers/nobody',
      }),
    );
    expect(parsed).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        operationId: null,
        companyId: null,
        status: 404,
        path: '/no/such/route',
      }),
    );
  });

  it('LOG_LEVEL=warn drops info lines and keeps warnings', () => {
    const quiet = capture();
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'warn' }).logLevel, quiet.streams);
    logger.info('not shown');
    logger.warn('shown', { why: 'test' });
    logger.error('also shown');
    expect(quiet.lines.map((l) => JSON.parse(l).msg)).toEqual(['shown', 'also shown']);
    expect(JSON.parse(quiet.lines[0])).toMatchObject({ level: 'warn', why: 'test' });
  });

  it('serves Prometheus metrics: request duration by operationId and status, queue, pool, webhooks', async () => {
    const { apiKey } = await createCompany(database.db, 'Metrics Inc', new Date());
    await fetch(`${service.url}/customers/nobody`, { headers: { 'X-API-Key': apiKey } });
    const before = await (await fetch(`${service.url}/metrics`)).text();
    const count = (t: string) =>
      metricValue(t, 'outreach_http_request_duration_seconds_count', { operationId: 'getCustomer', status: '404' }) ??
      0;
    await fetch(`${service.url}/customers/nobody`, { headers: { 'X-API-Key': apiKey } });
    recordWebhookDelivery('dead');

    const res = await fetch(`${service.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(count(text)).toBe(count(before) + 1);
    expect(metricValue(text, 'outreach_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(metricValue(text, 'outreach_webhook_deliveries_total', { result: 'dead' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE outreach_job_queue_depth gauge');
  });

  it('reports every job kind after a batch ran, idle queues as 0 (a sample, not a gap)', async () => {
    const { apiKey } = await createCompany(database.db, 'Idle Queues Inc', new Date());
    const headers = { 'X-API-Key': apiKey, 'Content-Type': 'application/json' };
    const sent = await fetch(`${service.url}/customers/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ customers: [validCustomer('q-1'), validCustomer('q-2')] }),
    });
    expect(sent.status).toBe(202);
    const { jobId } = (await sent.json()) as { jobId: string };
    await eventually(
      async () => {
        const job = (await (await fetch(`${service.url}/customers/batch/${jobId}`, { headers })).json()) as {
          status: string;
        };
        return job.status === 'completed' ? true : undefined;
      },
      30_000,
      'the batch to complete',
    );
    const text = await (await fetch(`${service.url}/metrics`)).text();
    for (const kind of [SLICE_QUEUE, 'call-dial', 'call-recordings', 'webhook-deliveries']) {
      expect(metricValue(text, 'outreach_job_queue_depth', { kind }), kind).toBe(0);
      expect(metricValue(text, 'outreach_job_queue_oldest_age_seconds', { kind }), kind).toBe(0);
    }
  });

  it('reports queue depth and the oldest message age by job kind', async () => {
    await service.workers?.stop(); // nothing consumes the message below
    await database.db.transaction((trx) =>
      service.queue.enqueue(trx, SLICE_QUEUE, [{ n: 1 }, { n: 2 }], {
        maxAttempts: 1,
        retryDelaySeconds: 1,
        timeoutSeconds: 60,
      }),
    );
    const text = await (await fetch(`${service.url}/metrics`)).text();
    expect(metricValue(text, 'outreach_job_queue_depth', { kind: SLICE_QUEUE })).toBe(2);
    expect(metricValue(text, 'outreach_job_queue_oldest_age_seconds', { kind: SLICE_QUEUE })).toBeGreaterThanOrEqual(0);
  });
});

describe.each(DIALECTS)('dials in /metrics on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  // Enrolled at 10:00:00 New York (the first call is planned then), dialed once the clock moves on.
  let clock = NOW;

  beforeAll(async () => {
    // No simulator URL: the service starts its own voice simulator, as `outreach serve` does.
    t = await startTestService(database.db, {
      now: () => clock,
      env: { OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50' },
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it(
    'outreach_dials_total{outcome="placed"} grows by one for each call the dispatcher places',
    { timeout: 60_000 },
    async () => {
      const placed = async () =>
        metricValue(await (await fetch(`${t.url}/metrics`)).text(), 'outreach_dials_total', { outcome: 'placed' }) ?? 0;
      const before = await placed();
      const { apiKey: key, companyId } = await t.company();
      for (const [i, phone] of ['(212) 555-0101', '(212) 555-0102'].entries()) {
        const res = await t.call('POST', '/customers/schedule/sync', {
          key,
          headers: { 'Idempotency-Key': newKey() },
          body: enrollBody({ id: `dial-${i}`, loanId: `loan-${i}`, phoneNumber: phone, isTest: true }),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      clock = new Date(NOW.getTime() + 30_000); // the first calls are due
      const dialed = () =>
        tables(database.db)
          .scheduledCalls()
          .where({ company_id: companyId })
          .whereNotNull('provider_call_id')
          .pluck('id');
      await eventually(async () => ((await dialed()).length === 2 ? true : undefined), 50_000, 'both calls placed');
      // The worker counts a dial when its batch returns, a moment after the calls were recorded.
      await eventually(async () => ((await placed()) >= before + 2 ? true : undefined), 20_000, 'both dials counted');
      expect(await placed()).toBe(before + 2);
    },
  );
});
