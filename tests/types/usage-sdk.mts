// Type test: the real MCP SDK Client fits the adapter, the real AI SDK tool() output fits the
// formats adapter, and the OpenAI and Anthropic SDKs' tool types go in and come out without a
// cast, so the structural types are not merely self-consistent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { asSchema, generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { z } from 'zod';
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
// The README's line for a Zod tool, verbatim: strict mode, ai@7 and zod@4.
const zodSet = { w: tool({ description: 'd', inputSchema: z.object({ city: z.string() }), execute: async () => 1 }) };
const fromZod = fromAISDK(zodSet, { toJsonSchema: (s) => asSchema(s).jsonSchema });
// The documented recipe type-checks as generateText's tools (strict mode).
const ts = new ToolSearch({ profile: 'hermes' });
const turn = ts.assemble(flat, { sessionId: 's' });
const tools = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId: 's' }, toolSet: [{ weather }] });
const run = () => generateText({ model: 'openai/gpt-5', tools, stopWhen: stepCountIs(4), prompt: 'weather in Lisbon?' });
export { catalog, set, run, fromZod };

// The OpenAI and Anthropic SDKs' own tool types go into assemble as they are, and what the
// converters write goes back into the SDKs' tool parameters without a cast.
import type OpenAI from 'openai';
import type { ChatCompletionFunctionTool, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as AnthropicSdkTool } from '@anthropic-ai/sdk/resources/messages';
import { convertTools, toAnthropic, toOpenAIChat, toOpenAIResponses } from 'tool-search/formats';

declare const openai: OpenAI;
declare const anthropic: Anthropic;
declare const chatTools: ChatCompletionFunctionTool[];
// ChatCompletionTool admits custom tools ({type: "custom", custom: {...}}), which the core
// refuses (invalid_tool): the README says to type the list ChatCompletionFunctionTool[].
declare const chatToolsWithCustom: ChatCompletionTool[];
// @ts-expect-error a custom tool is not a function tool
ts.assemble(chatToolsWithCustom, { sessionId: 'custom' });
declare const responsesTools: FunctionTool[];
declare const anthropicTools: AnthropicSdkTool[];
interface HostTool { type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown> } }
declare const hostTools: HostTool[];
const chatTurn = ts.assemble(chatTools, { sessionId: 'chat' });
const responsesTurn = ts.assemble(responsesTools, { sessionId: 'responses' });
const anthropicTurn = ts.assemble(anthropicTools, { sessionId: 'anthropic' });
ts.assemble(hostTools, { sessionId: 'host' });
const chatOut: ChatCompletionFunctionTool[] = toOpenAIChat(chatTurn.tools);
const responsesOut: FunctionTool[] = toOpenAIResponses(responsesTurn.tools);
const anthropicOut: AnthropicSdkTool[] = convertTools(anthropicTurn.tools, 'anthropic');
const calls = () => [
  openai.chat.completions.create({ model: 'gpt-5', messages: [{ role: 'user', content: 'hi' }], tools: chatOut }),
  openai.responses.create({ model: 'gpt-5', input: 'hi', tools: responsesOut }),
  anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }], tools: toAnthropic(anthropicTurn.tools) }),
];
export { calls };
