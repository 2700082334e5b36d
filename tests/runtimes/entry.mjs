// Run by Deno and Bun from the package test folder: the package by name through `import`, and
// through `require` (createRequire), on the sample catalog. Prints one JSON line.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { ToolSearch, ready } from 'tool-search';

await ready();
const catalog = JSON.parse(readFileSync(new URL('../fixtures/catalog.json', import.meta.url), 'utf8'));
const imported = new ToolSearch({ profile: 'aalis' }).search('send a slack message', { tools: catalog, limit: 2 });
const required = createRequire(import.meta.url)('tool-search');
const viaRequire = new required.ToolSearch({ profile: 'aalis' }).search('send a slack message', { tools: catalog, limit: 2 });
let code;
try { new ToolSearch({ profile: 'nope' }); } catch (error) { code = error.code; }
console.log(JSON.stringify({ imported, viaRequire, code, sameClass: required.ToolSearch === ToolSearch }));
