// tool-search/formats: moves tool lists between the shapes LLM clients speak, so an assembled
// list goes straight back to the host's client. Pure wiring: read name/description/schema from
// any shape, write them in another. No search or assembly rule lives here.

/** The shapes `convertTools` writes. */
export const FORMATS = Object.freeze(['openai-chat', 'openai-responses', 'anthropic', 'mcp', 'flat']);

/** Which shape `tool` is written in. */
export function formatOf(tool) {
  if (tool === null || typeof tool !== 'object') throw new TypeError('a tool definition must be an object');
  if (tool.type === 'function' && tool.function && typeof tool.function === 'object') return 'openai-chat';
  if (tool.type === 'function') return 'openai-responses';
  if ('input_schema' in tool) return 'anthropic';
  if ('inputSchema' in tool) return 'mcp';
  return 'flat';
}

/** `{name, description, schema}` of a tool in any shape. */
export function readTool(tool) {
  const format = formatOf(tool);
  const fn = format === 'openai-chat' ? tool.function : tool;
  const schema = format === 'anthropic' ? tool.input_schema : format === 'mcp' ? tool.inputSchema : fn.parameters;
  return { name: fn.name, description: fn.description, schema };
}

// Anthropic and MCP require a schema; an absent one means "no parameters".
const EMPTY = () => ({ type: 'object', properties: {} });

const writers = {
  'openai-chat': ({ name, description, schema }) => ({
    type: 'function',
    function: { name, ...(description !== undefined && { description }), parameters: schema ?? EMPTY() },
  }),
  'openai-responses': ({ name, description, schema }) => ({
    type: 'function', name, ...(description !== undefined && { description }), parameters: schema ?? EMPTY(),
  }),
  anthropic: ({ name, description, schema }) => ({
    name, ...(description !== undefined && { description }), input_schema: schema ?? EMPTY(),
  }),
  mcp: ({ name, description, schema }) => ({
    name, ...(description !== undefined && { description }), inputSchema: schema ?? EMPTY(),
  }),
  flat: ({ name, description, schema }) => ({
    name, ...(description !== undefined && { description }), ...(schema !== undefined && { parameters: schema }),
  }),
};

/**
 * Rewrites every tool in `format`. The output holds only the fields that format defines
 * (provider APIs reject unknown ones); pass `{keepMetadata: true}` to carry `source`, `kind`
 * and `groups` along (e.g. to feed `ToolSearch.assemble`).
 */
export function convertTools(tools, format, { keepMetadata = false } = {}) {
  const write = writers[format];
  if (!write) throw new TypeError(`unknown tool format ${JSON.stringify(format)}; expected one of ${FORMATS.join(', ')}`);
  return Array.from(tools, (tool) => {
    const out = write(readTool(tool));
    if (keepMetadata) {
      for (const key of ['source', 'kind', 'groups']) if (tool[key] !== undefined) out[key] = tool[key];
    }
    return out;
  });
}

export const toOpenAIChat = (tools, options) => convertTools(tools, 'openai-chat', options);
export const toOpenAIResponses = (tools, options) => convertTools(tools, 'openai-responses', options);
export const toAnthropic = (tools, options) => convertTools(tools, 'anthropic', options);
export const toMcp = (tools, options) => convertTools(tools, 'mcp', options);
export const toFlat = (tools, options) => convertTools(tools, 'flat', options);

/** Copies of `tools` with `source`/`kind`/`groups` set (e.g. every tool of one MCP server). */
export function tagTools(tools, { source, kind, groups } = {}) {
  return Array.from(tools, (tool) => ({
    ...tool,
    ...(source !== undefined && { source }),
    ...(kind !== undefined && { kind }),
    ...(groups !== undefined && { groups }),
  }));
}

// ---- Vercel AI SDK tool sets: {[name]: {description, inputSchema | parameters, execute?}} ----

// Which AI SDK tool (and tool set) each converted definition came from: `toAISDK` hands the
// host's own tool object back, `execute` and all.
const origins = new WeakMap();

