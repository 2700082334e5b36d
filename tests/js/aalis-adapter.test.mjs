// tool-search/aalis: the plugin wired into a stand-in for Aalis' plugin Context (middleware
// chains run onion-style with next(), a tools service with register/execute), driven through a
// scripted conversation over the sample catalog in Aalis' own message shape.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';
import { createAalisPlugin, createAalisToolSearch, SEARCH_TOOL, PLUGIN_NAME } from 'tool-search/aalis';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'))
  .map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));

/** The parts of an Aalis Context the plugin touches, run the way Aalis runs them. */
function aalisContext({ modern = true } = {}) {
  const hooks = new Map();
  const registered = [];
  const logs = [];
  const logger = { debug: (m) => logs.push(['debug', m]), info: (m) => logs.push(['info', m]), warn: (m) => logs.push(['warn', m]) };
  const tools = { register: (tool, pluginName) => { registered.push({ ...tool, pluginName }); return () => registered.splice(registered.indexOf(tool), 1); } };
  const ctx = {
    id: PLUGIN_NAME,
    logger: { ...logger, child: () => logger },
    middleware(hook, handler) {
      if (!hooks.has(hook)) hooks.set(hook, []);
      hooks.get(hook).push(handler);
      return () => hooks.get(hook).splice(hooks.get(hook).indexOf(handler), 1);
    },
    ...(modern ? { whenService: (name, callback) => callback(tools) } : { registerTool: (tool) => tools.register(tool, PLUGIN_NAME) }),
  };
  async function run(hook, data) {
    const chain = hooks.get(hook) ?? [];
    const step = async (i) => { if (i < chain.length) await chain[i](data, () => step(i + 1)); };
    await step(0);
    return data;
  }
  return { ctx, run, registered, logs, hooks };
}

test('the plugin replaces the tool list, answers search_tools, remembers discoveries and clears on memory:clear', async () => {
  const { ctx, run, registered, logs } = aalisContext();
  const plugin = createAalisPlugin(ToolSearch);
  assert.deepEqual([plugin.name, plugin.displayName, plugin.subsystem], ['@aalis/plugin-tool-search', '搜索工具', 'tools'], "the plugin's declaration");
  const dispose = plugin.apply(ctx, { maxSearchResults: 3, alwaysDirectTools: ['web_search'] });
  assert.equal(registered.length, 1);
  assert.equal(registered[0].definition.function.name, SEARCH_TOOL);
  assert.equal(registered[0].pluginName, PLUGIN_NAME);
  const searchTools = registered[0];

  // The host's tool list includes the registered search_tools itself, as Aalis' registry does.
  const allTools = [searchTools.definition, ...catalog];
  const messages = [{ role: 'user', content: '帮我查一下北京的天气' }];
  let data = await run('agent:llm:before', { messages, tools: allTools, sessionId: 'qq:1' });
  assert.deepEqual(data.tools.map((t) => t.function.name), [SEARCH_TOOL]);
  assert.notEqual(data.tools[0], searchTools.definition, 'the core renders this turn\'s bridge');
  assert.match(data.tools[0].function.description, /maps_weather/);
  assert.ok(logs.some(([level, m]) => level === 'warn' && /web_search/.test(m)), 'a missing always-direct tool is warned about');

  // The model calls search_tools; Aalis runs the registered handler with the call context.
  const content = await searchTools.handler({ query: '天气 weather' }, { sessionId: 'qq:1' });
  const result = JSON.parse(content);
  assert.ok(result.tools.some((t) => t.name === 'maps_weather'), content.slice(0, 300));
  assert.ok(result.tools.length <= 3, 'maxSearchResults is the page size');
  messages.push({ role: 'assistant', content: '', toolCalls: [{ id: 'call_1', function: { name: SEARCH_TOOL, arguments: '{"query":"天气 weather"}' } }] });
  messages.push({ role: 'tool', toolCallId: 'call_1', content });

  // Next iteration: the found tools are visible with their full definitions (the host's objects).
  data = await run('agent:llm:before', { messages, tools: allTools, sessionId: 'qq:1' });
  const weather = data.tools.find((t) => t.function.name === 'maps_weather');
  assert.equal(weather, catalog.find((t) => t.function.name === 'maps_weather'));

  // Another session is unaffected; memory:clear for qq:1 forgets its discoveries.
  data = await run('agent:llm:before', { messages: [], tools: allTools, sessionId: 'qq:2' });
  assert.deepEqual(data.tools.map((t) => t.function.name), [SEARCH_TOOL]);
  const cleared = await run('memory:clear', { scope: 'session', sessionId: 'qq:1', results: [], rollbacks: [] });
  assert.deepEqual(cleared.results.map((r) => [r.source, r.success]), [[PLUGIN_NAME, true]]);
  data = await run('agent:llm:before', { messages: [{ role: 'user', content: 'hi' }], tools: allTools, sessionId: 'qq:1' });
  assert.deepEqual(data.tools.map((t) => t.function.name), [SEARCH_TOOL]);

  // A memory:clear aimed at other subsystems leaves the layer alone.
  const other = await run('memory:clear', { scope: 'all', types: ['vector'], results: [], rollbacks: [] });
  assert.deepEqual(other.results, []);
  dispose();
});

