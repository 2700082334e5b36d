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
import { churn } from './churn-workload.mjs';

await ready();
const catalog = JSON.parse(readFileSync(new URL('./fixtures/catalog.json', import.meta.url), 'utf8'));

const OPERATIONS = 30_000;
const MARGIN = 1 << 20; // 1 MiB: allocator slack, not a leak of 15,000 operations

test('30,000 operations of session churn do not grow wasm memory after the first half', () => {
  let firstHalfPeak = 0;
  let secondHalfPeak = 0;
  let sessions = [];
  const found = churn({
    ToolSearch, wasmMemoryBytes, catalog, operations: OPERATIONS, every: 1,
    sample(ops, bytes, counts) {
      if (ops <= OPERATIONS / 2) firstHalfPeak = Math.max(firstHalfPeak, bytes);
      else secondHalfPeak = Math.max(secondHalfPeak, bytes);
      sessions = counts;
    },
  });
  const mib = (b) => (b / 2 ** 20).toFixed(2);
  console.log(`wasm memory: first half peak ${mib(firstHalfPeak)} MiB, second half peak ${mib(secondHalfPeak)} MiB`);
  assert.ok(found > 0, 'the churn found tools');
  assert.ok(sessions.length === 2 && sessions.every((n) => n <= 500), 'maxSessions holds');
  assert.ok(secondHalfPeak <= firstHalfPeak + MARGIN,
    `wasm memory grew from ${mib(firstHalfPeak)} to ${mib(secondHalfPeak)} MiB in the second half`);
});
