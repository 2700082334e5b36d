//! The `aalis` profile end to end: `ToolSearch` + `prepare_json` + `assemble` + `handle`.

// clippy.toml allows these inside `#[test]` functions only; the shared helpers below are test
// code too, and a failing helper should fail the test loudly.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::{json, Value};
use tool_search::{
    AssembleContext, Assembly, CallContext, ErrorCode, Handled, ToolSearch, Visible,
};

const TOOLS: &str = include_str!("fixtures/aalis_tools.json");

fn layer(options: Value) -> ToolSearch {
    let mut options = options;
    options["profile"] = json!("aalis");
    ToolSearch::new(&options).unwrap()
}

fn fixture() -> Vec<Value> {
    serde_json::from_str(TOOLS).unwrap()
}

/// Assembles `tools` for `session` with `messages` and returns the visible names.
fn turn(
    ts: &mut ToolSearch,
    tools: &[Value],
    session: &str,
    messages: Value,
) -> (Vec<String>, Assembly) {
    let json = serde_json::to_string(tools).unwrap();
    let prepared = ts.prepare_json(&json).unwrap();
    let ctx = AssembleContext {
        session_id: session,
        messages: Some(&messages),
        ..AssembleContext::default()
    };
    let assembly = ts.assemble(prepared.clone(), &ctx).unwrap();
    let names = assembly
        .tools
        .iter()
        .map(|v| match v {
            Visible::Input(i) => prepared.catalog.tools()[*i].name.clone(),
            Visible::Bridge(b) => b["function"]["name"].as_str().unwrap().to_string(),
        })
        .collect();
    (names, assembly)
}

fn names_of(ts: &mut ToolSearch, tools: &[Value], session: &str, messages: Value) -> Vec<String> {
    turn(ts, tools, session, messages).0
}

fn search(ts: &mut ToolSearch, session: &str, args: Value, groups: Option<&[String]>) -> Value {
    let ctx = CallContext {
        session_id: session,
        enabled_groups: groups,
    };
    match ts.handle("search_tools", &args, &ctx).unwrap() {
        Some(Handled::Reply(v)) => v,
        other => panic!("unexpected {other:?}"),
    }
}

