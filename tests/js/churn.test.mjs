// Bounded memory under session churn, through the installed package: the workload of
// bench/churn.mjs (which runs it for ~1,000,000 operations), cut to 30,000. Wasm memory never
// shrinks, so the assertion is that the second half of the run needed no more memory than the
// first half's peak (plus a small margin): sessions past maxSessions are really forgotten,
// cleared ones free their state, and no per-call cache grows with the number of calls.
// The allocator takes one last 1.25 MiB step near operation 10,500 and is flat from there to
// 1,000,000 (bench/churn.mjs); a layer that kept every session grows ~170 KiB per 1,000
// operations, so the second half would exceed the margin.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready, wasmMemoryBytes } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));

const OPERATIONS = 30_000;
const MARGIN = 1 << 20; // 1 MiB: allocator slack, not a leak of 15,000 operations

test('30,000 operations of session churn do not grow wasm memory after the first half', () => {
  const lists = [catalog, catalog.filter((_, i) => i % 2 === 0), catalog.filter((_, i) => i % 3 !== 0)];
  const layers = [
    new ToolSearch({ profile: 'hermes', maxSessions: 500 }),
    new ToolSearch({ profile: 'aalis', maxSessions: 500, maxDiscoveredSessions: 500 }),
  ];
  const queries = ['create github issue', 'send slack message', 'list calendar events', 'query postgres', 'search the web'];
  let firstHalfPeak = 0;
  let secondHalfPeak = 0;
  let ops = 0;
  let found = 0;
  for (let step = 0; ops < OPERATIONS; step += 1) {
    const ts = layers[step % 2];
    const aalis = step % 2 === 1;
    const sessionId = `session-${step % 100_000}`;
    let tools = lists[step % 3];
    if (step % 50 === 0) tools = structuredClone(tools);
    const query = queries[step % queries.length];
    const messages = aalis ? [{ role: 'user', content: query }] : undefined;
    ts.assemble(tools, { sessionId, messages, contextWindow: 200000 });
    const reply = aalis
      ? ts.handle('search_tools', { query }, { sessionId })
      : ts.handle('tool_search', { queries: [query] }, { sessionId });
    found += aalis ? reply.result.tools.length : reply.result.results[0].matches.length;
    ops += 2;
    if (step % 7 === 0) {
      if (aalis) ts.search(query, { sessionId, limit: 3 });
      else ts.handle('tool_describe', { names: ['create_issue', 'slack_post_message'] }, { sessionId });
      ops += 1;
    }
    if (step % 20 === 0) {
      ts.clear(sessionId);
      ops += 1;
    }
    const bytes = wasmMemoryBytes();
    if (ops <= OPERATIONS / 2) firstHalfPeak = Math.max(firstHalfPeak, bytes);
    else secondHalfPeak = Math.max(secondHalfPeak, bytes);
  }
  const mib = (b) => (b / 2 ** 20).toFixed(2);
  console.log(`wasm memory: first half peak ${mib(firstHalfPeak)} MiB, second half peak ${mib(secondHalfPeak)} MiB`);
  assert.ok(found > 0, 'the churn found tools');
  assert.ok(layers.every((l) => l.sessionCount <= 500), 'maxSessions holds');
  assert.ok(secondHalfPeak <= firstHalfPeak + MARGIN,
    `wasm memory grew from ${mib(firstHalfPeak)} to ${mib(secondHalfPeak)} MiB in the second half`);
  layers.forEach((l) => l.free());
});
