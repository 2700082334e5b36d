// The CommonJS entry, as `require('tool-search')` users get it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const catalog = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'catalog.json'), 'utf8'));

test('require() gives a ready ToolSearch that ranks the sample catalog', async () => {
  const { ToolSearch, ready } = require('tool-search');
  await ready();
  const ts = new ToolSearch({ profile: 'hermes' });
  const hits = ts.search('create github issue', { tools: catalog, limit: 3 });
  assert.equal(hits.length, 3);
  assert.equal(hits[0].name, 'create_issue');
  assert.equal(hits[0].source, 'mcp-github');
  ts.free();
});

test('require() errors are ToolSearchErrors with a stable code', () => {
  const { ToolSearch } = require('tool-search');
  assert.throws(() => new ToolSearch({ profile: 'nope' }), (error) => {
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'ToolSearchError');
    assert.equal(error.code, 'invalid_config');
    assert.match(error.message, /nope/);
    return true;
  });
});

// The adapters are ES modules only; the README says require() loads them where Node has
// require(esm) (>= 20.19, >= 22.12) and to import() them elsewhere. Both, as documented.
test('the ESM-only adapters load by require() where Node has require(esm), and by import() everywhere', { skip: !process.features.require_module && 'this Node has no require(esm)' }, async () => {
  const { McpCatalog } = require('tool-search/mcp');
  const { toAnthropic } = require('tool-search/formats');
  const { createAalisPlugin } = require('tool-search/aalis');
  assert.equal(typeof McpCatalog.connect, 'function');
  assert.equal(typeof createAalisPlugin, 'function');
  assert.deepEqual(toAnthropic([{ name: 'a', parameters: { type: 'object' } }]).map((t) => t.name), ['a']);
  assert.equal((await import('tool-search/formats')).toAnthropic, toAnthropic, 'one module, either way');
});