fn returned_names(reply: &Value) -> Vec<&str> {
    reply["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect()
}

fn search_result(names: &[&str]) -> String {
    let tools: Vec<Value> = names
        .iter()
        .map(|n| json!({"name": n, "description": "", "parameters": {}}))
        .collect();
    json!({"found": format!("{0}/{0}", names.len()), "tools": tools, "hint": "h"}).to_string()
}

/// An Aalis-shaped history: a search revealing `found`, then answered calls of `called`.
fn aalis_history(found: &[&str], called: &[&str]) -> Value {
    let mut messages = vec![
        json!({"role": "user", "content": "do things"}),
        json!({"role": "assistant", "content": "", "toolCalls": [
            {"id": "s1", "function": {"name": "search_tools", "arguments": "{\"query\":\"x\"}"}}]}),
        json!({"role": "tool", "toolCallId": "s1", "content": search_result(found)}),
    ];
    for (k, name) in called.iter().enumerate() {
        messages.push(json!({"role": "assistant", "content": "", "toolCalls": [
            {"id": format!("c{k}"), "function": {"name": name, "arguments": "{}"}}]}));
        messages.push(json!({"role": "tool", "toolCallId": format!("c{k}"), "content": "ok"}));
    }
    Value::Array(messages)
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn exactly_max_direct_tools_pass_through_and_one_more_activates_the_bridge() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    let (names, a) = turn(&mut ts, &tools[..5], "s", json!([]));
    assert!(!a.active);
    assert_eq!(a.tier, 0);
    assert_eq!(names.len(), 5);

    let (names, a) = turn(&mut ts, &tools[..6], "s", json!([]));
    assert!(a.active);
    assert_eq!(a.tier, 1);
    assert_eq!(names, strs(&["search_tools"]));
    assert_eq!(a.deferred, 6);
    assert!(a.deferred_tokens > 0);
}

#[test]
fn an_incoming_search_tools_is_stripped_and_not_counted() {
    let mut tools = fixture()[..5].to_vec();
    tools.push(
        json!({"type": "function", "function": {"name": "search_tools", "description": "old"}}),
    );
    let mut ts = layer(json!({}));
    let (names, a) = turn(&mut ts, &tools, "s", json!([]));
    assert!(!a.active);
    assert!(!names.contains(&"search_tools".to_string()));
    assert_eq!(names.len(), 5);

    let mut tools = fixture();
    tools.insert(
        0,
        json!({"type": "function", "function": {"name": "search_tools", "description": "old"}}),
    );
    let (names, a) = turn(&mut ts, &tools, "s", json!([]));
    assert!(a.active);
    assert_eq!(names, strs(&["search_tools"]));
    match &a.tools[0] {
        Visible::Bridge(b) => assert_ne!(b["function"]["description"], "old"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_disabled_layer_passes_every_tool_through() {
    let mut ts = layer(json!({"enabled": false}));
    let (names, a) = turn(&mut ts, &fixture(), "s", aalis_history(&["run_sql"], &[]));
    assert!(!a.active);
    assert_eq!(names.len(), 10);
}

#[test]
fn the_bridge_is_an_openai_function_listing_the_other_tool_names() {
    let mut ts = layer(json!({"alwaysDirectTools": ["web_search"]}));
    let (_, a) = turn(&mut ts, &fixture(), "s", json!([]));
    let Visible::Bridge(bridge) = &a.tools[0] else {
        panic!("bridge first")
    };
    assert_eq!(bridge["type"], "function");
    assert_eq!(bridge["function"]["name"], "search_tools");
    assert_eq!(
        bridge["function"]["parameters"]["required"],
        json!(["query"])
    );
    let description = bridge["function"]["description"].as_str().unwrap();
    assert!(
        description.contains("fetch_url, create_issue"),
        "{description}"
    );
    assert!(
        !description.contains("web_search"),
        "always-direct tools are not listed"
    );
    assert!(description.contains("never call"));
    assert_eq!(a.listing_form, Some("names"));

    let mut ts = layer(json!({"showToolNames": false}));
    let (_, a) = turn(&mut ts, &fixture(), "s", json!([]));
    let Visible::Bridge(bridge) = &a.tools[0] else {
        panic!("bridge first")
    };
    assert!(!bridge["function"]["description"]
        .as_str()
        .unwrap()
        .contains("fetch_url"));
    assert_eq!(a.listing_form, Some("none"));
}

#[test]
fn the_bridge_takes_the_format_of_the_first_tool() {
    let tools: Vec<Value> = (0..6)
        .map(|i| json!({"name": format!("t{i}"), "description": "d", "input_schema": {"type": "object"}}))
        .collect();
    let mut ts = layer(json!({}));
    let json = serde_json::to_string(&tools).unwrap();
    let prepared = ts.prepare_json(&json).unwrap();
    let a = ts
        .assemble(
            prepared,
            &AssembleContext {
                session_id: "s",
                ..Default::default()
            },
        )
        .unwrap();
    let Visible::Bridge(bridge) = &a.tools[0] else {
        panic!("bridge first")
    };
    assert_eq!(bridge["name"], "search_tools");
    assert!(bridge.get("input_schema").is_some());
}

#[test]
fn always_direct_tools_are_kept_and_a_missing_name_is_warned_about_once() {
    let mut ts = layer(json!({"alwaysDirectTools": ["get_weather", "nope", "web_search"]}));
    let (names, a) = turn(&mut ts, &fixture(), "s", json!([]));
    assert_eq!(names, strs(&["search_tools", "web_search", "get_weather"]));
    assert_eq!(a.warnings.len(), 1);
    assert!(a.warnings[0].contains("\"nope\""), "{:?}", a.warnings);
    let (_, a) = turn(&mut ts, &fixture(), "other", json!([]));
    assert!(
        a.warnings.is_empty(),
        "once per name per layer: {:?}",
        a.warnings
    );
    // The bridge's own name is always shown: listing it is not a missing tool.
    let mut ts = layer(json!({"alwaysDirectTools": ["search_tools"]}));
    let (names, a) = turn(&mut ts, &fixture(), "s", json!([]));
    assert_eq!(names, strs(&["search_tools"]));
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}

#[test]
fn core_tools_stay_visible_and_out_of_the_name_listing() {
    // `kind: "core"` means always loaded directly (SPEC §1), in this profile too.
    let mut tools = fixture();
    tools[1]["kind"] = json!("core");
    let core = tools[1]["function"]["name"]
        .as_str()
        .or(tools[1]["name"].as_str())
        .unwrap()
        .to_string();
    let mut ts = layer(json!({}));
    let (names, a) = turn(&mut ts, &tools, "s", json!([]));
    assert_eq!(names, vec!["search_tools".to_string(), core.clone()]);
    assert_eq!(a.deferred, tools.len() - 1);
    let Visible::Bridge(bridge) = &a.tools[0] else {
        panic!("{:?}", a.tools[0])
    };
    let description = bridge["function"]["description"].as_str().unwrap();
    assert!(!description.contains(&core), "{description}");
}

#[test]
fn a_scripted_conversation_discovers_keeps_and_isolates_tools() {
    let tools = fixture();
    let mut ts = layer(json!({"maxSearchResults": 2}));
    // Turn 1: nothing discovered yet.
    assert_eq!(
        names_of(&mut ts, &tools, "alice", json!([])),
        strs(&["search_tools"])
    );
    // The model searches; the returned tools are discovered at once.
    let reply = search(
        &mut ts,
        "alice",
        json!({"query": "create github issue"}),
        None,
    );
    assert_eq!(returned_names(&reply)[0], "create_issue");
    assert!(reply["hint"].as_str().unwrap().contains("now active"));
    let found: Vec<String> = returned_names(&reply)
        .iter()
        .map(|s| s.to_string())
        .collect();
    let peeked = {
        // Turn 2: the history shows the search; the found tools are visible in input order.
        let history = json!([
            {"role": "assistant", "toolCalls": [{"id": "1", "function": {"name": "search_tools", "arguments": "{}"}}]},
            {"role": "tool", "toolCallId": "1", "content": reply.to_string()},
        ]);
        names_of(&mut ts, &tools, "alice", history)
    };
    assert_eq!(peeked[0], "search_tools");
    for name in &found {
        assert!(peeked.contains(name), "{name} in {peeked:?}");
    }
    // Turn 3: the model finds run_sql and calls it; the call is answered.
    let history = aalis_history(&["run_sql"], &["run_sql"]);
    let names = names_of(&mut ts, &tools, "alice", history);
    assert!(names.contains(&"run_sql".to_string()));
    // Turn 4: context trimming removed every tool call; nothing is forgotten.
    let trimmed = json!([{"role": "user", "content": "[earlier tool calls collapsed]"}]);
    let names = names_of(&mut ts, &tools, "alice", trimmed);
    for name in found.iter().map(String::as_str).chain(["run_sql"]) {
        assert!(
            names.contains(&name.to_string()),
            "{name} kept after trimming: {names:?}"
        );
    }
    // Another session sees none of it.
    assert_eq!(
        names_of(&mut ts, &tools, "bob", json!([])),
        strs(&["search_tools"])
    );
}

#[test]
fn tools_are_discovered_from_each_message_format() {
    let histories = [
        ("aalis", aalis_history(&["send_email"], &["run_sql"])),
        (
            "openai",
            json!([
                {"role": "assistant", "content": null, "tool_calls": [
                    {"id": "a", "type": "function", "function": {"name": "search_tools", "arguments": "{}"}},
                    {"id": "b", "type": "function", "function": {"name": "run_sql", "arguments": "{}"}},
                    {"id": "c", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
                {"role": "tool", "tool_call_id": "a", "content": search_result(&["send_email"])},
                {"role": "tool", "tool_call_id": "b", "content": "3 rows"},
            ]),
        ),
        (
            "anthropic",
            json!([
                {"role": "assistant", "content": [
                    {"type": "tool_use", "id": "a", "name": "search_tools", "input": {"query": "mail"}},
                    {"type": "tool_use", "id": "b", "name": "run_sql", "input": {}},
                    {"type": "tool_use", "id": "c", "name": "get_weather", "input": {}}]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "a", "content": [{"type": "text", "text": search_result(&["send_email"])}]},
                    {"type": "tool_result", "tool_use_id": "b", "content": "3 rows"}]},
            ]),
        ),
        (
            "responses",
            json!([
                {"type": "function_call", "call_id": "a", "name": "search_tools", "arguments": "{}"},
                {"type": "function_call", "call_id": "b", "name": "run_sql", "arguments": "{}"},
                {"type": "function_call", "call_id": "c", "name": "get_weather", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "a", "output": search_result(&["send_email"])},
                {"type": "function_call_output", "call_id": "b", "output": "3 rows"},
            ]),
        ),
    ];
    for (format, history) in histories {
        let mut ts = layer(json!({}));
        let names = names_of(&mut ts, &fixture(), "s", history);
        assert_eq!(
            names,
            strs(&["search_tools", "send_email", "run_sql"]),
            "{format}: get_weather was called but never answered"
        );
    }
}

#[test]
fn a_call_that_was_never_answered_does_not_discover_its_tool() {
    let mut ts = layer(json!({}));
    let history = json!([
        {"role": "assistant", "toolCalls": [{"id": "x", "function": {"name": "run_sql", "arguments": "{}"}}]},
    ]);
    assert_eq!(
        names_of(&mut ts, &fixture(), "s", history),
        strs(&["search_tools"])
    );
}

#[test]
fn the_least_recently_used_discovered_tool_is_evicted_and_a_repeat_refreshes() {
    let tools = fixture();
    let mut ts = layer(json!({"maxDiscoveredKeep": 2}));
    // Evidence order: create_issue, list_issues, then create_issue again (a repeat).
    let history = aalis_history(&["create_issue", "list_issues"], &["create_issue"]);
    assert_eq!(
        names_of(&mut ts, &tools, "s", history),
        strs(&["search_tools", "create_issue", "list_issues"])
    );
    // A new discovery evicts list_issues, the least recently used.
    let history = aalis_history(&["send_email"], &[]);
    assert_eq!(
        names_of(&mut ts, &tools, "s", history),
        strs(&["search_tools", "create_issue", "send_email"])
    );
}

#[test]
fn tools_found_since_a_history_was_read_outrank_its_older_evidence() {
    // Turn 1's history shows run_sql called. The model then finds get_weather, then
    // send_email. Turn 2's history still shows the run_sql call, but the host collapsed the
    // searches to text: run_sql, read at turn 1, is not made the most recent again, so the
    // two tools found since are the two kept.
    let tools = fixture();
    let mut ts = layer(json!({"maxDiscoveredKeep": 2}));
    let ran = json!([
        {"role": "user", "content": "query the db"},
        {"role": "assistant", "content": "", "toolCalls": [
            {"id": "c1", "function": {"name": "run_sql", "arguments": "{}"}}]},
        {"role": "tool", "toolCallId": "c1", "content": "3 rows"},
    ]);
    assert_eq!(
        names_of(&mut ts, &tools, "s", ran.clone()),
        strs(&["search_tools", "run_sql"])
    );
    for query in ["get_weather", "send_email"] {
        let found = search(&mut ts, "s", json!({"query": query, "limit": 1}), None);
        assert_eq!(returned_names(&found), [query]);
    }
    let mut collapsed = ran.as_array().unwrap().clone();
    collapsed.push(json!({"role": "assistant", "content": "(found the weather and mail tools)"}));
    assert_eq!(
        names_of(&mut ts, &tools, "s", Value::Array(collapsed)),
        strs(&["search_tools", "send_email", "get_weather"])
    );
    // The newest evidence read (a search result) collapsed to text by the next turn: the
    // newest piece still there marks where the new evidence starts, so run_sql, read long
    // ago, is not replayed as the most recent.
    let mut ts = layer(json!({"maxDiscoveredKeep": 2}));
    names_of(&mut ts, &tools, "s", ran.clone());
    let mut searched = ran.as_array().unwrap().clone();
    searched.push(json!({"role": "assistant", "content": "", "toolCalls": [
        {"id": "s1", "function": {"name": "search_tools", "arguments": "{}"}}]}));
    searched.push(
        json!({"role": "tool", "toolCallId": "s1", "content": search_result(&["get_weather"])}),
    );
    assert_eq!(
        names_of(&mut ts, &tools, "s", Value::Array(searched)),
        strs(&["search_tools", "run_sql", "get_weather"])
    );
    let found = search(
        &mut ts,
        "s",
        json!({"query": "send_email", "limit": 1}),
        None,
    );
    assert_eq!(returned_names(&found), ["send_email"]);
    let mut collapsed = ran.as_array().unwrap().clone();
    collapsed.push(json!({"role": "assistant", "content": "(searched twice)"}));
    assert_eq!(
        names_of(&mut ts, &tools, "s", Value::Array(collapsed)),
        strs(&["search_tools", "send_email", "get_weather"])
    );
    // A new call in the history is new evidence, and the most recent.
    let mut again = ran.as_array().unwrap().clone();
    again.push(json!({"role": "assistant", "content": "", "toolCalls": [
        {"id": "c2", "function": {"name": "run_sql", "arguments": "{}"}}]}));
    again.push(json!({"role": "tool", "toolCallId": "c2", "content": "1 row"}));
    assert_eq!(
        names_of(&mut ts, &tools, "s", Value::Array(again)),
        strs(&["search_tools", "send_email", "run_sql"])
    );
}

#[test]
fn the_least_recently_active_session_is_forgotten_past_the_session_cap() {
    let tools = fixture();
    let mut ts = layer(json!({"maxDiscoveredSessions": 2}));
    for session in ["a", "b", "c"] {
        names_of(&mut ts, &tools, session, aalis_history(&["run_sql"], &[]));
    }
    assert_eq!(
        names_of(&mut ts, &tools, "a", json!([])),
        strs(&["search_tools"])
    );
    assert_eq!(
        names_of(&mut ts, &tools, "c", json!([])),
        strs(&["search_tools", "run_sql"])
    );
}

#[test]
fn clearing_a_session_forgets_only_it_and_clearing_all_forgets_everyone() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    for session in ["a", "b", "c"] {
        names_of(&mut ts, &tools, session, aalis_history(&["run_sql"], &[]));
    }
    ts.clear(Some("a"));
    assert_eq!(
        names_of(&mut ts, &tools, "a", json!([])),
        strs(&["search_tools"])
    );
    assert_eq!(
        names_of(&mut ts, &tools, "b", json!([])),
        strs(&["search_tools", "run_sql"])
    );
    ts.clear(None);
    assert_eq!(
        names_of(&mut ts, &tools, "b", json!([])),
        strs(&["search_tools"])
    );
    assert_eq!(
        names_of(&mut ts, &tools, "c", json!([])),
        strs(&["search_tools"])
    );
}

#[test]
fn a_discovered_tool_missing_from_this_turn_is_hidden_but_remembered() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    names_of(&mut ts, &tools, "s", aalis_history(&["send_email"], &[]));
    let without: Vec<Value> = tools
        .iter()
        .filter(|t| t["function"]["name"] != "send_email")
        .cloned()
        .collect();
    assert_eq!(
        names_of(&mut ts, &without, "s", json!([])),
        strs(&["search_tools"])
    );
    assert_eq!(
        names_of(&mut ts, &tools, "s", json!([])),
        strs(&["search_tools", "send_email"])
    );
}

#[test]
fn pages_report_totals_and_the_next_offset() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let first = search(&mut ts, "s", json!({"query": "", "limit": 4}), None);
    assert_eq!(first["found"], "4/10");
    assert_eq!(
        first["pagination"],
        json!({"total": 10, "offset": 0, "returned": 4, "nextOffset": 4})
    );
    assert_eq!(
        returned_names(&first),
        vec!["web_search", "fetch_url", "create_issue", "list_issues"]
    );
    assert!(first["hint"].as_str().unwrap().contains("offset 4"));

    let last = search(
        &mut ts,
        "s",
        json!({"query": " ", "limit": 4, "offset": 8}),
        None,
    );
    assert_eq!(last["found"], "2/10");
    assert_eq!(
        last["pagination"],
        json!({"total": 10, "offset": 8, "returned": 2})
    );

    let beyond = search(&mut ts, "s", json!({"query": "", "offset": 50}), None);
    assert_eq!(beyond["found"], "0/10");
    assert!(beyond["hint"].as_str().unwrap().contains("offset below 10"));

    let everything = search(&mut ts, "s", json!({"query": "", "limit": 0}), None);
    assert_eq!(everything["found"], "10/10");
    assert!(everything.get("pagination").is_none());

    let default = search(&mut ts, "s", json!({"query": ""}), None);
    assert_eq!(
        default["found"], "5/10",
        "limit defaults to maxSearchResults"
    );
}

#[test]
fn a_search_that_finds_nothing_suggests_other_keywords() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let reply = search(&mut ts, "s", json!({"query": "qqqzzz"}), None);
    assert_eq!(reply["found"], "0/0");
    assert_eq!(reply["tools"], json!([]));
    assert!(reply["hint"]
        .as_str()
        .unwrap()
        .contains("other or fewer keywords"));
}

#[test]
fn bad_limits_are_model_facing_errors() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    for args in [
        json!({"query": "", "limit": -1}),
        json!({"query": "", "limit": 1.5}),
        json!({"query": "", "offset": "x"}),
    ] {
        let reply = search(&mut ts, "s", args.clone(), None);
        assert!(
            reply["error"].as_str().unwrap().contains("whole number"),
            "{args}: {reply}"
        );
    }
}

