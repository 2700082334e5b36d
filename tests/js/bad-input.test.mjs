// Every row of docs/bad-input.md, through the installed package: hostile tool lists, queries,
// limits, arguments and sessions each get a ToolSearchError with a stable code or a documented
// model-facing error JSON, in bounded time, and the instance keeps working afterwards.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready, wasmMemoryBytes } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));
const MB = 'x'.repeat(1 << 20);

/** Asserts `fn` throws a ToolSearchError with `code` whose message matches `pattern`. */
function throwsTyped(fn, code, pattern) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error, 'a real Error');
    assert.equal(error.name, 'ToolSearchError');
    assert.equal(error.code, code, error.message);
    assert.match(error.message, pattern);
    return true;
  });
}

/** The model-facing result of a bridge call, checked to be a reply whose content is its JSON. */
function reply(handled) {
  assert.equal(handled?.type, 'reply', JSON.stringify(handled));
  assert.deepEqual(JSON.parse(handled.content), handled.result);
  return handled.result;
}

function layer(profile = 'hermes', sessionId = 's', tools = catalog) {
  const options = profile === 'aalis' ? { profile } : { profile, enabled: 'on' };
  const ts = new ToolSearch(options);
  ts.assemble(tools, { sessionId, contextWindow: 200000 });
  return ts;
}

/** A schema `levels` objects deep whose innermost property has `leaf` as schema. */
function nested(levels, leaf) {
  let schema = leaf;
  for (let i = 0; i < levels; i += 1) schema = { type: 'object', properties: { a: schema }, required: ['a'] };
  return schema;
}

/** An arguments object `levels` deep with `leaf` innermost. */
function deepArgs(levels, leaf) {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

function timed(label, fn) {
  const start = performance.now();
  const out = fn();
  console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`);
  return out;
}

// ---------------------------------------------------------------- tool definitions

test('a tool without a name is invalid_tool naming its position', () => {
  throwsTyped(() => new ToolSearch().assemble([{ name: 'ok' }, { description: 'x' }]), 'invalid_tool', /^tool #1 has no `name`/);
});

test('an empty or blank name is invalid_tool', () => {
  throwsTyped(() => new ToolSearch().assemble([{ name: '  ' }]), 'invalid_tool', /tool #0 has an empty `name`/);
});

test('a name that is not a string is invalid_tool naming the type', () => {
  for (const [name, type] of [[5, 'number'], [null, 'null'], [{}, 'object'], [['a'], 'array']]) {
    throwsTyped(() => new ToolSearch().assemble([{ name }]), 'invalid_tool', new RegExp(`\`name\` that is not a string \\(got ${type}\\)`));
  }
});

test('an over-long name, or one with control characters or white space at either end, is invalid_tool', () => {
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a'.repeat(600) }]), 'invalid_tool', /name of 600 bytes \(max 512\)/);
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a\nb' }]), 'invalid_tool', /control characters/);
  // The bridges trim what a model sends, so such a tool could never be called, or a call would
  // reach its trimmed twin: refused in a short list and in a long one (read by the fast scan).
  for (const name of [' archive', 'delete_file ', 'list\u00a0', '\u3000list', 'x\u2028']) {
    throwsTyped(() => new ToolSearch().assemble([{ name }]), 'invalid_tool', /white space at either end/);
    const long = [...catalog.slice(0, 300), { name, description: 'twin' }];
    throwsTyped(() => new ToolSearch().assemble(long), 'invalid_tool', new RegExp(`^tool #300 .*white space at either end`));
  }
  assert.equal(new ToolSearch().assemble([{ name: 'two words' }]).tools.length, 1, 'inner white space is a name like any other');
});

