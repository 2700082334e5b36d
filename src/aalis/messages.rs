//! Which tools a message history shows the model has found: the tools listed in
//! `search_tools` results and the tools it called *and* got an answer for.
//!
//! Four shapes are read, mixed freely in one history:
//! - Aalis: `{role, content, toolCalls:[{id, function:{name, arguments}}]}` and
//!   `{role:"tool", toolCallId, content}`;
//! - OpenAI chat: `tool_calls` / `{role:"tool", tool_call_id, content}`;
//! - Anthropic content blocks: `{type:"tool_use", id, name, input}` /
//!   `{type:"tool_result", tool_use_id, content}`;
//! - OpenAI Responses items: `{type:"function_call", call_id, name, arguments}` /
//!   `{type:"function_call_output", call_id, output}`.
//!
//! The Vercel AI SDK's `tool-call` / `tool-result` parts are read as well. Anything
//! malformed is skipped. Work is bounded: see [`MAX_ITEMS`], [`MAX_PARTS`],
//! [`MAX_RESULT_BYTES`], [`MAX_NAMES_PER_RESULT`]; the nesting read is at most message →
//! content block → text part.

use std::borrow::Cow;

use serde_json::Value;

use crate::search::hash::{hash_str, FxMap};
use crate::tool::MAX_NAME_BYTES;

/// Messages, tool calls and content blocks read per history, counted from the most recent
/// backwards, so a huge history costs a bounded amount and its newest evidence is kept.
pub const MAX_ITEMS: usize = 100_000;
/// Tool calls, and content blocks, read per message (the first ones).
pub const MAX_PARTS: usize = 1_000;
/// A `search_tools` result longer than this (in bytes of text) is not parsed.
pub const MAX_RESULT_BYTES: usize = 1 << 20;
/// Tool names read from one `search_tools` result.
pub const MAX_NAMES_PER_RESULT: usize = 1_000;

/// The tool names the history gives evidence for, oldest evidence first (a name may repeat:
/// each repeat is a later use), each with a key for the answer it came from (its call id and
/// the name), by which a registry finds the evidence it read at an earlier turn. `bridge` is
/// the search tool's name: its answered calls contribute the names in their results, never
/// the bridge's own name.
pub fn evidence(messages: &Value, bridge: &str) -> Vec<(u64, String)> {
    let Some(list) = messages.as_array() else {
        return Vec::new();
    };
    let mut scan = Scan::default();
    for message in newest_within_budget(list) {
        scan.message(message);
    }
    let mut out = Vec::new();
    for (id, content) in scan.answers {
        let Some(name) = scan.calls.get(id) else {
            continue; // a result without its call: nothing says which tool answered
        };
        let answer = hash_str(id).rotate_left(29);
        let key = |name: &str| answer ^ hash_str(name);
        if *name == bridge {
            // A result lists its best hit first; record it last, so that within one page
            // the best hit counts as the most recently used and is evicted last.
            for found in content
                .map(result_names)
                .unwrap_or_default()
                .into_iter()
                .rev()
            {
                if found != bridge {
                    out.push((key(&found), found));
                }
            }
        } else {
            out.push((key(name), (*name).to_string()));
        }
    }
    out
}

/// The tail of `list` whose items fit in [`MAX_ITEMS`].
fn newest_within_budget(list: &[Value]) -> &[Value] {
    let mut budget = MAX_ITEMS;
    let mut start = list.len();
    for message in list.iter().rev() {
        let cost = 1
            + parts(message, "toolCalls").len()
            + parts(message, "tool_calls").len()
            + parts(message, "content").len();
        if cost > budget {
            break;
        }
        budget -= cost;
        start -= 1;
    }
    list.get(start..).unwrap_or_default()
}

/// The first [`MAX_PARTS`] items of the array at `key`, or nothing.
fn parts<'v>(message: &'v Value, key: &str) -> &'v [Value] {
    let items = message
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    items.get(..MAX_PARTS).unwrap_or(items)
}

#[derive(Default)]
struct Scan<'v> {
    /// Call id → tool name (the first call with an id wins).
    calls: FxMap<&'v str, &'v str>,
    /// Results in history order: call id and content.
    answers: Vec<(&'v str, Option<&'v Value>)>,
}

impl<'v> Scan<'v> {
    fn message(&mut self, message: &'v Value) {
        self.item(message);
        for call in parts(message, "toolCalls")
            .iter()
            .chain(parts(message, "tool_calls"))
        {
            let name = call
                .get("function")
                .and_then(|f| f.get("name"))
                .or_else(|| call.get("name"));
            self.call(call.get("id"), name);
        }
        let role = message.get("role").and_then(Value::as_str);
        if role == Some("tool") {
            let id = message
                .get("toolCallId")
                .or_else(|| message.get("tool_call_id"));
            self.answer(id, message.get("content"));
        }
        for block in parts(message, "content") {
            self.item(block);
        }
    }

