//! Conformance of the `hermes` profile with Hermes' Tool Search (seed 000, V2 surface),
//! modelled on what Hermes' own test suites check (HERMES-REFERENCE §2), end to end through
//! `ToolSearch`. Deliberate differences from Hermes are tests of their own, named for them.

// Test helpers live outside `#[test]` functions, where clippy's test allowances do not reach.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::{json, Value};
use tool_search::hermes::{is_parallel_safe, unwrap};
use tool_search::{
    AssembleContext, Assembly, CallContext, ErrorCode, Handled, ToolSearch, Visible,
};

const BUILTIN: &str = include_str!("fixtures/hermes/builtin-catalog.json");

fn layer(options: Value) -> ToolSearch {
    let mut options = options;
    options["profile"] = json!("hermes");
    ToolSearch::new(&options).unwrap_or_else(|e| panic!("{e}"))
}

/// Assembles `tools` for `session` and returns the assembly plus the model-visible JSON.
fn assemble_in(
    ts: &mut ToolSearch,
    tools: &Value,
    session: &str,
    context: Option<u64>,
) -> (Assembly, Vec<Value>) {
    let prepared = ts
        .prepare_json(&tools.to_string())
        .unwrap_or_else(|e| panic!("{e}"));
    let ctx = AssembleContext {
        session_id: session,
        context_window: context,
        ..AssembleContext::default()
    };
    let assembly = ts
        .assemble(prepared.clone(), &ctx)
        .unwrap_or_else(|e| panic!("{e}"));
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

fn assemble(ts: &mut ToolSearch, tools: &Value) -> (Assembly, Vec<Value>) {
    assemble_in(ts, tools, "s", Some(200_000))
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

fn search_description(visible: &[Value]) -> String {
    let tool = visible
        .iter()
        .find(|t| name_of(t) == "tool_search")
        .unwrap_or_else(|| panic!("no tool_search in {:?}", names(visible)));
    tool.get("function")
        .unwrap_or(tool)
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn handle_in(ts: &mut ToolSearch, session: &str, name: &str, args: Value) -> Handled {
    let ctx = CallContext {
        session_id: session,
        ..CallContext::default()
    };
    ts.handle(name, &args, &ctx)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("{name} is not a bridge tool"))
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

fn error_of(v: &Value) -> &str {
    v.get("error")
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no error in {v}"))
}

fn mcp(name: &str, source: &str, description: &str, params: Value) -> Value {
    json!({"type":"function","function":{"name":name,"description":description,"parameters":params},
           "source":source,"kind":"mcp"})
}

fn core(name: &str) -> Value {
    json!({"type":"function","function":{"name":name,"description":format!("{name} tool."),
           "parameters":{"type":"object","properties":{}}}})
}

/// A small mixed catalog: two core tools, GitHub, Linear and Slack MCP tools.
fn catalog() -> Value {
    json!([
        core("terminal"),
        core("read_file"),
        mcp(
            "github_create_issue",
            "github",
            "Create a new issue in a GitHub repository.",
            json!({"type":"object","properties":{"repo":{"type":"string"},"title":{"type":"string"},
                   "body":{"type":"string"}},"required":["repo","title"]})
        ),
        mcp(
            "github_list_pull_requests",
            "github",
            "List pull requests of a repository.",
            json!({"type":"object","properties":{"repo":{"type":"string"}}})
        ),
        mcp(
            "linear_create_issue",
            "mcp-linear",
            "Create a Linear issue for a team.",
            json!({"type":"object","properties":{"title":{"type":"string"},"team":{"type":"string"},
                   "priority":{"type":"string","enum":["low","medium","high"]},
                   "options":{"type":"object","properties":{"count":{"type":"integer"}},
                              "required":["count"],"additionalProperties":false}},
                   "required":["title","team"]})
        ),
        mcp(
            "slack_post_message",
            "slack",
            "Post a message to a Slack channel.",
            json!({"type":"object","properties":{"channel":{"type":"string"},"text":{"type":"string"},
                   "limit":{"type":"integer"},"metadata":{"type":"object"},
                   "note":{"type":"string","nullable":true}},
                   "required":["channel","text"]})
        ),
    ])
}

// ---------------------------------------------------------------- listing vs Hermes' fixtures

/// The builtin catalog with every tool deferred and a budget of exactly `budget` tokens.
fn builtin_listing(budget: u64) -> (Assembly, String) {
    let mut ts =
        layer(json!({"core_tools": [], "threshold_pct": 100, "listing_max_tokens": 60000}));
    let tools: Value = serde_json::from_str(BUILTIN).unwrap();
    let (assembly, visible) = assemble_in(&mut ts, &tools, "s", Some(budget));
    (assembly, search_description(&visible))
}

#[test]
fn listings_over_the_builtin_catalog_match_hermes_byte_for_byte() {
    let cases: [(u64, &str, &str); 6] = [
        (
            4000,
            include_str!("fixtures/hermes/listing-budget-4000.txt"),
            "full",
        ),
        (
            1500,
            include_str!("fixtures/hermes/listing-budget-1500.txt"),
            "full",
        ),
        (
            600,
            include_str!("fixtures/hermes/listing-budget-600.txt"),
            "names",
        ),
        (
            430,
            include_str!("fixtures/hermes/listing-budget-430.txt"),
            "mixed",
        ),
        (
            400,
            include_str!("fixtures/hermes/listing-budget-400.txt"),
            "mixed",
        ),
        (
            350,
            include_str!("fixtures/hermes/listing-budget-350.txt"),
            "mixed",
        ),
    ];
    for (budget, expected, form) in cases {
        let (assembly, description) = builtin_listing(budget);
        assert_eq!(assembly.listing_form, Some(form), "budget {budget}");
        assert_eq!(assembly.tier, 1);
        assert_eq!(assembly.budget_tokens, Some(budget));
        assert!(
            description.ends_with(&format!("\n\n{expected}")),
            "budget {budget}:\n{description}"
        );
        assert!(assembly.listing_tokens <= budget);
    }
}

#[test]
fn hermes_gives_up_where_a_mixed_form_fits_and_we_return_it() {
    // Deliberate difference: Hermes collapses groups largest names block first even when the
    // summary line is longer than the block. Here it would collapse the long-labelled one-tool
    // group first (text grows), then `a` (text shrinks, but not enough) and return `none` at
    // 58 tokens; the shortest mix (long group by name, `a` summarised) is 231 chars = 58 tokens.
    let label = "a-rather-long-server-label-for-testing";
    let tools = json!([
        mcp(&"b".repeat(40), label, "B.", json!({})),
        mcp(&"x".repeat(30), "a", "X.", json!({})),
        mcp(&"y".repeat(30), "a", "Y.", json!({})),
    ]);
    let mut ts = layer(json!({"threshold_pct": 100, "listing_max_tokens": 60000}));
    let (assembly, visible) = assemble_in(&mut ts, &tools, "s", Some(58));
    assert_eq!((assembly.listing_form, assembly.tier), (Some("mixed"), 1));
    let description = search_description(&visible);
    assert!(
        description.ends_with(&format!(
            "\na (2 tools — names not listed; discover via `tool_search`)\n{label} tools (1):\n{}",
            "b".repeat(40)
        )),
        "{description}"
    );
    // At a budget where Hermes also finds a mix, it would have summarised the long-labelled
    // group on the way; we keep its name.
    let (_, visible) = assemble_in(&mut ts, &tools, "s", Some(59));
    assert!(search_description(&visible).contains(&format!("{label} tools (1):")));
}

#[test]
fn the_builtin_catalog_degrades_to_its_shortest_mix_then_to_no_listing() {
    // The shortest mix of the 72 built-in tools is 1,343 chars = 336 tokens: Hermes and we
    // both list at 336 and give up at 335 (tier 2, bare bridge), and we say why in `warnings`.
    let (assembly, description) = builtin_listing(336);
    assert_eq!((assembly.listing_form, assembly.tier), (Some("mixed"), 1));
    assert!(
        description.contains("clarify tools (1):\nclarify"),
        "{description}"
    );
    let (assembly, description) = builtin_listing(335);
    assert_eq!((assembly.listing_form, assembly.tier), (Some("none"), 2));
    assert!(!description.contains("Deferred tool catalog"));
    assert!(assembly
        .warnings
        .iter()
        .any(|w| w.contains("budget of 335 tokens")));
}

#[test]
fn a_one_tool_summary_says_tool_not_tools() {
    // Deliberate difference: Hermes writes "(1 tools — …)".
    let long = "mcp__vault__rotate_every_credential_of_every_environment_at_once";
    let tools = json!([mcp(long, "vault", "Rotate.", json!({})), core("terminal")]);
    let mut ts = layer(json!({"threshold_pct": 100, "listing_max_tokens": 60000}));
    let (assembly, visible) = assemble_in(&mut ts, &tools, "s", Some(36));
    assert_eq!(assembly.listing_form, Some("groups"));
    let description = search_description(&visible);
    assert!(
        description.ends_with("vault (1 tool — names not listed; discover via `tool_search`)"),
        "{description}"
    );
}

#[test]
fn listing_framing_follows_the_form() {
    let tools: Value = serde_json::from_str(BUILTIN).unwrap();
    let mut ts =
        layer(json!({"core_tools": [], "threshold_pct": 100, "listing_max_tokens": 60000}));
    let full = search_description(&assemble_in(&mut ts, &tools, "s", Some(4000)).1);
    assert!(full.starts_with("Search 72 additional tools that are loaded on demand. "));
    assert!(full.contains(
        "\n\nEvery deferred capability is listed below. If a tool name appears here, do NOT claim \
         it is unavailable — load it with `tool_describe` (skip `tool_search` when you already \
         see the exact name).\n\nDeferred tool catalog"
    ));
    assert!(!full.contains("names not listed', the tools exist"));
    let mixed = search_description(&assemble_in(&mut ts, &tools, "s", Some(400)).1);
    assert!(mixed.contains(
        "see the exact name). For servers marked 'names not listed', the tools exist too — find \
         them with `tool_search` before concluding anything is missing.\n\n"
    ));
    // Three big servers: only the all-summary form fits.
    let mut big = Vec::new();
    for server in ["alpha", "bravo", "charlie"] {
        for i in 0..20 {
            big.push(mcp(
                &format!("{server}_operation_number_{i}"),
                server,
                "Do.",
                json!({}),
            ));
        }
    }
    let (assembly, visible) = assemble_in(&mut ts, &Value::Array(big), "s", Some(70));
    assert_eq!((assembly.listing_form, assembly.tier), (Some("groups"), 2));
    let groups = search_description(&visible);
    assert!(groups.contains("\n\nThe servers below are connected and their tools ARE available through this bridge. For any request in these domains, search here FIRST"));
    assert!(groups.ends_with("charlie (20 tools — names not listed; discover via `tool_search`)"));
}

#[test]
fn short_descriptions_are_the_first_sentence_clipped_at_sixty_characters() {
    let tools = json!([
        mcp("a_tool", "s", "Fetches things. Then does more.", json!({})),
        mcp("b_tool", "s", "Creates a very long winded description that will certainly go past sixty characters. Yes.", json!({})),
        mcp("c_tool", "s", "", json!({})),
    ]);
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble(&mut ts, &tools);
    assert_eq!(assembly.listing_form, Some("full"));
    let text = search_description(&visible);
    assert!(text.contains("- a_tool: Fetches things.\n"));
    assert!(
        text.contains("- b_tool: Creates a very long winded description that will certainly…\n")
    );
    assert!(text.ends_with("- c_tool"));
}

#[test]
fn the_listing_budget_is_the_smaller_of_the_percentage_and_the_cap() {
    let tools = catalog();
    let mut ts = layer(json!({}));
    assert_eq!(
        assemble_in(&mut ts, &tools, "s", Some(20_000))
            .0
            .budget_tokens,
        Some(1000)
    );
    assert_eq!(
        assemble_in(&mut ts, &tools, "s", Some(1_000_000))
            .0
            .budget_tokens,
        Some(4000)
    );
    // Unknown context counts as 200k (SPEC), not Hermes' 10k percentage leg.
    assert_eq!(
        assemble_in(&mut ts, &tools, "s", None).0.budget_tokens,
        Some(4000)
    );
    let mut ts = layer(json!({"threshold_pct": 1, "listing_max_tokens": 60000}));
    assert_eq!(
        assemble_in(&mut ts, &tools, "s", None).0.budget_tokens,
        Some(2000)
    );
}

#[test]
fn listing_off_keeps_the_bare_description() {
    let mut ts = layer(json!({"listing": "off"}));
    let (assembly, visible) = assemble(&mut ts, &catalog());
    assert!(assembly.active);
    assert_eq!((assembly.tier, assembly.listing_form), (2, Some("none")));
    let description = search_description(&visible);
    assert!(!description.contains("github_create_issue"));
    assert!(!description.contains("Deferred tool catalog"));
    assert!(assembly.warnings.is_empty());
}

#[test]
fn a_500_tool_catalog_at_a_1m_context_stays_within_the_default_cap() {
    let tools: Vec<Value> = (0..500)
        .map(|i| {
            mcp(
                &format!("tool_{i:03}_does_something"),
                &format!("server{}", i % 7),
                "Does something useful with a resource of the service.",
                json!({}),
            )
        })
        .collect();
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble_in(&mut ts, &Value::Array(tools), "s", Some(1_000_000));
    let search = visible
        .iter()
        .find(|t| name_of(t) == "tool_search")
        .unwrap();
    assert!(
        serde_json::to_string(search)
            .unwrap()
            .chars()
            .count()
            .div_ceil(4)
            < 4500
    );
    assert!(matches!(
        assembly.listing_form,
        Some("names" | "mixed" | "groups")
    ));
    assert!(assembly.listing_tokens <= 4000);
}

// ---------------------------------------------------------------- config

#[test]
fn missing_options_give_the_hermes_defaults() {
    let mut ts = layer(json!({}));
    assert!(ts.warnings().is_empty());
    let (assembly, _) = assemble(&mut ts, &catalog());
    assert_eq!(assembly.budget_tokens, Some(4000));
    let many: Vec<Value> = (0..30)
        .map(|i| {
            mcp(
                &format!("kanban_task_{i}"),
                "board",
                "Kanban task.",
                json!({}),
            )
        })
        .collect();
    let (_, _) = assemble(&mut ts, &Value::Array(many));
    let r = reply(&mut ts, "tool_search", json!({"queries": ["kanban task"]}));
    assert_eq!(r["results"][0]["matches"].as_array().unwrap().len(), 5);
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["kanban task"], "limit": 100}),
    );
    assert_eq!(r["results"][0]["matches"].as_array().unwrap().len(), 25);
}

