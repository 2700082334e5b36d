// Two sessions of one ToolSearch with different tool lists, through the installed package:
// neither can search, describe or call the other's tools, a name both lists use resolves to
// each session's own definition, and the aalis discovered registry never crosses sessions.
// (tests/isolation.rs pins the same in Rust; tests/properties.rs over random catalogs.)
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));
const from = (...sources) => catalog.filter((t) => sources.includes(t.source));
const github = from('mcp-github', 'mcp-slack');
const stripe = [...from('stripe', 'notion'), {
  name: 'create_issue', source: 'stripe', description: 'Open a billing dispute ticket with Stripe support',
  inputSchema: { type: 'object', properties: { charge: { type: 'string' } }, required: ['charge'] },
}];
const own = { github: new Set(github.map((t) => t.name)), stripe: new Set(stripe.map((t) => t.name)) };

function layer(profile) {
  const ts = new ToolSearch(profile === 'aalis' ? { profile, maxDirectTools: 0 } : { profile, enabled: 'on' });
  ts.assemble(github, { sessionId: 'github', contextWindow: 200000 });
  ts.assemble(stripe, { sessionId: 'stripe', contextWindow: 200000 });
  return ts;
}

const result = (handled) => {
  assert.equal(handled.type, 'reply');
  return handled.result;
};

test('hermes sessions never search, describe or call each other\'s tools', () => {
  const ts = layer('hermes');
  for (const session of ['github', 'stripe']) {
    const found = result(ts.handle('tool_search', { queries: ['post slack message', 'create customer', 'create issue'], limit: 25 }, { sessionId: session }));
    const shown = [...found.results.flatMap((g) => g.matches), ...Object.keys(found.tools)];
    assert.ok(shown.length > 0);
    for (const name of shown) assert.ok(own[session].has(name), `${session} was shown ${name}`);
    // Direct search scoped by session obeys the same scope.
    for (const hit of ts.search('post slack message create customer', { sessionId: session, limit: 50 })) {
      assert.ok(own[session].has(hit.name), `${session} direct search found ${hit.name}`);
    }
  }
  const described = result(ts.handle('tool_describe', { names: ['slack_post_message', 'create_issue'] }, { sessionId: 'stripe' }));
  assert.deepEqual(described.not_found, ['slack_post_message']);
  assert.match(described.tools.create_issue.description, /billing dispute/, 'the shared name is the session\'s own tool');
  assert.match(result(ts.handle('tool_describe', { names: ['create_issue'] }, { sessionId: 'github' })).tools.create_issue.description, /GitHub/);

  assert.match(result(ts.handle('tool_call', { name: 'create_customer', arguments: { name: 'Ada' } }, { sessionId: 'github' })).error, /not available in this session/);
  assert.equal(result(ts.handle('tool_call', { name: 'create_issue', arguments: { owner: 'o', repo: 'r', title: 't' } }, { sessionId: 'stripe' })).constraint, 'required',
    'checked against the stripe session\'s schema');
  assert.deepEqual(ts.handle('tool_call', { name: 'create_issue', arguments: { charge: 'ch_1' } }, { sessionId: 'stripe' }),
    { type: 'dispatch', name: 'create_issue', arguments: { charge: 'ch_1' } });
  assert.equal(ts.handle('tool_call', { name: 'slack_post_message', arguments: { channel_id: 'C1', text: 'hi' } }, { sessionId: 'github' }).type, 'dispatch');
});

test('vibeos sessions never search, describe or call each other\'s tools', () => {
  const ts = layer('vibeos');
  const found = result(ts.handle('tool_search', { query: 'slack message channel', limit: 20 }, { sessionId: 'stripe' }));
  for (const match of found.matches) assert.ok(own.stripe.has(match.name), match.name);
  assert.equal(result(ts.handle('tool_search', { query: 'slack message channel' }, { sessionId: 'github' })).matches[0].name, 'slack_post_message');
  assert.ok(result(ts.handle('tool_describe', { name: 'slack_post_message' }, { sessionId: 'stripe' })).error);
  assert.ok(result(ts.handle('tool_call', { name: 'slack_post_message', arguments: { channel_id: 'C1', text: 'hi' } }, { sessionId: 'stripe' })).error);
});

test('the aalis discovered registry never crosses sessions', () => {
  const ts = layer('aalis');
  const found = result(ts.handle('search_tools', { query: 'slack post message', limit: 5 }, { sessionId: 'github' }));
  assert.ok(found.tools.some((t) => t.name === 'slack_post_message'));
  for (const t of found.tools) assert.ok(own.github.has(t.name));
  assert.ok(ts.discovered('github').includes('slack_post_message'));
  assert.deepEqual(ts.discovered('stripe'), [], 'discovery stays in its session');

  const everything = result(ts.handle('search_tools', { query: '', limit: 0 }, { sessionId: 'stripe' }));
  assert.equal(everything.tools.length, stripe.length);
  for (const t of everything.tools) assert.ok(own.stripe.has(t.name));

  // A history claiming a github tool was used does not make it visible to the stripe session.
  const history = [
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'slack_post_message', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'ok' },
  ];
  const turn = ts.assemble(stripe, { sessionId: 'stripe', messages: history });
  for (const t of turn.tools) assert.ok(t.name === 'search_tools' || own.stripe.has(t.name), t.name);
  assert.ok(!ts.discovered('stripe').includes('slack_post_message'));

  ts.clear('stripe');
  assert.ok(ts.discovered('github').includes('slack_post_message'), 'clearing one session leaves the other');
  assert.throws(() => ts.handle('search_tools', { query: 'x' }, { sessionId: 'stripe' }), (e) => e.code === 'unknown_session');
});
