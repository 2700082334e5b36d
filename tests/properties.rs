//! Properties of the whole layer, over random catalogs drawn from the bundled sample.
//!
//! Two properties live next to the code they pin and are not repeated here:
//! - the listing never exceeds its budget: `hermes_conformance::properties::
//!   the_listing_never_exceeds_its_budget` (and the `listing` fuzz target);
//! - the discovered registry equals a plain reference model: `aalis::discovered::tests::
//!   the_registry_matches_a_plain_reference_model`.
//!
//! Here: assembly is idempotent and byte-stable for all three profiles, and no bridge call —
//! search, describe or call, in any profile — ever returns or dispatches a tool outside the
//! catalog of the session it was made in.
#![cfg(not(target_arch = "wasm32"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use serde_json::{json, Value};
use tool_search::{AssembleContext, CallContext, Handled, ToolSearch, Visible};

const SAMPLE: &str = include_str!("../samples/catalog.json");
const PROFILES: [&str; 3] = ["hermes", "vibeos", "aalis"];

fn sample() -> &'static Vec<Value> {
    static SAMPLE_TOOLS: OnceLock<Vec<Value>> = OnceLock::new();
    SAMPLE_TOOLS.get_or_init(|| serde_json::from_str(SAMPLE).unwrap())
}

fn sample_names() -> Vec<String> {
    sample()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

/// Words of the sample's names and descriptions: queries that really hit tools.
fn vocabulary() -> Vec<String> {
    let mut words = BTreeSet::new();
    for tool in sample() {
        let text = format!("{} {}", tool["name"], tool["description"]);
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.chars().count() > 2 {
                words.insert(word.to_lowercase());
            }
        }
    }
    words.into_iter().collect()
}

/// A catalog: a random subset of the sample (in sample order), plus a few tools of the
/// host's own that are never deferred by hermes (no source, no kind).
fn catalog() -> impl Strategy<Value = Vec<Value>> {
    let indices: Vec<usize> = (0..sample().len()).collect();
    (subsequence(indices, 0..=80), 0usize..3).prop_map(|(picked, own)| {
        let mut tools: Vec<Value> = picked.into_iter().map(|i| sample()[i].clone()).collect();
        let core = ["host_shell", "host_notes", "host_clock"];
        tools.extend(core.iter().take(own).map(
            |name| json!({"name": name, "description": format!("The host's own {name} tool.")}),
        ));
        tools
    })
}

/// A name the model might send: any sample name (in or out of the session), a bridge name,
/// or noise.
fn model_name() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => select(sample_names()),
        1 => select(vec!["tool_search".to_string(), "tool_call".into(), "search_tools".into(), "terminal".into()]),
        1 => "[a-z_]{0,12}",
    ]
}

fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::collection::vec(select(vocabulary()), 1..4).prop_map(|w| w.join(" ")),
        1 => select(sample_names()),
        1 => ".{0,20}",
    ]
}

#[derive(Debug, Clone)]
enum Call {
    Search(Vec<String>, u8),
    Describe(Vec<String>),
    Invoke(String),
    AalisSearch(String, u8, u8),
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        (proptest::collection::vec(query(), 1..4), 0u8..30).prop_map(|(q, l)| Call::Search(q, l)),
        proptest::collection::vec(model_name(), 1..5).prop_map(Call::Describe),
        model_name().prop_map(Call::Invoke),
        (query(), 0u8..12, 0u8..4).prop_map(|(q, l, o)| Call::AalisSearch(q, l, o)),
    ]
}

/// A layer whose bridge is active on small catalogs, so the properties see bridge turns.
fn layer(profile: &str) -> ToolSearch {
    let options = match profile {
        "aalis" => json!({"profile": "aalis", "maxDirectTools": 2}),
        other => json!({"profile": other, "enabled": "on"}),
    };
    ToolSearch::new(&options).unwrap()
}

fn assemble(ts: &mut ToolSearch, tools: &[Value], session: &str) -> Vec<Value> {
    let prepared = ts
        .prepare_json(&serde_json::to_string(tools).unwrap())
        .unwrap();
    let ctx = AssembleContext {
        session_id: session,
        context_window: Some(100_000),
        ..AssembleContext::default()
    };
    let assembly = ts.assemble(prepared, &ctx).unwrap();
    assembly
        .tools
        .into_iter()
        .map(|v| match v {
            Visible::Input(i) => tools[i].clone(),
            Visible::Bridge(b) => b,
        })
        .collect()
}

