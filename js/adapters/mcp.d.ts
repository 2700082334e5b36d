// tool-search/mcp: the MCP TypeScript SDK's Client on both ends of a ToolSearch.
import type { CallContext, JsonSchema, McpTool, ToolSearch } from '../index.js';

/** What the adapter needs of an MCP client: `Client` from `@modelcontextprotocol/sdk` fits. */
export interface McpClientLike {
  listTools(params?: { cursor?: string }, options?: any): Promise<{ tools: Array<{ name: string; description?: string; inputSchema: JsonSchema; [extra: string]: unknown }>; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: any, options?: any): Promise<any>;
  getServerVersion?(): { name: string; version?: string } | undefined;
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
 */
export declare class McpCatalog {
  /**
   * Lists every tool of every client: `{serverName: client}`, or an array named by
   * `getServerVersion().name`. Two servers with a tool of one name reject with a
   * `duplicate_tool` error unless `names` tells them apart (`"prefixed"`).
   */
  static connect(clients: Record<string, McpClientLike> | McpClientLike[], options?: { names?: McpNaming }): Promise<McpCatalog>;
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
   * dispatch or direct call → the owning server; a direct call the model got wrong (unknown
   * name, arguments that are not a JSON object), or a `tool_call` of a listed tool no server
   * of this catalog has → an `isError` result, never an exception.
   * `inScope` is asked before a direct call, so only the session's own tools run.
   */
  handle(toolSearch: Pick<ToolSearch, 'handle' | 'inScope'> & Partial<Pick<ToolSearch, 'isBridge'>>, name: string, args: unknown, context?: CallContext, requestOptions?: unknown): Promise<CallToolResult>;
}
