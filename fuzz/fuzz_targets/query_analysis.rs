//! Query analysis and ranking: any query never panics, returns at most `limit` tools, all
//! from the catalog, and the same query gives the same answer.
#![no_main]
#[path = "common.rs"]
mod common;
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    static LAYER: RefCell<tool_search::ToolSearch> = RefCell::new(common::layer("hermes"));
}

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    LAYER.with(|layer| {
        let mut layer = layer.borrow_mut();
        let prepared = layer.session("s").expect("assembled");
        let hits = prepared.search(&query, 5, true);
        assert!(hits.len() <= 5);
        for hit in &hits {
            assert!(prepared.catalog.get(&hit.name).is_some(), "hit outside the catalog");
        }
        assert_eq!(hits, prepared.search(&query, 5, true), "same query, same answer");
    });
});