#[test]
fn the_legacy_boolean_maps_true_to_auto_and_false_to_off() {
    let mut on = layer(json!({"enabled": true}));
    assert!(assemble(&mut on, &catalog()).0.active);
    let mut off = layer(json!({"enabled": false}));
    let (assembly, visible) = assemble(&mut off, &catalog());
    assert!(!assembly.active);
    assert_eq!(visible.len(), 6);
    let mut yes = layer(json!({"enabled": "yes"}));
    assert!(assemble(&mut yes, &catalog()).0.active);
    // The whole config as a boolean (SPEC 3.2: `tool_search: true` ≡ `{enabled: auto}`), as a
    // host may pass its Hermes `tools.tool_search` value straight in.
    let mut whole_on = ToolSearch::new(&json!(true)).unwrap();
    assert!(assemble(&mut whole_on, &catalog()).0.active);
    let mut whole_off = ToolSearch::new(&json!(false)).unwrap();
    let (assembly, visible) = assemble(&mut whole_off, &catalog());
    assert!(!assembly.active);
    assert_eq!(visible.len(), 6);
}

#[test]
fn out_of_range_values_are_clamped_and_reported() {
    let ts = layer(json!({"max_search_limit": 999, "search_default_limit": 999,
                          "threshold_pct": 150, "listing_max_tokens": 10}));
    let warnings = ts.warnings().join("\n");
    for key in [
        "max_search_limit",
        "search_default_limit",
        "threshold_pct",
        "listing_max_tokens",
    ] {
        assert!(warnings.contains(key), "{warnings}");
    }
    let mut ts = ts;
    let (assembly, _) = assemble_in(&mut ts, &catalog(), "s", Some(1_000_000));
    assert_eq!(assembly.budget_tokens, Some(200));
    assert_eq!(assembly.warnings.len(), 4);
}

