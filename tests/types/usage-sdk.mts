// Type test: the real MCP SDK Client fits the adapter, and the real AI SDK tool() output fits
// the formats adapter, so the structural types are not merely self-consistent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { jsonSchema, tool } from 'ai';
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
export { catalog, set };
