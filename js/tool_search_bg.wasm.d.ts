// `import wasm from 'tool-search/tool_search_bg.wasm'`: what a runtime that imports wasm as a
// compiled module (Cloudflare Workers, wrangler's bundling) gives, to pass to `ready(wasm)`.
// Typed structurally, as `ReadySource` is, so neither the DOM nor the Node type library is needed.
declare const wasm: object;
export default wasm;
