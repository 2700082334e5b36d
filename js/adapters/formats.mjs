// tool-search/formats: moves tool lists between the shapes LLM clients speak, so an assembled
// list goes straight back to the host's client. Pure wiring: read name/description/schema from
// any shape, write them in another. No search or assembly rule lives here.

/** The shapes `convertTools` writes. */
export const FORMATS = Object.freeze(['openai-chat', 'openai-responses', 'anthropic', 'mcp', 'flat']);

/** Which shape `tool` is written in. */
export function formatOf(tool) {
  if (tool === null || typeof tool !== 'object') throw new TypeError('a tool definition must be an object');
  // The core's order (src/tool.rs): a nested `function` object, then the schema keys, then
  // `type: "function"`, so both read one tool the same way. The core reads the JSON text, in
  // which a key set to `undefined` does not exist: here it is absent too.
  if (tool.function !== undefined) {
    // The core refuses a `function` that is not an object (invalid_tool): no shape has one.
    if (tool.function === null || typeof tool.function !== 'object' || Array.isArray(tool.function)) {
      const got = tool.function === null ? 'null' : Array.isArray(tool.function) ? 'array' : typeof tool.function;
      const named = typeof tool.name === 'string' ? `tool ${JSON.stringify(tool.name)}` : 'a tool definition';
      throw new TypeError(`${named}: its \`function\` field is not an object (got ${got})`);
    }
    return 'openai-chat';
  }
  if (tool.input_schema !== undefined) return 'anthropic';
  if (tool.inputSchema !== undefined) return 'mcp';
  if (tool.type === 'function') return 'openai-responses';
  return 'flat';
}

// The schema keys in the order the core takes the first one present (`null` is present, and
// means no parameters; `undefined` is not, as JSON.stringify leaves the key out).
const SCHEMA_KEYS = ['parameters', 'input_schema', 'inputSchema'];

/** `{name, description, schema, strict}` of a tool in any shape (a `null` description or
 * schema is none; `strict` only where the shape has it: OpenAI's, Anthropic's). */
export function readTool(tool) {
  const format = formatOf(tool);
  const fn = format === 'openai-chat' ? tool.function : tool;
  if (typeof fn.name !== 'string' || fn.name.trim() === '') {
    throw new TypeError(`a tool definition needs a name (got ${fn.name === undefined ? 'none' : JSON.stringify(fn.name)})`);
  }
  const key = SCHEMA_KEYS.find((k) => fn[k] !== undefined);
  const schema = key === undefined ? undefined : fn[key];
  if (schema !== undefined && schema !== null && (typeof schema !== 'object' || Array.isArray(schema))) {
    throw new TypeError(`tool ${JSON.stringify(fn.name)}: its \`${key}\` schema is not an object`);
  }
  const strict = typeof fn.strict === 'boolean' && format !== 'mcp' && format !== 'flat' ? fn.strict : undefined;
  return { name: fn.name, description: fn.description ?? undefined, schema: schema ?? undefined, ...(strict !== undefined && { strict }) };
}

// Anthropic and MCP require a schema; an absent one means "no parameters".
const EMPTY = () => ({ type: 'object', properties: {} });

/** The schema as providers require it: an object schema says `type: "object"` (a copy adds it). */
function objectSchema(schema) {
  if (schema === undefined || schema === null) return EMPTY();
  return typeof schema === 'object' && !('type' in schema) ? { type: 'object', ...schema } : schema;
}

// Anthropic fields a tool keeps when it stays an Anthropic tool (a prompt-cache breakpoint,
// examples); no other format defines them.
const ANTHROPIC_EXTRAS = ['cache_control', 'input_examples'];

