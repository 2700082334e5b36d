//! Two sessions of one layer with different tool lists, on the bundled sample catalog: neither
//! can search, describe or call the other's tools, a shared name resolves to each session's
//! own definition, and the aalis discovered registry never crosses sessions.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::{json, Value};
use tool_search::{AssembleContext, CallContext, ErrorCode, Handled, ToolSearch, Visible};

const SAMPLE: &str = include_str!("../samples/catalog.json");

/// Session "github": the GitHub and Slack servers. Session "stripe": Stripe and Notion, plus
/// a different tool that happens to be called `create_issue` too.
fn lists() -> (Vec<Value>, Vec<Value>) {
    let all: Vec<Value> = serde_json::from_str(SAMPLE).unwrap();
    let from = |sources: &[&str]| -> Vec<Value> {
        all.iter()
            .filter(|t| sources.contains(&t["source"].as_str().unwrap_or_default()))
            .cloned()
            .collect()
    };
    let github = from(&["mcp-github", "mcp-slack"]);
    let mut stripe = from(&["stripe", "notion"]);
    stripe.push(json!({
        "name": "create_issue",
        "description": "Open a billing dispute ticket with Stripe support",
        "inputSchema": {"type": "object", "properties": {"charge": {"type": "string"}}, "required": ["charge"]},
        "source": "stripe"
    }));
    (github, stripe)
}

fn layer(profile: &str, github: &[Value], stripe: &[Value]) -> ToolSearch {
    let options = match profile {
        "aalis" => json!({"profile": "aalis", "maxDirectTools": 0}),
        other => json!({"profile": other, "enabled": "on"}),
    };
    let mut ts = ToolSearch::new(&options).unwrap();
    for (session, tools) in [("github", github), ("stripe", stripe)] {
        let prepared = ts
            .prepare_json(&serde_json::to_string(tools).unwrap())
            .unwrap();
        let ctx = AssembleContext {
            session_id: session,
            context_window: Some(200_000),
            ..AssembleContext::default()
        };
        ts.assemble(prepared, &ctx).unwrap();
    }
    ts
}

fn handle(ts: &mut ToolSearch, session: &str, name: &str, args: Value) -> Handled {
    let ctx = CallContext {
        session_id: session,
        ..CallContext::default()
    };
    ts.handle(name, &args, &ctx).unwrap().unwrap()
}

fn reply(handled: Handled) -> Value {
    match handled {
        Handled::Reply(value) => value,
        other => panic!("expected a reply, got {other:?}"),
    }
}

fn names(list: &[Value]) -> Vec<&str> {
    list.iter().map(|t| t["name"].as_str().unwrap()).collect()
}

#[test]
fn hermes_sessions_never_search_describe_or_call_each_others_tools() {
    let (github, stripe) = lists();
    let (gh, st) = (names(&github), names(&stripe));
    let mut ts = layer("hermes", &github, &stripe);

    let found = reply(handle(
        &mut ts,
        "github",
        "tool_search",
        json!({"queries": ["post slack message", "create customer"], "limit": 25}),
    ));
    let matches: Vec<&str> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["matches"].as_array().unwrap())
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(matches.contains(&"slack_post_message"), "{found}");
    assert!(matches.iter().all(|n| gh.contains(n)), "{found}");
    assert!(found["tools"]
        .as_object()
        .unwrap()
        .keys()
        .all(|n| gh.contains(&n.as_str())));

    let found = reply(handle(
        &mut ts,
        "stripe",
        "tool_search",
        json!({"queries": ["post slack message"], "limit": 25}),
    ));
    assert!(found["tools"]
        .as_object()
        .unwrap()
        .keys()
        .all(|n| st.contains(&n.as_str())));
    assert!(
        found["tools"].get("slack_post_message").is_none(),
        "{found}"
    );

    // Describe: a name of the other session is not found, a shared name is the session's own.
    let described = reply(handle(
        &mut ts,
        "stripe",
        "tool_describe",
        json!({"names": ["slack_post_message", "create_issue"]}),
    ));
    assert_eq!(described["not_found"], json!(["slack_post_message"]));
    assert!(described["tools"]["create_issue"]["description"]
        .as_str()
        .unwrap()
        .contains("billing dispute"));
    let described = reply(handle(
        &mut ts,
        "github",
        "tool_describe",
        json!({"names": ["create_customer", "create_issue"]}),
    ));
    assert_eq!(described["not_found"], json!(["create_customer"]));
    assert!(described["tools"]["create_issue"]["description"]
        .as_str()
        .unwrap()
        .contains("GitHub"));

    // Call: the other session's tool is refused; a shared name is checked against the
    // session's own schema.
    let refused = reply(handle(
        &mut ts,
        "github",
        "tool_call",
        json!({"name": "create_customer", "arguments": {"name": "Ada"}}),
    ));
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("create_customer"));
    let refused = reply(handle(
        &mut ts,
        "stripe",
        "tool_call",
        json!({"name": "create_issue", "arguments": {"owner": "o", "repo": "r", "title": "t"}}),
    ));
    assert_eq!(refused["constraint"], "required", "{refused}");
    match handle(
        &mut ts,
        "stripe",
        "tool_call",
        json!({"name": "create_issue", "arguments": {"charge": "ch_1"}}),
    ) {
        Handled::Dispatch { name, arguments } => {
            assert_eq!(name, "create_issue");
            assert_eq!(arguments, json!({"charge": "ch_1"}));
        }
        other => panic!("expected a dispatch, got {other:?}"),
    }
}

