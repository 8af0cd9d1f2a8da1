import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES } from '../support/slow-first.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the slow-first test order (vitest.config.ts)', () => {
  it('names only test files that exist, so a renamed slow file is not silently left to run last', () => {
    expect(SLOW_FILES.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });
});
