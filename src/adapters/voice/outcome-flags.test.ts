import { describe, expect, it } from 'vitest';
import { flagsOf, OUTCOME_FLAG_ROWS } from './outcome-flags.js';
import type { WireCall } from './protocol.js';

const call = (over: Partial<WireCall> = {}, labels: string[] = [], inVoicemail = false): WireCall => ({
  call_id: 'c1', call_status: 'ended', idempotency_key: null, from_number: '+12025550199', to_number: '+12125550100', agent_id: 'a', metadata: {},
  start_timestamp: 1, end_timestamp: 2, duration_ms: 1, disconnection_reason: 'agent_hangup', answered_by: 'unknown', transcript: '', recording_url: null,
  call_analysis: { call_summary: '', in_voicemail: inVoicemail, custom_analysis_data: { outcome_labels: labels } },
  ...over,
});

describe('provider outcome → call flags: one test per row', () => {
  const rows: Array<[string, WireCall, string[]]> = [
    ['disconnection_reason dial_no_answer or dial_busy', call({ disconnection_reason: 'dial_no_answer' }), ['NO_ANSWER']],
    ['answered by a machine (voicemail)', call({ answered_by: 'machine' }), ['VOICEMAIL']],
    ['label voicemail_message_left', call({}, ['voicemail_message_left']), ['VOICEMAIL_CONNECT', 'MESSAGE_LEFT']],
    ['answered by a human', call({ answered_by: 'human' }), ['CONNECT']],
    ['label live_conversation', call({}, ['live_conversation']), ['LIVE_CONNECT']],
    ['label right_party_contact', call({}, ['right_party_contact']), ['RPC']],
    ['disconnection_reason call_transfer', call({ disconnection_reason: 'call_transfer' }), ['SUCCESSFUL_TRANSFER']],
    ['label transfer_failed', call({}, ['transfer_failed']), ['TRANSFER_FAILED']],
    ['label wrong_number', call({}, ['wrong_number']), ['WRONG_NUMBER']],
    ['label do_not_call', call({}, ['do_not_call']), ['DNC']],
    ['label attorney_representation', call({}, ['attorney_representation']), ['ATTORNEY_REP']],
    ['label bankruptcy', call({}, ['bankruptcy']), ['BANKRUPTCY']],
    ['label deceased', call({}, ['deceased']), ['DECEASED']],
    ['label callback_request', call({}, ['callback_request']), ['CALLBACK_REQUEST']],
  ];

  it('covers every row of the table', () => {
    expect(rows.map((r) => r[0])).toEqual(OUTCOME_FLAG_ROWS.map((r) => r.outcome));
  });

  it.each(rows)('%s', (_outcome, wire, flags) => {
    expect(flagsOf(wire)).toEqual(flags);
  });

  it('dial_busy is a no-answer too; in_voicemail alone is voicemail', () => {
    expect(flagsOf(call({ disconnection_reason: 'dial_busy' }))).toEqual(['NO_ANSWER']);
    expect(flagsOf(call({}, [], true))).toEqual(['VOICEMAIL']);
  });

  it('combines rows in table order without repeats', () => {
    const live = call({ answered_by: 'human', disconnection_reason: 'call_transfer' }, ['right_party_contact', 'live_conversation', 'live_conversation']);
    expect(flagsOf(live)).toEqual(['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER']);
  });

  it('a call not yet analyzed has only the flags of its end', () => {
    expect(flagsOf(call({ answered_by: null, call_analysis: null, disconnection_reason: null }))).toEqual([]);
  });
});
