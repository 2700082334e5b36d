// The playground page on the installed package in headless Chromium: it loads the sample
// catalog, a query typed into the page shows ranked tools, the assembled list and the listing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ToolSearch } from 'tool-search';
import { serve, url, launch } from './runtimes/harness.mjs';

const root = process.cwd();
const hermes = (() => { try { new ToolSearch({ profile: 'hermes' }).free(); return true; } catch { return false; } })();

test('the playground ranks the sample catalog for a typed query and shows the assembly and listing', async () => {
  const server = await serve({
    '/tool-search/': join(root, 'node_modules', 'tool-search'),
    '/catalog.json': join(root, 'fixtures', 'catalog.json'),
    '/': join(root, 'playground'),
  });
  const browser = await launch();
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(url(server));
    await tab.waitForFunction(() => document.getElementById('catalog-info').textContent.endsWith('tools'));
    assert.match(await tab.textContent('#catalog-info'), /^3\d\d tools$/);

    const profile = hermes ? 'hermes' : 'aalis';
    await tab.selectOption('#profile', profile);
    await tab.fill('#query', 'weather in a city');
    await tab.waitForSelector('#results tbody tr');
    assert.equal(await tab.textContent('#error'), '', errors.join('\n'));
    const rows = await tab.$$eval('#results tbody tr', (trs) => trs.map((tr) => tr.dataset.tool));
    // Six tools speak of weather or cities: fewer than the default limit of 10, all shown.
    assert.ok(rows.length >= 2 && rows.length <= 10, rows.join(', '));
    assert.ok(rows.slice(0, 3).includes('maps_weather'), rows.join(', '));

    const assembly = await tab.textContent('#assembly');
    assert.match(assembly, /tier [12] · bridge active/);
    const chips = await tab.$$eval('#tools span', (spans) => spans.map((s) => s.textContent));
    const bridge = profile === 'hermes' ? 'tool_search' : 'search_tools';
    assert.ok(chips.includes(bridge), chips.join(', '));
    assert.match(await tab.textContent('#listing'), profile === 'hermes' ? /Deferred tool catalog/ : /maps_weather/);
    assert.match(await tab.textContent('#listing-tokens'), /\d+ listing tokens/);

    // Settings apply at once: a profile option that disables the layer passes everything through.
    await tab.fill('#options', JSON.stringify({ enabled: false }));
    await tab.waitForFunction(() => document.getElementById('assembly').textContent.includes('passthrough'));
    await tab.fill('#options', '{}');
    await tab.waitForFunction(() => document.getElementById('assembly').textContent.includes('bridge active'));
    await tab.screenshot({ path: join(process.env.TEST_OUTPUT ?? '.', 'playground.png'), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
