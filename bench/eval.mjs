// `make eval` (with the native examples/eval.rs): retrieval quality of the built package
// against the JS peers on the labelled datasets in ../shared/data, in one run.
// Prints recall@1/5/10, MRR@10 and nDCG@10 overall and per script (Latin / non-Latin); writes
// the queries our engine misses in its top 5 to test-output/eval-misses.jsonl; then the
// multilingual probe (bench/multilingual-probe.json): hits per language, ours and the peers'.
// EVAL_MAX=N evaluates every k-th query so at most N per dataset run (deterministic); the
// output says when it subsampled.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ToolSearch } from '../pkg/node.mjs';
import { peers, fields } from './peers.mjs';
import { readJson, readJsonl, requireShared, unique } from './data.mjs';

requireShared();
const max = Number(process.env.EVAL_MAX || 0);

/** Plain BM25 over one bag of the four fields: lowercase [\p{L}\p{N}_]+ tokens, no stemming or
 * identifier splitting, Hermes' k1 = 1.5, b = 0.75 and idf. */
function plainBm25(tools) {
  const tokens = (s) => String(s ?? '').toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const postings = new Map();
  const lens = tools.map((t, d) => {
    const schema = t.inputSchema ?? {};
    const toks = tokens([t.name, t.source, t.description, Object.keys(schema.properties ?? {}).join(' ')].join(' '));
    const tf = new Map();
    for (const x of toks) tf.set(x, (tf.get(x) ?? 0) + 1);
    for (const [x, f] of tf) (postings.get(x) ?? postings.set(x, []).get(x)).push([d, f]);
    return toks.length;
  });
  const n = tools.length;
  const avg = lens.reduce((a, b) => a + b, 0) / Math.max(n, 1);
  return (q, k) => {
    const scores = new Map();
    for (const x of new Set(tokens(q))) {
      const list = postings.get(x);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [d, f] of list) {
        const norm = 1 - 0.75 + (0.75 * lens[d]) / Math.max(avg, 1);
        scores.set(d, (scores.get(d) ?? 0) + (idf * f * 2.5) / (f + 1.5 * norm));
      }
    }
    return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k).map(([d]) => d);
  };
}

/** The Aalis plugin's matcher: any whitespace keyword as a case-insensitive substring of
 * name + description, unranked (catalog order). */
function aalisSubstring(tools) {
  const hay = tools.map((t) => `${t.name} ${t.description ?? ''}`.toLowerCase());
  return (q, k) => {
    const kws = q.toLowerCase().split(/\s+/).filter(Boolean);
    const out = [];
    for (let d = 0; d < hay.length && out.length < k; d++) if (kws.some((w) => hay[d].includes(w))) out.push(d);
    return out;
  };
}

/** Our engine through the built package: `ranking` 'best' (default) or 'hermes'. */
function ours(tools, ranking) {
  const ts = new ToolSearch({ profile: 'hermes', core_tools: [], ...(ranking ? { ranking } : {}) });
  const byName = new Map(tools.map((t, d) => [t.name, d]));
  // Build the index now, as the peers' build() does, so µs/q times queries only.
  ts.search('', { tools, limit: 1 });
  return (q, k) => ts.search(q, { tools, limit: k }).map((h) => byName.get(h.name));
}

/** Every engine of the tables, each built on demand over `tools`: label, build(). */
function engines(tools) {
  return [
    ['tool-search (best)', () => ours(tools)],
    ['tool-search (hermes mode)', () => ours(tools, 'hermes')],
    ['wink-bm25', () => peers['wink-bm25'].build(tools)],
    ['minisearch', () => peers.minisearch.build(tools)],
    ['plain bm25', () => plainBm25(tools)],
    ['aalis substring', () => aalisSubstring(tools)],
  ];
}

function metrics() {
  return { n: 0, r1: 0, r5: 0, r10: 0, mrr: 0, ndcg: 0 };
}
function add(m, ranked, relevant) {
  const rel = new Set(relevant);
  const recall = (k) => ranked.slice(0, k).filter((d) => rel.has(d)).length / rel.size;
  m.n++;
  m.r1 += recall(1);
  m.r5 += recall(5);
  m.r10 += recall(10);
  const first = ranked.slice(0, 10).findIndex((d) => rel.has(d));
  if (first >= 0) m.mrr += 1 / (first + 1);
  let dcg = 0;
  ranked.slice(0, 10).forEach((d, i) => { if (rel.has(d)) dcg += 1 / Math.log2(i + 2); });
  let idcg = 0;
  for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  m.ndcg += dcg / idcg;
}
const row = (label, m) =>
  m.n === 0
    ? `| ${label} | 0 | | | | | |`
    : `| ${label} | ${m.n} | ${(m.r1 / m.n).toFixed(3)} | ${(m.r5 / m.n).toFixed(3)} | ${(m.r10 / m.n).toFixed(3)} | ${(m.mrr / m.n).toFixed(3)} | ${(m.ndcg / m.n).toFixed(3)} |`;

