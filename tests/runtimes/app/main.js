// A small app importing the package by name, as a bundler user writes it. Vite and webpack
// build it inside the runtime test; the bundle then runs in headless Chromium.
import { ToolSearch, ready } from 'tool-search';
import { toAnthropic } from 'tool-search/formats';

async function main() {
  const out = document.getElementById('out');
  try {
    await ready();
    const catalog = await (await fetch('./catalog.json')).json();
    const ts = new ToolSearch({ profile: 'aalis' });
    const hits = ts.search('weather forecast for a city', { tools: catalog, limit: 3 });
    const bridge = toAnthropic(ts.assemble(catalog, { sessionId: 'app' }).tools)[0];
    out.textContent = JSON.stringify({ hits, bridge: bridge.name, schema: bridge.input_schema.type });
  } catch (error) {
    out.textContent = `error: ${error.code ?? ''} ${error.message}`;
  }
}
main();
