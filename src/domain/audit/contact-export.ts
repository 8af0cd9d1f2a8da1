import type { RuleVerdict } from '../../scheduler/index.js';
import { type ContactDecisionRow, latestDecisionsOf } from '../../store/audit/contact-decisions.js';
import {
  type CallRecordRow,
  type MessageRecordRow,
  pageCallRecords,
  pageMessageRecords,
  type RecordCursor,
} from '../../store/audit/contact-records.js';
import { getCompany } from '../../store/shared/companies.js';
import type { Db } from '../../store/shared/db.js';
import { InvalidInputError, NotFoundError } from '../shared/errors.js';
import { type ConsentBasis, consentAddress } from '../consent/standing.js';
import { pageConsentEvents, pageReassignedAnswers } from '../consent/ledger-pages.js';
import { getCustomer, pageOutsideContacts, pageRestrictionChanges } from '../borrowers/borrowers.js';

/** One attempt (call, text, email) or one decision not to attempt, as the examiner's export writes it. */
export interface ContactRecord {
  kind: 'attempt' | 'not_attempted';
  channel: 'call' | 'sms' | 'email';
  /** The scheduled call or scheduled message. */
  id: string;
  customerId: string;
  loanId: string | null;
  purpose: string;
  scheduledTime: string;
  /** When it was dialed or sent, else when it ended. */
  at: string;
  /** The number dialed or texted, or the email address. */
  recipient: string | null;
  consent: ConsentBasis | null;
  rules: RuleVerdict[];
  catalogVersion: string | null;
  decision: { verdict: 'allowed' | 'moved' | 'refused'; at: string; reason: string | null } | null;
  outcome: {
    status: string;
    reason: string | null;
    callId?: string;
    durationMs?: number | null;
    answeredBy?: string | null;
    disconnectionReason?: string | null;
  };
  flags: string[];
  /** A text or email: its template id, and the subject and body as sent (null until sent). Null for a call. */
  message: { template: string; subject: string | null; body: string | null } | null;
  /** The recording store's key of the call's recording (GET /recordings/{id} serves it), or null. */
  recordingRef: string | null;
  note: string | null;
}

/**
 * A record of the customer's history that is not a contact of this service: a contact the lender
 * reported (POST /contact-attempts), a consent ledger event (a grant with its evidence, a revocation,
 * an inbound STOP), a contact restriction placed or lifted (with its source), or an answer of the
 * Reassigned Numbers Database (the number and consent date asked, the answer, for which call or text).
 */
export interface LedgerRecord {
  kind: 'outside_contact' | 'consent_event' | 'restriction_change' | 'reassigned_number_answer';
  channel: 'call' | 'sms' | 'email' | null;
  /** The reported attempt id, the consent event id, or the restriction id. */
  id: string;
  customerId: string | null;
  loanId: string | null;
  /** When it took place (occurred, captured, placed or lifted). */
  at: string;
  /** The number or address concerned, when there is one. */
  recipient: string | null;
  detail: Record<string, unknown>;
}

export type ExportRecord = ContactRecord | LedgerRecord;

export const NO_DECISION_NOTE =
  'no decision was recorded for this contact (before decisions were recorded, or it ended before any dial-time or send-time check)';
const PAGE = 500;

/**
 * The company's records in [from, to), in time order: contacts (calls and messages, by scheduled
 * time) and the ledger around them (reported outside contacts, consent events, restriction changes,
 * by when they took place). With `customerId`, that customer's only: their whole history when the
 * range is wide. Every source is read in keyset pages of 500 and merged as it goes, so a year of a
 * large company is never held in memory: the caller consumes the records as they come.
 */
