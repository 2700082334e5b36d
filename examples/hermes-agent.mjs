// A scripted agent loop on the `hermes` profile: the bundled real catalog (333 MCP tools)
// plus a live MCP filesystem server over stdio. A fake model calls tool_search →
// tool_describe → tool_call; the host dispatches the underlying tool to the real server.
// Run: `make build && node examples/hermes-agent.mjs` (asserts what it shows; exits 1 on a miss).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolSearch, ready } from '../pkg/node.mjs';
import { McpCatalog } from '../pkg/adapters/mcp.mjs';

await ready();
const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'hermes-agent-'));
writeFileSync(join(dir, 'todo.txt'), 'ship tool-search\n');

// The host's tools: its own core tool, the sample catalog, and a live filesystem server whose
// tools replace the sample's dump of the same server.
const files = new Client({ name: 'hermes-agent-example', version: '0.0.0' });
await files.connect(new StdioClientTransport({
  command: process.execPath,
  args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir],
  stderr: 'ignore',
}));
const mcp = await McpCatalog.connect({ 'mcp-filesystem': files });
const sample = JSON.parse(readFileSync(new URL('../samples/catalog.json', import.meta.url), 'utf8'))
  .filter((t) => t.source !== 'mcp-filesystem')
  .map((t) => ({ ...t, kind: 'mcp' }));
const tools = [
  { type: 'function', kind: 'core', function: { name: 'terminal', description: 'Run a shell command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } } },
  ...sample,
  ...mcp.tools,
];

const ts = new ToolSearch({ profile: 'hermes' });
const session = { sessionId: 'agent-1' };
const turn = ts.assemble(tools, { ...session, contextWindow: 128_000 });
const visible = turn.tools.map((t) => t.function?.name ?? t.name);
console.log(`turn 1: ${tools.length} tools → the model sees ${visible.join(', ')} (tier ${turn.tier}, listing "${turn.listingForm}")`);
assert.deepEqual(visible, ['terminal', 'tool_search', 'tool_describe', 'tool_call']);

// The fake model: each step reads the previous tool result and picks the next call.
const steps = [
  () => ({ name: 'tool_search', arguments: JSON.stringify({ queries: ['read text file contents'] }) }),
  (last) => ({ name: 'tool_describe', arguments: JSON.stringify({ names: [last.results[0].matches[0]] }) }),
  (last) => {
    const [name, schema] = Object.entries(last.tools)[0];
    assert.ok(schema.parameters.required.includes('path'));
    return { name: 'tool_call', arguments: JSON.stringify({ name, arguments: { path: join(dir, 'todo.txt') } }) };
  },
];
let last;
for (const [i, step] of steps.entries()) {
  const call = step(last);
  const shown = ts.unwrap(call);
  console.log(`\nmodel → ${call.name}(${call.arguments})`);
  if (shown.bridge === 'tool_call') console.log(`  activity feed / approval prompt sees: ${shown.name} ${JSON.stringify(shown.arguments)}`);
  const out = ts.handle(call.name, call.arguments, session);
  if (out.type === 'reply') {
    last = out.result;
    console.log(`  ← ${out.content.slice(0, 240)}${out.content.length > 240 ? '…' : ''}`);
    continue;
  }
  // A dispatch: the host runs the real tool (its hooks and approvals see the real name).
  assert.equal(i, 2);
  assert.ok(mcp.route(out.name), 'the dispatched tool belongs to the live server');
  const result = await mcp.callTool(out);
  const text = result.content.map((c) => c.text).join('');
  console.log(`  host dispatches ${out.name} to the live filesystem server ← ${JSON.stringify(text)}`);
  assert.equal(text, 'ship tool-search\n');
}
await files.close();
rmSync(dir, { recursive: true, force: true });
console.log('\nhermes-agent: ok');
