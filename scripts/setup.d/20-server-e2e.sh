#!/usr/bin/env bash
# npm packages of the independent LSP client (vscode-jsonrpc + vscode-languageserver-protocol) used by
# the server's end-to-end tests in tests/e2e. Idempotent: skipped when installed from the same lock file.
set -euo pipefail
cd "$(dirname "$0")/../../tests/e2e"
if ! command -v npm >/dev/null; then
  echo "20-server-e2e: npm is required for tests/e2e (Node 20 + npm)" >&2
  exit 1
fi
stamp=node_modules/.installed-from-lock
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > "$stamp"
fi