#[test]
fn results_and_related_names_are_filtered_by_enabled_groups() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let github = vec!["github".to_string()];
    let reply = search(
        &mut ts,
        "s",
        json!({"query": "", "limit": 0}),
        Some(&github),
    );
    assert_eq!(
        returned_names(&reply),
        vec![
            "create_issue",
            "list_issues",
            "close_issue",
            "run_sql",
            "get_weather",
            "translate_text"
        ]
    );
    let reply = search(
        &mut ts,
        "s",
        json!({"query": "create_issue", "limit": 1}),
        Some(&github),
    );
    assert_eq!(returned_names(&reply)[0], "create_issue");
    assert_eq!(reply["related"], json!(["list_issues", "close_issue"]));
    let mail = vec!["mail".to_string()];
    let reply = search(&mut ts, "s", json!({"query": "issue"}), Some(&mail));
    assert_eq!(reply["found"], "0/0");
}

#[test]
fn the_substring_matcher_reproduces_the_original_plugin() {
    let mut ts = layer(json!({"matcher": "substring", "maxSearchResults": 0}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let all = vec![
        "web_search",
        "fetch_url",
        "create_issue",
        "list_issues",
        "close_issue",
        "send_email",
        "read_inbox",
        "run_sql",
        "get_weather",
        "translate_text",
    ];
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("issue", vec!["create_issue", "list_issues", "close_issue"]),
        (
            "ISSUE mail",
            vec![
                "create_issue",
                "list_issues",
                "close_issue",
                "send_email",
                "read_inbox",
            ],
        ),
        ("web", vec!["web_search", "fetch_url"]),
        ("text", vec!["fetch_url", "translate_text"]),
        ("Git", vec!["create_issue", "list_issues", "close_issue"]),
        ("sql query", vec!["run_sql"]),
        ("zzz", vec![]),
        ("", all.clone()),
        ("e", all),
    ];
    for (query, expected) in cases {
        let reply = search(&mut ts, "s", json!({"query": query}), None);
        assert_eq!(returned_names(&reply), expected, "query {query:?}");
    }
}

#[test]
fn the_ranked_matcher_puts_the_best_tool_first() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let reply = search(&mut ts, "s", json!({"query": "send email"}), None);
    assert_eq!(returned_names(&reply)[0], "send_email");
}