#[test]
fn vibeos_sessions_never_search_describe_or_call_each_others_tools() {
    let (github, stripe) = lists();
    let st = names(&stripe);
    let mut ts = layer("vibeos", &github, &stripe);
    let found = reply(handle(
        &mut ts,
        "stripe",
        "tool_search",
        json!({"query": "slack message channel", "limit": 20}),
    ));
    let matches = found["matches"].as_array().unwrap();
    assert!(matches
        .iter()
        .all(|m| st.contains(&m["name"].as_str().unwrap())));
    let found = reply(handle(
        &mut ts,
        "github",
        "tool_search",
        json!({"query": "slack message channel"}),
    ));
    assert_eq!(found["matches"][0]["name"], "slack_post_message", "{found}");
    let described = reply(handle(
        &mut ts,
        "stripe",
        "tool_describe",
        json!({"name": "slack_post_message"}),
    ));
    assert!(described["error"].is_string(), "{described}");
    let refused = reply(handle(
        &mut ts,
        "stripe",
        "tool_call",
        json!({"name": "slack_post_message", "arguments": {"channel_id": "C1", "text": "hi"}}),
    ));
    assert!(refused["error"].is_string(), "{refused}");
    assert!(matches!(
        handle(
            &mut ts,
            "github",
            "tool_call",
            json!({"name": "slack_post_message", "arguments": {"channel_id": "C1", "text": "hi"}})
        ),
        Handled::Dispatch { .. }
    ));
}

#[test]
fn aalis_search_and_discovery_never_cross_sessions() {
    let (github, stripe) = lists();
    let (gh, st) = (names(&github), names(&stripe));
    let mut ts = layer("aalis", &github, &stripe);

    let found = reply(handle(
        &mut ts,
        "github",
        "search_tools",
        json!({"query": "slack post message", "limit": 5}),
    ));
    let returned: Vec<&str> = found["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(returned.contains(&"slack_post_message"), "{found}");
    assert!(returned.iter().all(|n| gh.contains(n)));
    let discovered = ts.discovered("github");
    assert!(discovered.iter().any(|n| n == "slack_post_message"));
    assert!(
        ts.discovered("stripe").is_empty(),
        "discovery stays in its session"
    );

    // An empty query lists every tool of the session, and only those.
    let all = reply(handle(
        &mut ts,
        "stripe",
        "search_tools",
        json!({"query": "", "limit": 0}),
    ));
    let listed: Vec<&str> = all["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(listed.len(), stripe.len());
    assert!(listed.iter().all(|n| st.contains(n)));
    assert!(ts
        .discovered("stripe")
        .iter()
        .all(|n| st.contains(&n.as_str())));

    // The stripe session's next turn shows its discoveries, none of github's; a history that
    // claims a github tool was used does not make it visible there either.
    let history = json!([
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "slack_post_message", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"}
    ]);
    let prepared = ts
        .prepare_json(&serde_json::to_string(&stripe).unwrap())
        .unwrap();
    let ctx = AssembleContext {
        session_id: "stripe",
        messages: Some(&history),
        ..AssembleContext::default()
    };
    let turn = ts.assemble(prepared, &ctx).unwrap();
    for visible in &turn.tools {
        if let Visible::Input(i) = visible {
            assert!(st.contains(&stripe[*i]["name"].as_str().unwrap()));
        }
    }
    assert!(!ts
        .discovered("stripe")
        .iter()
        .any(|n| n == "slack_post_message"));

    // Clearing one session leaves the other's discoveries alone.
    ts.clear(Some("stripe"));
    assert!(ts
        .discovered("github")
        .iter()
        .any(|n| n == "slack_post_message"));
    let ctx = CallContext {
        session_id: "stripe",
        ..CallContext::default()
    };
    let err = ts
        .handle("search_tools", &json!({"query": "x"}), &ctx)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownSession);
}
