# One entry point for the dev loop; CI runs exactly `make test` (see .ci/run).
SHELL := /bin/bash
.DEFAULT_GOAL := help
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: help setup build demo playground test lint test-rust test-wasm test-package fuzz-smoke eval bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

setup: ## install toolchain target, wasm-bindgen-cli, chromium + chromedriver, npm dev tools, Node 24 and 26 (idempotent)
	scripts/setup.sh

build: setup ## build the npm package into pkg/ (prints wasm raw/gzip size)
	scripts/build.sh

playground: build ## serve the playground page on the built package (prints the URL; PORT=8080)
	node scripts/playground.mjs

demo: build ## search and assemble the bundled sample catalog through the built package
	node examples/demo.mjs

test: setup ## every test layer: lint, cargo test, wasm in Node and Chrome, the packed tarball, examples, fuzz smoke
	scripts/test.sh all

lint: ## cargo fmt --check and clippy (host and wasm32) with -D warnings
	scripts/test.sh lint

test-rust: ## native unit, integration and property tests
	scripts/test.sh rust

test-wasm: ## wasm-bindgen-test in Node and in headless Chrome
	scripts/test.sh wasm

test-package: build ## npm pack, install the tarball in a temp project, run node --test and the browser check
	scripts/test.sh package

fuzz-smoke: ## a short run of every cargo-fuzz target (nightly)
	scripts/test.sh fuzz

# The JS peers the tables compare us with (bench/package.json, pinned by its lock file).
bench/node_modules: bench/package.json bench/package-lock.json
	npm ci --prefix bench --no-audit --no-fund
	touch $@

# The Node that runs the eval and bench tables: the machine's, or NODE=24 / NODE=26 for those
# in scripts/nodes (installed by setup; Linux x64), or a path to another.
NODE ?= node
node_bin = $(if $(filter 24 26,$(NODE)),$(CURDIR)/scripts/nodes/node_modules/node$(NODE)/bin/node,$(NODE))

eval: build bench/node_modules ## retrieval quality tables on ../shared/data: native (examples/eval.rs), then the package vs JS peers (bench/eval.mjs)
	cargo run --release --quiet --example eval
	$(node_bin) bench/eval.mjs

bench: build bench/node_modules ## speed and memory tables, ours against JS peers (then cold start and small lists; NODE=26 on Node 26)
	$(node_bin) --expose-gc bench/bench.mjs
	$(node_bin) --expose-gc bench/startup.mjs

clean: ## remove build outputs
	rm -rf target pkg build test-output
