#!/usr/bin/env bash
# Packs pkg/ exactly as npm would publish it, installs the tarball into a fresh project and
# runs the JS tests there, so `exports`, `types` and `files` are tested as users get them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/build/package-test
rm -rf "$work" build/tool-search-*.tgz test-output/package-node*.tap
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

# The tests that exercise the package from Node again on Node 24 (the LTS line) and 26 (the
# newest), installed from the npm registry into scripts/nodes (scripts/setup.sh): the core
# behaves the same on any host, but what loads and wires it (require of ES modules, the
# wasm read from disk, TextEncoder into wasm memory, FinalizationRegistry) is the host's, and
# the machine's Node 20 is past its end of life. The browser, bundler, runtime and type
# checks drive Chromium, Vite, webpack, Deno, Bun, workerd or tsc, where Node only hosts the
# tool, and run once above; every other test file (a new one too) runs on each. Each run
# must pass every test it starts (TAP "# fail 0") and start some. Only Linux x64 has these
# builds.
node_files=()
for file in *.test.mjs *.test.cjs; do
  case $file in
    browser.test.mjs|runtimes.test.mjs|playground.test.mjs|types.test.mjs) ;;
    *) node_files+=("$file") ;;
  esac
done
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "other Node lines: skipped (scripts/nodes holds Linux x64 builds only)"
  exit 0
fi
for line in 24 26; do
  bin="$root/scripts/nodes/node_modules/node$line/bin/node"
  [ -x "$bin" ] || { echo "FAIL: Node $line missing at $bin (run scripts/setup.sh)" >&2; exit 1; }
  log="$root/test-output/package-node$line.tap"
  printf '\n# Node %s\n' "$("$bin" --version)"
  TEST_OUTPUT="$root/test-output" "$bin" --test --test-reporter=tap "${node_files[@]}" > "$log" 2>&1 || {
    tail -n 40 "$log"; echo "FAIL: the package tests on Node $line" >&2; exit 1; }
  passed=$(grep -aoE '^# pass [0-9]+' "$log" | grep -oE '[0-9]+')
  grep -aqE '^# fail 0$' "$log" && [ "${passed:-0}" -gt 0 ] || {
    tail -n 40 "$log"; echo "FAIL: Node $line passed ${passed:-no} tests" >&2; exit 1; }
  echo "Node $line: $passed tests passed"
done
