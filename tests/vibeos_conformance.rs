//! Conformance of the `vibeos` profile with VibeOS' Tool Search (seed 003, Hermes V1 surface):
//! single `query` / `name`, the `auto` threshold gate, no listing. Modelled on the V1-era
//! Hermes suite (HERMES-REFERENCE §2d), end to end through `ToolSearch`.

// Test helpers live outside `#[test]` functions, where clippy's test allowances do not reach.
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

fn layer(options: Value) -> ToolSearch {
    let mut options = options;
    options["profile"] = json!("vibeos");
    ToolSearch::new(&options).unwrap_or_else(|e| panic!("{e}"))
}

fn assemble_in(
    ts: &mut ToolSearch,
    tools: &Value,
    session: &str,
    context: Option<u64>,
) -> (Assembly, Vec<Value>) {
    let prepared = ts.prepare_json(&tools.to_string()).unwrap();
    let ctx = AssembleContext {
        session_id: session,
        context_window: context,
        ..AssembleContext::default()
    };
    let assembly = ts.assemble(prepared.clone(), &ctx).unwrap();
    let visible = assembly
        .tools
        .iter()
        .map(|v| match v {
            Visible::Input(i) => prepared.catalog.tools()[*i].raw(),
            Visible::Bridge(value) => value.clone(),
        })
        .collect();
    (assembly, visible)
}

fn assemble(ts: &mut ToolSearch, tools: &Value, context: Option<u64>) -> (Assembly, Vec<Value>) {
    assemble_in(ts, tools, "s", context)
}

fn name_of(tool: &Value) -> &str {
    tool.get("function")
        .and_then(|f| f.get("name"))
        .or_else(|| tool.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("")
}

fn names(visible: &[Value]) -> Vec<&str> {
    visible.iter().map(name_of).collect()
}

fn handle_in(ts: &mut ToolSearch, session: &str, name: &str, args: Value) -> Handled {
    let ctx = CallContext {
        session_id: session,
        ..CallContext::default()
    };
    ts.handle(name, &args, &ctx).unwrap().unwrap()
}

fn reply_in(ts: &mut ToolSearch, session: &str, name: &str, args: Value) -> Value {
    match handle_in(ts, session, name, args) {
        Handled::Reply(v) => v,
        other => panic!("expected a reply, got {other:?}"),
    }
}

fn reply(ts: &mut ToolSearch, name: &str, args: Value) -> Value {
    reply_in(ts, "s", name, args)
}

fn mcp(name: &str, description: &str, params: Value) -> Value {
    json!({"type": "function", "function": {"name": name, "description": description, "parameters": params},
           "source": "mcp-github"})
}

fn core(name: &str) -> Value {
    json!({"type": "function", "function": {"name": name, "description": "Core.", "parameters": {"type": "object"}}})
}

fn catalog() -> Value {
    json!([
        core("terminal"),
        core("send_message"),
        mcp(
            "github_create_issue",
            "Create a new issue in a GitHub repository.",
            json!({"type": "object", "properties": {"repo": {"type": "string"}, "title": {"type": "string"}},
                   "required": ["repo", "title"]})
        ),
        mcp(
            "github_list_issues",
            "List issues of a repository.",
            json!({"type": "object", "properties": {"repo": {"type": "string"}}})
        ),
        mcp(
            "calendar_create_event",
            "Create a calendar event.",
            json!({"type": "object", "properties": {"when": {"type": "string"}}})
        ),
    ])
}

/// `n` deferrable tools of roughly `chars_each` characters each.
fn heavy(n: usize, chars_each: usize) -> Value {
    Value::Array(
        (0..n)
            .map(|i| mcp(&format!("heavy_{i}"), &"x".repeat(chars_each), json!({})))
            .collect(),
    )
}

// ---------------------------------------------------------------- config

#[test]
fn defaults_are_auto_with_a_ten_percent_gate_and_a_max_limit_of_twenty() {
    let mut ts = layer(json!({}));
    assert!(ts.warnings().is_empty());
    // ~10K tokens of schemas in a 200K window: below 10% → passthrough.
    let (a, _) = assemble(&mut ts, &heavy(10, 4000), Some(200_000));
    assert!(!a.active && a.deferred_tokens > 9_000 && a.deferred_tokens < 20_000);
    let tools: Vec<Value> = (0..30)
        .map(|i| mcp(&format!("issue_tool_{i}"), "Issue helper.", json!({})))
        .collect();
    assemble(&mut ts, &Value::Array(tools), Some(100));
    let count = |r: &Value| r["matches"].as_array().unwrap().len();
    assert_eq!(
        count(&reply(&mut ts, "tool_search", json!({"query": "issue"}))),
        5
    );
    assert_eq!(
        count(&reply(
            &mut ts,
            "tool_search",
            json!({"query": "issue", "limit": 100})
        )),
        20
    );
}

#[test]
fn the_legacy_boolean_and_tri_state_values_map_like_vibeos() {
    let tools = heavy(1, 10);
    assert!(
        !assemble(&mut layer(json!({"enabled": true})), &tools, Some(200_000))
            .0
            .active
    );
    assert!(
        !assemble(&mut layer(json!({"enabled": false})), &tools, Some(200_000))
            .0
            .active
    );
    assert!(
        assemble(&mut layer(json!({"enabled": "on"})), &tools, Some(200_000))
            .0
            .active
    );
    assert!(
        assemble(&mut layer(json!({"enabled": "1"})), &tools, Some(200_000))
            .0
            .active
    );
    let err = ToolSearch::new(&json!({"profile": "vibeos", "enabled": "maybe"}))
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::InvalidConfig);
    assert!(err.message.contains("enabled"));
}

