//! The listing builder: any context window, budget settings and catalog subset never panic,
//! and the listing never exceeds its budget.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use tool_search::{AssembleContext, ToolSearch};

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let window = u64::from(u32::from_le_bytes([data[0], data[1], data[2], data[3]]));
    let pct = f64::from(data[4]) / 2.0;
    let keep = usize::from(data[5]);
    let tools: Vec<Value> = serde_json::from_str(common::SAMPLE).expect("valid sample");
    // A subset chosen by the remaining bytes, so group sizes vary.
    let subset: Vec<Value> = tools
        .into_iter()
        .enumerate()
        .filter(|(i, _)| data.get(6 + i % 64).map_or(true, |b| usize::from(*b) >= keep))
        .map(|(_, t)| t)
        .collect();
    let Ok(mut layer) = ToolSearch::new(&json!({"profile": "hermes", "threshold_pct": pct, "listing_max_tokens": 200 + u64::from(data[5]) * 40}))
    else {
        return;
    };
    let Ok(prepared) = layer.prepare_json(&Value::Array(subset).to_string()) else { return };
    let ctx = AssembleContext {
        session_id: "s",
        context_window: (window > 0).then_some(window),
        ..Default::default()
    };
    if let Ok(assembly) = layer.assemble(prepared, &ctx) {
        if let Some(budget) = assembly.budget_tokens {
            assert!(assembly.listing_tokens <= budget, "listing over its budget");
        }
    }
});
