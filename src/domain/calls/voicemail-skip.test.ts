import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig } from '../shared/company-config.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { verdictAt, voicemailUnusable, type CallingState } from './call-rules.js';

/** Tuesday 2026-12-08 11:00 New York: inside the calling window. */
const AT = new Date('2026-12-08T16:00:00Z');
const NUMBER = '+12125550163';
const call = {
  id: 'sc-2',
  purpose: 'collections',
  loanId: 'L1',
  phoneNumber: NUMBER,
  taskType: 'Collections',
  transferDestination: 'queue:collections-agents',
  step: 'day2',
  createdAt: '2026-12-01T15:00:00.000Z',
} as ScheduledCallRow;
const state = (history: CallingState['history']): CallingState => ({
  contact: { id: 'c1', timezone: 'America/New_York', state: 'NY', phoneNumber: NUMBER },
  history,
  consents: [],
  reassigned: [],
  customer: { isTest: false, createdAt: '2026-11-01T15:00:00.000Z' },
});
const attempt = (at: string, flags: string[], phoneNumber = NUMBER) => ({
  at,
  loanId: 'L0',
  purpose: 'collections' as const,
  phoneNumber,
  flags,
});

describe('VOICEMAIL_FULL / VOICEMAIL_NOT_SET_UP: later attempts to that number skip the voicemail message', () => {
  it.each(['VOICEMAIL_FULL', 'VOICEMAIL_NOT_SET_UP'])('after %s the dial-time verdict leaves no voicemail', (flag) => {
    const verdict = verdictAt(
      defaultCompanyConfig(),
      call,
      state([attempt('2026-12-01T15:00:00Z', ['VOICEMAIL', flag])]),
      AT,
    );
    expect(verdict).toMatchObject({ kind: 'allowed', leaveVoicemail: false });
  });

  it('otherwise (a message left, or no voicemail reached) the attempt leaves its message', () => {
    const verdict = verdictAt(
      defaultCompanyConfig(),
      call,
      state([attempt('2026-12-01T15:00:00Z', ['VOICEMAIL', 'VOICEMAIL_CONNECT', 'MESSAGE_LEFT'])]),
      AT,
    );
    expect(verdict).toMatchObject({ kind: 'allowed', leaveVoicemail: true });
  });

  it('only that number, only calls, and only for 30 days', () => {
    const full = ['VOICEMAIL', 'VOICEMAIL_FULL'];
    expect(voicemailUnusable([attempt('2026-12-01T15:00:00Z', full, '+12125550100')], NUMBER, AT)).toBe(false);
    expect(voicemailUnusable([{ ...attempt('2026-12-01T15:00:00Z', full), channel: 'sms' }], NUMBER, AT)).toBe(false);
    expect(voicemailUnusable([attempt('2026-11-08T16:00:00Z', full)], NUMBER, AT)).toBe(true);
    expect(voicemailUnusable([attempt('2026-11-08T15:59:59Z', full)], NUMBER, AT)).toBe(false);
    // A later call's flags are not yet known at `at`.
    expect(voicemailUnusable([attempt('2026-12-09T15:00:00Z', full)], NUMBER, AT)).toBe(false);
  });
});
