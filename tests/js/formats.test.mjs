// tool-search/formats: the sample catalog through every provider shape, assembled lists going
// back to the host's client format, and a real Vercel AI SDK tool set round trip.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { asSchema, generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { ToolSearch, ready } from 'tool-search';
import {
  FORMATS, convertTools, formatOf, fromAISDK, readTool, tagTools, toAISDK, toAnthropic, toOpenAIChat, toOpenAIResponses,
} from 'tool-search/formats';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));

test('every format round-trips the sample catalog and writes only its own fields', () => {
  const expected = catalog.map((t) => ({ name: t.name, description: t.description, schema: t.inputSchema }));
  const keys = {
    'openai-chat': ['function', 'type'], 'openai-responses': ['description', 'name', 'parameters', 'strict', 'type'],
    anthropic: ['description', 'input_schema', 'name'], mcp: ['description', 'inputSchema', 'name'], flat: ['description', 'name', 'parameters'],
  };
  for (const format of FORMATS) {
    const converted = convertTools(catalog, format);
    assert.equal(converted.length, catalog.length);
    converted.forEach((t) => assert.equal(formatOf(t), format));
    assert.deepEqual(Object.keys(converted[0]).sort(), keys[format], format);
    const read = converted.map(readTool).map(({ name, description, schema }) => ({ name, description, schema }));
    assert.deepEqual(read, expected, `${format} keeps name, description and schema`);
  }
  const kept = convertTools(catalog, 'anthropic', { keepMetadata: true });
  assert.equal(kept[0].source, catalog[0].source);
  assert.throws(() => convertTools(catalog, 'gemini'), /unknown tool format "gemini"/);
  const tagged = tagTools(toOpenAIChat(catalog.slice(0, 2)), { source: 'maps', kind: 'plugin' });
  assert.deepEqual(tagged.map((t) => [t.source, t.kind]), [['maps', 'plugin'], ['maps', 'plugin']]);
});

test('the converters keep what the target format defines and write schemas providers accept', () => {
  // strict was dropped (a strict tool became non-strict), an Anthropic prompt-cache breakpoint
  // vanished, a null description was copied as null, a schema without type went out as is.
  const cached = { name: 'lookup', description: 'Look up a record', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' }, strict: true };
  const chat = { type: 'function', function: { name: 'fetch_page', description: null, parameters: { properties: { url: { type: 'string' } } }, strict: true } };
  const responses = { type: 'function', name: 'list_items', parameters: { type: 'object' } };
  assert.deepEqual(toAnthropic([cached])[0], cached, 'an Anthropic tool stays itself');
  assert.deepEqual(toOpenAIChat([chat])[0], {
    type: 'function', function: { name: 'fetch_page', parameters: { type: 'object', properties: { url: { type: 'string' } } }, strict: true },
  }, 'strict kept, null description dropped, the schema said to be an object (a copy)');
  assert.equal(chat.function.parameters.type, undefined, "the host's schema is not touched");
  assert.deepEqual(toOpenAIResponses([chat, responses]).map((t) => t.strict), [true, false], 'Responses tools say strict, false unless the tool said');
  assert.deepEqual(Object.keys(toAnthropic([chat])[0]).sort(), ['input_schema', 'name', 'strict'], 'no OpenAI-only field reaches Anthropic');
  assert.equal('cache_control' in toOpenAIChat([cached])[0].function, false);
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

  // A tool the core does not call a bridge is the host's: no execute of ours for it.
  const plain = toAISDK([{ name: 'made_up', description: 'd' }], { toolSearch: ts }).made_up;
  assert.deepEqual([plain.description, plain.execute], ['d', undefined]);
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
  assert.throws(() => toAISDK(turn.tools, { toolSearch: ts, context: { sessionId: 'ai' } }), /toolSet/);
  const set = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 'ai' }, toolSet });
  assert.deepEqual(Object.keys(set), ['tool_search', 'tool_describe', 'tool_call']);
  const out = await set.tool_call.execute({ name: 'maps_weather', arguments: { city: '北京' } }, {});
  assert.deepEqual(out, { ok: 'maps_weather' });
  assert.deepEqual(calls, [['maps_weather', { city: '北京' }]]);
  ts.free();
});

