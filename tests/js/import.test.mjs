// The ESM entry, as `import ... from 'tool-search'` users get it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';

const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));

test('import gives the same API as require', async () => {
  await ready();
  const ts = new ToolSearch();
  const [group] = ts.search(['send a slack message'], { tools: catalog, limit: 1 });
  assert.equal(group.query, 'send a slack message');
  assert.equal(group.results[0].source, 'mcp-slack');
});

test('an unchanged tool list is assembled again without a rebuild and gives the same result', () => {
  const ts = new ToolSearch({ profile: 'hermes' });
  const first = ts.assemble(catalog, { sessionId: 'a', contextWindow: 200000 });
  const again = ts.assemble(catalog, { sessionId: 'a', contextWindow: 200000 });
  assert.deepEqual(again, first);
  const copy = structuredClone(catalog);
  const rebuilt = ts.assemble(copy, { sessionId: 'a', contextWindow: 200000 });
  assert.equal(JSON.stringify(rebuilt.tools.at(-3)), JSON.stringify(first.tools.at(-3)), 'bridge bytes are stable');
});

test('a panic inside the core costs one call, not the instance', () => {
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(catalog, { sessionId: 'a' });
  assert.throws(() => ts.__panicForTesting(), (error) => error.code === 'internal_error');
  // The instance was reset: the same object works again, its sessions are gone.
  assert.throws(() => ts.handle('tool_search', { queries: ['x'] }, { sessionId: 'a' }), (e) => e.code === 'unknown_session');
  ts.assemble(catalog, { sessionId: 'a' });
  const reply = ts.handle('tool_search', { queries: ['create github issue'] }, { sessionId: 'a' });
  assert.equal(reply.type, 'reply');
  assert.ok(reply.result.results[0].matches.includes('create_issue'));
  // Another instance created before the panic recovers the same way.
  const other = new ToolSearch({ profile: 'aalis' });
  assert.ok(other.assemble(catalog, {}).tools.length > 0);
});
