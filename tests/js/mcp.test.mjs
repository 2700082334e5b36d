// tool-search/mcp against real MCP servers from npm, started over stdio inside the test:
// server-everything, server-filesystem (on a temp dir) and server-memory. The catalog comes
// from their listTools, the bridge answers from the installed package, and every call's
// result comes back from the real server.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolSearch, ready } from 'tool-search';
import { McpCatalog, listMcpTools } from 'tool-search/mcp';

await ready();

/** A file of the repository's node_modules (a parent of the test folder). */
function fromRepo(relative) {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', relative);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${relative} not found above ${process.cwd()}`);
  }
}

const workdir = mkdtempSync(join(tmpdir(), 'tool-search-mcp-'));
writeFileSync(join(workdir, 'notes.txt'), 'tool-search was here\n');
const servers = {
  everything: [fromRepo('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  files: [fromRepo('@modelcontextprotocol/server-filesystem/dist/index.js'), workdir],
  memory: [fromRepo('@modelcontextprotocol/server-memory/dist/index.js')],
};

const clients = {};
test.before(async () => {
  const connected = await Promise.all(Object.entries(servers).map(async ([name, args]) => {
    const client = new Client({ name: 'tool-search-test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({
      command: process.execPath,
      args,
      env: { ...process.env, MEMORY_FILE_PATH: join(workdir, 'memory.jsonl') },
      stderr: 'ignore',
    }));
    return [name, client];
  }));
  for (const [name, client] of connected) clients[name] = client;
});
test.after(async () => {
  await Promise.all(Object.values(clients).map((client) => client.close()));
  rmSync(workdir, { recursive: true, force: true });
});

const hermesBuilt = (() => {
  try { new ToolSearch({ profile: 'hermes' }).free(); return true; } catch { return false; }
})();

test('a catalog of three real servers lists every tool, labelled with its server', async () => {
  const mcp = await McpCatalog.connect(clients);
  assert.deepEqual(mcp.servers, ['everything', 'files', 'memory']);
  const direct = await Promise.all(Object.values(clients).map((c) => c.listTools()));
  assert.equal(mcp.tools.length, direct.reduce((n, r) => n + r.tools.length, 0));
  const readText = mcp.tools.find((t) => t.name === 'read_text_file');
  assert.equal(readText.source, 'files');
  assert.equal(readText.kind, 'mcp');
  assert.ok(readText.inputSchema.properties.path, 'the server schema is kept');
  assert.equal(mcp.tools.find((t) => t.name === 'echo').source, 'everything');
  assert.equal(mcp.tools.find((t) => t.name === 'create_entities').source, 'memory');
  assert.deepEqual(mcp.route('echo'), { server: 'everything', name: 'echo' });

  // Array form: servers are named after their own serverInfo.
  const named = await McpCatalog.connect([clients.memory]);
  assert.deepEqual(named.servers, ['memory-server']);
  // Prefixed names keep two servers' tools apart and still route to the original name.
  const prefixed = await McpCatalog.connect(clients, { names: 'prefixed' });
  assert.ok(prefixed.tools.some((t) => t.name === 'mcp__files__read_text_file'));
  const echoed = await prefixed.callTool({ name: 'mcp__everything__echo', arguments: '{"message":"prefixed"}' });
  assert.equal(echoed.content[0].text, 'Echo: prefixed');
});

test('the aalis layer searches the real catalog and its found tools are called on their server', async () => {
  const mcp = await McpCatalog.connect(clients);
  const ts = new ToolSearch({ profile: 'aalis' });
  const turn = ts.assemble(mcp.tools, { sessionId: 'mcp' });
  assert.equal(turn.active, true);
  assert.equal(turn.tools[0].name, 'search_tools', 'the bridge is rendered in the MCP shape');
  assert.ok(turn.tools[0].inputSchema);

  const hits = ts.search('read the text of a file', { sessionId: 'mcp', limit: 3 });
  assert.ok(hits.some((h) => h.name === 'read_text_file' && h.source === 'files'), JSON.stringify(hits));

  const reply = await mcp.handle(ts, 'search_tools', { query: 'write file' }, { sessionId: 'mcp' });
  const found = JSON.parse(reply.content[0].text);
  assert.ok(found.tools.some((t) => t.name === 'write_file'), reply.content[0].text);

  // write_file is not a bridge tool: it goes straight to the filesystem server.
  const path = join(workdir, 'written.txt');
  const written = await mcp.handle(ts, 'write_file', JSON.stringify({ path, content: 'from the model' }), { sessionId: 'mcp' });
  assert.ok(!written.isError, JSON.stringify(written));
  assert.equal(readFileSync(path, 'utf8'), 'from the model');
  ts.free();
});

test('hermes: search, describe and tool_call reach the real servers', { skip: !hermesBuilt && 'the hermes profile is not in this build' }, async () => {
  const mcp = await McpCatalog.connect(clients);
  const ts = new ToolSearch({ profile: 'hermes' });
  const turn = ts.assemble(mcp.tools, { sessionId: 'h', contextWindow: 200_000 });
  assert.equal(turn.active, true);
  assert.deepEqual(turn.tools.map((t) => t.name), ['tool_search', 'tool_describe', 'tool_call']);

  const searched = JSON.parse((await mcp.handle(ts, 'tool_search', { queries: ['echo a message', 'knowledge graph entities'] }, { sessionId: 'h' })).content[0].text);
  assert.ok(searched.results[0].matches.includes('echo'), JSON.stringify(searched.results[0]));
  assert.ok(searched.results[1].matches.includes('create_entities'), JSON.stringify(searched.results[1]));

  const described = JSON.parse((await mcp.handle(ts, 'tool_describe', { names: ['read_text_file'] }, { sessionId: 'h' })).content[0].text);
  assert.ok(described.tools.read_text_file.parameters.properties.path);

  const echo = await mcp.handle(ts, 'tool_call', { name: 'echo', arguments: { message: 'through the bridge' } }, { sessionId: 'h' });
  assert.equal(echo.content[0].text, 'Echo: through the bridge');

  const file = await mcp.handle(ts, 'tool_call', JSON.stringify({ name: 'read_text_file', arguments: { path: join(workdir, 'notes.txt') } }), { sessionId: 'h' });
  assert.match(file.content[0].text, /tool-search was here/);

  await mcp.handle(ts, 'tool_call', { name: 'create_entities', arguments: { entities: [{ name: 'tool-search', entityType: 'library', observations: ['ships wasm'] }] } }, { sessionId: 'h' });
  const graph = await mcp.handle(ts, 'tool_call', { name: 'read_graph', arguments: {} }, { sessionId: 'h' });
  assert.match(graph.content[0].text, /ships wasm/);

  // A dispatch from the core itself, handed to callTool.
  const dispatch = ts.handle('tool_call', { name: 'get-sum', arguments: { a: 2, b: 3 } }, { sessionId: 'h' });
  assert.equal(dispatch.type, 'dispatch');
  const sum = await mcp.callTool(dispatch);
  assert.match(sum.content[0].text, /5/);
  ts.free();
});

test('listTools is followed through every page of nextCursor', async () => {
  // A real SDK server that pages its tools two at a time.
  const tools = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((name) => ({
    name, description: `The ${name} tool`, inputSchema: { type: 'object', properties: {} },
  }));
  const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
  const cursors = [];
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const at = Number(request.params?.cursor ?? 0);
    cursors.push(request.params?.cursor);
    const next = at + 2;
    return { tools: tools.slice(at, next), ...(next < tools.length && { nextCursor: String(next) }) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `called ${request.params.name}` }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pager', version: '0.0.0' });
  await client.connect(clientSide);
  try {
    const listed = await listMcpTools(client, { source: 'paged' });
    assert.deepEqual(listed.map((t) => t.name), tools.map((t) => t.name));
    assert.deepEqual(cursors, [undefined, '2', '4']);
    const mcp = await McpCatalog.connect({ paged: client });
    assert.equal(mcp.tools.length, 5);
    const out = await mcp.callTool({ name: 'epsilon', arguments: {} });
    assert.equal(out.content[0].text, 'called epsilon');
    await assert.rejects(() => mcp.callTool({ name: 'nope' }), /not a tool of this MCP catalog/);
  } finally {
    await client.close();
  }
});

/** A real SDK server over an in-memory transport whose tools echo their name and arguments. */
async function memoryServer(name, toolNames) {
  const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolNames.map((tool) => ({ name: tool, description: `${name} ${tool.replace(/_/g, ' ')}`, inputSchema: { type: 'object', properties: { title: { type: 'string' } } } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `${name}:${request.params.name} ${JSON.stringify(request.params.arguments)}` }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'tool-search-test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

test('two servers with one tool name are refused at connect, with the way out', async () => {
  // They used to connect, route the name to the last server, and fail at assembly with a
  // duplicate_tool that did not mention the naming option.
  const github = await memoryServer('github', ['create_issue', 'list_repos']);
  const gitlab = await memoryServer('gitlab', ['create_issue']);
  try {
    await assert.rejects(() => McpCatalog.connect({ github, gitlab }), (error) => {
      assert.equal(error.code, 'duplicate_tool');
      assert.match(error.message, /servers "github" and "gitlab" both have a tool named "create_issue"; connect with \{names: 'prefixed'\}/);
      return true;
    });
    const mcp = await McpCatalog.connect({ github, gitlab }, { names: 'prefixed' });
    const out = await mcp.callTool({ name: 'mcp__gitlab__create_issue', arguments: { title: 'x' } });
    assert.equal(out.content[0].text, 'gitlab:create_issue {"title":"x"}');
  } finally {
    await Promise.all([github.close(), gitlab.close()]);
  }
});

test('two array-form clients reporting one server name are refused at connect, naming both positions', async () => {
  // Two instances of one server: {names: 'prefixed'} gave both the same prefix and failed with a
  // duplicate_tool advising {names: 'prefixed'}, the option already passed.
  const first = await memoryServer('github', ['create_issue']);
  const second = await memoryServer('github', ['create_issue']);
  const other = await memoryServer('gitlab', ['list_repos']);
  try {
    for (const options of [{ names: 'prefixed' }, {}]) {
      await assert.rejects(() => McpCatalog.connect([first, other, second], options), (error) => {
        assert.equal(error.name, 'ToolSearchError');
        assert.equal(error.code, 'invalid_argument');
        assert.match(error.message, /^McpCatalog\.connect: clients\[0\] and clients\[2\] both report the server name "github" \(getServerVersion\(\)\.name\)/);
        assert.match(error.message, /connect with the object form \{name: client\}/);
        assert.doesNotMatch(error.message, /prefixed/);
        return true;
      });
    }
    // The object form names them apart.
    const mcp = await McpCatalog.connect({ 'github-1': first, 'github-2': second }, { names: 'prefixed' });
    assert.deepEqual(mcp.tools.map((t) => t.name), ['mcp__github-1__create_issue', 'mcp__github-2__create_issue']);
  } finally {
    await Promise.all([first.close(), second.close(), other.close()]);
  }
});

test("a clash left under {names: 'prefixed'} does not advise 'prefixed'", async () => {
  // "a.b" and "a_b" share the prefix mcp__a_b__ once "." is replaced.
  const dotted = await memoryServer('x', ['create_issue']);
  const underscored = await memoryServer('y', ['create_issue']);
  try {
    await assert.rejects(() => McpCatalog.connect({ 'a.b': dotted, a_b: underscored }, { names: 'prefixed' }), (error) => {
      assert.equal(error.code, 'duplicate_tool');
      assert.match(error.message, /^servers "a\.b" and "a_b" both have a tool named "mcp__a_b__create_issue"; their server names differ only in characters the prefix replaces with "_"/);
      assert.doesNotMatch(error.message, /names: 'prefixed'/);
      return true;
    });
    await assert.rejects(() => McpCatalog.connect({ 'a.b': dotted, a_b: underscored }, { names: (_server, tool) => tool }), (error) => {
      assert.equal(error.code, 'duplicate_tool');
      assert.match(error.message, /the naming function gave both tools this name: make it include the server$/);
      return true;
    });
  } finally {
    await Promise.all([dotted.close(), underscored.close()]);
  }
});

test("McpCatalog.handle answers a model's mistaken direct call with an isError result", async () => {
  // They threw (a plain Error for an unknown name, a SyntaxError for cut-off JSON) or sent a
  // non-object to the server; a bridge's error reply came back without isError.
  const github = await memoryServer('github', ['create_issue', 'list_repos']);
  const mcp = await McpCatalog.connect({ github });
  const ts = new ToolSearch({ profile: 'aalis' });
  ts.assemble(mcp.tools, { sessionId: 'm' });
  const text = (result) => JSON.parse(result.content[0].text);
  try {
    const unknown = await mcp.handle(ts, 'weather', { city: 'Paris' }, { sessionId: 'm' });
    assert.equal(unknown.isError, true);
    assert.equal(text(unknown).error, '"weather" is not an available tool. Check the name against the tool list, or find it with search_tools.');
    const cut = await mcp.handle(ts, 'create_issue', '{"title": "x"', { sessionId: 'm' });
    assert.equal(cut.isError, true);
    assert.match(text(cut).error, /^create_issue arguments are not valid JSON: .*Retry with a JSON object\.$/);
    for (const [args, kind] of [['"hi"', 'string'], ['[1]', 'an array'], [7, 'number']]) {
      const wrong = await mcp.handle(ts, 'create_issue', args, { sessionId: 'm' });
      assert.equal(text(wrong).error, `create_issue arguments must be a JSON object, got ${kind}.`);
    }
    const bridged = await mcp.handle(ts, 'search_tools', { query: 'issue', limit: 'many' }, { sessionId: 'm' });
    assert.equal(bridged.isError, true, JSON.stringify(bridged));
    const found = await mcp.handle(ts, 'search_tools', { query: 'issue' }, { sessionId: 'm' });
    assert.equal(found.isError, undefined);
    const made = await mcp.handle(ts, 'create_issue', '{"title": "x"}', { sessionId: 'm' });
    assert.equal(made.content[0].text, 'github:create_issue {"title":"x"}');
  } finally {
    ts.free();
    await github.close();
  }
});

test("McpCatalog.handle runs a direct call only for a tool of the session's own list", async () => {
  // It ran any tool of the whole catalog: a sub-agent given part of it reached the rest by
  // calling a name directly, and a session never assembled ran tools too.
  const github = await memoryServer('github', ['list_issues', 'delete_repo']);
  const mcp = await McpCatalog.connect({ github });
  const ts = new ToolSearch({ profile: 'aalis' });
  ts.assemble(mcp.tools.filter((t) => t.name !== 'delete_repo'), { sessionId: 'sub-agent' });
  ts.assemble(mcp.tools, { sessionId: 'main' });
  try {
    const refused = await mcp.handle(ts, 'delete_repo', {}, { sessionId: 'sub-agent' });
    assert.equal(refused.isError, true);
    assert.match(JSON.parse(refused.content[0].text).error, /^"delete_repo" is not an available tool\./);
    assert.equal(ts.inScope('delete_repo', { sessionId: 'sub-agent' }), false);
    assert.equal(ts.inScope('delete_repo', { sessionId: 'main' }), true);
    const ran = await mcp.handle(ts, 'delete_repo', {}, { sessionId: 'main' });
    assert.equal(ran.content[0].text, 'github:delete_repo {}');
    await assert.rejects(() => mcp.handle(ts, 'list_issues', {}, { sessionId: 'nobody' }), (error) => error.code === 'unknown_session');
  } finally {
    ts.free();
    await github.close();
  }
});

test('McpCatalog.handle answers a tool_call of a session tool no server has as it answers a direct call', { skip: !hermesBuilt && 'the hermes profile is not in this build' }, async () => {
  // The core dispatched the call (the name is in the session's list) and callTool threw a plain
  // Error: for a tool a server dropped (list_changed, then refresh()) after the list was
  // assembled, and for a host tool listed beside the MCP tools. Then both answers told the model
  // the listed tool "is not an available tool", which sent it looking for another.
  const toolNames = ['create_issue', 'delete_issue'];
  const github = await memoryServer('github', toolNames);
  const mcp = await McpCatalog.connect({ github });
  const ts = new ToolSearch({ profile: 'hermes' });
  const notes = { name: 'search_notes', description: 'Search my notes', source: 'notes', inputSchema: { type: 'object', properties: {} } };
  ts.assemble([...mcp.tools, notes], { sessionId: 'm' });
  toolNames.pop();
  await mcp.refresh();
  try {
    for (const name of ['delete_issue', 'search_notes']) {
      const direct = await mcp.handle(ts, name, {}, { sessionId: 'm' });
      const bridged = await mcp.handle(ts, 'tool_call', { name, arguments: {} }, { sessionId: 'm' });
      assert.deepEqual(bridged, direct, name);
      assert.equal(bridged.isError, true);
      assert.equal(JSON.parse(bridged.content[0].text).error, `"${name}" is in the tool list but could not be run: no server of this MCP catalog has it `
        + 'and the host gave the catalog no hostTool to run it. This is a host configuration problem, not an error in the call; retrying will not help.');
    }
    const made = await mcp.handle(ts, 'tool_call', { name: 'create_issue', arguments: { title: 'x' } }, { sessionId: 'm' });
    assert.equal(made.content[0].text, 'github:create_issue {"title":"x"}');
  } finally {
    ts.free();
    await github.close();
  }
});

test("McpCatalog.handle runs the host's own listed tools through hostTool, and only the session's", { skip: !hermesBuilt && 'the hermes profile is not in this build' }, async () => {
  // A host listing its own tools beside mcp.tools could not run them through handle: a direct
  // call of a visible tool and a tool_call of a deferred one were both refused as unavailable.
  const github = await memoryServer('github', ['create_issue']);
  const ran = [];
  const hostTool = async (name, args, context, requestOptions) => {
    ran.push([name, args, context, requestOptions]);
    return { content: [{ type: 'text', text: `host ran ${name}` }] };
  };
  const mcp = await McpCatalog.connect({ github }, { hostTool });
  const terminal = { name: 'terminal', description: 'Run a shell command', kind: 'core', parameters: { type: 'object', properties: { command: { type: 'string' } } } };
  const invoice = { name: 'send_invoice', description: 'Send an invoice to a customer', kind: 'plugin', parameters: { type: 'object', properties: { to: { type: 'string' } } } };
  const ts = new ToolSearch({ profile: 'hermes' });
  const main = ts.assemble([terminal, invoice, ...mcp.tools], { sessionId: 'main' });
  assert.ok(main.tools.some((t) => t.name === 'terminal') && !main.tools.some((t) => t.name === 'send_invoice'), 'terminal visible, send_invoice deferred');
  ts.assemble(mcp.tools, { sessionId: 'sub-agent' });
  const text = (result) => result.content[0].text;
  try {
    const signal = new AbortController().signal;
    const direct = await mcp.handle(ts, 'terminal', '{"command": "ls"}', { sessionId: 'main' }, { signal });
    assert.deepEqual(direct, { content: [{ type: 'text', text: 'host ran terminal' }] });
    const bridged = await mcp.handle(ts, 'tool_call', { name: 'send_invoice', arguments: { to: 'ada' } }, { sessionId: 'main' });
    assert.equal(text(bridged), 'host ran send_invoice');
    assert.deepEqual(ran, [['terminal', { command: 'ls' }, { sessionId: 'main' }, { signal }], ['send_invoice', { to: 'ada' }, { sessionId: 'main' }, undefined]]);
    assert.equal(text(await mcp.handle(ts, 'tool_call', { name: 'create_issue', arguments: { title: 'x' } }, { sessionId: 'main' })), 'github:create_issue {"title":"x"}', 'server tools still go to their server');
    const cut = await mcp.handle(ts, 'terminal', '{"command": "ls"', { sessionId: 'main' });
    assert.match(JSON.parse(text(cut)).error, /^terminal arguments are not valid JSON/);

    // Outside the session's list nothing reaches hostTool: refused exactly as before.
    ran.length = 0;
    const outside = await mcp.handle(ts, 'terminal', { command: 'rm -rf /' }, { sessionId: 'sub-agent' });
    assert.equal(JSON.parse(text(outside)).error, '"terminal" is not an available tool. Check the name against the tool list, or find it with tool_search.');
    const outsideBridged = await mcp.handle(ts, 'tool_call', { name: 'send_invoice', arguments: { to: 'eve' } }, { sessionId: 'sub-agent' });
    assert.equal(outsideBridged.isError, true);
    // A ToolSearch-like object that dispatches a name outside its own scope does not reach it either.
    const rogue = { handle: () => ({ type: 'dispatch', name: 'terminal', arguments: {} }), inScope: () => false };
    assert.equal((await mcp.handle(rogue, 'tool_call', {}, { sessionId: 'main' })).isError, true);
    await assert.rejects(() => mcp.handle(ts, 'terminal', {}, { sessionId: 'nobody' }), (error) => error.code === 'unknown_session');
    assert.deepEqual(ran, []);

    const failing = await McpCatalog.connect({ github }, { hostTool: async () => { throw new Error('terminal crashed'); } });
    await assert.rejects(() => failing.handle(ts, 'terminal', {}, { sessionId: 'main' }), /terminal crashed/, "the host's own error reaches the host");
    await assert.rejects(() => McpCatalog.connect({ github }, { hostTool: 'terminal' }), (error) => error instanceof TypeError && /hostTool must be a function.*got string/.test(error.message));
  } finally {
    ts.free();
    await github.close();
  }
});
