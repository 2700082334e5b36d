// The shipped declarations, type-checked as users get them: `tsc --noEmit` over files that use
// the whole API (and the real MCP, AI SDK, OpenAI and Anthropic SDK types), resolved through the installed tarball's
// `exports` map. TypeScript resolves from the repository's node_modules (a parent folder).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = promisify(execFile);

async function typecheck(project) {
  try {
    await run(process.execPath, [tsc, '-p', project], { cwd: process.cwd() });
  } catch (error) {
    assert.fail(`tsc -p ${project} failed:\n${error.stdout}${error.stderr}`);
  }
}

test('the declarations type-check a program that uses every entry, option and result, ESM and CommonJS', async () => {
  await typecheck('types/tsconfig.json');
});

test('the real MCP, AI SDK, OpenAI and Anthropic SDK types fit the declarations both ways', async () => {
  await typecheck('types/tsconfig.sdk.json');
});

test('the declarations and the real SDK types fit under exactOptionalPropertyTypes', async () => {
  // The MCP SDK's Client failed McpClientLike with TS2322: its optional properties admit undefined.
  await typecheck('types/tsconfig.exact.json');
});

test('every entry point resolves its declarations under moduleResolution node10 (no exports map)', async () => {
  await typecheck('types/tsconfig.node10.json');
});