/** The plain JSON Schema of an AI SDK schema: a `jsonSchema()` wrapper, or JSON Schema itself. */
function plainSchema(schema, name, toJsonSchema) {
  if (schema === undefined || schema === null) return undefined;
  if (toJsonSchema) return toJsonSchema(schema);
  if (typeof schema === 'object' && 'jsonSchema' in schema) return schema.jsonSchema;
  if (typeof schema === 'object' && ('_def' in schema || '_zod' in schema || '~standard' in schema)) {
    throw new TypeError(`tool ${JSON.stringify(name)}: a Zod/standard schema needs {toJsonSchema: (s) => asSchema(s).jsonSchema} (asSchema from "ai")`);
  }
  return schema;
}

/**
 * An AI SDK tool set as an array of flat definitions `{name, description, parameters}` the core
 * accepts. Options: `source`/`kind`/`groups` tag every tool; `toJsonSchema` converts schemas
 * that are not `jsonSchema()` wrappers or plain JSON Schema (e.g. `(s) => asSchema(s).jsonSchema`).
 */
export function fromAISDK(toolSet, { source, kind, groups, toJsonSchema } = {}) {
  if (toolSet === null || typeof toolSet !== 'object') throw new TypeError('an AI SDK tool set must be an object of tools');
  return Object.entries(toolSet).map(([name, tool]) => {
    const parameters = plainSchema(tool.inputSchema ?? tool.parameters, name, toJsonSchema);
    const definition = {
      name,
      // AI SDK 7 allows a description computed per call; only a fixed string can be indexed.
      ...(typeof tool.description === 'string' && { description: tool.description }),
      ...(parameters !== undefined && { parameters }),
      ...(source !== undefined && { source }),
      ...(kind !== undefined && { kind }),
      ...(groups !== undefined && { groups }),
    };
    origins.set(definition, { tool, toolSet });
    return definition;
  });
}

/**
 * An (assembled) tool list back as an AI SDK tool set. Tools that came from `fromAISDK` are the
 * host's own objects again (with their `execute`); bridge tools become
 * `{description, inputSchema: jsonSchema(schema)}` (pass the AI SDK's `jsonSchema`). With
 * `toolSearch`, bridge tools also get an `execute`: a reply goes back to the model, and a
 * `tool_call` dispatch runs the underlying tool's own `execute`.
 */
export function toAISDK(tools, { jsonSchema = (schema) => schema, toolSearch, context = {}, toolSet } = {}) {
  const out = {};
  // An own property whatever the name: `out[name] = …` would set the prototype for a tool
  // named `__proto__` and drop the tool.
  const put = (name, value) => Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  let source = toolSet;
  for (const tool of tools) {
    const origin = origins.get(tool);
    if (origin) {
      put(readTool(tool).name, origin.tool);
      source ??= origin.toolSet;
      continue;
    }
    const { name, description, schema } = readTool(tool);
    put(name, {
      ...(description !== undefined && { description }),
      inputSchema: jsonSchema(schema ?? EMPTY()),
      ...(toolSearch && { execute: (input, options) => runBridge(toolSearch, name, input, context, source, options) }),
    });
  }
  return out;
}

async function runBridge(toolSearch, name, input, context, toolSet, options) {
  const out = toolSearch.handle(name, input ?? {}, context);
  if (out === null) throw new Error(`${name} is not a bridge tool of this ToolSearch`);
  if (out.type === 'reply') return out.result;
  if (!toolSet) throw new Error(`tool_call resolved to ${JSON.stringify(out.name)}: pass the original tool set as toAISDK(tools, {toolSet})`);
  const target = Object.hasOwn(toolSet, out.name) ? toolSet[out.name] : undefined;
  if (typeof target?.execute !== 'function') {
    throw new Error(`tool_call resolved to ${JSON.stringify(out.name)}, which has no execute() in the tool set`);
  }
  return target.execute(out.arguments, options);
}