#[test]
fn out_of_range_values_clamp_with_warnings_and_hermes_only_keys_are_unknown() {
    let ts = layer(json!({"threshold_pct": -5, "max_search_limit": 0, "search_default_limit": 99}));
    let warnings = ts.warnings().join("\n");
    for key in ["threshold_pct", "max_search_limit", "search_default_limit"] {
        assert!(warnings.contains(key), "{warnings}");
    }
    for key in ["listing", "listing_max_tokens"] {
        let err = ToolSearch::new(&json!({"profile": "vibeos", key: "auto"}))
            .err()
            .unwrap();
        assert_eq!(err.code, ErrorCode::InvalidConfig);
        assert!(err.message.contains(key), "{}", err.message);
    }
    // threshold 0 → any deferrable tool activates in auto.
    assert!(
        assemble(
            &mut layer(json!({"threshold_pct": 0})),
            &heavy(1, 1),
            Some(200_000)
        )
        .0
        .active
    );
    // threshold 100 clamps from 150.
    let mut ts = layer(json!({"thresholdPct": 150}));
    assert!(!assemble(&mut ts, &heavy(10, 4000), Some(20_000)).0.active);
}

// ---------------------------------------------------------------- classification and the gate

#[test]
fn core_bridge_and_unknown_tools_never_defer() {
    let tools = json!([core("send_message"), core("terminal"), {"name": "mystery"}, core("tool_search"),
                       mcp("github_x", "X.", json!({}))]);
    let mut ts = layer(json!({"enabled": "on"}));
    let (a, visible) = assemble(&mut ts, &tools, None);
    assert_eq!(
        names(&visible),
        vec![
            "send_message",
            "terminal",
            "mystery",
            "tool_search",
            "tool_describe",
            "tool_call"
        ]
    );
    assert_eq!(a.deferred, 1);
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}

#[test]
fn a_layer_that_defers_nothing_says_which_tools_are_of_unknown_kind() {
    // A host's untagged tools stay visible; a layer left on says why nothing deferred.
    let untagged = json!([core("terminal"), {"name": "create_invoice"}, {"name": "list_invoices"}]);
    for options in [json!({"enabled": "on"}), json!({})] {
        let (a, visible) = assemble(&mut layer(options), &untagged, None);
        assert!(!a.active);
        assert_eq!(visible.len(), 3);
        assert_eq!(
            a.warnings,
            ["no tool defers: 2 tool(s) of unknown kind stay visible; give them a `source` or a \
              `kind` (mcp, plugin or core)"]
        );
    }
    // Off, or every tool's kind known: nothing to say.
    let (a, _) = assemble(&mut layer(json!({"enabled": "off"})), &untagged, None);
    assert!(a.warnings.is_empty());
    let (a, _) = assemble(
        &mut layer(json!({"enabled": "on"})),
        &json!([core("terminal")]),
        None,
    );
    assert!(a.warnings.is_empty());
}

