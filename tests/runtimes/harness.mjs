// Shared by the runtime and playground tests: a static file server and headless Chromium
// (the system browser; nothing is downloaded).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const types = {
  '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json',
  '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png',
};

/** Serves `mounts` ({urlPrefix: folder}, longest prefix wins) on 127.0.0.1; resolves to the server. */
export function serve(mounts) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (prefix === undefined) return res.writeHead(404).end();
    let file = join(mounts[prefix], normalize(path.slice(prefix.length)));
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const url = (server, path = '/') => `http://127.0.0.1:${server.address().port}${path}`;

export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Opens `address`, waits until `#out` leaves "loading", returns its text and the page errors. */
export async function readOut(browser, address) {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await tab.goto(address);
  await tab.waitForFunction(() => document.getElementById('out')?.textContent !== 'loading', null, { timeout: 20000 });
  return { text: await tab.textContent('#out'), errors, tab };
}
