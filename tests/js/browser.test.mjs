// The packaged web entry in real headless Chromium: a page with no bundler imports the
// package through an import map, searches the sample catalog, and the test reads the result.
// Before that, two loads that must fail say what they fetched and what came back.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const root = process.cwd();
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm' };

const page = `<!doctype html><meta charset="utf-8"><title>tool-search</title>
<script type="importmap">{"imports":{"tool-search":"./node_modules/tool-search/web.mjs"}}</script>
<pre id="out">loading</pre>
<script type="module">
  import { ToolSearch, ready } from 'tool-search';
  const out = document.getElementById('out');
  try {
    // A failed load (here a wrong URL) is not remembered: ready() can be called again.
    const said = (error) => ({ name: error.name, code: error.code, message: error.message });
    const failed = await ready('./node_modules/tool-search/missing.wasm').then(() => 'loaded', said);
    // A server that answers every path with its page (a single-page app, Vite's dev server).
    const page = await ready('./index.html').then(() => 'loaded', said);
    await ready();
    const catalog = await (await fetch('./fixtures/catalog.json')).json();
    const ts = new ToolSearch({ profile: 'hermes' });
    out.textContent = JSON.stringify({ failed, page, hits: ts.search('create github issue', { tools: catalog, limit: 3 }) });
  } catch (error) {
    out.textContent = 'error: ' + error.code + ' ' + error.message;
  }
</script>`;

function serve() {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/' || path === '/index.html') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    try {
      const body = await readFile(join(root, normalize(path)));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('the web entry loads in Chromium without a bundler, after failed loads that name the URL and what came back, and ranks the sample catalog', async () => {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    await tab.waitForFunction(() => document.getElementById('out').textContent !== 'loading');
    const text = await tab.textContent('#out');
    assert.ok(!text.startsWith('error'), text);
    const { failed, page, hits } = JSON.parse(text);
    assert.notEqual(failed, 'loaded', 'a missing wasm file fails the first ready()');
    assert.equal(failed.name, 'ToolSearchError');
    assert.equal(failed.code, 'not_ready');
    assert.match(failed.message, /http:\/\/127\.0\.0\.1:\d+\/node_modules\/tool-search\/missing\.wasm answered HTTP 404/);
    // It used to be the compiler's "expected magic word 00 61 73 6d, found 3c 21 64 6f".
    assert.equal(page.code, 'not_ready');
    assert.match(page.message, /\/index\.html answered with an HTML page \(content-type text\/html\), beginning "<!doctype html>/);
    assert.match(page.message, /pass its URL to ready\(url\)/);
    assert.match(page.message, /optimizeDeps: \{ exclude: \['tool-search'\] \}/);
    assert.equal(hits[0].name, 'create_issue');
    assert.equal(hits.length, 3);
    const dir = process.env.TEST_OUTPUT ?? '.';
    await mkdir(dir, { recursive: true });
    await tab.screenshot({ path: join(dir, 'web-entry.png') });
  } finally {
    await browser.close();
    server.close();
  }
});
