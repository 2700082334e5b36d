//! The listing builder: any context window, budget settings and catalog subset never panic,
//! and the listing never exceeds its budget — both for the builder alone (any subset, any
//! budget) and through a whole hermes assembly (any window, threshold and listing cap).
//!
//! The sample catalog is parsed and indexed once per process: indexing 333 tools costs tens
//! of milliseconds, which per input made this target run at 2 executions a second.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use serde_json::json;
use std::rc::Rc;
use tool_search::hermes::listing;
use tool_search::{AssembleContext, Prepared, Tool, ToolSearch};

thread_local! {
    static SAMPLE: (Vec<Tool>, Rc<Prepared>) = {
        let mut layer = ToolSearch::new(&json!({"profile": "hermes"})).expect("valid");
        let prepared = layer.prepare_json(common::SAMPLE).expect("valid sample");
        (prepared.catalog.tools().to_vec(), prepared)
    };
}

fuzz_target!(|data: &[u8]| {
    let Some((head, rest)) = data.split_first_chunk::<6>() else { return };
    let window = u64::from(u32::from_le_bytes([head[0], head[1], head[2], head[3]]));
    let pct = f64::from(head[4]) / 2.0;
    let keep = head[5];
    SAMPLE.with(|(tools, prepared)| {
        // The builder alone, over a subset chosen by the remaining bytes (so group sizes vary).
        let subset: Vec<&Tool> = tools
            .iter()
            .enumerate()
            .filter(|(i, _)| rest.get(i % 64).map_or(true, |b| *b >= keep))
            .map(|(_, t)| t)
            .collect();
        let budget = window % 20_000;
        let built = listing::build(&subset, budget, None);
        if let Some(text) = &built.text {
            assert!((text.chars().count() as u64).div_ceil(4) <= budget, "listing over its budget");
        }
        // A whole assembly with fuzzed options over the prepared sample.
        let options = json!({"profile": "hermes", "threshold_pct": pct,
                             "listing_max_tokens": 200 + u64::from(keep) * 40});
        let Ok(mut layer) = ToolSearch::new(&options) else { return };
        let ctx = AssembleContext {
            session_id: "s",
            context_window: (window > 0).then_some(window),
            ..Default::default()
        };
        if let Ok(assembly) = layer.assemble(Rc::clone(prepared), &ctx) {
            if let Some(budget) = assembly.budget_tokens {
                assert!(assembly.listing_tokens <= budget, "listing over its budget");
            }
        }
    });
});
