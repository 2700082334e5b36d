// The playground: everything shown comes from the package's public API (ToolSearch.search,
// .assemble); this file only reads the form and renders.
import { ToolSearch, ready } from 'tool-search';

const $ = (id) => document.getElementById(id);
const state = { catalog: [], ts: null, key: '' };

function setCatalogText(tools) {
  $('catalog').value = JSON.stringify(tools, null, 1);
}

async function loadSample() {
  setCatalogText(await (await fetch('./catalog.json')).json());
  update();
}

function readCatalog() {
  const tools = JSON.parse($('catalog').value || '[]');
  if (!Array.isArray(tools)) throw new Error('the catalog must be a JSON array of tools');
  return tools;
}

// One ToolSearch per profile+options; rebuilt only when they change.
function layer() {
  const options = JSON.parse($('options').value || '{}');
  const key = $('profile').value + JSON.stringify(options);
  if (key !== state.key) {
    state.ts?.free();
    state.ts = null;
    state.key = key;
    state.ts = new ToolSearch({ ...options, profile: $('profile').value });
  }
  return state.ts;
}

const text = (value) => document.createTextNode(String(value));
function cell(row, content) {
  const td = row.insertCell();
  td.append(content instanceof Node ? content : text(content));
  return td;
}

function renderResults(hits) {
  const body = $('results').tBodies[0];
  body.replaceChildren();
  const top = Math.max(...hits.map((h) => h.score ?? 0), 1);
  hits.forEach((hit, i) => {
    const row = body.insertRow();
    row.dataset.tool = hit.name;
    cell(row, i + 1);
    cell(row, hit.name);
    cell(row, hit.source ?? '');
    const score = document.createElement('span');
    const bar = document.createElement('span');
    bar.className = 'bar';
    bar.style.width = `${Math.round(60 * (hit.score ?? top) / top)}px`;
    score.append(bar, text(hit.score === null ? 'exact name' : hit.score.toFixed(3)));
    cell(row, score);
    const explain = document.createElement('span');
    explain.className = 'explain';
    explain.textContent = (hit.explain ?? []).map((e) => `${e.term}@${e.field} ${e.score.toFixed(2)}`).join(' · ');
    cell(row, explain);
  });
}

function renderAssembly(turn) {
  const names = turn.tools.map((t) => t.function?.name ?? t.name);
  $('assembly').textContent = `tier ${turn.tier} · ${turn.active ? 'bridge active' : 'passthrough'} · ${turn.tools.length} visible, ${turn.deferred} deferred`
    + ` (${turn.deferredTokens} schema tokens saved) · listing form ${turn.listingForm ?? '—'} · budget ${turn.budgetTokens ?? '—'}`
    + (turn.warnings.length ? ` · warnings: ${turn.warnings.join('; ')}` : '');
  $('tools').replaceChildren(...names.map((name) => {
    const chip = document.createElement('span');
    chip.textContent = name;
    return chip;
  }));
  const ts = state.ts;
  const bridge = turn.tools.find((t) => ts.isBridge(t.function?.name ?? t.name));
  const listing = bridge ? (bridge.function?.description ?? bridge.description ?? '') : '';
  $('listing').textContent = listing || '(no bridge this turn: every tool goes to the model unchanged)';
  $('listing-tokens').textContent = bridge
    ? `(${turn.listingTokens} listing tokens by the core's estimate; description ≈ ${Math.ceil([...listing].length / 4)} tokens)`
    : '';
}

function update() {
  $('error').textContent = '';
  try {
    const catalog = readCatalog();
    $('catalog-info').textContent = `${catalog.length} tools`;
    const ts = layer();
    const turn = ts.assemble(catalog, { sessionId: 'playground', contextWindow: Number($('context').value) || undefined });
    renderAssembly(turn);
    const query = $('query').value.trim();
    const limit = Math.max(1, Math.min(100, Number($('limit').value) || 10));
    renderResults(query ? ts.search(query, { tools: catalog, limit, explain: true }) : []);
    document.body.dataset.state = 'ready';
  } catch (error) {
    $('error').textContent = `${error.code ? `${error.code}: ` : ''}${error.message}`;
    document.body.dataset.state = 'error';
  }
}

let timer;
const soon = () => { clearTimeout(timer); timer = setTimeout(update, 120); };
for (const id of ['catalog', 'options', 'query', 'context', 'limit']) $(id).addEventListener('input', soon);
$('profile').addEventListener('change', update);
$('sample').addEventListener('click', loadSample);
$('file').addEventListener('change', async () => {
  const file = $('file').files[0];
  if (file) { $('catalog').value = await file.text(); update(); }
});

await ready();
await loadSample();
