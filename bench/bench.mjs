// `make bench`: speed and memory of the wasm package against the JS peers, same process,
// same catalogs, same queries. Prints tables; asserts only sanity (results are non-empty),
// never timings.
import { performance } from 'node:perf_hooks';
import { execSync } from 'node:child_process';
import { ToolSearch, wasmMemoryBytes } from '../pkg/node.mjs';
import { peers } from './peers.mjs';
import { catalogs, coldQueries, queries, requireShared, warmup } from './data.mjs';

requireShared();
const gc = globalThis.gc ?? (() => {});
const qs = queries();
const coldQs = coldQueries();
const ms = (x) => (x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(0));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const heap = () => (gc(), process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers);
const du = (path) => Number(execSync(`du -sb ${path}`, { cwd: new URL('.', import.meta.url) }).toString().split('\t')[0]);

function timeQueries(run, n) {
  const times = [];
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const q = qs[i % qs.length];
    const t0 = performance.now();
    const r = run(q);
    times.push(performance.now() - t0);
    hits += r.length;
  }
  if (hits === 0) throw new Error('sanity: no results at all');
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}

const installSize = {
  'tool-search': du('../pkg'),
  minisearch: du('node_modules/minisearch'),
  orama: du('node_modules/@orama'),
  flexsearch: du('node_modules/flexsearch'),
  'wink-bm25': ['wink-bm25-text-search', 'wink-nlp-utils', 'wink-helpers', 'wink-porter2-stemmer', 'wink-tokenizer', 'wink-distance', 'wink-jaro-distance', 'emoji-regex', 'wink-nlp', 'wink-eng-lite-web-model']
    .reduce((s, p) => s + du(`node_modules/${p}`), 0),
};

console.log(`tool-search benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${qs.length} natural-language queries (${coldQs.length} more with caches cold)`);

// Warm-up, untimed: every engine first builds two other catalogs (199 and 1,223 tools) and
// answers other queries on each, so the tables measure steady-state work rather than each
// engine's first-call JIT compilation (for us also the wasm instance's compile, V8's tier-up
// from its baseline wasm compiler, and the first growth of linear memory). A catalog of a few
// hundred tools was too small for that: our first 3,454-tool build after it took 150-200 ms
// against a steady 120 ms (see the README for first-build numbers).
{
  const { catalogs: warm, queries: other } = warmup();
  for (const tools of warm) {
    const ts = new ToolSearch({ profile: 'hermes' });
    ts.assemble(tools, { sessionId: 'warm', contextWindow: 200_000 });
    for (const q of other) ts.search(q, { sessionId: 'warm', limit: 10 });
    ts.free();
    for (const peer of Object.values(peers)) {
      const search = peer.build(tools);
      for (const q of other) search(q, 10);
    }
  }
}
const summary = [];
// Each of our timed builds starts from fresh analysis tables: the core shares one analyzer
// between the indexes of one language configuration and it remembers the words it has
// analysed, so a rebuild of the same catalog would stem nothing again. A build with another
// configuration in between replaces those tables, and every timed build meets the catalog for
// the first time, as the first build of a new catalog in a running agent does.
const tiny = [{ name: 'refresh', description: 'Replaces the shared analysis tables.' }];
function freshTables() {
  const other = new ToolSearch({ profile: 'hermes', languages: ['english', 'german'] });
  other.assemble(tiny, { sessionId: 'refresh', contextWindow: 200_000 });
  other.free();
}

