#!/usr/bin/env bash
# Runs the test layers. Every layer must report a non-zero number of executed tests:
# a layer that ran nothing fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
mkdir -p test-output
layer="${1:-all}"

banner() { printf '\n======== %s ========\n' "$*"; }
# require_count LAYER LOG REGEX: sums the first number of every line matching REGEX.
require_count() {
  local name=$1 log=$2 regex=$3 n
  n=$(grep -aoE "$regex" "$log" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
  if [ "$n" -eq 0 ]; then echo "FAIL: layer '$name' executed 0 tests" >&2; exit 1; fi
  echo "layer '$name': $n tests passed"
  echo "$name $n" >> test-output/counts.txt
}

lint() {
  banner "lint: rustfmt, clippy (host and wasm32)"
  cargo fmt --all --check
  cargo clippy --all-targets --quiet -- -D warnings
  cargo clippy --lib --target wasm32-unknown-unknown --quiet -- -D warnings
}

rust() {
  banner "cargo test (native)"
  cargo test --quiet 2>&1 | tee test-output/cargo-test.log
  require_count cargo test-output/cargo-test.log 'test result: ok\. [0-9]+ passed'
}

wasm() {
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
  banner "wasm-bindgen-test in Node"
  cargo test --target wasm32-unknown-unknown --test wasm 2>&1 | tee test-output/wasm-node.log
  require_count wasm-node test-output/wasm-node.log 'test result: ok\. [0-9]+ passed'
  banner "wasm-bindgen-test in headless Chrome"
  # Without WASM_BINDGEN_USE_BROWSER the runner uses Node and reports 0 browser tests.
  WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
    cargo test --target wasm32-unknown-unknown --test wasm 2>&1 | tee test-output/wasm-chrome.log
  grep -q 'headless' test-output/wasm-chrome.log || grep -qi 'chrome' test-output/wasm-chrome.log || {
    echo "FAIL: the browser run did not run in Chrome" >&2; exit 1; }
  require_count wasm-chrome test-output/wasm-chrome.log 'test result: ok\. [0-9]+ passed'
}

package() {
  banner "npm pack, install the tarball in a temp project, node --test"
  scripts/test-package.sh 2>&1 | tee test-output/package.log
  require_count package test-output/package.log '^# pass [0-9]+'
  # The same package tests on the other Node lines (scripts/test-package.sh; Linux x64).
  for tap in test-output/package-node*.tap; do
    [ -e "$tap" ] || continue
    require_count "$(basename "$tap" .tap)" "$tap" '^# pass [0-9]+'
  done
}

examples() {
  banner "examples: the demo and the two scripted agent loops (each asserts what it shows)"
  local passed=0 failed=0
  for example in examples/*.mjs; do
    if node "$example" > "test-output/$(basename "$example" .mjs).log" 2>&1; then
      echo "ok  $example"; passed=$((passed + 1))
    else
      echo "FAIL $example"; tail -n 20 "test-output/$(basename "$example" .mjs).log"; failed=$((failed + 1))
    fi
  done
  echo "examples: $passed passed, $failed failed" | tee test-output/examples.log
  [ "$failed" -eq 0 ] || exit 1
  require_count examples test-output/examples.log '[0-9]+ passed'
}

fuzz() {
  banner "fuzz smoke: every cargo-fuzz target for ~15 s (nightly)"
  scripts/fuzz.sh smoke 2>&1 | tee test-output/fuzz.log
  # Each target counts as one test: every target must report executions and no crash.
  local expected ran
  expected=$(cargo +nightly fuzz list | wc -l)
  ran=$(grep -cE '^[a-z_]+ +[0-9]+ executions in [0-9]+s, 0 crashes$' test-output/fuzz.log || true)
  if [ "$ran" -eq 0 ] || [ "$ran" -ne "$expected" ]; then
    echo "FAIL: layer 'fuzz' ran $ran of $expected targets" >&2; exit 1
  fi
  echo "layer 'fuzz': $ran targets fuzzed, 0 crashes"
  echo "fuzz $ran" >> test-output/counts.txt
}

case "$layer" in
  all)
    rm -f test-output/counts.txt
    lint; rust; wasm; scripts/build.sh; package; examples; fuzz
    banner "summary"; cat test-output/counts.txt ;;
  lint|rust|wasm|package|examples|fuzz) "$layer" ;;
  *) echo "unknown layer $layer" >&2; exit 2 ;;
esac