mkdirSync(new URL('../test-output/', import.meta.url), { recursive: true });
const missLines = [];
const summary = [];
for (const name of ['livemcpbench', 'metatool']) {
  const raw = readJson(`datasets/${name}/catalog.json`);
  // Unique names (a clash becomes `<source>__<name>`), deferrable (`kind: 'mcp'`).
  const tools = unique(raw).map((t) => ({ ...t, kind: 'mcp' }));
  const pos = new Map(raw.map((t, d) => [t.id, d]));
  let queries = readJsonl(`datasets/${name}/queries.jsonl`)
    .map((q) => ({ ...q, rel: q.relevant.map((id) => pos.get(id)).filter((d) => d !== undefined) }))
    .filter((q) => q.rel.length > 0);
  const all = queries.length;
  if (max > 0 && all > max) {
    const step = Math.ceil(all / max);
    queries = queries.filter((_, i) => i % step === 0);
  }
  const note = queries.length < all ? ` (every ${Math.ceil(all / max)}th query: ${queries.length} of ${all})` : '';
  console.log(`\n## ${name}: ${tools.length} tools, ${queries.length} queries${note}`);
  console.log('| engine / script | n | R@1 | R@5 | R@10 | MRR@10 | nDCG@10 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, make] of engines(tools)) {
    const search = make();
    const [m, latin, other] = [metrics(), metrics(), metrics()];
    const t0 = performance.now();
    for (const q of queries) {
      const ranked = search(q.query, 10);
      add(m, ranked, q.rel);
      add(q.script === 'Latin' ? latin : other, ranked, q.rel);
      if (label === 'tool-search (best)' && !ranked.slice(0, 5).some((d) => q.rel.includes(d))) {
        missLines.push(JSON.stringify({ dataset: name, id: q.id, query: q.query, relevant: q.relevant, top5: ranked.slice(0, 5).map((d) => raw[d]?.id) }));
      }
    }
    const us = ((performance.now() - t0) * 1000) / queries.length;
    console.log(row(`${label} (${us.toFixed(0)} µs/q)`, m));
    console.log(row('  Latin', latin));
    console.log(row('  non-Latin', other));
    summary.push({ dataset: name, label, r5: m.r5 / m.n });
  }
}
writeFileSync(new URL('../test-output/eval-misses.jsonl', import.meta.url), missLines.join('\n') + '\n');

// The multilingual probe: the same intents asked in nine languages; a hit is any acceptable
// tool in the top 5. Our own queries (see the file's `about`), so a sanity check per language
// rather than a benchmark.
{
  const probe = JSON.parse(readFileSync(new URL('./multilingual-probe.json', import.meta.url), 'utf8'));
  const tools = unique(readJson('catalogs/mcp-servers.json')).map((t) => ({ ...t, kind: 'mcp' }));
  const names = tools.map((t) => `${t.source}::${t.name}`);
  // A pattern that matches no tool (a clashing name is renamed `<source>__<name>` above) would
  // count its intent as missed by every engine, whatever they rank.
  const unmatched = probe.intents.filter((it) => !names.some((n) => new RegExp(it.want, 'i').test(n)));
  if (unmatched.length) throw new Error(`probe: no tool matches ${unmatched.map((it) => it.want).join(', ')}`);
  console.log(`\n## multilingual probe: ${probe.intents.length} intents × ${probe.languages.length} languages over ${tools.length} tools (hits in the top 5)`);
  console.log(`| engine | ${probe.languages.join(' | ')} |`);
  console.log(`|---|${probe.languages.map(() => '---:').join('|')}|`);
  const found = (search, intents, lang) =>
    intents.filter((it) => search(it.q[lang], 5).some((d) => new RegExp(it.want, 'i').test(names[d]))).length;
  for (const [label, make] of engines(tools)) {
    const search = make();
    console.log(`| ${label} | ${probe.languages.map((lang) => found(search, probe.intents, lang)).join(' | ')} |`);
  }
  // Per set, ours and the strongest peer's: the sets were written in rounds; the file's
  // `about` says which guided changes (a held-out set's counts are all that may be read).
  for (const [label, make] of engines(tools).filter(([l]) => l === 'tool-search (best)' || l === 'wink-bm25')) {
    const search = make();
    console.log(`\n| ${label}, by set | intents | ${probe.languages.join(' | ')} |`);
    console.log(`|---|---:|${probe.languages.map(() => '---:').join('|')}|`);
    for (const set of [...new Set(probe.intents.map((it) => it.set))]) {
      const intents = probe.intents.filter((it) => it.set === set);
      console.log(`| ${set} | ${intents.length} | ${probe.languages.map((lang) => found(search, intents, lang)).join(' | ')} |`);
    }
  }
}
const ourR5 = (d) => summary.find((s) => s.dataset === d && s.label === 'tool-search (best)').r5;
for (const d of ['livemcpbench', 'metatool']) {
  const peer = summary.filter((s) => s.dataset === d && !s.label.startsWith('tool-search')).sort((a, b) => b.r5 - a.r5)[0];
  console.log(`${d}: ours R@5 ${ourR5(d).toFixed(3)} vs best peer ${peer.label} ${peer.r5.toFixed(3)} (${((ourR5(d) - peer.r5) * 100).toFixed(1)} points)`);
}
console.log(`misses: test-output/eval-misses.jsonl (${missLines.length} queries)`);
// fields() is the peers' shared field extraction; referenced so the import documents it.
void fields;