test('a lone surrogate is read as U+FFFD: in tools (warned), messages and raw arguments', () => {
  // JSON.stringify escapes half an emoji (\ud83d); JSON.parse and Python's json read it back.
  const cut = 'Sends a message 😀'.slice(0, -1);
  const tools = [{ name: 'ok', source: 'chat', description: 'Lists files' },
    { name: 'send', source: 'chat', description: cut, inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];
  for (const profile of ['hermes', 'vibeos', 'aalis']) {
    const ts = new ToolSearch({ profile });
    const turn = ts.assemble(tools, { sessionId: 's', messages: [{ role: 'user', content: `hi ${cut}` }] });
    assert.deepEqual(turn.warnings, ['tool #1 "send": a lone UTF-16 surrogate (a string cut inside an emoji?) is read as U+FFFD'], profile);
    assert.equal(ts.search('send a message', { sessionId: 's' })[0]?.name, 'send', `${profile}: the tool is kept and found`);
    // A copy of the list (serialised again) and a list with a tool added keep the warning.
    const copy = structuredClone(tools);
    assert.deepEqual(ts.assemble(copy, { sessionId: 's' }).warnings, turn.warnings);
    const longer = [...catalog.slice(0, 300), ...tools];
    ts.assemble(longer, { sessionId: 's' });
    assert.match(ts.assemble([...longer, { name: 'added' }], { sessionId: 's' }).warnings.join(), /^tool #301 "send": a lone UTF-16 surrogate/);
  }
  const hermes = new ToolSearch({ profile: 'hermes' });
  hermes.assemble(tools, { sessionId: 's', contextWindow: 100 });
  const described = reply(hermes.handle('tool_describe', { name: 'send' }, { sessionId: 's' }));
  assert.match(JSON.stringify(described), /Sends a message \ufffd/);
  // The model's raw argument text, as JSON.stringify writes a cut string.
  const raw = JSON.stringify({ name: 'send', arguments: { text: cut } });
  assert.deepEqual(hermes.handle('tool_call', raw, { sessionId: 's' }), { type: 'dispatch', name: 'send', arguments: { text: 'Sends a message \ufffd' } });
  assert.equal(new ToolSearch().assemble([{ name: 'send', source: 'chat', description: cut.toWellFormed() }]).warnings.length, 0, 'toWellFormed() needs no mending');
});

test('duplicate names are duplicate_tool naming both positions', () => {
  throwsTyped(() => new ToolSearch().assemble([catalog[0], catalog[1], catalog[0]]), 'duplicate_tool',
    new RegExp(`tool #2 repeats the name "${catalog[0].name}" of tool #0; names must be unique \\(tools of several servers: name them mcp__<server>__<tool>\\)$`));
});

test('a schema that is not an object is invalid_tool naming the key', () => {
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a', parameters: '{}' }]), 'invalid_tool', /`parameters` schema that is not an object \(got string\)/);
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a', inputSchema: [] }]), 'invalid_tool', /`inputSchema` schema that is not an object \(got array\)/);
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a', input_schema: 3 }]), 'invalid_tool', /`input_schema` schema that is not an object \(got number\)/);
});

test('a description that is not a string, a tool that is not an object, a list that is not an array: invalid_tool', () => {
  throwsTyped(() => new ToolSearch().assemble([{ name: 'a', description: 5 }]), 'invalid_tool', /`description` that is not a string/);
  throwsTyped(() => new ToolSearch().assemble([null]), 'invalid_tool', /tool #0 is not an object \(got null\)/);
  throwsTyped(() => new ToolSearch().assemble({ name: 'a' }), 'invalid_tool', /tools must be an array/);
});

test('a 1 MB description is accepted, kept whole for describe and clipped in search results', () => {
  const huge = { name: 'huge_tool', source: 'bulk', description: `Bulk widget importer. ${MB}`, inputSchema: { type: 'object' } };
  const ts = new ToolSearch({ profile: 'hermes' });
  const turn = timed('assemble with a 1 MB description', () => ts.assemble([...catalog, huge], { sessionId: 's', contextWindow: 200000 }));
  assert.ok(turn.listingTokens <= turn.budgetTokens, 'the listing stays in its budget');
  const found = reply(ts.handle('tool_search', { queries: ['bulk widget importer'] }, { sessionId: 's' }));
  assert.equal(found.results[0].matches[0], 'huge_tool');
  assert.equal(found.tools.huge_tool.description.length, 501, 'clipped to 500 characters and …');
  const described = reply(ts.handle('tool_describe', { names: ['huge_tool'] }, { sessionId: 's' }));
  assert.equal(described.tools.huge_tool.description, huge.description);
});

test('a schema nested 10,000 deep is invalid_tool naming the tool, not a crash', () => {
  const deep = { name: 'deep', source: 'x', parameters: nested(10000, { type: 'string' }) };
  const ts = new ToolSearch();
  // JSON.stringify gives up first in Node's default stack; with a bigger stack serde_json's
  // 128-level limit does. Either way: the tool is named and the list is rejected.
  throwsTyped(() => ts.assemble([...catalog.slice(0, 3), deep]), 'invalid_tool',
    /^tool #3 (\("deep"\) cannot be serialised to JSON: .*nests too deeply|nests deeper than 126 levels)/);
  throwsTyped(() => ts.assemble([...catalog.slice(0, 3), { ...deep, parameters: nested(1000, {}) }]), 'invalid_tool',
    /^tool #3 nests deeper than 126 levels/);
  assert.equal(ts.assemble(catalog.slice(0, 3)).tools.length, 3, 'the instance still works');
});

test('a deep schema inside the accepted nesting validates arguments, deeper ones dispatch unchecked', () => {
  const ts = layer('hermes', 's', [...catalog,
    { name: 'deep30', source: 'x', parameters: nested(30, { type: 'integer' }) },
    { name: 'deep60', source: 'x', parameters: nested(60, { type: 'integer' }) }]);
  const refused = reply(ts.handle('tool_call', { name: 'deep30', arguments: deepArgs(30, 'x') }, { sessionId: 's' }));
  assert.equal(refused.constraint, 'type');
  assert.equal(refused.path, `arguments${'.a'.repeat(30)}`);
  assert.equal(ts.handle('tool_call', { name: 'deep30', arguments: deepArgs(30, 5) }, { sessionId: 's' }).type, 'dispatch');
  // Deeper than the checker's 64 levels: not checked (fail-open), never a stack overflow.
  assert.equal(ts.handle('tool_call', { name: 'deep60', arguments: deepArgs(60, 'x') }, { sessionId: 's' }).type, 'dispatch');
  // Arguments deeper than 128 levels: a JS object is the host's error, JSON text the model's.
  throwsTyped(() => ts.handle('tool_call', { name: 'deep30', arguments: deepArgs(200, 5) }, { sessionId: 's' }),
    'invalid_argument', /nests deeper than 128 levels/);
  const text = reply(ts.handle('tool_call', { name: 'deep30', arguments: JSON.stringify(deepArgs(200, 5)) }, { sessionId: 's' }));
  assert.match(text.error, /'arguments' is not valid JSON: recursion limit exceeded/);
});

test('a cyclic-looking $ref is kept as written and never followed', () => {
  const schema = { type: 'object', properties: { node: { $ref: '#' }, loop: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/a' } } };
  const ts = layer('hermes', 's', [...catalog, { name: 'tree_walk', source: 'x', description: 'Walk a tree.', parameters: schema }]);
  const described = reply(ts.handle('tool_describe', { names: ['tree_walk'] }, { sessionId: 's' }));
  assert.deepEqual(described.tools.tree_walk.parameters, schema);
  const args = { node: { node: { node: {} } }, loop: 1 };
  assert.deepEqual(ts.handle('tool_call', { name: 'tree_walk', arguments: args }, { sessionId: 's' }),
    { type: 'dispatch', name: 'tree_walk', arguments: args });
});

test('a truly cyclic tool object is invalid_tool naming the tool', () => {
  const cyclic = { name: 'loop', parameters: { type: 'object' } };
  cyclic.parameters.self = cyclic;
  throwsTyped(() => new ToolSearch().assemble([catalog[0], cyclic]), 'invalid_tool', /^tool #1 \("loop"\) cannot be serialised to JSON: Converting circular structure/);
});

test('100,000 tools assemble and search in every profile (time printed, not asserted); 250,001 are limit_exceeded', () => {
  const many = Array.from({ length: 100000 }, (_, i) => ({
    name: `tool_${i}`, description: `Does thing ${i} with widgets for server ${i % 50}`, source: `srv${i % 50}`,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  }));
  for (const profile of ['hermes', 'vibeos', 'aalis']) {
    const ts = new ToolSearch(profile === 'aalis' ? { profile } : { profile, enabled: 'on' });
    const turn = timed(`${profile}: assemble 100,000 tools`, () => ts.assemble(many, { sessionId: 'm', contextWindow: 200000 }));
    assert.equal(turn.active, true);
    assert.equal(turn.deferred, 100000);
    const hits = timed(`${profile}: search 100,000 tools`, () => ts.search('thing 4242', { sessionId: 'm', limit: 3 }));
    assert.equal(hits[0].name, 'tool_4242');
    ts.free();
  }
  const tooMany = Array.from({ length: 250001 }, (_, i) => ({ name: `t${i}` }));
  throwsTyped(() => new ToolSearch().assemble(tooMany), 'limit_exceeded', /250001 tools given; at most 250000 are accepted/);
  console.log(`wasm memory after 100,000 tools x 3 profiles: ${(wasmMemoryBytes() / 2 ** 20).toFixed(0)} MiB`);
});

test('a message history nested too deep is invalid_argument naming the message', () => {
  const ts = new ToolSearch({ profile: 'aalis' });
  const call = (levels) => [{ role: 'user', content: 'hi' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'create_issue', arguments: deepArgs(levels, 1) } }] }];
  assert.equal(ts.assemble(catalog, { sessionId: 's', messages: call(100) }).active, true);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', messages: call(200) }), 'invalid_argument',
    /^messages are not JSON: message #1 nests deeper than 126 levels; trim or summarise it/);
  // 10,000 deep: V8's JSON.stringify overflows its stack on Node 20 and 24; Node 26's
  // serialises it, and the core's own limit answers as for 200.
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', messages: call(10000) }), 'invalid_argument',
    /^messages (cannot be serialised to JSON: .*nests too deeply|are not JSON: message #1 nests deeper than 126 levels)/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', messages: [1n] }), 'invalid_argument', /BigInt/);
  for (const messages of ['not a list', 5, { messages: [] }]) {
    throwsTyped(() => ts.assemble(catalog, { sessionId: 's', messages }), 'invalid_argument', /^messages must be an array of messages/);
  }
  assert.equal(ts.assemble(catalog, { sessionId: 's', messages: null }).active, true, 'null is no history');
});

test('a misspelt or unknown key in a context or options object is invalid_argument naming it, never ignored', () => {
  // Ignored, `session_id` would run the call in the default session, whose tools include
  // what the sub-agent's session was not given.
  const ts = new ToolSearch({ profile: 'hermes', enabled: 'on' });
  ts.assemble(catalog, { sessionId: 'default' });
  const github = catalog.filter((t) => t.source === 'mcp-github');
  ts.assemble(github, { sessionId: 'sub' });
  const call = { name: 'slack_post_message', arguments: { channel_id: 'C1', text: 'hi' } };
  throwsTyped(() => ts.handle('tool_call', call, { session_id: 'sub' }), 'invalid_argument',
    /^unknown key "session_id" in the handle context \(did you mean sessionId\?\); expected sessionId, contextWindow, messages, enabledGroups, tokenCounter, tools, limit, explain$/);
  assert.match(reply(ts.handle('tool_call', call, { sessionId: 'sub' })).error, /not available in this session/);
  throwsTyped(() => ts.search('issue', { session: 'sub' }), 'invalid_argument', /^unknown key "session" in the search options \(did you mean sessionId\?\)/);
  throwsTyped(() => ts.search('issue', { '': 1 }), 'invalid_argument', /^unknown key "" in the search options; expected/);
  throwsTyped(() => ts.search('issue', { sessionId: 'sub', limits: 1 }), 'invalid_argument', /^unknown key "limits" in the search options \(did you mean limit\?\)/);
  throwsTyped(() => ts.assemble(catalog, { contextwindow: 10000 }), 'invalid_argument', /^unknown key "contextwindow" in the assemble context \(did you mean contextWindow\?\)/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', budget: 5 }), 'invalid_argument', /^unknown key "budget" in the assemble context; expected sessionId, contextWindow, /);
  throwsTyped(() => ts.clear('sub', { discovered: true }), 'invalid_argument', /^unknown key "discovered" in the clear options \(did you mean discoveredOnly\?\); expected discoveredOnly$/);
  // Not an object at all: a session id passed where the context goes, an array.
  throwsTyped(() => ts.assemble(catalog, 'sub'), 'invalid_argument', /^the assemble context must be an object, like \{sessionId: …\}/);
  throwsTyped(() => ts.search('issue', ['sub']), 'invalid_argument', /^the search options must be an object/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', tokenCounter: 5 }), 'invalid_argument', /^tokenCounter must be a function/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 's', contextWindow: 1.5 }), 'invalid_argument', /^contextWindow must be a whole number of tokens, got number 1\.5$/);
  // Whole numbers past 2 ** 53 (which JS cannot tell apart) are as large a window as any.
  for (const huge of [2 ** 53, 1e308]) {
    assert.deepEqual(ts.assemble(catalog, { sessionId: 's', contextWindow: huge }).tier, ts.assemble(catalog, { sessionId: 's', contextWindow: 2 ** 53 - 1 }).tier);
  }
  // One context object may serve every call: each reads its own keys and accepts the others'.
  const shared = { sessionId: 'sub', contextWindow: 200000, limit: 3 };
  assert.equal(ts.assemble(github, shared).active, true);
  assert.equal(ts.search('create issue', shared).length, 3);
  assert.match(reply(ts.handle('tool_call', call, shared)).error, /not available in this session/);
  // Absent, null, undefined values of known keys and symbol keys are fine; nothing was lost.
  assert.equal(ts.search('create issue', { sessionId: 'sub', limit: undefined, [Symbol('tag')]: 1 })[0].name, 'create_issue');
  assert.equal(ts.assemble(catalog, null).active, true);
  assert.equal(ts.assemble(catalog, { sessionId: 's', tokenCounter: null, messages: undefined }).active, true);
  assert.equal(ts.sessionCount, 3);
});

// ---------------------------------------------------------------- hostile JS values

test('getters, Proxies and toJSON that throw are typed errors and leave every session intact', () => {
  const ts = layer('hermes', 'keep');
  const boom = (what) => { throw new Error(`boom ${what}`); };
  const proxy = new Proxy({}, { ownKeys: () => boom('keys'), get: () => boom('get') });
  const keysProxy = new Proxy({}, { ownKeys: () => boom('keys') });
  const cases = [
    // Read as JSON.stringify reads a value: its toJSON first (the get trap), then its keys.
    [() => ts.handle('tool_search', proxy, { sessionId: 'keep' }), 'invalid_argument', /^arguments could not be read: it threw "boom get"/],
    [() => ts.handle('tool_search', keysProxy, { sessionId: 'keep' }), 'invalid_argument', /^arguments could not be read: it threw "boom keys"/],
    [() => ts.handle('tool_search', { toJSON: () => boom('toJSON') }, { sessionId: 'keep' }), 'invalid_argument', /^arguments could not be read: it threw "boom toJSON"/],
    [() => ts.handle('tool_search', { get queries() { return boom('getter'); } }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.queries could not be read: it threw "boom getter"/],
    [() => ts.handle('tool_search', { queries: ['x'] }, keysProxy), 'invalid_argument', /^handle context could not be read: it threw "boom keys"/],
    [() => ts.handle('tool_search', { queries: ['x'] }, { get sessionId() { return boom('getter'); } }), 'invalid_argument', /^sessionId could not be read/],
    [() => ts.handle('tool_search', { queries: new Proxy(['a'], { get: (t, k) => (k === 'length' ? boom('length') : t[k]) }) }, { sessionId: 'keep' }),
      'invalid_argument', /^arguments\.queries could not be read: it threw "boom length"/],
    [() => new ToolSearch(proxy), 'invalid_argument', /^options could not be read/],
    [() => ts.assemble([{ name: 'a', toJSON: () => boom('toJSON') }], { sessionId: 'other' }), 'invalid_tool', /^tool #0 \("a"\) cannot be serialised to JSON: boom toJSON/],
    [() => ts.handle(Symbol('x'), {}, { sessionId: 'keep' }), 'invalid_argument', /name must be a string/],
    [() => ts.handle('tool_search', { queries: ['x'], limit: 5n }, { sessionId: 'keep' }), 'invalid_argument', /arguments\.limit is a bigint/],
    [() => ts.handle('tool_search', { queries: ['x'], limit: () => 1 }, { sessionId: 'keep' }), 'invalid_argument', /arguments\.limit is a function/],
    // A Map or Set keeps its entries where JSON.stringify does not look: refused, not read as {}.
    [() => ts.handle('tool_call', { name: 'create_issue', arguments: new Map([['owner', 'o']]) }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.arguments is a Map, not a JSON value/],
    [() => ts.handle('tool_call', { name: 'create_issue', arguments: { labels: new Set(['bug']) } }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.arguments\.labels is a Set/],
  ];
  for (const [call, code, pattern] of cases) throwsTyped(call, code, pattern);
  assert.equal(ts.isBridge(Symbol('x')), false);
  // A Date is what JSON.stringify writes for it, its ISO string (it had dispatched as {}).
  const dated = ts.handle('tool_call', { name: 'create_issue', arguments: { owner: 'o', repo: 'r', title: new Date(0) } }, { sessionId: 'keep' });
  assert.deepEqual(dated.arguments, { owner: 'o', repo: 'r', title: '1970-01-01T00:00:00.000Z' });
  assert.equal(reply(ts.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'keep' })).results[0].matches.includes('create_issue'), true,
    'no reset: the session assembled before is still there');
});

test('a revoked Proxy or an Error whose message getter throws is a typed error, and no session of any instance is lost', () => {
  // Array.isArray, instanceof and an Error's message getter threw through the core for these,
  // which trapped it and reset every instance in the process.
  const ts = layer('hermes', 'keep');
  const bystander = layer('hermes', 'other');
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const evilError = () => {
    const e = new Error('x');
    Object.defineProperty(e, 'message', { get() { throw new Error('again'); } });
    return e;
  };
  // instanceof (a Map or Set is refused) asked a Proxy's getPrototypeOf trap, which threw.
  const protoTrap = new Proxy({}, { getPrototypeOf: () => { throw new Error('proto'); } });
  const tagTrap = new Proxy({}, { get: (t, k) => { if (k === Symbol.toStringTag) throw new Error('tag'); return t[k]; } });
  const cases = [
    [() => ts.assemble(revoked, { sessionId: 'keep' }), 'invalid_tool', /^tools could not be read/],
    [() => ts.search('x', { tools: revoked }), 'invalid_tool', /^tools could not be read/],
    [() => ts.assemble(catalog, { sessionId: 'keep', messages: revoked }), 'invalid_argument', /^messages could not be read/],
    [() => ts.assemble(catalog, revoked), 'invalid_argument', /could not be read/],
    [() => ts.handle('tool_search', revoked, { sessionId: 'keep' }), 'invalid_argument', /^arguments could not be read/],
    [() => ts.handle('tool_search', { queries: revoked }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.queries could not be read/],
    [() => ts.handle('tool_call', { name: 'create_issue', arguments: tagTrap }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.arguments could not be read: it threw "tag"/],
    [() => ts.handle('tool_search', { get queries() { throw evilError(); } }, { sessionId: 'keep' }), 'invalid_argument', /^arguments\.queries could not be read: it threw "an exception without a readable message"/],
    [() => ts.assemble([{ name: 'a', toJSON() { throw evilError(); } }], { sessionId: 'keep' }), 'invalid_tool', /^tool #0 \("a"\) cannot be serialised to JSON: it threw an exception without a readable message/],
    [() => new ToolSearch(revoked), 'invalid_argument', /^options could not be read/],
    [() => ts.inScope('create_issue', revoked), 'invalid_argument', /could not be read/],
  ];
  for (const [call, code, pattern] of cases) throwsTyped(call, code, pattern);
  // Read as the plain object it is (its keys), not asked for its prototype.
  assert.deepEqual(ts.handle('tool_call', { name: 'create_issue', arguments: protoTrap }, { sessionId: 'keep' }).type, 'reply');
  for (const [t, id] of [[ts, 'keep'], [bystander, 'other']]) {
    assert.equal(reply(t.handle('tool_search', { queries: ['create issue'] }, { sessionId: id })).results[0].matches.includes('create_issue'), true,
      `no reset: session ${id} is still there`);
  }
});

test('session ids that differ only in a lone surrogate are refused, not merged into one session', () => {
  // Read as UTF-8 both were "user-\ufffd": the second assemble replaced the first session's
  // scope, and its tools were callable from the other id.
  const ts = new ToolSearch({ profile: 'hermes', enabled: 'on' });
  for (const sessionId of ['user-\ud83d', 'user-\ude00', '\udc00user']) {
    throwsTyped(() => ts.assemble(catalog, { sessionId }), 'invalid_argument', /^sessionId "user-\\u\{fffd\}"|^sessionId .* holds a lone UTF-16 surrogate/);
    throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId }), 'invalid_argument', /lone UTF-16 surrogate/);
  }
  ts.assemble(catalog, { sessionId: 'user-\ud83d\ude00' });
  assert.equal(reply(ts.handle('tool_search', { queries: ['issue'] }, { sessionId: 'user-😀' })).results.length, 1, 'a whole emoji is an id like any other');
  throwsTyped(() => ts.assemble(catalog, { sessionId: 'x'.repeat((1 << 20) + 1) }), 'invalid_argument', /^sessionId of 1048577 characters \(max 1024 bytes\)/);
});

test('text past the limits is limit_exceeded before it enters wasm memory, and every session survives', () => {
  // One 500-million-character tool_call name, or a 300 MB list, ran wasm memory out: the core
  // trapped and every instance lost its sessions.
  const ts = layer('hermes', 'keep');
  const long = 'n'.repeat((1 << 26) + 1);
  throwsTyped(() => ts.handle(long, {}, { sessionId: 'keep' }), 'limit_exceeded', /^name holds more than 67108864 characters of text in all/);
  throwsTyped(() => ts.handle('tool_call', { name: 'create_issue', arguments: { a: long } }, { sessionId: 'keep' }), 'limit_exceeded', /^arguments\.arguments\.a holds more than 67108864 characters/);
  // Raw JSON text over 16 MiB is not parsed (each small value takes 32 bytes or more parsed).
  const zeros = `[${'0,'.repeat(9e6)}0]`;
  assert.match(reply(ts.handle('tool_search', zeros, { sessionId: 'keep' })).error, /at most 16777216 are read as JSON/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 'keep', messages: [{ role: 'user', content: 'x'.repeat(17 << 20) }] }), 'limit_exceeded',
    /^messages take \d+ bytes as JSON; at most 16777216 are read/);
  const half = 'h'.repeat(1 << 25);
  throwsTyped(() => ts.handle('tool_call', { name: 'create_issue', arguments: { a: half, b: half, c: 'x' } }, { sessionId: 'keep' }), 'limit_exceeded', /characters of text in all/);
  assert.equal(ts.isBridge(long), false);
  const big = 'd'.repeat(3 << 20);
  // Up to 200 tools are serialised in one JSON.stringify call.
  const tools = Array.from({ length: 90 }, (_, i) => ({ name: `t${i}`, description: big }));
  throwsTyped(() => ts.assemble(tools, { sessionId: 'big' }), 'limit_exceeded', /^tools take \d+ bytes or more as JSON; at most 268435456 are accepted/);
  const many = Array.from({ length: 300 }, (_, i) => ({ name: `t${i}`, description: big }));
  throwsTyped(() => ts.assemble(many, { sessionId: 'big' }), 'limit_exceeded', /^tools take \d+ bytes or more as JSON; at most 268435456 are accepted/);
  // Under the limit in UTF-16 units, over it in UTF-8 bytes (CJK is three bytes a character):
  // encoded into wasm memory only up to the limit, then refused.
  const cjk = [{ name: 'cjk', description: '创建议题'.repeat(25e6) }];
  const before = wasmMemoryBytes();
  throwsTyped(() => ts.assemble(cjk, { sessionId: 'big' }), 'limit_exceeded', /^tools take \d+ bytes or more as JSON/);
  assert.ok(wasmMemoryBytes() - before <= 300 * 2 ** 20, `wasm memory grew by ${(wasmMemoryBytes() - before) >> 20} MiB`);
  assert.equal(reply(ts.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'keep' })).results[0].matches.includes('create_issue'), true);
});

test('a description is searched by its first 64 KiB and kept whole', () => {
  // A 300 MB description analysed whole took more than the 4 GB of wasm memory.
  const tail = `${'filler '.repeat(10000)}zanzibarquokka`;
  const long = { name: 'long_tool', source: 'bulk', description: `Imports quokka census data. ${tail}`, inputSchema: { type: 'object' } };
  for (const profile of ['hermes', 'aalis']) {
    const ts = new ToolSearch({ profile, ...(profile === 'hermes' && { enabled: 'on' }) });
    ts.assemble([...catalog, long], { sessionId: 's' });
    assert.deepEqual(ts.search('quokka census', { sessionId: 's', limit: 1 }).map((h) => h.name), ['long_tool'], profile);
    assert.deepEqual(ts.search('zanzibarquokka', { sessionId: 's', limit: 1 }).map((h) => h.name), [], profile);
  }
  const ts = layer('hermes', 's', [...catalog, long]);
  assert.equal(reply(ts.handle('tool_describe', { names: ['long_tool'] }, { sessionId: 's' })).tools.long_tool.description, long.description);
});

test('after a reset an instance is rebuilt from its options as read at construction, not the host object', () => {
  const options = { profile: 'hermes', enabled: 'on', max_search_limit: 3 };
  const ts = new ToolSearch(options);
  Object.assign(options, { profile: 'aalis', enabled: 'bogus' });
  assert.throws(() => ts.__panicForTesting(), (error) => error.code === 'internal_error');
  ts.assemble(catalog, { sessionId: 's' });
  assert.equal(ts.isBridge('tool_search'), true, 'still hermes');
  assert.equal(reply(ts.handle('tool_search', { queries: ['issue'], limit: 50 }, { sessionId: 's' })).results[0].matches.length, 3);
});

test('a tool list is read once, from a copy: its own toJSON is not called and a callback reordering it changes nothing', () => {
  const nameOf = (t) => t.name ?? t.function?.name;
  const plain = new ToolSearch({ profile: 'hermes', enabled: 'on' }).assemble(catalog, { sessionId: 's' });
  // An array's own toJSON emptied the list on a first turn (every tool, the core ones too,
  // silently gone) and was ignored once its items had been seen.
  const withToJSON = Object.assign([...catalog], { toJSON: () => [] });
  const first = new ToolSearch({ profile: 'hermes', enabled: 'on' }).assemble(withToJSON, { sessionId: 's' });
  assert.deepEqual(first.tools.map(nameOf), plain.tools.map(nameOf));
  assert.equal(first.deferred, plain.deferred);
  // A tokenCounter that reverses the host's array while the turn is made: the visible tools
  // were handed back by position from the reversed array.
  const list = [...catalog];
  const reordered = new ToolSearch({ profile: 'hermes', enabled: 'on' }).assemble(list, {
    sessionId: 's',
    tokenCounter: (text) => { list.reverse(); return Math.ceil(text.length / 4); },
  });
  assert.deepEqual(reordered.tools.map(nameOf), plain.tools.map(nameOf));
  for (const tool of reordered.tools) {
    const original = catalog.find((t) => nameOf(t) === nameOf(tool));
    if (original) assert.equal(tool, original, `${nameOf(tool)} is the host's own object`);
  }
});

test('arrays reporting millions of items are limit_exceeded at once, with no reset and no memory taken', () => {
  // A sparse array (or a Proxy with a huge length) was read index by index, every hole a
  // null: at 2 ** 31 wasm memory ran out, the core aborted and every instance lost its
  // sessions; at 3e7 one call took 13 s and left 3 GiB of linear memory behind.
  const ts = layer('hermes', 'keep');
  const tenant = layer('aalis', 'tenant');
  const sparse = (n) => { const a = []; a.length = n; return a; };
  const huge = new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : t[k]) });
  const memory = wasmMemoryBytes();
  const started = performance.now();
  for (const items of [sparse(2 ** 31), sparse(3e7), huge]) {
    throwsTyped(() => ts.handle('tool_search', { queries: items }, { sessionId: 'keep' }), 'limit_exceeded',
      /^arguments\.queries holds more than 1000000 items in all/);
    throwsTyped(() => ts.handle('tool_call', { name: 'create_issue', arguments: { x: items } }, { sessionId: 'keep' }), 'limit_exceeded', /holds more than 1000000 items/);
    throwsTyped(() => ts.search(items, { sessionId: 'keep' }), 'limit_exceeded', /^query holds more than 1000000 items/);
    throwsTyped(() => ts.assemble(catalog, { sessionId: 'keep', enabledGroups: items }), 'limit_exceeded', /^enabledGroups holds more/);
    throwsTyped(() => ts.assemble(items, { sessionId: 'other' }), 'limit_exceeded', /tools given; at most 250000 are accepted/);
    throwsTyped(() => new ToolSearch({ profile: 'aalis', alwaysDirectTools: items }), 'limit_exceeded', /holds more than 1000000 items/);
  }
  assert.ok(wasmMemoryBytes() - memory < 64 * 2 ** 20, 'no huge array was read into wasm memory');
  // The budget counts every item of a nested value, not each array alone (the first 600,000
  // holes are read, as the budget allows, before the second array passes it).
  const wide = [sparse(600000), sparse(600000)];
  throwsTyped(() => ts.handle('tool_search', { queries: wide }, { sessionId: 'keep' }), 'limit_exceeded', /holds more than 1000000 items in all/);
  console.log(`    refusing ${6 * 3 + 1} huge arrays took ${(performance.now() - started).toFixed(0)} ms`);
  assert.ok(reply(ts.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'keep' })).results[0].matches.includes('create_issue'));
  assert.equal(reply(tenant.handle('search_tools', { query: 'issue' }, { sessionId: 'tenant' })).tools.length > 0, true, 'no reset anywhere');
});

test('free() from inside a callback of the same call is refused and the instance keeps working', () => {
  // wasm-bindgen zeroed the handle before refusing the free: the next call trapped on a null
  // engine and the reset wiped every instance's sessions.
  const tenant = layer('hermes', 'tenant');
  const tools = catalog.slice(0, 40);
  for (const arm of [
    (ts, free) => ts.assemble(tools, { sessionId: 's', tokenCounter: (text) => { free(); return text.length; } }),
    (ts, free) => ts.assemble([...tools, { name: 'x', toJSON() { free(); return { name: 'x' }; } }], { sessionId: 's' }),
    (ts, free) => ts.assemble(tools, { get sessionId() { free(); return 's'; } }),
  ]) {
    const ts = new ToolSearch({ profile: 'hermes', enabled: 'on' });
    let refused = 0;
    const free = () => {
      try { ts.free(); } catch (error) { refused += 1; assert.match(error.message, /free\(\) was called during a call/); throw error; }
    };
    try { arm(ts, free); } catch (error) { assert.match(String(error.message), /free\(\) was called during a call/); }
    assert.ok(refused > 0, 'the callback ran and its free() was refused');
    assert.ok(ts.search('create issue', { tools }).length > 0, 'the instance still answers');
    ts.free();
    assert.throws(() => ts.search('x', { tools }), /this ToolSearch was freed/);
  }
  assert.ok(reply(tenant.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'tenant' })).results[0].matches.length > 0, 'no reset anywhere');
});

