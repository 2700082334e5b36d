//! Message-history parsing (aalis discovery): any history never panics and never makes a
//! tool outside the session's list visible.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use serde_json::json;
use std::cell::RefCell;
use tool_search::{AssembleContext, ToolSearch, Visible};

thread_local! {
    static LAYER: RefCell<ToolSearch> =
        RefCell::new(ToolSearch::new(&json!({"profile": "aalis"})).expect("valid"));
}

fuzz_target!(|data: &[u8]| {
    let messages = common::as_json(data);
    LAYER.with(|layer| {
        let mut layer = layer.borrow_mut();
        let prepared = layer.prepare_json(common::SAMPLE).expect("valid sample");
        let n = prepared.catalog.len();
        let ctx = AssembleContext { session_id: "s", messages: Some(&messages), ..Default::default() };
        if let Ok(assembly) = layer.assemble(prepared, &ctx) {
            for tool in &assembly.tools {
                if let Visible::Input(i) = tool {
                    assert!(*i < n, "a visible tool outside the input");
                }
            }
        }
    });
});
