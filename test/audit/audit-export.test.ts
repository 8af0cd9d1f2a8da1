import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exportContactRecords,
  NO_DECISION_NOTE,
  type ContactRecord,
  type ExportRecord,
} from '../../src/domain/audit/contact-export.js';
import { exportLine } from '../../src/domain/audit/export-format.js';
import { dialScheduledCalls } from '../../src/domain/calls/dial.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { createCompany, getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { dispatchDueMessages } from '../../src/domain/messages/message-dispatch.js';
import type { VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import { RULE_CATALOG_VERSION } from '../../src/scheduler/index.js';
import type { Db } from '../../src/store/shared/db.js';
import { useSandboxAgentsLive } from '../support/calls.js';
import { runOutreach } from '../support/cli.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-12-08T15:00:00.000Z'); // Tuesday 10:00 in New York
const AT = NOW.toISOString();
const RANGE = ['--from', '2026-12-01', '--to', '2026-12-31'];

/** The `outreach` CLI (in-process, test/support/cli.ts) against the test database. */
async function outreach(url: string, args: string[]) {
  return runOutreach(args, { env: { DATABASE_URL: url } });
}

async function customer(db: Db, companyId: string, id: string, extra: Record<string, unknown> = {}) {
  await tables(db)
    .customers()
    .insert({
      company_id: companyId,
      id,
      first_name: 'Ada',
      last_name: 'Byron',
      timezone: 'America/New_York',
      state: 'NY',
      phone_number: '+12125550100',
      email: `${id}@example.com`,
      do_not_call: false,
      is_test: false,
      created_at: AT,
      updated_at: AT,
      ...extra,
    });
}

async function schedule(db: Db, companyId: string, customerId: string, channel: 'call' | 'sms' | 'email') {
  const id = randomUUID();
  await tables(db).schedules().insert({
    id,
    company_id: companyId,
    customer_id: customerId,
    cadence_id: null,
    channel,
    source: 'replace',
    task_type: 'Collections',
    cadence: 'collections',
    loan_id: 'loan-1',
    status: 'active',
    created_at: AT,
    updated_at: AT,
  });
  return id;
}

function scheduledCall(
  companyId: string,
  customerId: string,
  scheduleId: string,
  stepIndex: number,
  extra: Record<string, unknown> = {},
) {
  return {
    id: randomUUID(),
    company_id: companyId,
    customer_id: customerId,
    schedule_id: scheduleId,
    loan_id: 'loan-1',
    task_type: 'Collections',
    purpose: 'collections',
    scheduled_time: AT,
    phone_number: '+12125550100',
    transfer_destination: 'queue:x',
    step: `s${stepIndex}`,
    step_index: stepIndex,
    fallback: false,
    status: 'dialing',
    call_id: null,
    post_processing_flags: '[]',
    explanation: null,
    created_at: AT,
    updated_at: AT,
    ...extra,
  };
}

const placing: VoiceProvider = {
  name: 'live',
  createCall: async () => ({ providerCallId: `call_${randomUUID()}` }),
  findCall: async () => ({ kind: 'none' }),
} as unknown as VoiceProvider;

function services(db: Db): CallServices {
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as CallServices['log'];
  return {
    db,
    now: () => NOW,
    log,
    voice: { live: placing, sandbox: placing },
    recordings: {} as CallServices['recordings'],
    queue: {} as CallServices['queue'],
    settings: {
      publicBaseUrl: 'http://127.0.0.1:9',
      fromNumber: '+12025550199',
      signingSecret: 'x'.repeat(32),
      dialLeaseMs: 60_000,
      maxCallbacksInFlight: 8,
    },
  };
}

const accepted = {
  send: async () => ({ accepted: true, providerMessageId: `m_${randomUUID()}` }),
  // A mobile number: the line-type lookup before the first text lets it through.
  lineType: async () => ({ found: true, lineType: 'mobile', carrierName: null }),
  close: async () => {},
  verifyCallback: () => true,
};

