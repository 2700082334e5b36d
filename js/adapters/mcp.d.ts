// tool-search/mcp: the MCP TypeScript SDK's Client on both ends of a ToolSearch.
import type { CallContext, JsonSchema, McpTool, ToolSearch } from '../index.js';

/**
 * What the adapter needs of an MCP client: `Client` from `@modelcontextprotocol/sdk` fits. Its
 * optional properties admit `undefined`, as the SDK's own types (inferred from its schemas) do,
 * so the SDK's `Client` fits under `exactOptionalPropertyTypes` too.
 */
export interface McpClientLike {
  listTools(params?: { cursor?: string | undefined }, options?: any): Promise<{ tools: Array<{ name: string; description?: string | undefined; inputSchema: JsonSchema; [extra: string]: unknown }>; nextCursor?: string | undefined }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> | undefined }, resultSchema?: any, options?: any): Promise<any>;
  getServerVersion?(): { name: string; version?: string | undefined } | undefined;
}

/** An MCP `CallToolResult` (as the server returned it, or a bridge reply as text content). */
export interface CallToolResult {
  content?: Array<{ type: string; text?: string; [extra: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [extra: string]: unknown;
}

/** A catalog tool: MCP-shaped with `source` = server name and `kind: "mcp"`. */
export type McpCatalogTool = McpTool & { source: string; kind: 'mcp' };

/** How catalog names are made: the server's own (`"plain"`, default), `mcp__server__tool` (`"prefixed"`), or a function. */
export type McpNaming = 'plain' | 'prefixed' | ((server: string, tool: string) => string);

/**
 * Runs a host tool that `McpCatalog.handle` was asked for and no server of the catalog has: one
 * of the host's own tools listed beside `mcp.tools`, called directly or dispatched by
 * `tool_call` (or a tool a `refresh()` dropped since the list was assembled: answer a name you
 * do not know with an `isError` result). Only called for a name `toolSearch.inScope` accepts
 * for the call's session; `args` is the parsed JSON object, `context` the one given to
 * `handle`, `requestOptions` its last argument. A throw or rejection reaches `handle`'s caller.
 *
 * @example
 * const hostTool: McpHostTool = async (name, args) => ({ content: [{ type: 'text', text: await myTools[name](args) }] });
 */
export type McpHostTool = (
  name: string,
  args: Record<string, unknown>,
  context: CallContext,
  requestOptions?: unknown,
) => CallToolResult | PromiseLike<CallToolResult>;

/** Options of `McpCatalog.connect`. */
export interface McpCatalogOptions {
  /** How catalog names are made (default `"plain"`). */
  names?: McpNaming;
  /**
   * Runs the session's tools no server has (default: none, and such a call is an `isError`
   * result saying the tool could not be run). A non-function is a `TypeError`.
   */
  hostTool?: McpHostTool;
}

/**
 * Every tool of one client, following `nextCursor` through all pages (at most `maxPages`,
 * default 1000), each with `source` when one is given and `kind` (default `"mcp"`).
 */
export declare function listMcpTools(
  client: McpClientLike,
  options?: { source?: string; kind?: 'core' | 'mcp' | 'plugin'; maxPages?: number },
): Promise<McpTool[]>;

/**
 * The tools of one or more MCP clients as one catalog, and the way back to them.
 *
 * @example
 * const mcp = await McpCatalog.connect({ everything: a, files: b });
 * const turn = ts.assemble(mcp.tools, { sessionId });
 * const result = await mcp.handle(ts, call.name, call.arguments, { sessionId });
 *
 * @example
 * // The host's own tools, listed beside the MCP ones, run through hostTool.
 * const mcp = await McpCatalog.connect(clients, { hostTool: (name, args) => runMyTool(name, args) });
 * ts.assemble([...myTools, ...mcp.tools], { sessionId });
 */
export declare class McpCatalog {
  /**
   * Lists every tool of every client: `{serverName: client}`, or an array named by
   * `getServerVersion().name` (two array entries that report one name, as two instances of one
   * server do, reject with `invalid_argument` naming both positions: name them in the object
   * form). Two servers with a tool of one name reject with a `duplicate_tool` error unless
   * `names` tells them apart (`"prefixed"`). `hostTool` runs the
   * host's own tools listed beside `mcp.tools`.
   */
  static connect(clients: Record<string, McpClientLike> | McpClientLike[], options?: McpCatalogOptions): Promise<McpCatalog>;
  /** The catalog, in server then listing order. */
  tools: McpCatalogTool[];
  /** The server names. */
  readonly servers: string[];
  /** Lists the tools again (after `notifications/tools/list_changed`). */
  refresh(): Promise<McpCatalogTool[]>;
  /** Which server and original tool name a catalog name stands for. */
  route(name: string): { server: string; name: string } | undefined;
  /** Calls a catalog tool on its server (e.g. a `tool_call` dispatch); `arguments` may be a JSON string. */
  callTool(call: { name: string; arguments?: unknown }, requestOptions?: unknown): Promise<CallToolResult>;
  /**
   * One model tool call end to end: bridge reply → text result (`isError` for an error reply);
   * dispatch or direct call → the owning server, or `hostTool` for a listed tool no server
   * has; a direct call the model got wrong (a name outside the session's list, arguments that
   * are not a JSON object), or a call of a listed tool no server has without a `hostTool` → an
   * `isError` result, never an exception. `inScope` is asked before a direct call and before
   * `hostTool`, so only the session's own tools run.
   */
  handle(toolSearch: Pick<ToolSearch, 'handle' | 'inScope'> & Partial<Pick<ToolSearch, 'isBridge'>>, name: string, args: unknown, context?: CallContext, requestOptions?: unknown): Promise<CallToolResult>;
}