#[test]
fn the_seeds_walkthrough_works_with_vibeos_own_mcp_names() {
    // Seed 003 names MCP tools `mcp_github_create_issue` (single underscores), with no
    // `source` or `kind`: they defer, and its Russian example query finds the tool.
    let tool = |name: &str, description: &str| {
        json!({"type": "function", "function": {"name": name, "description": description,
               "parameters": {"type": "object", "properties": {"title": {"type": "string"}, "body": {"type": "string"}},
                              "required": ["title"]}}})
    };
    let tools = json!([
        core("terminal"),
        tool(
            "mcp_github_create_issue",
            "Create a new issue in a GitHub repository."
        ),
        tool(
            "mcp_github_list_issues",
            "List issues in a GitHub repository."
        ),
        tool(
            "mcp_slack_post_message",
            "Post a message to a Slack channel."
        ),
    ]);
    let mut ts = layer(json!({"enabled": "on"}));
    let (a, visible) = assemble(&mut ts, &tools, None);
    assert_eq!(
        names(&visible),
        vec!["terminal", "tool_search", "tool_describe", "tool_call"]
    );
    assert_eq!(a.deferred, 3);
    let found = reply(
        &mut ts,
        "tool_search",
        json!({"query": "создать issue в github"}),
    );
    assert_eq!(found["matches"][0]["name"], "mcp_github_create_issue");
    assert_eq!(found["matches"][0]["source_name"], "github");
    let call = handle_in(
        &mut ts,
        "s",
        "tool_call",
        json!({"name": "mcp_github_create_issue", "arguments": {"title": "t", "body": "b"}}),
    );
    assert_eq!(
        call,
        Handled::Dispatch {
            name: "mcp_github_create_issue".into(),
            arguments: json!({"title": "t", "body": "b"})
        }
    );
}

#[test]
fn off_never_activates_and_nothing_deferrable_passes_through() {
    let (a, visible) = assemble(
        &mut layer(json!({"enabled": "off"})),
        &heavy(50, 4000),
        Some(1000),
    );
    assert!(!a.active);
    assert_eq!(visible.len(), 50);
    let only_core = json!([core("terminal"), core("memory")]);
    let (a, visible) = assemble(&mut layer(json!({"enabled": "on"})), &only_core, None);
    assert!(!a.active);
    assert_eq!(visible, only_core.as_array().unwrap().clone());
}

#[test]
fn on_activates_with_any_deferrable_tool() {
    let (a, visible) = assemble(
        &mut layer(json!({"enabled": "on"})),
        &catalog(),
        Some(10_000_000),
    );
    assert!(a.active);
    assert_eq!((a.tier, a.listing_form, a.budget_tokens), (2, None, None));
    assert_eq!(
        names(&visible),
        vec![
            "terminal",
            "send_message",
            "tool_search",
            "tool_describe",
            "tool_call"
        ]
    );
}

#[test]
fn auto_activates_at_or_above_the_threshold_only() {
    let tools = heavy(24, 4000); // > 20K tokens
    let mut ts = layer(json!({}));
    let (a, _) = assemble(&mut ts, &tools, Some(200_000));
    assert!(
        a.active && a.deferred_tokens >= 20_000,
        "{}",
        a.deferred_tokens
    );
    let tokens = a.deferred_tokens;
    // Exactly at the cutoff activates; one token short of it does not.
    assert!(assemble(&mut ts, &tools, Some(tokens * 10)).0.active);
    assert!(!assemble(&mut ts, &tools, Some(tokens * 10 + 10)).0.active);
    // Unknown context: a fixed 20,000-token cutoff.
    assert!(assemble(&mut ts, &tools, None).0.active);
    assert!(!assemble(&mut ts, &heavy(10, 4000), None).0.active);
    assert!(!assemble(&mut ts, &heavy(10, 4000), Some(0)).0.active);
}

#[test]
fn the_token_estimate_is_proportional_to_schema_size() {
    let mut ts = layer(json!({}));
    let one = assemble(&mut ts, &heavy(1, 100), None).0.deferred_tokens;
    let ten = assemble(&mut ts, &heavy(10, 1000), None).0.deferred_tokens;
    assert!(ten > 10 * one, "{one} vs {ten}");
    let single = heavy(1, 100);
    let expected = (serde_json::to_string(&single[0]).unwrap().chars().count() as u64).div_ceil(4);
    assert_eq!(one, expected);
}

#[test]
fn the_token_estimate_rounds_once_over_the_sum_and_gates_on_it() {
    // Four definitions of 19,997 characters each: ⌈79,988 / 4⌉ = 19,997 tokens, below the
    // 20,000 gate of an unknown context window. Rounded up tool by tool they made 20,000, and
    // the bridge opened.
    let sized = |i: usize, chars: usize| {
        let bare = serde_json::to_string(&mcp(&format!("heavy_{i}"), "", json!({}))).unwrap();
        let fill = chars - bare.chars().count();
        mcp(&format!("heavy_{i}"), &"x".repeat(fill), json!({}))
    };
    let tools = Value::Array((0..4).map(|i| sized(i, 19_997)).collect());
    for tool in tools.as_array().unwrap() {
        assert_eq!(serde_json::to_string(tool).unwrap().chars().count(), 19_997);
    }
    let (a, _) = assemble(&mut layer(json!({})), &tools, None);
    assert_eq!(a.deferred_tokens, 19_997);
    assert!(!a.active);
    // 79,997 characters in all cross it.
    let mut more = tools.as_array().unwrap().clone();
    more[3] = sized(3, 20_006);
    let (b, _) = assemble(&mut layer(json!({})), &Value::Array(more), None);
    assert_eq!(b.deferred_tokens, 20_000);
    assert!(b.active);
}

