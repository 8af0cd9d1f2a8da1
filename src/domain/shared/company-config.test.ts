import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig, parseCompanyConfig } from './company-config.js';
import { InvalidInputError } from './errors.js';

describe('company configuration: consent', () => {
  it('accepts a per-task-type policy, a default and a revocation scope', () => {
    const consent = {
      default: { suppliedNumbers: 'express' },
      taskTypes: { PendingLoanNewLead: { suppliedNumbers: 'none', required: 'express_written' } },
      revocationScope: 'channel',
    };
    expect(parseCompanyConfig({ ...defaultCompanyConfig(), consent }).consent).toEqual(consent);
  });

  it.each([
    [{ taskTypes: { NotATaskType: { required: 'express' } } }, /consent names unknown task type "NotATaskType"/],
    [{ default: { required: 'implied' } }, /consent\/default\/required/],
    [{ default: { suppliedNumbers: 'express', extra: true } }, /additional properties/],
    [{ revocationScope: 'never' }, /consent\/revocationScope/],
  ])('rejects %j', (consent, message) => {
    expect(() => parseCompanyConfig({ ...defaultCompanyConfig(), consent })).toThrow(InvalidInputError);
    expect(() => parseCompanyConfig({ ...defaultCompanyConfig(), consent })).toThrow(message);
  });
});