/** A scripted AI SDK model: each step calls one tool, then it stops; `seen` gets each prompt. */
function scripted(calls, seen = []) {
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
  const steps = calls.map(([toolName, input], i) => ({
    content: [{ type: 'tool-call', toolCallId: `call-${i}`, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [],
  }));
  const done = { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  let i = 0;
  return new MockLanguageModelV4({ doGenerate: async ({ prompt }) => { seen.push(prompt); return steps[i++] ?? done; } });
}

test('a tool_call through toAISDK runs the tool as the AI SDK runs it directly', { skip: !hermes() && 'the hermes profile is not in this build' }, async () => {
  // It ran the tool's execute() with the model's raw input: no approval asked for a tool that
  // needs one, no Zod transforms or defaults, no toModelOutput.
  const ran = [];
  const toolSet = {
    wire_money: tool({
      description: 'Wire money to a bank account',
      needsApproval: true,
      inputSchema: jsonSchema({ type: 'object', properties: { amount: { type: 'number' }, iban: { type: 'string' } }, required: ['amount', 'iban'] }),
      execute: async (input) => { ran.push(['wire_money', input]); return 'wired'; },
    }),
    schedule_meeting: tool({
      description: 'Schedule a meeting in the calendar',
      inputSchema: z.object({ title: z.string().trim().refine((t) => t.length > 0, 'a title is required'), when: z.string().transform((s) => new Date(s)), minutes: z.number().default(30) }),
      execute: async (input) => { ran.push(['schedule_meeting', input]); return { scheduled: input.title }; },
    }),
    sales_report: tool({
      description: 'Monthly sales report',
      inputSchema: jsonSchema({ type: 'object', properties: { month: { type: 'string' } } }),
      execute: async ({ month }) => ({ month, total: 42 }),
      toModelOutput: ({ input, output }) => ({ type: 'text', value: `${input.month}: ${output.total}` }),
    }),
  };
  const ts = new ToolSearch({ profile: 'hermes' });
  const turn = ts.assemble(fromAISDK(toolSet, { source: 'local', toJsonSchema: (s) => asSchema(s).jsonSchema }), { sessionId: 'ai' });
  const tools = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 'ai' }, toolSet });
  assert.deepEqual(Object.keys(tools), ['tool_search', 'tool_describe', 'tool_call']);

  const approval = await generateText({
    model: scripted([['tool_call', { name: 'wire_money', arguments: { amount: 1000, iban: 'DE00' } }]]), tools, stopWhen: stepCountIs(4), prompt: 'pay',
  });
  const requests = approval.steps.flatMap((s) => s.content).filter((c) => c.type === 'tool-approval-request');
  assert.equal(requests.length, 1, 'the approval the tool asks for is asked');
  assert.deepEqual(ran, [], 'and nothing ran before it');
  // A call the model encoded twice is dispatched, so it asks for the same approval (unwrap
  // read it once and named "tool_call", which needs none).
  const twice = JSON.stringify(JSON.stringify({ name: 'wire_money', arguments: { amount: 1, iban: 'DE00' } }));
  assert.equal(await tools.tool_call.needsApproval(twice, { toolCallId: 'x', messages: [] }), true);
  assert.equal(ts.unwrap({ name: 'tool_call', arguments: twice }).name, 'wire_money');

  const prompts = [];
  await generateText({
    model: scripted([
      ['tool_call', { name: 'schedule_meeting', arguments: { title: '  Sync ', when: '2026-12-10T10:00:00Z' } }],
      ['tool_call', { name: 'sales_report', arguments: { month: 'May' } }],
      ['tool_call', { name: 'schedule_meeting', arguments: { title: '   ', when: '2026-12-11T10:00:00Z' } }],
    ], prompts),
    tools, stopWhen: stepCountIs(5), prompt: 'plan',
  });
  assert.equal(ran.length, 1);
  const [name, input] = ran[0];
  assert.equal(name, 'schedule_meeting');
  assert.equal(input.title, 'Sync', 'Zod trimmed it');
  assert.ok(input.when instanceof Date, 'Zod transformed it');
  assert.equal(input.minutes, 30, 'Zod defaulted it');
  // What the model was shown, in the prompt of the step after the last call.
  const outputs = prompts.at(-1).filter((m) => m.role === 'tool').flatMap((m) => m.content).map((p) => p.output);
  assert.deepEqual(outputs[0], { type: 'json', value: { scheduled: 'Sync' } });
  assert.deepEqual(outputs[1], { type: 'text', value: 'May: 42' }, "the tool's own toModelOutput");
  assert.equal(outputs[2].type, 'error-text');
  assert.match(outputs[2].value, /invalid input for "schedule_meeting": a title is required/, 'input its schema refuses never reaches execute()');
  // AI SDK 5 calls toModelOutput with the output alone and takes no promise.
  assert.deepEqual(tools.tool_search.toModelOutput({ results: [] }), { type: 'json', value: { results: [] } });
  ts.free();
});

