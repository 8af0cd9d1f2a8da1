#!/usr/bin/env bash
# Smoke check of an installed checkout on whatever `node` is first on PATH (CI runs it on Node 22,
# the line the full suite does not run on): build as `npm start` does, migrate a fresh SQLite
# database, create a company, start `outreach serve` (API, workers, in-process voice simulator),
# enroll one test customer on the simulator's magic number 555-0100 (live conversation, transferred;
# docs/partners/sandbox.md), wait for the call to be placed and completed, read it back, stop the
# server with SIGTERM. Ends with "smoke: N passed, N failed" and exits non-zero on any failure.
# SMOKE_TIMEOUT_S bounds the wait for the call (default 90).
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
server=
cleanup() { [ -z "$server" ] || kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

passed=0 failed=0 since=$SECONDS
ok() { passed=$((passed + 1)); echo "smoke ok:     $* ($((SECONDS - since)) s)"; since=$SECONDS; }
fail() {
  failed=$((failed + 1)); echo "smoke FAILED: $*" >&2
  [ ! -s "$work/serve.log" ] || { echo "--- server log (last 30 lines)" >&2; tail -30 "$work/serve.log" >&2; }
  echo "smoke: $passed passed, $failed failed"; exit 1
}
json() { node -e 'const v = JSON.parse(process.argv[1]); console.log(eval("v" + process.argv[2]) ?? "")' "$@"; }

echo "smoke on node $(node --version)"
npm run -s build > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "npm run build"; }
ok "build"

port=$(node scripts/free-ports.mjs 1)
# A fresh database; the sandbox clock 15 s before 10:00 New York time on a weekday (Tue 2026-12-08):
# the scheduler plans whole minutes, so when the server is up within those 15 s the first call is due
# at 10:00, seconds after the enrollment (on a slow machine at 10:01). Signing secret and recordings
# stay in the work dir.
export DATABASE_URL="sqlite:$work/smoke.db" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn \
  OUTREACH_CLOCK=2026-12-08T14:59:45Z OUTREACH_SIGNING_SECRET=smoke-signing-secret-0123456789abcdef \
  OUTREACH_RECORDINGS_DIR="$work/recordings" OUTREACH_CALLS_POLL_MS=100 OUTREACH_SHUTDOWN_DELAY_MS=0
outreach() { node dist/src/main/cli.js "$@"; }

outreach migrate > "$work/migrate.log" 2>&1 || { cat "$work/migrate.log" >&2; fail "outreach migrate on a fresh SQLite database"; }
ok "migrate a fresh SQLite database"

created=$(outreach company create --name Smoke --json) || fail "outreach company create"
key=$(json "$created" .apiKey)
[ -n "$key" ] || fail "company create printed no apiKey: $created"
ok "company created"

# node itself in the background (not the shell function), so SIGTERM below reaches the server.
node dist/src/main/cli.js serve --no-migrate > "$work/serve.log" 2>&1 &
server=$!
api="http://127.0.0.1:$port"
for _ in $(seq 1 150); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$api/readyz")" = 200 ] && break
  kill -0 "$server" 2>/dev/null || fail "outreach serve exited while starting"
  sleep 0.2
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$api/readyz")" = 200 ] || fail "GET /readyz is not 200 after 30 s"
ok "serve: /readyz 200 on port $port"

enrolled=$(curl -s -w '\n%{http_code}' -X POST "$api/customers/schedule/sync" \
  -H "X-API-Key: $key" -H 'Content-Type: application/json' -H 'Idempotency-Key: smoke-1' \
  -d '{"scheduleMode":"enroll","taskType":"PendingLoanNewLead","id":"smoke-1","loanId":"loan-smoke-1",
       "firstName":"Ada","lastName":"Smoke","phoneNumber":"(212) 555-0100","timezone":"America/New_York","isTest":true}')
[ "$(tail -1 <<< "$enrolled")" = 200 ] || fail "enrollment: $enrolled"
scheduled=$(json "$(head -n -1 <<< "$enrolled")" .origination.scheduledCallId)
[ -n "$scheduled" ] || fail "enrollment returned no scheduled call: $enrolled"
ok "enrolled smoke-1 (scheduled call $scheduled)"

get() { curl -s -H "X-API-Key: $key" "$api$1"; }
deadline=$(($(date +%s) + ${SMOKE_TIMEOUT_S:-90}))
status=
while [ "$(date +%s)" -lt "$deadline" ]; do
  status=$(json "$(get "/scheduled-calls/$scheduled")" .status)
  case $status in completed | failed | skipped | cancelled) break ;; esac
  sleep 0.2
done
[ "$status" = completed ] || fail "scheduled call $scheduled is '$status', not completed, after ${SMOKE_TIMEOUT_S:-90} s"
call_id=$(json "$(get "/scheduled-calls/$scheduled")" .callId)
call=$(get "/calls/$call_id")
flags=$(json "$call" '.flags?.join(",")')
# 555-0100's outcome (docs/partners/sandbox.md): CONNECT, LIVE_CONNECT, RPC, SUCCESSFUL_TRANSFER.
[[ ",$flags," == *,SUCCESSFUL_TRANSFER,* ]] || fail "call $call_id has flags '$flags': $call"
listed=$(json "$(get /calls/customer/smoke-1)" '.map((c) => c.id).join(",")')
[ "$listed" = "$call_id" ] || fail "GET /calls/customer/smoke-1 lists '$listed', not $call_id"
ok "call placed on the voice simulator and read back ($call_id: $flags)"

kill -TERM "$server"
code=0
wait "$server" || code=$?
server=
[ "$code" -eq 0 ] || fail "outreach serve exited $code on SIGTERM"
ok "stopped on SIGTERM, exit 0"

echo "smoke: $passed passed, $failed failed"
