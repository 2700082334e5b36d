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
