import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// scripts/test-summary.mjs prints the test command's last lines; CI keeps only the tail of the
// output, so those lines must name what failed, not only count it.
function summarize(files: Record<string, string>, stages: string[]): { out: string; status: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    try {
      return {
        out: execFileSync(process.execPath, ['scripts/test-summary.mjs', dir, ...stages], { encoding: 'utf8' }),
        status: 0,
      };
    } catch (e) {
      const err = e as { stdout: string; status: number };
      return { out: err.stdout, status: err.status };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 0,
  testResults: [
    {
      name: path.resolve('test/a.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { status: 'passed', fullName: 'a passes', failureMessages: [] },
        {
          status: 'failed',
          fullName: 'a breaks',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at stack'],
        },
      ],
    },
    {
      name: path.resolve('test/b.test.ts'),
      status: 'failed',
      message: 'Error: cannot load x\nmore',
      assertionResults: [],
    },
  ],
};

describe('the test summary', () => {
  it('names each failing test and each file that could not run, then counts every stage', () => {
    const { out, status } = summarize(
      {
        'vitest.json': JSON.stringify(vitestReport),
        'vitest.exit': '1',
        'dredd.count': '140 passed, 0 failed',
        'dredd.exit': '0',
      },
      ['vitest', 'dredd', 'prism-mock'],
    );
    expect(status).toBe(1);
    expect(out).toContain('vitest FAILED test/a.test.ts > a breaks: AssertionError: expected 1 to be 2');
    expect(out).not.toContain('at stack');
    expect(out).toContain('vitest FAILED test/b.test.ts: Error: cannot load x');
    expect(out).not.toContain('a passes');
    expect(out).toContain('prism-mock: could not run');
    expect(out.trim().split('\n').pop()).toBe('tests: 143 passed, 3 failed, 2 skipped');
  });

  it('ends with zero failed and exits 0 when every stage passed', () => {
    const { out, status } = summarize({ 'dredd.count': '5 passed, 0 failed', 'dredd.exit': '0' }, ['dredd']);
    expect(status).toBe(0);
    expect(out).not.toContain('FAILED');
    expect(out.trim().split('\n').pop()).toBe('tests: 5 passed, 0 failed');
  });
});
