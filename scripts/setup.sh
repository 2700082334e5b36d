#!/usr/bin/env bash
# Installs everything the build and the tests need, from the registries only, and skips
# whatever is already in place. Safe to run again; CI runs it on a clean machine.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the `wasm-bindgen` pin in Cargo.toml

step() { printf '\n==> %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  step "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # --locked fails on a dependency resolution for this version; the version itself is pinned.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  step "apt-get install chromium chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci (dev tools: binaryen's wasm-opt, typescript, playwright-core, peers, MCP servers)"
  npm ci --no-audit --no-fund --loglevel=error
fi
# Node 24 and 26 for the package tests (Linux x64 builds from the npm registry; optional
# dependencies, so another platform installs nothing).
if [ ! -d scripts/nodes/node_modules ] || [ scripts/nodes/package-lock.json -nt scripts/nodes/node_modules/.package-lock.json ]; then
  step "npm ci --prefix scripts/nodes (Node 24 and 26)"
  npm ci --prefix scripts/nodes --no-audit --no-fund --loglevel=error
fi
echo "setup: ok"
