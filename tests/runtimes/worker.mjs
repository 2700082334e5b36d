// A module Web Worker that loads the web entry itself (import maps do not reach workers).
import { ToolSearch, ready } from '/node_modules/tool-search/web.mjs';

self.onmessage = async ({ data }) => {
  try {
    await ready();
    const catalog = await (await fetch('/fixtures/catalog.json')).json();
    const ts = new ToolSearch({ profile: 'aalis' });
    self.postMessage({ hits: ts.search(data.query, { tools: catalog, limit: 3 }) });
  } catch (error) {
    self.postMessage({ error: `${error.code ?? ''} ${error.message}` });
  }
};