test('toAISDK keeps visible host tools callable and finds tool_call targets across tool sets', { skip: !hermes() && 'the hermes profile is not in this build' }, async () => {
  // A tagTools copy (to mark a tool core) or a plain host tool was given a bridge execute() that
  // always threw; a tool_call target was looked up only in the first set a listed tool came from.
  const core = { calculator: tool({ description: 'Evaluate arithmetic', inputSchema: jsonSchema({ type: 'object', properties: { expr: { type: 'string' } } }), execute: async ({ expr }) => `= ${expr}` }) };
  const deferred = { weather: tool({ description: 'Weather forecast for a city', inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }), execute: async ({ city }) => `sunny in ${city}` }) };
  const plain = { name: 'local_note', description: 'Write a local note', parameters: { type: 'object' }, kind: 'core' };
  const ts = new ToolSearch({ profile: 'hermes' });
  const list = [...tagTools(fromAISDK(core), { kind: 'core' }), plain, ...fromAISDK(deferred, { source: 'forecast' })];
  const turn = ts.assemble(list, { sessionId: 'sets' });
  const context = { sessionId: 'sets' };

  // The calculator is not in the set given: its tagged copy still leads back to it.
  const inferred = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: deferred });
  assert.equal(inferred.calculator, core.calculator, 'the tagged copy leads back to the host tool');
  assert.equal(await inferred.calculator.execute({ expr: '1+1' }, {}), '= 1+1');
  assert.equal(inferred.local_note.execute, undefined, 'a plain host tool is left for the host to run');
  assert.deepEqual(inferred.local_note.inputSchema.jsonSchema, { type: 'object' });
  assert.equal(await inferred.tool_call.execute({ name: 'weather', arguments: { city: 'Porto' } }, {}), 'sunny in Porto');
  const coreOnly = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: core });
  await assert.rejects(() => coreOnly.tool_call.execute({ name: 'weather', arguments: { city: 'Porto' } }, {}), /"weather", which is in none of the tool sets given as toolSet/);

  const both = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: [core, deferred] });
  assert.equal(await both.tool_call.execute({ name: 'weather', arguments: { city: 'Porto' } }, {}), 'sunny in Porto');
  const named = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: { ...core, local_note: deferred.weather } });
  assert.equal(named.local_note, deferred.weather, 'a tool set naming a listed tool supplies it');
  ts.free();
});