#[test]
fn calls_to_other_tools_are_not_bridge_calls() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    let ctx = CallContext {
        session_id: "s",
        enabled_groups: None,
    };
    assert_eq!(ts.handle("run_sql", &json!({}), &ctx).unwrap(), None);
}

#[test]
fn bad_options_are_invalid_config_naming_the_key() {
    for (options, key) in [
        (
            json!({"profile": "aalis", "maxDirectTools": "five"}),
            "maxDirectTools",
        ),
        (json!({"profile": "aalis", "matcher": "fuzzy"}), "matcher"),
        (
            json!({"profile": "aalis", "maxDirectTool": 3}),
            "maxDirectTool",
        ),
    ] {
        let err = ToolSearch::new(&options).err().unwrap();
        assert_eq!(err.code, ErrorCode::InvalidConfig);
        assert!(err.message.contains(key), "{}", err.message);
    }
    let ts = ToolSearch::new(&json!({"profile": "aalis", "maxDiscoveredKeep": -1})).unwrap();
    assert!(ts.warnings()[0].contains("maxDiscoveredKeep"));
}

#[test]
fn tools_used_during_passthrough_turns_are_discovered_when_the_list_grows() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    let history = aalis_history(&[], &["run_sql"]);
    let small: Vec<Value> = tools[5..].to_vec();
    let (_, a) = turn(&mut ts, &small, "s", history);
    assert!(!a.active);
    assert_eq!(
        names_of(&mut ts, &tools, "s", json!([])),
        strs(&["search_tools", "run_sql"])
    );
}