test('a Proxy tool list whose traps throw is an invalid_tool error and every session survives', () => {
  // It used to throw through the core (which the wrapper answers with a reset, losing every
  // session): its length, slice and items are now read through Reflect.
  const ts = layer('hermes', 'keep');
  const throwing = (items, on) => new Proxy(items, { get: (t, k) => { if (on(k)) throw new Error(`boom ${String(k)}`); return t[k]; } });
  const many = Array.from({ length: 1500 }, (_, i) => ({ ...catalog[i % catalog.length], name: `tool_${i}` }));
  for (const [tools, pattern] of [
    [throwing([catalog[0]], (k) => k === 'length'), /^tools cannot be serialised to JSON: boom length/],
    [throwing(many, (k) => k === '1200'), /boom 1200/],
  ]) {
    throwsTyped(() => ts.assemble(tools, { sessionId: 'other' }), 'invalid_tool', pattern);
    assert.equal(ts.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'keep' }).type, 'reply', 'no reset');
  }
  // Throwing only for `slice`: serialised in one call, and simply not remembered by identity.
  const sliceless = throwing(many, (k) => k === 'slice');
  assert.equal(ts.assemble(sliceless, { sessionId: 'other' }).active, true);
  assert.equal(ts.assemble(sliceless, { sessionId: 'other' }).active, true);
});

