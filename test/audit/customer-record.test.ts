import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportContactRecords, type ExportRecord } from '../../src/domain/audit/contact-export.js';
import { exportLine } from '../../src/domain/audit/export-format.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

const HOUR = 3600_000;
const iso = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR).toISOString();
const WHOLE_HISTORY = { from: '2000-01-01', to: '2100-01-01' };

/**
 * The examiner's record of one customer's whole history (`outreach audit export --customer`), read
 * in-process through the function the command streams: each contact with its message or recording
 * and the consent it relied on, and around them the lender's own contacts, the consent ledger
 * (grant with evidence, inbound STOP) and the restriction placed and lifted with its source.
 */
describe.each(DIALECTS)("one customer's whole record on %s", (dialect) => {
  const { t, database } = useTestService(dialect, { now: () => NOW });
  let companyId: string;
  let key: string;
  let callId: string;
  let messageId: string;

  beforeAll(async () => {
    ({ apiKey: key, companyId } = await t.company());
    for (const id of ['hist', 'other']) {
      const res = await t.call('POST', '/customers/schedule/sync', {
        key,
        body: replaceBody({
          id,
          taskType: 'Collections',
          loanId: `debt-${id}`,
          phoneNumber: id === 'hist' ? '(512) 736-5010' : '(512) 736-5011',
        }),
      });
      expect(res.status).toBe(200);
    }
    const db = database.db;
    const planned = (await tables(db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'hist', status: 'pending' })
      .orderBy('scheduled_time')
      .first())!;
    // The service's own call, placed 48 h ago and recorded, with the decision that allowed it.
    callId = planned.id;
    const callRecordId = randomUUID();
    await tables(db)
      .scheduledCalls()
      .where({ id: callId })
      .update({ status: 'completed', scheduled_time: iso(-48), dialed_at: iso(-48), call_id: callRecordId });
    await tables(db)
      .calls()
      .insert({
        id: callRecordId,
        company_id: companyId,
        customer_id: 'hist',
        scheduled_call_id: callId,
        provider: 'live',
        provider_call_id: 'call_hist',
        to_phone_number: '+15127365010',
        from_phone_number: null,
        state: 'ended',
        timestamp: iso(-48),
        transcript: '',
        summarization: '',
        flags: '["NO_ANSWER"]',
        recording_key: `${callRecordId}.wav`,
        created_at: iso(-48),
        updated_at: iso(-48),
      });
    const basis = {
      origin: 'ledger',
      type: 'express',
      source: 'loan_application',
      capturedAt: iso(-100),
      evidenceRef: 'application-1/consent.pdf',
      consentEventId: 'grant-1',
    };
    await tables(db)
      .contactDecisions()
      .insert({
        id: randomUUID(),
        company_id: companyId,
        customer_id: 'hist',
        channel: 'call',
        subject_id: callId,
        decided_at: iso(-48),
        verdict: 'allowed',
        recipient: '+15127365010',
        rules: JSON.stringify([{ rule: 'calling-window', source: 'TCPA', verdict: 'pass' }]),
        catalog_version: 'v',
        consent: JSON.stringify(basis),
        reason: null,
      });
    // A text sent 30 h ago: its template and body as sent.
    messageId = randomUUID();
    await tables(db)
      .scheduledMessages()
      .insert({
        id: messageId,
        company_id: companyId,
        customer_id: 'hist',
        schedule_id: planned.schedule_id,
        loan_id: 'debt-hist',
        task_type: 'Collections',
        purpose: 'collections',
        channel: 'sms',
        step: 'sms',
        step_index: 0,
        template: 'payment-reminder',
        scheduled_time: iso(-30),
        status: 'sent',
        recipient: '+15127365010',
        content: 'Your payment is due. Reply STOP to opt out.',
        sent_at: iso(-30),
        created_at: iso(-30),
        updated_at: iso(-30),
      });
    // The consent ledger: the grant with its evidence (100 h ago), then the borrower's STOP (20 h ago).
    await tables(db)
      .consentEvents()
      .insert([
        {
          id: 'grant-1',
          company_id: companyId,
          address: '+15127365010',
          channel: 'call',
          kind: 'grant',
          consent_type: 'express',
          source: 'loan_application',
          evidence_ref: 'application-1/consent.pdf',
          customer_id: 'hist',
          captured_at: iso(-100),
          recorded_at: iso(-100),
        },
        {
          id: 'stop-1',
          company_id: companyId,
          address: '+15127365010',
          channel: 'sms',
          kind: 'revoke',
          consent_type: null,
          source: 'inbound_text',
          evidence_ref: 'STOP',
          customer_id: null,
          captured_at: iso(-20),
          recorded_at: iso(-20),
        },
      ]);
    // The Reassigned Numbers Database asked before the call (49 h ago) with the consent date: "no";
    // and another customer's answer, which must not show.
    await tables(db)
      .reassignedNumberAnswers()
      .insert(
        (['hist', 'other'] as const).map((customerId) => ({
          id: `rnd-${customerId}`,
          company_id: companyId,
          phone_number: customerId === 'hist' ? '+15127365010' : '+15127365011',
          customer_id: customerId,
          consent_date: iso(-100).slice(0, 10),
          answer: 'no',
          database: 'live',
          channel: 'call',
          subject_id: customerId === 'hist' ? callId : null,
          queried_at: iso(-49),
        })),
      );
    // A cease request placed by an operator 10 h ago and lifted 5 h ago.
    await tables(db)
      .contactRestrictions()
      .insert({
        id: 'restriction-1',
        company_id: companyId,
        customer_id: 'hist',
        loan_id: null,
        kind: 'cease_request',
        source: 'operator',
        created_at: iso(-10),
        lifted_at: iso(-5),
      });
    // The lender's own call 60 h ago, reported through the API; another customer's, which must not show.
    for (const [attemptId, customerId] of [
      ['dialer-h1', 'hist'],
      ['dialer-o1', 'other'],
    ])
      expect(
        (
          await t.call('POST', '/contact-attempts', {
            key,
            body: {
              attemptId,
              customerId,
              channel: 'call',
              occurredAt: iso(-60),
              outcome: 'voicemail',
              conversation: false,
              source: 'in-house-dialer',
            },
          })
        ).status,
      ).toBe(200);
  }, 60_000);

  const exported = async (range: { from: string; to: string; customerId?: string }) => {
    const out: ExportRecord[] = [];
    for await (const r of exportContactRecords(database.db, companyId, range)) out.push(r);
    return out;
  };

  it('holds each record of the customer, in time order, and nothing of another customer', async () => {
    const records = await exported({ ...WHOLE_HISTORY, customerId: 'hist' });
    expect(records.map((r) => [r.kind, r.id])).toEqual([
      ['consent_event', 'grant-1'],
      ['outside_contact', 'dialer-h1'],
      ['reassigned_number_answer', 'rnd-hist'],
      ['attempt', callId],
      ['attempt', messageId],
      ['consent_event', 'stop-1'],
      ['restriction_change', 'restriction-1'],
      ['restriction_change', 'restriction-1'],
    ]);
    expect(records.every((r) => r.customerId === 'hist' || r.recipient === '+15127365010')).toBe(true);
    const [grant, outside, rnd, call, text, stop, placed, lifted] = records;
    expect(rnd).toMatchObject({
      channel: 'call',
      at: iso(-49),
      recipient: '+15127365010',
      detail: { consentDate: iso(-100).slice(0, 10), answer: 'no', database: 'live', subjectId: callId },
    });
    expect(grant).toMatchObject({
      recipient: '+15127365010',
      detail: {
        action: 'grant',
        type: 'express',
        source: 'loan_application',
        evidenceRef: 'application-1/consent.pdf',
      },
    });
    expect(outside).toMatchObject({
      channel: 'call',
      at: iso(-60),
      detail: { direction: 'outbound', outcome: 'voicemail', conversation: false, source: 'in-house-dialer' },
    });
    expect(call).toMatchObject({
      channel: 'call',
      recordingRef: expect.stringMatching(/\.wav$/),
      consent: { source: 'loan_application', evidenceRef: 'application-1/consent.pdf', consentEventId: 'grant-1' },
      decision: { verdict: 'allowed' },
      message: null,
    });
    expect(text).toMatchObject({
      channel: 'sms',
      message: { template: 'payment-reminder', body: 'Your payment is due. Reply STOP to opt out.' },
      recordingRef: null,
    });
    expect(stop).toMatchObject({ channel: 'sms', detail: { action: 'revoke', source: 'inbound_text' } });
    expect(placed).toMatchObject({
      at: iso(-10),
      detail: { change: 'created', restriction: 'cease_request', source: 'operator' },
    });
    expect(lifted).toMatchObject({ at: iso(-5), detail: { change: 'lifted', source: 'operator' } });
    // Each line of the file reads back as the record.
    for (const r of records) expect(JSON.parse(exportLine('jsonl', r))).toEqual(r);
  });

  it('without --customer the company export holds both customers; an unknown customer is refused', async () => {
    const all = await exported(WHOLE_HISTORY);
    expect(all.filter((r) => r.kind === 'outside_contact').map((r) => r.id)).toEqual(['dialer-h1', 'dialer-o1']);
    expect(all.filter((r) => r.kind === 'reassigned_number_answer').map((r) => r.id)).toEqual([
      'rnd-hist',
      'rnd-other',
    ]);
    await expect(exported({ ...WHOLE_HISTORY, customerId: 'nobody' })).rejects.toThrow(/customer nobody not found/);
  });
});
