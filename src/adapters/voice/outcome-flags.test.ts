import { describe, expect, it } from 'vitest';
import { answeredByOf, DISCONNECTION_ROWS, flagsOf, OUTCOME_FLAG_ROWS, outcomeValuesOf } from './outcome-flags.js';
import type { OutcomeLabel } from './outcome-labels.js';
import type { RetellCall, RetellDisconnectionReason } from './protocol.js';

const call = (over: Partial<RetellCall> = {}, labels: OutcomeLabel[] = [], inVoicemail = false): RetellCall => ({
  call_id: 'c1',
  call_type: 'phone_call',
  direction: 'outbound',
  agent_id: 'a',
  agent_version: 1,
  call_status: 'ended',
  from_number: '+12025550199',
  to_number: '+12125550100',
  disconnection_reason: 'agent_hangup',
  call_analysis: {
    call_summary: '',
    in_voicemail: inVoicemail,
    custom_analysis_data: Object.fromEntries(labels.map((l) => [l, true])),
  },
  ...over,
});

describe('Retell disconnection_reason → what the call reached and its flags: one test per value', () => {
  // Written out by hand (not derived from the table) so that a changed row fails here.
  const expected: Array<[RetellDisconnectionReason, string | null, string[]]> = [
    ['user_hangup', 'human', ['CONNECT']],
    ['agent_hangup', 'human', ['CONNECT']],
    ['inactivity', 'human', ['CONNECT']],
    ['max_duration_reached', 'human', ['CONNECT']],
    ['manual_stopped', 'human', ['CONNECT']],
    ['call_take_over', 'human', ['CONNECT']],
    ['call_transfer', 'human', ['CONNECT']],
    ['transfer_bridged', 'human', ['CONNECT', 'SUCCESSFUL_TRANSFER']],
    ['transfer_cancelled', 'human', ['CONNECT', 'TRANSFER_FAILED']],
    ['voicemail_reached', 'machine', ['VOICEMAIL']],
    ['ivr_reached', 'machine', []],
    ['dial_no_answer', null, ['NO_ANSWER']],
    ['dial_busy', null, ['NO_ANSWER']],
    ['user_declined', null, ['NO_ANSWER']],
    ['dial_failed', null, []],
    ['invalid_destination', null, []],
    ['telephony_provider_permission_denied', null, []],
    ['telephony_provider_unavailable', null, []],
    ['sip_routing_error', null, []],
    ['marked_as_spam', null, []],
    ['concurrency_limit_reached', null, []],
    ['no_concurrency_fallback', null, []],
    ['no_valid_payment', null, []],
    ['scam_detected', null, []],
    ['registered_call_timeout', null, []],
    ['error_user_not_joined', null, []],
    ['error_llm_websocket_open', 'unknown', []],
    ['error_llm_websocket_lost_connection', 'unknown', []],
    ['error_llm_websocket_runtime', 'unknown', []],
    ['error_llm_websocket_corrupt_payload', 'unknown', []],
    ['error_no_audio_received', 'unknown', []],
    ['error_asr', 'unknown', []],
    ['error_retell', 'unknown', []],
    ['error_unknown', 'unknown', []],
  ];

  it('covers every value the SDK declares (34)', () => {
    expect(expected.map((r) => r[0]).sort()).toEqual(Object.keys(DISCONNECTION_ROWS).sort());
    expect(expected).toHaveLength(34);
  });

  it.each(expected)('%s', (reason, answeredBy, flags) => {
    const c = call({ disconnection_reason: reason });
    expect(answeredByOf(c)).toBe(answeredBy);
    expect(flagsOf(c)).toEqual(flags);
  });

  it('a reason Retell adds later reads as a failure with no flag, never as a connect', () => {
    const c = call({ disconnection_reason: 'some_new_reason' as RetellDisconnectionReason });
    expect([answeredByOf(c), flagsOf(c)]).toEqual(['unknown', []]);
  });
});

