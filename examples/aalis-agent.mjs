// The Aalis middleware in a minimal agent loop: a fake Aalis plugin context, a scripted fake
// model and the bundled real catalog. Shows, turn by turn, the tool list shrinking to
// search_tools, the model searching, the found tools appearing, the LRU evicting, and
// memory:clear resetting. Run: `make build && node examples/aalis-agent.mjs` (asserts; exits 1 on a miss).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from '../pkg/node.mjs';
import { createAalisPlugin } from '../pkg/adapters/aalis.mjs';

await ready();
// Aalis hands tools around in OpenAI's shape; the server label rides along as `source`.
const tools = JSON.parse(readFileSync(new URL('../samples/catalog.json', import.meta.url), 'utf8'))
  .map((t) => ({ type: 'function', source: t.source, function: { name: t.name, description: t.description, parameters: t.inputSchema } }));

// A minimal Aalis plugin context: middleware chains and a tools service.
const chains = new Map();
const registry = new Map();
const ctx = {
  id: 'tool-search',
  logger: { warn: (m) => console.log(`  [warn] ${m}`), info() {}, debug() {} },
  middleware(event, fn) { chains.set(event, [...(chains.get(event) ?? []), fn]); },
  whenService(name, cb) { assert.equal(name, 'tools'); cb({ register: (tool) => registry.set(tool.definition.function.name, tool) }); },
};
const run = async (event, data) => { for (const fn of chains.get(event) ?? []) await fn(data, async () => {}); return data; };

const plugin = createAalisPlugin(ToolSearch);
plugin.apply(ctx, { maxDirectTools: 5, maxSearchResults: 2, maxDiscoveredKeep: 3, alwaysDirectTools: ['web_search'] });

const sessionId = 'chat-42';
const messages = [{ role: 'user', content: 'Open a GitHub issue about the crash, post it to Slack, then add a calendar event.' }];
const llm = async (label) => {
  const data = await run('agent:llm:before', { sessionId, messages, tools: [...tools] });
  const names = data.tools.map((t) => t.function.name);
  console.log(`${label}: ${tools.length} registered → ${names.length} sent: ${names.join(', ')}`);
  return names;
};
let callId = 0;
const call = async (name, args) => {
  const id = `call_${++callId}`;
  messages.push({ role: 'assistant', content: '', toolCalls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
  const content = name === 'search_tools'
    ? await registry.get('search_tools').handler(args, { sessionId })
    : JSON.stringify({ ok: true, tool: name }); // the host ran the real tool
  messages.push({ role: 'tool', toolCallId: id, content });
  return name === 'search_tools' ? JSON.parse(content) : null;
};

let names = await llm('turn 1');
assert.deepEqual(names, ['search_tools']);

let found = await call('search_tools', { query: 'github create issue' });
console.log(`  model → search_tools("github create issue") ← found ${found.found}: ${found.tools.map((t) => t.name).join(', ')}`);
names = await llm('turn 2');
assert.ok(names.includes('create_issue'));

await call('create_issue', { owner: 'acme', repo: 'app', title: 'Crash on start' });
console.log('  model → create_issue(...) ← answered by the host');
found = await call('search_tools', { query: 'slack post message' });
console.log(`  model → search_tools("slack post message") ← found ${found.found}: ${found.tools.map((t) => t.name).join(', ')}`);
names = await llm('turn 3');
assert.equal(names.length, 4, 'search_tools + maxDiscoveredKeep (3)');
assert.ok(names.includes('create_issue'), 'used most recently but one: kept');

found = await call('search_tools', { query: 'calendar create event' });
console.log(`  model → search_tools("calendar create event") ← found ${found.found}: ${found.tools.map((t) => t.name).join(', ')}`);
names = await llm('turn 4');
assert.equal(names.length, 4);
assert.ok(!names.includes('create_issue'), 'the least recently used tool was evicted');
console.log('  (the LRU evicted create_issue: only the 3 most recently used tools stay)');

const cleared = await run('memory:clear', { scope: 'session', sessionId, results: [] });
console.log(`memory:clear → ${cleared.results.map((r) => r.message).join('; ')}`);
messages.splice(1);
names = await llm('turn 5');
assert.deepEqual(names, ['search_tools']);
console.log('\naalis-agent: ok');
