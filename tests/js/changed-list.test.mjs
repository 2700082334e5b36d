// A tool list that shares most of its objects with the last one (a tool added, removed,
// replaced, or the order changed), through the installed package: the layer serialises only
// the new objects and copies the rest of the text from the last list, and every answer is
// the one a fresh layer gives for the same tools. The 333-tool sample catalog: lists of up
// to 200 tools are serialised in one call and never take this path.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));
const ctx = { sessionId: 's', contextWindow: 200000 };
const added = {
  name: 'archive_invoice', source: 'billing', description: 'Archive a paid invoice so it leaves the open list',
  inputSchema: { type: 'object', properties: { invoice_id: { type: 'string' } }, required: ['invoice_id'] },
};

/** Everything a turn shows the model and the bridge answers, for comparison. */
function answers(ts, tools) {
  const assembled = ts.assemble(tools, ctx);
  const found = ['archive the paid invoice', 'create an issue', 'send a message to the team']
    .map((q) => ts.search(q, { sessionId: 's', limit: 8 }));
  const described = ts.handle('tool_describe', { name: tools[tools.length - 1].name }, { sessionId: 's' });
  return JSON.stringify({ assembled, found, described });
}

/** The same tools as new objects, for a fresh layer that can reuse nothing. */
const copy = (tools) => JSON.parse(JSON.stringify(tools));

for (const profile of ['hermes', 'aalis']) {
  test(`${profile}: a list changed by a tool answers as a fresh layer does`, () => {
    const ts = new ToolSearch({ profile });
    ts.assemble(catalog, ctx);
    const changes = {
      'one tool added': [...catalog, added],
      'one tool removed': catalog.filter((_, i) => i !== 40),
      'one tool replaced by a new object': catalog.map((t, i) => (i === 7 ? { ...t, description: `${t.description} (v2)` } : t)),
      'the order reversed': [...catalog].reverse(),
    };
    for (const [change, tools] of Object.entries(changes)) {
      assert.equal(answers(ts, tools), answers(new ToolSearch({ profile }), copy(tools)), change);
    }
  });
}

test('an object already serialised keeps its text: tool objects are immutable, as documented', () => {
  const tools = catalog.map((t) => ({ ...t }));
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(tools, ctx);
  // Against the documented contract: the object is changed in place, and the next list (one
  // tool added) still holds it. Its text is copied from the last list, not serialised again:
  // this is what shows the fast path was taken.
  tools[3].description = 'Changed in place after it was serialised';
  const next = [...tools, added];
  const describe = (layer) => layer.handle('tool_describe', { name: tools[3].name }, { sessionId: 's' }).content;
  ts.assemble(next, ctx);
  assert.doesNotMatch(describe(ts), /Changed in place/);
  const fresh = new ToolSearch({ profile: 'hermes' });
  fresh.assemble(copy(next), ctx);
  assert.match(describe(fresh), /Changed in place/);
});
