import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryLog, redeliverWebhook } from '../../src/domain/webhooks/delivery-log.js';
import { addWebhookEndpoint, rotateWebhookEndpointSecret } from '../../src/domain/webhooks/endpoints.js';
import { retryDelayMs } from '../../src/domain/webhooks/deliver.js';
import { runOutreach } from '../support/cli.js';
import { DIALECTS } from '../support/databases.js';
import { validCustomer } from '../support/customers.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { type ReceivedHook, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const verifies = (secret: string, r: ReceivedHook) => {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await what();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A clock that starts at NOW (a business day, inside calling hours) and then runs: retries come due.
const started = Date.now();
const runningClock = () => new Date(NOW.getTime() + (Date.now() - started));
const FAST = {
  OUTREACH_WEBHOOK_RETRY_BASE_MS: '50',
  OUTREACH_WEBHOOK_RETRY_MAX_MS: '200',
  OUTREACH_JOBS_POLL_MS: '50',
};

describe.each(DIALECTS)('outbound webhooks on %s', { timeout: 120_000 }, (dialect) => {
  const suite = useTestService(dialect, { now: runningClock, env: FAST });
  let site: WebhookReceiver;
  beforeAll(async () => {
    site = await startWebhookReceiver(3);
  });
  afterAll(() => site.close());

  it('an endpoint down for a while receives every event once it recovers, each verifiable (Standard Webhooks)', async () => {
    const { companyId, apiKey: key } = await suite.t.company();
    const endpoint = await addWebhookEndpoint(suite.database.db, companyId, site.url, runningClock());
    expect(endpoint.secret).toMatch(/^whsec_/);

    const customers = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: [validCustomer('wh-1'), validCustomer('wh-2')] },
    });
    expect(customers.status).toBe(202);
    const customerJob = await waitForJob(suite.t, key, `/customers/batch/${customers.body.jobId}`);
    const loans = await suite.t.call('POST', '/loans/batch', {
      key,
      body: { loans: [{ id: 'L-1', customerId: 'wh-1' }] },
    });
    expect(loans.status).toBe(202);
    const loanJob = await waitForJob(suite.t, key, `/loans/batch/${loans.body.jobId}`);

    const enrolled = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'wh-3', loanId: 'loan-wh-3' }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(enrolled.status).toBe(200);
    const calls = (await suite.t.call('GET', '/scheduled-calls/customer/wh-3', { key })).body as { id: string }[];
    expect(calls.length).toBeGreaterThan(0);
    expect((await suite.t.call('PUT', '/customers/wh-3', { key, body: { doNotCall: true } })).status).toBe(200);

    const expected = 2 + calls.length;
    const log = await until(
      () => webhookDeliveryLog(suite.database.db, companyId, {}),
      (l) => l.length === expected && l.every((d) => d.status === 'delivered'),
    );
    expect(log.some((d) => d.attempts > 1)).toBe(true); // the 500s were retried

    const ok = site.received.filter((r) => r.answered === 200);
    expect(site.received.filter((r) => r.answered === 500)).toHaveLength(3);
    expect(ok).toHaveLength(expected);
    expect(ok.every((r) => verifies(endpoint.secret, r))).toBe(true);
    expect(new Set(ok.map((r) => r.headers['webhook-id']))).toEqual(new Set(log.map((d) => d.id)));

    const bodies = ok.map((r) => JSON.parse(r.body));
    expect(bodies).toContainEqual({
      type: 'batch.completed',
      timestamp: expect.any(String),
      data: { kind: 'customers', job: customerJob },
    });
    expect(bodies).toContainEqual({
      type: 'batch.completed',
      timestamp: expect.any(String),
      data: { kind: 'loans', job: loanJob },
    });
    const updated = bodies.filter((b) => b.type === 'scheduled_call.updated');
    expect(updated.map((b) => b.data.id).sort()).toEqual(calls.map((c) => c.id).sort());
    expect(updated.every((b) => b.data.status === 'cancelled' && b.data.customerId === 'wh-3')).toBe(true);
  });

  it('during a secret rotation both the old and the new secret verify; a tampered body verifies with neither', async () => {
    const { companyId, apiKey: key } = await suite.t.company();
    const old = await addWebhookEndpoint(suite.database.db, companyId, site.url, runningClock());
    const rotated = await rotateWebhookEndpointSecret(suite.database.db, companyId, old.id, runningClock(), 24);
    expect(rotated.secret).not.toBe(old.secret);
    const before = site.received.length;
    const res = await suite.t.call('POST', '/customers/batch', { key, body: { customers: [validCustomer('rot-1')] } });
    await waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
    await until(
      () => webhookDeliveryLog(suite.database.db, companyId, {}),
      (l) => l.length === 1 && l[0].status === 'delivered',
    );
    const got = site.received.slice(before).find((r) => r.answered === 200)!;
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(rotated.secret, got)).toBe(true);
    expect(verifies(old.secret, got)).toBe(true);
    const tampered = { ...got, body: got.body.replace('"processed":1', '"processed":2') };
    expect(tampered.body).not.toBe(got.body);
    expect(verifies(rotated.secret, tampered) || verifies(old.secret, tampered)).toBe(false);
  });
});

