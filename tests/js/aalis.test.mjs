// The aalis profile through the installed package: a scripted multi-turn conversation in
// the Aalis message shape over the real sample catalog.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'))
  .map((t) => ({ type: 'function', source: t.source, function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
const names = (turn) => turn.tools.map((t) => t.function.name);

test('a conversation shrinks the list, discovers, evicts least recently used, and memory:clear resets', () => {
  const ts = new ToolSearch({ profile: 'aalis', maxDiscoveredKeep: 2, maxSearchResults: 2 });
  const ctx = (messages) => ({ sessionId: 'chat', messages });
  const history = [{ role: 'user', content: 'File a bug on GitHub, then tell the team on Slack.' }];

  // Turn 1: 333 tools become one search_tools.
  let turn = ts.assemble(catalog, ctx(history));
  assert.deepEqual(names(turn), ['search_tools']);
  assert.equal(turn.active, true);
  assert.match(turn.tools[0].function.description, /create_issue/, 'showToolNames lists the other names');

  // The model searches; the host answers through handle() and records the exchange.
  const search = (id, query) => {
    const reply = ts.handle('search_tools', JSON.stringify({ query }), { sessionId: 'chat' });
    assert.equal(reply.type, 'reply');
    history.push({ role: 'assistant', content: '', toolCalls: [{ id, function: { name: 'search_tools', arguments: JSON.stringify({ query }) } }] });
    history.push({ role: 'tool', toolCallId: id, content: reply.content });
    return reply.result;
  };
  const found = search('c1', 'github create issue');
  assert.match(found.found, /^2\/\d+$/);
  assert.ok(found.tools.some((t) => t.name === 'create_issue'), JSON.stringify(found.found));
  assert.ok(found.pagination.nextOffset === 2);

  // Turn 2: the found tools are visible with full definitions.
  turn = ts.assemble(catalog, ctx(history));
  assert.ok(names(turn).includes('create_issue'));
  assert.ok(turn.tools.find((t) => t.function.name === 'create_issue').function.parameters.properties.title);

  // The model calls create_issue and gets an answer: it stays the most recent.
  history.push({ role: 'assistant', content: '', toolCalls: [{ id: 'c2', function: { name: 'create_issue', arguments: '{}' } }] });
  history.push({ role: 'tool', toolCallId: 'c2', content: '{"number": 7}' });
  const slack = search('c3', 'slack post message');
  turn = ts.assemble(catalog, ctx(history));
  const visible = names(turn);
  assert.equal(visible.length, 3, `search_tools + at most maxDiscoveredKeep=2: ${visible}`);
  assert.ok(visible.includes(slack.tools[0].name));
  assert.ok(!visible.includes('create_issue'), 'the least recently used tool was evicted');
  assert.deepEqual([...ts.discovered('chat')].sort(), slack.tools.map((t) => t.name).sort());
  assert.equal(ts.discovered('chat').length, 2);

  // Trimming the history keeps what was discovered.
  turn = ts.assemble(catalog, ctx([{ role: 'user', content: '(earlier turns summarised)' }]));
  assert.deepEqual(names(turn), visible);

  // memory:clear for this session resets it.
  ts.clear('chat');
  turn = ts.assemble(catalog, ctx([{ role: 'user', content: 'hi' }]));
  assert.deepEqual(names(turn), ['search_tools']);
});

test('at or below maxDirectTools the layer passes every tool through unchanged', () => {
  const ts = new ToolSearch({ profile: 'aalis', maxDirectTools: 5 });
  const five = catalog.slice(0, 5);
  const turn = ts.assemble(five, { sessionId: 'small' });
  assert.equal(turn.active, false);
  turn.tools.forEach((t, i) => assert.equal(t, five[i], 'the very same objects'));
  assert.equal(ts.assemble(catalog.slice(0, 6), { sessionId: 'small' }).active, true);
});

test("each turn's search_tools is a new object with the listing of that turn's tools, in either shape", () => {
  // The listing (every searchable name, ~7 KB here) crosses into JS once while it stays the
  // same and is shared as a string; what the host gets must still be its own object each turn.
  const mcp = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));
  for (const [shape, list, bridgeOf] of [
    ['OpenAI chat', catalog, (turn) => turn.tools[0].function],
    ['MCP', mcp, (turn) => turn.tools[0]],
  ]) {
    const ts = new ToolSearch({ profile: 'aalis' });
    const first = ts.assemble(list, { sessionId: 's' });
    const listing = bridgeOf(first).description;
    assert.ok(listing.length > 4096, `${shape}: ${listing.length} characters`);
    const keys = Object.keys(bridgeOf(first));
    // The host marks the tool (as prompt caching does) and edits its text.
    first.tools[0].cache_control = { type: 'ephemeral' };
    bridgeOf(first).description = 'edited by the host';
    const second = ts.assemble(list, { sessionId: 's' });
    assert.notEqual(second.tools[0], first.tools[0], shape);
    assert.equal(second.tools[0].cache_control, undefined, shape);
    assert.equal(bridgeOf(second).description, listing, shape);
    assert.deepEqual(Object.keys(bridgeOf(second)), keys, `${shape}: the key order holds`);
    // One tool fewer: its name leaves the listing, the rest stays.
    const gone = shape === 'MCP' ? list[7].name : list[7].function.name;
    const third = ts.assemble(list.filter((_, i) => i !== 7), { sessionId: 's' });
    const shorter = bridgeOf(third).description;
    assert.ok(!shorter.split(', ').includes(gone) && listing.split(', ').includes(gone), `${shape}: ${gone}`);
    assert.equal(shorter.length, listing.length - gone.length - 2, shape);
    ts.free();
  }
});