export async function* exportContactRecords(
  db: Db,
  companyId: string,
  range: { from: string; to: string; customerId?: string },
): AsyncGenerator<ExportRecord> {
  const [from, to] = [instant(range.from, 'from'), instant(range.to, 'to')];
  if (from >= to) throw new InvalidInputError('--from must be before --to');
  if (!(await getCompany(db, companyId))) throw new NotFoundError(`company ${companyId} not found`);
  const customerId = range.customerId;
  let consentCustomer: { id: string; addresses: string[] } | undefined;
  if (customerId !== undefined) {
    const customer = await getCustomer(db, companyId, customerId);
    if (!customer) throw new NotFoundError(`customer ${customerId} not found in company ${companyId}`);
    const addresses = [customer.phoneNumber, customer.email].filter((a): a is string => !!a).map(consentAddress);
    consentCustomer = { id: customerId, addresses };
  }
  const window = { from, to, customerId };
  const sources: Array<AsyncGenerator<ExportRecord>> = [
    paged(
      (c) => pageCallRecords(db, companyId, from, to, c, PAGE, customerId),
      async (rows) => withDecisions(db, companyId, rows, callRecord),
    ),
    paged(
      (c) => pageMessageRecords(db, companyId, from, to, c, PAGE, customerId),
      async (rows) => withDecisions(db, companyId, rows, messageRecord),
    ),
    ledger(
      (c) => pageOutsideContacts(db, companyId, window, c, PAGE),
      (r) => ({
        kind: 'outside_contact',
        channel: r.channel,
        id: r.externalId,
        customerId: r.customerId,
        loanId: r.loanId,
        at: r.occurredAt,
        recipient: r.address,
        detail: {
          direction: r.direction,
          purpose: r.purpose,
          outcome: r.outcome,
          conversation: r.conversation,
          source: r.source,
          recordedAt: r.recordedAt,
        },
      }),
      (r) => r.occurredAt,
    ),
    ledger(
      (c) => pageConsentEvents(db, companyId, { from, to, customer: consentCustomer }, c, PAGE),
      (e) => ({
        kind: 'consent_event',
        channel: e.channel,
        id: e.id,
        customerId: e.customerId,
        loanId: null,
        at: e.capturedAt,
        recipient: e.address,
        detail: {
          action: e.kind,
          type: e.consentType,
          source: e.source,
          evidenceRef: e.evidenceRef,
          recordedAt: e.recordedAt,
        },
      }),
      (e) => e.capturedAt,
    ),
    ledger(
      (c) => pageReassignedAnswers(db, companyId, { from, to, customer: consentCustomer }, c, PAGE),
      (a): LedgerRecord => ({
        kind: 'reassigned_number_answer',
        channel: a.channel,
        id: a.id,
        customerId: a.customerId,
        loanId: null,
        at: a.queriedAt,
        recipient: a.phoneNumber,
        detail: { consentDate: a.consentDate, answer: a.answer, database: a.database, subjectId: a.subjectId },
      }),
      (a) => a.queriedAt,
    ),
    ...(['created', 'lifted'] as const).map((change) =>
      ledger(
        (c) => pageRestrictionChanges(db, companyId, change, window, c, PAGE),
        (r): LedgerRecord => ({
          kind: 'restriction_change',
          channel: null,
          id: r.id,
          customerId: r.customerId,
          loanId: r.loanId,
          at: change === 'created' ? r.createdAt : r.liftedAt!,
          recipient: null,
          detail: { change, restriction: r.kind, source: r.source, placedAt: r.createdAt, liftedAt: r.liftedAt },
        }),
        (r) => (change === 'created' ? r.createdAt : r.liftedAt!),
      ),
    ),
  ];
  // A k-way merge: each source is already in time order; the head with the earliest key goes next.
  const heads = await Promise.all(sources.map((g) => g.next()));
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h.done) continue;
      if (best < 0 || order(h.value) < order(heads[best].value as ExportRecord)) best = i;
    }
    if (best < 0) return;
    yield heads[best].value as ExportRecord;
    heads[best] = await sources[best].next();
  }
}