test('a tokenCounter that calls back into the layer is refused harmlessly; one that traps resets after the turn', () => {
  const ts = layer('hermes', 'keep');
  let refused = 0;
  const reentrant = (text) => {
    try { ts.search('issue', { tools: catalog }); } catch (error) { refused += 1; assert.match(error.message, /recursive use/); }
    return Math.ceil(text.length / 4);
  };
  const turn = ts.assemble(catalog, { sessionId: 'keep', contextWindow: 200000, tokenCounter: reentrant });
  assert.ok(refused > 0 && turn.active);
  assert.equal(ts.handle('tool_search', { queries: ['issue'] }, { sessionId: 'keep' }).type, 'reply', 'no reset');
  const plain = ts.assemble(catalog, { sessionId: 'keep', contextWindow: 200000 });
  for (const counter of [() => { throw new Error('counter down'); }, () => 'many', () => NaN]) {
    assert.deepEqual(ts.assemble(catalog, { sessionId: 'keep', contextWindow: 200000, tokenCounter: counter }), plain,
      'a broken counter falls back to characters / 4');
  }

  const other = new ToolSearch();
  const trapping = (text) => { try { other.__panicForTesting(); } catch { /* the core's own fallback counts */ } return text.length; };
  throwsTyped(() => ts.assemble(catalog, { sessionId: 'keep', contextWindow: 200000, tokenCounter: trapping }), 'internal_error', /session state was lost/);
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'keep' }), 'unknown_session', /keep/);
  assert.equal(ts.assemble(catalog, { sessionId: 'keep' }).active, true);
});