#[test]
fn wrong_types_and_unknown_keys_are_invalid_config_naming_the_key() {
    for (options, key) in [
        (json!({"threshold_pct": "five"}), "threshold_pct"),
        (json!({"max_search_limit": 2.5}), "max_search_limit"),
        (json!({"defer": "terminal"}), "defer"),
        (json!({"listing": "sometimes"}), "listing"),
        (json!({"enabled": [true]}), "enabled"),
        (json!({"coreTools": [1]}), "coreTools"),
        (json!({"thresold_pct": 5}), "thresold_pct"),
    ] {
        let mut options = options;
        options["profile"] = json!("hermes");
        let err = ToolSearch::new(&options)
            .err()
            .unwrap_or_else(|| panic!("{options} accepted"));
        assert_eq!(err.code, ErrorCode::InvalidConfig);
        assert!(err.message.contains(key), "{}", err.message);
    }
}

#[test]
fn camel_case_aliases_are_accepted() {
    let mut ts = layer(
        json!({"maxSearchLimit": 3, "searchDefaultLimit": 2, "thresholdPct": 1,
                              "listingMaxTokens": 60000}),
    );
    assert!(ts.warnings().is_empty());
    let many: Vec<Value> = (0..10)
        .map(|i| {
            mcp(
                &format!("kanban_task_{i}"),
                "board",
                "Kanban task.",
                json!({}),
            )
        })
        .collect();
    let (assembly, _) = assemble_in(&mut ts, &Value::Array(many), "s", Some(1_000_000));
    assert_eq!(assembly.budget_tokens, Some(10_000));
    let r = reply(&mut ts, "tool_search", json!({"queries": ["kanban"]}));
    assert_eq!(r["results"][0]["matches"].as_array().unwrap().len(), 2);
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["kanban"], "limit": 9}),
    );
    assert_eq!(r["results"][0]["matches"].as_array().unwrap().len(), 3);
}

// ---------------------------------------------------------------- which tools defer

#[test]
fn core_tools_never_defer() {
    let core_names = [
        "terminal",
        "read_file",
        "write_file",
        "patch",
        "search_files",
        "todo",
        "memory",
        "browser_click",
        "web_search",
        "clarify",
        "execute_code",
        "delegate_task",
        "session_search",
        "send_message",
    ];
    let mut tools: Vec<Value> = core_names
        .iter()
        .map(|n| json!({"name": n, "description": "Core.", "source": "builtin"}))
        .collect();
    tools.push(json!({"name": "github_create_issue", "source": "github"}));
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble(&mut ts, &Value::Array(tools));
    assert_eq!(assembly.deferred, 1);
    let shown = names(&visible);
    for n in core_names {
        assert!(shown.contains(&n), "{n} hidden");
    }
    assert!(!shown.contains(&"github_create_issue"));
}

#[test]
fn the_core_working_set_survives_next_to_many_mcp_tools() {
    let mut tools = vec![core("terminal"), core("memory")];
    tools
        .extend((0..200).map(|i| mcp(&format!("mcp__cf__op_{i}"), "cloudflare", "Op.", json!({}))));
    tools.push(core("cronjob"));
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble(&mut ts, &Value::Array(tools));
    assert_eq!(
        names(&visible),
        vec![
            "terminal",
            "memory",
            "cronjob",
            "tool_search",
            "tool_describe",
            "tool_call"
        ]
    );
    assert_eq!(assembly.deferred, 200);
}

#[test]
fn unknown_tools_stay_visible_and_nothing_to_defer_passes_through() {
    let tools = json!([core("terminal"), {"name": "mystery", "description": "?"}]);
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble(&mut ts, &tools);
    assert!(!assembly.active);
    assert_eq!(assembly.tier, 0);
    assert_eq!(visible, tools.as_array().unwrap().clone());
    let with_mcp = json!([{"name": "mystery"}, {"name": "mcp__x__y"}]);
    let (assembly, visible) = assemble(&mut ts, &with_mcp);
    assert!(assembly.active);
    assert_eq!(names(&visible)[0], "mystery");
}

#[test]
fn explicit_kinds_and_the_defer_and_core_tools_options_decide() {
    let tools = json!([
        {"name": "terminal", "kind": "plugin"},
        {"name": "mcp__x__y", "kind": "core"},
        {"name": "read_file"},
        {"name": "my_tool", "source": "mine"},
    ]);
    let mut ts = layer(json!({}));
    assert_eq!(
        names(&assemble(&mut ts, &tools).1)[..3],
        ["mcp__x__y", "read_file", "tool_search"]
    );
    let mut ts = layer(json!({"defer": ["read_file", "mcp__x__y"]}));
    assert_eq!(names(&assemble(&mut ts, &tools).1)[0], "tool_search");
    let mut ts = layer(json!({"core_tools": ["my_*"]}));
    assert_eq!(
        names(&assemble(&mut ts, &tools).1)[..3],
        ["mcp__x__y", "read_file", "my_tool"]
    );
}

#[test]
fn off_never_activates() {
    let mut ts = layer(json!({"enabled": "off"}));
    let (assembly, visible) = assemble(&mut ts, &catalog());
    assert!(!assembly.active);
    assert_eq!(names(&visible).len(), 6);
}

#[test]
fn any_deferrable_tool_activates_whatever_the_context() {
    let tools = json!([core("terminal"), mcp("tiny", "s", "T.", json!({}))]);
    let mut ts = layer(json!({}));
    let (assembly, _) = assemble_in(&mut ts, &tools, "s", Some(10_000_000));
    assert!(assembly.active);
    assert_eq!((assembly.tier, assembly.deferred), (1, 1));
}

