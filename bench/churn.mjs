// `node bench/churn.mjs [operations] [sample-every]`: a long run of session churn against the
// built package (pkg/), printing the wasm core's linear memory as it goes. Sessions are
// assembled, searched, described, cleared, and evicted past `maxSessions`; two layers (hermes
// and aalis) share the one wasm instance. Wasm memory never shrinks, so "bounded" means: after
// warm-up it stops growing. Asserts that (and that searches find tools); never timings.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ToolSearch, wasmMemoryBytes } from '../pkg/node.mjs';

const operations = Number(process.argv[2] ?? 1_000_000);
const every = Number(process.argv[3] ?? 100_000);
const catalog = JSON.parse(readFileSync(new URL('../samples/catalog.json', import.meta.url), 'utf8'));

/**
 * The churn workload (tests/js/churn.test.mjs runs a copy of it): `operations` calls, each
 * step assembling session k on one of three tool lists, then searching it; every 7th step a
 * describe or a direct search, every 20th a clear, every 50th a fresh copy of the tool list
 * (serialised and fingerprinted again). Session ids run through 100,000 values, 200 times
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const mib = (b) => (b / 2 ** 20).toFixed(2);
  const samples = [];
  const start = performance.now();
  let last = -1;
  churn({
    ToolSearch, wasmMemoryBytes, catalog, operations, every,
    sample(ops, bytes, sessions) {
      if (ops === last) return;
      last = ops;
      samples.push(bytes);
      console.log(`${String(ops).padStart(9)} ops  wasm ${mib(bytes)} MiB  sessions ${sessions.join('/')}  ${((performance.now() - start) / 1000).toFixed(1)} s`);
    },
  });
  const warm = samples[Math.min(1, samples.length - 1)];
  const peak = Math.max(...samples);
  console.log(`after warm-up (${every} ops): ${mib(warm)} MiB; peak ${mib(peak)} MiB; growth after warm-up ${mib(peak - warm)} MiB`);
  if (peak - warm > 4 * 2 ** 20) {
    console.error('churn: wasm memory kept growing after warm-up');
    process.exit(1);
  }
}