// ---------------------------------------------------------------- queries

test('an empty query: hermes asks for one, aalis lists every tool, direct search finds nothing', () => {
  const hermes = layer('hermes');
  assert.match(reply(hermes.handle('tool_search', { queries: [''] }, { sessionId: 's' })).error, /at least one non-empty string/);
  assert.match(reply(hermes.handle('tool_search', {}, { sessionId: 's' })).error, /queries/);
  const aalis = layer('aalis');
  assert.equal(reply(aalis.handle('search_tools', { query: '' }, { sessionId: 's' })).found, `5/${catalog.length}`);
  assert.deepEqual(hermes.search('', { sessionId: 's' }), []);
});

test('a 1 MB query is refused by the bridges and answered in bounded time by direct search', () => {
  const hermes = layer('hermes');
  assert.match(reply(hermes.handle('tool_search', { queries: [MB] }, { sessionId: 's' })).error, /query 1 is too long: 1048576 characters > max 1000/);
  const vibeos = layer('vibeos');
  assert.match(reply(vibeos.handle('tool_search', { query: MB }, { sessionId: 's' })).error, /too long/);
  const aalis = layer('aalis');
  assert.match(reply(aalis.handle('search_tools', { query: MB }, { sessionId: 's' })).error, /1048576 characters long \(at most 2000\)/);
  const words = 'create github issue '.repeat(52429);
  const hits = timed('direct search, 1 MB query', () => hermes.search(words, { sessionId: 's', limit: 3 }));
  assert.equal(hits.length, 3);
});