#[test]
fn the_token_estimate_grows_with_schema_size() {
    let small = json!([mcp("s0", "s", "Small.", json!({}))]);
    let big: Vec<Value> = (0..10)
        .map(|i| {
            let props: serde_json::Map<String, Value> = (0..30)
                .map(|p| {
                    (
                        format!("param_{p}"),
                        json!({"type": "string", "description": "A long parameter description."}),
                    )
                })
                .collect();
            mcp(
                &format!("b{i}"),
                "s",
                "Big.",
                json!({"type": "object", "properties": props}),
            )
        })
        .collect();
    let mut ts = layer(json!({}));
    let one = assemble(&mut ts, &small).0.deferred_tokens;
    let ten = assemble(&mut ts, &Value::Array(big)).0.deferred_tokens;
    assert!(one > 0 && ten > 10 * one, "{one} vs {ten}");
    let expected = (serde_json::to_string(&small[0]).unwrap().chars().count() as u64).div_ceil(4);
    assert_eq!(one, expected);
}

// ---------------------------------------------------------------- assembly

#[test]
fn visible_tools_keep_input_order_and_bridges_come_last_in_the_input_format() {
    let mut ts = layer(json!({}));
    let (assembly, visible) = assemble(&mut ts, &catalog());
    assert_eq!(
        names(&visible),
        vec![
            "terminal",
            "read_file",
            "tool_search",
            "tool_describe",
            "tool_call"
        ]
    );
    assert_eq!(assembly.deferred, 4);
    assert_eq!(visible[2]["type"], "function");
    assert_eq!(
        visible[2]["function"]["parameters"]["required"],
        json!(["queries"])
    );
    assert_eq!(
        visible[2]["function"]["parameters"]["properties"]["queries"]["type"],
        "array"
    );
    assert_eq!(
        visible[3]["function"]["parameters"]["properties"]["names"]["items"],
        json!({"type": "string"})
    );
    assert_eq!(
        visible[4]["function"]["parameters"]["required"],
        json!(["name", "arguments"])
    );
    let description = visible[2]["function"]["parameters"]["properties"]["queries"]["description"]
        .as_str()
        .unwrap();
    assert!(description.contains("A single string is accepted and treated as one query"));
    let limit = visible[2]["function"]["parameters"]["properties"]["limit"]["description"]
        .as_str()
        .unwrap();
    assert!(limit.contains("per query") && limit.contains("configured maximum (25 by default)"));
    // Anthropic input → Anthropic-shaped bridges.
    let anthropic =
        json!([{"name": "mcp__a__b", "description": "B.", "input_schema": {"type": "object"}}]);
    let (_, visible) = assemble(&mut ts, &anthropic);
    assert!(visible[0].get("input_schema").is_some() && visible[0]["name"] == "tool_search");
    // Responses input → Responses-shaped bridges that say they are not strict (the API may
    // otherwise hold their optional parameters to strict mode).
    let responses = json!([{"type": "function", "name": "mcp__a__b", "description": "B.", "parameters": {"type": "object"}}]);
    let (_, visible) = assemble(&mut ts, &responses);
    assert_eq!(
        (
            &visible[0]["name"],
            &visible[0]["strict"],
            visible[0].get("function")
        ),
        (&json!("tool_search"), &json!(false), None)
    );
    // Empty input: nothing to do.
    let (assembly, visible) = assemble(&mut ts, &json!([]));
    assert!(!assembly.active && visible.is_empty());
}

#[test]
fn assembly_is_idempotent_when_bridge_tools_are_already_present() {
    let mut ts = layer(json!({}));
    let (first, visible) = assemble(&mut ts, &catalog());
    let mut again = catalog().as_array().unwrap().clone();
    again.extend(
        visible
            .iter()
            .filter(|t| name_of(t).starts_with("tool_"))
            .cloned(),
    );
    let (second, visible2) = assemble(&mut ts, &Value::Array(again));
    assert_eq!(visible, visible2);
    assert_eq!(first.deferred, second.deferred);
    // A stale bridge tool alone is dropped even on passthrough.
    let stale = json!([core("terminal"), visible[2].clone()]);
    assert_eq!(names(&assemble(&mut ts, &stale).1), vec!["terminal"]);
}

#[test]
fn the_same_catalog_gives_the_same_bytes_and_servers_move_sessions_between_tiers() {
    let a = serde_json::to_string(&assemble(&mut layer(json!({})), &catalog()).1).unwrap();
    let b = serde_json::to_string(&assemble(&mut layer(json!({})), &catalog()).1).unwrap();
    assert_eq!(a, b);
    let mut ts = layer(json!({}));
    let small = json!([core("terminal"), mcp("x_op", "x", "Op.", json!({}))]);
    assert_eq!(assemble_in(&mut ts, &small, "s", Some(20_000)).0.tier, 1);
    let mut big = small.as_array().unwrap().clone();
    big.extend((0..400).map(|i| mcp(&format!("cf_op_number_{i}"), "cf", "Op.", json!({}))));
    let (assembly, visible) = assemble_in(&mut ts, &Value::Array(big), "s", Some(20_000));
    assert_eq!(assembly.listing_form, Some("mixed"));
    let description = search_description(&visible);
    assert!(description.contains(
        "cf (400 tools — names not listed; discover via `tool_search`)\nx tools (1):\nx_op"
    ));
    assert_eq!(
        assemble_in(&mut ts, &json!([core("terminal")]), "s", Some(20_000))
            .0
            .tier,
        0
    );
}

// ---------------------------------------------------------------- tool_search

#[test]
fn search_finds_the_relevant_tool_first_and_records_it_once() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["create a github issue", "github issue"]}),
    );
    let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["queries", "total_available", "results", "tools"]);
    assert_eq!(r["total_available"], 4);
    assert_eq!(r["results"][0]["query"], "create a github issue");
    assert_eq!(r["results"][0]["matches"][0], "github_create_issue");
    let record = &r["tools"]["github_create_issue"];
    assert_eq!(
        record,
        &json!({"source": "mcp", "source_name": "github",
        "description": "Create a new issue in a GitHub repository.", "required": ["repo", "title"]})
    );
    let mut matched: Vec<&str> = r["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| {
            g["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
        })
        .collect();
    matched.sort_unstable();
    matched.dedup();
    let mut in_map: Vec<&str> = r["tools"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    in_map.sort_unstable();
    assert_eq!(matched, in_map);
    assert!(r["results"][0].get("available_sources").is_none());
}

#[test]
fn the_limit_applies_per_query_and_is_parsed_like_hermes() {
    let mut ts = layer(json!({}));
    let tools: Vec<Value> = (0..12)
        .map(|i| mcp(&format!("issue_tool_{i}"), "t", "Issue helper.", json!({})))
        .collect();
    assemble(&mut ts, &Value::Array(tools));
    let count = |r: &Value, i: usize| r["results"][i]["matches"].as_array().unwrap().len();
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["issue", "helper"], "limit": 2}),
    );
    assert_eq!((count(&r, 0), count(&r, 1)), (2, 2));
    for (limit, n) in [
        (json!("3"), 3),
        (json!(4.7), 4),
        (json!(-1), 1),
        (json!("lots"), 5),
        (json!(null), 5),
    ] {
        let r = reply(
            &mut ts,
            "tool_search",
            json!({"queries": ["issue"], "limit": limit}),
        );
        assert_eq!(count(&r, 0), n, "{limit}");
    }
}

