import { describe, expect, it } from 'vitest';
import { RESTRICTION_RULES } from '../../scheduler/index.js';
import { endReason, timingReasons } from './call-reasons.js';
import { callConsent, refusalReason } from '../consent/standing.js';
import { defaultCompanyConfig } from '../shared/company-config.js';

const ended = (statusReason: string | null, status: 'skipped' | 'cancelled' | 'failed' = 'cancelled') =>
  endReason({ status, statusReason });

describe('endReason: each stored reason names its rule', () => {
  it.each([
    [
      'Not allowed at dial time: regf-after-conversation: telephone conversation at x; no call for 7 days (Reg F 12 CFR 1006.14(b)(2)(i)(B))',
      'regf-after-conversation',
      'telephone conversation at x; no call for 7 days',
    ],
    [
      'Not allowed after call outcome: restriction-bankruptcy: call outcome BANKRUPTCY at t: all outreach stopped (11 U.S.C. 362(a) (bankruptcy automatic stay))',
      'restriction-bankruptcy',
      'call outcome BANKRUPTCY at t: all outreach stopped',
    ],
    ['Do Not Call: asked for on call c1', 'restriction-do-not-call', 'Do Not Call: asked for on call c1'],
    [
      'Contact restriction attorney_representation: reported on call c1',
      'restriction-attorney-representation',
      'Contact restriction attorney_representation: reported on call c1',
    ],
    [
      'No usable number left: +12125550100 is a wrong number',
      'wrong-number',
      'No usable number left: +12125550100 is a wrong number',
    ],
    [
      "Replaced: a schedule sync (replace) rebuilt the customer's outreach",
      'schedule-replaced',
      "Replaced: a schedule sync (replace) rebuilt the customer's outreach",
    ],
    [
      'Cadence finished: the applicant was reached on call c1',
      'cadence-finished',
      'Cadence finished: the applicant was reached on call c1',
    ],
    ['the loan is settled', 'loan-outreach', 'the loan is settled'],
    [
      'The voice provider did not place the call: 503',
      'voice-provider',
      'The voice provider did not place the call: 503',
    ],
    [
      'Reconciliation: the voice provider reported an error for this call',
      'voice-provider',
      'Reconciliation: the voice provider reported an error for this call',
    ],
    ['The customer no longer exists', 'customer-deleted', 'The customer no longer exists'],
    ['something a later version wrote', 'unclassified', 'something a later version wrote'],
    ['Not allowed at dial time: not-a-rule: x (y)', 'unclassified', 'Not allowed at dial time: not-a-rule: x (y)'],
  ])('%s → %s', (text, rule, detail) => {
    expect(ended(text)).toMatchObject({ rule, detail });
  });

  it('takes the citation from the catalog', () => {
    expect(ended('Do Not Call: set on the customer record')!.source).toBe(RESTRICTION_RULES.do_not_call.source);
  });

  it('keeps an old row without a reason readable, and says nothing for live calls', () => {
    expect(ended(null, 'failed')).toMatchObject({ rule: 'unrecorded', detail: 'the call is failed' });
    expect(endReason({ status: 'pending', statusReason: 'Moved at dial time: calling-window: x (y)' })).toBeUndefined();
    expect(endReason({ status: 'completed', statusReason: null })).toBeUndefined();
  });
});

describe('timingReasons', () => {
  const holiday = { rule: 'federal-holiday', source: 'S', effect: 'moved', message: 'Thanksgiving Day' };

  it('lists the planned moves, then a dial-time move with every rule it names', () => {
    const reasons = timingReasons({
      status: 'pending',
      explanation: [{ rule: 'cadence-step', source: 'C', effect: 'note', message: 'n' }, holiday],
      statusReason:
        'Moved at dial time: federal-holiday → calling-window: Fri 00:00 is outside 08:00–21:00 (TCPA 47 CFR 64.1200(c)(1); Reg F 12 CFR 1006.6(b)(1)(i))',
    });
    expect(reasons.map((r) => r.rule)).toEqual(['federal-holiday', 'federal-holiday', 'calling-window']);
    expect(reasons[2]).toEqual({
      rule: 'calling-window',
      source: 'TCPA 47 CFR 64.1200(c)(1); Reg F 12 CFR 1006.6(b)(1)(i)',
      detail: 'Fri 00:00 is outside 08:00–21:00',
    });
  });

  it('reads a move after a call outcome, and ignores explanations that are not decision lists', () => {
    const reasons = timingReasons({
      status: 'pending',
      explanation: null,
      statusReason:
        'number changed from a (wrong number) to b; moved: regf-after-conversation: quiet (Reg F 12 CFR 1006.14(b)(2)(i)(B))',
    });
    expect(reasons).toEqual([
      { rule: 'regf-after-conversation', source: 'Reg F 12 CFR 1006.14(b)(2)(i)(B)', detail: 'quiet' },
    ]);
  });

  it('a consent refusal stored at dial time reads back with its catalog citation', () => {
    const refused = callConsent(
      { ...defaultCompanyConfig(), consent: { default: { suppliedNumbers: 'none' } } },
      'Collections',
      '+15125550143',
      [],
      new Date('2026-12-08T15:00:00Z'),
    );
    if (refused.kind !== 'refused') throw new Error('expected a refusal');
    expect(ended(`Not allowed at dial time: ${refusalReason(refused)}`, 'skipped')).toEqual({
      rule: 'tcpa-consent-required',
      source: refused.source,
      detail: refused.detail,
    });
    expect(refused.source).toContain('47 U.S.C. 227(b)(1)(A)(iii)');
  });
});
