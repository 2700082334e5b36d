// Type test: uses the whole public API as an ES module importer would. `tsc --noEmit` runs it
// against the installed tarball, so the shipped declarations and the `exports` map are what is
// checked. Lines marked @ts-expect-error prove the types reject what the core rejects.
import { ToolSearch, ready, isToolSearchError, wasmMemoryBytes } from 'tool-search';
// The compiled module a Worker imports (README: Cloudflare Workers) is typed for ready().
import wasm from 'tool-search/tool_search_bg.wasm';
import type {
  AalisOptions, Assembly, DispatchResult, ErrorCode, HandleResult, HermesOptions, OpenAIChatTool, ReplyResult,
  SearchGroup, SearchHit, ToolDefinition, UnwrappedCall, VibeosOptions, McpTool, AnthropicTool,
} from 'tool-search';
import { McpCatalog, listMcpTools, type McpClientLike, type CallToolResult, type McpHostTool } from 'tool-search/mcp';
import { createAalisToolSearch, createAalisPlugin, SEARCH_TOOL, type AalisLlmBeforeData, type AalisLogger } from 'tool-search/aalis';
import {
  convertTools, formatOf, fromAISDK, toAISDK, toAnthropic, toMcp, toOpenAIChat, toOpenAIResponses, toFlat, tagTools, FORMATS,
  type ToolFormat,
} from 'tool-search/formats';

const logger: AalisLogger = { warn: () => {}, debug: () => {} };
await ready();
await ready(new Uint8Array(0));
if (wasmMemoryBytes() < 0) await ready(wasm);

const hermes: HermesOptions = {
  profile: 'hermes', enabled: 'auto', threshold_pct: 5, search_default_limit: 5, max_search_limit: 25,
  listing: 'auto', listing_max_tokens: 4000, defer: ['memory'], core_tools: ['terminal'], maxSessions: 500,
  ranking: 'best', languages: ['english', 'russian'],
};
const vibeos: VibeosOptions = { profile: 'vibeos', enabled: true, threshold_pct: 10, max_search_limit: 20 };
// The camelCase aliases, the shared switches, an ISO language code and a boolean listing.
const camel: HermesOptions = {
  thresholdPct: 5, searchDefaultLimit: 3, maxSearchLimit: 10, listingMaxTokens: 2000, coreTools: [], max_sessions: 10,
  fuzzy: false, lexicon: false, languages: ['en'], listing: false,
};
new ToolSearch(camel).free();
// @ts-expect-error: vibeos never lists, so it has no listing option
new ToolSearch({ profile: 'vibeos', listing: 'auto' });
const aalis: AalisOptions = {
  profile: 'aalis', enabled: true, showToolNames: true, maxDirectTools: 5, maxSearchResults: 0,
  alwaysDirectTools: ['web_search'], maxDiscoveredKeep: 20, matcher: 'substring', ranking: 'hermes',
};
// @ts-expect-error: not a profile
new ToolSearch({ profile: 'nope' });
// @ts-expect-error: aalis keys are camelCase booleans
new ToolSearch({ profile: 'aalis', enabled: 'auto' });
// @ts-expect-error: listing is auto|on|off
new ToolSearch({ profile: 'hermes', listing: 'sometimes' });

const ts = new ToolSearch(hermes);
new ToolSearch(vibeos).free();
new ToolSearch();

const openai: OpenAIChatTool[] = [{ type: 'function', function: { name: 'create_issue', description: 'x', parameters: { type: 'object' } }, source: 'github' }];
const turn: Assembly<OpenAIChatTool> = ts.assemble(openai, {
  sessionId: 'chat', messages: [], contextWindow: 200_000, enabledGroups: ['dev'], tokenCounter: (text) => text.length / 4,
});
const firstName: string | undefined = turn.tools[0]?.function.name;
const tier: 0 | 1 | 2 = turn.tier;
const numbers: number[] = [turn.deferred, turn.listingTokens, turn.deferredTokens, turn.budgetTokens ?? 0];
const form: string | null = turn.listingForm;
const notes: string[] = [...turn.warnings, ...ts.warnings];

const mixed: ToolDefinition[] = [
  { name: 'a', input_schema: { type: 'object' } } satisfies AnthropicTool,
  { name: 'b', inputSchema: { type: 'object' }, kind: 'mcp', groups: ['g'] } satisfies McpTool,
  { type: 'function', name: 'c', parameters: {} },
  { name: 'd', description: 'flat' },
];
ts.assemble(mixed);

const out: HandleResult = ts.handle('tool_search', '{"queries":["x"]}', { sessionId: 'chat' });
if (out?.type === 'reply') {
  const reply: ReplyResult = out;
  const text: string = reply.content;
} else if (out?.type === 'dispatch') {
  const dispatch: DispatchResult = out;
  const args: Record<string, unknown> = dispatch.arguments;
}

