import { describe, expect, it } from 'vitest';
import type { ContactRecord, LedgerRecord } from './contact-export.js';
import { CSV_COLUMNS, csvField, exportHeader, exportLine } from './export-format.js';

/** A minimal RFC 4180 reader: enough to prove the writer's quoting round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const record: ContactRecord = {
  kind: 'not_attempted',
  channel: 'call',
  id: 'sc-1',
  customerId: 'c,"1"',
  loanId: null,
  purpose: 'collections',
  scheduledTime: '2026-12-08T15:00:00.000Z',
  at: '2026-12-08T15:00:05.000Z',
  recipient: '+12125550100',
  consent: {
    origin: 'company-default',
    type: 'express',
    source: 'supplied_by_lender',
    capturedAt: null,
    evidenceRef: null,
    consentEventId: null,
  },
  rules: [
    {
      rule: 'calling-window',
      source: 'TCPA 47 CFR 64.1200(c)(1)',
      verdict: 'block',
      detail: 'outside 08:00–21:00, "local"\nline two',
      until: null,
    },
  ],
  catalogVersion: '2026-11-26.1',
  decision: { verdict: 'refused', at: '2026-12-08T15:00:05.000Z', reason: 'Not allowed, at all' },
  outcome: { status: 'skipped', reason: 'Not allowed, at all' },
  flags: ['A', 'B'],
  message: null,
  recordingRef: 'call-1.wav',
  note: null,
};

describe('export format', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    ['', ''],
  ])('csvField(%j) = %j', (input, out) => {
    expect(csvField(input)).toBe(out);
  });

  it('null and undefined are empty fields', () => {
    expect([csvField(null), csvField(undefined), csvField(3)]).toEqual(['', '', '3']);
  });

  it('a CSV line with commas, quotes and newlines reads back field for field under the header', () => {
    const [header, line] = parseCsv(exportHeader('csv') + exportLine('csv', record));
    expect(header).toEqual([...CSV_COLUMNS]);
    const row = Object.fromEntries(header.map((h, i) => [h, line[i]]));
    expect(line).toHaveLength(CSV_COLUMNS.length);
    expect(row.customer_id).toBe('c,"1"');
    expect(JSON.parse(row.rules)).toEqual(record.rules);
    expect(JSON.parse(row.consent)).toEqual(record.consent);
    expect(row).toMatchObject({
      consent_origin: 'company-default',
      decision: 'refused',
      decision_reason: 'Not allowed, at all',
      flags: 'A;B',
      loan_id: '',
      note: '',
      recording_ref: 'call-1.wav',
      detail: '',
    });
  });

  it('a ledger record fills who, when and its detail (JSON); the contact columns stay empty', () => {
    const ledger: LedgerRecord = {
      kind: 'consent_event',
      channel: 'sms',
      id: 'ev-1',
      customerId: 'c1',
      loanId: null,
      at: '2026-12-08T17:05:00.000Z',
      recipient: '+12125550100',
      detail: { action: 'revoke', source: 'inbound_text', evidenceRef: 'STOP, please' },
    };
    const [header, line] = parseCsv(exportHeader('csv') + exportLine('csv', ledger));
    const row = Object.fromEntries(header.map((h, i) => [h, line[i]]));
    expect(line).toHaveLength(CSV_COLUMNS.length);
    expect(row).toMatchObject({ kind: 'consent_event', channel: 'sms', id: 'ev-1', at: ledger.at, rules: '' });
    expect(JSON.parse(row.detail)).toEqual(ledger.detail);
  });

  it('JSON Lines: one record per line, no header', () => {
    expect(exportHeader('jsonl')).toBe('');
    const line = exportLine('jsonl', record);
    expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    expect(JSON.parse(line)).toEqual(record);
  });
});
