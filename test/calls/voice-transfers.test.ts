import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferResults } from '../../src/domain/calls/call-transfers.js';
import { registry } from '../../src/observability/metrics.js';
import { TRANSFER_FALLBACK_DESTINATION } from '../../src/simulators/voice/scenarios.js';
import { settledScheduledCall, startCallStack, type CallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { collectionsSyncBody } from '../support/enrollment.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08, 09:59:40 in New York: the syncs made at start are called at 10:00, the collections route open. */
const CLOCK = '2026-12-08T14:59:40Z';
/** The Collections route open at 10:00 (src/scheduler/default-config.ts). */
const ROUTE = 'queue:collections-agents';
const LIVE = ['CONNECT', 'LIVE_CONNECT', 'RPC'];

/**
 * Transfers as Retell reports them (https://docs.retellai.com/features/webhook: `transfer_started`,
 * `transfer_bridged`, `transfer_cancelled`, `transfer_ended`), sent by the voice simulator and
 * signed with `Retell.sign`: each of the three calls ends with the disconnection reason
 * `call_transfer`, and only its transfer events tell a bridge (555-0100), a failure then a bridge
 * to the fallback (555-0128), and a failure (555-0129) apart. Per destination the counts are
 * recorded once, counted by the metric, read by transferResults and GET /transfer-results.
 */
describe.each(DIALECTS)('transfers as the voice provider reports them on %s', { timeout: 180_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;
  const settled = new Map<string, { id: string; callId: string; postProcessingFlags: string[] }>();

  const sync = (id: string, digits: string) =>
    stack.t.call('POST', '/customers/schedule/sync', {
      key,
      body: collectionsSyncBody(id, `(212) 555-${digits}`),
    });

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK);
    ({ apiKey: key, companyId } = await stack.t.company());
    const customers = { 'tr-0100': '0100', 'tr-0128': '0128', 'tr-0129': '0129' };
    for (const res of await Promise.all(Object.entries(customers).map(([id, digits]) => sync(id, digits))))
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all(
      Object.keys(customers).map(async (id) => {
        const [first] = (await stack.t.call('GET', `/scheduled-calls/customer/${id}`, { key })).body as Array<{
          id: string;
        }>;
        settled.set(id, await settledScheduledCall(stack.t, key, first.id));
      }),
    );
  }, 150_000);

  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
  });

  it('the transfer events decide the flag, not the disconnection reason `call_transfer`', async () => {
    expect(settled.get('tr-0100')!.postProcessingFlags).toEqual([...LIVE, 'SUCCESSFUL_TRANSFER']);
    expect(settled.get('tr-0128')!.postProcessingFlags).toEqual([...LIVE, 'FALLBACK_TRANSFER']);
    expect(settled.get('tr-0129')!.postProcessingFlags).toEqual([...LIVE, 'TRANSFER_FAILED']);
    for (const { callId } of settled.values()) {
      const call = await tables(database.db).calls().where({ id: callId }).first();
      expect(call!.disconnection_reason).toBe('call_transfer');
    }
  });

  it('each transfer event is recorded once for its call, with the company of its scheduled call', async () => {
    const rows = await tables(database.db)
      .callTransfers()
      .where({ company_id: companyId })
      .orderBy(['scheduled_call_id', 'received_at', 'event_id']);
    const steps = (customer: string) => {
      const sc = settled.get(customer)!.id;
      return rows.filter((r) => r.scheduled_call_id === sc).map((r) => `${r.step} ${r.destination ?? ''}`.trim());
    };
    expect(steps('tr-0100')).toEqual([`started ${ROUTE}`, `bridged ${ROUTE}`, 'ended']);
    expect(steps('tr-0128')).toEqual([
      `started ${ROUTE}`,
      `cancelled ${ROUTE}`,
      `started ${TRANSFER_FALLBACK_DESTINATION}`,
      `bridged ${TRANSFER_FALLBACK_DESTINATION}`,
      'ended',
    ]);
    expect(steps('tr-0129')).toEqual([`started ${ROUTE}`, `cancelled ${ROUTE}`]);
  });

  it('per destination: attempted, bridged, failed and fell back, from transferResults, GET /transfer-results and the metric', async () => {
    const from = new Date(Date.parse(CLOCK) - 3_600_000);
    const to = new Date(Date.parse(CLOCK) + 86_400_000);
    const expected = [
      { destination: ROUTE, attempted: 3, bridged: 1, failed: 2, fellBack: 1 },
      { destination: TRANSFER_FALLBACK_DESTINATION, attempted: 1, bridged: 1, failed: 0, fellBack: 0 },
    ];
    expect(await transferResults(database.db, companyId, from, to)).toEqual(expected);
    expect(await transferResults({ db: database.db }, companyId, from, new Date(from.getTime() + 1))).toEqual([]);
    const read = await stack.t.call('GET', `/transfer-results?from=${from.toISOString()}&to=${to.toISOString()}`, {
      key,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ from: from.toISOString(), to: to.toISOString(), data: expected });
    // Another company sees none of them; a period that ends before it starts is refused.
    const other = await stack.t.company('Other Lending');
    const theirs = await stack.t.call('GET', `/transfer-results?from=${from.toISOString()}&to=${to.toISOString()}`, {
      key: other.apiKey,
    });
    expect(theirs.body.data).toEqual([]);
    const backwards = await stack.t.call('GET', `/transfer-results?from=${to.toISOString()}&to=${from.toISOString()}`, {
      key,
    });
    expect(backwards.status).toBe(400);
    const metric = await registry.getSingleMetricAsString('outreach_call_transfers_total');
    expect(metric).toMatch(
      new RegExp(
        `outreach_call_transfers_total\\{step="bridged",destination="${TRANSFER_FALLBACK_DESTINATION}"\\} [1-9]`,
      ),
    );
    expect(metric).toMatch(
      new RegExp(`outreach_call_transfers_total\\{step="cancelled",destination="${ROUTE}"\\} [1-9]`),
    );
  });
});
