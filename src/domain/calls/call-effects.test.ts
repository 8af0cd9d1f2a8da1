import { describe, expect, it } from 'vitest';
import { CALL_EFFECT_RULES, CONTRACT_FLAGS, FLAGS_WITHOUT_EFFECT, effectsOf } from './call-effects.js';

const kinds = (flags: string[], purpose: string) => effectsOf(flags, purpose).map((r) => r.effect);

describe('call flags → effects: one test per row', () => {
  it.each([
    [['DNC'], 'origination', [{ kind: 'do_not_call' }]],
    [
      ['ATTORNEY_REP'],
      'collections',
      [{ kind: 'restriction', restriction: 'attorney_representation', scope: 'customer', stop: 'all' }],
    ],
    [
      ['BANKRUPTCY'],
      'collections',
      [{ kind: 'restriction', restriction: 'bankruptcy', scope: 'customer', stop: 'all' }],
    ],
    [['DECEASED'], 'origination', [{ kind: 'restriction', restriction: 'deceased', scope: 'customer', stop: 'all' }]],
    [
      ['DEBT_DISPUTE'],
      'collections',
      [{ kind: 'restriction', restriction: 'debt_dispute', scope: 'loan', stop: 'recheck', event: 'dispute.received' }],
    ],
    [
      ['HARDSHIP_REQUEST'],
      'collections',
      [
        {
          kind: 'restriction',
          restriction: 'hardship_review',
          scope: 'loan',
          stop: 'recheck',
          event: 'hardship.requested',
        },
      ],
    ],
    [
      ['FRAUD_CLAIM'],
      'origination',
      [{ kind: 'restriction', restriction: 'fraud_claim', scope: 'customer', stop: 'all', event: 'fraud.claimed' }],
    ],
    [
      ['MILITARY'],
      'collections',
      [
        {
          kind: 'restriction',
          restriction: 'military_review',
          scope: 'customer',
          stop: 'recheck',
          event: 'military.reported',
        },
      ],
    ],
    [
      ['INCARCERATED'],
      'collections',
      [
        {
          kind: 'restriction',
          restriction: 'incarcerated',
          scope: 'customer',
          stop: 'all',
          event: 'incarceration.reported',
        },
      ],
    ],
    [
      ['THREAT_OR_ABUSE'],
      'origination',
      [
        {
          kind: 'restriction',
          restriction: 'threat_or_abuse',
          scope: 'customer',
          stop: 'calls',
          event: 'abuse.reported',
        },
      ],
    ],
    [
      ['ACCESSIBILITY_ISSUE'],
      'collections',
      [
        {
          kind: 'restriction',
          restriction: 'accessibility',
          scope: 'customer',
          stop: 'calls',
          event: 'accessibility.reported',
        },
      ],
    ],
    [['COMPLAINT'], 'collections', [{ kind: 'notify', event: 'complaint.received' }]],
    [['WRONG_NUMBER'], 'origination', [{ kind: 'number_unusable' }]],
    [['RPC'], 'collections', [{ kind: 'reg_f_quiet_period' }]],
    [['LIVE_CONNECT'], 'collections', [{ kind: 'reg_f_quiet_period' }]],
    [['RPC'], 'origination', [{ kind: 'finish_cadence' }]],
    [['SUCCESSFUL_TRANSFER'], 'origination', [{ kind: 'finish_cadence' }]],
    [['FALLBACK_TRANSFER'], 'origination', [{ kind: 'finish_cadence' }]],
    [['NO_ANSWER'], 'origination', [{ kind: 'continue' }]],
    [['VOICEMAIL'], 'collections', [{ kind: 'continue' }]],
    [['CALLBACK_REQUEST'], 'collections', [{ kind: 'callback' }]],
    [['VOICEMAIL_FULL'], 'collections', [{ kind: 'skip_voicemail' }]],
    [['VOICEMAIL_NOT_SET_UP'], 'origination', [{ kind: 'skip_voicemail' }]],
    [['VOICEMAIL', 'VOICEMAIL_FULL'], 'collections', [{ kind: 'continue' }, { kind: 'skip_voicemail' }]],
  ])('%j on a %s call → %j', (flags, purpose, effects) => {
    expect(kinds(flags, purpose)).toEqual(effects);
  });

  it('every row of the table is exercised above', () => {
    expect(CALL_EFFECT_RULES.map((r) => r.flags.join('|'))).toEqual([
      'DNC',
      'ATTORNEY_REP',
      'BANKRUPTCY',
      'DECEASED',
      'DEBT_DISPUTE',
      'HARDSHIP_REQUEST',
      'FRAUD_CLAIM',
      'MILITARY',
      'INCARCERATED',
      'THREAT_OR_ABUSE',
      'ACCESSIBILITY_ISSUE',
      'COMPLAINT',
      'WRONG_NUMBER',
      'RPC|LIVE_CONNECT',
      'RPC|SUCCESSFUL_TRANSFER|FALLBACK_TRANSFER',
      'NO_ANSWER|VOICEMAIL',
      'VOICEMAIL_FULL|VOICEMAIL_NOT_SET_UP',
      'CALLBACK_REQUEST',
    ]);
  });

  it('every row says why, and a row the law drives cites it (else it says policy)', () => {
    for (const rule of CALL_EFFECT_RULES) {
      expect(rule.why.length, rule.flags.join()).toBeGreaterThan(20);
      if (rule.effect.kind === 'restriction' || rule.effect.kind === 'notify' || rule.effect.kind === 'do_not_call')
        expect(rule.why, rule.flags.join()).toMatch(/U\.S\.C\.|CFR|policy/);
    }
  });

  it('all 33 flags of the contract (and TRANSFER) have an effect or a documented reason for none, for each purpose', () => {
    expect(CONTRACT_FLAGS).toHaveLength(33);
    for (const flag of [...CONTRACT_FLAGS, 'TRANSFER'])
      for (const purpose of ['origination', 'collections']) {
        const has = effectsOf([flag], purpose).length > 0 || Object.hasOwn(FLAGS_WITHOUT_EFFECT, flag);
        expect(has, `${flag} on a ${purpose} call`).toBe(true);
      }
  });

  it.each(
    Object.keys(FLAGS_WITHOUT_EFFECT).filter(
      (f) => !['LIVE_CONNECT', 'SUCCESSFUL_TRANSFER', 'FALLBACK_TRANSFER'].includes(f),
    ),
  )('%s changes nothing on either purpose', (flag) => {
    expect(kinds([flag], 'origination')).toEqual([]);
    expect(kinds([flag], 'collections')).toEqual([]);
  });

  it('every flag of the contract is either a row or a documented no-effect (never both, except by purpose)', () => {
    const inRows = new Set(CALL_EFFECT_RULES.flatMap((r) => r.flags));
    const bothByPurpose = ['LIVE_CONNECT', 'SUCCESSFUL_TRANSFER', 'FALLBACK_TRANSFER'];
    for (const flag of CONTRACT_FLAGS)
      if (!bothByPurpose.includes(flag))
        expect(inRows.has(flag) !== Object.hasOwn(FLAGS_WITHOUT_EFFECT, flag), flag).toBe(true);
    for (const flag of Object.keys(FLAGS_WITHOUT_EFFECT))
      expect(FLAGS_WITHOUT_EFFECT[flag].length, flag).toBeGreaterThan(20);
  });

  it('TRANSFER and a flag the table does not know are recorded with no effect', () => {
    expect(kinds(['TRANSFER'], 'collections')).toEqual([]);
    expect(kinds(['SOMETHING_NEW'], 'origination')).toEqual([]);
    expect(kinds(['SOMETHING_NEW', 'NO_ANSWER'], 'origination')).toEqual([{ kind: 'continue' }]);
  });

  it('purpose matters: a conversation on an origination call is no Reg F quiet period, a transfer on a collections call finishes nothing', () => {
    expect(kinds(['LIVE_CONNECT'], 'origination')).toEqual([]);
    expect(kinds(['SUCCESSFUL_TRANSFER'], 'collections')).toEqual([]);
    expect(kinds(['FALLBACK_TRANSFER'], 'collections')).toEqual([]);
  });

  it('a restriction that stops everything wins over re-timing rows, but every restriction and notice still applies', () => {
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC'], 'origination')).toEqual([{ kind: 'do_not_call' }]);
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'RPC', 'BANKRUPTCY'], 'collections')).toEqual([
      { kind: 'restriction', restriction: 'bankruptcy', scope: 'customer', stop: 'all' },
    ]);
    expect(
      kinds(['LIVE_CONNECT', 'RPC', 'DEBT_DISPUTE', 'FRAUD_CLAIM', 'COMPLAINT'], 'collections').map((e) => e.kind),
    ).toEqual(['restriction', 'restriction', 'notify']);
  });

  it('a dispute re-times the rest: the quiet period still applies beside it', () => {
    expect(kinds(['LIVE_CONNECT', 'RPC', 'DEBT_DISPUTE'], 'collections').map((e) => e.kind)).toEqual([
      'restriction',
      'reg_f_quiet_period',
    ]);
  });

  it('a callback comes after the finished cadence (which would cancel it) and the quiet period (which re-checks it)', () => {
    expect(kinds(['RPC', 'CALLBACK_REQUEST'], 'origination')).toEqual([
      { kind: 'finish_cadence' },
      { kind: 'callback' },
    ]);
    expect(kinds(['LIVE_CONNECT', 'CALLBACK_REQUEST'], 'collections')).toEqual([
      { kind: 'reg_f_quiet_period' },
      { kind: 'callback' },
    ]);
    expect(kinds(['CALLBACK_REQUEST', 'DNC'], 'collections')).toEqual([{ kind: 'do_not_call' }]);
  });

  it('a wrong number that was also a conversation on a collections call re-checks both', () => {
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'WRONG_NUMBER'], 'collections')).toEqual([
      { kind: 'number_unusable' },
      { kind: 'reg_f_quiet_period' },
    ]);
  });
});
