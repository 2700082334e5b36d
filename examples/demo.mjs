// `make demo`: the built package over the bundled sample catalog (333 real MCP tools).
// Searches it, then assembles one turn the way an agent host would, and walks the model's
// tool_search → tool_describe → tool_call loop to the dispatch the host would run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from '../pkg/node.mjs';

await ready();
const catalog = JSON.parse(readFileSync(new URL('../samples/catalog.json', import.meta.url), 'utf8'));
const core = [
  { type: 'function', kind: 'core', function: { name: 'terminal', description: 'Run a shell command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } } },
];
const ts = new ToolSearch({ profile: 'hermes' });

console.log(`Sample catalog: ${catalog.length} tools from ${new Set(catalog.map((t) => t.source)).size} MCP servers\n`);
for (const query of ['create a github issue', 'send a message to a slack channel', 'создать issue в github', '查询天气', 'book a calendar meeting']) {
  const hits = ts.search(query, { tools: catalog, limit: 3 });
  assert.ok(hits.length > 0, `no result for ${query}`);
  console.log(`search ${JSON.stringify(query)}`);
  for (const h of hits) console.log(`  ${h.score === null ? ' exact' : h.score.toFixed(2).padStart(6)}  ${h.name}  (${h.source})`);
}

// The host marks its MCP tools: names such as read_file or browser_click are Hermes core
// names, and an unmarked tool with a core name stays visible.
const tools = [...core, ...catalog.map((t) => ({ ...t, kind: 'mcp' }))];
const turn = ts.assemble(tools, { sessionId: 'demo', contextWindow: 200_000 });
const schemaBytes = JSON.stringify(tools).length;
const visibleBytes = JSON.stringify(turn.tools).length;
console.log(`\nassemble: ${tools.length} tools in → ${turn.tools.length} visible (tier ${turn.tier}, listing ${turn.listingForm}, ${turn.deferred} deferred)`);
console.log(`  the model's tool array: ${schemaBytes.toLocaleString('en')} → ${visibleBytes.toLocaleString('en')} bytes; listing ${turn.listingTokens} of ${turn.budgetTokens} budget tokens`);
console.log(`  visible: ${turn.tools.map((t) => t.function?.name ?? t.name).join(', ')}`);

const search = ts.handle('tool_search', { queries: ['github create issue'] }, { sessionId: 'demo' });
console.log(`\nmodel → tool_search(["github create issue"])\n  ${search.content.slice(0, 300)}…`);
const name = search.result.results[0].matches[0];
assert.equal(name, 'create_issue');
const describe = ts.handle('tool_describe', { names: [name] }, { sessionId: 'demo' });
console.log(`model → tool_describe(["${name}"])\n  required: ${JSON.stringify(describe.result.tools[name].parameters.required)}`);
const bad = ts.handle('tool_call', { name, arguments: { owner: 'acme' } }, { sessionId: 'demo' });
console.log(`model → tool_call(${name}, {owner}) → ${bad.type}: ${bad.result?.error}`);
const call = ts.handle('tool_call', { name, arguments: JSON.stringify({ owner: 'acme', repo: 'app', title: 'Crash on start' }) }, { sessionId: 'demo' });
console.log(`model → tool_call(${name}, {...}) → ${call.type} ${call.name} ${JSON.stringify(call.arguments)}`);
assert.equal(call.type, 'dispatch');
assert.equal(bad.type, 'reply');
console.log('  (the host now runs the real tool, so its hooks and approvals see the real name)');
