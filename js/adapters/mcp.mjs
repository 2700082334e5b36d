// tool-search/mcp: the MCP TypeScript SDK on both ends of a ToolSearch. `Client.listTools`
// (every page) builds the catalog, each tool labelled with its server; a `tool_call` dispatch
// (or a direct call) goes to the right client's `callTool`. Wiring only: the ToolSearch passed
// in does all searching, describing and argument checking.

import { toolSearchError } from '../api.mjs';

/** Every tool of one MCP client, following `nextCursor` through all pages. */
export async function listMcpTools(client, { source, kind = 'mcp', maxPages = 1000 } = {}) {
  const tools = [];
  let cursor;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    for (const tool of result.tools ?? []) {
      tools.push({ ...tool, ...(source !== undefined && { source }), ...(kind !== undefined && { kind }) });
    }
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new Error(`listTools returned more than ${maxPages} pages; raise maxPages if that is expected`);
}

function serverName(client, index) {
  const info = typeof client.getServerVersion === 'function' ? client.getServerVersion() : undefined;
  return info?.name ?? `server${index + 1}`;
}

function exposedName(names, server, tool) {
  if (typeof names === 'function') return names(server, tool);
  if (names === 'prefixed') return `mcp__${server.replace(/[^A-Za-z0-9_-]/g, '_')}__${tool}`;
  return tool;
}

function parseArguments(args) {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'string') return args;
  return args.trim() === '' ? {} : JSON.parse(args);
}

/**
 * The tools of one or more MCP clients as one catalog, and the way back to them.
 *
 * @example
 * const mcp = await McpCatalog.connect({ github: githubClient, files: filesClient });
 * const turn = ts.assemble(mcp.tools, { sessionId });
 * const result = await mcp.handle(ts, call.name, call.arguments, { sessionId }); // a CallToolResult
 *
 * @example
 * // The host's own tools listed beside mcp.tools run through `hostTool`.
 * const mcp = await McpCatalog.connect(clients, { hostTool: (name, args) => runMyTool(name, args) });
 * ts.assemble([...myTools, ...mcp.tools], { sessionId });
 */
export class McpCatalog {
  #servers;
  #options;
  #routes = new Map();
  #hostTool;
  /** The catalog: MCP-shaped tools (`{name, description, inputSchema, ...}`) with `source` = server name and `kind: "mcp"`. */
  tools = [];

  constructor(servers, options = {}) {
    const { hostTool } = options;
    if (hostTool !== undefined && typeof hostTool !== 'function') {
      throw new TypeError(`McpCatalog: hostTool must be a function (name, args, context) => CallToolResult, got ${hostTool === null ? 'null' : typeof hostTool}`);
    }
    this.#servers = servers;
    this.#options = options;
    this.#hostTool = hostTool;
  }

  /**
   * Lists every tool of every client. `clients`: an object `{serverName: client}`, or an array
   * of clients (named by `getServerVersion().name`; two that report one name, as two instances
   * of one server do, are an `invalid_argument` error: name them in the object form). Options: `names` — `"plain"` (default: the
   * server's own names; two servers with one name are a `duplicate_tool` at assembly),
   * `"prefixed"` (`mcp__server__tool`) or `(server, tool) => name`; `hostTool` —
   * `(name, args, context, requestOptions) => CallToolResult` (or a promise of one), which
   * `handle` calls for a tool of the session's list that no server has (the host's own tools
   * listed beside `mcp.tools`, or one a `refresh()` dropped since the list was assembled).
   */
  static async connect(clients, options = {}) {
    const entries = Array.isArray(clients)
      ? clients.map((client, i) => [serverName(client, i), client])
      : Object.entries(clients);
    if (Array.isArray(clients)) sameServerNames(entries);
    const catalog = new McpCatalog(entries, options);
    await catalog.refresh();
    return catalog;
  }

  /** The server names, in catalog order. */
  get servers() {
    return this.#servers.map(([name]) => name);
  }

