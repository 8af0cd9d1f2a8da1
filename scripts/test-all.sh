#!/usr/bin/env bash
# The full test suite: every test on SQLite and on Postgres, then the contract checks
# (Dredd through Prism's validating proxy against the real server, and the Prism mock sandbox).
# Ends with one line "tests: N passed, N failed" over every stage; a stage that could not run is a
# failure there (scripts/test-summary.mjs), and the exit status is non-zero.
set -uo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT

if bash scripts/ensure-postgres.sh; then
  export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report/vitest.json"
  echo $? > "$report/vitest.exit"
else
  echo "Postgres could not be started: the test stage did not run" >&2
  echo 1 > "$report/vitest.exit"
fi

CONTRACT_REPORT="$report" bash contract-tests/run.sh
echo $? > "$report/contract.exit"

node scripts/test-summary.mjs "$report" vitest dredd prism-mock
summary=$?
contract=$(cat "$report/contract.exit")
[ "$summary" -eq 0 ] && [ "$contract" -eq 0 ] || exit 1
