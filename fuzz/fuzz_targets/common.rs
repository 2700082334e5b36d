#![allow(dead_code)] // each target uses a different part of this file
// Shared by every fuzz target: a layer per profile over the bundled sample catalog.
use serde_json::{json, Value};
use tool_search::{AssembleContext, ToolSearch};

pub const SAMPLE: &str = include_str!("../../samples/catalog.json");

/// A layer of `profile` with the sample catalog assembled for session "s".
pub fn layer(profile: &str) -> ToolSearch {
    let mut ts = ToolSearch::new(&json!({ "profile": profile })).expect("default options are valid");
    let prepared = ts.prepare_json(SAMPLE).expect("the sample catalog is valid");
    let ctx = AssembleContext { session_id: "s", context_window: Some(200_000), ..Default::default() };
    ts.assemble(prepared, &ctx).expect("the sample catalog assembles");
    ts
}

/// Arbitrary bytes as JSON when they parse, else as one JSON string.
pub fn as_json(data: &[u8]) -> Value {
    let text = String::from_utf8_lossy(data);
    serde_json::from_str(&text).unwrap_or(Value::String(text.into_owned()))
}