  /** Lists the tools again (after a `notifications/tools/list_changed`). */
  async refresh() {
    const lists = await Promise.all(this.#servers.map(([source, client]) => listMcpTools(client, { source })));
    const routes = new Map();
    const tools = [];
    lists.forEach((list, i) => {
      const [server, client] = this.#servers[i];
      for (const tool of list) {
        const name = exposedName(this.#options.names, server, tool.name);
        const taken = routes.get(name);
        if (taken) throw duplicate(name, taken.server, server, this.#options.names);
        routes.set(name, { client, server, name: tool.name });
        tools.push(name === tool.name ? tool : { ...tool, name });
      }
    });
    this.#routes = routes;
    this.tools = tools;
    return tools;
  }

  /** Which server and tool a catalog name stands for, or `undefined`. */
  route(name) {
    const route = this.#routes.get(name);
    return route && { server: route.server, name: route.name };
  }

  /**
   * Calls a catalog tool on its server: `{name, arguments}` (e.g. a `tool_call` dispatch).
   * `arguments` may be the model's JSON string. Resolves to the server's `CallToolResult`.
   */
  async callTool({ name, arguments: args }, requestOptions) {
    const route = this.#routes.get(name);
    if (!route) throw new Error(`${JSON.stringify(name)} is not a tool of this MCP catalog`);
    return route.client.callTool({ name: route.name, arguments: parseArguments(args) }, undefined, requestOptions);
  }

  /**
   * Answers one model tool call end to end: a bridge reply becomes a text `CallToolResult`
   * (`isError` when it reports an error), a `tool_call` dispatch and a direct call of a tool in
   * the session's assembled list go to the owning server, or to `hostTool` for a tool of the
   * list that no server has. The model's mistakes in a direct call (a name outside the
   * session's list, arguments that are not a JSON object) come back as an `isError` result for
   * the model, like a bridge's; so does a call of a listed tool no server has when there is no
   * `hostTool`, saying it could not be run (not that it does not exist). A session with no
   * assembled list is an `unknown_session` error, as for a bridge call.
   */
  async handle(toolSearch, name, args, context = {}, requestOptions) {
    const out = toolSearch.handle(name, args ?? {}, context);
    if (out === null) {
      // Only the session's own tools: a sub-agent given part of the catalog must not reach the
      // rest by calling a name directly (the bridge's tool_call refuses it the same way).
      if (!toolSearch.inScope(name, context)) return this.#unavailable(toolSearch, name);
      const served = this.#routes.has(name);
      // Fixing the arguments would not help a call nothing here can run: say that first.
      if (!served && !this.#hostTool) return unrunnable(name);
      let parsed;
      try {
        parsed = parseArguments(args);
      } catch (error) {
        return refused(`${name} arguments are not valid JSON: ${error.message}. Retry with a JSON object.`);
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return refused(`${name} arguments must be a JSON object, got ${Array.isArray(parsed) ? 'an array' : typeof parsed}.`);
      }
      return this.#run(name, parsed, context, requestOptions);
    }
    if (out.type === 'reply') {
      const failed = out.result !== null && typeof out.result === 'object' && 'error' in out.result;
      return { content: [{ type: 'text', text: out.content }], ...(failed && { isError: true }) };
    }
    // A tool no server has: a host tool listed beside the MCP tools, or one a refresh() dropped
    // since the list was assembled. The core dispatched it, so it is in scope; asking again
    // keeps hostTool from ever running a name outside the session's list whatever a
    // ToolSearch-like object passed in does.
    if (!this.#routes.has(out.name) && !toolSearch.inScope(out.name, context)) return this.#unavailable(toolSearch, out.name);
    return this.#run(out.name, out.arguments, context, requestOptions);
  }

  /** A call of the session's tool `name` (in scope, arguments parsed): its server's, else `hostTool`'s. */
  #run(name, args, context, requestOptions) {
    if (this.#routes.has(name)) return this.callTool({ name, arguments: args }, requestOptions);
    if (!this.#hostTool) return unrunnable(name);
    return this.#hostTool(name, args, context, requestOptions);
  }

  /** The model's call of a tool this catalog does not run for the session, refused. */
  #unavailable(toolSearch, name) {
    return refused(`${JSON.stringify(name)} is not an available tool. Check the name against the tool list${this.#bridgeHint(toolSearch)}.`);
  }

  /** ", or find it with tool_search" when this ToolSearch has a search bridge. */
  #bridgeHint(toolSearch) {
    const search = ['tool_search', 'search_tools'].find((bridge) => toolSearch.isBridge?.(bridge));
    return search ? `, or find it with ${search}` : '';
  }
}

/**
 * Array-form clients that report one server name (two instances of one server): nothing would
 * tell their tools apart, not even `{names: 'prefixed'}`, so say so at connect, naming both
 * positions, instead of a duplicate_tool whose advice cannot help.
 */
function sameServerNames(entries) {
  const first = new Map();
  entries.forEach(([server], i) => {
    const at = first.get(server);
    if (at === undefined) return first.set(server, i);
    throw toolSearchError('invalid_argument', `McpCatalog.connect: clients[${at}] and clients[${i}] both report the server name `
      + `${JSON.stringify(server)} (getServerVersion().name), which labels and prefixes their tools, so nothing would tell them apart; `
      + `connect with the object form {name: client} to name each: {${JSON.stringify(`${server}-1`)}: clients[${at}], ${JSON.stringify(`${server}-2`)}: clients[${i}]}`);
  });
}

/** Two servers' tools under one catalog name: said at connect, with the way out the naming in use leaves. */
function duplicate(name, first, second, names) {
  const clash = `servers ${JSON.stringify(first)} and ${JSON.stringify(second)} both have a tool named ${JSON.stringify(name)}`;
  let way;
  if (typeof names === 'function') way = 'the naming function gave both tools this name: make it include the server';
  else if (names === 'prefixed') {
    way = 'their server names differ only in characters the prefix replaces with "_": name the servers apart '
      + '(the object form {name: client}) or pass a naming function';
  } else way = "connect with {names: 'prefixed'} (mcp__server__tool) or a naming function";
  return toolSearchError('duplicate_tool', `${clash}; ${way}`);
}

/**
 * A listed tool with neither a server nor a `hostTool`: a host configuration problem. The model
 * must not read it as a wrong name (it would look for another tool or guess), and a developer
 * reading the transcript finds the fix.
 */
function unrunnable(name) {
  return refused(`${JSON.stringify(name)} is in the tool list but could not be run: no server of this MCP catalog has it `
    + 'and the host gave the catalog no hostTool to run it. This is a host configuration problem, not an error in the call; '
    + 'retrying will not help.');
}

/** A `CallToolResult` telling the model its call was not made. */
function refused(message) {
  return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true };
}
