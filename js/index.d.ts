// Type declarations for `tool-search`: every entry point (Node ESM/CommonJS, browsers, workers,
// Deno, Bun) exposes the same `ToolSearch` class and `ready()` function declared here.
// The adapters (`tool-search/mcp`, `tool-search/aalis`, `tool-search/formats`) have their own
// declarations next to them in `adapters/`.

// ---------------------------------------------------------------------------------------------
// Tool definitions (what a host passes in)
// ---------------------------------------------------------------------------------------------

/** A JSON Schema object (the tool's parameters). Kept as the host wrote it. */
export type JsonSchema = { [key: string]: unknown };

/** A JSON Schema of an object, as tool parameters are (what the converters write). */
export type ObjectSchema = { type: 'object'; [key: string]: unknown };

/**
 * Optional metadata the core reads from any tool shape. Unknown extra fields are kept (a tool
 * type with more members, such as an SDK's own tool type, is accepted as it is).
 */
export interface ToolMetadata {
  /** Server or toolset label, e.g. `"github"` (indexed: "linear" finds every Linear tool). */
  source?: string;
  /** `core` tools stay visible (every profile); `mcp` and `plugin` tools are deferrable. With hermes and vibeos a tool of unknown kind (no `source`, no `mcp__server__tool` or `mcp_server_tool` name) stays visible; aalis defers every other tool, as its plugin does. */
  kind?: 'core' | 'mcp' | 'plugin';
  /** Tool groups (aalis): `enabledGroups` filters by them. */
  groups?: string[];
}

/**
 * OpenAI Chat Completions: `{type: "function", function: {name, description, parameters}}` (the
 * SDK's `ChatCompletionFunctionTool` fits; its `ChatCompletionTool` does not, since it admits
 * `custom` tools, which the core refuses as `invalid_tool`: add those to the request yourself).
 */
export interface OpenAIChatTool extends ToolMetadata {
  type: 'function';
  function: { name: string; description?: string | null; parameters?: JsonSchema | null; strict?: boolean | null };
}

/** OpenAI Responses API: `{type: "function", name, description, parameters, strict}` (the SDK's `FunctionTool` fits). */
export interface OpenAIResponsesTool extends ToolMetadata {
  type: 'function';
  name: string;
  description?: string | null;
  parameters?: JsonSchema | null;
  strict?: boolean | null;
}

/** Anthropic Messages API: `{name, description, input_schema}` (the SDK's `Tool` fits). */
export interface AnthropicTool extends ToolMetadata {
  name: string;
  description?: string;
  input_schema: JsonSchema;
}

/** MCP `tools/list` entry: `{name, description, inputSchema}`. */
export interface McpTool extends ToolMetadata {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
}

/** Flat: `{name, description, parameters}`. */
export interface FlatTool extends ToolMetadata {
  name: string;
  description?: string;
  parameters?: JsonSchema;
}

/** Any tool shape the core accepts. Assembly hands the host's own objects back unchanged. */
export type ToolDefinition = OpenAIChatTool | OpenAIResponsesTool | AnthropicTool | McpTool | FlatTool;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/** Options every profile accepts. Unknown keys and wrong types throw `invalid_config`. */
export interface SharedOptions {
  /** Sessions remembered before the least recently active is forgotten. Default 500, range 1..1000000. */
  maxSessions?: number;
  /** `"best"` (default): field-weighted BM25F with the multilingual analyzer; `"hermes"`: Hermes' plain BM25 ranking, for byte-compatible results. */
  ranking?: 'best' | 'hermes';
  /** Alias of `maxSessions`. */
  max_sessions?: number;
  /** Estimated megabytes of distinct tool lists the sessions may keep (twice each list's JSON text); past it the least recently active sessions are forgotten, with a warning. Default 1024, range 1..3072. */
  maxSessionMemoryMB?: number;
  /** Alias of `maxSessionMemoryMB`. */
  max_session_memory_mb?: number;
  /** Snowball stemmer languages for documents, by name or ISO 639-1 code (any case), e.g. `["english", "ru"]`; `[]` = no document stemming. Queries are stemmed per detected script. Default `["english"]`. */
  languages?: string[];
  /** Typo and prefix tolerance on name words (edit distance 1 for words of ≥ 5 characters, at a lower score). Default `true`. */
  fuzzy?: boolean;
  /** The built-in cross-language lexicon of tool verbs and objects (queries in other languages find English-described tools). Default `true`. */
  lexicon?: boolean;
}

