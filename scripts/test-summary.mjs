// The test command's last line: "tests: N passed, N failed" over every stage.
// Usage: node scripts/test-summary.mjs <report-dir> <stage>...
// Each stage leaves <stage>.exit (its exit status) and, when it ran tests, <stage>.count
// ("N passed, N failed") or vitest's <stage>.json. A stage with no count could not run and counts as
// one failure; a stage that exited non-zero with no failing test counts as one failure too.
import fs from 'node:fs';
import path from 'node:path';

const [dir, ...stages] = process.argv.slice(2);
const read = (name) => {
  try {
    return fs.readFileSync(path.join(dir, name), 'utf8');
  } catch {
    return null;
  }
};
let passed = 0,
  failed = 0,
  skipped = 0;
const notes = [];
for (const stage of stages) {
  let count = null;
  const json = read(`${stage}.json`);
  if (json) {
    try {
      const v = JSON.parse(json);
      // A file that failed with no failing test in it (it could not load, or a hook threw) counts as
      // one failure; a file failing because of its tests is counted by those tests only.
      const brokenFiles = (v.testResults ?? []).filter(
        (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
      ).length;
      count = {
        passed: v.numPassedTests,
        failed: v.numFailedTests + brokenFiles,
        skipped: v.numPendingTests + v.numTodoTests,
      };
      // Name every failure here too: CI keeps only the tail of the output, and a count alone
      // cannot say which test broke.
      for (const f of v.testResults ?? []) {
        const file = path.relative(process.cwd(), f.name);
        const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
        if (f.status === 'failed' && failedTests.length === 0)
          notes.push(`${stage} FAILED ${file}: ${(f.message ?? '').split('\n')[0].slice(0, 200)}`);
        for (const a of failedTests)
          notes.push(
            `${stage} FAILED ${file} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`,
          );
      }
    } catch {
      /* unreadable report: counted below as a stage that could not run */
    }
  }
  const text = read(`${stage}.count`);
  const m = text?.match(/(\d+) passed, (\d+) failed/);
  if (m) count = { passed: +m[1], failed: +m[2], skipped: 0 };
  const exit = Number((read(`${stage}.exit`) ?? 'missing').trim());
  if (!count) {
    failed += 1;
    notes.push(`${stage}: could not run (exit ${Number.isNaN(exit) ? 'unknown' : exit}); counted as 1 failure`);
    continue;
  }
  passed += count.passed;
  failed += count.failed;
  skipped += count.skipped;
  if (exit !== 0 && count.failed === 0) {
    failed += 1;
    notes.push(`${stage}: exited ${Number.isNaN(exit) ? 'unknown' : exit} with no failing test; counted as 1 failure`);
  }
  notes.push(
    `${stage}: ${count.passed} passed, ${count.failed} failed${count.skipped ? `, ${count.skipped} skipped` : ''}`,
  );
}
console.log('');
for (const n of notes) console.log(`  ${n}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
