import { RULE_CATALOG_VERSION, type RuleVerdict } from '../../scheduler/index.js';
import { type ContactDecisionRow, insertContactDecisions } from '../../store/audit/contact-decisions.js';
import type { Db } from '../../store/shared/db.js';
import { newId } from '../shared/ids.js';
import type { ConsentBasis } from '../consent/standing.js';

/** A dial-time or send-time decision, with the evidence it was taken on. */
export interface ContactDecision {
  companyId: string;
  customerId: string;
  channel: 'call' | 'sms' | 'email';
  /** The scheduled call or scheduled message decided on. */
  subjectId: string;
  at: Date;
  verdict: 'allowed' | 'moved' | 'refused';
  recipient: string | null;
  /** Every rule the scheduler evaluated, with its verdict; empty when the check stopped before it (e.g. an opted-out number). */
  rules: readonly RuleVerdict[];
  consent: ConsentBasis | null;
  reason: string | null;
}

/**
 * Records decisions together (one statement for a dial batch), under the current catalog version,
 * in the caller's transaction when it is one.
 */
export async function recordContactDecisions(db: Db, decisions: readonly ContactDecision[]): Promise<void> {
  await insertContactDecisions(
    db,
    decisions.map((d): ContactDecisionRow => ({
      id: newId(),
      companyId: d.companyId,
      customerId: d.customerId,
      channel: d.channel,
      subjectId: d.subjectId,
      decidedAt: d.at.toISOString(),
      verdict: d.verdict,
      recipient: d.recipient,
      rules: [...d.rules],
      catalogVersion: RULE_CATALOG_VERSION,
      consent: d.consent,
      reason: d.reason,
    })),
  );
}
