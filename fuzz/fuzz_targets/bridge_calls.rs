//! Bridge-call argument handling (objects and raw JSON strings): never panics, and a
//! dispatch only ever names a tool of the session's catalog.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::cell::RefCell;
use tool_search::{CallContext, Handled, ToolSearch};

thread_local! {
    static LAYERS: RefCell<Vec<ToolSearch>> =
        RefCell::new(["hermes", "vibeos", "aalis"].into_iter().map(common::layer).collect());
}

const NAMES: [&str; 4] = ["tool_search", "tool_describe", "tool_call", "search_tools"];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let name = NAMES[usize::from(selector) % NAMES.len()];
    // Half the inputs go in as the model's raw arguments string, half parsed.
    let args = if selector & 0x80 == 0 {
        Value::String(String::from_utf8_lossy(rest).into_owned())
    } else {
        common::as_json(rest)
    };
    LAYERS.with(|layers| {
        for layer in layers.borrow_mut().iter_mut() {
            let ctx = CallContext { session_id: "s", ..Default::default() };
            if let Ok(Some(Handled::Dispatch { name, arguments })) = layer.handle(name, &args, &ctx) {
                let prepared = layer.session("s").expect("assembled");
                assert!(prepared.catalog.get(&name).is_some(), "dispatch outside the catalog");
                assert!(arguments.is_object(), "dispatched arguments are an object");
            }
        }
    });
});
