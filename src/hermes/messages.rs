//! What the model reads: every fixed sentence of the bridge schemas and replies, in one place.
//!
//! The wording is Hermes' own (V2 for the `hermes` profile, V1 for `vibeos`) so a host that
//! switches to this library does not change what its model sees. Functions build the few
//! sentences that carry a name or a number.

use std::borrow::Cow;

use crate::tool::MAX_NAME_BYTES;

/// The search bridge tool.
pub const TOOL_SEARCH: &str = "tool_search";
/// The schema-loading bridge tool.
pub const TOOL_DESCRIBE: &str = "tool_describe";
/// The invoking bridge tool.
pub const TOOL_CALL: &str = "tool_call";
/// The three reserved bridge names, in the order they are emitted.
pub const BRIDGE_NAMES: &[&str] = &[TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL];

/// `tool_search` description (hermes, V2), before any listing.
pub fn search_description_v2(deferred: usize) -> String {
    format!(
        "Search {deferred} additional tools that are loaded on demand. \
         Takes a list of queries searched in parallel against the same \
         catalog; send one query per distinct capability you need. Returns \
         matching tool names grouped per query plus a shared map with each \
         tool's description. Follow with `tool_describe` to load full parameter schemas, \
         then `tool_call` to invoke. Tools listed at the top of this \
         system prompt are already available and do not need to be searched."
    )
}

/// `tool_search` description (vibeos, V1).
pub fn search_description_v1(deferred: usize) -> String {
    format!(
        "Search {deferred} additional tools that are loaded on demand. \
         Returns up to ``limit`` matches with name and description. Follow \
         with `tool_describe` to load a tool's full parameter schema, \
         then `tool_call` to invoke it. Tools listed at the top of this \
         system prompt are already available and do not need to be searched."
    )
}

/// Framing before a listing in which every server is summarised (form `groups`).
pub const FRAMING_GROUPS: &str = "The servers below are connected and their tools ARE available \
     through this bridge. For any request in these domains, search \
     here FIRST — do not claim the capability is unavailable and do \
     not substitute a generic tool (terminal/browser) without \
     searching.";

/// Framing before a per-tool listing (forms `full`, `names`, `mixed`).
pub const FRAMING_TOOLS: &str = "Every deferred capability is listed below. If a tool name \
     appears here, do NOT claim it is unavailable — load it with \
     `tool_describe` (skip `tool_search` when you \
     already see the exact name).";

/// Added to [`FRAMING_TOOLS`] when some servers are summarised (form `mixed`).
pub const FRAMING_MIXED: &str = " For servers marked 'names not listed', the tools exist \
     too — find them with `tool_search` before \
     concluding anything is missing.";

/// `queries` parameter description (hermes, V2).
pub const QUERIES_PARAM_V2: &str =
    "Search queries, each a few keywords describing one capability (e.g. ['create github issue', \
     'send slack message']). Searched in parallel; results come back grouped per query. A single \
     string is accepted and treated as one query.";

/// `limit` parameter description (hermes, V2). Hermes keeps this text fixed whatever the
/// configured values are ("25 by default" stays true), and so do we: the bytes are part of the
/// prompt-cache prefix.
pub const LIMIT_PARAM_V2: &str = "Maximum number of matches per query. Defaults to 5 and is \
     clamped to the configured maximum (25 by default).";

/// `query` parameter description (vibeos, V1).
pub const QUERY_PARAM_V1: &str =
    "Keywords describing the capability you need (e.g. 'create github issue').";
/// `limit` parameter description (vibeos, V1).
pub const LIMIT_PARAM_V1: &str = "Maximum number of results to return. Default 5.";

/// `tool_describe` description (hermes, V2).
pub const DESCRIBE_DESCRIPTION_V2: &str =
    "Load the full JSON schemas for tools returned by `tool_search`. \
     Required before `tool_call` if a tool's parameters are unknown. \
     Batch every schema you need into one call.";
/// `names` parameter description (hermes, V2).
pub const NAMES_PARAM_V2: &str = "Exact tool names (as returned by tool_search). A single string \
     is accepted and treated as one name.";
/// `tool_describe` description (vibeos, V1).
pub const DESCRIBE_DESCRIPTION_V1: &str =
    "Load the full JSON schema for one tool returned by `tool_search`. \
     Required before `tool_call` if the tool's parameters are unknown.";
/// `name` parameter description (vibeos, V1).
pub const NAME_PARAM_V1: &str = "Exact tool name (as returned by tool_search).";

/// `tool_call` description (both profiles).
pub const CALL_DESCRIPTION: &str =
    "Invoke a deferred tool by name with the given arguments. Argument shape \
     matches the tool's schema (see `tool_describe`). Policy, hooks, \
     and approvals run exactly as for any directly-listed tool.";
/// `tool_call.name` parameter description.
pub const CALL_NAME_PARAM: &str = "Exact tool name to invoke.";
/// `tool_call.arguments` parameter description.
pub const CALL_ARGUMENTS_PARAM: &str = "Arguments for the tool, matching its schema.";

/// Listing header line.
pub const LISTING_HEADER: &str =
    "Deferred tool catalog (call schemas via `tool_describe`, invoke via `tool_call`):";

/// Hint on a query group that matched nothing.
pub const EMPTY_GROUP_HINT: &str = "This query returned no lexical matches, but the sources above \
     are connected and their tools remain available. Retry \
     tool_search with the service name plus a concrete action or \
     object before concluding the capability is unavailable.";

