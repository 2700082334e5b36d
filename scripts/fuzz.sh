#!/usr/bin/env bash
# Runs every cargo-fuzz target for a fixed time and prints executions per target.
#   scripts/fuzz.sh smoke      ~15 s per target (CI; part of `scripts/test.sh all`)
#   scripts/fuzz.sh long [S]   S seconds per target (default 300) — the figures in the README
# Fails on any crash; crashing inputs are left in fuzz/artifacts/<target>/.
#
# Corpora: fuzz/seeds/<target>/ is committed (at most ~100 small inputs per target, minimised
# from long runs with libFuzzer's -merge) and only read; what a run discovers goes to the
# ignored fuzz/corpus/<target>/, so a smoke run starts from real coverage and never dirties
# the tree. A crash found here gets a regression test in the core, not a seed file.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-smoke}
seconds=15
[ "$mode" = long ] && seconds=${2:-300}

# cargo-fuzz needs nightly (sanitizer flags); the library itself builds on stable.
rustup run nightly rustc --version >/dev/null 2>&1 || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.1 --locked

targets=$(cargo +nightly fuzz list)
# Build once, up front, so a build failure fails here and the timed runs only fuzz.
mkdir -p test-output
if ! cargo +nightly fuzz build --release > test-output/fuzz-build.log 2>&1; then
  echo "fuzz: the targets do not build:" >&2
  grep -E -A8 '^error' test-output/fuzz-build.log >&2 || tail -n 30 test-output/fuzz-build.log >&2
  exit 1
fi
report=test-output/fuzz-$mode.txt
: > "$report"
for target in $targets; do
  mkdir -p "fuzz/corpus/$target" "fuzz/seeds/$target"
  log=test-output/fuzz-$target.log
  if ! cargo +nightly fuzz run --release "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
      -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 >"$log" 2>&1; then
    echo "fuzz: $target CRASHED — see $log and fuzz/artifacts/$target/" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
  runs=$(grep -oE 'Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -n 1)
  printf '%-16s %10s executions in %ss, 0 crashes\n' "$target" "${runs:-?}" "$seconds" | tee -a "$report"
done