#[test]
fn a_bare_string_is_one_query_and_queries_are_trimmed_not_deduped() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": "  slack message "}),
    );
    assert_eq!(r["queries"], json!(["slack message"]));
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["slack", " ", "slack"]}),
    );
    assert_eq!(r["queries"], json!(["slack", "slack"]));
    // Bridge arguments given as JSON text work too.
    let r = reply(&mut ts, "tool_search", json!("{\"queries\": [\"slack\"]}"));
    assert_eq!(r["results"][0]["matches"][0], "slack_post_message");
}

#[test]
fn bad_queries_are_model_facing_errors_with_hermes_wording() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let e =
        |ts: &mut ToolSearch, args: Value| error_of(&reply(ts, "tool_search", args)).to_string();
    assert_eq!(
        e(&mut ts, json!({})),
        "queries is required and must be an array of strings"
    );
    assert_eq!(
        e(&mut ts, json!({"queries": 5})),
        "queries is required and must be an array of strings"
    );
    assert_eq!(
        e(&mut ts, json!({"queries": []})),
        "queries is required and must contain at least one non-empty string"
    );
    assert_eq!(
        e(&mut ts, json!({"queries": ["  ", ""]})),
        "queries is required and must contain at least one non-empty string"
    );
    let eight: Vec<String> = (0..8).map(|i| format!("q{i}")).collect();
    assert_eq!(
        e(&mut ts, json!({"queries": eight})),
        "too many queries: 8 > max 7. Retry with fewer, more targeted queries."
    );
    assert!(
        reply(&mut ts, "tool_search", json!({"queries": vec!["q"; 7]}))
            .get("error")
            .is_none()
    );
    assert!(e(&mut ts, json!({"queries": ["x".repeat(5000)]})).contains("too long"));
    assert!(e(&mut ts, json!([1, 2])).contains("must be a JSON object"));
}

#[test]
fn an_empty_group_keeps_the_connected_sources_discoverable() {
    let mut ts = layer(json!({}));
    assemble(
        &mut ts,
        &json!([
            core("terminal"),
            mcp(
                "recover_backup",
                "recovery-catalog",
                "Recover a backup.",
                json!({})
            )
        ]),
    );
    let r = reply(&mut ts, "tool_search", json!({"queries": ["zzqx wvvy"]}));
    assert_eq!(r["tools"], json!({}));
    assert_eq!(r["total_available"], 1);
    let group = &r["results"][0];
    assert_eq!(group["matches"], json!([]));
    assert_eq!(
        group["available_sources"],
        json!([{"name": "recovery-catalog", "tool_count": 1}])
    );
    let hint = group["hint"].as_str().unwrap();
    assert!(hint.contains("remain available") && hint.contains("before concluding"));
    assert!(r.get("available_sources").is_none() && r.get("hint").is_none());
}

#[test]
fn only_the_empty_group_of_a_partial_miss_gets_the_fallback() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["slack message", "zzqx wvvy"]}),
    );
    assert!(r["results"][0].get("available_sources").is_none());
    assert_eq!(
        r["results"][1]["available_sources"],
        json!([
        {"name": "github", "tool_count": 2}, {"name": "linear", "tool_count": 1}, {"name": "slack", "tool_count": 1}])
    );
    assert!(r["results"][1]["hint"]
        .as_str()
        .unwrap()
        .starts_with("This query returned no lexical matches"));
}

#[test]
fn records_clip_descriptions_and_bound_required_names() {
    let required: Vec<String> = (0..40)
        .map(|i| format!("{i}_{}", "r".repeat(100)))
        .collect();
    let tools = json!([
        mcp(
            "long_tool",
            "s",
            &"word ".repeat(200),
            json!({"type": "object", "required": required})
        ),
        mcp(
            "odd_tool",
            "s",
            "Odd schema.",
            json!({"type": "object", "required": "title"})
        ),
        mcp(
            "mixed_tool",
            "s",
            "Mixed required.",
            json!({"type": "object", "required": ["a", 3, null]})
        ),
    ]);
    let mut ts = layer(json!({}));
    assemble(&mut ts, &tools);
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": ["long_tool", "odd_tool", "mixed_tool"]}),
    );
    let long = &r["tools"]["long_tool"];
    let description = long["description"].as_str().unwrap();
    assert_eq!(description.chars().count(), 501);
    assert!(description.ends_with('…'));
    let names = long["required"].as_array().unwrap();
    assert_eq!(names.len(), 32);
    assert!(names
        .iter()
        .all(|n| n.as_str().unwrap().chars().count() == 64));
    assert_eq!(r["tools"]["odd_tool"]["required"], json!([]));
    assert_eq!(r["tools"]["mixed_tool"]["required"], json!(["a"]));
}

// ---------------------------------------------------------------- tool_describe

#[test]
fn describe_batches_schemas_and_classifies_each_name() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let r = reply(
        &mut ts,
        "tool_describe",
        json!({"names": [
        "slack_post_message", "nope", "terminal", "slack_post_message", " github_create_issue ", "tool_call", "also_nope"]}),
    );
    let tools = r["tools"].as_object().unwrap();
    assert_eq!(
        tools.keys().collect::<Vec<_>>(),
        ["slack_post_message", "github_create_issue"]
    );
    assert_eq!(
        tools["slack_post_message"]["parameters"]["required"],
        json!(["channel", "text"])
    );
    assert_eq!(
        tools["slack_post_message"]["description"],
        "Post a message to a Slack channel."
    );
    assert_eq!(r["not_found"], json!(["nope", "also_nope"]));
    assert_eq!(
        r["hint"],
        "Names in not_found are not currently available. Re-run tool_search to refresh."
    );
    assert_eq!(r["errors"]["terminal"], "'terminal' is not a deferrable tool. If you see it in the tools list already, call it directly; otherwise check the spelling against tool_search.");
    assert!(r["errors"].get("tool_call").is_some());
    let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["tools", "not_found", "hint", "errors"]);
    let r = reply(
        &mut ts,
        "tool_describe",
        json!({"names": "slack_post_message"}),
    );
    assert_eq!(r.as_object().unwrap().keys().collect::<Vec<_>>(), ["tools"]);
    // The list encoded as JSON text (models do this), where Hermes would look for one tool
    // named `["slack_post_message", …]`; and the same for tool_search's queries.
    let r = reply(
        &mut ts,
        "tool_describe",
        json!({"names": "[\"slack_post_message\", \"github_create_issue\"]"}),
    );
    let described: Vec<&String> = r["tools"].as_object().unwrap().keys().collect();
    assert_eq!(described, ["slack_post_message", "github_create_issue"]);
    let r = reply(
        &mut ts,
        "tool_search",
        json!({"queries": "[\"slack message\", \"github issue\"]"}),
    );
    assert_eq!(r["results"].as_array().map(Vec::len), Some(2), "{r}");
}

