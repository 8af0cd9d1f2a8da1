import { canonicalPhone, CONSENT_RULES } from '../../scheduler/index.js';
import type { ConsentChannel, ConsentEventRow } from '../../store/consent/consent-events.js';
import type { CompanyConfig, ConsentPolicy, ConsentType } from '../shared/company-config.js';

/**
 * The consent that covered an allowed call: recorded in the ledger (its event), or the company's
 * default for a number the lender supplied (configuration `consent`).
 */
export interface ConsentBasis {
  origin: 'recorded' | 'company-default';
  type: 'express' | 'express_written';
  source: string;
  capturedAt: string | null;
  evidenceRef: string | null;
  consentEventId: string | null;
}

/** Whether a call or text to an address may go as far as consent is concerned, and why. */
export type ConsentStanding =
  { kind: 'covered'; basis: ConsentBasis } | { kind: 'refused'; rule: string; source: string; detail: string };

/** The source a company default names: the lender supplied the number (with the credit application). */
export const SUPPLIED_NUMBER_SOURCE = 'supplied_by_lender';

/** A task type's policy: its own entry, else the company's default, else express consent carried and required. */
export function consentPolicy(config: CompanyConfig, taskType: string): Required<ConsentPolicy> {
  const own = config.consent?.taskTypes?.[taskType] ?? config.consent?.default ?? {};
  return { suppliedNumbers: own.suppliedNumbers ?? 'express', required: own.required ?? 'express' };
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
 * An AI-voice call to `phone` for a task type at `at`: refused when the number's consent was
 * revoked, when there is none (nothing recorded and the task type's supplied numbers carry none),
 * or when the task type needs written consent and the number has only express consent.
 */
export function callConsent(
  config: CompanyConfig,
  taskType: string,
  phone: string,
  events: readonly ConsentEventRow[],
  at: Date,
): ConsentStanding {
  const address = consentAddress(phone);
  const latest = latestEvent(events, address, 'call', at);
  if (latest?.kind === 'revoke') return revoked(address, 'calls', latest);
  const policy = consentPolicy(config, taskType);
  const basis: ConsentBasis | null = latest
    ? recordedBasis(latest)
    : policy.suppliedNumbers === 'none'
      ? null
      : {
          origin: 'company-default',
          type: policy.suppliedNumbers,
          source: SUPPLIED_NUMBER_SOURCE,
          capturedAt: null,
          evidenceRef: null,
          consentEventId: null,
        };
  if (!basis) {
    return refuse(
      CONSENT_RULES.required,
      `no consent to AI-voice calls recorded for ${address} (task type ${taskType}: supplied numbers carry none)`,
    );
  }
  if (policy.required === 'express_written' && basis.type !== 'express_written') {
    return refuse(
      CONSENT_RULES.writtenRequired,
      `${address} has ${describe(basis)}; task type ${taskType} needs express written consent`,
    );
  }
  return { kind: 'covered', basis };
}

/**
 * A text or email: refused only when its consent was revoked (a STOP, an unsubscribe, a revocation
 * by API); otherwise covered by the grant recorded for it, else by the lender's supplying the address.
 */
export function messageConsent(
  channel: 'sms' | 'email',
  address: string,
  events: readonly ConsentEventRow[],
  at: Date,
): ConsentStanding {
  const latest = latestEvent(events, address, channel, at);
  if (latest?.kind === 'revoke')
    return revoked(consentAddress(address), channel === 'sms' ? 'texts' : 'emails', latest);
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
  return `${type[basis.type]} only (${basis.origin === 'recorded' ? `recorded, ${basis.source}` : 'company default for supplied numbers'})`;
}
