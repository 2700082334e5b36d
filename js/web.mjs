// Browsers, workers and edge runtimes: the core is fetched and compiled by `await ready()`.
import init, * as wasm from './web/tool_search.js';
import { define } from './api.mjs';

let loading;
let loaded = false;

/** Loads the wasm core; pass a URL, Response, bytes or WebAssembly.Module to override. */
function ready(source) {
  loading ??= init({ module_or_path: source ?? new URL('./tool_search_bg.wasm', import.meta.url) }).then(() => {
    loaded = true;
  });
  return loading;
}

const api = define(wasm, { ready, isReady: () => loaded });
export const { ToolSearch, wasmMemoryBytes, isToolSearchError } = api;
export { ready };