#[test]
fn describe_rejects_empty_and_over_cap_batches() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let e =
        |ts: &mut ToolSearch, args: Value| error_of(&reply(ts, "tool_describe", args)).to_string();
    assert_eq!(
        e(&mut ts, json!({})),
        "names is required and must be an array of strings"
    );
    assert_eq!(
        e(&mut ts, json!({"names": [" "]})),
        "names is required and must contain at least one non-empty string"
    );
    let eleven: Vec<String> = (0..11).map(|i| format!("n{i}")).collect();
    assert_eq!(
        e(&mut ts, json!({"names": eleven})),
        "too many names: 11 > max 10. Retry with fewer names per call."
    );
    // Duplicates count once toward the cap.
    assert!(
        reply(&mut ts, "tool_describe", json!({"names": vec!["a"; 20]}))
            .get("error")
            .is_none()
    );
}

// ---------------------------------------------------------------- tool_call

fn dispatch(ts: &mut ToolSearch, args: Value) -> (String, Value) {
    match handle_in(ts, "s", "tool_call", args) {
        Handled::Dispatch { name, arguments } => (name, arguments),
        Handled::Reply(v) => panic!("expected a dispatch, got {v}"),
    }
}

#[test]
fn tool_call_dispatches_the_underlying_tool() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let args = json!({"channel": "#a", "text": "hi"});
    assert_eq!(
        dispatch(
            &mut ts,
            json!({"name": "slack_post_message", "arguments": args})
        ),
        ("slack_post_message".to_string(), args.clone())
    );
    assert_eq!(
        dispatch(
            &mut ts,
            json!({"name": "slack_post_message", "arguments": args.to_string()})
        )
        .1,
        args
    );
}

#[test]
fn blank_arguments_mean_no_arguments_and_bad_ones_are_explained() {
    let tools = json!([mcp(
        "todo_list",
        "todo",
        "List todos.",
        json!({"type": "object", "properties": {}})
    )]);
    let mut ts = layer(json!({}));
    assemble(&mut ts, &tools);
    for blank in [json!(""), json!("   "), json!(null)] {
        assert_eq!(
            dispatch(&mut ts, json!({"name": "todo_list", "arguments": blank})),
            ("todo_list".to_string(), json!({}))
        );
    }
    assert_eq!(dispatch(&mut ts, json!({"name": "todo_list"})).1, json!({}));
    let e = |ts: &mut ToolSearch, args: Value| error_of(&reply(ts, "tool_call", args)).to_string();
    // Arguments flattened beside the name were dropped (the tool ran with none): the model is
    // told where they go instead.
    for flat in [
        json!({"name": "todo_list", "status": "open"}),
        json!({"name": "todo_list", "arguments": null, "status": "open"}),
    ] {
        assert_eq!(
            e(&mut ts, flat),
            "tool_call has no 'arguments', but 'status' was sent beside 'name'. The tool was NOT invoked: \
             put its arguments inside 'arguments', as {\"name\": \"todo_list\", \"arguments\": {…}}."
        );
    }
    assert!(
        e(&mut ts, json!({"name": "todo_list", "arguments": "{oops"}))
            .starts_with("tool_call 'arguments' is not valid JSON: ")
    );
    assert_eq!(
        e(&mut ts, json!({"name": "todo_list", "arguments": [1]})),
        "tool_call 'arguments' must be an object"
    );
    assert_eq!(
        e(&mut ts, json!({"name": "todo_list", "arguments": "[1]"})),
        "tool_call 'arguments' must be an object"
    );
    assert_eq!(
        e(&mut ts, json!({"arguments": {}})),
        "tool_call requires a 'name' argument"
    );
    assert_eq!(
        e(&mut ts, json!({"name": "  "})),
        "tool_call requires a 'name' argument"
    );
    assert_eq!(
        e(&mut ts, json!({"name": "tool_search"})),
        "tool_call cannot invoke 'tool_search' (it is itself a bridge tool)"
    );
}

#[test]
fn tool_call_refuses_directly_listed_and_out_of_session_tools() {
    let mut tools = catalog().as_array().unwrap().clone();
    tools.push(mcp(
        "mcp__gh__merge_pull_request",
        "gh",
        "Merge a PR.",
        json!({}),
    ));
    let mut ts = layer(json!({}));
    assemble(&mut ts, &Value::Array(tools));
    let e = |ts: &mut ToolSearch, args: Value| error_of(&reply(ts, "tool_call", args)).to_string();
    let core = e(&mut ts, json!({"name": "terminal", "arguments": {}}));
    assert_eq!(
        core,
        "'terminal' is not a deferrable tool. If it appears in the model-facing tools list \
         already, call it directly instead of via tool_call."
    );
    let unknown = e(
        &mut ts,
        json!({"name": "deploy_everything", "arguments": {}}),
    );
    assert_eq!(unknown, "'deploy_everything' is not available in this session. Use tool_search to find tools you can call.");
    let near = e(
        &mut ts,
        json!({"name": "merge-pull-request", "arguments": {}}),
    );
    assert!(
        near.ends_with(" Did you mean 'mcp__gh__merge_pull_request'?"),
        "{near}"
    );
    // Arguments flattened beside such a name: the name's reason comes first, not advice on
    // where the arguments go (which a retry would only trade for that reason).
    assert_eq!(
        e(&mut ts, json!({"name": "terminal", "command": "ls"})),
        core
    );
    assert_eq!(
        e(
            &mut ts,
            json!({"name": " deploy_everything ", "force": true})
        ),
        unknown
    );
    // A name longer than any tool's (512 bytes) is echoed clipped, not a megabyte back.
    let huge = "é".repeat(500_000);
    let clipped = format!("{}…", "é".repeat(256));
    assert_eq!(
        e(&mut ts, json!({"name": huge, "arguments": {}})),
        format!("'{clipped}' is not available in this session. Use tool_search to find tools you can call.")
    );
    let described = reply(&mut ts, "tool_describe", json!({"names": [huge]}));
    assert_eq!(described["not_found"], json!([clipped]));
}

#[test]
fn missing_required_arguments_return_the_schema_instead_of_dispatching() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let r = reply(
        &mut ts,
        "tool_call",
        json!({"name": "linear_create_issue", "arguments": {"title": "t"}}),
    );
    assert_eq!(r["error"], "tool_call to 'linear_create_issue' is missing required argument(s): team. The tool was NOT invoked.");
    assert_eq!(
        (r["path"].as_str(), r["constraint"].as_str()),
        (Some("arguments"), Some("required"))
    );
    assert_eq!(r["parameters"]["required"], json!(["title", "team"]));
    assert_eq!(
        r["hint"],
        "Retry tool_call with 'arguments' matching the parameters schema above."
    );
    let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["error", "path", "constraint", "parameters", "hint"]);
}

#[test]
fn invalid_arguments_are_blocked_with_the_failing_path_and_keyword() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let base = json!({"title": "t", "team": "x"});
    let cases = [
        (json!({"priority": "urgent"}), "arguments.priority", "enum"),
        (
            json!({"options": {"count": "many"}}),
            "arguments.options.count",
            "type",
        ),
        (json!({"options": {}}), "arguments.options", "required"),
        (
            json!({"options": {"count": 1, "extra": true}}),
            "arguments.options",
            "additionalProperties",
        ),
        (json!({"options": ""}), "arguments.options", "type"),
        (json!({"title": 5}), "arguments.title", "type"),
    ];
    for (extra, path, constraint) in cases {
        let mut args = base.clone();
        for (k, v) in extra.as_object().unwrap() {
            args[k] = v.clone();
        }
        let r = reply(
            &mut ts,
            "tool_call",
            json!({"name": "linear_create_issue", "arguments": args}),
        );
        assert_eq!(
            (r["path"].as_str(), r["constraint"].as_str()),
            (Some(path), Some(constraint)),
            "{r}"
        );
        let message = r["error"].as_str().unwrap();
        assert!(
            message.contains(&format!(
                "failed argument validation at {path} ({constraint})"
            )) && message.ends_with("The tool was NOT invoked."),
            "{message}"
        );
        assert_eq!(r["parameters"], catalog()[4]["function"]["parameters"]);
    }
}