/** The camelCase spellings the hermes and vibeos profiles accept beside their snake_case keys (give one of the two). */
export interface CamelCaseAliases {
  /** Alias of `threshold_pct`. */
  thresholdPct?: number;
  /** Alias of `search_default_limit`. */
  searchDefaultLimit?: number;
  /** Alias of `max_search_limit`. */
  maxSearchLimit?: number;
  /** Alias of `core_tools`. */
  coreTools?: string[];
}

/** `enabled` (and hermes `listing`) values: `true` = `"auto"`, `false` = `"off"`. (Hermes' YAML spellings `"yes"`/`"no"`, `"true"`/`"false"`, `1`/`0` are accepted too, as on/off.) */
export type EnabledMode = 'auto' | 'on' | 'off' | boolean;

/**
 * Profile `hermes` (Hermes agent Tool Search): `tool_search(queries[])`, `tool_describe(names[])`,
 * `tool_call(name, arguments)`, a budgeted listing of the deferred tools in `tool_search`'s
 * description, three tiers. Out-of-range numbers are clamped and reported in `warnings`.
 *
 * @example
 * const ts = new ToolSearch({ profile: 'hermes', threshold_pct: 5, core_tools: ['terminal'] });
 */
export interface HermesOptions extends SharedOptions, CamelCaseAliases {
  profile?: 'hermes';
  /** `"auto"` (default; any deferrable tool activates the bridge), `"on"`, `"off"` (pass everything through); `true` = auto, `false` = off. */
  enabled?: EnabledMode;
  /** Listing budget as a percentage of the context window. Default 5, range 0..100. */
  threshold_pct?: number;
  /** Hits per query when the model omits `limit`. Default 5. */
  search_default_limit?: number;
  /** Hard cap of hits per query. Default 25, range 1..50. */
  max_search_limit?: number;
  /** `"auto"` (default): list deferred tools in the `tool_search` description while they fit; `"on"`; `"off"`: never list; `true` = auto, `false` = off. */
  listing?: EnabledMode;
  /** Upper bound of the listing budget in tokens. Default 4000, range 200..60000. */
  listing_max_tokens?: number;
  /** Alias of `listing_max_tokens`. */
  listingMaxTokens?: number;
  /** Core tools to defer anyway (by name). Default `[]`. */
  defer?: string[];
  /** Names of the tools always loaded directly (overrides the built-in core list). */
  core_tools?: string[];
}

/**
 * Profile `vibeos` (VibeOS Tool Search, the older surface): `tool_search(query)`,
 * `tool_describe(name)`, `tool_call(name, arguments)`, no listing.
 *
 * @example
 * const ts = new ToolSearch({ profile: 'vibeos', enabled: 'auto', threshold_pct: 10 });
 */
export interface VibeosOptions extends SharedOptions, CamelCaseAliases {
  profile: 'vibeos';
  /** `"auto"` (default): activate only when the deferrable schemas take ≥ `threshold_pct`% of the context window; `"on"`: with any deferrable tool; `"off"`: never. */
  enabled?: EnabledMode;
  /** Activation gate for `enabled: "auto"`, as a percentage of the context window. Default 10, range 0..100. */
  threshold_pct?: number;
  /** Hits per query when the model omits `limit`. Default 5. */
  search_default_limit?: number;
  /** Hard cap of hits per query. Default 20, range 1..50. */
  max_search_limit?: number;
  /** Core tools to defer anyway (by name). Default `[]`. */
  defer?: string[];
  /** Names of the tools always loaded directly (overrides the built-in core list). */
  core_tools?: string[];
}

