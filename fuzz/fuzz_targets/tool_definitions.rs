//! Tool-definition normalisation and everything downstream of it: any bytes as a tool list
//! never panic; an accepted list parses as JSON (lone surrogates' escapes read as U+FFFD)
//! and keeps every tool, by name; and an accepted list of hostile names, descriptions and
//! schemas is indexed, assembled, searched, described and called in every profile without a
//! panic, never answering with a tool outside the list.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use tool_search::{AssembleContext, CallContext, Catalog, Handled, ToolSearch, Visible};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(catalog) = Catalog::from_json(text) else { return };
    // The list scan checks only the array's own syntax; each tool's parse checks the rest.
    // Together they accept exactly what parses, once lone surrogates' escapes read as U+FFFD.
    let values = tool_search::surrogates::parse(text).expect("an accepted list parses");
    let values = values.as_array().expect("an accepted list is an array");
    assert_eq!(values.len(), catalog.len(), "one tool per element");
    for (i, tool) in catalog.tools().iter().enumerate() {
        assert_eq!(catalog.position(&tool.name), Some(i), "every accepted tool is findable");
    }
    // Queries and names taken from the list itself, so hostile text reaches the index.
    let first = catalog.tools().first();
    let name = first.map_or("x", |t| t.name.as_str()).to_string();
    let query = first.map_or(String::new(), |t| format!("{} {}", t.name, t.description));
    for profile in ["hermes", "vibeos", "aalis"] {
        let options = match profile {
            "aalis" => json!({"profile": profile, "maxDirectTools": 0}),
            _ => json!({"profile": profile, "enabled": "on"}),
        };
        let mut layer = ToolSearch::new(&options).expect("valid options");
        let prepared = layer.prepare_json(text).expect("accepted once, accepted again");
        let ctx = AssembleContext { session_id: "s", context_window: Some(8_000), ..Default::default() };
        let assembly = layer.assemble(prepared.clone(), &ctx).expect("assembly never fails");
        for tool in &assembly.tools {
            if let Visible::Input(i) = tool {
                assert!(*i < catalog.len(), "a visible tool outside the input");
            }
        }
        assert!(prepared.search(&query, 5, false).iter().all(|hit| catalog.get(&hit.name).is_some()));
        let calls: [(&str, Value); 4] = [
            ("tool_search", json!({"queries": [query.chars().take(200).collect::<String>()], "query": name})),
            ("tool_describe", json!({"names": [name], "name": name})),
            ("tool_call", json!({"name": name, "arguments": {}})),
            ("search_tools", json!({"query": name, "limit": 0})),
        ];
        let call_ctx = CallContext { session_id: "s", ..Default::default() };
        for (bridge, args) in calls {
            if let Ok(Some(Handled::Dispatch { name, .. })) = layer.handle(bridge, &args, &call_ctx) {
                assert!(catalog.get(&name).is_some(), "dispatch outside the list");
            }
        }
    }
});
