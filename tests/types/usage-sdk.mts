// Type test: the real MCP SDK Client fits the adapter, and the real AI SDK tool() output fits
// the formats adapter, so the structural types are not merely self-consistent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { ToolSearch } from 'tool-search';
import { McpCatalog } from 'tool-search/mcp';
import { fromAISDK, toAISDK } from 'tool-search/formats';

const client = new Client({ name: 'types', version: '0.0.0' });
const catalog = await McpCatalog.connect({ files: client });
const weather = tool({
  description: 'Weather in a city',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => `sunny in ${city}`,
});
const flat = fromAISDK({ weather });
const set = toAISDK(flat, { jsonSchema });
// The documented recipe type-checks as generateText's tools (strict mode).
const ts = new ToolSearch({ profile: 'hermes' });
const turn = ts.assemble(flat, { sessionId: 's' });
const tools = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 's' }, toolSet: [{ weather }] });
const run = () => generateText({ model: 'openai/gpt-5', tools, stopWhen: stepCountIs(4), prompt: 'weather in Lisbon?' });
export { catalog, set, run };