#[test]
fn coercible_arguments_are_repaired_before_dispatch() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let (_, args) = dispatch(
        &mut ts,
        json!({"name": "slack_post_message",
        "arguments": {"channel": "#a", "text": "hi", "limit": "42", "note": null}}),
    );
    assert_eq!(
        args,
        json!({"channel": "#a", "text": "hi", "limit": 42, "note": null})
    );
    for blank in [json!({}), json!(""), json!("{}")] {
        let (_, args) = dispatch(
            &mut ts,
            json!({"name": "slack_post_message",
            "arguments": {"channel": "#a", "text": "hi", "metadata": blank}}),
        );
        assert_eq!(args["metadata"], json!({}));
    }
    let (_, args) = dispatch(
        &mut ts,
        json!({"name": "linear_create_issue",
        "arguments": {"title": "t", "team": "x", "priority": "low", "options": {"count": 2}}}),
    );
    assert_eq!(args["options"], json!({"count": 2}));
}

#[test]
fn schemas_that_cannot_be_checked_never_block() {
    let mut deep = json!({"type": "integer"});
    for _ in 0..40 {
        deep = json!({"type": "object", "properties": {"a": deep}});
    }
    let tools = json!([
        mcp(
            "ref_tool",
            "s",
            "Ref.",
            json!({"type": "object", "properties": {"x": {"$ref": "https://example.com/x.json"}}})
        ),
        mcp(
            "local_ref_tool",
            "s",
            "Ref.",
            json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "integer"}}})
        ),
        mcp(
            "odd_tool",
            "s",
            "Odd.",
            json!({"type": "object", "properties": "oops", "required": "x"})
        ),
        mcp(
            "unknown_keywords",
            "s",
            "Odd.",
            json!({"type": "object", "properties": {"x": {"type": "strang", "pattern": "["}}})
        ),
        mcp("deep_tool", "s", "Deep.", deep),
        // Malformed beside the property the call gets wrong: jsonschema refuses the whole
        // schema, so Hermes dispatches.
        mcp(
            "date_type_elsewhere",
            "s",
            "Odd.",
            json!({"type": "object", "properties": {"when": {"type": "date"}, "x": {"type": "integer"}}})
        ),
        mcp(
            "draft3_required",
            "s",
            "Odd.",
            json!({"type": "object", "properties": {"id": {"type": "string", "required": true}, "x": {"type": "integer"}}})
        ),
        mcp(
            "negative_length",
            "s",
            "Odd.",
            json!({"type": "object", "properties": {"s": {"type": "string", "maxLength": -1}, "x": {"type": "integer"}}})
        ),
        mcp(
            "literal_tool",
            "s",
            "Literal.",
            json!({"type": "object", "properties": {"x": {"enum": [{"$ref": "literal"}]}}})
        ),
    ]);
    let mut ts = layer(json!({}));
    assemble(&mut ts, &tools);
    for name in [
        "ref_tool",
        "local_ref_tool",
        "odd_tool",
        "unknown_keywords",
        "deep_tool",
        "date_type_elsewhere",
        "draft3_required",
        "negative_length",
    ] {
        let (n, args) = dispatch(
            &mut ts,
            json!({"name": name, "arguments": {"x": "not an int"}}),
        );
        assert_eq!((n.as_str(), args), (name, json!({"x": "not an int"})));
    }
    // Deeper than the checked depth: even a top-level type mismatch dispatches.
    assert_eq!(
        dispatch(&mut ts, json!({"name": "deep_tool", "arguments": {"a": 5}})).1,
        json!({"a": 5})
    );
    // A literal enum that merely looks like a `$ref` is still enforced.
    assert!(
        dispatch(
            &mut ts,
            json!({"name": "literal_tool", "arguments": {"x": {"$ref": "literal"}}})
        )
        .0 == "literal_tool"
    );
    let r = reply(
        &mut ts,
        "tool_call",
        json!({"name": "literal_tool", "arguments": {"x": 1}}),
    );
    assert_eq!(r["constraint"], "enum");
}

#[test]
fn hostile_deeply_nested_arguments_are_refused_without_overflowing() {
    let mut ts = layer(json!({}));
    assemble(&mut ts, &catalog());
    let mut deep = json!(1);
    for _ in 0..10_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut arguments = serde_json::Map::new();
    arguments.insert("channel".into(), deep);
    let mut call = serde_json::Map::new();
    call.insert("name".into(), json!("slack_post_message"));
    call.insert("arguments".into(), Value::Object(arguments));
    let call = Value::Object(call);
    let ctx = CallContext {
        session_id: "s",
        ..CallContext::default()
    };
    let Ok(Some(Handled::Reply(r))) = ts.handle("tool_call", &call, &ctx) else {
        panic!("expected a reply");
    };
    assert!(error_of(&r).contains("nests deeper than 128 levels"));
    assert!(unwrap("tool_call", &call).is_none());
    std::mem::forget(call); // dropping 10,000 levels recursively is the test's problem, not ours
                            // Deeply nested JSON text is refused by the parser with a typed error.
    let text = format!("{}\"x\"{}", "[".repeat(10_000), "]".repeat(10_000));
    let r = reply(
        &mut ts,
        "tool_call",
        json!({"name": "slack_post_message", "arguments": text}),
    );
    assert!(error_of(&r).starts_with("tool_call 'arguments' is not valid JSON"));
}

// ---------------------------------------------------------------- scope and helpers

#[test]
fn each_session_only_reaches_its_own_deferred_tools() {
    let mut ts = layer(json!({}));
    let all = catalog();
    let slack_only = json!([core("terminal"), all[5].clone()]);
    assemble_in(&mut ts, &all, "parent", None);
    assemble_in(&mut ts, &slack_only, "sub", None);
    let r = reply_in(
        &mut ts,
        "sub",
        "tool_search",
        json!({"queries": ["github issue", "slack"]}),
    );
    assert_eq!(r["total_available"], 1);
    assert_eq!(r["results"][0]["matches"], json!([]));
    assert!(r["tools"].get("github_create_issue").is_none());
    let r = reply_in(
        &mut ts,
        "sub",
        "tool_describe",
        json!({"names": ["github_create_issue"]}),
    );
    assert_eq!(r["not_found"], json!(["github_create_issue"]));
    let r = reply_in(
        &mut ts,
        "sub",
        "tool_call",
        json!({"name": "github_create_issue", "arguments": {"repo": "a", "title": "b"}}),
    );
    assert!(error_of(&r).contains("not available in this session"));
    let r = reply_in(
        &mut ts,
        "parent",
        "tool_search",
        json!({"queries": ["github issue"]}),
    );
    assert_eq!(r["total_available"], 4);
    assert!(matches!(
        handle_in(
            &mut ts,
            "parent",
            "tool_call",
            json!({"name": "github_create_issue", "arguments": {"repo": "a", "title": "b"}})
        ),
        Handled::Dispatch { .. }
    ));
    let ctx = CallContext {
        session_id: "never-assembled",
        ..CallContext::default()
    };
    let err = ts
        .handle("tool_search", &json!({"queries": ["x"]}), &ctx)
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::UnknownSession);
    assert!(ts.handle("terminal", &json!({}), &ctx).unwrap().is_none());
}

