// tool-search/formats: the sample catalog through every provider shape, assembled lists going
// back to the host's client format, and a real Vercel AI SDK tool set round trip.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { jsonSchema, tool } from 'ai';
import { ToolSearch, ready } from 'tool-search';
import {
  FORMATS, convertTools, formatOf, fromAISDK, readTool, tagTools, toAISDK, toAnthropic, toOpenAIChat, toOpenAIResponses,
} from 'tool-search/formats';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));

test('every format round-trips the sample catalog and writes only its own fields', () => {
  const expected = catalog.map((t) => ({ name: t.name, description: t.description, schema: t.inputSchema }));
  const keys = {
    'openai-chat': ['function', 'type'], 'openai-responses': ['description', 'name', 'parameters', 'type'],
    anthropic: ['description', 'input_schema', 'name'], mcp: ['description', 'inputSchema', 'name'], flat: ['description', 'name', 'parameters'],
  };
  for (const format of FORMATS) {
    const converted = convertTools(catalog, format);
    assert.equal(converted.length, catalog.length);
    converted.forEach((t) => assert.equal(formatOf(t), format));
    assert.deepEqual(Object.keys(converted[0]).sort(), keys[format], format);
    assert.deepEqual(converted.map(readTool), expected, `${format} keeps name, description and schema`);
  }
  const kept = convertTools(catalog, 'anthropic', { keepMetadata: true });
  assert.equal(kept[0].source, catalog[0].source);
  assert.throws(() => convertTools(catalog, 'gemini'), /unknown tool format "gemini"/);
  const tagged = tagTools(toOpenAIChat(catalog.slice(0, 2)), { source: 'maps', kind: 'plugin' });
  assert.deepEqual(tagged.map((t) => [t.source, t.kind]), [['maps', 'plugin'], ['maps', 'plugin']]);
});

test('an assembled list keeps the host format and converts cleanly for another client', () => {
  const ts = new ToolSearch({ profile: 'aalis', alwaysDirectTools: ['create_issue'] });
  const responses = toOpenAIResponses(catalog, { keepMetadata: true });
  const turn = ts.assemble(responses, { sessionId: 'fmt' });
  assert.equal(turn.active, true);
  turn.tools.forEach((t) => assert.equal(formatOf(t), 'openai-responses'));
  assert.ok(turn.tools.includes(responses.find((t) => t.name === 'create_issue')), 'the host object itself comes back');
  const anthropic = toAnthropic(turn.tools);
  assert.deepEqual(anthropic.map((t) => t.name), ['search_tools', 'create_issue']);
  assert.equal(anthropic[0].input_schema.type, 'object');
  assert.equal(anthropic[1].source, undefined, 'metadata the provider would reject is dropped');
  ts.free();
});

test('an AI SDK tool set goes through assembly and back with execute, and bridge calls run', async () => {
  const calls = [];
  const toolSet = Object.fromEntries(catalog.slice(0, 40).map((t) => [t.name, tool({
    description: t.description,
    inputSchema: jsonSchema(t.inputSchema),
    execute: async (input) => { calls.push([t.name, input]); return { ok: t.name }; },
  })]));
  const flat = fromAISDK(toolSet, { source: 'local' });
  assert.equal(flat.length, 40);
  assert.deepEqual(flat[0].parameters, catalog[0].inputSchema, 'jsonSchema() wrappers are unwrapped');
  assert.equal(flat[0].source, 'local');

  const ts = new ToolSearch({ profile: 'aalis', alwaysDirectTools: [catalog[3].name] });
  const turn = ts.assemble(flat, { sessionId: 'ai' });
  const set = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 'ai' } });
  assert.deepEqual(Object.keys(set), ['search_tools', catalog[3].name]);
  assert.equal(set[catalog[3].name], toolSet[catalog[3].name], 'the host tool object, execute and all');
  assert.deepEqual(set.search_tools.inputSchema.jsonSchema, turn.tools[0].parameters, 'the bridge schema is wrapped by jsonSchema()');

  const found = await set.search_tools.execute({ query: 'weather' }, {});
  assert.ok(found.tools.some((t) => t.name === 'maps_weather'), JSON.stringify(found).slice(0, 300));

  await assert.rejects(() => toAISDK([{ name: 'made_up' }], { toolSearch: ts }).made_up.execute({}, {}), /not a bridge tool/);
  assert.throws(() => fromAISDK({ z: { inputSchema: { '~standard': {} } } }), /toJsonSchema/);
  ts.free();
});

test('a tool named __proto__ or constructor survives the AI SDK round trip as an own key', async () => {
  // `out[name] = …` set the result's prototype for `__proto__`: the tool vanished from it.
  const toolSet = {};
  for (const name of ['__proto__', 'constructor', 'toString']) {
    Object.defineProperty(toolSet, name, { value: tool({ description: `the ${name} tool`, inputSchema: jsonSchema({ type: 'object' }), execute: async () => name }), enumerable: true });
  }
  const flat = fromAISDK(toolSet, { source: 'odd' });
  assert.deepEqual(flat.map((t) => t.name), ['__proto__', 'constructor', 'toString']);
  const back = toAISDK(flat, { jsonSchema });
  assert.deepEqual(Object.keys(back), ['__proto__', 'constructor', 'toString']);
  assert.equal(Object.getPrototypeOf(back), Object.prototype);
  assert.equal(back.__proto__.description, 'the __proto__ tool');
  // tool_call resolving to such a name runs that tool, not an inherited property.
  const ts = new ToolSearch({ profile: 'hermes' });
  const turn = ts.assemble(flat, { sessionId: 'odd' });
  const set = toAISDK(turn.tools, { toolSearch: ts, context: { sessionId: 'odd' }, toolSet });
  assert.equal(await set.tool_call.execute({ name: '__proto__', arguments: {} }, {}), '__proto__');
  const refused = await set.tool_call.execute({ name: 'hasOwnProperty', arguments: {} }, {});
  assert.match(refused.error, /'hasOwnProperty' is not available in this session/);
  ts.free();
});

test('hermes tool_call from an AI SDK tool set runs the underlying tool\'s execute', { skip: !hermes() && 'the hermes profile is not in this build' }, async () => {
  const calls = [];
  const toolSet = Object.fromEntries(catalog.slice(0, 40).map((t) => [t.name, tool({
    description: t.description,
    inputSchema: jsonSchema(t.inputSchema),
    execute: async (input) => { calls.push([t.name, input]); return { ok: t.name }; },
  })]));
  const ts = new ToolSearch({ profile: 'hermes' });
  const turn = ts.assemble(fromAISDK(toolSet, { kind: 'mcp', source: 'amap' }), { sessionId: 'ai' });
  // Every tool is deferred, so none carries its set back: name it for tool_call.
  await assert.rejects(() => toAISDK(turn.tools, { toolSearch: ts, context: { sessionId: 'ai' } }).tool_call.execute({ name: 'maps_weather', arguments: { city: 'x' } }), /toolSet/);
  const set = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 'ai' }, toolSet });
  assert.deepEqual(Object.keys(set), ['tool_search', 'tool_describe', 'tool_call']);
  const out = await set.tool_call.execute({ name: 'maps_weather', arguments: { city: '北京' } }, {});
  assert.deepEqual(out, { ok: 'maps_weather' });
  assert.deepEqual(calls, [['maps_weather', { city: '北京' }]]);
  ts.free();
});

function hermes() {
  try { new ToolSearch({ profile: 'hermes' }).free(); return true; } catch { return false; }
}