test('binary, emoji, RTL and zero-width queries are answered, never thrown', () => {
  const ts = layer('hermes');
  const ask = (q) => reply(ts.handle('tool_search', { queries: [q] }, { sessionId: 's' })).results[0];
  const binary = ask('\u0000\u0001\uffff\ud800');
  assert.deepEqual(binary.matches, []);
  assert.ok(binary.available_sources.length > 0, 'an empty group says what exists');
  assert.ok(ask('🐙 github 🎫 create issue').matches.includes('create_issue'));
  assert.ok(ask('\u202bcreate github issue\u202c').matches.includes('create_issue'), 'bidi marks separate words');
  // Zero-width characters are format characters (Unicode UAX #29 ignores them inside words):
  // one slipped into a word leaves the word whole.
  assert.ok(ask('cre\u200bate git\u200dhub iss\u2060ue').matches.includes('create_issue'), 'zero-width characters inside words are ignored');
  assert.deepEqual(ask('إنشاء مشكلة').matches, []);
  const aalis = layer('aalis');
  assert.match(reply(aalis.handle('search_tools', { query: '\u0000\ud800 🎫' }, { sessionId: 's' })).found, /^\d+\/\d+$/);
});

// ---------------------------------------------------------------- limits

test('bridge limits are read as Python int() and clamped; a NaN from the host is invalid_argument', () => {
  const ts = layer('hermes');
  const count = (limit) => reply(ts.handle('tool_search', { queries: ['issue'], limit }, { sessionId: 's' })).results[0].matches.length;
  assert.equal(count(-1), 1);
  assert.equal(count(2.9), 2);
  assert.equal(count('3'), 3);
  assert.equal(count('ten'), 5, 'the default');
  assert.equal(count(1e300), 23, 'clamped to 25; 23 tools match');
  throwsTyped(() => ts.handle('tool_search', { queries: ['issue'], limit: NaN }, { sessionId: 's' }), 'invalid_argument', /arguments\.limit is NaN/);
  throwsTyped(() => ts.handle('tool_search', { queries: ['issue'], limit: Infinity }, { sessionId: 's' }), 'invalid_argument', /not a finite number/);
  assert.match(reply(ts.handle('tool_search', '{"queries":["issue"],"limit":NaN}', { sessionId: 's' })).error, /not valid JSON/);
});

