// A Cloudflare Worker, bundled as wrangler bundles one (esbuild, the workerd/worker/browser
// conditions, the .wasm import left as a module of its own) and run by workerd's test runner.
// Workers may not compile wasm from bytes, so the compiled module goes to ready(). Prints one
// line, "RESULT" and JSON: a hermes turn, a bridge search, a typed error and a recovered trap.
import { ToolSearch, ready, isToolSearchError } from 'tool-search';
import wasm from 'tool-search/tool_search_bg.wasm';
import catalog from '../fixtures/catalog.json';

export default {
  async test() {
    // Without the module, ready() says how to pass it; the failure is not remembered.
    const unlocated = await ready().then(() => 'loaded', (error) => `${error.code}: ${error.message}`);
    await ready(wasm);
    const ts = new ToolSearch({ profile: 'hermes' });
    const turn = ts.assemble(catalog, { sessionId: 'edge', contextWindow: 8000 });
    const reply = ts.handle('tool_search', { query: 'open a pull request', limit: 3 }, { sessionId: 'edge' });
    let code;
    try { ts.search(42, { sessionId: 'edge' }); } catch (error) { code = isToolSearchError(error) ? error.code : String(error); }
    let trapped;
    try { ts.__panicForTesting(); } catch (error) { trapped = error.code; }
    const after = ts.search('send a slack message', { tools: catalog, limit: 1 });
    console.log('RESULT ' + JSON.stringify({
      unlocated,
      bridges: turn.tools.map((t) => t.name).filter((n) => n.startsWith('tool_')),
      deferred: turn.deferred,
      hits: reply.result.results[0].matches,
      code,
      trapped,
      after,
    }));
  },
};