/// Hint that accompanies `not_found` in a `tool_describe` reply.
pub const NOT_FOUND_HINT: &str =
    "Names in not_found are not currently available. Re-run tool_search to refresh.";

/// Hint on an argument-validation error.
pub const VALIDATION_HINT: &str =
    "Retry tool_call with 'arguments' matching the parameters schema above.";

/// `tool_search` errors (hermes).
pub const QUERIES_NOT_ARRAY: &str = "queries is required and must be an array of strings";
/// `tool_search` with only blank queries (hermes).
pub const QUERIES_EMPTY: &str =
    "queries is required and must contain at least one non-empty string";
/// `tool_search` over the per-call cap (hermes).
pub fn too_many_queries(n: usize, cap: usize) -> String {
    format!("too many queries: {n} > max {cap}. Retry with fewer, more targeted queries.")
}
/// One query over the length cap (ours; Hermes has no such cap).
pub fn query_too_long(index: usize, chars: usize, cap: usize) -> String {
    format!(
        "query {index} is too long: {chars} characters > max {cap}. Retry with a few keywords \
         per capability."
    )
}
/// `tool_search` without a query (vibeos).
pub const QUERY_REQUIRED: &str = "query is required";

/// `tool_describe` errors (hermes).
pub const NAMES_NOT_ARRAY: &str = "names is required and must be an array of strings";
/// `tool_describe` with only blank names (hermes).
pub const NAMES_EMPTY: &str = "names is required and must contain at least one non-empty string";
/// `tool_describe` over the per-call cap (hermes).
pub fn too_many_names(n: usize, cap: usize) -> String {
    format!("too many names: {n} > max {cap}. Retry with fewer names per call.")
}
/// `tool_describe` without a name (vibeos).
pub const NAME_REQUIRED: &str = "name is required";
/// `tool_describe` of a directly-listed tool.
pub fn describe_not_deferrable(name: &str) -> String {
    format!(
        "'{name}' is not a deferrable tool. If you see it in the tools list \
         already, call it directly; otherwise check the spelling against tool_search."
    )
}
/// `tool_describe` of an unknown name (vibeos).
pub fn describe_not_available(name: &str) -> String {
    let name = shown(name);
    format!("'{name}' is not currently available. Re-run tool_search to refresh.")
}

/// An unknown name as a reply echoes it: whole up to [`MAX_NAME_BYTES`] (the longest name a
/// tool can have, so every real name and typo of one), clipped with `…` beyond, so that a
/// megabyte the model sent as a name does not come back as a megabyte reply.
pub fn shown(name: &str) -> Cow<'_, str> {
    if name.len() <= MAX_NAME_BYTES {
        return Cow::Borrowed(name);
    }
    let mut end = MAX_NAME_BYTES;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}…", name.get(..end).unwrap_or_default()))
}

/// Bridge arguments that are not an object.
pub fn bridge_args_not_object(tool: &str) -> String {
    format!("{tool} arguments must be a JSON object")
}
/// `tool_call` without a name.
pub const CALL_NAME_REQUIRED: &str = "tool_call requires a 'name' argument";
/// `tool_call` naming a bridge tool.
pub fn call_recursion(name: &str) -> String {
    format!("tool_call cannot invoke '{name}' (it is itself a bridge tool)")
}
/// `tool_call` with an unparseable arguments string.
pub fn call_arguments_json(detail: &str) -> String {
    format!("tool_call 'arguments' is not valid JSON: {detail}")
}
/// `tool_call` with arguments that are not an object.
pub const CALL_ARGUMENTS_NOT_OBJECT: &str = "tool_call 'arguments' must be an object";
/// `tool_call` naming a tool the model already sees (Hermes V2/V1's wording).
pub fn call_directly_listed(name: &str) -> String {
    format!(
        "'{name}' is not a deferrable tool. If it appears in the model-facing tools list \
         already, call it directly instead of via tool_call."
    )
}
/// `tool_call` naming a tool outside this session's catalog.
pub fn call_not_available(name: &str) -> String {
    let name = shown(name);
    format!(
        "'{name}' is not available in this session. Use tool_search to find tools you can call."
    )
}
/// Suffix suggesting near names.
pub fn did_you_mean(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    format!(" Did you mean {}?", quoted.join(", "))
}
/// `tool_call` without `arguments` but with `key` beside `name` (flattened arguments).
pub fn call_arguments_flattened(tool: &str, key: &str) -> String {
    format!(
        "tool_call has no 'arguments', but '{}' was sent beside 'name'. The tool was NOT invoked: \
         put its arguments inside 'arguments', as {{\"name\": \"{}\", \"arguments\": {{…}}}}.",
        crate::error::preview(key),
        crate::error::preview(tool)
    )
}

/// Missing required arguments at the top level.
pub fn missing_required(tool: &str, missing: &[&str]) -> String {
    format!(
        "tool_call to '{tool}' is missing required argument(s): {}. The tool was NOT invoked.",
        missing.join(", ")
    )
}
/// Any other argument-validation failure.
pub fn validation_failed(tool: &str, path: &str, constraint: &str, detail: &str) -> String {
    format!(
        "tool_call to '{tool}' failed argument validation at {path} ({constraint}): {detail}. \
         The tool was NOT invoked."
    )
}
