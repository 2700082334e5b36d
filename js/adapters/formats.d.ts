// tool-search/formats: converts tool lists between the shapes LLM clients use.
import type {
  FlatTool, JsonSchema, ObjectSchema, ToolDefinition, ToolMetadata, ToolSearch, CallContext,
} from '../index.js';

// What the converters write: each provider's tool with exactly its fields (plus `source`,
// `kind`, `groups` with `keepMetadata`), the schema an object schema, so the result is the
// provider SDK's own tool type (`ChatCompletionFunctionTool`, Responses `FunctionTool`,
// Anthropic `Tool`, MCP `Tool`) without a cast.

/** OpenAI Chat Completions, as written: `strict` only when the tool had it. */
export type OpenAIChatToolOut = ToolMetadata & {
  type: 'function';
  function: { name: string; description?: string; parameters: ObjectSchema; strict?: boolean };
};
/** OpenAI Responses, as written: `strict` is the tool's own, else `false` (the API may otherwise hold it to strict mode). */
export type OpenAIResponsesToolOut = ToolMetadata & {
  type: 'function'; name: string; description?: string; parameters: ObjectSchema; strict: boolean;
};
/** Anthropic, as written: `cache_control` and `input_examples` kept from an Anthropic tool. */
export type AnthropicToolOut = ToolMetadata & {
  name: string; description?: string; input_schema: ObjectSchema; strict?: boolean;
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
  input_examples?: Array<Record<string, unknown>>;
};
/** MCP `tools/list` entry, as written. */
export type McpToolOut = ToolMetadata & { name: string; description?: string; inputSchema: ObjectSchema };

/** The shapes `convertTools` writes. */
export type ToolFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'mcp' | 'flat';
export declare const FORMATS: readonly ToolFormat[];

/** Options of the converters. */
export interface ConvertOptions {
  /** Carry `source`, `kind` and `groups` over (default `false`: only the fields the format defines, since provider APIs reject unknown ones). */
  keepMetadata?: boolean;
}

/** Which shape a tool is written in. Throws `TypeError` for a non-object, or a `function` field that is not an object (the core's `invalid_tool`). */
export declare function formatOf(tool: object): ToolFormat;
/** `{name, description, schema, strict}` of a tool in any shape; a `null` description or schema is none (`undefined`), as for the core. */
export declare function readTool(tool: object): { name: string; description?: string; schema?: JsonSchema; strict?: boolean };

/**
 * Rewrites every tool in `format`.
 *
 * @example
 * const anthropicTools = convertTools(turn.tools, 'anthropic');
 */
export declare function convertTools(tools: Iterable<object>, format: 'openai-chat', options?: ConvertOptions): OpenAIChatToolOut[];
export declare function convertTools(tools: Iterable<object>, format: 'openai-responses', options?: ConvertOptions): OpenAIResponsesToolOut[];
export declare function convertTools(tools: Iterable<object>, format: 'anthropic', options?: ConvertOptions): AnthropicToolOut[];
export declare function convertTools(tools: Iterable<object>, format: 'mcp', options?: ConvertOptions): McpToolOut[];
export declare function convertTools(tools: Iterable<object>, format: 'flat', options?: ConvertOptions): FlatTool[];
export declare function convertTools(tools: Iterable<object>, format: ToolFormat, options?: ConvertOptions): ToolDefinition[];

export declare function toOpenAIChat(tools: Iterable<object>, options?: ConvertOptions): OpenAIChatToolOut[];
export declare function toOpenAIResponses(tools: Iterable<object>, options?: ConvertOptions): OpenAIResponsesToolOut[];
export declare function toAnthropic(tools: Iterable<object>, options?: ConvertOptions): AnthropicToolOut[];
export declare function toMcp(tools: Iterable<object>, options?: ConvertOptions): McpToolOut[];
export declare function toFlat(tools: Iterable<object>, options?: ConvertOptions): FlatTool[];

/** Copies of `tools` with `source`/`kind`/`groups` set (e.g. every tool of one server). */
export declare function tagTools<T extends object>(
  tools: Iterable<T>,
  metadata?: { source?: string; kind?: 'core' | 'mcp' | 'plugin'; groups?: string[] },
): Array<T & { source?: string; kind?: 'core' | 'mcp' | 'plugin'; groups?: string[] }>;

