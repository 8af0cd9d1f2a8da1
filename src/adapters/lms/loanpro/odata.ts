/**
 * Reading LoanPro's OData v2 payloads: `{"d": …}` envelopes, nested collections as `{"results": […]}`,
 * lists as `{"d": {"results": […], "summary": {start, pageSize, total}}}`, dates as `/Date(<seconds>)/`,
 * enumerations as `prefix.value` strings, amounts as decimal strings. Every reader names the path of a
 * value it cannot read, so a malformed payload gives a clear error.
 */
export class MalformedPayload extends Error {}

type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(path: string, expected: string, got: unknown): never {
  throw new MalformedPayload(`${path} must be ${expected} (got ${JSON.stringify(got)?.slice(0, 40) ?? 'undefined'})`);
}

/** The entity inside `{"d": …}`. */
export function unwrap(body: unknown): Obj {
  if (!isObject(body) || !isObject(body.d)) fail('d', 'an object', isObject(body) ? body.d : body);
  return body.d;
}

/** A nested single entity (PrimaryAddress, LoanSetup…); undefined when absent or null. */
export function entity(parent: Obj, key: string, path: string): Obj | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) fail(`${path}.${key}`, 'an object', v);
  if (isObject(v.__deferred)) return undefined; // not expanded
  return v;
}

/** A nested collection: `{"results": […]}` (a bare array is tolerated). */
export function collection(parent: Obj, key: string, path: string): Obj[] {
  const v = parent[key];
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : isObject(v) && !isObject(v.__deferred) ? v.results : [];
  if (!Array.isArray(list)) fail(`${path}.${key}.results`, 'an array', list);
  return list.map((item, i) => (isObject(item) ? item : fail(`${path}.${key}.results[${i}]`, 'an object', item)));
}

/** A text field; empty text counts as absent. */
export function text(o: Obj, key: string, path: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(`${path}.${key}`, 'a string', v);
  const t = v.trim();
  return t === '' ? undefined : t;
}

/** LoanPro's "no date": `/Date(-62169984000)/`, PHP's timestamp of the MySQL zero date `0000-00-00`. */
export const NO_DATE = '/Date(-62169984000)/';

/** 0001-01-01T00:00:00Z in seconds: an earlier instant (year 0 or before) is never a real date, only the zero date in some zone. */
const FIRST_REAL_DAY = -62135596800;

/**
 * `/Date(1510185600)/` (seconds since the epoch, optional offset) → `YYYY-MM-DD` in UTC. LoanPro's
 * "no date" (the zero date, {@link NO_DATE}, in any zone) and JSON null are null: LoanPro says there
 * is no such date. Undefined: the field is absent.
 */
export function date(o: Obj, key: string, path: string): string | null | undefined {
  if (o[key] === null) return null;
  const v = text(o, key, path);
  if (v === undefined) return undefined;
  const m = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(v);
  if (!m) fail(`${path}.${key}`, 'a /Date(seconds)/ value', v);
  const seconds = Number(m[1]);
  if (seconds < FIRST_REAL_DAY) return null;
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) fail(`${path}.${key}`, 'a /Date(seconds)/ value', v);
  return d.toISOString().slice(0, 10);
}

/** A decimal written as a string or a number → a finite number. */
export function decimal(o: Obj, key: string, path: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n)) fail(`${path}.${key}`, 'a decimal number', v);
  return n;
}

export function integer(o: Obj, key: string, path: string): number | undefined {
  const n = decimal(o, key, path);
  if (n !== undefined && !Number.isSafeInteger(n)) fail(`${path}.${key}`, 'an integer', o[key]);
  return n;
}

/** LoanPro flags: 1/0, "1"/"0" or booleans. */
export function flag(o: Obj, key: string, path: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (v === 1 || v === '1' || v === true) return true;
  if (v === 0 || v === '0' || v === false) return false;
  fail(`${path}.${key}`, '1, 0 or a boolean', v);
}

/** The value of an enumeration (`geo.state.NY` → `NY`, `loan.type.installment` → `installment`). */
export function enumValue(o: Obj, key: string, path: string): string | undefined {
  const v = text(o, key, path);
  return v === undefined ? undefined : v.slice(v.lastIndexOf('.') + 1) || undefined;
}

/** An entity id (LoanPro sends integers). */
export function id(o: Obj, path: string): string {
  const v = o.id;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return v;
  fail(`${path}.id`, 'an integer id', v);
}

/** One page of a LoanPro list: `{"d": {"results": […], "summary": {"start", "pageSize", "total"}}}`. */
export interface ListPage {
  results: Obj[];
  /** Absent when LoanPro sends none. */
  summary?: { start: number; pageSize: number; total: number };
}

export function listPage(body: unknown): ListPage {
  const d = unwrap(body);
  if (!Array.isArray(d.results)) fail('d.results', 'an array', d.results);
  const results = d.results.map((item, i) => (isObject(item) ? item : fail(`d.results[${i}]`, 'an object', item)));
  if (d.summary === undefined || d.summary === null) return { results };
  if (!isObject(d.summary)) fail('d.summary', 'an object', d.summary);
  const count = (key: string) => {
    const v = (d.summary as Obj)[key];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail(`d.summary.${key}`, 'a count', v);
  };
  return { results, summary: { start: count('start'), pageSize: count('pageSize'), total: count('total') } };
}
