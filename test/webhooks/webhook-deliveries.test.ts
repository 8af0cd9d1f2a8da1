import { describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { consoleCall, consoleUser, signIn } from '../support/console.js';
import { eventually } from '../support/eventually.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

describe.each(DIALECTS)('GET /webhook-deliveries and redelivery on %s', (dialect) => {
  const suite = useTestService(dialect);

  it("lists the company's deliveries by status; a dead one is sent again on request; another company's is not found", async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    // Nothing listens on port 9: every attempt fails and the delivery stays pending.
    await addWebhookEndpoint(suite.database.db, companyId, 'http://127.0.0.1:9/hooks', new Date());
    const job = await suite.t.call('POST', '/customers/batch', { key, body: { customers: [validCustomer('wh-1')] } });
    await waitForJob(suite.t, key, `/customers/batch/${job.body.jobId}`);
    const [delivery] = await eventually(
      async () => {
        const res = await suite.t.call('GET', '/webhook-deliveries', { key });
        return res.body.length > 0 ? res.body : undefined;
      },
      20_000,
      'the batch.completed delivery',
    );
    expect(delivery).toMatchObject({
      eventType: 'batch.completed',
      subjectId: job.body.jobId,
      status: 'pending',
      deliveredAt: null,
    });

    // Given up (what the retry window ends in): listed among the dead, then sent again.
    await tables(suite.database.db).webhookDeliveries().where({ id: delivery.id }).update({ status: 'dead' });
    expect((await suite.t.call('GET', '/webhook-deliveries?status=dead', { key })).body.map((d: any) => d.id)).toEqual([
      delivery.id,
    ]);
    expect((await suite.t.call('GET', '/webhook-deliveries?status=delivered', { key })).body).toEqual([]);

    const other = await suite.t.company('Other');
    const foreign = await suite.t.call('POST', `/webhook-deliveries/${delivery.id}/redeliver`, { key: other.apiKey });
    expect(foreign.status, JSON.stringify([delivery.id, foreign.body])).toBe(404);
    expect((await suite.t.call('GET', '/webhook-deliveries', { key: other.apiKey })).body).toEqual([]);

    const operator = await consoleUser(suite.database.db, companyId, 'operator');
    const { session } = await signIn(suite.t.url, operator.email, operator.password);
    expect(
      (await consoleCall(suite.t.url, session!, 'POST', `/webhook-deliveries/${delivery.id}/redeliver`)).status,
    ).toBe(204);
    const after = (await suite.t.call('GET', '/webhook-deliveries', { key })).body.find(
      (d: any) => d.id === delivery.id,
    );
    expect(after.status).toBe('pending');
    expect((await suite.t.call('GET', '/webhook-deliveries?status=bogus', { key })).status).toBe(400);
  });
});
