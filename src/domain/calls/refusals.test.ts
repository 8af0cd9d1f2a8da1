import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUSAL_SETTINGS, neverDialedOf, retryAfterRefusal } from './refusals.js';

describe('refusals', () => {
  it.each([
    ['concurrency_limit_reached', 'concurrency'],
    ['no_concurrency_fallback', 'concurrency'],
    ['no_valid_payment', 'account_alert'],
    ['marked_as_spam', 'account_alert'],
    ['telephony_provider_permission_denied', 'account_alert'],
    ['dial_no_answer', null],
    ['call_transfer', null],
    ['telephony_provider_unavailable', null],
    [null, null],
  ])('a call ended %s is %s', (reason, kind) => {
    expect(neverDialedOf({ disconnectionReason: reason })).toBe(kind);
  });

  it('backs off 1×, 2×, 4×, 8×, then 16× the base for every later attempt', () => {
    const now = new Date('2026-12-08T15:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 9].map(
      (attempt) => retryAfterRefusal(now, DEFAULT_REFUSAL_SETTINGS, attempt).getTime() - now.getTime(),
    );
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 480_000, 480_000]);
  });
});
