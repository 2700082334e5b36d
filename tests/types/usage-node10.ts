// Type test: every entry point's declarations resolve under `moduleResolution: node10`, which
// reads no `exports` map (the subpaths come from `typesVersions`).
import { ToolSearch } from 'tool-search';
import { McpCatalog, type CallToolResult } from 'tool-search/mcp';
import { toAnthropic, type AISDKToolSet } from 'tool-search/formats';
import { createAalisPlugin, SEARCH_TOOL } from 'tool-search/aalis';
import wasm from 'tool-search/tool_search_bg.wasm';

const ts = new ToolSearch({ profile: 'aalis' });
const anthropic = toAnthropic(ts.assemble([{ name: 'a', parameters: { type: 'object' } }]).tools);
const set: AISDKToolSet = {};
const plugin = createAalisPlugin(ToolSearch);
const search: 'search_tools' = SEARCH_TOOL;
const connect: typeof McpCatalog.connect = McpCatalog.connect;
const result: CallToolResult = { content: [] };
const compiled: object = wasm;
export { anthropic, set, plugin, search, connect, result, compiled };