#[test]
fn hosts_can_unwrap_a_tool_call_and_plan_parallel_batches() {
    assert_eq!(
        unwrap(
            "tool_call",
            &json!({"name": "slack_post_message", "arguments": "{\"a\":1}"})
        ),
        Some(("slack_post_message".to_string(), json!({"a": 1})))
    );
    assert_eq!(
        unwrap("tool_call", &json!({"name": "x", "arguments": null})),
        Some(("x".to_string(), json!({})))
    );
    assert_eq!(unwrap("tool_call", &json!({"name": "tool_search"})), None);
    assert_eq!(
        unwrap("tool_call", &json!({"name": "x", "arguments": "{"})),
        None
    );
    assert_eq!(unwrap("terminal", &json!({"name": "x"})), None);
    assert!(is_parallel_safe("tool_search") && is_parallel_safe("tool_describe"));
    assert!(!is_parallel_safe("tool_call") && !is_parallel_safe("terminal"));
}

#[test]
fn the_byte_exact_name_comes_before_other_name_matches_inside_a_limit_of_1() {
    // Name matches are case-insensitive and ignore an `mcp__server__` prefix, and they were
    // ranked in catalog order: `create_issue` with limit 1 gave another server's
    // `mcp__github__create_issue`, whose schema the model then read and called.
    let mut ts = ToolSearch::new(&json!({})).unwrap();
    let prepared = ts
        .prepare_json(
            r#"[{"name":"mcp__github__create_issue","source":"github"},{"name":"create_issue","source":"jira"},
                {"name":"delete_repo","source":"a"},{"name":"Delete_Repo","source":"b"}]"#,
        )
        .unwrap();
    let first = |query: &str| prepared.search(query, 1, false)[0].name.clone();
    assert_eq!(first("create_issue"), "create_issue");
    assert_eq!(first(" Delete_Repo "), "Delete_Repo");
    assert_eq!(first("delete_repo"), "delete_repo");
    // No byte-exact name: catalog order among the name matches, as before.
    assert_eq!(first("CREATE_ISSUE"), "mcp__github__create_issue");
    let both = prepared.search("create_issue", 10, false);
    let names: Vec<&str> = both.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names[..2], ["create_issue", "mcp__github__create_issue"]);
    assert!(both[0].score.is_none() && both[1].score.is_none());
    let ctx = AssembleContext {
        session_id: "s",
        context_window: Some(100),
        ..AssembleContext::default()
    };
    ts.assemble(prepared, &ctx).unwrap();
    let call_ctx = CallContext {
        session_id: "s",
        ..CallContext::default()
    };
    let reply = match ts
        .handle(
            "tool_search",
            &json!({"queries": ["create_issue", "Delete_Repo"], "limit": 1}),
            &call_ctx,
        )
        .unwrap()
    {
        Some(Handled::Reply(reply)) => reply,
        other => panic!("{other:?}"),
    };
    let tools: Vec<&str> = reply["tools"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(tools, ["create_issue", "Delete_Repo"], "{reply}");
}

#[test]
fn unwrap_names_the_tool_that_handle_dispatches_however_the_call_is_encoded() {
    // An approval decided on the unwrapped name must see the tool that will run: a call the
    // model encoded twice used to be dispatched by `handle` but unwrapped as "tool_call".
    let mut ts = ToolSearch::new(&json!({})).unwrap();
    let prepared = ts
        .prepare_json(r#"[{"name":"delete_repo","source":"github","inputSchema":{"type":"object","properties":{"repo":{"type":"string"}}}}]"#)
        .unwrap();
    let ctx = AssembleContext {
        session_id: "s",
        context_window: Some(100),
        ..AssembleContext::default()
    };
    ts.assemble(prepared, &ctx).unwrap();
    let call = json!({"name": "delete_repo", "arguments": {"repo": "prod"}});
    let once = Value::String(call.to_string());
    let twice = Value::String(once.to_string());
    let call_ctx = CallContext {
        session_id: "s",
        ..CallContext::default()
    };
    for args in [call, once, twice] {
        let unwrapped = ts.unwrap("tool_call", &args);
        assert_eq!(unwrapped.name, "delete_repo", "{args}");
        assert_eq!(unwrapped.arguments, json!({"repo": "prod"}));
        assert_eq!(unwrapped.bridge.as_deref(), Some("tool_call"));
        match ts.handle("tool_call", &args, &call_ctx).unwrap() {
            Some(Handled::Dispatch { name, .. }) => assert_eq!(name, "delete_repo"),
            other => panic!("{args}: {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- properties

mod properties {
    use super::*;
    use proptest::prelude::*;
    use tool_search::hermes::listing;
    use tool_search::Tool;

    fn arb_tools() -> impl Strategy<Value = Vec<Value>> {
        prop::collection::vec(
            (0usize..4, "[a-z]{1,3}", "[a-z_]{1,40}", "[A-Za-z .,!?é]{0,120}"),
            0..40,
        )
        .prop_map(|specs| {
            specs
                .into_iter()
                .enumerate()
                .map(|(i, (kind, source, name, description))| {
                    let name = format!("{name}_{i}");
                    match kind {
                        0 => json!({"name": name, "description": description}),
                        1 => json!({"name": "terminal_".to_string() + &name, "kind": "core"}),
                        2 => json!({"name": format!("mcp__{source}__{name}"), "description": description}),
                        _ => json!({"type": "function", "function": {"name": name, "description": description,
                                    "parameters": {"type": "object"}}, "source": source}),
                    }
                })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn the_listing_never_exceeds_its_budget(tools in arb_tools(), budget in 0u64..600) {
            let parsed: Vec<Tool> = tools.into_iter().enumerate()
                .map(|(i, v)| Tool::from_value(v, i).unwrap()).collect();
            let refs: Vec<&Tool> = parsed.iter().collect();
            let l = listing::build(&refs, budget, None);
            if let Some(text) = &l.text {
                prop_assert!((text.chars().count() as u64).div_ceil(4) <= budget);
            } else {
                prop_assert_eq!(l.form, "none");
            }
        }

        #[test]
        fn assembly_is_idempotent_and_byte_stable(tools in arb_tools(), context in 1_000u64..400_000) {
            let tools = Value::Array(tools);
            let mut ts = layer(json!({}));
            let (a, first) = assemble_in(&mut ts, &tools, "s", Some(context));
            prop_assert!(a.listing_tokens <= a.budget_tokens.unwrap_or(0));
            let mut again = tools.as_array().unwrap().clone();
            again.extend(first.iter().filter(|t| name_of(t).starts_with("tool_")).cloned());
            let (_, second) = assemble_in(&mut ts, &Value::Array(again), "s", Some(context));
            prop_assert_eq!(&first, &second);
            let (_, fresh) = assemble_in(&mut layer(json!({})), &tools, "s", Some(context));
            prop_assert_eq!(serde_json::to_string(&first).unwrap(), serde_json::to_string(&fresh).unwrap());
        }
    }
}
