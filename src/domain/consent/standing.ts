import { canonicalPhone, CONSENT_RULES } from '../../scheduler/index.js';
import type { ConsentChannel, ConsentEventRow } from '../../store/consent/consent-events.js';
import type { CompanyConfig, ConsentPolicy, ConsentType } from '../shared/company-config.js';

/**
 * The consent that covered an allowed call: recorded in the ledger (its event), the company's
 * attestation of written consent (configuration `consent.attestation`), or what the number's source
 * carries by default (NUMBER_SOURCES, capped by configuration `suppliedNumbers`).
 */
export interface ConsentBasis {
  origin: 'recorded' | 'company-default' | 'attestation';
  type: 'express' | 'express_written';
  source: string;
  capturedAt: string | null;
  evidenceRef: string | null;
  consentEventId: string | null;
}

/** Whether a call or text to an address may go as far as consent is concerned, and why. */
export type ConsentStanding =
  | { kind: 'covered'; basis: ConsentBasis; note?: string }
  | { kind: 'refused'; rule: string; source: string; detail: string };

/** The source a company default names for a number the lender supplied that the customer record does not place (e.g. a message recipient). */
export const SUPPLIED_NUMBER_SOURCE = 'supplied_by_lender';

/** Where a number on the customer record came from: the field that holds it. */
export type NumberSource = 'application' | 'application_mobile' | 'lms_cell_phone' | 'lms_home_phone' | 'not_on_record';

/**
 * What each source of a number carries before anything is recorded for it, and why
 * (docs/partners/consent.md, "Where a number came from"). A number given by the borrower on the
 * credit application, which the lender sends as `phoneNumber` or `mobilePhone`, is prior express
 * consent to calls about that credit (47 CFR 64.1200(a)(1); FCC 07-232, ACA International
 * declaratory ruling, 2008), never written consent: written consent needs a signed agreement
 * (64.1200(f)(9)), so it comes only from a recorded grant with evidence or the company's
 * attestation. The LMS's other phone fields are not known to come from the borrower (an LMS keeps
 * numbers added by staff, skip tracing or a co-borrower), so the stricter reading applies: none.
 * The LMS's employer phone is not dialled at all (the phone book leaves it out) and carries none.
 */
export const NUMBER_SOURCES: Readonly<Record<NumberSource, { field: string; carries: ConsentType | 'none' }>> = {
  application: { field: 'customer phoneNumber (the application number the lender sends)', carries: 'express' },
  application_mobile: { field: 'enrollment mobilePhone (the application mobile number)', carries: 'express' },
  lms_cell_phone: { field: 'LMS externalMetadata.cell_phone', carries: 'none' },
  lms_home_phone: { field: 'LMS externalMetadata.home_phone', carries: 'none' },
  not_on_record: { field: 'a number the customer record does not hold (an old pending call)', carries: 'none' },
};

/**
 * The law's floor of the consent an AI-voice call needs, by the call's purpose. An AI voice is an
 * artificial voice (FCC 24-17); origination outreach to a lead is telemarketing, which with an
 * artificial voice needs prior express written consent (47 CFR 64.1200(a)(2)); a collections call
 * is informational and needs prior express consent (64.1200(a)(1)). Whether an origination call to
 * a landline escapes (a)(2) is not told apart here: the stricter reading applies to every number.
 */
export const LAW_FLOOR: Readonly<Record<'origination' | 'collections', ConsentType>> = {
  origination: 'express_written',
  collections: 'express',
};

/** Who a call or a ledger read is about: test customers skip the law floor (the demo and the magic numbers). */
export interface ConsentSubject {
  purpose: 'origination' | 'collections';
  isTest: boolean;
  /** When the customer was enrolled (the attestation's capture date). */
  enrolledAt: string | null;
  /** Each number of the customer record and the source it came from (the first field that holds it). */
  numbers: ReadonlyMap<string, NumberSource>;
}

/** The customer record's numbers with their sources, in the phone book's order (the first field that holds a number names its source). */
export function numberSources(contact: {
  phoneNumber?: string | null;
  mobilePhone?: string | null;
  externalMetadata?: Record<string, unknown> | null;
}): Map<string, NumberSource> {
  const meta = contact.externalMetadata ?? {};
  const out = new Map<string, NumberSource>();
  const add = (raw: unknown, source: NumberSource) => {
    const phone = typeof raw === 'string' ? canonicalPhone(raw) : undefined;
    if (phone !== undefined && !out.has(phone)) out.set(phone, source);
  };
  add(contact.phoneNumber, 'application');
  add(contact.mobilePhone, 'application_mobile');
  add(meta['cell_phone'], 'lms_cell_phone');
  add(meta['home_phone'], 'lms_home_phone');
  return out;
}

