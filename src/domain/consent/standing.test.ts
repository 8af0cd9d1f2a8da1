import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig, type CompanyConfig } from '../shared/company-config.js';
import type { ConsentEventRow } from '../../store/consent/consent-events.js';
import { callConsent, consentPolicy, messageConsent } from './standing.js';

const AT = new Date('2026-12-08T15:00:00Z');
const PHONE = '+15125550143';
let seq = 0;
const event = (kind: 'grant' | 'revoke', capturedAt: string, over: Partial<ConsentEventRow> = {}): ConsentEventRow => ({
  id: `e-${++seq}`,
  companyId: 'co',
  address: PHONE,
  channel: 'call',
  kind,
  consentType: kind === 'grant' ? 'express' : null,
  source: kind === 'grant' ? 'api' : 'inbound_text',
  evidenceRef: null,
  customerId: null,
  capturedAt,
  recordedAt: capturedAt,
  seq,
  ...over,
});
const withConsent = (consent: CompanyConfig['consent']): CompanyConfig => ({ ...defaultCompanyConfig(), consent });
const written = withConsent({
  taskTypes: { PendingLoanNewLead: { suppliedNumbers: 'none', required: 'express_written' } },
});

describe('the consent a call relies on (one row per rule)', () => {
  it('default configuration: a supplied number carries express consent from the lender', () => {
    expect(callConsent(defaultCompanyConfig(), 'Collections', '(512) 555-0143', [], AT)).toEqual({
      kind: 'covered',
      basis: {
        origin: 'company-default',
        type: 'express',
        source: 'supplied_by_lender',
        capturedAt: null,
        evidenceRef: null,
        consentEventId: null,
      },
    });
  });

  it('suppliedNumbers none: no call without a recorded grant (tcpa-consent-required)', () => {
    expect(callConsent(written, 'PendingLoanNewLead', PHONE, [], AT)).toMatchObject({
      kind: 'refused',
      rule: 'tcpa-consent-required',
    });
  });

  it('required express_written: an express grant is not enough (tcpa-written-consent-required); a written one is', () => {
    expect(
      callConsent(written, 'PendingLoanNewLead', PHONE, [event('grant', '2026-12-01T00:00:00.000Z')], AT),
    ).toMatchObject({ kind: 'refused', rule: 'tcpa-written-consent-required' });
    const grant = event('grant', '2026-12-01T00:00:00.000Z', { consentType: 'express_written', evidenceRef: 'form-9' });
    expect(callConsent(written, 'PendingLoanNewLead', PHONE, [grant], AT)).toEqual({
      kind: 'covered',
      basis: {
        origin: 'recorded',
        type: 'express_written',
        source: 'api',
        capturedAt: grant.capturedAt,
        evidenceRef: 'form-9',
        consentEventId: grant.id,
      },
    });
  });

  it('a task type without an entry uses consent.default, else the express default', () => {
    expect(consentPolicy(written, 'Collections')).toEqual({ suppliedNumbers: 'express', required: 'express' });
    expect(consentPolicy(withConsent({ default: { required: 'express_written' } }), 'Collections')).toEqual({
      suppliedNumbers: 'express',
      required: 'express_written',
    });
  });

  it('a revocation overrides the default and earlier grants (tcpa-consent-revoked); a later grant restores', () => {
    const revoke = event('revoke', '2026-12-05T00:00:00.000Z');
    expect(
      callConsent(
        defaultCompanyConfig(),
        'Collections',
        PHONE,
        [event('grant', '2026-12-01T00:00:00.000Z'), revoke],
        AT,
      ),
    ).toMatchObject({ kind: 'refused', rule: 'tcpa-consent-revoked' });
    expect(
      callConsent(
        defaultCompanyConfig(),
        'Collections',
        PHONE,
        [revoke, event('grant', '2026-12-06T00:00:00.000Z')],
        AT,
      ).kind,
    ).toBe('covered');
  });

  it('the state at an instant counts only events captured by then, and only the channel asked', () => {
    expect(
      callConsent(defaultCompanyConfig(), 'Collections', PHONE, [event('revoke', '2026-12-09T00:00:00.000Z')], AT).kind,
    ).toBe('covered');
    expect(
      callConsent(
        defaultCompanyConfig(),
        'Collections',
        PHONE,
        [event('revoke', '2026-12-05T00:00:00.000Z', { channel: 'sms' })],
        AT,
      ).kind,
    ).toBe('covered');
    expect(
      messageConsent('sms', PHONE, [event('revoke', '2026-12-05T00:00:00.000Z', { channel: 'sms' })], AT),
    ).toMatchObject({ rule: 'tcpa-consent-revoked' });
    expect(
      messageConsent(
        'email',
        'A@b.example',
        [event('revoke', '2026-12-05T00:00:00.000Z', { channel: 'email', address: 'a@b.example' })],
        AT,
      ),
    ).toMatchObject({ rule: 'tcpa-consent-revoked' });
  });
});