test('toAISDK refuses a list with the tool_call bridge and no toolSet when converting, not in front of the model', { skip: !hermes() && 'the hermes profile is not in this build' }, async () => {
  // It converted, and the first tool_call threw inside execute(): the AI SDK handed the host's
  // configuration error to the model as a failed tool call, after telling it to fix arguments
  // that were wrong too, for a call that could never run.
  const core = { calculator: tool({ description: 'Evaluate arithmetic', inputSchema: jsonSchema({ type: 'object' }), execute: async () => 2 }) };
  const deferred = { weather: tool({ description: 'Weather forecast for a city', inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }), execute: async ({ city }) => `sunny in ${city}` }) };
  const list = [...fromAISDK(core, { kind: 'core' }), ...fromAISDK(deferred, { source: 'forecast' })];
  const context = { sessionId: 'early' };
  const refused = (error) => error instanceof TypeError
    && error.message === 'toAISDK: the tools hold the tool_call bridge, so some tools are deferred and tool_call must find them: '
      + 'pass the AI SDK tool set(s) they come from as toAISDK(tools, {toolSet}) (one set or an array)';
  for (const profile of ['hermes', 'vibeos']) {
    const ts = new ToolSearch({ profile, enabled: 'on' });
    const turn = ts.assemble(list, context);
    assert.ok(turn.tools.some((t) => readTool(t).name === 'tool_call'), `${profile} defers weather`);
    // A listed core tool's set is no substitute: it would not hold the deferred one.
    assert.throws(() => toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context }), refused, profile);
    for (const none of [[], null, 0, '', [null]]) {
      assert.throws(() => toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: none }), refused, `${profile}: ${JSON.stringify(none)}`);
    }
    const set = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context, toolSet: [core, deferred] });
    assert.equal(await set.tool_call.execute({ name: 'weather', arguments: { city: 'Porto' } }, {}), 'sunny in Porto');
    // Without toolSearch nothing is a bridge: the list converts as host tools.
    assert.equal(toAISDK(turn.tools).tool_call.execute, undefined);
    ts.free();
  }
  // Aalis has no tool_call: search_tools finds tools the next turn lists directly.
  const aalis = new ToolSearch({ profile: 'aalis', maxDirectTools: 1 });
  const turn = aalis.assemble(list, context);
  assert.ok(turn.active && turn.tools.some((t) => readTool(t).name === 'search_tools'), 'aalis is active');
  const set = toAISDK(turn.tools, { jsonSchema, toolSearch: aalis, context });
  assert.equal(typeof set.search_tools.execute, 'function');
  aalis.free();
});

function hermes() {
  try { new ToolSearch({ profile: 'hermes' }).free(); return true; } catch { return false; }
}

