// The JS search libraries an agent author would otherwise pick, each configured as well as it
// allows for tool search: the same fields as ours (name, source, description, parameter
// names), names split into words, and each library's usual text preparation.
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import bm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';

/** `createIssue`, `create_issue`, `mcp__github__x` → space-separated words. */
export function splitIdentifier(text) {
  return String(text ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ');
}

/** The four fields every engine indexes, from any tool shape. */
export function fields(tool) {
  const schema = tool.inputSchema ?? tool.parameters ?? tool.input_schema ?? {};
  const params = Object.keys((schema && schema.properties) || {});
  return {
    name: splitIdentifier(tool.name),
    source: splitIdentifier(tool.source ?? ''),
    description: String(tool.description ?? ''),
    params: params.map(splitIdentifier).join(' '),
  };
}

export const peers = {
  minisearch: {
    build(tools) {
      const ms = new MiniSearch({
        fields: ['name', 'source', 'description', 'params'],
        storeFields: [],
        searchOptions: { boost: { name: 3, source: 2, params: 1, description: 1 }, prefix: true, fuzzy: 0.2 },
      });
      ms.addAll(tools.map((t, id) => ({ id, ...fields(t) })));
      return (q, k) => ms.search(q).slice(0, k).map((r) => r.id);
    },
  },
  orama: {
    build(tools) {
      const db = create({ schema: { name: 'string', source: 'string', description: 'string', params: 'string', i: 'number' } });
      insertMultiple(db, tools.map((t, i) => ({ ...fields(t), i })), 1000);
      return (q, k) =>
        oramaSearch(db, { term: q, limit: k, boost: { name: 3, source: 2 }, properties: ['name', 'source', 'description', 'params'] })
          .hits.map((h) => h.document.i);
    },
  },
  flexsearch: {
    build(tools) {
      const index = new FlexSearch.Document({
        tokenize: 'forward',
        document: { id: 'id', index: ['name', 'source', 'description', 'params'] },
      });
      tools.forEach((t, id) => index.add({ id, ...fields(t) }));
      return (q, k) => {
        // FlexSearch returns per-field id lists; merge them in field priority order.
        const seen = new Set();
        for (const group of index.search(q, { limit: k })) for (const id of group.result) seen.add(id);
        return [...seen].slice(0, k);
      };
    },
  },
  'wink-bm25': {
    build(tools) {
      const engine = bm25();
      engine.defineConfig({ fldWeights: { name: 3, source: 2, description: 1, params: 1 }, bm25Params: { k1: 1.2, b: 0.75 } });
      engine.definePrepTasks([nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem, nlp.tokens.propagateNegations]);
      tools.forEach((t, id) => engine.addDoc(fields(t), id));
      engine.consolidate();
      return (q, k) => engine.search(q, k).map(([id]) => Number(id));
    },
  },
};
