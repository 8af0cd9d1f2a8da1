import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { CONTACT_RECORD_MIN_RETENTION_DAYS } from '../../src/config/jobs.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import {
  CONSENT_EVIDENCE_FLOOR_DAYS,
  CONTACT_RECORD_FLOOR_DAYS,
  RetentionFloorError,
  sweepCutoff,
} from '../../src/domain/retention/contact-records.js';
import { insertOutsideContact, listOutsideContactsOf } from '../../src/domain/borrowers/borrowers.js';
import { sweepRetention } from '../../src/domain/retention/sweep.js';
import { createLogger } from '../../src/lib/logger.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-12-08T15:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const log = createLogger('silent');

describe('contact-record retention configuration', () => {
  it('a retention shorter than three years is refused at start-up, naming the rule; three years or more is taken', () => {
    expect(() => loadConfig({ OUTREACH_CONTACT_RECORD_RETENTION_DAYS: '30' })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTREACH_CONTACT_RECORD_RETENTION_DAYS: '30' })).toThrow(
      /OUTREACH_CONTACT_RECORD_RETENTION_DAYS.*at least 1096.*12 CFR 1006\.100/s,
    );
    expect(() => loadConfig({ OUTREACH_CONTACT_RECORD_RETENTION_DAYS: '1095' })).toThrow(ConfigError);
    expect(loadConfig({ OUTREACH_CONTACT_RECORD_RETENTION_DAYS: '1096' }).jobs.contactRecordRetentionDays).toBe(1096);
    expect(loadConfig({}).jobs.contactRecordRetentionDays).toBeUndefined();
    expect(CONTACT_RECORD_MIN_RETENTION_DAYS).toBe(CONTACT_RECORD_FLOOR_DAYS);
  });

  it('the sweep refuses a cutoff inside the floor for every contact-record table (12 CFR 1006.100)', () => {
    for (const table of [
      'calls',
      'call_events',
      'scheduled_calls',
      'scheduled_messages',
      'contact_decisions',
      'outside_contact_attempts',
    ]) {
      expect(() => sweepCutoff(table, new Date(ago(30)), NOW), table).toThrow(RetentionFloorError);
      expect(sweepCutoff(table, new Date(ago(1097)), NOW).toISOString()).toBe(ago(1097));
    }
    expect(sweepCutoff('batch_jobs', new Date(ago(30)), NOW).toISOString()).toBe(ago(30));
  });

  it('consent evidence and revocations keep 5 years: TSR 16 CFR 310.5 (2024), beyond the TCPA 4 years and Reg F 3', () => {
    expect(CONSENT_EVIDENCE_FLOOR_DAYS).toBe(5 * 365 + 2);
    for (const table of [
      'consent_events',
      'sms_opt_outs',
      'email_suppressions',
      'inbound_messages',
      'reassigned_number_answers',
    ]) {
      // Older than Reg F's 3 years and the TCPA's 4 is still inside the floor.
      expect(() => sweepCutoff(table, new Date(ago(4 * 365 + 1)), NOW), table).toThrow(/16 CFR 310\.5/);
      expect(sweepCutoff(table, new Date(ago(1828)), NOW).toISOString()).toBe(ago(1828));
    }
  });
});

