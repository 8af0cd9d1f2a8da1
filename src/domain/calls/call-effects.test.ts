import { describe, expect, it } from 'vitest';
import { CALL_EFFECT_RULES, effectsOf } from './call-effects.js';

const kinds = (flags: string[], purpose: string) => effectsOf(flags, purpose).map((r) => r.effect);

describe('call flags → effects: one test per row', () => {
  it.each([
    [['DNC'], 'origination', [{ kind: 'do_not_call' }]],
    [['ATTORNEY_REP'], 'collections', [{ kind: 'restriction', restriction: 'attorney_representation' }]],
    [['BANKRUPTCY'], 'collections', [{ kind: 'restriction', restriction: 'bankruptcy' }]],
    [['DECEASED'], 'origination', [{ kind: 'restriction', restriction: 'deceased' }]],
    [['WRONG_NUMBER'], 'origination', [{ kind: 'number_unusable' }]],
    [['RPC'], 'collections', [{ kind: 'reg_f_quiet_period' }]],
    [['LIVE_CONNECT'], 'collections', [{ kind: 'reg_f_quiet_period' }]],
    [['RPC'], 'origination', [{ kind: 'finish_cadence' }]],
    [['SUCCESSFUL_TRANSFER'], 'origination', [{ kind: 'finish_cadence' }]],
    [['NO_ANSWER'], 'origination', [{ kind: 'continue' }]],
    [['VOICEMAIL'], 'collections', [{ kind: 'continue' }]],
  ])('%j on a %s call → %j', (flags, purpose, effects) => {
    expect(kinds(flags, purpose)).toEqual(effects);
  });

  it('every row of the table is exercised above', () => {
    expect(CALL_EFFECT_RULES.map((r) => r.effect.kind)).toEqual([
      'do_not_call',
      'restriction',
      'restriction',
      'restriction',
      'number_unusable',
      'reg_f_quiet_period',
      'finish_cadence',
      'continue',
    ]);
  });

  it('purpose matters: a conversation on an origination call is no Reg F quiet period, a transfer on a collections call finishes nothing', () => {
    expect(kinds(['LIVE_CONNECT'], 'origination')).toEqual([]);
    expect(kinds(['SUCCESSFUL_TRANSFER'], 'collections')).toEqual([]);
  });

  it('a restriction wins: nothing else is applied next to Do Not Call or bankruptcy', () => {
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC'], 'origination')).toEqual([{ kind: 'do_not_call' }]);
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'RPC', 'BANKRUPTCY'], 'collections')).toEqual([
      { kind: 'restriction', restriction: 'bankruptcy' },
    ]);
  });

  it('a wrong number that was also a conversation on a collections call re-checks both', () => {
    expect(kinds(['CONNECT', 'LIVE_CONNECT', 'WRONG_NUMBER'], 'collections')).toEqual([
      { kind: 'number_unusable' },
      { kind: 'reg_f_quiet_period' },
    ]);
  });
});
