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
import type { ConsentBasis } from '../consent/standing.js';

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
  note: string | null;
}

export const NO_DECISION_NOTE =
  'no decision was recorded for this contact (before decisions were recorded, or it ended before any dial-time or send-time check)';
const PAGE = 500;

/**
 * The company's contact records scheduled in [from, to), calls and messages merged in scheduled-time
 * order, read in keyset pages of 500 (each page's decisions in one more read), so a year of a large
 * company is never held in memory: the caller consumes the records as they come.
 */
export async function* exportContactRecords(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
): AsyncGenerator<ContactRecord> {
  const [from, to] = [instant(range.from, 'from'), instant(range.to, 'to')];
  if (from >= to) throw new InvalidInputError('--from must be before --to');
  if (!(await getCompany(db, companyId))) throw new NotFoundError(`company ${companyId} not found`);
  const calls = paged(
    (c) => pageCallRecords(db, companyId, from, to, c, PAGE),
    async (rows) => withDecisions(db, companyId, rows, callRecord),
  );
  const messages = paged(
    (c) => pageMessageRecords(db, companyId, from, to, c, PAGE),
    async (rows) => withDecisions(db, companyId, rows, messageRecord),
  );
  let [a, b] = [await calls.next(), await messages.next()];
  while (!a.done || !b.done) {
    if (!a.done && (b.done || order(a.value) <= order(b.value))) {
      yield a.value;
      a = await calls.next();
    } else if (!b.done) {
      yield b.value;
      b = await messages.next();
    }
  }
}

const order = (r: ContactRecord) => `${r.scheduledTime}\u0000${r.id}`;

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