/**
 * Profile `aalis` (`@aalis/plugin-tool-search`): one `search_tools(query, limit?, offset?)`
 * bridge, always-direct tools and the tools each session has discovered (camelCase keys, as
 * the plugin's).
 *
 * @example
 * const ts = new ToolSearch({ profile: 'aalis', maxDirectTools: 5, alwaysDirectTools: ['web_search'] });
 */
export interface AalisOptions extends SharedOptions {
  profile: 'aalis';
  /** `false` passes every tool through unchanged. Default `true`. */
  enabled?: boolean;
  /** Append the names of the other tools to the `search_tools` description (to help the model choose keywords). Default `true`. */
  showToolNames?: boolean;
  /** When a turn carries at most this many tools (not counting `search_tools`), the layer passes through. Default 5, range 0..100000. */
  maxDirectTools?: number;
  /** Default page size of `search_tools`; 0 = unlimited. Default 5, range 0..100000. */
  maxSearchResults?: number;
  /** Tools always exposed with full definitions; a listed name not in the turn's list is warned about once. Default `[]`. */
  alwaysDirectTools?: string[];
  /** Discovered tools kept per session, most recently used first; 0 = unlimited. Default 20, range 0..100000. */
  maxDiscoveredKeep?: number;
  /** Sessions whose discovered tools are remembered (least recently active forgotten first). Default 500, range 1..1000000. A session evicted by `maxSessions` loses them too. */
  maxDiscoveredSessions?: number;
  /** `"ranked"` (default): the shared engine, best first, then the other substring matches; `"substring"`: the original plugin's unranked keyword match. */
  matcher?: 'ranked' | 'substring';
}

/** Options of `new ToolSearch(options)`; `profile` defaults to `"hermes"`. */
export type ToolSearchOptions = HermesOptions | VibeosOptions | AalisOptions;

/** The profile names. */
export type ProfileName = 'hermes' | 'vibeos' | 'aalis';

// ---------------------------------------------------------------------------------------------
// Calls and results
// ---------------------------------------------------------------------------------------------

/** Context of one `assemble()` call (one model turn). */
export interface AssembleContext {
  /** The session this turn belongs to; default `"default"`. Numbers are turned into strings; at most 1,024 bytes. */
  sessionId?: string | number;
  /** The message history (Aalis, OpenAI chat, Anthropic or Responses shapes), read by `aalis` to infer discovered tools. */
  messages?: unknown[];
  /** The model's context window in tokens; unknown is treated as 200000. */
  contextWindow?: number;
  /** The caller's enabled tool groups (aalis); absent = all groups. */
  enabledGroups?: string[];
  /**
   * Counts the tokens of a text; default `ceil(characters / 4)`. A non-finite or negative answer falls back to the default.
   * Without a counter the hermes listing is built once per tool list and budget and reused; with one it is rebuilt
   * (and the counter asked) on every turn, since a counter may answer differently from call to call.
   */
  tokenCounter?: (text: string) => number;
}

/** What one turn's model sees, and why. */
export interface Assembly<T = ToolDefinition> {
  /**
   * The model-visible tools: the host's own objects (identity kept) plus bridge tools rendered
   * in the input's format. Typed `T[]` for convenience, but the bridges are plain objects of
   * T's format: members beyond it (a method of your tool class) exist only on your own objects
   * (`ts.isBridge(name)` tells them apart).
   */
  tools: T[];
  /** True when bridge tools stand in for deferred tools this turn. */
  active: boolean;
  /** 0 = passthrough. Hermes: 1 = the deferred tools listed (`full`, `names`, `mixed`), 2 = a per-server summary or no listing; vibeos: 2 when active; aalis: 1 when active. */
  tier: 0 | 1 | 2;
  /** The listing form (`full`, `names`, `mixed`, `groups`, `none`), or `null` when the profile does not list. */
  listingForm: string | null;
  /** Number of tools hidden behind the bridge. */
  deferred: number;
  /** The listing budget in tokens, or `null` when the profile has none. */
  budgetTokens: number | null;
  /** Estimated tokens of the listing text used. */
  listingTokens: number;
  /**
   * Estimated tokens of the deferrable tools' schemas: what the bridge saves when active.
   * Hermes and vibeos report it on a passthrough turn too (`deferred` 0), as the number the
   * vibeos gate compares with its threshold; aalis counts the tools it hides (0 when it hides
   * none).
   */
  deferredTokens: number;
  /** Notes for the host: clamped options, always-direct tools missing from the list, tools whose text held a lone UTF-16 surrogate (read as U+FFFD), … */
  warnings: string[];
}

