import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageStart, type CursorScope } from './cursor.js';
import { InvalidInputError } from './errors.js';

const SCOPE: CursorScope = {
  list: 'scheduled-calls',
  companyId: 'co-1',
  customerId: 'cust-1',
  ties: ['integer', 'string'],
};
const AFTER = { at: '2026-11-02T10:00:00.123456Z', ties: [3, 'b1c2'] };

describe('cursor', () => {
  it('decodes what it encoded, as URL-safe text', () => {
    const cursor = encodeCursor(SCOPE, AFTER);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(SCOPE, cursor)).toEqual(AFTER);
  });

  it.each([
    ['another list', { ...SCOPE, list: 'calls' as const }],
    ['another company', { ...SCOPE, companyId: 'co-2' }],
    ['another customer', { ...SCOPE, customerId: 'cust-2' }],
  ])('refuses a cursor of %s', (_, scope) => {
    expect(() => decodeCursor(scope, encodeCursor(SCOPE, AFTER))).toThrow(InvalidInputError);
  });

  const tagged = (k: unknown[]) => {
    const { s } = JSON.parse(Buffer.from(encodeCursor(SCOPE, AFTER), 'base64url').toString());
    return Buffer.from(JSON.stringify({ s, k })).toString('base64url');
  };

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['null', Buffer.from('null').toString('base64url')],
    ['a key too short', tagged(['2026-11-02T10:00:00Z', 3])],
    ['an impossible date', tagged(['2026-02-30T10:00:00Z', 3, 'x'])],
    ['hour 24', tagged(['2026-02-03T24:00:00Z', 3, 'x'])],
    ['a date in another form', tagged(['02/03/2026', 3, 'x'])],
    ['a fractional step', tagged(['2026-02-03T10:00:00Z', 1.5, 'x'])],
    ['an empty id', tagged(['2026-02-03T10:00:00Z', 1, ''])],
    ['too long', 'a'.repeat(1001)],
  ])('refuses a cursor that is %s', (_, cursor) => {
    expect(() => decodeCursor(SCOPE, cursor)).toThrow('Invalid cursor');
  });

  it('accepts the forms the databases hold: with a space, without fraction or zone', () => {
    expect(decodeCursor(SCOPE, tagged(['2026-02-03 10:00:00', 0, 'x'])).at).toBe('2026-02-03 10:00:00');
  });

  it('a cursor excludes a non-zero offset', () => {
    expect(pageStart({ offset: 5 })).toBe(5);
    expect(pageStart({ cursor: 'x', offset: 0 })).toBe(0);
    expect(() => pageStart({ cursor: 'x', offset: 1 })).toThrow('Use either cursor or offset, not both');
  });
});
