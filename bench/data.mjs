// Real catalogs and queries from ../shared/data (read in place, never copied).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const shared = fileURLToPath(new URL('../../shared/data/', import.meta.url));

export function requireShared() {
  if (!existsSync(shared)) {
    console.error(`bench: ${shared} not found; benchmarks and evaluation read the shared data set`);
    process.exit(2);
  }
}

export const readJson = (path) => JSON.parse(readFileSync(shared + path, 'utf8'));
export const readJsonl = (path) =>
  readFileSync(shared + path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** Every tool gets a unique name: a clash is renamed `<source>__<name>`. */
export function unique(tools) {
  const seen = new Set();
  return tools.map((t) => {
    let name = t.name;
    if (seen.has(name)) name = `${t.source}__${t.name}`;
    for (let k = 2; seen.has(name); k++) name = `${t.source}__${t.name}_${k}`;
    seen.add(name);
    return name === t.name ? t : { ...t, name };
  });
}

export function catalogs() {
  const names = ['mcp-servers', 'lark-en', 'lark-zh', 'twilio-mcp', 'cloudflare-api', 'github-rest', 'jira-cloud',
    'digitalocean', 'box', 'asana-api', 'twilio-api', 'zoom'];
  const all = names.map((n) => readJson(`catalogs/${n}.json`).map((t) => ({ ...t, source: t.source ?? n })));
  const union = unique(all.flat());
  const big = [];
  for (let r = 0; big.length < 100_000; r++) {
    for (const t of union) {
      if (big.length >= 100_000) break;
      big.push(r === 0 ? t : { ...t, name: `${t.name}_r${r}`, source: `${t.source}-r${r}` });
    }
  }
  return {
    'mcp-servers (3,454)': unique(all[0]),
    'cloudflare-api (2,741)': unique(all[4]),
    [`union (${union.length.toLocaleString('en')})`]: union,
    '100k (repeated, renamed)': big,
  };
}

/** The benchmark's untimed warm-up: MetaTool's 199-tool catalog, the GitHub REST API's 1,223
 * tools (neither is timed on its own), and 200 MetaTool requests that the timed runs never ask. */
export function warmup() {
  const catalogs = [readJson('datasets/metatool/catalog.json'), readJson('catalogs/github-rest.json')];
  const queries = readJsonl('datasets/metatool/queries.jsonl').slice(1000, 1200).map((q) => q.query);
  return { catalogs, queries };
}

/** Natural-language queries: LiveMCPBench tasks and a slice of MetaTool requests. */
export function queries() {
  const live = readJsonl('datasets/livemcpbench/queries.jsonl').map((q) => q.query);
  // 400 distinct queries: the benchmark times each once, so no query's analysis is ever reused
  // from an earlier identical one (a real agent's queries differ too).
  const meta = readJsonl('datasets/metatool/queries.jsonl').slice(0, 305).map((q) => q.query);
  return [...live, ...meta].map((q) => q.slice(0, 300));
}

/** 100 MetaTool requests that neither the timed loop nor the warm-up asks, for the
 * caches-cold column: each is new to every engine. */
export function coldQueries() {
  return readJsonl('datasets/metatool/queries.jsonl').slice(3000, 3100).map((q) => q.query);
}
