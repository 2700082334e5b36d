// Browsers, workers and edge runtimes: the core is fetched and compiled by `await ready()`.
import init, * as wasm from './web/tool_search.js';
import { define, toolSearchError } from './api.mjs';

let loading;
let loaded = false;

/** A `not_ready` ToolSearchError: every way the web entry's load can fail, said in one shape. */
function notReady(message, cause) {
  return toolSearchError('not_ready', message, cause === undefined ? undefined : { cause });
}

/** The wasm file beside this module, or a not_ready error where modules have no URL (a
 * Cloudflare Worker's bundle), which would otherwise surface as "Invalid URL string". */
function besideThisModule() {
  try {
    return new URL('./tool_search_bg.wasm', import.meta.url);
  } catch {
    throw notReady('ready() cannot locate tool_search_bg.wasm: this runtime gives modules no URL (as in Cloudflare Workers). '
      + "Import the compiled module and pass it: import wasm from 'tool-search/tool_search_bg.wasm'; await ready(wasm)");
  }
}

const isUrl = (source) => typeof source === 'string' || source instanceof URL
  || (typeof Request === 'function' && source instanceof Request);
const isWasm = (bytes) => bytes[0] === 0x00 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;

/** What came back instead of the wasm, for the error: an HTML page, or the first bytes. */
function describe(bytes, contentType) {
  const text = new TextDecoder().decode(bytes.subarray(0, 48));
  const html = /^\s*</.test(text) && (/html/i.test(contentType) || /^\s*<(!doctype|html|head|body|script)/i.test(text));
  const what = html ? 'an HTML page' : `${bytes.length} bytes that are not WebAssembly`;
  const begins = text.replace(/[\u0000-\u001f\u007f-\u009f\ufffd]+/g, ' ').trim().slice(0, 32);
  return `${what}${contentType ? ` (content-type ${contentType})` : ''}${begins ? `, beginning ${JSON.stringify(begins)}` : ''}`;
}

/** Where to look next. Vite's dev server pre-bundles dependencies into `.vite/deps/` without
 * the wasm beside them, and answers the missing file with its index page (status 200). */
function advice(url) {
  if (/\/\.vite\/deps\//.test(url)) {
    return ": Vite's dev server pre-bundled tool-search into .vite/deps/, where its wasm file is not. "
      + "Add optimizeDeps: { exclude: ['tool-search'] } to vite.config (vite build needs nothing)";
  }
  return ': serve tool_search_bg.wasm at that URL, or pass its URL to ready(url) '
    + "(under Vite's dev server, add optimizeDeps: { exclude: ['tool-search'] } to vite.config)";
}

/** The wasm of a fetched (or given) Response: the Response itself when it says it is wasm (for
 * streaming compilation), else its bytes once they prove to be wasm; else a not_ready error
 * naming the URL and what came back, where the compiler would say "expected magic word". */
async function fromResponse(response, requested) {
  const url = response.url || requested || 'the Response passed to ready()';
  if (!response.ok) {
    throw notReady(`ready() could not load the wasm core: ${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${advice(url)}`);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (/^application\/wasm\s*(;|$)/i.test(contentType)) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (isWasm(bytes)) return bytes;
  throw notReady(`ready() could not load the wasm core: ${url} answered with ${describe(bytes, contentType)}, not the wasm${advice(url)}`);
}

/** The source made ready for wasm-bindgen's init, checked where a check can say more than the
 * compiler would: URLs are fetched here, Responses and bytes are looked at, modules pass. */
async function checked(source) {
  if (isUrl(source)) {
    const url = source instanceof URL ? source.href : typeof source === 'string' ? source : source.url;
    let response;
    try {
      response = await fetch(source);
    } catch (error) {
      throw notReady(`ready() could not fetch the wasm core from ${url}: ${error?.message ?? error}`, error);
    }
    return fromResponse(response, url);
  }
  if (typeof Response === 'function' && source instanceof Response) return fromResponse(source);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    if (!isWasm(bytes)) throw notReady(`ready() was given ${describe(bytes, '')}, not the wasm core`);
  }
  return source;
}

/** Loads the wasm core; pass a URL, Response, bytes or WebAssembly.Module to override. A
 * failed load (a network error, a wrong source) can be retried by calling ready() again. */
function ready(source) {
  loading ??= (async () => init({ module_or_path: await checked(source ?? besideThisModule()) }))().then(() => {
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
