//! The per-turn path, natively: `cargo bench --bench assemble`.
//!
//! What a host pays every model turn — recognising an unchanged tool list and assembling it —
//! and, for scale, a bridge search and a cold build. Runs on `tests/fixtures/sample-catalog.json`
//! (265 tools); set `TOOL_SEARCH_CATALOG` to a JSON array file for a bigger one (e.g.
//! `../shared/data/catalogs/mcp-servers.json`, 3,454 tools). Each bench asserts its result is
//! sane; none asserts a time.

// A benchmark binary: failing loudly on bad data is the right behaviour.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::HashSet;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};
use tool_search::{AssembleContext, CallContext, Handled, ToolSearch};

/// The catalog as JSON text, names made unique (real catalogs repeat a few) and every tool
/// given a source.
fn catalog() -> String {
    let path = std::env::var("TOOL_SEARCH_CATALOG").unwrap_or_else(|_| {
        format!(
            "{}/tests/fixtures/sample-catalog.json",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let mut tools: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut seen = HashSet::new();
    for (i, tool) in tools.iter_mut().enumerate() {
        let name = tool["name"].as_str().unwrap().to_string();
        if !seen.insert(name.clone()) {
            tool["name"] = json!(format!("{name}_{i}"));
        }
        if tool.get("source").is_none() {
            tool["source"] = json!("catalog");
        }
    }
    Value::Array(tools).to_string()
}

fn per_turn(c: &mut Criterion) {
    let text = catalog();
    let n = serde_json::from_str::<Vec<Value>>(&text).unwrap().len();
    for profile in ["hermes", "vibeos", "aalis"] {
        let mut ts = ToolSearch::new(&json!({ "profile": profile })).unwrap();
        let ctx = AssembleContext {
            session_id: "s",
            context_window: Some(200_000),
            ..AssembleContext::default()
        };
        let prepared = ts.prepare_json(&text).unwrap();
        let first = ts.assemble(prepared.clone(), &ctx).unwrap();
        assert!(
            first.active && first.deferred > 0,
            "{profile}: bridge inactive"
        );
        // The turn itself, the prepared catalog already in hand (what the wasm binding does
        // for an unchanged array).
        c.bench_function(&format!("{profile}/assemble unchanged ({n} tools)"), |b| {
            b.iter(|| {
                let a = ts.assemble(prepared.clone(), &ctx).unwrap();
                assert_eq!(a.tools.len(), first.tools.len());
                black_box(a)
            })
        });
        // Recognising the same list from its text (a new array with the same content).
        c.bench_function(&format!("{profile}/prepare same text ({n} tools)"), |b| {
            b.iter(|| black_box(ts.prepare_json(black_box(&text)).unwrap()))
        });
        let (name, args) = match profile {
            "aalis" => ("search_tools", json!({"query": "create an issue"})),
            "vibeos" => ("tool_search", json!({"query": "create an issue"})),
            _ => ("tool_search", json!({"queries": ["create an issue"]})),
        };
        let call = CallContext {
            session_id: "s",
            ..CallContext::default()
        };
        c.bench_function(&format!("{profile}/{name} ({n} tools)"), |b| {
            b.iter(|| match ts.handle(name, &args, &call).unwrap() {
                Some(Handled::Reply(reply)) => black_box(reply),
                other => panic!("{profile}: {name} gave {other:?}"),
            })
        });
    }
}

fn build(c: &mut Criterion) {
    let text = catalog();
    let n = serde_json::from_str::<Vec<Value>>(&text).unwrap().len();
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function(
        format!("hermes prepare + first assemble ({n} tools)"),
        |b| {
            b.iter(|| {
                let mut ts = ToolSearch::new(&json!({ "profile": "hermes" })).unwrap();
                let prepared = ts.prepare_json(&text).unwrap();
                assert_eq!(prepared.catalog.len(), n);
                let ctx = AssembleContext {
                    session_id: "s",
                    ..AssembleContext::default()
                };
                black_box(ts.assemble(prepared, &ctx).unwrap())
            })
        },
    );
    group.finish();
}

criterion_group!(benches, per_turn, build);
criterion_main!(benches);