describe.each(DIALECTS)('webhook give-up and redelivery on %s', { timeout: 120_000 }, (dialect) => {
  // The give-up window passes on the business clock when the test says so (after two failed
  // attempts), not after some real milliseconds, so a loaded machine cannot squeeze the retries out.
  let skipped = 0;
  const clock = () => new Date(runningClock().getTime() + skipped);
  const suite = useTestService(dialect, { now: clock, env: { ...FAST, OUTREACH_WEBHOOK_GIVE_UP_MS: '3600000' } });

  it('an endpoint that keeps failing past the give-up window is dead; redelivery sends the same message again', async () => {
    const site = await startWebhookReceiver(1_000_000);
    try {
      const { companyId, apiKey: key } = await suite.t.company();
      const endpoint = await addWebhookEndpoint(suite.database.db, companyId, site.url, clock());
      const res = await suite.t.call('POST', '/customers/batch', {
        key,
        body: { customers: [validCustomer('dead-1')] },
      });
      await waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
      await until(
        () => webhookDeliveryLog(suite.database.db, companyId, {}),
        (l) => (l[0]?.attempts ?? 0) >= 2 && l[0]?.status === 'pending',
      );
      skipped += 2 * 3_600_000; // past the give-up window: the next failed attempt is the last
      const [dead] = await until(
        () => webhookDeliveryLog(suite.database.db, companyId, {}),
        (l) => l[0]?.status === 'dead',
      );
      expect(dead).toMatchObject({ status: 'dead', lastStatusCode: 500, lastError: 'HTTP 500' });
      expect(dead.attempts).toBeGreaterThan(1);

      site.fail(0);
      await redeliverWebhook(suite.database.db, companyId, dead.id, clock());
      await until(
        () => webhookDeliveryLog(suite.database.db, companyId, {}),
        (l) => l[0]?.status === 'delivered',
      );
      const last = site.received.at(-1)!;
      expect(last.answered).toBe(200);
      expect(last.headers['webhook-id']).toBe(dead.id);
      expect(verifies(endpoint.secret, last)).toBe(true);
      expect(last.body).toBe(site.received[0].body); // the same message
    } finally {
      await site.close();
    }
  });
});

describe('webhook retry schedule', () => {
  it('doubles from the base up to the cap, and keeps retrying for at least the give-up window (24 h by default)', () => {
    const policy = { retryBaseMs: 10_000, retryMaxMs: 4 * 3_600_000, giveUpMs: 24 * 3_600_000, timeoutMs: 10_000 };
    const delays = Array.from({ length: 14 }, (_, i) => retryDelayMs(policy, i + 1, () => 0));
    expect(delays.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(delays.at(-1)).toBe(4 * 3_600_000);
    expect(retryDelayMs(policy, 3, () => 1)).toBe(44_000); // up to 10% jitter
  });
});

describe('outreach webhook commands', { timeout: 240_000 }, () => {
  const suite = useTestService('sqlite');
  const outreach = async (...args: string[]) => {
    const result = await runOutreach(['webhook', ...args], { env: { DATABASE_URL: suite.database.url } });
    if (result.code !== 0)
      throw new Error(`outreach webhook ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return result.stdout;
  };

  it('add, list, rotate-secret, deliveries, redeliver, remove', async () => {
    const { companyId } = await suite.t.company();
    const added = JSON.parse(
      await outreach('add', '--company', companyId, '--url', 'https://partner.example/hooks', '--json'),
    );
    expect(added).toMatchObject({
      url: 'https://partner.example/hooks',
      secret: expect.stringMatching(/^whsec_/),
      previousSecretValidUntil: null,
    });
    const rotated = JSON.parse(
      await outreach('rotate-secret', '--company', companyId, '--endpoint', added.id, '--json'),
    );
    expect(rotated.secret).not.toBe(added.secret);
    const listed = JSON.parse(await outreach('list', '--company', companyId, '--json'));
    expect(listed).toEqual([
      { id: added.id, url: added.url, createdAt: added.createdAt, previousSecretValidUntil: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    await tables(suite.database.db).webhookDeliveries().insert({
      id: 'msg_cli',
      company_id: companyId,
      endpoint_id: added.id,
      event_type: 'batch.completed',
      event_key: 'k',
      subject_id: 'job-1',
      status: 'dead',
      next_attempt_at: 0,
      window_started_at: 0,
      created_at: new Date().toISOString(),
      attempts: 9,
    });
    const dead = JSON.parse(await outreach('deliveries', '--company', companyId, '--status', 'dead', '--json'));
    expect(dead).toEqual([expect.objectContaining({ id: 'msg_cli', status: 'dead', attempts: 9 })]);
    expect(await outreach('redeliver', '--company', companyId, '--delivery', 'msg_cli')).toBe('queued for delivery\n');
    expect((await tables(suite.database.db).webhookDeliveries().where({ id: 'msg_cli' }).first())!.status).toBe(
      'pending',
    );
    expect(await outreach('remove', '--company', companyId, '--endpoint', added.id)).toBe('removed\n');
    expect(JSON.parse(await outreach('list', '--company', companyId, '--json'))).toEqual([]);
  });
});
