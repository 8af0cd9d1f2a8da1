import { describe, expect, it } from 'vitest';
import { SMS_OPT_OUT_NOTICE, withOptOutNotice } from './message-dispatch.js';

/** 12 CFR 1006.6(e): every text carries a clear opt-out notice, unless it already holds the notice's own words. */
describe('the SMS opt-out notice (12 CFR 1006.6(e))', () => {
  const rows: Array<[string, string, boolean]> = [
    // [case, template text, notice appended]
    ['"stop" in another sense still gets the notice', 'Can you stop by the branch on Friday?', true],
    ['STOP in capitals without the notice still gets it', 'Do not STOP your payments.', true],
    ['a text with no stop at all', 'Your payment of $50 is due.', true],
    ['the notice itself, as the service writes it', `Payment due. ${SMS_OPT_OUT_NOTICE}`, false],
    ['the notice in other case and spacing, no period', 'Payment due.\nreply  stop TO opt out', false],
    ['a different opt-out wording is not the notice', 'Payment due. Text STOP to end.', true],
  ];
  it.each(rows)('%s', (_case, text, appended) => {
    const body = withOptOutNotice(text);
    expect(body).toBe(appended ? `${text.trimEnd()}\n${SMS_OPT_OUT_NOTICE}` : text);
  });
});