#[test]
fn assembly_is_idempotent_and_byte_stable() {
    let mut ts = layer(json!({"enabled": "on"}));
    let (_, first) = assemble(&mut ts, &catalog(), None);
    let mut again = catalog().as_array().unwrap().clone();
    again.extend(
        first
            .iter()
            .filter(|t| name_of(t).starts_with("tool_"))
            .cloned(),
    );
    let (_, second) = assemble(&mut ts, &Value::Array(again), None);
    assert_eq!(first, second);
    let (_, fresh) = assemble(&mut layer(json!({"enabled": "on"})), &catalog(), None);
    assert_eq!(
        serde_json::to_string(&first).unwrap(),
        serde_json::to_string(&fresh).unwrap()
    );
}

#[test]
fn bridge_schemas_are_the_v1_single_query_surface() {
    let (_, visible) = assemble(&mut layer(json!({"enabled": "on"})), &catalog(), None);
    let search = &visible[2]["function"];
    assert_eq!(search["description"], "Search 3 additional tools that are loaded on demand. Returns up to ``limit`` matches with name and description. Follow with `tool_describe` to load a tool's full parameter schema, then `tool_call` to invoke it. Tools listed at the top of this system prompt are already available and do not need to be searched.");
    assert_eq!(
        search["parameters"],
        json!({"type": "object", "properties": {
        "query": {"type": "string", "description": "Keywords describing the capability you need (e.g. 'create github issue')."},
        "limit": {"type": "integer", "description": "Maximum number of results to return. Default 5."}},
        "required": ["query"]})
    );
    let describe = &visible[3]["function"];
    assert!(describe["description"]
        .as_str()
        .unwrap()
        .starts_with("Load the full JSON schema for one tool returned by `tool_search`."));
    assert_eq!(describe["parameters"]["required"], json!(["name"]));
    assert_eq!(
        visible[4]["function"]["parameters"]["required"],
        json!(["name", "arguments"])
    );
    // The bridge is cheap: about 300 tokens a turn.
    let bridge_tokens = (serde_json::to_string(&visible[2..])
        .unwrap()
        .chars()
        .count() as u64)
        .div_ceil(4);
    assert!(bridge_tokens < 400, "{bridge_tokens}");
}

// ---------------------------------------------------------------- bridge calls

#[test]
fn search_returns_matches_with_source_and_a_clipped_description() {
    let mut tools = catalog().as_array().unwrap().clone();
    tools.push(mcp("github_wordy", &"wordy ".repeat(200), json!({})));
    let mut ts = layer(json!({"enabled": "on"}));
    assemble(&mut ts, &Value::Array(tools), None);
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"query": "create github issue"}),
    );
    assert_eq!(
        r.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["query", "total_available", "matches"]
    );
    assert_eq!(r["total_available"], 4);
    assert_eq!(
        r["matches"][0],
        json!({"name": "github_create_issue", "source": "mcp", "source_name": "mcp-github",
        "description": "Create a new issue in a GitHub repository."})
    );
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"query": "wordy", "limit": 1}),
    );
    assert_eq!(r["matches"].as_array().unwrap().len(), 1);
    assert_eq!(
        r["matches"][0]["description"]
            .as_str()
            .unwrap()
            .chars()
            .count(),
        400
    );
    let r = reply(&mut ts, "tool_search", json!({"query": "zzqx wvvy"}));
    assert_eq!(r["matches"], json!([]));
    assert!(r["matches"][0].is_null() && r.get("available_sources").is_none());
}

#[test]
fn search_and_describe_require_their_argument() {
    let mut ts = layer(json!({"enabled": "on"}));
    assemble(&mut ts, &catalog(), None);
    for args in [json!({}), json!({"query": "   "}), json!({"query": null})] {
        assert_eq!(
            reply(&mut ts, "tool_search", args),
            json!({"error": "query is required"})
        );
    }
    for args in [json!({}), json!({"name": ""})] {
        assert_eq!(
            reply(&mut ts, "tool_describe", args),
            json!({"error": "name is required"})
        );
    }
}

