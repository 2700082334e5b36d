// Browsers, workers and edge runtimes: the core is fetched and compiled by `await ready()`.
import init, * as wasm from './web/tool_search.js';
import { define } from './api.mjs';

let loading;
let loaded = false;

/** The wasm file beside this module, or a not_ready error where modules have no URL (a
 * Cloudflare Worker's bundle), which would otherwise surface as "Invalid URL string". */
function besideThisModule() {
  try {
    return new URL('./tool_search_bg.wasm', import.meta.url);
  } catch {
    const error = new Error('ready() cannot locate tool_search_bg.wasm: this runtime gives modules no URL (as in Cloudflare Workers). '
      + "Import the compiled module and pass it: import wasm from 'tool-search/tool_search_bg.wasm'; await ready(wasm)");
    error.name = 'ToolSearchError';
    error.code = 'not_ready';
    throw error;
  }
}

/** Loads the wasm core; pass a URL, Response, bytes or WebAssembly.Module to override. A
 * failed load (a network error, a wrong source) can be retried by calling ready() again. */
function ready(source) {
  loading ??= (async () => init({ module_or_path: source ?? besideThisModule() }))().then(() => {
    loaded = true;
  }, (error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const api = define(wasm, { ready, isReady: () => loaded });
export const { ToolSearch, wasmMemoryBytes, isToolSearchError } = api;
export { ready };
