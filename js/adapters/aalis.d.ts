// tool-search/aalis: a ToolSearch (profile "aalis") as the Aalis framework's plugin-tool-search.
import type { AalisOptions, OpenAIChatTool, ToolSearch } from '../index.js';

export declare const SEARCH_TOOL: 'search_tools';
export declare const PLUGIN_NAME: '@aalis/plugin-tool-search';

/** The logger calls the adapter makes (Aalis' `ctx.logger.child(...)` fits). */
export interface AalisLogger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
}

/** `agent:llm:before` data (from `@aalis/plugin-agent-api`). */
export interface AalisLlmBeforeData {
  messages: unknown[];
  tools: OpenAIChatTool[];
  sessionId?: string;
  userId?: string;
  platform?: string;
  [extra: string]: unknown;
}

/** `memory:clear` data (from `@aalis/plugin-memory-api`). */
export interface AalisMemoryClearData {
  scope: 'session' | 'all';
  types?: string[];
  sessionId?: string;
  results?: Array<{ source: string; success: boolean; message: string }>;
  [extra: string]: unknown;
}

/** A tool call's context (from `@aalis/plugin-tools-api`). */
export interface AalisToolCallContext {
  sessionId: string;
  userId?: string;
  platform?: string;
  enabledGroups?: string[];
}

/** The `search_tools` registration: `{definition, handler}`. */
export interface AalisRegisteredTool {
  definition: OpenAIChatTool;
  handler(args: Record<string, unknown>, callCtx: AalisToolCallContext): Promise<string>;
}

/** The part of an Aalis plugin `Context` that `apply()` uses. */
export interface AalisContextLike {
  id?: string;
  logger?: AalisLogger & { child?(name: string): AalisLogger };
  middleware(hook: string, handler: (data: any, next: () => Promise<void>) => Promise<void>, priority?: number): unknown;
  whenService?(name: 'tools', callback: (tools: { register(tool: AalisRegisteredTool, pluginName: string): unknown }) => unknown): unknown;
  registerTool?(tool: AalisRegisteredTool): unknown;
}

export interface AalisToolSearch {
  readonly toolSearch: ToolSearch;
  /** `agent:llm:before`: replaces `data.tools` with the turn's assembled tools, then calls `next`. */
  llmBefore(data: AalisLlmBeforeData, next?: () => Promise<void>): Promise<void>;
  /** `memory:clear`: forgets one session's discovered tools (or every session's for `scope: "all"`), keeping their tool lists; reports in `data.results`, then calls `next`. */
  memoryClear(data: AalisMemoryClearData, next?: () => Promise<void>): Promise<void>;
  /** Register with the tools service. */
  readonly searchTool: AalisRegisteredTool;
  /** Registers the middlewares and `search_tools` on a plugin context; returns an unregister function. */
  apply(ctx: AalisContextLike): () => void;
}

/**
 * The Aalis handlers around one ToolSearch created with `profile: "aalis"`.
 *
 * @example
 * const layer = createAalisToolSearch(new ToolSearch({ profile: 'aalis' }), { logger: ctx.logger });
 * layer.apply(ctx);
 */
export declare function createAalisToolSearch(
  toolSearch: ToolSearch,
  options?: { logger?: AalisLogger; source?: string },
): AalisToolSearch;

/** Aalis plugin config: the aalis profile's options without `profile`. */
export type AalisPluginConfig = Omit<AalisOptions, 'profile'>;

/**
 * A drop-in Aalis plugin module built on the given `ToolSearch` class.
 *
 * @example
 * export const { name, apply } = createAalisPlugin(ToolSearch);
 */
export declare function createAalisPlugin(ToolSearchClass: new (options: AalisOptions) => ToolSearch): {
  name: '@aalis/plugin-tool-search';
  displayName: string;
  subsystem: 'tools';
  defaultConfig: Required<Pick<AalisPluginConfig, 'enabled' | 'showToolNames' | 'maxDirectTools' | 'maxSearchResults' | 'alwaysDirectTools' | 'maxDiscoveredKeep'>>;
  apply(ctx: AalisContextLike, config?: AalisPluginConfig): () => void;
};