/** One tool of a Vercel AI SDK tool set (structural: any AI SDK version's `tool()` fits). */
export interface AISDKTool {
  /** A string (a function-valued description, AI SDK 7, is not read: the tool is then listed without one). */
  description?: string | ((...args: any[]) => string);
  /**
   * AI SDK 5+: a `jsonSchema()` wrapper (exposing `.jsonSchema`), a lazy schema (a function
   * returning one, as `lazySchema()` makes), or plain JSON Schema. Not a Promise of one
   * (`jsonSchema(promise)`): `fromAISDK` reads synchronously and throws a `TypeError`.
   */
  inputSchema?: unknown;
  /** AI SDK 4: the same, under its older name. */
  parameters?: unknown;
  execute?: (input: any, options: any) => unknown;
  /** Asked before a `tool_call` runs the tool, as the AI SDK asks it for a direct call. */
  needsApproval?: boolean | ((input: any, options: any) => boolean | PromiseLike<boolean>);
  /** Turns the tool's output into what the model sees (also for a `tool_call` that ran it). */
  toModelOutput?: (options: { toolCallId: string; input: any; output: any }) => unknown;
  [extra: string]: unknown;
}

/** A Vercel AI SDK tool set: `{[name]: tool}`. */
export type AISDKToolSet = Record<string, AISDKTool>;

/**
 * An AI SDK tool set as flat definitions the core accepts. Throws a `TypeError` naming the tool
 * for a schema it cannot read: a Zod/standard schema without `toJsonSchema`, or a Promise.
 *
 * @example
 * const tools = fromAISDK(myToolSet, { source: 'local' });
 * const turn = ts.assemble(tools, { sessionId });
 * const toolSet = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId }, toolSet: myToolSet });
 */
export declare function fromAISDK(
  toolSet: AISDKToolSet,
  options?: {
    source?: string;
    kind?: 'core' | 'mcp' | 'plugin';
    groups?: string[];
    /**
     * Converts a schema that is neither a `jsonSchema()` wrapper nor JSON Schema, e.g. a Zod
     * schema with `(s) => asSchema(s).jsonSchema` (`asSchema` from `ai`). Typed loosely so that
     * line type-checks as it is: the AI SDK types `s` as its own schema type and the result as
     * `JSONSchema7 | PromiseLike<JSONSchema7>`. It must return the JSON Schema itself: a Promise
     * is a `TypeError` naming the tool when `fromAISDK` runs.
     */
    toJsonSchema?: (schema: any) => object;
  },
): FlatTool[];

/**
 * A tool list back as an AI SDK tool set. Tools from `fromAISDK` (or `tagTools` copies of them),
 * and tools `toolSet` names, are the host's own AI SDK tools again; other host tools get
 * `inputSchema: jsonSchema(schema)` and no `execute`. Bridge tools get
 * `inputSchema: jsonSchema(schema)` and, with `toolSearch`, an `execute` that answers the
 * bridge call; a `tool_call` runs the underlying tool as the AI SDK runs a tool directly (input
 * parsed by its schema, its tool-level `needsApproval` asked first, its `toModelOutput` used).
 * A list holding the `tool_call` bridge needs `toolSet` (a `TypeError` otherwise).
 *
 * The result is typed loosely (this package does not depend on `ai`): it is a `ToolSet`
 * for `generateText` / `streamText`.
 *
 * @example
 * const tools = toAISDK(turn.tools, { jsonSchema, toolSearch: ts, context: { sessionId }, toolSet: myToolSet });
 * await generateText({ model, tools, stopWhen: stepCountIs(8), prompt });
 */
export declare function toAISDK(
  tools: Iterable<object>,
  options?: {
    /** The AI SDK's `jsonSchema` (default: the schema unchanged). */
    jsonSchema?: (schema: JsonSchema) => unknown;
    /** Gives bridge tools an `execute`; tells bridge tools from the host's. */
    toolSearch?: Pick<ToolSearch, 'handle' | 'isBridge' | 'unwrap'>;
    /** Session and groups passed to `handle()`. */
    context?: CallContext;
    /**
     * The tool set(s) the catalog came from, where a `tool_call` finds the tool it runs.
     * Required when `tools` holds the `tool_call` bridge (hermes, vibeos): without it (or with
     * an empty array) `toAISDK` throws a `TypeError`, since the deferred tools are not in the
     * list. Otherwise the default is the sets the tools listed in `tools` came from.
     */
    toolSet?: AISDKToolSet | AISDKToolSet[];
  },
): Record<string, any>;
