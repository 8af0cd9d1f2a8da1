import type { ExportRecord, LedgerRecord } from './contact-export.js';

export type ExportFormat = 'jsonl' | 'csv';

/** The CSV columns, in order; nested values (consent, rules, outcome) are JSON text in their cell. */
export const CSV_COLUMNS = [
  'kind',
  'channel',
  'id',
  'customer_id',
  'loan_id',
  'purpose',
  'scheduled_time',
  'at',
  'recipient',
  'consent_origin',
  'consent_type',
  'consent_source',
  'consent',
  'catalog_version',
  'rules',
  'decision',
  'decided_at',
  'decision_reason',
  'status',
  'status_reason',
  'outcome',
  'flags',
  'note',
  'template',
  'message_subject',
  'message_body',
  'recording_ref',
  'detail',
] as const;

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (fields: ReadonlyArray<string | number | null | undefined>) => `${fields.map(csvField).join(',')}\r\n`;

/** What starts the file: the CSV header line, nothing for JSON Lines. */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? csvLine(CSV_COLUMNS) : '';
}

/** One record as one JSON line, or one CSV line (CRLF-terminated, as RFC 4180 has it). */
export function exportLine(format: ExportFormat, r: ExportRecord): string {
  if (format === 'jsonl') return `${JSON.stringify(r)}\n`;
  if (!('scheduledTime' in r)) return ledgerLine(r);
  return csvLine([
    r.kind,
    r.channel,
    r.id,
    r.customerId,
    r.loanId,
    r.purpose,
    r.scheduledTime,
    r.at,
    r.recipient,
    r.consent?.origin,
    r.consent?.type,
    r.consent?.source,
    r.consent ? JSON.stringify(r.consent) : null,
    r.catalogVersion,
    JSON.stringify(r.rules),
    r.decision?.verdict,
    r.decision?.at,
    r.decision?.reason,
    r.outcome.status,
    r.outcome.reason,
    JSON.stringify(r.outcome),
    r.flags.join(';'),
    r.note,
    r.message?.template,
    r.message?.subject,
    r.message?.body,
    r.recordingRef,
    null,
  ]);
}

/** A ledger record in the same columns: what it is, who, when, and its `detail` as JSON; the contact columns empty. */
function ledgerLine(r: LedgerRecord): string {
  const cells: Array<string | null> = CSV_COLUMNS.map(() => null);
  const set = (column: (typeof CSV_COLUMNS)[number], value: string | null) => {
    cells[CSV_COLUMNS.indexOf(column)] = value;
  };
  set('kind', r.kind);
  set('channel', r.channel);
  set('id', r.id);
  set('customer_id', r.customerId);
  set('loan_id', r.loanId);
  set('at', r.at);
  set('recipient', r.recipient);
  set('detail', JSON.stringify(r.detail));
  return csvLine(cells);
}
