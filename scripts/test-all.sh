#!/usr/bin/env bash
# The full test suite: every test on SQLite and on Postgres, then the contract checks
# (Dredd through Prism's validating proxy against the real server, and the Prism mock sandbox).
# Ends with one line "tests: N passed, N failed" over all three.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-postgres.sh
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT

status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report/vitest.json" || status=$?
CONTRACT_SUMMARY="$report/contract.txt" bash contract-tests/run.sh || status=$?

node -e '
  const fs = require("fs");
  const v = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  let passed = v.numPassedTests, failed = v.numFailedTests;
  const c = fs.existsSync(process.argv[2]) ? fs.readFileSync(process.argv[2], "utf8") : "";
  for (const m of c.matchAll(/(\d+) passed, (\d+) failed/g)) { passed += +m[1]; failed += +m[2]; }
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
' "$report/vitest.json" "$report/contract.txt" || true
exit $status
