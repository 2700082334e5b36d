// The ESM entry, as `import ... from 'tool-search'` users get it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

test('explain gives each term its field and share, and an exact name match a null score, as declared', () => {
  const tools = [
    { name: 'create_issue', source: 'github', description: 'Create a github issue', parameters: { type: 'object', properties: { title: { type: 'string' } } } },
    { name: 'terminal_session', source: 'shell', description: 'Open a shell', parameters: { type: 'object' } },
  ];
  const explained = (ts, query) => ts.search(query, { tools, explain: true });
  const best = new ToolSearch({ profile: 'hermes' });
  const hermes = new ToolSearch({ profile: 'hermes', ranking: 'hermes' });
  const fields = new Set(['name', 'source', 'description', 'parameters', 'text']);
  for (const ts of [best, hermes]) {
    const [exact] = explained(ts, 'create_issue');
    assert.equal(exact.score, null);
    assert.deepEqual(exact.explain, [{ term: 'exact name', field: 'name', score: null }]);
    const [ranked] = explained(ts, 'github issue');
    assert.ok(ranked.explain.length > 0);
    for (const { term, field, score } of ranked.explain) {
      assert.equal(typeof term, 'string');
      assert.ok(fields.has(field), field);
      assert.equal(typeof score, 'number');
    }
    const [fallback] = explained(ts, 'ermin');
    assert.deepEqual(fallback.explain, [{ term: 'name substring', field: 'name', score: 0.1 }]);
  }
  assert.deepEqual(new Set(explained(hermes, 'github issue')[0].explain.map((t) => t.field)), new Set(['text']));
  best.free();
  hermes.free();
});

test('a product the query names gives its tools a positive entry, and every entry list adds up to its score', () => {
  const tools = [
    { name: 'getWorkspaceRoles', source: 'postman', description: 'Gets the roles of users in a workspace; requires workspace access, for an audit.' },
    { name: 'getWorkspaces', source: 'postman', description: 'Gets all workspaces you have access to, with their users.' },
    { name: 'API-get-users', source: 'notion', description: 'Notion | List all users' },
    { name: 'API-post-page', source: 'notion', description: 'Notion | Create a page' },
  ];
  const ts = new ToolSearch({ profile: 'aalis' });
  const hits = ts.search('list every user in our Notion workspace for an access audit', { tools, explain: true });
  assert.equal(hits[0].name, 'API-get-users');
  for (const hit of hits) {
    const named = hit.explain.find((t) => t.term === 'named product');
    assert.equal(named !== undefined, hit.source === 'notion', hit.name);
    if (named) assert.ok(named.field === 'source' && named.score > 0);
    const sum = hit.explain.reduce((total, t) => total + t.score, 0);
    assert.ok(Math.abs(sum - hit.score) < 1e-9, `${hit.name}: ${sum} vs ${hit.score}`);
  }
  ts.free();
});

test('hermes and vibeos search only deferrable tools, aalis every tool, as the README says beside search', () => {
  const plain = [
    { name: 'make_note', description: 'Create a note', parameters: { type: 'object' } },
    { name: 'send_message', description: 'Send a note to a channel', parameters: { type: 'object' } },
  ];
  const deferrable = [
    { name: 'note_sync', source: 'notes', description: 'Sync a note', parameters: { type: 'object' } },
    { name: 'note_share', kind: 'plugin', description: 'Share a note', parameters: { type: 'object' } },
    { name: 'mcp__notes__note_tag', description: 'Tag a note', parameters: { type: 'object' } },
  ];
  const names = (ts, tools) => ts.search('note', { tools }).map((h) => h.name).sort();
  for (const profile of ['hermes', 'vibeos']) {
    const ts = new ToolSearch({ profile });
    assert.deepEqual(ts.search('note', { tools: plain }), [], `${profile}: plain tools are not searched`);
    assert.deepEqual(names(ts, [...plain, ...deferrable]), ['mcp__notes__note_tag', 'note_share', 'note_sync'], profile);
    assert.deepEqual(names(new ToolSearch({ profile, defer: ['make_note'] }), plain), ['make_note'], `${profile}: defer makes a tool searchable`);
    ts.free();
  }
  assert.deepEqual(names(new ToolSearch({ profile: 'aalis' }), plain), ['make_note', 'send_message']);
});

