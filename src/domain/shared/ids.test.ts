import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const madeAt = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newId', () => {
  it('issues distinct UUIDs of version 7 that carry the millisecond they were made in front, so later ids sort after earlier ones', async () => {
    const before = Date.now();
    const first = Array.from({ length: 5_000 }, () => newId()); // more than one pool of random bytes
    await new Promise((r) => setTimeout(r, 5));
    const later = newId();
    const after = Date.now();
    for (const id of [...first, later]) expect(id).toMatch(UUID_V7);
    expect(new Set(first).size).toBe(first.length);
    for (const id of first) expect(madeAt(id)).toBeGreaterThanOrEqual(before);
    expect(first.map(madeAt)).toEqual([...first.map(madeAt)].sort((a, b) => a - b)); // by millisecond, in order
    for (const id of first) expect(later > id).toBe(true);
    expect(madeAt(later)).toBeLessThanOrEqual(after);
  });
});
