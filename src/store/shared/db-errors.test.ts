import { describe, expect, it } from 'vitest';
import { isTransient } from './db-errors.js';

describe('isTransient: worth a retry (503), nothing committed', () => {
  it.each([
    ['SQLITE_BUSY', true],
    ['SQLITE_BUSY_SNAPSHOT', true], // read before another process's commit, then wrote
    ['SQLITE_BUSY_TIMEOUT', true],
    ['SQLITE_LOCKED', true],
    ['SQLITE_LOCKED_SHAREDCACHE', true],
    ['SQLITE_BUSYNESS', false],
    ['SQLITE_CONSTRAINT_UNIQUE', false],
    ['40001', true], // serialization failure
    ['57P01', true], // admin shutdown
    ['23505', false], // unique violation: the request's own conflict
    ['22001', false], // value too long: the input's fault
  ])('%s → %s', (code, transient) => {
    expect(isTransient(Object.assign(new Error('x'), { code }))).toBe(transient);
  });
});
