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

describe('company configuration: promises', () => {
  it('accepts a horizon, a grace and a reminder naming a template', () => {
    const promises = { horizonDays: 30, graceDays: 0, reminder: { template: 'r', daysBefore: 2, at: '09:30' } };
    const config = { ...defaultCompanyConfig(), templates: { r: { body: 'Due {{promise.promisedDate}}' } }, promises };
    expect(parseCompanyConfig(config).promises).toEqual(promises);
  });

  it.each([
    [{ reminder: { template: 'missing' } }, /promises.reminder names unknown template "missing"/],
    [{ graceDays: 31 }, /promises\/graceDays/],
    [{ horizonDays: 0 }, /promises\/horizonDays/],
    [{ reminder: { template: 'r', at: '25:00' } }, /promises\/reminder\/at/],
  ])('rejects %j', (promises, message) => {
    const config = { ...defaultCompanyConfig(), templates: { r: { body: 'x' } }, promises };
    expect(() => parseCompanyConfig(config)).toThrow(InvalidInputError);
    expect(() => parseCompanyConfig(config)).toThrow(message);
  });
});