#[test]
fn assembly_hides_tools_of_disabled_groups_from_the_listing_and_discoveries() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    names_of(
        &mut ts,
        &tools,
        "s",
        aalis_history(&["create_issue", "send_email"], &[]),
    );
    let json = serde_json::to_string(&tools).unwrap();
    let prepared = ts.prepare_json(&json).unwrap();
    let mail = vec!["mail".to_string()];
    let ctx = AssembleContext {
        session_id: "s",
        enabled_groups: Some(&mail),
        ..AssembleContext::default()
    };
    let a = ts.assemble(prepared.clone(), &ctx).unwrap();
    let Visible::Bridge(bridge) = &a.tools[0] else {
        panic!("bridge first")
    };
    let description = bridge["function"]["description"].as_str().unwrap();
    assert!(!description.contains("create_issue") && description.contains("read_inbox"));
    assert_eq!(a.tools[1..], [Visible::Input(5)], "send_email only");
    // Behind the bridge: the tools the caller's groups reach, less the one shown. The other
    // groups' tools are out of reach, not deferred.
    let reachable = tools
        .iter()
        .filter(|t| {
            let groups = t["groups"].as_array().map_or(&[][..], Vec::as_slice);
            groups.is_empty() || groups.iter().any(|g| g == "mail")
        })
        .count();
    assert!(
        reachable > 1 && reachable < tools.len(),
        "the fixture mixes groups"
    );
    assert_eq!(a.deferred, reachable - 1);
}