// Builds are timed several times and the table shows the median, with the first timed build
// beside it. The builds are interleaved: build i of every engine runs before build i + 1 of
// any. This shared machine changes speed for seconds at a time (one engine's builds moved by a
// quarter between two runs ten minutes apart, everyone's together), so timing one engine's
// builds and then the next engine's let a ratio depend on which engine met the slow spell;
// side by side, a spell falls on every engine's builds alike. Each index is dropped once timed
// (the last one after its queries), so no engine builds beside another's live index (at 100k
// several hundred MB of JS heap that every garbage collection would walk). With `settle`, each
// timed build follows an untimed one of the same engine, so no engine is timed on caches
// another engine's build has just filled (for builds of a second or more that matters less
// than the extra minutes).
function timeBuilds(engines, reps, settle, queries) {
  for (const e of engines) Object.assign(e, { times: [], mem: undefined });
  for (let i = 0; i < reps; i++) {
    for (const e of engines) {
      if (e.error) continue;
      try {
        if (settle) e.free(buildOnce(e).built);
        const { built, time } = buildOnce(e);
        e.times.push(time);
        if (i === reps - 1) Object.assign(e, queries(e, built));
        e.free(built);
      } catch (error) {
        e.error = error.message;
      }
    }
  }
  for (const e of engines) if (!e.error) Object.assign(e, { build: pct(e.times, 0.5), first: e.times[0] });
}

/** One build of engine `e`: the index and its time. The engine's first build also measures
 * its memory growth (`measure` around it). */
function buildOnce(e) {
  e.before();
  gc();
  const first = e.mem === undefined;
  const m0 = first ? e.measure() : 0;
  const t0 = performance.now();
  const built = e.build();
  const time = performance.now() - t0;
  if (first) e.mem = e.measure() - m0;
  return { built, time };
}

// Caches cold: in an agent a search comes after the model's turn, not after another search,
// and whatever ran in between has had the CPU caches. Each of these queries is preceded by
// writes across 64 MB (twice this machine's last-level cache), and none was asked before.
const junk = new Uint8Array(64 << 20);
function timeCold(run) {
  const times = [];
  for (const [i, q] of coldQs.entries()) {
    for (let j = 0; j < junk.length; j += 64) junk[j] += i;
    const t0 = performance.now();
    run(q);
    times.push(performance.now() - t0);
  }
  return pct(times, 0.5);
}

for (const [label, tools] of Object.entries(catalogs())) {
  const big = tools.length > 50_000;
  const n = big ? 60 : 400;
  const reps = big ? 3 : 5;
  // ours: build = first assemble of the array in a new instance (serialise, parse, normalise,
  // index, listing). Memory: growth of wasm linear memory.
  const engines = [{
    engine: 'tool-search (wasm)',
    build: () => {
      const ts = new ToolSearch({ profile: 'hermes' });
      ts.assemble(tools, { sessionId: 'bench', contextWindow: 200_000 });
      return ts;
    },
    search: (ts, query) => ts.search(query, { sessionId: 'bench', limit: 10 }),
    free: (ts) => ts?.free(),
    before: freshTables,
    measure: wasmMemoryBytes,
  }];
  for (const [name, peer] of Object.entries(peers)) {
    if (big && name !== 'wink-bm25' && name !== 'minisearch') continue; // the others take minutes at 100k
    engines.push({ engine: name, build: () => peer.build(tools), search: (s, q) => s(q, 10), free: () => {}, before: () => {}, measure: heap });
  }
  timeBuilds(engines, reps, !big, (e, built) => {
    const run = (q) => e.search(built, q);
    const q = timeQueries(run, big && e !== engines[0] ? 20 : n);
    return { ...q, cold: big ? undefined : timeCold(run) };
  });
  const ours = engines[0];
  const live = engines.slice(1).filter((r) => !r.error);
  const fastest = [...live].sort((a, b) => a.p50 - b.p50)[0];
  const fastestCold = big ? undefined : [...live].sort((a, b) => a.cold - b.cold)[0];
  const minisearch = engines.find((r) => r.engine === 'minisearch' && !r.error);
  summary.push({ label, ours, fastest, fastestCold, minisearch });
  console.log(`\n## ${label}: ${tools.length.toLocaleString('en')} tools`);
  console.log(`| engine | build ms (median of ${reps}) | first timed build ms | query p50 ms | query p99 ms | query p50 ms, caches cold | memory MB | memory/tool B | install KB | ours vs it (p50) |`);
  // Ours: growth of wasm linear memory, which is reserved once and reused (0 = the catalog fit
  // in memory an earlier, larger one reserved). Peers: JS heap + array buffers after a GC.
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of engines) {
    if (r.error) { console.log(`| ${r.engine} | failed: ${r.error} |`); continue; }
    const key = r.engine.startsWith('tool-search') ? 'tool-search' : r.engine;
    const ratio = r === ours ? '—' : `${(r.p50 / ours.p50).toFixed(1)}× faster`;
    const cold = r.cold === undefined ? '—' : ms(r.cold);
    console.log(`| ${r.engine} | ${ms(r.build)} | ${ms(r.first)} | ${ms(r.p50)} | ${ms(r.p99)} | ${cold} | ${(r.mem / 2 ** 20).toFixed(1)} | ${Math.round(r.mem / tools.length)} | ${Math.round(installSize[key] / 1024)} | ${ratio} |`);
  }
}