/** Keyset pages of one ledger source, in (time, id) order, mapped to export records. */
async function* ledger<R extends { id: string }>(
  page: (cursor: { at: string; id: string } | null) => Promise<R[]>,
  record: (row: R) => LedgerRecord,
  time: (row: R) => string,
): AsyncGenerator<LedgerRecord> {
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await page(cursor);
    for (const r of rows) yield record(r);
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    cursor = { at: time(last), id: last.id };
  }
}

/** Contacts sort by scheduled time, ledger records by when they took place; the id breaks ties. */
const order = (r: ExportRecord) => `${'scheduledTime' in r ? r.scheduledTime : r.at}\u0000${r.id}`;

async function* paged<R extends { scheduledTime: string; id: string }>(
  page: (cursor: RecordCursor | null) => Promise<R[]>,
  records: (rows: R[]) => Promise<ContactRecord[]>,
): AsyncGenerator<ContactRecord> {
  let cursor: RecordCursor | null = null;
  for (;;) {
    const rows = await page(cursor);
    yield* await records(rows);
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    cursor = { scheduledTime: last.scheduledTime, id: last.id };
  }
}

async function withDecisions<R extends { id: string }>(
  db: Db,
  companyId: string,
  rows: R[],
  build: (row: R, d: ContactDecisionRow | undefined) => ContactRecord,
): Promise<ContactRecord[]> {
  const decisions = await latestDecisionsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => build(r, decisions.get(r.id)));
}

function evidence(d: ContactDecisionRow | undefined) {
  if (!d) return { consent: null, rules: [], catalogVersion: null, decision: null, note: NO_DECISION_NOTE };
  return {
    consent: d.consent as ConsentBasis | null,
    rules: d.rules as RuleVerdict[],
    catalogVersion: d.catalogVersion,
    decision: { verdict: d.verdict, at: d.decidedAt, reason: d.reason },
    note: null,
  };
}

function callRecord(r: CallRecordRow, d: ContactDecisionRow | undefined): ContactRecord {
  const attempted = r.dialedAt !== null;
  const call = r.call;
  return {
    kind: attempted ? 'attempt' : 'not_attempted',
    channel: 'call',
    id: r.id,
    customerId: r.customerId,
    loanId: r.loanId,
    purpose: r.purpose,
    scheduledTime: r.scheduledTime,
    at: r.dialedAt ?? r.updatedAt,
    recipient: call?.toPhoneNumber ?? r.phoneNumber,
    ...evidence(d),
    outcome: call
      ? {
          status: r.status,
          reason: r.statusReason,
          callId: call.id,
          durationMs: call.durationMs,
          answeredBy: call.answeredBy,
          disconnectionReason: call.disconnectionReason,
        }
      : { status: r.status, reason: r.statusReason },
    flags: [...new Set([...r.flags, ...(call?.flags ?? [])])],
    message: null,
    recordingRef: call?.recordingKey ?? null,
  };
}

function messageRecord(r: MessageRecordRow, d: ContactDecisionRow | undefined): ContactRecord {
  return {
    kind: r.sentAt !== null ? 'attempt' : 'not_attempted',
    channel: r.channel,
    id: r.id,
    customerId: r.customerId,
    loanId: r.loanId,
    purpose: r.purpose,
    scheduledTime: r.scheduledTime,
    at: r.sentAt ?? r.updatedAt,
    recipient: r.recipient ?? d?.recipient ?? null,
    ...evidence(d),
    outcome: { status: r.status, reason: r.statusReason },
    flags: [],
    message: { template: r.template, subject: r.subject, body: r.content },
    recordingRef: null,
  };
}

function instant(value: string, name: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms))
    throw new InvalidInputError(
      `--${name} must be an ISO 8601 date or instant (e.g. 2026-01-01 or 2026-01-01T00:00:00Z), got "${value}"`,
    );
  return new Date(ms).toISOString();
}

/** Retention (src/domain/retention/) deletes contact records past their retention through audit. */
export {
  deleteContactDecisionsBefore,
  deleteEndedCallsBefore,
  deleteOutsideContactsBefore,
  deleteEndedMessagesBefore,
} from '../../store/audit/contact-records.js';