/** The consent subject of a customer for a purpose. */
export function consentSubject(
  customer: {
    isTest: boolean;
    createdAt: string;
    phoneNumber?: string | null;
    externalMetadata?: Record<string, unknown> | null;
  },
  purpose: 'origination' | 'collections',
  mobilePhone?: string | null,
): ConsentSubject {
  return {
    purpose,
    isTest: customer.isTest,
    enrolledAt: customer.createdAt,
    numbers: numberSources({ ...customer, mobilePhone }),
  };
}

const RANK: Record<ConsentType | 'none', number> = { none: 0, express: 1, express_written: 2 };
const stronger = (a: ConsentType, b: ConsentType): ConsentType => (RANK[a] >= RANK[b] ? a : b);

/**
 * A task type's policy: its own entry, else the company's default, else express consent carried
 * and required; `required` is raised to the law's floor for the purpose (LAW_FLOOR) unless the
 * company set `consent.belowLawOverride` (explicit, with its reason, logged on every decision it
 * decides) or the customer is a test customer.
 */
export function consentPolicy(
  config: CompanyConfig,
  taskType: string,
  subject?: Pick<ConsentSubject, 'purpose' | 'isTest'>,
): Required<ConsentPolicy> & { floor: ConsentType | null; overridden: boolean } {
  const own = config.consent?.taskTypes?.[taskType] ?? config.consent?.default ?? {};
  const suppliedNumbers = own.suppliedNumbers ?? 'express';
  const asked = own.required ?? 'express';
  const floor = subject && !subject.isTest ? LAW_FLOOR[subject.purpose] : null;
  const override = config.consent?.belowLawOverride;
  const overridden = !!floor && !!override && RANK[asked] < RANK[floor];
  return {
    suppliedNumbers,
    required: floor && !overridden ? stronger(asked, floor) : asked,
    floor,
    overridden,
  };
}

/** The ledger's key of a number or an email address: E.164, or the address in lower case. */
export function consentAddress(raw: string): string {
  return raw.includes('@') ? raw.trim().toLowerCase() : (canonicalPhone(raw) ?? raw);
}

/** The latest event of an address and channel captured by `at` (the ledger's state at that instant). */
export function latestEvent(
  events: readonly ConsentEventRow[],
  address: string,
  channel: ConsentChannel,
  at: Date,
): ConsentEventRow | undefined {
  const key = consentAddress(address);
  let latest: ConsentEventRow | undefined;
  for (const e of events) {
    if (e.address !== key || e.channel !== channel || Date.parse(e.capturedAt) > at.getTime()) continue;
    if (!latest || e.capturedAt > latest.capturedAt || (e.capturedAt === latest.capturedAt && e.seq > latest.seq))
      latest = e;
  }
  return latest;
}

/**
 * What a number carries for calls when nothing is recorded for it: the company's attestation of
 * written consent (for the application numbers of the task types it names), else what its source
 * carries (NUMBER_SOURCES) capped by the task type's `suppliedNumbers`; null when nothing.
 */
export function unrecordedBasis(
  config: CompanyConfig,
  taskType: string,
  address: string,
  subject: ConsentSubject | undefined,
): ConsentBasis | null {
  const policy = consentPolicy(config, taskType);
  // Without a subject (a read that does not know the customer) the number counts as the application's.
  const source: NumberSource = subject ? (subject.numbers.get(address) ?? 'not_on_record') : 'application';
  const attestation = config.consent?.attestation;
  const applicationNumber = source === 'application' || source === 'application_mobile';
  if (attestation && applicationNumber && (!attestation.taskTypes || attestation.taskTypes.includes(taskType)))
    return {
      origin: 'attestation',
      type: 'express_written',
      source: 'company_attestation',
      capturedAt: subject?.enrolledAt ?? null,
      evidenceRef: `${attestation.form}@${attestation.version}`,
      consentEventId: null,
    };
  const carries = NUMBER_SOURCES[source].carries;
  const capped = RANK[policy.suppliedNumbers] < RANK[carries] ? policy.suppliedNumbers : carries;
  if (capped === 'none') return null;
  return {
    origin: 'company-default',
    type: capped,
    source: subject ? source : SUPPLIED_NUMBER_SOURCE,
    capturedAt: subject?.enrolledAt ?? null,
    evidenceRef: null,
    consentEventId: null,
  };
}

/**
 * An AI-voice call to `phone` for a task type at `at`: refused when the number's consent was
 * revoked, when there is none (nothing recorded and its source carries none), or when the call
 * needs written consent (its purpose's floor, or the task type's policy) and the number has only
 * express consent. `subject` is the customer the call is for (purpose, test customer, sources of
 * its numbers); without it only the company's policy applies (no law floor).
 */
