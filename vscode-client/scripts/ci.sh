#!/usr/bin/env bash
# The extension's CI: strict type-check and bundle, unit tests, .vsix package, then the end-to-end
# test in real VS Code (code-server + headless Chromium). Needs scripts/setup.d/30-vscode-client.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
version="$(node -p 'require("./package.json").version')"

echo "== vscode-client: build (tsc --strict, esbuild)"
npm run --silent build
echo "== vscode-client: unit tests"
npx vitest run
echo "== vscode-client: package"
rm -f ./*.vsix
npm run --silent package
echo "== vscode-client: end-to-end test in code-server"
node e2e/run.mjs "longdoc-$version.vsix"