const hits: SearchHit[] = ts.search('create issue', { tools: openai, limit: 3, explain: true });
const score: number | null | undefined = hits[0]?.score;
const term: string | undefined = hits[0]?.explain?.[0]?.term;
// An exact-name hit explains itself as {term: "exact name", field: "name", score: null}.
const share: number | null | undefined = hits[0]?.explain?.[0]?.score;
// @ts-expect-error the share may be null
const shareAsNumber: number | undefined = hits[0]?.explain?.[0]?.score;
const field: 'name' | 'source' | 'description' | 'parameters' | 'text' | undefined = hits[0]?.explain?.[0]?.field;
const groups: SearchGroup[] = ts.search(['a', 'b'], { sessionId: 'chat' });
const unwrapped: UnwrappedCall = ts.unwrap({ name: 'tool_call', arguments: { name: 'x', arguments: {} } });
const bridge: string | null = unwrapped.bridge;
const discovered: string[] = new ToolSearch(aalis).discovered('chat');
const isBridge: boolean = ts.isBridge('tool_describe');
const inScope: boolean = ts.inScope('create_issue', { sessionId: 's' });
ts.clear('chat');
ts.clear();
ts.clear('chat', { discoveredOnly: true });
// @ts-expect-error: discoveredOnly is a boolean
ts.clear('chat', { discoveredOnly: 'yes' });
const sessions: number = ts.sessionCount;
const bytes: number = wasmMemoryBytes();

try {
  ts.assemble(openai);
} catch (error) {
  if (isToolSearchError(error)) {
    const code: ErrorCode = error.code;
    if (code === 'duplicate_tool') logger.warn?.(error.message);
  }
}

// Formats.
const formats: readonly ToolFormat[] = FORMATS;
const f: ToolFormat = formatOf(openai[0]!);
const anthropic = toAnthropic(turn.tools);
const schema: unknown = anthropic[0]?.input_schema;
toOpenAIChat(mixed); toOpenAIResponses(mixed); toMcp(mixed, { keepMetadata: true }); toFlat(mixed);
const converted = convertTools(mixed, 'mcp');
const mcpName: string | undefined = converted[0]?.name;
const tagged = tagTools(mixed, { source: 'local', kind: 'plugin' });
const aiTools = fromAISDK({ weather: { description: 'w', inputSchema: { jsonSchema: { type: 'object' } }, execute: async () => 1 } });
const aiSet = toAISDK(ts.assemble(aiTools).tools, { jsonSchema: (s) => s, toolSearch: ts, context: { sessionId: 'x' } });
const exec = aiSet['weather']?.execute;

// MCP.
declare const client: McpClientLike;
const catalog = await McpCatalog.connect({ files: client }, { names: 'prefixed' });
await McpCatalog.connect([client], { names: (server, tool) => `${server}.${tool}` });
const listed = await listMcpTools(client, { source: 'files' });
const source: string | undefined = listed[0]?.source;
// listMcpTools labels and kinds its tools only as asked: no `source` unless given, any kind.
const unlabelled = (await listMcpTools(client, { kind: 'core' }))[0];
// @ts-expect-error: without a `source` option the tools have none
const label: string = unlabelled!.source;
const coreKind: boolean = unlabelled?.kind === 'core';
ts.assemble(catalog.tools, { sessionId: 'mcp' });
const result: CallToolResult = await catalog.handle(ts, 'tool_call', { name: 'read_file', arguments: {} }, { sessionId: 'mcp' });
await catalog.callTool({ name: 'read_file', arguments: '{}' });
// @ts-expect-error: handle asks the ToolSearch's inScope before a direct call
await catalog.handle({ handle: (n: string, a: unknown, c?: object) => ts.handle(n, a, c) }, 'read_file', {}, { sessionId: 'mcp' });
// The host's own tools listed beside the catalog's run through hostTool, sync or async.
const hostTool: McpHostTool = async (toolName, args, context) => ({ content: [{ type: 'text', text: `${toolName} ${JSON.stringify(args)} ${context.sessionId}` }] });
await McpCatalog.connect({ files: client }, { names: 'prefixed', hostTool });
await McpCatalog.connect([client], { hostTool: (toolName) => ({ content: [{ type: 'text', text: toolName }], isError: true }) });
// @ts-expect-error: hostTool answers with a CallToolResult, not a bare string
await McpCatalog.connect([client], { hostTool: (toolName: string) => toolName });
const servers: string[] = catalog.servers;
catalog.route('read_file')?.server;

// Aalis.
const layer = createAalisToolSearch(new ToolSearch(aalis), { logger });
const data: AalisLlmBeforeData = { messages: [], tools: openai, sessionId: 's' };
await layer.llmBefore(data, async () => {});
await layer.memoryClear({ scope: 'all', results: [] });
const content: string = await layer.searchTool.handler({ query: 'x' }, { sessionId: 's', enabledGroups: ['g'] });
const name: 'search_tools' = SEARCH_TOOL;
const plugin = createAalisPlugin(ToolSearch);
plugin.apply({ middleware: () => undefined, registerTool: () => undefined }, { maxDirectTools: 3 });
// @ts-expect-error: the plugin config has no profile key to choose
plugin.apply({ middleware: () => undefined }, { profile: 'hermes' });

export { tier, numbers, form, notes, firstName, score, term, share, shareAsNumber, field, groups, bridge, discovered, isBridge, inScope, sessions, bytes, formats, f, schema, mcpName, tagged, exec, source, label, coreKind, result, servers, content, name };