export function callConsent(
  config: CompanyConfig,
  taskType: string,
  phone: string,
  events: readonly ConsentEventRow[],
  at: Date,
  subject?: ConsentSubject,
): ConsentStanding {
  const address = consentAddress(phone);
  const latest = latestEvent(events, address, 'call', at);
  if (latest?.kind === 'revoke') return revoked(address, 'calls', latest);
  const policy = consentPolicy(config, taskType, subject);
  const basis: ConsentBasis | null = latest
    ? recordedBasis(latest)
    : unrecordedBasis(config, taskType, address, subject);
  if (!basis) {
    const source = subject ? (subject.numbers.get(address) ?? 'not_on_record') : 'supplied';
    return refuse(
      CONSENT_RULES.required,
      `no consent to AI-voice calls recorded for ${address} (source ${source} carries none; task type ${taskType} needs ${policy.required === 'express_written' ? 'express written' : 'express'} consent)`,
    );
  }
  if (policy.required === 'express_written' && basis.type !== 'express_written') {
    return refuse(
      CONSENT_RULES.writtenRequired,
      `${address} has ${describe(basis)}; ${policy.floor === 'express_written' ? `${subject?.purpose} calls by an AI voice need` : `task type ${taskType} needs`} express written consent`,
    );
  }
  if (policy.overridden && RANK[basis.type] < RANK[policy.floor!]) {
    const o = config.consent!.belowLawOverride!;
    return {
      kind: 'covered',
      basis,
      note: `below the law's floor (${policy.floor}) by the company's override approved by ${o.approvedBy}: ${o.reason}`,
    };
  }
  return { kind: 'covered', basis };
}

/** A refusal that consent recorded later lifts (held, not ended): anything but a revocation. */
export function awaitsConsent(s: ConsentStanding): boolean {
  return s.kind === 'refused' && s.rule !== CONSENT_RULES.revoked.id;
}

/** Who a text or email is for, as far as the consent rules need: its purpose and the customer's localities (customerLocalities). */
export interface MessageSubject {
  purpose: 'origination' | 'collections';
  localities: readonly string[];
  isTest: boolean;
}

/**
 * A text or email: refused when its consent was revoked (a STOP, an unsubscribe, a revocation by
 * API), or, to a New York City consumer about a debt, when no consent to that medium is recorded;
 * otherwise covered by the grant recorded for it, else by the lender's supplying the address.
 */
export function messageConsent(
  channel: 'sms' | 'email',
  address: string,
  events: readonly ConsentEventRow[],
  at: Date,
  subject?: MessageSubject,
): ConsentStanding {
  const latest = latestEvent(events, address, channel, at);
  if (latest?.kind === 'revoke')
    return revoked(consentAddress(address), channel === 'sms' ? 'texts' : 'emails', latest);
  // New York City (6 RCNY § 5-77 as amended, read strictly): a collections text or email to a New
  // York City consumer needs the consumer's consent to that medium and address, recorded in the
  // ledger; the lender's supplying the address is not that consent. Held (awaitsConsent) until one is.
  // Test customers are exempt, as from the law floor of calls (the demo and the magic numbers).
  if (!latest && subject && !subject.isTest && subject.purpose === 'collections' && subject.localities.includes('NYC'))
    return refuse(
      CONSENT_RULES.nycElectronic,
      `${channel === 'sms' ? 'texts' : 'emails'} to ${consentAddress(address)} need the New York City consumer's consent to ${channel === 'sms' ? 'texts' : 'email'}, and none is recorded`,
    );
  return {
    kind: 'covered',
    basis: latest
      ? recordedBasis(latest)
      : {
          origin: 'company-default',
          type: 'express',
          source: SUPPLIED_NUMBER_SOURCE,
          capturedAt: null,
          evidenceRef: null,
          consentEventId: null,
        },
  };
}

function recordedBasis(e: ConsentEventRow): ConsentBasis {
  return {
    origin: 'recorded',
    type: e.consentType ?? 'express',
    source: e.source,
    capturedAt: e.capturedAt,
    evidenceRef: e.evidenceRef,
    consentEventId: e.id,
  };
}

/** The stored reason of a refusal, in the dial-time check's format (`<rule>: <detail> (<source>)`, call-rules.ts `explain`). */
export function refusalReason(s: Extract<ConsentStanding, { kind: 'refused' }>): string {
  return `${s.rule}: ${s.detail} (${s.source})`;
}

function revoked(address: string, what: string, e: ConsentEventRow): Extract<ConsentStanding, { kind: 'refused' }> {
  return refuse(CONSENT_RULES.revoked, `consent to ${what} to ${address} revoked at ${e.capturedAt} (${e.source})`);
}

function refuse(rule: { id: string; source: string }, detail: string): Extract<ConsentStanding, { kind: 'refused' }> {
  return { kind: 'refused', rule: rule.id, source: rule.source, detail };
}

function describe(basis: ConsentBasis): string {
  const type: Record<ConsentType, string> = { express: 'express consent', express_written: 'express written consent' };
  return `${type[basis.type]} only (${basis.origin === 'recorded' ? `recorded, ${basis.source}` : `default of its source, ${basis.source}`})`;
}
