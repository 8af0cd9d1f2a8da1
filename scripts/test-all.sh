#!/usr/bin/env bash
# The full test suite: every test on SQLite and on Postgres, and the contract checks (Dredd through
# Prism's validating proxy against the real server, and the Prism mock sandbox).
# Ends with one line "tests: N passed, N failed" over every stage; a stage that could not run is a
# failure there (scripts/test-summary.mjs), and the exit status is non-zero.
set -uo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp -d)
contract_pid=
trap '[ -z "$contract_pid" ] || kill "$contract_pid" 2>/dev/null; rm -rf "$report"' EXIT

# The contract checks run alongside vitest, their output shown after it: most of their time is
# waiting (server and Prism start-up, the call fixture's clock reaching 10:00, Dredd's requests one
# at a time), as is most of the test files'. Their ports are picked below the kernel's ephemeral
# range, so no connection a test opens meanwhile can take one before the contract servers listen.
contract_ports=$(
  node -e '
    const net = require("node:net");
    let low = 32768;
    try { low = Number(require("node:fs").readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0]) || low; } catch {}
    const free = (port) => new Promise((r) => { const s = net.createServer(); s.once("error", () => r(false)); s.listen(port, "127.0.0.1", () => s.close(() => r(true))); });
    (async () => {
      const ports = [];
      while (ports.length < 3) {
        const port = 10000 + Math.floor(Math.random() * (low - 10000));
        if (!ports.includes(port) && (await free(port))) ports.push(port);
      }
      console.log(ports.join(" "));
    })();'
)
read -r app_port proxy_port mock_port <<< "$contract_ports"
(
  export CONTRACT_APP_PORT=${CONTRACT_APP_PORT:-$app_port} CONTRACT_PROXY_PORT=${CONTRACT_PROXY_PORT:-$proxy_port} \
    CONTRACT_MOCK_PORT=${CONTRACT_MOCK_PORT:-$mock_port}
  CONTRACT_REPORT="$report" bash contract-tests/run.sh > "$report/contract.log" 2>&1
  echo $? > "$report/contract.exit"
) &
contract_pid=$!

if bash scripts/ensure-postgres.sh; then
  export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report/vitest.json"
  echo $? > "$report/vitest.exit"
else
  echo "Postgres could not be started: the test stage did not run" >&2
  echo 1 > "$report/vitest.exit"
fi

wait "$contract_pid"
contract_pid=
echo
echo "== contract checks (ran alongside the tests)"
cat "$report/contract.log"

node scripts/test-summary.mjs "$report" vitest dredd prism-mock
summary=$?
contract=$(cat "$report/contract.exit" 2> /dev/null || echo 1)
[ "$summary" -eq 0 ] && [ "$contract" -eq 0 ] || exit 1
