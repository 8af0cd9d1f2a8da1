import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig, type CompanyConfig } from '../shared/company-config.js';
import type { ConsentEventRow } from '../../store/consent/consent-events.js';
import {
  awaitsConsent,
  callConsent,
  type ConsentSubject,
  consentPolicy,
  LAW_FLOOR,
  messageConsent,
  type MessageSubject,
  NUMBER_SOURCES,
  numberSources,
} from './standing.js';

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
    expect(consentPolicy(written, 'Collections')).toMatchObject({ suppliedNumbers: 'express', required: 'express' });
    expect(consentPolicy(withConsent({ default: { required: 'express_written' } }), 'Collections')).toMatchObject({
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

/**
 * New York City, 6 RCNY § 5-77 as amended (read strictly): a collections text or email to a New
 * York City consumer needs consent to that medium recorded in the ledger.
 */
describe('New York City consent to electronic communications', () => {
  const nyc = (over: Partial<MessageSubject> = {}): MessageSubject => ({
    purpose: 'collections',
    localities: ['NYC'],
    isTest: false,
    ...over,
  });
  const cases: Array<[string, MessageSubject, ConsentEventRow[], string]> = [
    ['collections, New York City, nothing recorded: held for consent', nyc(), [], 'nyc-electronic-consent-required'],
    [
      'a grant recorded for texts: covered',
      nyc(),
      [event('grant', '2026-12-01T00:00:00.000Z', { channel: 'sms', consentType: 'express' })],
      'covered',
    ],
    [
      'a grant for calls only does not cover texts',
      nyc(),
      [event('grant', '2026-12-01T00:00:00.000Z', { channel: 'call', consentType: 'express' })],
      'nyc-electronic-consent-required',
    ],
    ['origination (not a debt): the lender-supplied default covers', nyc({ purpose: 'origination' }), [], 'covered'],
    ['outside New York City: covered', nyc({ localities: [] }), [], 'covered'],
    ['a test customer: exempt, as from the law floor', nyc({ isTest: true }), [], 'covered'],
  ];
  it.each(cases)('%s', (_name, who, events, expected) => {
    const standing = messageConsent('sms', PHONE, events, AT, who);
    expect(standing.kind === 'covered' ? 'covered' : standing.rule).toBe(expected);
    if (standing.kind === 'refused') expect(awaitsConsent(standing)).toBe(true);
  });

  it('an email address the same way', () => {
    expect(messageConsent('email', 'A@b.example', [], AT, nyc())).toMatchObject({
      kind: 'refused',
      rule: 'nyc-electronic-consent-required',
      source: expect.stringMatching(/^New York City 6 RCNY § 5-77/),
    });
  });
});

/** A customer whose record holds PHONE as its application number (and two LMS numbers). */
const subject = (purpose: 'origination' | 'collections', isTest = false): ConsentSubject => ({
  purpose,
  isTest,
  enrolledAt: '2026-12-01T12:00:00.000Z',
  numbers: numberSources({
    phoneNumber: PHONE,
    externalMetadata: { cell_phone: '(512) 555-0144', home_phone: '512-555-0145' },
  }),
});
const NO_EVENTS: ConsentEventRow[] = [];

describe('consent by purpose: the law floor, number sources, attestation, override (one row per rule)', () => {
  const config = defaultCompanyConfig();
  const attested = withConsent({ attestation: { form: 'application-consent', version: 'v3' } });
  const overridden = withConsent({
    belowLawOverride: { reason: 'counsel: new-lead calls are not telemarketing', approvedBy: 'cco@lender.example' },
  });
  const writtenGrant = event('grant', '2026-12-02T00:00:00.000Z', {
    consentType: 'express_written',
    evidenceRef: 'esign-77',
  });
  const rows: Array<[string, CompanyConfig, string, ConsentSubject, ConsentEventRow[], string]> = [
    // [case (cite), config, number, subject, ledger, expected: covered:<type>:<origin> | refused:<rule>]
    [
      "47 CFR 64.1200(a)(2), FCC 24-17: origination with only the application number's express consent",
      config,
      PHONE,
      subject('origination'),
      NO_EVENTS,
      'refused:tcpa-written-consent-required',
    ],
    [
      '64.1200(a)(2): an express grant is not written consent',
      config,
      PHONE,
      subject('origination'),
      [event('grant', '2026-12-02T00:00:00.000Z')],
      'refused:tcpa-written-consent-required',
    ],
    [
      '64.1200(a)(2), (f)(9): a recorded written grant with evidence covers origination',
      config,
      PHONE,
      subject('origination'),
      [writtenGrant],
      'covered:express_written:recorded',
    ],
    [
      '64.1200(f)(9): the company attestation (form@version, enrollment time) covers the application number',
      attested,
      PHONE,
      subject('origination'),
      NO_EVENTS,
      'covered:express_written:attestation',
    ],
    [
      'attestation reaches only application numbers: an LMS cell phone carries none',
      attested,
      '+15125550144',
      subject('origination'),
      NO_EVENTS,
      'refused:tcpa-consent-required',
    ],
    [
      '64.1200(a)(1): collections needs express; the application number carries it',
      config,
      PHONE,
      subject('collections'),
      NO_EVENTS,
      'covered:express:company-default',
    ],
    [
      '64.1200(a)(1), stricter reading: an LMS home phone carries none',
      config,
      '+15125550145',
      subject('collections'),
      NO_EVENTS,
      'refused:tcpa-consent-required',
    ],
    [
      'a number the record does not hold carries none',
      config,
      '+15125550149',
      subject('collections'),
      NO_EVENTS,
      'refused:tcpa-consent-required',
    ],
    [
      'isTest customers skip the law floor (the demo and magic numbers)',
      config,
      PHONE,
      subject('origination', true),
      NO_EVENTS,
      'covered:express:company-default',
    ],
    [
      'a company may tighten: written consent for collections',
      withConsent({ default: { required: 'express_written' } }),
      PHONE,
      subject('collections'),
      NO_EVENTS,
      'refused:tcpa-written-consent-required',
    ],
    [
      'suppliedNumbers express_written cannot claim written consent without evidence',
      withConsent({ default: { suppliedNumbers: 'express_written' } }),
      PHONE,
      subject('origination'),
      NO_EVENTS,
      'refused:tcpa-written-consent-required',
    ],
    [
      'loosening below the law only with the explicit override',
      overridden,
      PHONE,
      subject('origination'),
      NO_EVENTS,
      'covered:express:company-default',
    ],
    [
      '64.1200(a)(10): a revocation beats the attestation',
      attested,
      PHONE,
      subject('origination'),
      [event('revoke', '2026-12-03T00:00:00.000Z')],
      'refused:tcpa-consent-revoked',
    ],
  ];
  it.each(rows)('%s', (_case, cfg, phone, who, events, expected) => {
    const standing = callConsent(cfg, 'PendingLoanNewLead', phone, events, AT, who);
    const got =
      standing.kind === 'covered'
        ? `covered:${standing.basis.type}:${standing.basis.origin}`
        : `refused:${standing.rule}`;
    expect(got).toBe(expected);
  });

  it('the attestation names its form and version as evidence and the enrollment as capture date', () => {
    expect(callConsent(attested, 'PendingLoanNewLead', PHONE, [], AT, subject('origination'))).toEqual({
      kind: 'covered',
      basis: {
        origin: 'attestation',
        type: 'express_written',
        source: 'company_attestation',
        capturedAt: '2026-12-01T12:00:00.000Z',
        evidenceRef: 'application-consent@v3',
        consentEventId: null,
      },
    });
  });

  it('an override below the law is written into the decision it decides', () => {
    expect(callConsent(overridden, 'PendingLoanNewLead', PHONE, [], AT, subject('origination'))).toMatchObject({
      kind: 'covered',
      note: expect.stringContaining('override approved by cco@lender.example'),
    });
  });

  it('the documented tables: the law floor by purpose and what each number source carries', () => {
    expect(LAW_FLOOR).toEqual({ origination: 'express_written', collections: 'express' });
    expect(Object.fromEntries(Object.entries(NUMBER_SOURCES).map(([k, v]) => [k, v.carries]))).toEqual({
      application: 'express',
      application_mobile: 'express',
      lms_cell_phone: 'none',
      lms_home_phone: 'none',
      not_on_record: 'none',
    });
    // The first field that holds a number names its source.
    expect([
      ...numberSources({ phoneNumber: PHONE, externalMetadata: { cell_phone: PHONE, home_phone: '5125550145' } }),
    ]).toEqual([
      [PHONE, 'application'],
      ['+15125550145', 'lms_home_phone'],
    ]);
  });
});
