import { describe, expect, it } from 'vitest';
import { limitedContentMessage, limitedContentProblems, type VoicemailSettings } from './limited-content.js';

const ok: VoicemailSettings = { businessName: 'Acme Lending', agentName: 'Sam Rivera', callbackNumber: '+12025550199' };

describe('Reg F limited-content voicemail (12 CFR 1006.2(j))', () => {
  it('composes only the items the rule allows: salutation, person, business name, a request to reply, a number', () => {
    expect(limitedContentMessage(ok)).toBe(
      'Hello, this is Sam Rivera with Acme Lending. Please call me back at (202) 555-0199. Thank you.',
    );
    expect(limitedContentProblems(ok)).toEqual([]);
  });

  it.each<[string, Partial<VoicemailSettings>, RegExp]>([
    ['a business name saying debt', { businessName: 'Acme Debt Solutions' }, /indicates debt collection/],
    ['a business name saying collections', { businessName: 'Acme Collections' }, /indicates debt collection/],
    ['a business name saying recovery', { businessName: 'Acme Recovery Group' }, /indicates debt collection/],
    ['a business name naming a loan or payment', { businessName: 'Acme Loan Payments' }, /indicates debt collection/],
    ['a business name too short', { businessName: 'A' }, /2 to 80/],
    ['no person to ask for', { agentName: '' }, /natural person/],
    ['a person name with digits', { agentName: 'Agent 47' }, /natural person/],
    ['the business name as the person', { agentName: 'Acme Lending' }, /not repeat the business name/],
    ['a person name saying collections', { agentName: 'Collections Desk' }, /indicates debt collection/],
    ['a callback number that is not E.164', { callbackNumber: '202-555-0199' }, /E\.164/],
    ['an impossible callback number', { callbackNumber: '+1202555' }, /E\.164/],
  ])('refuses %s', (_name, change, problem) => {
    const problems = limitedContentProblems({ ...ok, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });
});