describe.each(DIALECTS)('retention sweep of contact records on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const ids: Record<string, string> = {};
  let call: (name: string, days: number, recordingKey?: string | null, customerId?: string) => Promise<void>;

  beforeAll(async () => {
    const db = database.db;
    ({ companyId } = await createCompany(db, 'Keep', NOW));
    await tables(db)
      .customers()
      .insert({
        company_id: companyId,
        id: 'c1',
        first_name: 'A',
        last_name: 'B',
        timezone: 'America/New_York',
        phone_number: '+12125550100',
        do_not_call: false,
        is_test: false,
        created_at: ago(1500),
        updated_at: ago(1500),
      });
    const quiet = await tables(db).customers().where({ company_id: companyId, id: 'c1' }).first();
    await tables(db)
      .customers()
      .insert({ ...quiet!, id: 'quiet' });
    const scheduleId = randomUUID();
    await tables(db)
      .schedules()
      .insert({
        id: scheduleId,
        company_id: companyId,
        customer_id: 'c1',
        cadence_id: null,
        channel: 'call',
        source: 'replace',
        task_type: 'Collections',
        cadence: 'collections',
        loan_id: null,
        status: 'active',
        created_at: ago(1500),
        updated_at: ago(1500),
      });
    let step = 0;
    call = async (name: string, days: number, recordingKey: string | null = null, customerId = 'c1') => {
      const at = ago(days);
      const id = randomUUID();
      await tables(db).scheduledCalls().insert({
        id,
        company_id: companyId,
        customer_id: customerId,
        schedule_id: scheduleId,
        loan_id: null,
        task_type: 'Collections',
        purpose: 'collections',
        scheduled_time: at,
        phone_number: '+12125550100',
        transfer_destination: 'queue:x',
        step: name,
        step_index: step++,
        fallback: false,
        status: 'completed',
        call_id: null,
        post_processing_flags: '[]',
        explanation: null,
        dialed_at: at,
        created_at: at,
        updated_at: at,
      });
      const callId = randomUUID();
      await tables(db)
        .calls()
        .insert({
          id: callId,
          company_id: companyId,
          customer_id: customerId,
          scheduled_call_id: id,
          provider: 'live',
          provider_call_id: `call_${name}`,
          to_phone_number: '+12125550100',
          from_phone_number: null,
          state: 'ended',
          timestamp: at,
          transcript: '',
          summarization: '',
          flags: '[]',
          recording_key: recordingKey,
          created_at: at,
          updated_at: at,
        });
      await tables(db).contactDecisions().insert({
        id: randomUUID(),
        company_id: companyId,
        customer_id: customerId,
        channel: 'call',
        subject_id: id,
        decided_at: at,
        verdict: 'allowed',
        recipient: '+12125550100',
        rules: '[]',
        catalog_version: 'x',
        consent: null,
        reason: null,
      });
      ids[name] = id;
    };
    await call('twoYears', 730);
    await call('fourYears', 1461);
    await call('fourYearsRecorded', 1461, 'recordings/x.mp3');
    // Another debt (customer quiet), whose last activity was four years ago.
    await call('quietFourYears', 1461, null, 'quiet');
    const outside = (externalId: string, customerId: string, days: number) =>
      insertOutsideContact(db, {
        id: randomUUID(),
        companyId,
        externalId,
        customerId,
        loanId: null,
        channel: 'call',
        direction: 'outbound',
        purpose: 'collections',
        occurredAt: ago(days),
        outcome: 'no_answer',
        conversation: false,
        address: null,
        source: null,
        recordedAt: ago(days),
      });
    await outside('c1-old', 'c1', 1400);
    await outside('quiet-old', 'quiet', 1400);
  }, 60_000);

  const left = async () =>
    (await tables(database.db).scheduledCalls().where({ company_id: companyId }).pluck('step')).sort();
  const calls = async () =>
    Number((await tables(database.db).calls().where({ company_id: companyId }).count({ n: '*' }))[0].n);
  const decisions = async () =>
    Number((await tables(database.db).contactDecisions().where({ company_id: companyId }).count({ n: '*' }))[0].n);

  it('without a configured retention, contact records are kept indefinitely', async () => {
    const swept = await sweepRetention(database.db, NOW, log);
    expect(swept).toMatchObject({ contactDecisions: 0, scheduledCalls: 0, scheduledMessages: 0 });
    expect(await left()).toEqual(['fourYears', 'fourYearsRecorded', 'quietFourYears', 'twoYears']);
  });

  it("1006.100(a) runs from the last activity on the debt: a 4-year-old call stays while its debt had a call 2 years ago; a quiet debt's goes", async () => {
    const swept = await sweepRetention(database.db, NOW, log, { contactRecordRetentionDays: 30 });
    expect(swept).toMatchObject({ scheduledCalls: 1, contactDecisions: 1, outsideContacts: 1 });
    expect(await left()).toEqual(['fourYears', 'fourYearsRecorded', 'twoYears']);
    expect(await calls()).toBe(3); // the quiet debt's call record went with its scheduled call
    expect(await decisions()).toBe(3);
    const reported = await listOutsideContactsOf(
      database.db,
      [
        { companyId, customerId: 'c1' },
        { companyId, customerId: 'quiet' },
      ],
      null,
    );
    expect(reported.map((r) => r.externalId)).toEqual(['c1-old']);
  });

  it('"now" is a parameter: once the debt\'s last call is three years old, its records go (a stored recording keeps its call)', async () => {
    const later = new Date(NOW.getTime() + 400 * DAY); // twoYears is then 1130 days old
    const swept = await sweepRetention(database.db, later, log, { contactRecordRetentionDays: 30 });
    expect(swept).toMatchObject({ scheduledCalls: 2, contactDecisions: 2, outsideContacts: 1 });
    expect(await left()).toEqual(['fourYearsRecorded']);
    expect(await decisions()).toBe(1);
  });

  it('deletes in batches of 1,000 rows per statement', async () => {
    const db = database.db;
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      provider: 'retell',
      event_id: `e${i}`,
      scheduled_call_id: randomUUID(),
      event: '{}',
      received_at: ago(10),
      applied_at: ago(9),
      outcome: 'applied',
    }));
    await db.batchInsert('callback_inbox', rows, 250);
    const deletes: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/^delete from .callback_inbox./i.test(q.sql)) deletes.push(q.sql);
    };
    db.on('query', listen);
    try {
      expect((await sweepRetention(db, NOW, log)).callbackInbox).toBe(2_500);
    } finally {
      db.removeListener('query', listen);
    }
    expect(deletes).toHaveLength(3);
    expect(deletes[0]).toMatch(/limit/i);
  });
  it('deletes ended scheduled calls 250 per statement: each takes its call and events with it', async () => {
    const db = database.db;
    const scheduleId = (await tables(db).schedules().where({ company_id: companyId }).first('id'))!.id;
    const at = ago(1500);
    const rows = Array.from({ length: 600 }, (_, i) => ({
      id: randomUUID(),
      company_id: companyId,
      customer_id: 'c1',
      schedule_id: scheduleId,
      loan_id: null,
      task_type: 'Collections',
      purpose: 'collections',
      scheduled_time: at,
      phone_number: '+12125550100',
      transfer_destination: 'queue:x',
      step: `old-${i}`,
      step_index: 1000 + i,
      fallback: false,
      status: 'skipped',
      call_id: null,
      post_processing_flags: '[]',
      explanation: null,
      created_at: at,
      updated_at: at,
    }));
    await db.batchInsert('scheduled_calls', rows, 100);
    const deletes: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/^delete from .scheduled_calls./i.test(q.sql)) deletes.push(q.sql);
    };
    db.on('query', listen);
    try {
      expect((await sweepRetention(db, NOW, log, { contactRecordRetentionDays: 30 })).scheduledCalls).toBe(600);
    } finally {
      db.removeListener('query', listen);
    }
    expect(deletes).toHaveLength(3);
  });

  it('1006.100(b): the recording store is told to delete a recording three years after its call, and no earlier one', async () => {
    const db = database.db;
    await call('recent', 1000, 'recordings/recent.mp3'); // its call is 1000 days old: kept
    const deleted: string[] = [];
    const store = {
      put: () => Promise.resolve(),
      get: () => Promise.resolve(null),
      delete: (key: string) => {
        deleted.push(key);
        return Promise.resolve();
      },
    };
    const swept = await sweepRetention(db, NOW, log, { contactRecordRetentionDays: 30, recordings: store });
    expect(swept.recordings).toBe(1);
    expect(deleted).toEqual(['recordings/x.mp3']);
    const keys = await tables(db).calls().where({ company_id: companyId }).orderBy('timestamp').pluck('recording_key');
    expect(keys).toEqual([null, 'recordings/recent.mp3']);
    // The recording's call now follows its debt's clock: the debt had a call 1000 days ago, so it stays.
    expect(await left()).toEqual(['fourYearsRecorded', 'recent']);
    const again = await sweepRetention(db, NOW, log, { contactRecordRetentionDays: 30, recordings: store });
    expect(again).toMatchObject({ recordings: 0, scheduledCalls: 0 });
    expect(deleted).toEqual(['recordings/x.mp3']);
  });
});
