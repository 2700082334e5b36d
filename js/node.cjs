// Node, CommonJS: the core is compiled synchronously at require time.
'use strict';
const wasm = require('./node/tool_search.js');
const { define } = require('./api.cjs');

const api = define(wasm, { ready: () => Promise.resolve(), isReady: () => true });
module.exports = api;
