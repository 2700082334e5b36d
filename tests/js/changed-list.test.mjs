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

// A host that rebuilds its tool objects every turn (from each MCP tools/list, or through a
// schema converter) passes new objects with the same data: they are compared with the last
// list's, item by item, and only the ones that differ are serialised.
for (const profile of ['hermes', 'aalis']) {
  test(`${profile}: a list rebuilt as new objects answers as a fresh layer does`, () => {
    const ts = new ToolSearch({ profile });
    ts.assemble(copy(catalog), ctx);
    const changes = {
      'the same data': copy(catalog),
      'one tool added': [...copy(catalog), added],
      'one tool removed': copy(catalog).filter((_, i) => i !== 40),
      'one tool inserted near the start': [...copy(catalog).slice(0, 3), added, ...copy(catalog).slice(3)],
      'one description changed': copy(catalog).map((t, i) => (i === 7 ? { ...t, description: `${t.description} (v2)` } : t)),
      'one parameter renamed': copy(catalog).map((t, i) => (i === 9
        ? { ...t, inputSchema: { ...t.inputSchema, properties: { renamed_param: { type: 'string' } } } }
        : t)),
      'the order reversed': copy(catalog).reverse(),
      'every tool stamped anew': copy(catalog).map((t) => ({ ...t, _meta: { listedAt: 1733457600 } })),
      'the first 40 tools changed': copy(catalog).map((t, i) => (i < 40 ? { ...t, description: `${t.description} (v2)` } : t)),
    };
    for (const [change, tools] of Object.entries(changes)) {
      assert.equal(answers(ts, tools), answers(new ToolSearch({ profile }), copy(tools)), change);
    }
  });
}

/** How many times `JSON.stringify` is called during `run()`. */
function stringifyCalls(run) {
  const original = JSON.stringify;
  let calls = 0;
  JSON.stringify = function (...args) {
    calls += 1;
    return original.apply(this, args);
  };
  try {
    run();
  } finally {
    JSON.stringify = original;
  }
  return calls;
}

test('new objects holding the last list\'s data are not serialised again', () => {
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(copy(catalog), ctx);
  const same = copy(catalog);
  assert.equal(stringifyCalls(() => ts.assemble(same, ctx)), 0, 'the same data');
  // Only the slice holding the new tool.
  const more = [...copy(catalog), added];
  assert.equal(stringifyCalls(() => ts.assemble(more, ctx)), 1, 'one tool added');
  // A changed stretch: after 16 misses in a row one tool in 32 is compared until one
  // matches (the 65th), so tools 0–63 are serialised, in one call (a first call takes up to
  // 200 tools), and the rest copied; all 333 serialised would take eight calls.
  const stretch = copy(catalog).map((t, i) => (i < 40 ? { ...t, description: `${t.description} (v2)` } : t));
  ts.assemble(copy(catalog), ctx);
  assert.equal(stringifyCalls(() => ts.assemble(stretch, ctx)), 1, 'the first 40 tools changed');
  // A class instance is not plain data: its tool is serialised, whatever it writes.
  const dated = copy(catalog).map((t, i) => (i === 5 ? { ...t, updated: new Date(0) } : t));
  ts.assemble(dated, ctx);
  const again = copy(catalog).map((t, i) => (i === 5 ? { ...t, updated: new Date(0) } : t));
  assert.equal(stringifyCalls(() => ts.assemble(again, ctx)), 1, 'a tool holding a Date');
});

test('a shallow copy whose schema was edited in place is serialised again', () => {
  // The schema object is shared with the last list's tool, so that tool changed too after
  // its text was taken: comparing the two says nothing, and the new text must be read.
  const tools = copy(catalog);
  const ts = new ToolSearch({ profile: 'hermes' });
  ts.assemble(tools, ctx);
  const next = tools.map((t) => ({ ...t }));
  next[12].inputSchema.properties = { ...next[12].inputSchema.properties, escalation_level: { type: 'integer' } };
  const describe = (layer) => layer.handle('tool_describe', { name: next[12].name }, { sessionId: 's' }).content;
  ts.assemble(next, ctx);
  assert.match(describe(ts), /escalation_level/);
  assert.equal(answers(ts, next), answers(new ToolSearch({ profile: 'hermes' }), copy(next)));
});
