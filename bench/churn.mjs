// `node bench/churn.mjs [operations] [sample-every]`: a long run of session churn against the
// built package (pkg/), printing the wasm core's linear memory as it goes. Sessions are
// assembled, searched, described, cleared, and evicted past `maxSessions`; two layers (hermes
// and aalis) share the one wasm instance. Wasm memory never shrinks, so "bounded" means: after
// warm-up it stops growing. Asserts that (and that searches find tools); never timings.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ToolSearch, wasmMemoryBytes } from '../pkg/node.mjs';
import { churn } from '../tests/js/churn-workload.mjs';

const operations = Number(process.argv[2] ?? 1_000_000);
const every = Number(process.argv[3] ?? 100_000);
const catalog = JSON.parse(readFileSync(new URL('../samples/catalog.json', import.meta.url), 'utf8'));

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