test('aalis limits must be whole numbers >= 0 (quoted digits accepted, huge ones saturate)', () => {
  const ts = layer('aalis');
  const ask = (limit) => reply(ts.handle('search_tools', { query: 'issue', limit }, { sessionId: 's' }));
  assert.match(ask(-1).error, /`limit` must be a whole number ≥ 0 \(0 = no limit\), got -1/);
  assert.match(ask(2.5).error, /got 2\.5/);
  assert.match(ask('ten').error, /got string "ten"/);
  assert.equal(ask('3').found, '3/23');
  assert.equal(ask(1e300).found, '23/23');
  assert.match(reply(ts.handle('search_tools', { query: 'issue', offset: -2 }, { sessionId: 's' })).error, /`offset` must be a whole number ≥ 0/);
});

test('direct search limits must be whole numbers in 0..=1000000', () => {
  const ts = layer('hermes');
  for (const limit of [-1, 2.5, '3', 1e300]) {
    throwsTyped(() => ts.search('issue', { sessionId: 's', limit }), 'invalid_query', /limit must be a whole number in 0\.\.=1000000/);
  }
  throwsTyped(() => ts.search('issue', { sessionId: 's', limit: NaN }), 'invalid_query', /^limit is NaN, not a finite number/);
  throwsTyped(() => ts.search('issue', { sessionId: 's', limit: -Infinity }), 'invalid_query', /^limit is -Infinity, not a finite number/);
  assert.equal(ts.search('issue', { sessionId: 's', limit: 0 }).length, 0);
});

