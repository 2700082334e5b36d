// Type test: the CommonJS entry, as `require('tool-search')` users get it.
import toolSearch = require('tool-search');

const ts: toolSearch.ToolSearch = new toolSearch.ToolSearch({ profile: 'aalis', maxDirectTools: 3 });
const ready: Promise<void> = toolSearch.ready();
const turn: toolSearch.Assembly<toolSearch.McpTool> = ts.assemble([{ name: 'a', inputSchema: {} }]);
export { ready, turn };
