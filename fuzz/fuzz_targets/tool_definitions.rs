//! Tool-definition normalisation: any bytes as a tool list never panic; an accepted list
//! keeps every tool, by name.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tool_search::Catalog;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(catalog) = Catalog::from_json(text) {
        for (i, tool) in catalog.tools().iter().enumerate() {
            assert_eq!(catalog.position(&tool.name), Some(i), "every accepted tool is findable");
        }
    }
});
