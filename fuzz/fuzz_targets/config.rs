//! Config parsing: any options object never panics, for every profile.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tool_search::ToolSearch;

fuzz_target!(|data: &[u8]| {
    let value = common::as_json(data);
    for profile in ["hermes", "vibeos", "aalis"] {
        let mut options = match &value {
            Value::Object(map) => map.clone(),
            _ => Default::default(),
        };
        options.insert("profile".into(), Value::from(profile));
        let _ = ToolSearch::new(&Value::Object(options));
    }
    let _ = ToolSearch::new(&value);
});
