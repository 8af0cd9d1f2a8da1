import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('batch row types of the generated types and the typed client', () => {
  it(
    'reject a misspelled row, a string customer and 42 as a loan at compile time (test/type-checks/batch-rows.ts)',
    { timeout: 120_000 },
    async () => {
      // tsc over the one check file (and what it imports), not the whole project: a few seconds.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'row-types-'));
      const config = path.join(dir, 'tsconfig.json');
      const base = path.resolve('tsconfig.json');
      fs.writeFileSync(
        config,
        JSON.stringify({
          extends: base,
          compilerOptions: { noEmit: true, rootDir: path.resolve('.') },
          include: [],
          files: [path.resolve('test/type-checks/batch-rows.ts')],
        }),
      );
      try {
        const result = await run(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', config], {
          timeout: 110_000,
        }).then(
          () => ({ code: 0, out: '' }),
          (err: { code?: number; stdout?: string }) => ({ code: err.code ?? 1, out: err.stdout ?? '' }),
        );
        expect(result.out).toBe('');
        expect(result.code).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
