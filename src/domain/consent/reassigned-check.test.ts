import { describe, expect, it } from 'vitest';
import {
  ANSWER_FRESH_DAYS,
  consentDateOf,
  DEFAULT_QUERY_AFTER_DAYS,
  type ReassignedAnswerRow,
  reassignedPolicy,
  reassignedStanding,
  reassignedVerdict,
} from './reassigned-check.js';
import { defaultCompanyConfig } from '../shared/company-config.js';

const AT = new Date('2026-12-08T17:00:00Z');
const PHONE = '+15125550177';
const answer = (over: Partial<ReassignedAnswerRow>): ReassignedAnswerRow => ({
  id: 'a1',
  companyId: 'co',
  phoneNumber: PHONE,
  customerId: 'c1',
  consentDate: '2026-01-15',
  answer: 'no',
  database: 'sandbox',
  channel: 'call',
  subjectId: null,
  queriedAt: '2026-12-01T12:00:00.000Z',
  ...over,
});
const POLICY = { queryAfterDays: DEFAULT_QUERY_AFTER_DAYS, noData: 'hold' as const };

/**
 * The Reassigned Numbers Database's stored answers read at dial and send time (47 CFR 64.1200(m);
 * FCC 18-177; DA 21-1649), one row per case.
 */
describe('reassignedStanding: what the stored answers say of a number and its consent date', () => {
  const cases: Array<[string, ReassignedAnswerRow[], string, ReturnType<typeof reassignedStanding>['kind']]> = [
    ['consent younger than 45 days (52.15(f)(1)(ii) minimum aging): not asked', [], '2026-11-01', 'not-needed'],
    ['consent 45 days old or more, nothing stored: ask', [], '2026-10-24', 'ask'],
    ['a fresh "no" for the consent date: clear (the safe harbor)', [answer({})], '2026-01-15', 'clear'],
    [
      `a "no" older than ${ANSWER_FRESH_DAYS} days: ask again (the RND is refreshed monthly)`,
      [answer({ queriedAt: '2026-10-01T00:00:00.000Z' })],
      '2026-01-15',
      'ask',
    ],
    ['a "no" for another consent date: ask', [answer({ consentDate: '2025-06-01' })], '2026-01-15', 'ask'],
    ['a "yes" for the consent date: reassigned', [answer({ answer: 'yes' })], '2026-01-15', 'reassigned'],
    [
      'a "yes" for a later date answers an earlier consent too, whatever its age',
      [answer({ answer: 'yes', consentDate: '2026-11-30' })],
      '2026-11-20',
      'reassigned',
    ],
    [
      'a "yes" for an earlier date does not answer consent captured after it: ask',
      [answer({ answer: 'yes', consentDate: '2025-01-15' })],
      '2026-01-15',
      'ask',
    ],
    ['a fresh "no data" under the default policy: held', [answer({ answer: 'no_data' })], '2026-01-15', 'no-data'],
    [
      "another number's answers count for nothing",
      [answer({ phoneNumber: '+15125550178', answer: 'yes' })],
      '2026-01-15',
      'ask',
    ],
  ];
  it.each(cases)('%s', (_name, answers, consentDate, kind) => {
    expect(reassignedStanding(answers, PHONE, consentDate, POLICY, AT).kind).toBe(kind);
  });

  it('"no data" under `proceed` is clear; queryAfterDays 0 always asks', () => {
    expect(
      reassignedStanding([answer({ answer: 'no_data' })], PHONE, '2026-01-15', { ...POLICY, noData: 'proceed' }, AT)
        .kind,
    ).toBe('clear');
    expect(reassignedStanding([], PHONE, '2026-12-08', { ...POLICY, queryAfterDays: 0 }, AT).kind).toBe('ask');
  });

  it('the policy defaults to 45 days and hold; the consent date is the capture date, else the fallback', () => {
    expect(reassignedPolicy(defaultCompanyConfig())).toEqual({ queryAfterDays: 45, noData: 'hold' });
    expect(consentDateOf({ capturedAt: '2025-03-04T10:00:00.000Z' }, '2026-01-01T00:00:00.000Z')).toBe('2025-03-04');
    expect(consentDateOf({ capturedAt: null }, '2026-01-01T00:00:00.000Z')).toBe('2026-01-01');
  });

  it('a "yes" blocks with the cite and what was asked; a clear answer passes with its evidence', () => {
    const yes = answer({ answer: 'yes' });
    expect(reassignedVerdict({ kind: 'reassigned', answer: yes }, PHONE, '2026-01-15')).toMatchObject({
      rule: 'tcpa-reassigned-number',
      source: expect.stringMatching(/^47 CFR 64\.1200\(m\)/),
      verdict: 'block',
      detail: expect.stringContaining('answered "yes" for +15125550177'),
    });
    expect(reassignedVerdict({ kind: 'clear', answer: answer({}) }, PHONE, '2026-01-15')).toMatchObject({
      verdict: 'pass',
      detail: expect.stringContaining('"no"'),
    });
  });
});
