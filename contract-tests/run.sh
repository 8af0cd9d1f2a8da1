#!/usr/bin/env bash
# Contract checks against the real server and the Prism sandbox:
#  1. the app on a throw-away SQLite database, a company and key made with the CLI;
#  2. Dredd runs every documented transaction through `prism proxy --errors`, which validates each
#     real response against the contract (Dredd alone does not check OpenAPI 3 response types);
#  3. the Prism mock answers every operation with a spec-valid example (check-mock.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d contract-tests/node_modules ] || npm ci --prefix contract-tests --no-audit --no-fund

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

APP_PORT=${CONTRACT_APP_PORT:-3917}; PROXY_PORT=${CONTRACT_PROXY_PORT:-4011}; MOCK_PORT=${CONTRACT_MOCK_PORT:-4010}
export DATABASE_URL="sqlite:$work/contract.db" PORT=$APP_PORT HOST=127.0.0.1 LOG_LEVEL=error
# Calls (call-fixtures.cjs): a weekday morning in New York, the embedded voice simulator, a known link secret.
export OUTREACH_CLOCK=2026-12-08T14:59:30Z OUTREACH_SIGNING_SECRET=contract-signing-secret-0123456789 OUTREACH_RECORDINGS_DIR="$work/recordings" OUTREACH_CALLS_POLL_MS=100
outreach() { node --import tsx src/cli.ts "$@"; }
bin=contract-tests/node_modules/.bin

free_port() { # port — a leftover server on a fixed port would silently answer instead of ours
  if curl -s -o /dev/null "http://127.0.0.1:$1/"; then echo "port $1 is already in use" >&2; exit 1; fi
}
for p in "$APP_PORT" "$PROXY_PORT" "$MOCK_PORT"; do free_port "$p"; done

wait_for() { # url
  for _ in $(seq 1 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.2; done
  echo "timed out waiting for $1" >&2; return 1
}

created=$(outreach company create --name "Contract Tests" --json)
API_KEY=$(node -e 'console.log(JSON.parse(process.argv[1]).apiKey)' "$created")
COMPANY_ID=$(node -e 'console.log(JSON.parse(process.argv[1]).companyId)' "$created")
node --import tsx src/cli.ts serve > "$work/app.log" 2>&1 & pids+=($!)
wait_for "http://127.0.0.1:$APP_PORT/healthz"

"$bin/prism" proxy generated/openapi.json "http://127.0.0.1:$APP_PORT" --errors --host 127.0.0.1 --port "$PROXY_PORT" > "$work/proxy.log" 2>&1 & pids+=($!)
wait_for "http://127.0.0.1:$PROXY_PORT/healthz"

NOT_IMPLEMENTED=$(node --import tsx -e 'import("./src/handlers/not-implemented.ts").then(m => console.log(m.NOT_YET_IMPLEMENTED.join(",")))')
export APP_URL="http://127.0.0.1:$APP_PORT" API_KEY COMPANY_ID NOT_IMPLEMENTED

summarize() { # log → one "name: N passed, N failed" line for the caller's summary
  [ -n "${CONTRACT_SUMMARY:-}" ] || return 0
  sed -nE 's/.*complete.*: ([0-9]+) passing, ([0-9]+) failing.*/dredd: \1 passed, \2 failed/p; s/^(prism-mock: [0-9]+ passed, [0-9]+ failed)/\1/p' "$1" >> "$CONTRACT_SUMMARY"
}

echo "== Dredd through prism proxy --errors"
dredd_status=0
"$bin/dredd" generated/openapi.json "http://127.0.0.1:$PROXY_PORT" --hookfiles=contract-tests/hooks.cjs --loglevel=warning --reporter=dot \
  2> >(grep -v "API description parser warning\|padLevels\|trace-warnings" >&2) | tee "$work/dredd.log" || dredd_status=$?
summarize "$work/dredd.log"
if [ "$dredd_status" -ne 0 ]; then
  echo "--- prism proxy log (violations)"; grep -iE "violation|error" "$work/proxy.log" | tail -40 || true
  echo "--- app log"; tail -20 "$work/app.log"
  exit 1
fi

echo "== Prism mock sandbox"
"$bin/prism" mock generated/openapi.json --host 127.0.0.1 --port "$MOCK_PORT" > "$work/mock.log" 2>&1 & pids+=($!)
wait_for "http://127.0.0.1:$MOCK_PORT/healthz"
node contract-tests/check-mock.mjs "http://127.0.0.1:$MOCK_PORT" | tee "$work/check-mock.log" || { summarize "$work/check-mock.log"; exit 1; }
summarize "$work/check-mock.log"
