#!/usr/bin/env bash
# The partner sandbox: Prism serves the contract's examples and validates requests (port 4010).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d contract-tests/node_modules ] || npm ci --prefix contract-tests --no-audit --no-fund
exec npx --prefix contract-tests prism mock generated/openapi.json --host 127.0.0.1 --port "${MOCK_PORT:-4010}"
