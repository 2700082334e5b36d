#!/usr/bin/env bash
# Builds the npm package into pkg/: the wasm core (release, wasm-opt'd), its Node (CJS) and
# web (ESM) glue, the thin JS layer and the manifest. Prints the wasm size; fails over budget.
set -euo pipefail
cd "$(dirname "$0")/.."

GZIP_BUDGET=${GZIP_BUDGET:-300000}   # 300 KB gzip, the performance issue's budget (decimal: the stricter reading)
export PATH="$PWD/node_modules/.bin:$PATH"
command -v wasm-opt >/dev/null || { echo "wasm-opt missing: run scripts/setup.sh" >&2; exit 1; }

cargo build --release --target wasm32-unknown-unknown --quiet
raw=target/wasm32-unknown-unknown/release/tool_search.wasm
# core's float formatting (Grisu, Dragon and their tables: ~15 KB of the gzipped wasm) is
# linked by any `{}` or `{:?}` of an f64, by `f64::clamp`'s assertion, and by serde's
# `Unexpected` (serde_json's error for a mismatched type, e.g. `deserialize_map` on a number).
# The core prints numbers through serde_json's writer instead; see docs/performance-history.md.
if grep -q flt2dec "$raw"; then
  echo "build: core's float formatting (flt2dec) is linked again; find the new f64 Display/Debug" >&2; exit 1
fi

rm -rf pkg build/bindgen
mkdir -p pkg/node pkg/web build/bindgen
# --experimental-reset-state-function adds __wbg_reset_state, which the JS layer calls to
# rebuild the instance after a trap (see js/api.mjs).
for target in nodejs web; do
  dir=node; [ "$target" = web ] && dir=web
  wasm-bindgen "$raw" --target "$target" --out-dir "build/bindgen/$dir" \
    --experimental-reset-state-function --no-typescript
done
# One optimised copy of the core: both glues load the same bytes.
cmp -s build/bindgen/node/tool_search_bg.wasm build/bindgen/web/tool_search_bg.wasm || {
  echo "build: the nodejs and web wasm differ; cannot share one copy" >&2; exit 1; }
# The producers and target_features sections name the compiler and its features for tools;
# no runtime reads them (230 bytes gzip). --low-memory-unused lets binaryen fold a pointer's
# constant add into the load or store offset (2.3 KB gzip, and fewer instructions): the fold
# changes behaviour only for an add that wraps past 2^32 (into the low 1 KB the flag says
# nothing uses), and Rust's pointer arithmetic never wraps. Emscripten passes it by default.
# --reorder-functions-by-name lays functions out by their (mangled) names, so that a generic's
# copies and a module's functions sit together and gzip finds their likeness: 3.4 KB of gzip
# (300,076 → 296,644 bytes on the thirty-eighth session's core), the code itself unchanged.
wasm-opt -Oz --converge --low-memory-unused --strip-producers --strip-target-features \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --reorder-functions-by-name \
  build/bindgen/node/tool_search_bg.wasm -o pkg/tool_search_bg.wasm
sed 's#tool_search_bg.wasm#../tool_search_bg.wasm#' build/bindgen/node/tool_search.js > pkg/node/tool_search.js
sed "s#new URL('tool_search_bg.wasm', import.meta.url)#new URL('../tool_search_bg.wasm', import.meta.url)#" \
  build/bindgen/web/tool_search.js > pkg/web/tool_search.js
# The package is "type": "module"; the nodejs glue is CommonJS.
echo '{ "type": "commonjs" }' > pkg/node/package.json
grep -q "../tool_search_bg.wasm" pkg/node/tool_search.js && grep -q "../tool_search_bg.wasm" pkg/web/tool_search.js || {
  echo "build: could not point the glue at the shared wasm" >&2; exit 1; }

cp js/*.mjs js/*.cjs js/*.d.ts pkg/ 2>/dev/null || true
cp -r js/adapters pkg/adapters
# `require('tool-search')` gets the same declarations, read as CommonJS (TypeScript's node16/
# nodenext resolution would otherwise refuse to require an ES module's types).
cp js/index.d.ts pkg/index.d.cts
# The CommonJS twin of the shared wrapper, generated so the two never drift.
sed -e 's/^export function \(define\|toolSearchError\)(/function \1(/' js/api.mjs > pkg/api.cjs
echo 'module.exports = { define, toolSearchError };' >> pkg/api.cjs
cp pkg-template/package.json LICENSE pkg/
# The README opens with `make demo` / `make test`, which CI and reviewers of the repository run;
# in the npm package they mean nothing, so its copy says where they run before showing them.
awk 'BEGIN { note = "> The two commands below are for a clone of the tool-search repository (they build the package and run its tests). Installed from npm? Start at [Install](#install)." }
  !done && /^```/ { print note; print ""; done = 1 } { print }' README.md > pkg/README.md
grep -q '^> The two commands below are for a clone' pkg/README.md || {
  echo "build: could not note in the package README that make demo / make test are repository commands" >&2; exit 1; }
# The README's reference for bad input (what each error means, what the model is told).
mkdir -p pkg/docs && cp docs/bad-input.md pkg/docs/

size=$(wc -c < pkg/tool_search_bg.wasm)
gz=$(gzip -9 -c pkg/tool_search_bg.wasm | wc -c)
printf 'wasm: %d bytes raw (%d before wasm-opt), %d bytes gzip (budget %d)\n' \
  "$size" "$(wc -c < build/bindgen/node/tool_search_bg.wasm)" "$gz" "$GZIP_BUDGET"
[ "$gz" -le "$GZIP_BUDGET" ] || { echo "build: wasm over the gzip budget" >&2; exit 1; }