fn tool_name(tool: &Value) -> &str {
    tool.get("function")
        .unwrap_or(tool)
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

/// Every tool name a reply hands the model as a tool it can use (not echoes of what the model
/// asked for, such as `not_found`).
fn names_in_reply(profile: &str, reply: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let strings = |v: Option<&Value>| -> Vec<String> {
        v.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect()
    };
    if let Some(tools) = reply.get("tools").and_then(Value::as_object) {
        out.extend(tools.keys().cloned());
    }
    if let Some(tools) = reply.get("tools").and_then(Value::as_array) {
        out.extend(
            tools
                .iter()
                .filter_map(|t| t["name"].as_str().map(str::to_string)),
        );
    }
    for group in reply
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.extend(strings(group.get("matches")));
    }
    if let Some(matches) = reply.get("matches").and_then(Value::as_array) {
        out.extend(
            matches
                .iter()
                .filter_map(|m| m["name"].as_str().map(str::to_string)),
        );
    }
    out.extend(strings(reply.get("related")));
    if profile == "vibeos" && reply.get("error").is_none() {
        if let Some(name) = reply.get("name").and_then(Value::as_str) {
            out.push(name.to_string());
        }
    }
    out
}

fn run(ts: &mut ToolSearch, profile: &str, session: &str, call: &Call) -> Option<Handled> {
    let (name, args) = match call {
        Call::Search(queries, limit) if profile == "vibeos" => {
            ("tool_search", json!({"query": queries[0], "limit": limit}))
        }
        Call::Search(queries, limit) => {
            ("tool_search", json!({"queries": queries, "limit": limit}))
        }
        Call::Describe(names) if profile == "vibeos" => {
            ("tool_describe", json!({"name": names[0]}))
        }
        Call::Describe(names) => ("tool_describe", json!({"names": names})),
        Call::Invoke(tool) => ("tool_call", json!({"name": tool, "arguments": {}})),
        Call::AalisSearch(q, limit, offset) => (
            "search_tools",
            json!({"query": q, "limit": limit, "offset": offset}),
        ),
    };
    let ctx = CallContext {
        session_id: session,
        ..CallContext::default()
    };
    match ts.handle(name, &args, &ctx) {
        Ok(handled) => handled,
        // aalis answers a non-bridge tool_* name with unknown_tool: nothing reached the model.
        Err(e) => {
            assert_eq!(e.code, tool_search::ErrorCode::UnknownTool, "{e}");
            None
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn assembly_is_idempotent_and_the_same_input_gives_the_same_bytes_in_every_profile(
        tools in catalog(),
    ) {
        for profile in PROFILES {
            let mut ts = layer(profile);
            let first = assemble(&mut ts, &tools, "s");
            let again = assemble(&mut ts, &tools, "s");
            prop_assert_eq!(&first, &again, "{}: the same turn twice", profile);

            // A host that hands the bridge tools back (last turn's list) gets the same list.
            let mut with_bridges = tools.clone();
            with_bridges.extend(
                first.iter().filter(|t| ts.is_bridge(tool_name(t))).cloned(),
            );
            let fed_back = assemble(&mut ts, &with_bridges, "s");
            prop_assert_eq!(&first, &fed_back, "{}: bridge tools fed back", profile);

            let fresh = assemble(&mut layer(profile), &tools, "other");
            prop_assert_eq!(
                serde_json::to_string(&first).unwrap(),
                serde_json::to_string(&fresh).unwrap(),
                "{}: a fresh layer gives the same bytes", profile
            );
        }
    }

    #[test]
    fn no_bridge_call_returns_or_dispatches_a_tool_outside_its_sessions_catalog(
        catalogs in proptest::collection::vec(catalog(), 1..4),
        calls in proptest::collection::vec((0usize..4, call()), 1..24),
    ) {
        for profile in PROFILES {
            let mut ts = layer(profile);
            for (s, tools) in catalogs.iter().enumerate() {
                assemble(&mut ts, tools, &format!("s{s}"));
            }
            for (s, call) in &calls {
                let session = format!("s{s}");
                let Some(tools) = catalogs.get(*s) else {
                    // A session never assembled: every bridge call is unknown_session.
                    let ctx = CallContext { session_id: &session, ..CallContext::default() };
                    let err = ts.handle(ts_bridge(profile), &json!({}), &ctx).unwrap_err();
                    prop_assert_eq!(err.code, tool_search::ErrorCode::UnknownSession);
                    continue;
                };
                let own: BTreeSet<&str> = tools.iter().map(tool_name).collect();
                match run(&mut ts, profile, &session, call) {
                    None => {}
                    Some(Handled::Dispatch { name, arguments }) => {
                        prop_assert!(own.contains(name.as_str()),
                            "{}: {} dispatched {} outside its catalog", profile, session, name);
                        prop_assert!(arguments.is_object());
                    }
                    Some(Handled::Reply(reply)) => {
                        for name in names_in_reply(profile, &reply) {
                            prop_assert!(own.contains(name.as_str()),
                                "{}: {} was shown {} outside its catalog: {}", profile, session, name, reply);
                        }
                    }
                }
                // The aalis registry never holds a name from another session's catalog.
                for name in ts.discovered(&session) {
                    prop_assert!(own.contains(name.as_str()),
                        "{}: {} discovered {} outside its catalog", profile, session, name);
                }
            }
        }
    }
}

fn ts_bridge(profile: &str) -> &'static str {
    if profile == "aalis" {
        "search_tools"
    } else {
        "tool_search"
    }
}
