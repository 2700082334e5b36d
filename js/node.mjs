// Node (and Deno, Bun), ESM: the same synchronous core as the CommonJS entry.
import { createRequire } from 'node:module';
import { define } from './api.mjs';

const wasm = createRequire(import.meta.url)('./node/tool_search.js');
const api = define(wasm, { ready: () => Promise.resolve(), isReady: () => true });

export const { ToolSearch, ready, wasmMemoryBytes, isToolSearchError } = api;
