import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig, type CompanyConfig } from '../shared/company-config.js';
import { agentFor, agentsOfCompany, callerIdFor, dialTargetOf } from './dial-target.js';

const base = defaultCompanyConfig();
const withCalls = (calls: CompanyConfig['calls']): CompanyConfig => ({ ...base, calls });
const call = { id: 'sc-1', taskType: 'Collections', dialAttempts: 1, phoneNumber: '+13125550100' };

describe('agentFor: the agent of a task type and language', () => {
  const config = withCalls({
    agents: { Collections: { en: 'agent_en', es: 'agent_es' }, PendingLoanNewLead: 'agent_one' },
  });

  it("uses the language's agent, then its primary subtag's, then the default language's", () => {
    expect(agentFor(config, 'Collections', 'es')).toEqual({ agentId: 'agent_es', language: 'es' });
    expect(agentFor(config, 'Collections', 'es-MX')).toEqual({ agentId: 'agent_es', language: 'es' });
    expect(agentFor(config, 'Collections', 'fr')).toEqual({ agentId: 'agent_en', language: 'en' });
    expect(agentFor(config, 'Collections')).toEqual({ agentId: 'agent_en', language: 'en' });
    expect(agentFor({ ...config, defaultLanguage: 'es' }, 'Collections', 'fr')).toEqual({
      agentId: 'agent_es',
      language: 'es',
    });
  });

  it('one id serves every language; no entry is null (never an invented id)', () => {
    expect(agentFor(config, 'PendingLoanNewLead', 'es')?.agentId).toBe('agent_one');
    expect(agentFor(config, 'PendingLoanReturning')).toBeNull();
  });

  it('lists every task type and language the company uses, with its agent or null', () => {
    expect(agentsOfCompany(config)).toEqual([
      { taskType: 'PendingLoanNewLead', language: 'en', agentId: 'agent_one', collections: false },
      { taskType: 'PendingLoanReturning', language: 'en', agentId: null, collections: false },
      { taskType: 'Collections', language: 'en', agentId: 'agent_en', collections: true },
      { taskType: 'Collections', language: 'es', agentId: 'agent_es', collections: true },
    ]);
  });
});

describe('callerIdFor: which of the company numbers dials', () => {
  const config = withCalls({
    callerIds: [
      { number: '+12125550120', states: ['NY'] },
      { number: '+13125550121' },
      { number: '+13125550122' },
      { number: '+14155550123' },
    ],
  });

  it("a number listed for the customer's state first", () => {
    expect(callerIdFor(config, call, 'ny')).toBe('+12125550120');
  });

  it("else one with the called number's area code, rotated by call and attempt", () => {
    const first = callerIdFor(config, call, 'IL');
    const second = callerIdFor(config, { ...call, dialAttempts: 2 }, 'IL');
    expect(['+13125550121', '+13125550122']).toContain(first);
    expect(['+13125550121', '+13125550122']).toContain(second);
    expect(second).not.toBe(first);
  });

  it('else any, spread over the calls', () => {
    const used = new Set(
      Array.from({ length: 40 }, (_, i) =>
        callerIdFor(config, { ...call, id: `sc-${i}`, phoneNumber: '+16175550100' }, null),
      ),
    );
    expect(used.size).toBe(4);
  });

  it('none configured: null', () => {
    expect(callerIdFor(base, call, 'NY')).toBeNull();
  });
});

describe('dialTargetOf', () => {
  const input = {
    call,
    customer: { state: 'IL' },
    operatorNumber: '+12025550199',
    versionOf: (id: string) => (id === 'agent_en' ? 3 : undefined),
  };
  const ready = withCalls({
    agents: { Collections: 'agent_en' },
    callerIds: [{ number: '+13125550121' }],
    provider: { apiKey: 'k' },
  });

  it('a live call pins the published version and dials from the company number', () => {
    expect(dialTargetOf({ ...input, config: ready, simulated: false, ownAccount: true })).toEqual({
      agent: 'agent_en',
      agentVersion: 3,
      from: '+13125550121',
    });
  });

  it('a live call without an agent, a published version or (own account) a caller id is not placed, with the reason', () => {
    expect(dialTargetOf({ ...input, config: base, simulated: false, ownAccount: false })).toEqual({
      notReady: expect.stringMatching(/no provider agent is configured for task type Collections \(language en\)/),
    });
    const unpublished = withCalls({ ...ready.calls, agents: { Collections: 'agent_new' } });
    expect(dialTargetOf({ ...input, config: unpublished, simulated: false, ownAccount: true })).toEqual({
      notReady: expect.stringMatching(/agent_new .* has no published version/),
    });
    const noNumber = withCalls({ ...ready.calls, callerIds: undefined });
    expect(dialTargetOf({ ...input, config: noNumber, simulated: false, ownAccount: true })).toEqual({
      notReady: expect.stringMatching(/no caller id/),
    });
    // On the operator's account the operator's number stands in.
    expect(dialTargetOf({ ...input, config: noNumber, simulated: false, ownAccount: false })).toMatchObject({
      from: '+12025550199',
    });
  });

  it("on the simulator: the sandbox's agent-<taskType> when none is configured, no version pinned", () => {
    expect(dialTargetOf({ ...input, config: base, simulated: true, ownAccount: false })).toEqual({
      agent: 'agent-Collections',
      from: '+12025550199',
    });
    // A test customer of a company with its own account: the sandbox has only its own agents.
    expect(dialTargetOf({ ...input, config: ready, simulated: true, ownAccount: true })).toEqual({
      agent: 'agent-Collections',
      from: '+12025550199',
    });
  });
});
