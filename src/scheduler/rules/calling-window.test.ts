import { describe, expect, it } from 'vitest';
import { isoFromMs, zoneClock } from '../zone-clock.js';
import { callingWindowRule } from './calling-window.js';
import { CALLING_WINDOW, STATE_MARKETING_RULES } from './catalog.js';
import type { RuleContext } from './rule.js';

const tcpa = callingWindowRule({ ...CALLING_WINDOW, startMin: 8 * 60, endMin: 21 * 60 });
const florida = callingWindowRule({
  id: 'state-marketing-hours-fl',
  source: STATE_MARKETING_RULES[0].source,
  description: 'FL',
  startMin: 8 * 60,
  endMin: 20 * 60,
});

function ctx(...zones: string[]): RuleContext {
  return {
    zones: zones.map((z) => zoneClock(z)!),
    states: [],
    purpose: 'origination',
    loanId: undefined,
    attempts: [],
  };
}

function next(rule: typeof tcpa, iso: string, context: RuleContext): string | true {
  const check = rule.check(Date.parse(iso), context);
  if (check.ok) return true;
  return check.until === null ? 'blocked' : isoFromMs(check.until);
}

describe('calling window 08:00–21:00 (TCPA / Reg F)', () => {
  it.each([
    ['2026-03-10T11:59:00Z', 'America/New_York 07:59 EDT', '2026-03-10T12:00:00.000Z'],
    ['2026-03-10T12:00:00Z', 'America/New_York 08:00 EDT', true],
    ['2026-03-11T00:59:00Z', 'America/New_York 20:59 EDT', true],
    ['2026-03-11T01:00:00Z', 'America/New_York 21:00 EDT', '2026-03-11T12:00:00.000Z'],
    ['2026-01-13T12:59:00Z', 'America/New_York 07:59 EST', '2026-01-13T13:00:00.000Z'],
    ['2026-01-14T01:59:00Z', 'America/New_York 20:59 EST', true],
    ['2026-01-14T02:00:00Z', 'America/New_York 21:00 EST', '2026-01-14T13:00:00.000Z'],
  ])('%s (%s) → %s', (iso, _label, expected) => {
    expect(next(tcpa, iso, ctx('America/New_York'))).toBe(expected);
  });

  it('opens at 08:00 EDT on the spring-forward day and 08:00 EST on the fall-back day', () => {
    // 2026-03-08: 02:00 EST → 03:00 EDT. 06:00Z is 01:00 EST; the window opens 08:00 EDT = 12:00Z.
    expect(next(tcpa, '2026-03-08T06:00:00Z', ctx('America/New_York'))).toBe('2026-03-08T12:00:00.000Z');
    expect(next(tcpa, '2026-03-08T11:59:00Z', ctx('America/New_York'))).toBe('2026-03-08T12:00:00.000Z');
    expect(next(tcpa, '2026-03-08T12:00:00Z', ctx('America/New_York'))).toBe(true);
    // 2026-11-01: 02:00 EDT → 01:00 EST. 08:00 EST = 13:00Z; 12:30Z is 07:30 EST.
    expect(next(tcpa, '2026-11-01T12:30:00Z', ctx('America/New_York'))).toBe('2026-11-01T13:00:00.000Z');
    expect(next(tcpa, '2026-11-02T01:59:00Z', ctx('America/New_York'))).toBe(true); // 20:59 EST
    expect(next(tcpa, '2026-11-02T02:00:00Z', ctx('America/New_York'))).toBe('2026-11-02T13:00:00.000Z');
  });

  it('keeps Phoenix on UTC-7 while New York changes', () => {
    for (const day of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-07-01', '2026-11-01']) {
      expect(next(tcpa, `${day}T14:59:00Z`, ctx('America/Phoenix'))).toBe(`${day}T15:00:00.000Z`);
      expect(next(tcpa, `${day}T15:00:00Z`, ctx('America/Phoenix'))).toBe(true);
    }
    expect(next(tcpa, '2026-07-02T03:59:00Z', ctx('America/Phoenix'))).toBe(true); // 20:59 MST
    expect(next(tcpa, '2026-07-02T04:00:00Z', ctx('America/Phoenix'))).toBe('2026-07-02T15:00:00.000Z');
  });

  it('requires the window in every plausible zone', () => {
    const both = ctx('America/New_York', 'America/Chicago');
    // 08:00 New York is 07:00 Chicago → wait for 08:00 Chicago (09:00 New York).
    expect(next(tcpa, '2026-03-10T12:00:00Z', both)).toBe('2026-03-10T13:00:00.000Z');
    expect(next(tcpa, '2026-03-10T13:00:00Z', both)).toBe(true);
    // 20:30 Chicago is 21:30 New York → closed in New York.
    expect(next(tcpa, '2026-03-11T01:30:00Z', both)).toBe('2026-03-11T12:00:00.000Z');
  });

  it('ends Florida marketing calls at 20:00', () => {
    expect(next(florida, '2026-03-10T23:59:00Z', ctx('America/New_York'))).toBe(true); // 19:59
    expect(next(florida, '2026-03-11T00:00:00Z', ctx('America/New_York'))).toBe('2026-03-11T12:00:00.000Z'); // 20:00
  });

  it('names its source and the local times in its message', () => {
    const check = tcpa.check(Date.parse('2026-03-10T11:59:00Z'), ctx('America/New_York'));
    expect(tcpa.source).toBe('TCPA 47 CFR 64.1200(c)(1); Reg F 12 CFR 1006.6(b)(1)(i)');
    expect(check.ok ? '' : check.message).toBe(
      'Tue 2026-03-10 07:59 America/New_York is outside 08:00–21:00; next opening Tue 2026-03-10 08:00 America/New_York',
    );
  });
});
