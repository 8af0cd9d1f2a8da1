import { describe, expect, it } from 'vitest';
import { reasonCode, repeatedlyUnreachable, smsErrorMeaning } from './sms-errors.js';

describe('Twilio error meanings', () => {
  it.each([
    [20003, 'hold'],
    ['21610', 'unsubscribed'],
    [30005, 'unusable'],
    [30006, 'unusable'],
    [30003, 'unreachable'],
    [30007, 'final'],
    [21999, null],
    [null, null],
  ])('%s means %s', (code, meaning) => {
    expect(smsErrorMeaning(code)).toBe(meaning);
  });

  it('reads the code a stored reason begins with', () => {
    expect(reasonCode('30003: Unreachable destination handset')).toBe(30003);
    expect(reasonCode('retrying after an error: 30003')).toBeNull();
    expect(reasonCode(null)).toBeNull();
  });

  it('30003 counts only from the third failure, and only across two calendar days', () => {
    expect(repeatedlyUnreachable(['2026-12-08T17:00:00Z', '2026-12-09T17:00:00Z'])).toBe(false);
    expect(repeatedlyUnreachable(['2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', '2026-12-08T23:59:00Z'])).toBe(false);
    expect(repeatedlyUnreachable(['2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', '2026-12-09T00:01:00Z'])).toBe(true);
  });
});