#[test]
fn describe_returns_one_schema_or_explains_why_not() {
    let mut ts = layer(json!({"enabled": "on"}));
    assemble(&mut ts, &catalog(), None);
    let r = reply(
        &mut ts,
        "tool_describe",
        json!({"name": "github_create_issue"}),
    );
    assert_eq!(
        r.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["name", "description", "parameters"]
    );
    assert_eq!(r["parameters"]["required"], json!(["repo", "title"]));
    let r = reply(&mut ts, "tool_describe", json!({"name": "terminal"}));
    assert_eq!(r["error"], "'terminal' is not a deferrable tool. If you see it in the tools list already, call it directly; otherwise check the spelling against tool_search.");
    let r = reply(&mut ts, "tool_describe", json!({"name": "nope"}));
    assert_eq!(
        r["error"],
        "'nope' is not currently available. Re-run tool_search to refresh."
    );
}

#[test]
fn tool_call_resolves_objects_and_json_strings_and_rejects_the_rest() {
    let mut ts = layer(json!({"enabled": "on"}));
    assemble(&mut ts, &catalog(), None);
    let args = json!({"repo": "a", "title": "b"});
    for arguments in [args.clone(), Value::from(args.to_string())] {
        match handle_in(
            &mut ts,
            "s",
            "tool_call",
            json!({"name": "github_create_issue", "arguments": arguments}),
        ) {
            Handled::Dispatch { name, arguments } => assert_eq!(
                (name.as_str(), arguments),
                ("github_create_issue", args.clone())
            ),
            other => panic!("{other:?}"),
        }
    }
    let e = |ts: &mut ToolSearch, args: Value| {
        reply(ts, "tool_call", args)["error"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(e(
        &mut ts,
        json!({"name": "github_list_issues", "arguments": "{bad"})
    )
    .contains("not valid JSON"));
    assert!(
        e(&mut ts, json!({"name": "tool_describe", "arguments": {}}))
            .contains("it is itself a bridge tool")
    );
    assert!(e(&mut ts, json!({"name": "terminal", "arguments": {}}))
        .contains("is not a deferrable tool"));
    assert_eq!(
        e(&mut ts, json!({"arguments": {}})),
        "tool_call requires a 'name' argument"
    );
    let r = reply(
        &mut ts,
        "tool_call",
        json!({"name": "github_create_issue", "arguments": {"repo": "a"}}),
    );
    assert_eq!(
        (r["path"].as_str(), r["constraint"].as_str()),
        (Some("arguments"), Some("required"))
    );
}

#[test]
fn a_session_only_reaches_its_own_deferred_tools() {
    let mut ts = layer(json!({"enabled": "on"}));
    let all = catalog();
    assemble_in(&mut ts, &all, "parent", None);
    assemble_in(
        &mut ts,
        &json!([core("terminal"), all[4].clone()]),
        "worker",
        None,
    );
    let r = reply_in(
        &mut ts,
        "worker",
        "tool_search",
        json!({"query": "github issue"}),
    );
    assert_eq!(r["total_available"], 1);
    assert!(r["matches"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["name"] != "github_create_issue"));
    let r = reply_in(
        &mut ts,
        "worker",
        "tool_call",
        json!({"name": "github_create_issue", "arguments": {"repo": "a", "title": "b"}}),
    );
    assert!(r["error"]
        .as_str()
        .unwrap()
        .contains("not available in this session"));
    assert!(matches!(
        handle_in(
            &mut ts,
            "parent",
            "tool_call",
            json!({"name": "github_create_issue", "arguments": {"repo": "a", "title": "b"}})
        ),
        Handled::Dispatch { .. }
    ));
    assert_eq!(
        reply_in(&mut ts, "parent", "tool_search", json!({"query": "github"}))["total_available"],
        3
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn below_the_gate_assembly_is_the_input_unchanged(
            sizes in prop::collection::vec(1usize..3000, 0..20),
            context in 1_000u64..2_000_000,
        ) {
            let tools = Value::Array(sizes.iter().enumerate()
                .map(|(i, n)| mcp(&format!("t{i}"), &"d".repeat(*n), json!({}))).collect());
            let mut ts = layer(json!({}));
            let (a, visible) = assemble(&mut ts, &tools, Some(context));
            let cutoff = context / 10;
            prop_assert_eq!(a.active, !sizes.is_empty() && a.deferred_tokens >= cutoff);
            if !a.active {
                prop_assert_eq!(&visible, tools.as_array().unwrap());
            } else {
                prop_assert_eq!(visible.len(), 3);
            }
        }
    }
}
