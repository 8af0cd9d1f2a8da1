import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('issues UUIDs of version 7 that sort in the order they were made, with the time they were made in front', () => {
    const before = Date.now();
    const ids = Array.from({ length: 5_000 }, () => newId());
    const after = Date.now();
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids); // many share a millisecond: still in order
    const madeAt = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(madeAt(ids[0]!)).toBeGreaterThanOrEqual(before);
    expect(madeAt(ids.at(-1)!)).toBeLessThanOrEqual(after);
  });
});
