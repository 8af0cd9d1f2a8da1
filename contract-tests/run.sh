#!/usr/bin/env bash
# Contract checks against the real server and the Prism sandbox:
#  1. the app on a throw-away SQLite database, a company and key made with the CLI;
#  2. Dredd runs every documented transaction through `prism proxy --errors`, which validates each
#     real response against the contract (Dredd alone does not check OpenAPI 3 response types);
#  3. the Prism mock answers every operation with a spec-valid example (check-mock.mjs).
# Ports are free ones picked at start (CONTRACT_APP_PORT / CONTRACT_PROXY_PORT / CONTRACT_MOCK_PORT
# override them). With CONTRACT_REPORT=<dir>, each stage leaves <stage>.count ("N passed, N failed")
# and <stage>.exit there for scripts/test-summary.mjs; a stage that never ran leaves no count.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d contract-tests/node_modules ] || npm ci --prefix contract-tests --no-audit --no-fund

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

mapfile -t free < <(node scripts/free-ports.mjs 3)
APP_PORT=${CONTRACT_APP_PORT:-${free[0]}}; PROXY_PORT=${CONTRACT_PROXY_PORT:-${free[1]}}; MOCK_PORT=${CONTRACT_MOCK_PORT:-${free[2]}}
export DATABASE_URL="sqlite:$work/contract.db" PORT=$APP_PORT HOST=127.0.0.1 LOG_LEVEL=error
# Calls (call-fixtures.cjs): a weekday morning in New York, the embedded voice simulator, a known link secret.
export OUTREACH_CLOCK=2026-12-08T14:59:30Z OUTREACH_SIGNING_SECRET=contract-signing-secret-0123456789 OUTREACH_RECORDINGS_DIR="$work/recordings" OUTREACH_CALLS_POLL_MS=100
outreach() { node --import tsx src/main/cli.ts "$@"; }
bin=contract-tests/node_modules/.bin

not_in_use() { # port — a leftover server on a given port would silently answer instead of ours
  if curl -s -o /dev/null "http://127.0.0.1:$1/"; then echo "port $1 is already in use" >&2; exit 1; fi
}
for p in "$APP_PORT" "$PROXY_PORT" "$MOCK_PORT"; do not_in_use "$p"; done

wait_for() { # url pid
  for _ in $(seq 1 300); do # 60 s: a loaded CI box starts slowly
    curl -s -o /dev/null "$1" && return 0
    kill -0 "$2" 2>/dev/null || { echo "the process serving $1 exited" >&2; return 1; }
    sleep 0.2
  done
  echo "timed out waiting for $1" >&2; return 1
}
record() { # stage exit-status [log] — the stage's count line and exit status for the caller's summary
  [ -n "${CONTRACT_REPORT:-}" ] || return 0
  echo "$2" > "$CONTRACT_REPORT/$1.exit"
  [ -n "${3:-}" ] || return 0
  case $1 in
    dredd) sed -E 's/\x1b\[[0-9;]*m//g' "$3" | sed -nE 's/.*complete: ([0-9]+) passing, ([0-9]+) failing, ([0-9]+) errors.*/\1 \2 \3/p' | tail -1 |
             awk '{ print $1 " passed, " $2 + $3 " failed" }' > "$CONTRACT_REPORT/dredd.count" ;;
    prism-mock) sed -nE 's/^prism-mock: ([0-9]+ passed, [0-9]+ failed).*/\1/p' "$3" | tail -1 > "$CONTRACT_REPORT/prism-mock.count" ;;
  esac
  [ -s "$CONTRACT_REPORT/$1.count" ] || rm -f "$CONTRACT_REPORT/$1.count"
}

created=$(outreach company create --name "Contract Tests" --json)
API_KEY=$(node -e 'console.log(JSON.parse(process.argv[1]).apiKey)' "$created")
COMPANY_ID=$(node -e 'console.log(JSON.parse(process.argv[1]).companyId)' "$created")
node --import tsx src/main/cli.ts serve > "$work/app.log" 2>&1 & app_pid=$!; pids+=($app_pid)
wait_for "http://127.0.0.1:$APP_PORT/healthz" "$app_pid" || { cat "$work/app.log" >&2; exit 1; }

"$bin/prism" proxy generated/openapi.json "http://127.0.0.1:$APP_PORT" --errors --host 127.0.0.1 --port "$PROXY_PORT" > "$work/proxy.log" 2>&1 & proxy_pid=$!; pids+=($proxy_pid)
wait_for "http://127.0.0.1:$PROXY_PORT/healthz" "$proxy_pid" || { tail -20 "$work/proxy.log" >&2; exit 1; }

NOT_IMPLEMENTED=$(node --import tsx -e 'import("./src/handlers/not-implemented.ts").then(m => console.log(m.NOT_YET_IMPLEMENTED.join(",")))')
export APP_URL="http://127.0.0.1:$APP_PORT" API_KEY COMPANY_ID NOT_IMPLEMENTED

echo "== Dredd through prism proxy --errors (app :$APP_PORT, proxy :$PROXY_PORT)"
dredd_status=0
"$bin/dredd" generated/openapi.json "http://127.0.0.1:$PROXY_PORT" --hookfiles=contract-tests/hooks.cjs --loglevel=warning --reporter=dot \
  2> >(grep -v "API description parser warning\|padLevels\|trace-warnings" >&2) | tee "$work/dredd.log" || dredd_status=$?
record dredd "$dredd_status" "$work/dredd.log"
if [ "$dredd_status" -ne 0 ]; then
  echo "--- prism proxy log (violations)"; grep -iE "violation|error" "$work/proxy.log" | tail -40 || true
  echo "--- app log"; tail -20 "$work/app.log"
fi

echo "== Prism mock sandbox (:$MOCK_PORT)"
"$bin/prism" mock generated/openapi.json --host 127.0.0.1 --port "$MOCK_PORT" > "$work/mock.log" 2>&1 & mock_pid=$!; pids+=($mock_pid)
wait_for "http://127.0.0.1:$MOCK_PORT/healthz" "$mock_pid" || { tail -20 "$work/mock.log" >&2; exit 1; }
mock_status=0
node contract-tests/check-mock.mjs "http://127.0.0.1:$MOCK_PORT" | tee "$work/check-mock.log" || mock_status=$?
record prism-mock "$mock_status" "$work/check-mock.log"
[ "$dredd_status" -eq 0 ] && [ "$mock_status" -eq 0 ]