#[test]
fn the_listing_follows_the_enabled_groups_turn_after_turn_on_one_list() {
    // The names listed are kept per list for turns that name no groups: alternating groups
    // on one prepared list must give each turn what a layer that never saw the list gives.
    let tools = fixture();
    let json = serde_json::to_string(&tools).unwrap();
    let mail = ["mail".to_string()];
    let none: Vec<String> = Vec::new();
    let bridge_of = |ts: &mut ToolSearch, groups: Option<&[String]>| {
        let prepared = ts.prepare_json(&json).unwrap();
        let ctx = AssembleContext {
            session_id: "s",
            enabled_groups: groups,
            ..AssembleContext::default()
        };
        let a = ts.assemble(prepared, &ctx).unwrap();
        let Visible::Bridge(bridge) = &a.tools[0] else {
            panic!("bridge first")
        };
        (bridge.clone(), a.listing_tokens)
    };
    let mut kept = layer(json!({}));
    let turns = [
        None,
        Some(&mail[..]),
        Some(&mail[..]),
        None,
        Some(&none[..]),
        None,
    ];
    let mut seen = Vec::new();
    for groups in turns {
        let fresh = bridge_of(&mut layer(json!({})), groups);
        let again = bridge_of(&mut kept, groups);
        assert_eq!(again, fresh, "{groups:?}");
        seen.push(fresh.0["function"]["description"].as_str().unwrap().len());
    }
    // The groups do change the listing (mail hides the other groups' names; no group at all
    // leaves only the tools without groups).
    assert!(seen[1] < seen[0] && seen[4] < seen[1], "{seen:?}");
}

