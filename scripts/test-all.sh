#!/usr/bin/env bash
# The full test suite: every test on SQLite and on Postgres, then the contract checks
# (Dredd through Prism's validating proxy against the real server, and the Prism mock sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-postgres.sh
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
npx vitest run
bash contract-tests/run.sh