test('hermes and vibeos keep the same core set visible, send_message included', () => {
  const core = ['terminal', 'read_file', 'browser_navigate', 'kanban_add', 'send_message'];
  const tools = [
    ...core.map((name) => ({ name, description: `the ${name} tool`, parameters: { type: 'object' } })),
    ...Array.from({ length: 20 }, (_, i) => ({ name: `mcp__srv__t${i}`, description: 'x '.repeat(200), parameters: { type: 'object' } })),
  ];
  for (const profile of ['hermes', 'vibeos']) {
    const ts = new ToolSearch({ profile });
    const turn = ts.assemble(tools, { sessionId: 'core', contextWindow: 2000 });
    assert.equal(turn.active, true, profile);
    assert.deepEqual(turn.tools.map((t) => t.name).filter((n) => !ts.isBridge(n)), core, profile);
    ts.free();
  }
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

test('instances created before a panic lose their sessions loudly and work again after', () => {
  const hermes = new ToolSearch({ profile: 'hermes', maxSessions: -1 });
  const aalis = new ToolSearch({ profile: 'aalis' });
  hermes.assemble(catalog, { sessionId: 'x' });
  aalis.assemble(catalog, { sessionId: 'x' });
  const found = aalis.handle('search_tools', { query: 'slack post message' }, { sessionId: 'x' });
  assert.ok(found.result.tools.length > 0);
  assert.ok(aalis.discovered('x').length > 0);
  assert.equal(hermes.sessionCount, 1);

  const bystander = new ToolSearch();
  assert.throws(() => bystander.__panicForTesting(), (e) => e.name === 'ToolSearchError' && e.code === 'internal_error' && /session state was lost/.test(e.message));

  // Every instance was rebuilt from its options: the same warnings, no sessions.
  assert.deepEqual(hermes.warnings, ['maxSessions: -1 is outside 1..=1000000; using 1']);
  assert.equal(hermes.sessionCount, 0);
  const lost = (e) => e.name === 'ToolSearchError' && e.code === 'unknown_session';
  assert.throws(() => hermes.handle('tool_search', { queries: ['create issue'] }, { sessionId: 'x' }), lost);
  assert.throws(() => hermes.search('create issue', { sessionId: 'x' }), lost);
  assert.throws(() => aalis.handle('search_tools', { query: 'slack' }, { sessionId: 'x' }), lost);
  assert.deepEqual(aalis.discovered('x'), [], 'discoveries are gone, not stale');

  // Assemble, handle and search work again on the same objects.
  assert.equal(hermes.search('create github issue', { tools: catalog, limit: 1 })[0].name, 'create_issue');
  hermes.assemble(catalog, { sessionId: 'x' });
  const reply = hermes.handle('tool_search', { queries: ['create github issue'] }, { sessionId: 'x' });
  assert.ok(reply.result.results[0].matches.includes('create_issue'));
  assert.equal(hermes.search('create github issue', { sessionId: 'x', limit: 1 })[0].name, 'create_issue');
  assert.equal(aalis.assemble(catalog, { sessionId: 'x' }).tools.length, 1, 'only search_tools: nothing discovered yet');
  assert.equal(aalis.handle('search_tools', { query: 'slack post message' }, { sessionId: 'x' }).type, 'reply');
  assert.ok(aalis.discovered('x').length > 0);
  hermes.free();
  aalis.free();
});

test("the package's README says its opening make commands are the repository's, before showing them", () => {
  const root = dirname(createRequire(import.meta.url).resolve('tool-search/package.json'));
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const before = readme.slice(0, readme.indexOf('make demo'));
  assert.match(before, /for a clone of the tool-search repository/);
  assert.match(before, /Installed from npm\? Start at \[Install\]\(#install\)/);
});

test("every relative link of the package's README names a file the package ships", () => {
  const root = dirname(createRequire(import.meta.url).resolve('tool-search/package.json'));
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
  assert.ok(links.includes('docs/bad-input.md'), `links: ${links}`);
  for (const link of links) assert.ok(existsSync(join(root, link)), `${link} is not in the package`);
});
