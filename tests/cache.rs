//! Caches are invisible: a turn served from the prepared-catalog cache or the listing cache is
//! byte for byte the turn a fresh layer builds from scratch, for every profile (`SPEC.md` §1).

// Test code: a failing helper should fail the test loudly.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use serde_json::{json, Value};
use tool_search::{AssembleContext, CallContext, Handled, ToolSearch, Visible};

const CATALOG: &str = include_str!("fixtures/sample-catalog.json");
const PROFILES: [&str; 3] = ["hermes", "vibeos", "aalis"];

fn layer(profile: &str) -> ToolSearch {
    ToolSearch::new(&json!({ "profile": profile })).unwrap()
}

/// Everything a turn hands back, rendered as JSON text (input tools by their definition).
fn turn(ts: &mut ToolSearch, session: &str, tools: &str, context: Option<u64>) -> String {
    let prepared = ts.prepare_json(tools).unwrap();
    let ctx = AssembleContext {
        session_id: session,
        context_window: context,
        ..AssembleContext::default()
    };
    let a = ts.assemble(prepared.clone(), &ctx).unwrap();
    let visible: Vec<Value> = a
        .tools
        .iter()
        .map(|v| match v {
            Visible::Input(i) => prepared.catalog.tools()[*i].raw(),
            Visible::Bridge(value) => value.clone(),
        })
        .collect();
    json!({
        "tools": visible,
        "active": a.active,
        "tier": a.tier,
        "form": a.listing_form,
        "deferred": a.deferred,
        "budget": a.budget_tokens,
        "listing": a.listing_tokens,
        "deferredTokens": a.deferred_tokens,
        "warnings": a.warnings,
    })
    .to_string()
}

/// The replies of a few bridge calls in the session's scope, as JSON text.
fn calls(ts: &mut ToolSearch, session: &str) -> String {
    let ctx = CallContext {
        session_id: session,
        ..CallContext::default()
    };
    let calls = [
        (
            "tool_search",
            json!({"queries": ["create a github issue", "send slack"]}),
        ),
        ("tool_search", json!({"query": "create a github issue"})),
        ("tool_describe", json!({"names": ["create_issue", "nope"]})),
        ("tool_describe", json!({"name": "create_issue"})),
        (
            "tool_call",
            json!({"name": "create_issue", "arguments": {"owner": "o"}}),
        ),
        (
            "search_tools",
            json!({"query": "slack message", "limit": 3}),
        ),
    ];
    let replies: Vec<Value> = calls
        .iter()
        .map(|(name, args)| match ts.handle(name, args, &ctx) {
            Ok(Some(Handled::Reply(v))) => v,
            Ok(Some(Handled::Dispatch { name, arguments })) => {
                json!({"dispatch": name, "arguments": arguments})
            }
            Ok(None) => Value::Null,
            Err(e) => json!({"error": e.to_string()}),
        })
        .collect();
    Value::Array(replies).to_string()
}

fn with_extra(text: &str) -> String {
    edited(text, |tools| {
        tools
            .push(json!({"name": "extra_tool", "description": "An added tool.", "source": "extra"}))
    })
}

fn edited(text: &str, edit: impl FnOnce(&mut Vec<Value>)) -> String {
    let mut tools: Vec<Value> = serde_json::from_str(text).unwrap();
    edit(&mut tools);
    Value::Array(tools).to_string()
}

#[test]
fn cached_turns_equal_turns_built_from_scratch_for_every_profile() {
    let other = with_extra(CATALOG);
    // Budgets: unknown context (full listing), a small window that degrades the listing, a
    // tiny one that leaves none.
    let contexts = [None, Some(20_000), Some(2_000)];
    for profile in PROFILES {
        let mut warm = layer(profile);
        for round in 0..2 {
            for &context in &contexts {
                for tools in [CATALOG, other.as_str()] {
                    // A new session each time: sessions carry state (aalis' discovered tools),
                    // the caches under test are per layer.
                    let session = format!("{round} {context:?} {}", tools.len());
                    let cached = turn(&mut warm, &session, tools, context);
                    let cached_calls = calls(&mut warm, &session);
                    let mut cold = layer(profile);
                    let fresh = turn(&mut cold, &session, tools, context);
                    assert_eq!(
                        cached, fresh,
                        "{profile}, round {round}, context {context:?}"
                    );
                    let fresh_calls = calls(&mut cold, &session);
                    assert_eq!(cached_calls, fresh_calls, "{profile}, round {round}");
                }
            }
        }
    }
}

