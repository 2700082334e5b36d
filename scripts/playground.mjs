// `make playground`: serves playground/ with the built package at /tool-search/ and the sample
// catalog at /catalog.json (no bundler), and prints the URL. PORT picks the port (default 8080).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mounts = [['/tool-search/', join(root, 'pkg')], ['/catalog.json', join(root, 'samples', 'catalog.json')], ['/', join(root, 'playground')]];
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm' };

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const [prefix, dir] = mounts.find(([p]) => path === p || (p.endsWith('/') && path.startsWith(p))) ?? [];
  if (!dir) return res.writeHead(404).end();
  let file = prefix.endsWith('/') ? join(dir, normalize(path.slice(prefix.length))) : dir;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
  } catch {
    res.writeHead(404).end();
  }
});
const port = Number(process.env.PORT ?? 8080);
server.listen(port, '127.0.0.1', () => console.log(`playground: http://127.0.0.1:${server.address().port}/  (Ctrl-C to stop)`));
