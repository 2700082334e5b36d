#!/usr/bin/env bash
# Packs pkg/ exactly as npm would publish it, installs the tarball into a fresh project and
# runs the JS tests there, so `exports`, `types` and `files` are tested as users get them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/build/package-test
rm -rf "$work" build/tool-search-*.tgz
mkdir -p "$work/fixtures" test-output
tarball=$(cd pkg && npm pack --pack-destination "$root/build" --silent | tail -n 1)
printf 'tarball: %s, %s bytes\n' "$tarball" "$(wc -c < "build/$tarball")"
cd "$work"
echo '{ "name": "package-test", "private": true, "type": "module" }' > package.json
npm install --no-audit --no-fund --loglevel=error "$root/build/$tarball"
cp "$root"/tests/js/*.test.* "$root"/tests/js/churn-workload.mjs .
cp "$root/samples/catalog.json" fixtures/
cp -r "$root/tests/types" types
cp -r "$root/tests/runtimes" runtimes
cp -r "$root/playground" playground
# playwright-core, typescript, the MCP servers, Vite, webpack, Deno and Bun resolve from the
# repository's node_modules (a parent folder).
TEST_OUTPUT="$root/test-output" node --test --test-reporter=tap 2>&1