test('option limits: out of range is clamped with a warning, other types are errors naming the key', () => {
  assert.deepEqual(new ToolSearch({ maxSessions: -1 }).warnings, ['maxSessions: -1 is outside 1..=1000000; using 1']);
  assert.deepEqual(new ToolSearch({ maxSessions: 1e300 }).warnings, ['maxSessions: 1e+300 is outside 1..=1000000; using 1000000']);
  throwsTyped(() => new ToolSearch({ maxSessions: 2.5 }), 'invalid_config', /option `maxSessions`: expected a whole number in 1\.\.=1000000, got 2\.5/);
  throwsTyped(() => new ToolSearch({ maxSessions: '3' }), 'invalid_config', /got string "3"/);
  throwsTyped(() => new ToolSearch({ maxSessions: NaN }), 'invalid_argument', /options\.maxSessions is NaN/);
  throwsTyped(() => new ToolSearch({ profile: 'aalis', maxSearchResults: 'lots' }), 'invalid_config', /maxSearchResults/);
});

// ---------------------------------------------------------------- caps and arguments

test('more than 7 queries or 10 names is a model-facing error', () => {
  const ts = layer('hermes');
  assert.match(reply(ts.handle('tool_search', { queries: 'abcdefgh'.split('') }, { sessionId: 's' })).error, /too many queries: 8 > max 7/);
  assert.match(reply(ts.handle('tool_describe', { names: 'abcdefghijk'.split('') }, { sessionId: 's' })).error, /too many names: 11 > max 10/);
});

test('arguments that are invalid JSON are a model-facing error in every profile', () => {
  const ts = layer('hermes');
  assert.match(reply(ts.handle('tool_call', '{"name": "create_issue", ', { sessionId: 's' })).error, /tool_call arguments are not valid JSON: EOF/);
  assert.match(reply(ts.handle('tool_call', { name: 'create_issue', arguments: '{oops' }, { sessionId: 's' })).error, /'arguments' is not valid JSON/);
  assert.match(reply(ts.handle('tool_search', '[1, 2]', { sessionId: 's' })).error, /tool_search/);
  const aalis = layer('aalis');
  assert.match(reply(aalis.handle('search_tools', '{"query":', { sessionId: 's' })).error, /not valid JSON/);
  throwsTyped(() => ts.handle(5, {}, { sessionId: 's' }), 'invalid_argument', /name must be a string/);
});

// ---------------------------------------------------------------- sessions and scope

test('an unknown, cleared or evicted session is unknown_session, never another session\'s tools', () => {
  const ts = new ToolSearch({ profile: 'hermes', maxSessions: 2 });
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'nope' }), 'unknown_session', /session "nope" has no assembled tool list/);
  throwsTyped(() => ts.search('x', { sessionId: 'nope' }), 'unknown_session', /nope/);
  let deferred;
  for (const id of ['a', 'b', 'c']) ({ deferred } = ts.assemble(catalog, { sessionId: id }));
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'a' }), 'unknown_session', /evicted/);
  ts.clear('b');
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'b' }), 'unknown_session', /"b"/);
  assert.equal(reply(ts.handle('tool_search', { queries: ['issue'] }, { sessionId: 'c' })).total_available, deferred);
  throwsTyped(() => ts.assemble(catalog, { sessionId: {} }), 'invalid_argument', /sessionId must be a string/);
  // clear() and discovered() read ids the same way; a number once trapped the core.
  ts.assemble(catalog, { sessionId: 7 });
  ts.clear(7);
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: '7' }), 'unknown_session', /"7"/);
  throwsTyped(() => ts.clear({}), 'invalid_argument', /sessionId must be a string, got object/);
  throwsTyped(() => ts.assemble(catalog, { sessionId: 'x'.repeat(1025) }), 'invalid_argument', /^sessionId of 1025 bytes \(max 1024\); hash a long id$/);
  throwsTyped(() => ts.handle('tool_search', {}, { sessionId: 'é'.repeat(600) }), 'invalid_argument', /sessionId of 1200 bytes/);
  throwsTyped(() => ts.discovered([1]), 'invalid_argument', /sessionId must be a string, got array/);
  assert.equal(ts.sessionCount, 1, 'session c survived: no trap, no reset');
  assert.deepEqual(new ToolSearch({ profile: 'aalis' }).discovered('nope'), []);
  // null is the default session in clear() too (it cleared every session, so a host passing
  // a nullable id through forgot every tenant); only an absent id means all.
  ts.assemble(catalog, { sessionId: null });
  assert.equal(ts.sessionCount, 2);
  ts.clear(null);
  throwsTyped(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'default' }), 'unknown_session', /"default"/);
  assert.equal(ts.sessionCount, 1, 'session c is still there');
  ts.clear();
  assert.equal(ts.sessionCount, 0);
});

test('calls to tools outside the session are refused (hermes) or left to the host (aalis)', () => {
  const github = catalog.filter((t) => t.source === 'mcp-github');
  const ts = layer('hermes', 'gh', github);
  const refused = reply(ts.handle('tool_call', { name: 'slack_post_message', arguments: { channel_id: 'C1', text: 'hi' } }, { sessionId: 'gh' }));
  assert.match(refused.error, /'slack_post_message' is not available in this session/);
  const described = reply(ts.handle('tool_describe', { names: ['slack_post_message'] }, { sessionId: 'gh' }));
  assert.deepEqual(described.not_found, ['slack_post_message']);
  assert.deepEqual(described.tools, {});
  assert.match(reply(ts.handle('tool_call', { name: 'tool_call', arguments: {} }, { sessionId: 'gh' })).error, /itself a bridge tool/);
  const aalis = layer('aalis', 'gh', github);
  assert.equal(aalis.handle('slack_post_message', {}, { sessionId: 'gh' }), null, 'not a bridge tool: the host runs (or refuses) it');
});
