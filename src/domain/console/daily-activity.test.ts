import { describe, expect, it } from 'vitest';
import { outcomeOf } from './daily-activity.js';

describe('outcomeOf: the first outcome that applies, by flags', () => {
  it.each([
    [['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'], 'analyzed', 'transferred'],
    [['TRANSFER'], 'analyzed', 'transferred'],
    [['CONNECT', 'LIVE_CONNECT', 'RPC', 'FALLBACK_TRANSFER'], 'analyzed', 'transferred'],
    [['CONNECT', 'LIVE_CONNECT', 'RPC', 'TRANSFER_FAILED'], 'analyzed', 'right_party'],
    [['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC'], 'analyzed', 'right_party'],
    [['CONNECT', 'WRONG_NUMBER'], 'analyzed', 'wrong_number'],
    [['CONNECT', 'LIVE_CONNECT', 'ATTORNEY_REP'], 'analyzed', 'connected'],
    [['VOICEMAIL', 'VOICEMAIL_CONNECT', 'MESSAGE_LEFT'], 'analyzed', 'voicemail'],
    [['NO_ANSWER'], 'ended', 'no_answer'],
    [[], 'registered', 'in_progress'],
    [[], 'ongoing', 'in_progress'],
    [[], 'ended', 'in_progress'],
    [['CALLBACK_REQUEST'], 'analyzed', 'other'],
  ])('%j (%s) → %s', (flags, state, outcome) => {
    expect(outcomeOf({ flags, state })).toBe(outcome);
  });
});