    /// A typed item: a Responses item at the top level or a content block inside a message.
    fn item(&mut self, item: &'v Value) {
        match item.get("type").and_then(Value::as_str) {
            Some("function_call") => self.call(item.get("call_id"), item.get("name")),
            Some("function_call_output") => self.answer(item.get("call_id"), item.get("output")),
            Some("tool_use") => self.call(item.get("id"), item.get("name")),
            Some("tool_result") => self.answer(item.get("tool_use_id"), item.get("content")),
            Some("tool-call") => self.call(item.get("toolCallId"), item.get("toolName")),
            Some("tool-result") => {
                let content = item.get("output").or_else(|| item.get("result"));
                self.answer(item.get("toolCallId"), content);
            }
            _ => {}
        }
    }

    fn call(&mut self, id: Option<&'v Value>, name: Option<&'v Value>) {
        let (Some(id), Some(name)) = (non_empty(id), non_empty(name)) else {
            return;
        };
        if name.len() <= MAX_NAME_BYTES {
            self.calls.entry(id).or_insert(name);
        }
    }

    fn answer(&mut self, id: Option<&'v Value>, content: Option<&'v Value>) {
        if let Some(id) = non_empty(id) {
            self.answers.push((id, content));
        }
    }
}

fn non_empty(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// The tool names in one `search_tools` result: `{tools:[{name}, …]}` as an object, a JSON
/// string, an array of text parts, or wrapped as `{type, value}` (Vercel AI SDK output).
pub fn result_names(content: &Value) -> Vec<String> {
    let parsed;
    let body = match content {
        Value::Object(obj) if obj.contains_key("tools") => content,
        Value::Object(obj) => match obj.get("value").or_else(|| obj.get("text")) {
            Some(inner @ Value::Object(_)) => inner,
            Some(inner) => match parse(inner) {
                Some(v) => {
                    parsed = v;
                    &parsed
                }
                None => return Vec::new(),
            },
            None => return Vec::new(),
        },
        other => match parse(other) {
            Some(v) => {
                parsed = v;
                &parsed
            }
            None => return Vec::new(),
        },
    };
    let tools = body
        .get("tools")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    tools
        .iter()
        .take(MAX_NAMES_PER_RESULT)
        .filter_map(|t| t.get("name").unwrap_or(t).as_str())
        .filter(|n| !n.is_empty() && n.len() <= MAX_NAME_BYTES)
        .map(str::to_string)
        .collect()
}

/// Parses the text of a string or of an array of text parts, when small enough.
fn parse(content: &Value) -> Option<Value> {
    let text = text_of(content)?;
    if text.len() > MAX_RESULT_BYTES {
        return None;
    }
    crate::surrogates::parse(&text).ok()
}

fn text_of(content: &Value) -> Option<Cow<'_, str>> {
    match content {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Array(items) => {
            let mut text = String::new();
            for part in items.iter().take(MAX_PARTS) {
                let piece = part
                    .as_str()
                    .or_else(|| part.get("text").and_then(Value::as_str));
                if let Some(piece) = piece {
                    if text.len() + piece.len() > MAX_RESULT_BYTES {
                        return None;
                    }
                    text.push_str(piece);
                }
            }
            Some(Cow::Owned(text))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const B: &str = "search_tools";

    /// The names of the history's evidence, in order.
    fn names(history: &Value) -> Vec<String> {
        evidence(history, B)
            .into_iter()
            .map(|(_, name)| name)
            .collect()
    }

    fn search_result(names: &[&str]) -> String {
        let tools: Vec<Value> = names.iter().map(|n| json!({"name": n})).collect();
        json!({"found": "1/1", "tools": tools, "hint": "h"}).to_string()
    }

    #[test]
    fn aalis_messages_give_search_results_and_answered_calls() {
        let history = json!([
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "", "toolCalls": [
                {"id": "c1", "function": {"name": "search_tools", "arguments": "{\"query\":\"issue\"}"}}]},
            {"role": "tool", "toolCallId": "c1", "content": search_result(&["create_issue", "list_issues"])},
            {"role": "assistant", "content": "", "toolCalls": [
                {"id": "c2", "function": {"name": "send_mail", "arguments": "{}"}}]},
            {"role": "tool", "toolCallId": "c2", "content": "sent"},
        ]);
        assert_eq!(
            names(&history),
            vec!["list_issues", "create_issue", "send_mail"],
            "a result's best hit is recorded last within its page"
        );
    }

    #[test]
    fn openai_chat_messages_are_read() {
        let history = json!([
            {"role": "assistant", "content": null, "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "search_tools", "arguments": "{}"}},
                {"id": "b", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "a", "content": [{"type": "text", "text": search_result(&["x"])}]},
            {"role": "tool", "tool_call_id": "b", "content": "sunny"},
        ]);
        assert_eq!(names(&history), vec!["x", "get_weather"]);
    }

    #[test]
    fn anthropic_content_blocks_are_read() {
        let history = json!([
            {"role": "assistant", "content": [
                {"type": "text", "text": "let me look"},
                {"type": "tool_use", "id": "t1", "name": "search_tools", "input": {"query": "db"}},
                {"type": "tool_use", "id": "t2", "name": "run_sql", "input": {}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "t2", "content": "3 rows"},
                {"type": "tool_result", "tool_use_id": "t1",
                 "content": [{"type": "text", "text": search_result(&["run_sql", "dump_db"])}]}]},
        ]);
        assert_eq!(names(&history), vec!["run_sql", "dump_db", "run_sql"]);
    }

    #[test]
    fn responses_items_are_read() {
        let history = json!([
            {"role": "user", "content": "go"},
            {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "search_tools", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": search_result(&["deploy"])},
            {"type": "function_call", "call_id": "call_2", "name": "deploy", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_2", "output": "ok"},
        ]);
        assert_eq!(names(&history), vec!["deploy", "deploy"]);
    }

    #[test]
    fn a_call_without_a_result_is_not_evidence() {
        let history = json!([
            {"role": "assistant", "toolCalls": [{"id": "c1", "function": {"name": "send_mail"}}]},
            {"role": "tool", "toolCallId": "other", "content": "orphan result"},
        ]);
        assert!(names(&history).is_empty());
    }

    #[test]
    fn malformed_entries_are_skipped() {
        let history = json!([
            null, 3, "text", [], {"toolCalls": "nope"}, {"tool_calls": [null, {"id": 5}]},
            {"role": "tool", "toolCallId": 7, "content": "x"},
            {"role": "assistant", "toolCalls": [{"id": "c", "function": {"name": "search_tools"}}]},
            {"role": "tool", "toolCallId": "c", "content": "{not json"},
            {"role": "assistant", "toolCalls": [{"id": "d", "function": {"name": "search_tools"}}]},
            {"role": "tool", "toolCallId": "d", "content": "{\"tools\": [1, {\"name\": 2}, \"bare\", {\"name\": \"ok\"}]}"},
        ]);
        assert_eq!(names(&history), vec!["ok", "bare"]);
        assert!(names(&json!({"not": "an array"})).is_empty());
    }

    #[test]
    fn the_bridge_itself_is_never_evidence() {
        let history = json!([
            {"role": "assistant", "toolCalls": [{"id": "c", "function": {"name": "search_tools"}}]},
            {"role": "tool", "toolCallId": "c", "content": search_result(&["search_tools", "a"])},
        ]);
        assert_eq!(names(&history), vec!["a"]);
    }

    #[test]
    fn a_huge_history_keeps_its_newest_evidence() {
        let mut list = vec![json!({"role": "user", "content": "x"}); MAX_ITEMS + 10];
        list.push(json!({"type": "function_call", "call_id": "z", "name": "late"}));
        list.push(json!({"type": "function_call_output", "call_id": "z", "output": "ok"}));
        assert_eq!(names(&Value::Array(list)), vec!["late"]);
    }

    fn any_json() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            prop::sample::select(vec![
                "tool",
                "search_tools",
                "function_call",
                "function_call_output",
                "tool_use",
                "tool_result",
                "a",
                "{\"tools\":[{\"name\":\"x\"}]}",
            ])
            .prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 64, 6, |inner| {
            let keys = prop::sample::select(vec![
                "role",
                "type",
                "id",
                "call_id",
                "tool_use_id",
                "toolCallId",
                "tool_call_id",
                "name",
                "function",
                "toolCalls",
                "tool_calls",
                "content",
                "output",
                "tools",
            ]);
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((keys, inner), 0..6).prop_map(|kv| Value::Object(
                    kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                )),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_histories_never_panic_and_never_name_the_bridge(history in any_json()) {
            let found = names(&history);
            proptest::prop_assert!(found.iter().all(|n| n != B && !n.is_empty()));
        }
    }

    #[test]
    fn result_names_accept_objects_and_wrapped_values() {
        assert_eq!(result_names(&json!({"tools": [{"name": "a"}]})), vec!["a"]);
        assert_eq!(
            result_names(&json!({"type": "json", "value": {"tools": [{"name": "b"}]}})),
            vec!["b"]
        );
        assert_eq!(
            result_names(&json!({"type": "text", "value": "{\"tools\":[{\"name\":\"c\"}]}"})),
            vec!["c"]
        );
        assert!(result_names(&json!(42)).is_empty());
    }
}