/** Context of one bridge call. */
export interface CallContext {
  /** The session the call belongs to (the one assembled); default `"default"`. */
  sessionId?: string | number;
  /** The caller's enabled tool groups (aalis); absent = all groups. */
  enabledGroups?: string[];
}

/** A bridge call answered by the core: return `content` to the model as the tool result. */
export interface ReplyResult {
  type: 'reply';
  /** The model-facing result as an object (profile-specific shape, see the README). */
  result: { [key: string]: unknown };
  /** The same result as the JSON string the model reads. */
  content: string;
}

/** `tool_call` resolved to an underlying tool: the host runs it as if the model had called it directly. */
export interface DispatchResult {
  type: 'dispatch';
  /** The underlying tool's name. */
  name: string;
  /** Its arguments, always an object. */
  arguments: { [key: string]: unknown };
}

/** What `handle()` returns: a reply, a dispatch, or `null` when `name` is not a bridge tool. */
export type HandleResult = ReplyResult | DispatchResult | null;

/**
 * One term's contribution to a hit's score (when searching with `explain: true`). A hit no
 * term scored has one entry naming why it matched instead: `{term: "exact name", field:
 * "name", score: null}` for an exact name match (ranked first; its hit's `score` is `null`
 * too), `{term: "name substring", field: "name", score: 0.1}` for the substring fallback.
 * A hit whose name names another action (create, delete, update, read) than the one a short
 * query names has one more entry, `{term: "another action", field: "name"}`, whose negative
 * score is what that cost it; a tool of a product the query names (a word found mostly in
 * tools' source labels: "Notion", "HubSpot") one more, `{term: "named product", field:
 * "source"}`, whose positive score is what that gave it; so the entries still add up to the
 * hit's score.
 */
export interface ExplainTerm {
  /** The index term (a stem, a CJK bigram, a translation), or `"exact name"` / `"name substring"` / `"another action"` / `"named product"`. */
  term: string;
  /** The field it matched; `"text"` with `ranking: "hermes"`, which scores one text per tool. */
  field: 'name' | 'source' | 'description' | 'parameters' | 'text';
  /** Its share of the hit's score; `null` for an exact name match, whose score is not finite. */
  score: number | null;
}

/** One ranked tool. */
export interface SearchHit {
  name: string;
  /** The tool's source label, or `null`. */
  source: string | null;
  /** The BM25 score; `null` for an exact-name match (ranked first). */
  score: number | null;
  /** Per-term contributions, present when searching with `explain: true`. */
  explain?: ExplainTerm[];
}

/** The hits of one query of a multi-query search. */
export interface SearchGroup {
  query: string;
  results: SearchHit[];
}

/** Options of `search()`. */
export interface SearchOptions {
  /** Search these tools (those of them the profile's bridge would search: with hermes and vibeos, tools of no `source`, `kind` or MCP name stay visible and are not searched); otherwise the tools of `sessionId`'s last assembly. */
  tools?: ToolDefinition[];
  /** Which session's tools to search when `tools` is absent; default `"default"`. */
  sessionId?: string | number;
  /** Hits per query. Default 10, range 0..1000000. */
  limit?: number;
  /** Add each hit's per-term contributions (`explain`). */
  explain?: boolean;
}

/** Options of `clear()`. */
export interface ClearOptions {
  /** Forget only the discovered tools (aalis), keeping the session's tool list. Default `false`. */
  discoveredOnly?: boolean;
}

/** A model's tool call, as `unwrap()` reads it. */
export interface ToolCall {
  name: string;
  /** An object or the model's raw JSON string. */
  arguments?: unknown;
}

