// Type test: the CommonJS entry, as `require('tool-search')` users get it.
import toolSearch = require('tool-search');

const ts: toolSearch.ToolSearch = new toolSearch.ToolSearch({ profile: 'aalis', maxDirectTools: 3 });
const ready: Promise<void> = toolSearch.ready();
const turn: toolSearch.Assembly<toolSearch.McpTool> = ts.assemble([{ name: 'a', inputSchema: {} }]);
// The adapters are ES modules: TypeScript (>= 5.8, nodenext) types their require() as Node
// >= 20.19 / 22.12 runs it (require(esm)), as the README says.
import mcp = require('tool-search/mcp');
import formats = require('tool-search/formats');
const connect: typeof mcp.McpCatalog.connect = mcp.McpCatalog.connect;
const anthropic = formats.toAnthropic(turn.tools);
export { ready, turn, connect, anthropic };