describe.each(DIALECTS)('outreach audit export on %s', { timeout: 180_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = database.db;
    ({ companyId } = await createCompany(db, 'Audit', NOW));
    const config = await getCompanyConfig(db, companyId);
    await setCompanyConfig(db, companyId, {
      ...config,
      templates: { n: { subject: 'Reminder, "today"', body: 'Hi {{customer.firstName}}, please call us.' } },
    });
    // The company's live agents are the sandbox's, published (what `outreach voice agents` records).
    await useSandboxAgentsLive(db, companyId);

    // Two calls through the real dial-time check: one placed, one ruled out by a cease request.
    await customer(db, companyId, 'placed');
    await customer(db, companyId, 'ceased', { phone_number: '+12125550101' });
    await tables(db).contactRestrictions().insert({
      id: randomUUID(),
      company_id: companyId,
      customer_id: 'ceased',
      loan_id: null,
      kind: 'cease_request',
      source: 'operator',
      created_at: '2026-12-01T00:00:00.000Z',
    });
    const placed = scheduledCall(companyId, 'placed', await schedule(db, companyId, 'placed', 'call'), 0);
    const ceased = scheduledCall(companyId, 'ceased', await schedule(db, companyId, 'ceased', 'call'), 0, {
      phone_number: '+12125550101',
    });
    // A call dialed before decisions were recorded.
    const legacy = scheduledCall(companyId, 'placed', placed.schedule_id, 1, {
      status: 'completed',
      dialed_at: '2026-12-02T15:00:00.000Z',
      scheduled_time: '2026-12-02T15:00:00.000Z',
    });
    await tables(db).scheduledCalls().insert([placed, ceased, legacy]);
    Object.assign(ids, { placed: placed.id, ceased: ceased.id, legacy: legacy.id });
    const results = await dialScheduledCalls(
      services(db),
      [placed, ceased].map((c) => ({ scheduledCallId: c.id, companyId })),
      [false, false],
    );
    expect(results).toEqual([{ outcome: 'placed' }, { outcome: 'skipped' }]);

    // A text and an email through the real send-time check.
    for (const channel of ['sms', 'email'] as const) {
      const id = randomUUID();
      ids[channel] = id;
      await tables(db)
        .scheduledMessages()
        .insert({
          id,
          company_id: companyId,
          customer_id: 'placed',
          schedule_id: await schedule(db, companyId, 'placed', channel),
          loan_id: 'loan-1',
          task_type: 'Collections',
          purpose: 'collections',
          channel,
          step: channel,
          step_index: 0,
          template: 'n',
          scheduled_time: AT,
          status: 'pending',
          created_at: AT,
          updated_at: AT,
        });
    }
    const route = { sms: accepted, email: accepted, smsFrom: '+15005550006' } as never;
    const log = {
      error(msg: string, data?: object) {
        throw new Error(`${msg} ${JSON.stringify(data)}`);
      },
    };
    expect(
      await dispatchDueMessages(
        {
          db,
          now: () => NOW,
          routes: { live: route, sandbox: route, emailFrom: 'a@example.com', signingSecret: 'x'.repeat(32) },
          publicBaseUrl: 'http://127.0.0.1:9',
          log,
        },
        10,
        10,
      ),
    ).toBe(2);
  }, 90_000);

  const jsonl = async (args: string[] = []) => {
    const res = await outreach(database.url, ['audit', 'export', '--company', companyId, ...RANGE, ...args]);
    expect(res.code, res.stderr).toBe(0);
    return res.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as ExportRecord);
  };

  it('jsonl: a call placed, a call skipped by a rule, a text and an email, each with its consent and every rule evaluated', async () => {
    const all = await jsonl();
    // The cease request placed in the range is a ledger record of its own (docs/operators/compliance.md).
    expect(all.filter((r) => !('scheduledTime' in r)).map((r) => r.kind)).toEqual(['restriction_change']);
    const records = all.filter((r): r is ContactRecord => 'scheduledTime' in r);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(records).toHaveLength(5);
    expect(records[0].id).toBe(ids.legacy); // scheduled-time order

    const placed = byId.get(ids.placed)!;
    expect(placed).toMatchObject({
      kind: 'attempt',
      channel: 'call',
      recipient: '+12125550100',
      catalogVersion: RULE_CATALOG_VERSION,
      at: AT,
      note: null,
      // The application number carries express consent, captured when the customer arrived.
      consent: { origin: 'company-default', type: 'express', source: 'application', capturedAt: AT },
      decision: { verdict: 'allowed', at: AT },
      outcome: { status: 'dialing' },
    });
    expect(placed.outcome.callId).toBeTruthy();
    expect(placed.rules.map((r) => `${r.rule}:${r.verdict}`)).toEqual(
      expect.arrayContaining([
        'calling-window:pass',
        'federal-holiday:pass',
        'regf-call-frequency:pass',
        'regf-after-conversation:pass',
        'tcpa-consent-required:pass',
      ]),
    );
    expect(placed.rules.every((r) => r.verdict === 'pass' && r.source)).toBe(true);

    const ceased = byId.get(ids.ceased)!;
    expect(ceased).toMatchObject({
      kind: 'not_attempted',
      channel: 'call',
      recipient: '+12125550101',
      consent: null,
      decision: { verdict: 'refused' },
      outcome: { status: 'skipped' },
    });
    expect(ceased.rules).toEqual([
      {
        rule: 'restriction-cease-request',
        source: 'FDCPA 15 U.S.C. 1692c(c); Reg F 12 CFR 1006.6(c)(1)',
        verdict: 'block',
        detail: expect.any(String),
        until: null,
      },
      {
        rule: 'tcpa-consent-required',
        source: expect.stringContaining('47 U.S.C. 227(b)(1)(A)(iii)'),
        verdict: 'pass',
      }, // consent is evidence even when another rule refuses
    ]);
    expect(ceased.outcome.reason).toMatch(/restriction-cease-request/);

    for (const channel of ['sms', 'email'] as const) {
      const r = byId.get(ids[channel])!;
      expect(r).toMatchObject({
        kind: 'attempt',
        channel,
        catalogVersion: RULE_CATALOG_VERSION,
        consent: { origin: 'company-default' },
        decision: { verdict: 'allowed' },
        outcome: { status: 'sent' },
      });
      expect(r.recipient).toBe(channel === 'sms' ? '+12125550100' : 'placed@example.com');
      expect(r.rules.map((x) => x.rule)).toContain('calling-window');
      expect(r.rules.map((x) => x.rule)).not.toContain('regf-call-frequency'); // Reg F's frequency counts calls only
    }

    expect(byId.get(ids.legacy)).toMatchObject({
      kind: 'attempt',
      rules: [],
      consent: null,
      catalogVersion: null,
      decision: null,
      note: NO_DECISION_NOTE,
    });
  });

  it('csv: a header, one row per record, fields with commas, quotes and newlines quoted (RFC 4180); --out writes a file', async () => {
    const file = path.join(os.tmpdir(), `audit-${randomUUID()}.csv`);
    try {
      const res = await outreach(database.url, [
        'audit',
        'export',
        '--company',
        companyId,
        ...RANGE,
        '--format',
        'csv',
        '--out',
        file,
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toBe('');
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        'kind,channel,id,customer_id,loan_id,purpose,scheduled_time,at,recipient,consent_origin,consent_type,consent_source,consent,catalog_version,rules,decision,decided_at,decision_reason,status,status_reason,outcome,flags,note,template,message_subject,message_body,recording_ref,detail',
      );
      expect(lines.at(-1)).toBe(''); // CRLF after the last record
      const ceased = lines.find((l) => l.includes(ids.ceased))!;
      expect(ceased).toMatch(/^not_attempted,call,/);
      expect(ceased).toContain('"[{""rule"":""restriction-cease-request""'); // JSON in a quoted field, its quotes doubled
      const legacy = lines.find((l) => l.includes(ids.legacy))!;
      expect(legacy.includes(`,"${NO_DECISION_NOTE}",`) || legacy.includes(`,${NO_DECISION_NOTE},`)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('refuses bad input and an unknown company with a clear message', async () => {
    const bad = await outreach(database.url, [
      'audit',
      'export',
      '--company',
      companyId,
      '--from',
      'yesterday',
      '--to',
      '2026-12-31',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from must be an ISO 8601/);
    const backwards = await outreach(database.url, [
      'audit',
      'export',
      '--company',
      companyId,
      '--from',
      '2026-12-31',
      '--to',
      '2026-12-01',
    ]);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toMatch(/--from must be before --to/);
    const format = await outreach(database.url, [
      'audit',
      'export',
      '--company',
      companyId,
      ...RANGE,
      '--format',
      'xml',
    ]);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/--format must be jsonl or csv/);
    const unknown = await outreach(database.url, ['audit', 'export', '--company', randomUUID(), ...RANGE]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not found/);
  });

  it('10,000 attempts stream in bounded memory, and every record names its consent and its rules', async () => {
    const db = database.db;
    const { companyId: big } = await createCompany(db, 'Big', NOW);
    await customer(db, big, 'many');
    const scheduleId = await schedule(db, big, 'many', 'call');
    const rules = (await jsonl()).find((r): r is ContactRecord => r.id === ids.placed && 'rules' in r)!.rules;
    const consent = {
      origin: 'company-default',
      type: 'express',
      source: 'supplied_by_lender',
      capturedAt: null,
      evidenceRef: null,
      consentEventId: null,
    };
    const start = Date.parse('2026-12-01T14:00:00.000Z');
    const calls = Array.from({ length: 10_000 }, (_, i) => {
      const at = new Date(start + i * 60_000).toISOString();
      return scheduledCall(big, 'many', scheduleId, i, {
        status: 'completed',
        scheduled_time: at,
        dialed_at: at,
        updated_at: at,
      });
    });
    await db.batchInsert('scheduled_calls', calls, 500);
    await db.batchInsert(
      'contact_decisions',
      calls.map((c) => ({
        id: randomUUID(),
        company_id: big,
        customer_id: 'many',
        channel: 'call',
        subject_id: c.id,
        decided_at: c.scheduled_time,
        verdict: 'allowed',
        recipient: c.phone_number,
        rules: JSON.stringify(rules),
        catalog_version: RULE_CATALOG_VERSION,
        consent: JSON.stringify(consent),
        reason: null,
      })),
      500,
    );

    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let count = 0;
    for await (const r of exportContactRecords(db, big, { from: '2026-12-01', to: '2026-12-31' })) {
      bytes += exportLine('jsonl', r).length;
      if (++count % 1_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - base);
      }
    }
    expect(count).toBe(10_000);
    // Held whole, the records would take more than their JSON text (> 10 MB); streamed, a page of 500 at a time.
    expect(bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(peak).toBeLessThan(bytes / 4);

    const res = await outreach(database.url, ['audit', 'export', '--company', big, ...RANGE]);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10_000);
    const bad = lines.filter((l) => {
      const r = JSON.parse(l) as ContactRecord;
      return (
        r.consent?.origin !== 'company-default' || r.rules.length === 0 || r.catalogVersion !== RULE_CATALOG_VERSION
      );
    });
    expect(bad).toEqual([]);
  });
});
