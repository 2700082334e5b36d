// tool-search/aalis: a ToolSearch with the `aalis` profile as the Aalis framework's
// `@aalis/plugin-tool-search`. The hook shapes follow Aalis' own packages:
//   ctx.middleware('agent:llm:before', async (data, next) => …)  data: {messages, tools, sessionId?, …}
//   ctx.middleware('memory:clear', async (data, next) => …)      data: {scope: 'session'|'all', sessionId?, types?, results, rollbacks}
//   tool handler (args, callCtx) => Promise<string>               callCtx: {sessionId, enabledGroups?, …}
// Every decision (threshold, direct and discovered tools, search, paging) is the core's.

/** The bridge tool's name. */
export const SEARCH_TOOL = 'search_tools';
/** The session of calls that name none (the core's default, see the README's API). */
const DEFAULT_SESSION = 'default';
/** The plugin's package name, used as its id and as the `memory:clear` result source. */
export const PLUGIN_NAME = '@aalis/plugin-tool-search';

// What the tool registry holds for `search_tools`. The model never sees it: every active turn
// replaces it with the core's definition (catalog names, paging) and passthrough turns drop it.
const REGISTERED_DEFINITION = Object.freeze({
  type: 'function',
  function: {
    name: SEARCH_TOOL,
    description: 'Find tools by keyword and load their full definitions.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number' }, offset: { type: 'number' } },
      required: ['query'],
    },
  },
});

/**
 * The three Aalis handlers around one ToolSearch (created with `profile: 'aalis'`).
 *
 * @example
 * const layer = createAalisToolSearch(new ToolSearch({ profile: 'aalis', maxDirectTools: 5 }), { logger });
 * ctx.middleware('agent:llm:before', layer.llmBefore);
 * ctx.middleware('memory:clear', layer.memoryClear);
 * tools.register(layer.searchTool);
 */
export function createAalisToolSearch(toolSearch, { logger, source = PLUGIN_NAME } = {}) {
  if (!toolSearch || typeof toolSearch.assemble !== 'function') {
    throw new TypeError('createAalisToolSearch needs a ToolSearch instance (new ToolSearch({ profile: "aalis" }))');
  }
  if (!toolSearch.isBridge(SEARCH_TOOL)) {
    throw new TypeError(`createAalisToolSearch needs a ToolSearch on the aalis profile (its bridge is ${SEARCH_TOOL}): new ToolSearch({ profile: "aalis" })`);
  }
  // Clamped options are reported once here, not on every turn's warnings.
  const configWarnings = new Set(toolSearch.warnings);
  for (const warning of configWarnings) logger?.warn?.(warning);

  /** `agent:llm:before`: replaces `data.tools` with this turn's model-visible tools. */
  async function llmBefore(data, next) {
    const turn = toolSearch.assemble(data.tools, { sessionId: data.sessionId, messages: data.messages });
    data.tools = turn.tools;
    for (const warning of turn.warnings) if (!configWarnings.has(warning)) logger?.warn?.(warning);
    logger?.debug?.(`tool-search: ${turn.tools.length} tools visible, ${turn.deferred} behind ${SEARCH_TOOL}`);
    if (next) await next();
  }

  /**
   * `memory:clear`: forgets one session's discovered tools, or every session's for
   * `scope: 'all'`. The sessions keep their tool lists, so `search_tools` still answers before
   * the next turn. Without a `sessionId` the session is the one `llmBefore` uses for such data
   * (the core's `"default"`).
   */
  async function memoryClear(data, next) {
    const wanted = !Array.isArray(data?.types) || data.types.length === 0 || data.types.includes(source);
    if (wanted) {
      const all = data?.scope === 'all';
      toolSearch.clear(all ? undefined : data?.sessionId ?? DEFAULT_SESSION, { discoveredOnly: true });
      data?.results?.push?.({ source, success: true, message: all ? 'discovered tools cleared for every session' : 'discovered tools cleared' });
    }
    if (next) await next();
  }

  /** The `search_tools` registration: `{definition, handler}`; the handler returns the model-facing JSON. */
  const searchTool = {
    definition: REGISTERED_DEFINITION,
    async handler(args, callCtx = {}) {
      const out = toolSearch.handle(SEARCH_TOOL, args ?? {}, {
        sessionId: callCtx.sessionId,
        enabledGroups: callCtx.enabledGroups,
      });
      return out.content;
    },
  };

  /**
   * Registers the handlers on an Aalis plugin context: the two middlewares, and `search_tools`
   * through the `tools` service (`ctx.whenService`) or the older `ctx.registerTool`.
   * Returns a function that unregisters what the context gave disposers for.
   */
  function apply(ctx) {
    const disposers = [
      ctx.middleware('agent:llm:before', llmBefore),
      ctx.middleware('memory:clear', memoryClear),
    ];
    if (typeof ctx.whenService === 'function') {
      disposers.push(ctx.whenService('tools', (tools) => tools.register(searchTool, ctx.id ?? PLUGIN_NAME)));
    } else if (typeof ctx.registerTool === 'function') {
      disposers.push(ctx.registerTool(searchTool));
    } else {
      throw new TypeError('the Aalis context has neither whenService() nor registerTool(): cannot register search_tools');
    }
    return () => {
      for (const dispose of disposers) if (typeof dispose === 'function') dispose();
    };
  }

  return { toolSearch, llmBefore, memoryClear, searchTool, apply };
}

/**
 * A drop-in Aalis plugin module (`name`, `apply(ctx, config)`) built on the given `ToolSearch`
 * class; the plugin config is the aalis profile's options.
 *
 * @example
 * import { ToolSearch } from 'tool-search';
 * import { createAalisPlugin } from 'tool-search/aalis';
 * export const { name, displayName, subsystem, defaultConfig, apply } = createAalisPlugin(ToolSearch);
 */
export function createAalisPlugin(ToolSearch) {
  return {
    name: PLUGIN_NAME,
    displayName: '搜索工具', // the plugin's own, as its declaration has it
    subsystem: 'tools',
    defaultConfig: {
      enabled: true, showToolNames: true, maxDirectTools: 5, maxSearchResults: 5, alwaysDirectTools: [], maxDiscoveredKeep: 20,
    },
    apply(ctx, config = {}) {
      const logger = ctx.logger?.child?.('tool-search') ?? ctx.logger;
      // The options are validated (and clamped with warnings) even when the layer is off.
      const toolSearch = new ToolSearch({ ...config, profile: 'aalis' });
      if (config.enabled === false) {
        logger?.info?.('tool-search: disabled; every tool goes to the model unchanged');
        return () => toolSearch.free();
      }
      const dispose = createAalisToolSearch(toolSearch, { logger }).apply(ctx);
      return () => {
        dispose();
        toolSearch.free();
      };
    },
  };
}