/** The underlying call behind a (possibly bridged) tool call. */
export interface UnwrappedCall {
  /** The underlying tool (for `tool_call`) or the call's own name. */
  name: string;
  arguments: unknown;
  /** The bridge tool that was called, or `null` for a direct call. */
  bridge: string | null;
  /** True for read-only bridge calls (search/describe): parallel-safe, no approval needed. */
  readOnly: boolean;
}

/** The stable `code` of a `ToolSearchError`. */
export type ErrorCode =
  | 'invalid_config'
  | 'invalid_tool'
  | 'duplicate_tool'
  | 'invalid_query'
  | 'invalid_argument'
  | 'unknown_session'
  | 'unknown_tool'
  | 'limit_exceeded'
  | 'internal_error'
  | 'not_ready';

/**
 * Every error the library throws for bad input or state: a real `Error` whose `name` is
 * `"ToolSearchError"` and whose `code` is stable. (There is no exported class: test
 * `error.name === 'ToolSearchError'`. Using an instance after `free()`, or freeing it from a
 * callback of its own call, is a programming error and throws a plain `TypeError`.)
 *
 * @example
 * try { new ToolSearch({ profile: 'nope' as never }); }
 * catch (error) { if (isToolSearchError(error) && error.code === 'invalid_config') console.warn(error.message); }
 */
export interface ToolSearchError extends Error {
  name: 'ToolSearchError';
  code: ErrorCode;
}

// ---------------------------------------------------------------------------------------------
// The class
// ---------------------------------------------------------------------------------------------

/**
 * One configured tool-search layer and its sessions.
 *
 * @example
 * import { ToolSearch, ready } from 'tool-search';
 * await ready();
 * const ts = new ToolSearch({ profile: 'hermes' });
 * const turn = ts.assemble(tools, { sessionId: 'chat-1', contextWindow: 200_000 });
 * // send turn.tools to the model; when it calls a tool:
 * const out = ts.handle(call.name, call.arguments, { sessionId: 'chat-1' });
 * if (out?.type === 'reply') return out.content;                         // bridge answered
 * if (out?.type === 'dispatch') return runTool(out.name, out.arguments); // tool_call → real tool
 * // Not a bridge tool: run it only if it is in this session's list (a model can guess or be
 * // told a name outside it).
 * if (ts.inScope(call.name, { sessionId: 'chat-1' })) return runTool(call.name, call.arguments);
 * return JSON.stringify({ error: `'${call.name}' is not available` });
 */
export declare class ToolSearch {
  /**
   * Builds a layer. Throws `not_ready` before `ready()` has resolved (web entry), and
   * `invalid_config` for unknown keys, wrong types or an unknown profile.
   */
  constructor(options?: ToolSearchOptions);

  /** Notes about options that were clamped into range (e.g. `threshold_pct: 500` → 100). */
  readonly warnings: string[];
  /** Number of sessions with an assembled tool list. */
  readonly sessionCount: number;

  /**
   * Assembles one turn: the deferred tools are replaced by the profile's bridge tools. The
   * tool list becomes the session's scope for `handle()` and `search()`.
   * Cost: the same array of the same objects as a recent turn is recognised by identity (well
   * under a millisecond; treat tool objects as immutable once passed — give a changed tool a new
   * object). Any other array is serialised and its JSON compared with the recent lists' (only
   * those of the same length), so equal content reuses the built catalog; new content builds it
   * (parse and index).
   * Throws `invalid_tool`/`duplicate_tool` for malformed lists, `invalid_argument` for a bad context.
   *
   * @example
   * const { tools, tier } = ts.assemble(openAiTools, { sessionId, messages });
   */
  assemble<T extends ToolDefinition>(tools: readonly T[], context?: AssembleContext): Assembly<T>;

  /**
   * Answers a call the model made: a bridge tool's reply, a dispatch for `tool_call`, or
   * `null` when `name` is not a bridge tool (the host runs it). Model mistakes come back as a
   * model-facing reply; host mistakes (e.g. `unknown_session`) throw.
   *
   * @example
   * const out = ts.handle('tool_search', '{"queries":["create issue"]}', { sessionId });
   */
  handle(name: string, args: unknown, context?: CallContext): HandleResult;

