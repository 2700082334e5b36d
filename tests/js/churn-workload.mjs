// Session churn against any ToolSearch build (passed in, so the benchmark runs it on pkg/ and
// the package test on the installed tarball). No imports: the package test copies this file
// next to the tests.

/**
 * The churn workload, shared by bench/churn.mjs (~1,000,000 operations) and
 * tests/js/churn.test.mjs (30,000, through the installed package): `operations` calls, each
 * step assembling session k on one of three tool lists, then searching it; every 7th step a
 * describe or a direct search, every 20th a clear, every 50th a fresh copy of the tool list
 * (serialised and compared with the cached lists again). Session ids run through 100,000 values, 200 times
 * `maxSessions: 500`, so nearly every step evicts the least recently active session.
 */
export function churn({ ToolSearch, wasmMemoryBytes, catalog, operations, every, sample }) {
  const lists = [catalog, catalog.filter((_, i) => i % 2 === 0), catalog.filter((_, i) => i % 3 !== 0)];
  const layers = [
    new ToolSearch({ profile: 'hermes', maxSessions: 500 }),
    new ToolSearch({ profile: 'aalis', maxSessions: 500, maxDiscoveredSessions: 500 }),
  ];
  const queries = ['create github issue', 'send slack message', 'list calendar events', 'query postgres', 'search the web'];
  let ops = 0;
  let found = 0;
  for (let step = 0; ops < operations; step += 1) {
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
    if (ops % every < 2 || ops >= operations) sample(ops, wasmMemoryBytes(), layers.map((l) => l.sessionCount));
  }
  if (found === 0) throw new Error('sanity: the churn never found a tool');
  layers.forEach((l) => l.free());
  return found;
}