test('the adapters read every tool shape as the core does, and refuse what it refuses', { skip: !hermes() && 'the hermes profile is not in this build' }, () => {
  // A nested `function` without `type: "function"` lost its name and schema in convertTools,
  // and a tool with both `inputSchema` and `parameters` was described and checked against
  // `parameters` by the core but converted with `inputSchema`.
  const nested = { source: 'x', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
  const both = { name: 'lookup', source: 'x', inputSchema: { type: 'object', properties: { key: { type: 'string' } } }, parameters: { type: 'object', properties: { id: { type: 'string' } } } };
  assert.equal(formatOf(nested), 'openai-chat');
  assert.deepEqual(readTool(nested).schema, nested.function.parameters);
  assert.deepEqual(readTool(both).schema, both.parameters);
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble([nested, both], { sessionId: 'f', contextWindow: 10 });
  for (const tool of [nested, both]) {
    const { name, schema } = readTool(tool);
    const described = JSON.parse(ts.handle('tool_describe', { names: [name] }, { sessionId: 'f' }).content);
    assert.deepEqual(described.tools[name].parameters, schema, name);
  }
  const [converted] = convertTools([nested], 'anthropic');
  assert.equal(converted.name, 'get_weather');
  assert.deepEqual(converted.input_schema, nested.function.parameters);
  // What the core refuses (invalid_tool) the adapters refuse too, instead of writing garbage.
  assert.throws(() => convertTools([{ description: 'no name' }], 'mcp'), /needs a name \(got none\)/);
  assert.throws(() => readTool({ name: 'a', parameters: [1, 2] }), /`parameters` schema is not an object/);
  // A `function` field that is not an object is the core's invalid_tool; the adapters read
  // such a tool as a flat or a Responses tool and converted it.
  const fieldNotAnObject = [
    [{ type: 'function', name: 'a8', parameters: { type: 'object' }, function: null }, /^TypeError: tool "a8": its `function` field is not an object \(got null\)$/],
    [{ name: 'a13', function: 'str' }, /^TypeError: tool "a13": its `function` field is not an object \(got string\)$/],
    [{ function: [] }, /^TypeError: a tool definition: its `function` field is not an object \(got array\)$/],
  ];
  for (const [tool, message] of fieldNotAnObject) {
    assert.throws(() => ts.assemble([tool]), (error) => error.code === 'invalid_tool' && /`function` field that is not an object/.test(error.message));
    assert.throws(() => readTool(tool), message);
    assert.throws(() => convertTools([tool], 'anthropic'), message);
  }
  assert.throws(() => fromAISDK({ a: null }), /^TypeError: AI SDK tool "a" is not a tool object \(got null\)$/);
  ts.free();
});

test('fromAISDK reads a lazy schema and refuses a Promise of one instead of dropping it', () => {
  // A `lazySchema()` (a function) was dropped by JSON.stringify and a `jsonSchema(promise)` was
  // read as `{}`: the core described the tool without parameters and dispatched calls missing
  // a required one.
  const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  const execute = async () => 'sunny';
  // What `lazySchema(() => jsonSchema(schema))` of @ai-sdk/provider-utils returns: a function
  // that makes the schema.
  const lazy = { weather: tool({ description: 'Weather for a city', inputSchema: () => jsonSchema(schema), execute }) };
  const [flat] = fromAISDK(lazy, { source: 'w' });
  assert.deepEqual(flat.parameters, schema);
  const ts = new ToolSearch({ profile: 'vibeos', enabled: 'on' });
  ts.assemble([flat], { sessionId: 'lazy' });
  const call = ts.handle('tool_call', { name: 'weather', arguments: {} }, { sessionId: 'lazy' });
  assert.equal(call.type, 'reply');
  assert.match(call.result.error, /missing required argument\(s\): city/);
  ts.free();

  const refused = /^TypeError: tool "weather": its schema is a Promise, which fromAISDK cannot read synchronously; await it first/;
  const promised = jsonSchema(Promise.resolve(schema));
  assert.throws(() => fromAISDK({ weather: tool({ inputSchema: promised, execute }) }), refused);
  assert.throws(() => fromAISDK({ weather: tool({ inputSchema: () => jsonSchema(async () => schema), execute }) }), refused);
  assert.throws(() => fromAISDK({ weather: { inputSchema: promised } }, { toJsonSchema: (s) => asSchema(s).jsonSchema }), refused);
});

test('a schema key set to undefined is absent for the adapters, as it is for the core', { skip: !hermes() && 'the hermes profile is not in this build' }, () => {
  // `{...mcpTool, parameters: opts.parameters}` hid the tool's inputSchema from the adapters:
  // the core (which reads the JSON text, where such a key does not exist) described and
  // checked calls against inputSchema, while toAnthropic, toOpenAIChat and toAISDK wrote a tool
  // without parameters for the provider.
  const schema = { type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] };
  const tools = [
    { name: 'delete_repo', source: 'gh', inputSchema: schema, parameters: undefined },
    { name: 'archive_repo', source: 'gh', input_schema: undefined, inputSchema: schema },
    { source: 'gh', function: { name: 'rename_repo', parameters: undefined, inputSchema: schema } },
  ];
  assert.equal(formatOf(tools[1]), 'mcp');
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(tools, { sessionId: 'u', contextWindow: 10 });
  for (const tool of tools) {
    const { name } = readTool(tool);
    const described = JSON.parse(ts.handle('tool_describe', { names: [name] }, { sessionId: 'u' }).content);
    assert.deepEqual(described.tools[name].parameters, schema, name);
    assert.deepEqual(readTool(tool).schema, schema, name);
    assert.deepEqual(toAnthropic([tool])[0].input_schema, schema, name);
    assert.deepEqual(toAISDK([tool])[name].inputSchema, schema, name);
  }
  ts.free();
});

test('a null schema is no schema for readTool, as a null description is', { skip: !hermes() && 'the hermes profile is not in this build' }, () => {
  // readTool returned `schema: null`, which its declared type (`schema?: JsonSchema`) does not
  // allow, and toFlat wrote `parameters: null`. The core reads a null schema as no parameters,
  // and stops there: a later key is not read.
  const empty = { type: 'object', properties: {} };
  const tools = [
    { name: 'ping', source: 'net', parameters: null },
    { type: 'function', source: 'net', function: { name: 'pong', description: null, parameters: null } },
    { name: 'echo', source: 'net', parameters: null, inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  ];
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(tools, { sessionId: 'n', contextWindow: 10 });
  for (const tool of tools) {
    const read = readTool(tool);
    assert.equal(read.schema, undefined, read.name);
    assert.equal(read.description, undefined, read.name);
    const described = JSON.parse(ts.handle('tool_describe', { names: [read.name] }, { sessionId: 'n' }).content);
    assert.deepEqual(described.tools[read.name].parameters, empty, read.name);
    assert.deepEqual(toAnthropic([tool])[0].input_schema, empty, read.name);
    assert.deepEqual(convertTools([tool], 'flat')[0], { name: read.name }, read.name);
  }
  ts.free();
});