  /**
   * Ranks tools for one query (`SearchHit[]`) or several (`SearchGroup[]`, limit per query),
   * over the tools the profile's bridge would search. Hermes and vibeos search only deferrable
   * tools (a `source`, `kind: "mcp"` or `"plugin"`, an `mcp__server__tool` name, or a name in
   * `defer`): plain tools without `source` or `kind`, and core ones, are never searched, so a
   * list of only those gives `[]`. Aalis searches every tool.
   *
   * @example
   * ts.search('send slack message', { tools, limit: 3 }); // [{ name, source, score }]
   * ts.search(['create issue', 'list files'], { sessionId }); // [{ query, results }]
   */
  search(query: string, options?: SearchOptions): SearchHit[];
  search(query: string[], options?: SearchOptions): SearchGroup[];

  /**
   * The underlying tool behind a call, for activity feeds, approval prompts and parallel
   * planning: `tool_call` → the called tool; other calls → themselves.
   *
   * @example
   * ts.unwrap({ name: 'tool_call', arguments: { name: 'create_issue', arguments: {} } }).name; // 'create_issue'
   */
  unwrap(call: ToolCall): UnwrappedCall;

  /**
   * True when `name` is a tool of the list last assembled for the session: run a model's direct
   * call only then (a model can guess or be told a name outside its list). Throws
   * `unknown_session` for a session with no assembled list, as a bridge call does.
   *
   * @example
   * if (!ts.isBridge(call.name) && !ts.inScope(call.name, { sessionId })) refuse(call);
   */
  inScope(name: string, context?: CallContext): boolean;

  /** The tools a session has discovered (aalis), most recently used first; a read-only peek. */
  discovered(sessionId?: string | number): string[];

  /** True when `name` is one of this profile's bridge tools. */
  isBridge(name: string): boolean;

  /**
   * Forgets one session (its scope and discovered tools), or every session when `sessionId` is
   * absent (`null` is the default session, as everywhere). With `{discoveredOnly: true}` only the discovered tools (aalis) are forgotten and the
   * session keeps its tool list, so the bridge still answers before the next `assemble`.
   */
  clear(sessionId?: string | number | null, options?: ClearOptions): void;

  /** Releases the wasm memory now (otherwise the garbage collector does). The instance is unusable afterwards. */
  free(): void;
}

/**
 * Resolves once the wasm core is loaded. In Node, Deno and Bun the core loads synchronously
 * and this resolves at once; in browsers and workers it fetches and compiles
 * `tool_search_bg.wasm` (or `source`: a URL, a `Response`, bytes or a compiled module).
 * A failed load is not remembered: call it again. In a Cloudflare Worker pass the compiled
 * module (`import wasm from 'tool-search/tool_search_bg.wasm'`); without it the promise
 * rejects with `not_ready`. So does a fetch that fails or brings back something else than the
 * wasm (an HTTP error status, an HTML page), naming the URL and what came back. Under Vite's
 * dev server add `optimizeDeps: { exclude: ['tool-search'] }` to `vite.config`: its
 * pre-bundled copy of the package has no wasm beside it.
 *
 * @example
 * await ready();
 */
export declare function ready(source?: ReadySource): Promise<void>;

/**
 * Where the web entry loads the core from: a URL (string or `URL`), a `Response`, the bytes, or a
 * compiled `WebAssembly.Module`. Typed structurally so the declarations need neither the DOM
 * nor the Node type library.
 */
export type ReadySource = string | ArrayBuffer | ArrayBufferView | object;

/** True when `error` is a `ToolSearchError` (an `Error` named `"ToolSearchError"` with a `code`). */
export declare function isToolSearchError(error: unknown): error is ToolSearchError;

/** Bytes of linear memory the wasm core holds now (for benchmarks and leak checks). */
export declare function wasmMemoryBytes(): number;
