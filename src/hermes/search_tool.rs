//! What `tool_search` answers: ranked deferred tools per query (hermes: several queries with a
//! shared record map; vibeos: one query, full records inline).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::engine::Prepared;
use crate::json::{self, error};
use crate::tool::Tool;

use super::args;
use super::config::Config;
use super::defer::{group_label, source_kind, source_name};
use super::messages::{
    query_too_long, too_many_queries, EMPTY_GROUP_HINT, QUERIES_EMPTY, QUERIES_NOT_ARRAY,
    QUERY_REQUIRED,
};

/// Most queries in one `tool_search` call (Hermes V3's cap: its gateway fails at 8; V2 had 10).
pub const MAX_QUERIES: usize = 7;
/// Longest query, in characters. Hermes has no such cap; a 1 MB "query" is a model or host
/// bug, and answering it costs a full analysis pass per call.
pub const MAX_QUERY_CHARS: usize = 1000;
/// Description clip in the hermes `tools` map (V3: 500 characters, `…` appended when cut).
pub const DESCRIPTION_CHARS: usize = 500;
/// Description clip in vibeos matches (V1: a hard slice at 400 characters).
pub const DESCRIPTION_CHARS_V1: usize = 400;
/// At most this many `required` names per record, each clipped to [`REQUIRED_NAME_CHARS`].
pub const REQUIRED_ITEMS: usize = 32;
/// Longest `required` name in a record.
pub const REQUIRED_NAME_CHARS: usize = 64;

/// The deferred tools a query ranks, best first (at most `limit`).
fn ranked<'p>(prepared: &'p Prepared, query: &str, limit: usize) -> Vec<&'p Tool> {
    prepared
        .hits(query, limit, false)
        .into_iter()
        .filter_map(|(pos, _)| prepared.catalog.tools().get(pos))
        .take(limit)
        .collect()
}

/// Hermes V2/V3 `tool_search(queries, limit?)`. `query` is accepted when `queries` is absent
/// (a V1 habit of models), which Hermes would reject.
pub fn search(prepared: &Prepared, config: &Config, call: &Map<String, Value>) -> Value {
    let raw = call
        .get("queries")
        .filter(|v| !v.is_null())
        .or_else(|| call.get("query").filter(|v| !v.is_null()));
    let Some(queries) = args::string_list(raw, false) else {
        return error(QUERIES_NOT_ARRAY);
    };
    if queries.is_empty() {
        return error(QUERIES_EMPTY);
    }
    if queries.len() > MAX_QUERIES {
        return error(too_many_queries(queries.len(), MAX_QUERIES));
    }
    for (i, query) in queries.iter().enumerate() {
        let chars = query.chars().count();
        if chars > MAX_QUERY_CHARS {
            return error(query_too_long(i + 1, chars, MAX_QUERY_CHARS));
        }
    }
    let limit = args::limit(
        call.get("limit"),
        config.search_default_limit,
        config.max_search_limit,
    );
    let total = prepared.searchable.len();
    let mut results = Vec::with_capacity(queries.len());
    let mut tools = Map::new();
    let mut sources: Option<Value> = None;
    for query in &queries {
        let hits = ranked(prepared, query, limit);
        for tool in &hits {
            // The first query that hits a tool writes its record (Hermes' `setdefault`).
            if !tools.contains_key(&tool.name) {
                tools.insert(tool.name.clone(), record(tool));
            }
        }
        let names: Vec<&str> = hits.iter().map(|t| t.name.as_str()).collect();
        let empty = names.is_empty();
        let mut group = json::object(vec![
            ("query", query.as_str().into()),
            ("matches", names.into()),
        ]);
        if empty && total > 0 {
            if let Value::Object(group) = &mut group {
                let summary = sources.get_or_insert_with(|| available_sources(prepared));
                group.insert("available_sources".into(), summary.clone());
                group.insert("hint".into(), Value::from(EMPTY_GROUP_HINT));
            }
        }
        results.push(group);
    }
    json::object(vec![
        ("queries", queries.into()),
        ("total_available", total.into()),
        ("results", results.into()),
        ("tools", Value::Object(tools)),
    ])
}

/// VibeOS (Hermes V1) `tool_search(query, limit?)`.
pub fn search_v1(prepared: &Prepared, config: &Config, call: &Map<String, Value>) -> Value {
    let query = args::text(call.get("query"));
    if query.is_empty() {
        return error(QUERY_REQUIRED);
    }
    let chars = query.chars().count();
    if chars > MAX_QUERY_CHARS {
        return error(query_too_long(1, chars, MAX_QUERY_CHARS));
    }
    let limit = args::limit(
        call.get("limit"),
        config.search_default_limit,
        config.max_search_limit,
    );
    let matches: Vec<Value> = ranked(prepared, &query, limit)
        .into_iter()
        .map(|tool| {
            json::object(vec![
                ("name", tool.name.as_str().into()),
                ("source", source_kind(tool).into()),
                ("source_name", source_name(tool).into()),
                (
                    "description",
                    Value::String(
                        tool.description
                            .chars()
                            .take(DESCRIPTION_CHARS_V1)
                            .collect(),
                    ),
                ),
            ])
        })
        .collect();
    json::object(vec![
        ("query", query.into()),
        ("total_available", prepared.searchable.len().into()),
        ("matches", matches.into()),
    ])
}

/// One entry of the shared `tools` map.
fn record(tool: &Tool) -> Value {
    let required: Vec<String> = tool
        .required()
        .iter()
        .map(|r| r.chars().take(REQUIRED_NAME_CHARS).collect())
        .take(REQUIRED_ITEMS)
        .collect();
    json::object(vec![
        ("source", source_kind(tool).into()),
        ("source_name", source_name(tool).into()),
        (
            "description",
            clip(&tool.description, DESCRIPTION_CHARS).into(),
        ),
        ("required", required.into()),
    ])
}

/// `text` cut at `max` characters with `…` appended when cut.
pub fn clip(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// `[{name, tool_count}]` of the deferred tools' groups, sorted by name.
fn available_sources(prepared: &Prepared) -> Value {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for tool in prepared.searched() {
        *counts.entry(group_label(tool)).or_default() += 1;
    }
    Value::Array(
        counts
            .into_iter()
            .map(|(name, n)| json::object(vec![("name", name.into()), ("tool_count", n.into())]))
            .collect(),
    )
}
