// Part of `make bench`: what a host pays when its process is new (an edge instance, a CLI, a
// serverless call) and when its small tool list changes every turn. Ours against the JS peers
// doing the same work (load, index, first query), each in fresh Node processes; medians.
// Prints tables; asserts only sanity (results are non-empty), never timings.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ToolSearch } from '../pkg/node.mjs';
import { peers } from './peers.mjs';
import { readJson, requireShared } from './data.mjs';

requireShared();
const RUNS = 9;
const SIZE = 20;
const here = fileURLToPath(new URL('.', import.meta.url));
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const catalog = readJson('catalogs/mcp-servers.json');

// One fresh process per run: import the engine, index SIZE tools, answer one query. The
// peers' import is not shown: bench/peers.mjs loads all four libraries at once.
const child = (engine) => `
  const { readJson } = await import('./data.mjs');
  const tools = readJson('catalogs/mcp-servers.json').slice(100, ${100 + SIZE});
  const r = {};
  const t0 = performance.now();
  if (${JSON.stringify(engine)} === 'tool-search') {
    const { ToolSearch } = await import('../pkg/node.mjs');
    r.load = performance.now() - t0;
    const t1 = performance.now();
    const ts = new ToolSearch({ profile: 'hermes' });
    ts.assemble(tools, { sessionId: 's', contextWindow: 200000 });
    r.build = performance.now() - t1;
    const t2 = performance.now();
    r.hits = ts.search('create an issue', { sessionId: 's', limit: 5 }).length;
    r.query = performance.now() - t2;
  } else {
    const { peers } = await import('./peers.mjs');
    r.load = performance.now() - t0;
    const t1 = performance.now();
    const search = peers[${JSON.stringify(engine)}].build(tools);
    r.build = performance.now() - t1;
    const t2 = performance.now();
    r.hits = search('create an issue', 5).length;
    r.query = performance.now() - t2;
  }
  console.log(JSON.stringify(r));`;

console.log(`\n## cold start: a fresh Node process indexes ${SIZE} tools and answers one query (median of ${RUNS} processes)`);
console.log('| engine | import ms | first build ms | first query ms |');
console.log('|---|---:|---:|---:|');
for (const engine of ['tool-search', ...Object.keys(peers)]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', child(engine)], { cwd: here });
    runs.push(JSON.parse(out.toString()));
  }
  if (runs.some((r) => r.hits === 0)) throw new Error(`sanity: ${engine} found nothing`);
  const col = (k) => ms(med(runs.map((r) => r[k])));
  console.log(`| ${engine} | ${engine === 'tool-search' ? col('load') : '—'} | ${col('build')} | ${col('query')} |`);
}

// A host whose small list is a new array each turn (its plugins re-register tools): one
// layer rebuilds per turn, as a peer would.
console.log(`\n## a new ${SIZE}-tool list every turn (a different slice each time; median of 200 turns)`);
console.log('| engine | per turn ms |');
console.log('|---|---:|');
const lists = Array.from({ length: 200 }, (_, i) => catalog.slice((i * SIZE) % 3000, (i * SIZE) % 3000 + SIZE).map((t) => ({ ...t })));
// Each engine first goes through the 200 turns once untimed, so that whichever is timed
// first does not pay for the process's compilation alone: timed first without it, the
// hermes profile took 1.0 ms a turn and, timed again after the others, 0.77.
const profiles = ['hermes', 'vibeos', 'aalis'];
for (const profile of profiles) {
  const ts = new ToolSearch({ profile });
  for (const tools of lists) ts.assemble(tools, { sessionId: 's', contextWindow: 200000 });
  ts.free();
}
for (const peer of Object.values(peers)) for (const tools of lists) peer.build(tools);
for (const profile of profiles) {
  const ts = new ToolSearch({ profile });
  const times = [];
  for (const tools of lists) {
    const t0 = performance.now();
    ts.assemble(tools, { sessionId: 's', contextWindow: 200000 });
    times.push(performance.now() - t0);
  }
  if (ts.search('create an issue', { sessionId: 's', limit: 5 }).length === 0) throw new Error('sanity: found nothing');
  ts.free();
  console.log(`| tool-search (${profile}) | ${ms(med(times))} |`);
}
for (const [name, peer] of Object.entries(peers)) {
  const times = [];
  for (const tools of lists) {
    const t0 = performance.now();
    peer.build(tools);
    times.push(performance.now() - t0);
  }
  console.log(`| ${name} | ${ms(med(times))} |`);
}
