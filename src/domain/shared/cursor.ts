import { createHash } from 'node:crypto';
import type { KeysetAfter } from '../../store/shared/keyset.js';
import { InvalidInputError } from './errors.js';

/**
 * The opaque `cursor` of keyset paging (an extension beside `offset`): base64url JSON of the last
 * row's sort key and a tag of the list it belongs to. The tag binds a cursor to one list of one
 * company's customer, so a cursor pasted into another list is refused (400) rather than silently
 * starting somewhere else; the queries are company-scoped whatever the cursor says.
 */
export interface CursorScope {
  /** Which list: its sort key decides the shape of the cursor. */
  list: 'calls' | 'scheduled-calls' | 'emails' | 'texts' | 'inbound-messages';
  companyId: string;
  customerId: string;
  /** Types of the tie-breakers after the timestamp, in order. */
  ties: ReadonlyArray<'integer' | 'string'>;
}

/** Page size and start of a list request; `cursor` and a non-zero `offset` exclude each other. */
export interface PageRequest {
  limit?: number;
  offset?: number;
  cursor?: string;
}

const MAX_CURSOR_LENGTH = 1000;
const MAX_TIE_LENGTH = 255;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function scopeTag(scope: CursorScope): string {
  return createHash('sha256')
    .update(`${scope.list}\n${scope.companyId}\n${scope.customerId}`)
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(scope: CursorScope, after: KeysetAfter): string {
  return Buffer.from(JSON.stringify({ s: scopeTag(scope), k: [after.at, ...after.ties] })).toString('base64url');
}

/** The position a cursor names; InvalidInputError when it is malformed or issued for another list. */
export function decodeCursor(scope: CursorScope, cursor: string): KeysetAfter {
  const invalid = () =>
    new InvalidInputError(
      'Invalid cursor: pass the Next-Cursor value of the previous page of this list',
      'invalid_cursor',
    );
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof payload !== 'object' || payload === null) throw invalid();
  const { s, k } = payload as { s?: unknown; k?: unknown };
  if (s !== scopeTag(scope) || !Array.isArray(k) || k.length !== 1 + scope.ties.length) throw invalid();
  const [at, ...ties] = k as unknown[];
  if (typeof at !== 'string' || !isInstant(at)) throw invalid();
  const typed = ties.every((v, i) =>
    scope.ties[i] === 'integer'
      ? Number.isSafeInteger(v) && Math.abs(v as number) < 2 ** 31
      : typeof v === 'string' && v.length > 0 && v.length <= MAX_TIE_LENGTH,
  );
  if (!typed) throw invalid();
  return { at, ties: ties as Array<string | number> };
}

/** The offset a page request reads from, refusing a cursor combined with an offset. */
export function pageStart(page: PageRequest): number {
  if (page.cursor !== undefined && (page.offset ?? 0) !== 0)
    throw new InvalidInputError('Use either cursor or offset, not both', 'invalid_cursor');
  return page.offset ?? 0;
}

/** A real calendar instant in the forms the stores write (ISO 8601, UTC or with an offset). */
function isInstant(text: string): boolean {
  const m = INSTANT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute &&
    d.getUTCSeconds() === second
  );
}