#[test]
fn a_list_that_starts_as_the_last_one_gives_the_turns_of_a_fresh_layer() {
    // Each list starts with most of the one before it, so its index is made from that one's
    // (tools added, the last ones removed or replaced, one changed near the end); every turn
    // and bridge reply must be what a layer that never saw the earlier lists gives.
    let added = with_extra(CATALOG);
    let removed = edited(CATALOG, |t| {
        t.truncate(t.len() - 2);
    });
    let replaced = edited(&removed, |t| {
        t.push(
            json!({"name": "send_fax", "description": "Sends a fax to a number.", "source": "fax"}),
        )
    });
    let changed = edited(&replaced, |t| {
        let at = t.len() - 3;
        t[at]["description"] = json!("Creates a new issue in a GitHub repository, quickly.");
    });
    let lists = [
        CATALOG, &added, &removed, &replaced, &changed, &added, CATALOG,
    ];
    for profile in PROFILES {
        let mut warm = layer(profile);
        for (i, tools) in lists.iter().enumerate() {
            let session = format!("list {i}");
            let turned = turn(&mut warm, &session, tools, Some(20_000));
            let replies = calls(&mut warm, &session);
            let mut cold = layer(profile);
            assert_eq!(
                turned,
                turn(&mut cold, &session, tools, Some(20_000)),
                "{profile} {i}"
            );
            assert_eq!(replies, calls(&mut cold, &session), "{profile} {i}");
        }
    }
}

#[test]
fn a_token_counter_is_asked_on_every_turn_not_cached() {
    let mut ts = layer("hermes");
    let prepared = ts.prepare_json(CATALOG).unwrap();
    for tokens in [1u64, 7, 1] {
        let counter = move |_: &str| tokens;
        let ctx = AssembleContext {
            session_id: "s",
            token_counter: Some(&counter),
            ..AssembleContext::default()
        };
        let a = ts.assemble(prepared.clone(), &ctx).unwrap();
        assert_eq!(a.listing_form, Some("full"));
        assert_eq!(a.listing_tokens, tokens);
    }
}

#[test]
fn only_a_byte_identical_list_is_served_from_the_cache() {
    let mut ts = layer("hermes");
    let first = ts.prepare_json(CATALOG).unwrap();
    let copy = String::from(CATALOG);
    let again = ts.prepare_json(&copy).unwrap();
    assert!(
        std::rc::Rc::ptr_eq(&first, &again),
        "same text, same prepared catalog"
    );
    // The same length, one byte apart: the first letter of the first tool's description.
    let letter = CATALOG.find("\"description\":\"").unwrap() + 15;
    let mut bytes = CATALOG.as_bytes().to_vec();
    bytes[letter] = if bytes[letter] == b'Q' { b'R' } else { b'Q' };
    let changed = String::from_utf8(bytes).unwrap();
    assert_eq!(changed.len(), CATALOG.len());
    let other = ts.prepare_json(&changed).unwrap();
    assert!(!std::rc::Rc::ptr_eq(&first, &other));
    let described = |p: &tool_search::Prepared| p.catalog.tools()[0].description.clone();
    assert_ne!(described(&first), described(&other));
    assert_eq!(described(&other)[1..], described(&first)[1..]);
    // Both stay cached, each under its own text.
    assert!(std::rc::Rc::ptr_eq(
        &first,
        &ts.prepare_json(CATALOG).unwrap()
    ));
    assert!(std::rc::Rc::ptr_eq(
        &other,
        &ts.prepare_json(&changed).unwrap()
    ));
}