test('scope "all" clears every session, enabled groups filter search results, and small lists pass through', async () => {
  const ts = new ToolSearch({ profile: 'aalis', maxDirectTools: 5 });
  const layer = createAalisToolSearch(ts);
  const grouped = catalog.map((t, i) => ({ ...t, groups: [i % 2 ? 'odd' : 'even'] }));
  for (const sessionId of ['a', 'b']) {
    await layer.llmBefore({ messages: [], tools: grouped, sessionId });
    await layer.searchTool.handler({ query: 'github' }, { sessionId });
  }
  assert.ok(ts.discovered('a').length > 0 && ts.discovered('b').length > 0);
  await layer.memoryClear({ scope: 'all', results: [] });
  assert.deepEqual([ts.discovered('a'), ts.discovered('b')], [[], []]);
  // Only the discoveries go: the sessions keep their tool lists, so a search_tools call that
  // comes before the next turn is still answered in scope.
  assert.ok(JSON.parse(await layer.searchTool.handler({ query: 'github' }, { sessionId: 'a' })).tools.length > 0);
  // A session-scoped clear without a sessionId is the session llmBefore used for such data.
  await layer.llmBefore({ messages: [], tools: grouped });
  await layer.searchTool.handler({ query: 'github' }, {});
  assert.ok(ts.discovered('default').length > 0);
  const cleared = { scope: 'session', results: [] };
  await layer.memoryClear(cleared);
  assert.deepEqual(ts.discovered('default'), []);
  assert.deepEqual(cleared.results.map((r) => r.message), ['discovered tools cleared']);
  assert.ok(ts.discovered('a').length > 0, 'other sessions untouched');

  await layer.llmBefore({ messages: [], tools: grouped, sessionId: 'g' });
  const even = JSON.parse(await layer.searchTool.handler({ query: '', limit: 0 }, { sessionId: 'g', enabledGroups: ['even'] }));
  assert.equal(even.tools.length, Math.ceil(catalog.length / 2));
  assert.ok(even.tools.every((t) => grouped.find((g) => g.function.name === t.name).groups[0] === 'even'));

  const small = { messages: [], tools: catalog.slice(0, 5), sessionId: 's' };
  const before = small.tools;
  let nextCalled = false;
  await layer.llmBefore(small, async () => { nextCalled = true; });
  assert.ok(nextCalled);
  assert.deepEqual(small.tools, before, 'at or below maxDirectTools every tool goes through');
  ts.free();
});

test('the older registerTool API works, a disabled plugin registers nothing, and bad config is a ToolSearchError', () => {
  const legacy = aalisContext({ modern: false });
  createAalisPlugin(ToolSearch).apply(legacy.ctx, {});
  assert.equal(legacy.registered.length, 1);
  assert.equal(legacy.hooks.get('agent:llm:before').length, 1);

  const off = aalisContext();
  createAalisPlugin(ToolSearch).apply(off.ctx, { enabled: false });
  assert.equal(off.registered.length, 0);
  assert.equal(off.hooks.size, 0);
  assert.ok(off.logs.some(([level]) => level === 'info'));

  assert.throws(() => createAalisPlugin(ToolSearch).apply(aalisContext().ctx, { maxDirectTools: 'five' }),
    (e) => e.name === 'ToolSearchError' && e.code === 'invalid_config' && /maxDirectTools/.test(e.message));
  assert.throws(() => createAalisToolSearch({}), /needs a ToolSearch instance/);
  // A layer on another profile would show the model tool_search and answer nothing.
  assert.throws(() => createAalisToolSearch(new ToolSearch({ profile: 'hermes' })), (e) => e instanceof TypeError && /aalis profile/.test(e.message));
});