#[test]
fn clearing_only_discovered_tools_keeps_the_session_searchable() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    for session in ["a", "b"] {
        names_of(&mut ts, &tools, session, aalis_history(&["run_sql"], &[]));
    }
    ts.clear_discovered(Some("a"));
    assert_eq!(ts.discovered("a"), Vec::<String>::new());
    assert_eq!(ts.discovered("b"), strs(&["run_sql"]));
    // The scope stays: the bridge answers before the next turn is assembled.
    let reply = search(&mut ts, "a", json!({"query": "sql"}), None);
    assert!(returned_names(&reply).contains(&"run_sql"), "{reply}");
    ts.clear_discovered(None);
    assert_eq!(ts.discovered("b"), Vec::<String>::new());
    assert_eq!(ts.session_count(), 2);
}

#[test]
fn tools_returned_by_a_handled_search_are_discovered_before_the_history_shows_them() {
    let tools = fixture();
    let mut ts = layer(json!({}));
    names_of(&mut ts, &tools, "s", json!([]));
    let reply = search(&mut ts, "s", json!({"query": "weather", "limit": 1}), None);
    assert_eq!(returned_names(&reply), vec!["get_weather"]);
    assert_eq!(
        names_of(&mut ts, &tools, "s", json!([])),
        strs(&["search_tools", "get_weather"])
    );
    assert_eq!(
        names_of(&mut ts, &tools, "t", json!([])),
        strs(&["search_tools"])
    );
}

#[test]
fn odd_queries_get_an_answer_not_a_failure() {
    let mut ts = layer(json!({}));
    names_of(&mut ts, &fixture(), "s", json!([]));
    for query in [
        "🚀🔥",
        "مرحبا",
        "\u{200b}",
        "\u{0}\u{1}",
        "创建议题",
        "create\u{200b}issue",
    ] {
        let reply = search(&mut ts, "s", json!({"query": query}), None);
        assert!(
            reply.get("error").is_none() && reply["hint"].is_string(),
            "{query:?}: {reply}"
        );
    }
    let reply = search(&mut ts, "s", json!({"query": "x".repeat(5000)}), None);
    assert!(reply["error"].as_str().unwrap().contains("at most"));
}
