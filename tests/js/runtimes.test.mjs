// The installed tarball in every runtime the README claims: a Vite build and a webpack build of
// a small app (run in headless Chromium), the app under Vite's dev server (with the README's
// setting for it), a module Web Worker, Deno, Bun and Cloudflare's workerd (from their npm
// packages). Each proves a search over the sample catalog, not just a load.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { serve, url, launch, readOut } from './runtimes/harness.mjs';

const root = process.cwd();
const run = promisify(execFile);
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { await browser?.close(); });

/** A binary from the repository's node_modules/.bin (a parent of the test folder). */
function bin(name) {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} not found in any node_modules/.bin above ${root}`);
  }
}

/** A copy of the fixture app inside the test folder, so `tool-search` resolves to the tarball. */
function appCopy(label) {
  const dir = mkdtempSync(join(root, `.app-${label}-`));
  cpSync(join(root, 'runtimes', 'app'), dir, { recursive: true });
  return dir;
}

async function assertBundleRuns(outDir, label) {
  copyFileSync(join(root, 'fixtures', 'catalog.json'), join(outDir, 'catalog.json'));
  const server = await serve({ '/': outDir });
  try {
    const { text, errors, tab } = await readOut(browser, url(server));
    assert.ok(!text.startsWith('error'), `${text}\n${errors.join('\n')}`);
    const result = JSON.parse(text);
    assert.ok(result.hits.some((h) => h.name === 'maps_weather'), text);
    assert.equal(result.bridge, 'search_tools');
    assert.equal(result.schema, 'object');
    await tab.screenshot({ path: join(process.env.TEST_OUTPUT ?? '.', `runtime-${label}.png`) });
  } finally {
    server.close();
  }
}

test('a Vite build of an app importing the package runs in Chromium', async () => {
  const { build, version } = await import('vite');
  const app = appCopy('vite');
  const outDir = join(app, 'dist');
  try {
    await build({ root: app, configFile: false, logLevel: 'error', build: { outDir, target: 'es2022' } });
    const assets = readdirSync(join(outDir, 'assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), `Vite emitted the wasm as an asset (vite ${version}): ${assets}`);
    await assertBundleRuns(outDir, 'vite');
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test("Vite's dev server: the pre-bundled package says how to fix it, and runs once excluded from pre-bundling", async () => {
  // Vite pre-bundles the package into .vite/deps/ without its wasm and answers the missing file
  // with the app's page: ready() used to fail with the compiler's "expected magic word".
  const { createServer } = await import('vite');
  const app = appCopy('vite-dev');
  copyFileSync(join(root, 'fixtures', 'catalog.json'), join(app, 'catalog.json'));
  const open = async (optimizeDeps) => {
    const server = await createServer({
      // The cache inside the app copy (by default node_modules/.vite, served as /node_modules/.vite/deps/).
      root: app, configFile: false, logLevel: 'error', cacheDir: join(app, '.vite'), optimizeDeps,
      server: { host: '127.0.0.1', hmr: false, watch: null },
    });
    await server.listen();
    try {
      return await readOut(browser, server.resolvedUrls.local[0]);
    } finally {
      await server.close();
    }
  };
  try {
    const bundled = await open({});
    assert.match(bundled.text, /^error: not_ready ready\(\) could not load the wasm core: http:\/\/127\.0\.0\.1:\d+\/(node_modules\/)?\.vite\/deps\/tool_search_bg\.wasm answered with an HTML page/, bundled.text);
    assert.match(bundled.text, /Add optimizeDeps: \{ exclude: \['tool-search'\] \} to vite\.config/);
    const excluded = await open({ exclude: ['tool-search'] });
    assert.ok(!excluded.text.startsWith('error'), `${excluded.text}\n${excluded.errors.join('\n')}`);
    assert.ok(JSON.parse(excluded.text).hits.some((h) => h.name === 'maps_weather'), excluded.text);
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('a webpack build of an app importing the package runs in Chromium', async () => {
  const { default: webpack } = await import('webpack');
  const app = appCopy('webpack');
  const outDir = join(app, 'dist');
  try {
    const stats = await new Promise((resolve, reject) => webpack({
      mode: 'production',
      context: app,
      entry: './main.js',
      target: 'web',
      output: { path: outDir, filename: 'main.js', publicPath: '', clean: true },
      performance: { hints: false },
    }, (error, result) => (error ? reject(error) : resolve(result))));
    assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
    assert.ok(readdirSync(outDir).some((f) => f.endsWith('.wasm')), 'webpack emitted the wasm as an asset');
    writeFileSync(join(outDir, 'index.html'), '<!doctype html><meta charset="utf-8"><pre id="out">loading</pre><script src="main.js"></script>');
    await assertBundleRuns(outDir, 'webpack');
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('the web entry runs inside a module Web Worker', async () => {
  const server = await serve({ '/': root });
  try {
    const { text, errors } = await readOut(browser, url(server, '/runtimes/worker.html'));
    const result = JSON.parse(text.startsWith('error') ? JSON.stringify({ error: text }) : text);
    assert.equal(result.error, undefined, `${text}\n${errors.join('\n')}`);
    assert.ok(result.hits.some((h) => h.name === 'create_pull_request'), text);
  } finally {
    server.close();
  }
});

function assertEntryOutput(stdout, runtime) {
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  assert.ok(result.imported.some((h) => h.source === 'mcp-slack'), `${runtime}: ${stdout}`);
  assert.deepEqual(result.viaRequire, result.imported, `${runtime}: require and import agree`);
  assert.equal(result.code, 'invalid_config');
}

test('Deno runs the package from node_modules, by import and by require', async () => {
  const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  try {
    const { stdout } = await run(bin('deno'), ['run', '--quiet', '--node-modules-dir=manual', '--allow-read', '--allow-env', 'runtimes/entry.mjs'], {
      cwd: root, env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    assertEntryOutput(stdout, 'deno');
  } finally {
    rmSync(denoDir, { recursive: true, force: true });
  }
});

test('Bun runs the package from node_modules, by import and by require', async () => {
  const { stdout } = await run(bin('bun'), ['runtimes/entry.mjs'], {
    cwd: root, env: { ...process.env, BUN_INSTALL_CACHE_DIR: join(tmpdir(), 'bun-cache'), NO_COLOR: '1' },
  });
  assertEntryOutput(stdout, 'bun');
});

test('a Cloudflare Worker bundled as wrangler does runs in workerd', async () => {
  const { build } = await import('esbuild');
  const app = mkdtempSync(join(root, '.app-workerd-'));
  try {
    // wrangler's bundling: esbuild with the worker conditions, .wasm imports kept as modules.
    await build({
      entryPoints: [join(root, 'runtimes', 'cloudflare.mjs')],
      outfile: join(app, 'worker.mjs'),
      bundle: true, format: 'esm', platform: 'neutral', logLevel: 'error',
      conditions: ['workerd', 'worker', 'browser'], external: ['*.wasm'],
    });
    copyFileSync(join(root, 'node_modules', 'tool-search', 'tool_search_bg.wasm'), join(app, 'core.wasm'));
    writeFileSync(join(app, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "main", worker = .worker)]);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "tool-search/tool_search_bg.wasm", wasm = embed "core.wasm"),
  ],
  compatibilityDate = "2026-11-01",
);
`);
    const { stdout, stderr } = await run(bin('workerd'), ['test', 'config.capnp'], { cwd: app });
    const line = `${stdout}\n${stderr}`.split('\n').find((l) => l.startsWith('RESULT '));
    assert.ok(line, `workerd printed no result:\n${stdout}\n${stderr}`);
    const result = JSON.parse(line.slice('RESULT '.length));
    assert.match(result.unlocated, /^not_ready: .*await ready\(wasm\)/);
    assert.deepEqual(result.bridges, ['tool_search', 'tool_describe', 'tool_call']);
    assert.ok(result.deferred > 0, line);
    assert.ok(result.hits.some((name) => /pull_request/.test(name)), line);
    assert.equal(result.code, 'invalid_query');
    assert.equal(result.trapped, 'internal_error');
    assert.equal(result.after[0].source, 'mcp-slack', line);
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});