// The ratios in one place: build against minisearch's, search against the fastest peer.
console.log('\n## ratios (medians above)');
console.log('| catalog | build ms: ours / minisearch | build, ours faster by | query p50 ms: ours / fastest peer | search, ours faster by | caches cold: ours / fastest peer | cold, ours faster by |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const { label, ours, fastest, fastestCold: c, minisearch: m } of summary) {
  const build = m ? `${ms(ours.build)} / ${ms(m.build)} | ${(m.build / ours.build).toFixed(2)}×` : `${ms(ours.build)} / — | —`;
  const cold = c ? `${ms(ours.cold)} / ${ms(c.cold)} (${c.engine}) | ${(c.cold / ours.cold).toFixed(1)}×` : '— | —';
  console.log(`| ${label} | ${build} | ${ms(ours.p50)} / ${ms(fastest.p50)} (${fastest.engine}) | ${(fastest.p50 / ours.p50).toFixed(1)}× | ${cold} |`);
}

// The per-turn path: what a host pays on every model turn.
console.log('\n## assemble per turn, 3,454-tool mcp-servers catalog (median of 50)');
// A host that rebuilds its tool objects every turn (from each MCP tools/list, or through a
// schema converter) passes deep copies: the same data, or the same with a tool added.
console.log('| profile | unchanged list ms | one tool added ms | new objects, same data (deep copy) ms | new objects, one tool added ms |');
console.log('|---|---:|---:|---:|---:|');
const base = Object.values(catalogs())[0];
for (const profile of ['hermes', 'vibeos', 'aalis']) {
  const ts = new ToolSearch({ profile });
  const ctx = { sessionId: 's', contextWindow: 200_000 };
  ts.assemble(base, ctx);
  const med = (f) => { const xs = []; for (let i = 0; i < 50; i++) { const t0 = performance.now(); f(i); xs.push(performance.now() - t0); } return pct(xs, 0.5); };
  const warm = med(() => ts.assemble(base, ctx));
  const added = med((i) => ts.assemble([...base, { name: `extra_${i}`, description: 'An added tool.', source: 'extra' }], ctx));
  const copies = Array.from({ length: 50 }, () => structuredClone(base));
  const fresh = med((i) => ts.assemble(copies[i], ctx));
  copies.length = 0;
  // Each turn after the base list, as the deep copy is compared with the last list.
  const grown = Array.from({ length: 50 }, (_, i) => [...structuredClone(base), { name: `new_${i}`, description: 'An added tool.', source: 'extra' }]);
  const freshAdded = pct(grown.map((list) => {
    ts.assemble(base, ctx);
    const t0 = performance.now();
    ts.assemble(list, ctx);
    return performance.now() - t0;
  }), 0.5);
  console.log(`| ${profile} | ${ms(warm)} | ${ms(added)} | ${ms(fresh)} | ${ms(freshAdded)} |`);
  ts.free();
}
console.log(`\nwasm core: ${installSize['tool-search']} bytes installed (package folder)`);