describe("the agent's post-call analysis fields and voicemail detection → flags: one test per row", () => {
  const rows: Array<[string, RetellCall, string[]]> = [
    ['reached a voicemail (in_voicemail or voicemail_reached)', call({}, [], true), ['VOICEMAIL']],
    [
      'label voicemail_message_left',
      call({ disconnection_reason: 'voicemail_reached' }, ['voicemail_message_left']),
      ['VOICEMAIL', 'VOICEMAIL_CONNECT', 'MESSAGE_LEFT'],
    ],
    [
      'label voicemail_full',
      call({ disconnection_reason: 'voicemail_reached' }, ['voicemail_full']),
      ['VOICEMAIL', 'VOICEMAIL_FULL'],
    ],
    [
      'label voicemail_not_set_up',
      call({ disconnection_reason: 'voicemail_reached' }, ['voicemail_not_set_up']),
      ['VOICEMAIL', 'VOICEMAIL_NOT_SET_UP'],
    ],
    ['reached a person', call({ disconnection_reason: 'user_hangup' }), ['CONNECT']],
    ['label live_conversation', call({}, ['live_conversation']), ['CONNECT', 'LIVE_CONNECT']],
    ['label right_party_contact', call({}, ['right_party_contact']), ['CONNECT', 'RPC']],
    ['label transfer_failed', call({}, ['transfer_failed']), ['CONNECT', 'TRANSFER_FAILED']],
    ['label wrong_number', call({}, ['wrong_number']), ['CONNECT', 'WRONG_NUMBER']],
    ['label do_not_call', call({}, ['do_not_call']), ['CONNECT', 'DNC']],
    ['label attorney_representation', call({}, ['attorney_representation']), ['CONNECT', 'ATTORNEY_REP']],
    ['label bankruptcy', call({}, ['bankruptcy']), ['CONNECT', 'BANKRUPTCY']],
    ['label deceased', call({}, ['deceased']), ['CONNECT', 'DECEASED']],
    ['label callback_request', call({}, ['callback_request']), ['CONNECT', 'CALLBACK_REQUEST']],
    ['label debt_dispute', call({}, ['debt_dispute']), ['CONNECT', 'DEBT_DISPUTE']],
    ['label hardship_request', call({}, ['hardship_request']), ['CONNECT', 'HARDSHIP_REQUEST']],
    ['label fraud_claim', call({}, ['fraud_claim']), ['CONNECT', 'FRAUD_CLAIM']],
    ['label military', call({}, ['military']), ['CONNECT', 'MILITARY']],
    ['label incarcerated', call({}, ['incarcerated']), ['CONNECT', 'INCARCERATED']],
    ['label complaint', call({}, ['complaint']), ['CONNECT', 'COMPLAINT']],
    ['label threat_or_abuse', call({}, ['threat_or_abuse']), ['CONNECT', 'THREAT_OR_ABUSE']],
    ['label accessibility_issue', call({}, ['accessibility_issue']), ['CONNECT', 'ACCESSIBILITY_ISSUE']],
  ];

  it('covers every row of the table', () => {
    expect(rows.map((r) => r[0])).toEqual(OUTCOME_FLAG_ROWS.map((r) => r.outcome));
  });

  it.each(rows)('%s', (_outcome, c, flags) => {
    expect(flagsOf(c)).toEqual(flags);
  });

  it('in_voicemail wins over a connected reason: the agent talked to a machine', () => {
    expect(flagsOf(call({ disconnection_reason: 'agent_hangup' }, [], true))).toEqual(['VOICEMAIL']);
    expect(answeredByOf(call({ disconnection_reason: 'agent_hangup' }, [], true))).toBe('machine');
  });

  it("combines rows in the contract's order without repeats; a field answered false or not boolean is no label", () => {
    const live = call({ disconnection_reason: 'transfer_bridged' }, ['right_party_contact', 'live_conversation']);
    expect(flagsOf(live)).toEqual(['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER']);
    const unsure = call({ call_analysis: { custom_analysis_data: { do_not_call: false, wrong_number: 'true' } } });
    expect(flagsOf(unsure)).toEqual(['CONNECT']);
  });

  it('a call not yet over has no flags', () => {
    expect(
      flagsOf(call({ call_status: 'ongoing', disconnection_reason: undefined, call_analysis: undefined })),
    ).toEqual([]);
  });
});

describe('the analysis values (callback time, promise) are read checked for shape', () => {
  const withData = (data: Record<string, unknown>) =>
    ({ call_analysis: { custom_analysis_data: data } }) as unknown as RetellCall;

  it('reads a callback time, an amount and a date of the documented shapes', () => {
    expect(
      outcomeValuesOf(
        withData({ callback_time: '2026-12-10T17:30', promise_amount: 150.5, promise_date: '2026-12-15' }),
      ),
    ).toEqual({ callbackTime: '2026-12-10T17:30', promiseAmount: 150.5, promiseDate: '2026-12-15' });
    expect(outcomeValuesOf(withData({ promise_amount: '75' })).promiseAmount).toBe(75);
  });

  it('anything else reads as absent, never as a guess', () => {
    expect(
      outcomeValuesOf(
        withData({ callback_time: 'Thursday after 5', promise_amount: 'a hundred', promise_date: '12/15' }),
      ),
    ).toEqual({ callbackTime: null, promiseAmount: null, promiseDate: null });
    expect(outcomeValuesOf({} as RetellCall)).toEqual({ callbackTime: null, promiseAmount: null, promiseDate: null });
  });
});