const writers = {
  'openai-chat': ({ name, description, schema, strict }) => ({
    type: 'function',
    function: { name, ...(description !== undefined && { description }), parameters: objectSchema(schema), ...(strict !== undefined && { strict }) },
  }),
  // The Responses API may hold a function that does not say to strict mode, which most tool
  // schemas (optional parameters, open objects) fail: say false unless the tool says.
  'openai-responses': ({ name, description, schema, strict }) => ({
    type: 'function', name, ...(description !== undefined && { description }), parameters: objectSchema(schema), strict: strict ?? false,
  }),
  anthropic: ({ name, description, schema, strict }, tool) => ({
    name, ...(description !== undefined && { description }), input_schema: objectSchema(schema),
    ...(strict !== undefined && { strict }),
    ...(formatOf(tool) === 'anthropic' && Object.fromEntries(ANTHROPIC_EXTRAS.filter((k) => tool[k] !== undefined).map((k) => [k, tool[k]]))),
  }),
  mcp: ({ name, description, schema }) => ({
    name, ...(description !== undefined && { description }), inputSchema: objectSchema(schema),
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
    const out = write(readTool(tool), tool);
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
  return Array.from(tools, (tool) => {
    const copy = {
      ...tool,
      ...(source !== undefined && { source }),
      ...(kind !== undefined && { kind }),
      ...(groups !== undefined && { groups }),
    };
    // A tagged copy of a `fromAISDK` definition still leads back to the host's AI SDK tool.
    const origin = origins.get(tool);
    if (origin) origins.set(copy, origin);
    return copy;
  });
}

// ---- Vercel AI SDK tool sets: {[name]: {description, inputSchema | parameters, execute?}} ----

// Which AI SDK tool (and tool set) each converted definition came from: `toAISDK` hands the
// host's own tool object back, `execute` and all.
const origins = new WeakMap();

/** The plain JSON Schema of an AI SDK schema: a `jsonSchema()` wrapper, a lazy schema (a
 * function that makes one, as `lazySchema()` returns), or JSON Schema itself. */
function plainSchema(schema, name, toJsonSchema) {
  // A lazy schema is made by calling it, as the AI SDK's `asSchema` does; left a function,
  // JSON.stringify would drop it and the core would see a tool without parameters.
  if (typeof schema === 'function' && !('~standard' in schema)) schema = schema();
  if (schema === undefined || schema === null) return undefined;
  let plain = schema;
  if (toJsonSchema) plain = toJsonSchema(schema);
  else if (typeof schema === 'object' && 'jsonSchema' in schema) plain = schema.jsonSchema;
  else if (typeof schema === 'function' || (typeof schema === 'object' && ('_def' in schema || '_zod' in schema || '~standard' in schema))) {
    throw new TypeError(`tool ${JSON.stringify(name)}: a Zod/standard schema needs {toJsonSchema: (s) => asSchema(s).jsonSchema} (asSchema from "ai")`);
  }
  // `jsonSchema(promise)` is allowed by the AI SDK, but this list is read synchronously: a
  // promise would reach the core as `{}`, a tool without parameters.
  if (typeof plain?.then === 'function') {
    throw new TypeError(`tool ${JSON.stringify(name)}: its schema is a Promise, which fromAISDK cannot read synchronously; await it first and pass the schema it resolves to (jsonSchema(await schemaPromise))`);
  }
  return plain;
}

/**
 * An AI SDK tool set as an array of flat definitions `{name, description, parameters}` the core
 * accepts. Options: `source`/`kind`/`groups` tag every tool; `toJsonSchema` converts schemas
 * that are not `jsonSchema()` wrappers or plain JSON Schema (e.g. `(s) => asSchema(s).jsonSchema`).
 * A schema that is a Promise (`jsonSchema(promise)`) is a `TypeError`: await it first.
 */
export function fromAISDK(toolSet, { source, kind, groups, toJsonSchema } = {}) {
  if (toolSet === null || typeof toolSet !== 'object') throw new TypeError('an AI SDK tool set must be an object of tools');
  return Object.entries(toolSet).map(([name, tool]) => {
    if (tool === null || typeof tool !== 'object') throw new TypeError(`AI SDK tool ${JSON.stringify(name)} is not a tool object (got ${tool === null ? 'null' : typeof tool})`);
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
 * An (assembled) tool list back as an AI SDK tool set. A tool that came from `fromAISDK` (or a
 * `tagTools` copy of one), or that `toolSet` holds by name, is the host's own AI SDK tool
 * again (its `execute`, approval and hooks); another host tool is `{description, inputSchema}`
 * without `execute` (the AI SDK hands its calls back to the caller). Bridge tools become
 * `{description, inputSchema: jsonSchema(schema)}` (pass the AI SDK's `jsonSchema`); with
 * `toolSearch` they also get an `execute`: a reply goes back to the model, and a `tool_call`
 * runs the underlying tool as the AI SDK would run it directly: its input parsed by its own
 * schema (Zod transforms and defaults), its tool-level `needsApproval` asked first, its
 * `toModelOutput` used for the result. A list holding the `tool_call` bridge needs `toolSet`
 * (a `TypeError` otherwise): its tools are deferred, and only the sets given can hold them.
 */
export function toAISDK(tools, { jsonSchema = (schema) => schema, toolSearch, context = {}, toolSet } = {}) {
  const out = {};
  // An own property whatever the name: `out[name] = …` would set the prototype for a tool
  // named `__proto__` and drop the tool.
  const put = (name, value) => Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  // Where tools are looked up by name: the sets given, else the sets the listed tools came from.
  // Only objects are tool sets: `null`, `0`, `''` or `[null]` give none.
  const sets = [toolSet].flat().filter((set) => set !== null && typeof set === 'object');
  const given = sets.length > 0;
  for (const tool of tools) {
    const origin = origins.get(tool);
    const { name, description, schema } = readTool(tool);
    if (origin) {
      put(name, origin.tool);
      if (!given && !sets.includes(origin.toolSet)) sets.push(origin.toolSet);
    } else if (toolSearch && toolSearch.isBridge(name)) {
      // Deferred tools are not in the list, so the sets the listed tools came from may lack
      // them. Said here, to the host: from execute() the error went to the model as a failed
      // tool call (after one about its arguments, when they were wrong too).
      if (name === 'tool_call' && !given) {
        throw new TypeError('toAISDK: the tools hold the tool_call bridge, so some tools are deferred and tool_call must '
          + 'find them: pass the AI SDK tool set(s) they come from as toAISDK(tools, {toolSet}) (one set or an array)');
      }
      // `sets` is complete by the time the model calls it.
      const bridge = new Bridge(toolSearch, name, context, sets, given);
      put(name, {
        ...(description !== undefined && { description }),
        inputSchema: jsonSchema(schema ?? EMPTY()),
        execute: (input, options) => bridge.execute(input, options),
        needsApproval: (input, options) => bridge.needsApproval(input, options),
        toModelOutput: (options) => bridge.toModelOutput(options),
      });
    } else {
      const own = lookup(sets, name);
      put(name, own ?? { ...(description !== undefined && { description }), inputSchema: jsonSchema(schema ?? EMPTY()) });
    }
  }
  return out;
}

/** The tool named `name` in the first of `sets` that has it as an own property. */
function lookup(sets, name) {
  for (const set of sets) if (set !== null && typeof set === 'object' && Object.hasOwn(set, name)) return set[name];
  return undefined;
}

/** One bridge tool of a `toAISDK` set: answers its calls through the core and runs what a
 * `tool_call` dispatches the way the AI SDK runs a tool it was given directly. */
class Bridge {
  #ts; #name; #context; #sets; #given;
  /** The tool and parsed input of each dispatched call, by tool call id, for `toModelOutput`. */
  #dispatched = new Map();

  constructor(toolSearch, name, context, sets, given) {
    this.#ts = toolSearch; this.#name = name; this.#context = context; this.#sets = sets; this.#given = given;
  }

  /** The host tool a call of this bridge would run, or undefined (a search, a describe, an
   * unknown name: the core answers those itself). */
  #target(input) {
    let call;
    try {
      call = this.#ts.unwrap({ name: this.#name, arguments: input ?? {} });
    } catch {
      return undefined; // input the core refuses: execute() answers it with the core's error
    }
    if (call.bridge === null || call.name === call.bridge) return undefined;
    const tool = lookup(this.#sets, call.name);
    return tool === undefined ? undefined : { tool, input: call.arguments };
  }

  async needsApproval(input, options) {
    const target = this.#target(input);
    const needs = target?.tool.needsApproval;
    return typeof needs === 'function' ? needs(target.input, options) : needs === true;
  }

  async execute(input, options) {
    const out = this.#ts.handle(this.#name, input ?? {}, this.#context);
    if (out === null) throw new Error(`${this.#name} is not a bridge tool of this ToolSearch`);
    if (out.type === 'reply') return out.result;
    const name = JSON.stringify(out.name);
    if (this.#sets.length === 0) throw new Error(`tool_call resolved to ${name}: pass the AI SDK tool set(s) it is in as toAISDK(tools, {toolSet})`);
    const tool = lookup(this.#sets, out.name);
    if (tool === undefined) {
      throw new Error(`tool_call resolved to ${name}, which is in none of the tool sets ${this.#given ? 'given as toolSet' : 'the listed tools came from (pass toolSet)'}`);
    }
    if (typeof tool.execute !== 'function') throw new Error(`tool_call resolved to ${name}, which has no execute() in its tool set`);
    const parsed = await parseInput(tool.inputSchema ?? tool.parameters, out.arguments, out.name);
    let result = await tool.execute(parsed, options);
    // A streaming tool (an async generator): its last value is its output, as in the AI SDK.
    if (result !== null && typeof result?.[Symbol.asyncIterator] === 'function') {
      let last;
      for await (const value of result) last = value;
      result = last;
    }
    if (options?.toolCallId !== undefined) this.#dispatched.set(options.toolCallId, { tool, input: parsed });
    return result;
  }

  /** Synchronous where it can be: AI SDK 5 calls it with the output alone and takes no promise. */
  toModelOutput(options) {
    const modern = options !== null && typeof options === 'object' && 'toolCallId' in options && 'output' in options;
    if (!modern) return defaultOutput(options);
    const { toolCallId, input, output } = options;
    let target = this.#dispatched.get(toolCallId);
    this.#dispatched.delete(toolCallId);
    // Another process (a later request's convertToModelMessages) finds the tool from the input.
    target ??= this.#target(input);
    if (typeof target?.tool.toModelOutput === 'function') return target.tool.toModelOutput({ toolCallId, input: target.input, output });
    return defaultOutput(output);
  }
}

/** What the AI SDK makes of a tool's output when the tool has no `toModelOutput`. */
function defaultOutput(output) {
  return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: jsonValue(output) };
}

/** `value` as the tool's schema parses it, as the AI SDK's `asSchema` would: a Standard
 * Schema (Zod, Valibot, ArkType), an AI SDK schema with a `validate`, or a lazy schema. */
async function parseInput(schema, value, name) {
  if (typeof schema === 'function' && !('~standard' in schema)) schema = schema();
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return value;
  let result;
  if ('~standard' in schema && typeof schema['~standard']?.validate === 'function') {
    result = await schema['~standard'].validate(value);
    if (result.issues) throw new Error(`invalid input for ${JSON.stringify(name)}: ${result.issues.map((i) => i.message).join('; ')}`);
    return result.value;
  }
  if (typeof schema.validate === 'function') {
    result = await schema.validate(value);
    if (result?.success === false) throw new Error(`invalid input for ${JSON.stringify(name)}: ${result.error?.message ?? String(result.error)}`);
    return result?.success === true ? result.value : value;
  }
  return value;
}

/** A JSON value, as the AI SDK normalises a tool's output (toJSON, Dates, no undefined). */
function jsonValue(value) {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}
