//! What the bridge tools look like to the model: names, descriptions and parameter schemas,
//! in Hermes' key order, rendered in the host's tool format.

use serde_json::Value;

use crate::json;
use crate::tool::ToolFormat;

use super::listing::Listing;
use super::messages::{
    search_description_v1, search_description_v2, CALL_ARGUMENTS_PARAM, CALL_DESCRIPTION,
    CALL_NAME_PARAM, DESCRIBE_DESCRIPTION_V1, DESCRIBE_DESCRIPTION_V2, FRAMING_GROUPS,
    FRAMING_MIXED, FRAMING_TOOLS, LIMIT_PARAM_V1, LIMIT_PARAM_V2, NAMES_PARAM_V2, NAME_PARAM_V1,
    QUERIES_PARAM_V2, QUERY_PARAM_V1, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH,
};

/// The `tool_search` description: the V2 text, then the listing with its framing.
pub fn search_description(deferred: usize, listing: &Listing) -> String {
    let mut text = search_description_v2(deferred);
    let Some(body) = &listing.text else {
        return text;
    };
    text.push_str("\n\n");
    if listing.form == "groups" {
        text.push_str(FRAMING_GROUPS);
    } else {
        text.push_str(FRAMING_TOOLS);
        if listing.form == "mixed" {
            text.push_str(FRAMING_MIXED);
        }
    }
    text.push_str("\n\n");
    text.push_str(body);
    text
}

fn call_parameters() -> Value {
    json::schema(
        vec![
            ("name", json::property("string", CALL_NAME_PARAM)),
            ("arguments", json::property("object", CALL_ARGUMENTS_PARAM)),
        ],
        &["name", "arguments"],
    )
}

/// The three hermes (V2) bridge tools.
pub fn tools_v2(format: ToolFormat, search_description: &str) -> Vec<Value> {
    let search = json::schema(
        vec![
            ("queries", json::strings(QUERIES_PARAM_V2)),
            ("limit", json::property("integer", LIMIT_PARAM_V2)),
        ],
        &["queries"],
    );
    let describe = json::schema(vec![("names", json::strings(NAMES_PARAM_V2))], &["names"]);
    vec![
        format.render(TOOL_SEARCH, search_description, &search),
        format.render(TOOL_DESCRIBE, DESCRIBE_DESCRIPTION_V2, &describe),
        format.render(TOOL_CALL, CALL_DESCRIPTION, &call_parameters()),
    ]
}

/// The three vibeos (V1) bridge tools.
pub fn tools_v1(format: ToolFormat, deferred: usize) -> Vec<Value> {
    let search = json::schema(
        vec![
            ("query", json::property("string", QUERY_PARAM_V1)),
            ("limit", json::property("integer", LIMIT_PARAM_V1)),
        ],
        &["query"],
    );
    let describe = json::schema(
        vec![("name", json::property("string", NAME_PARAM_V1))],
        &["name"],
    );
    vec![
        format.render(TOOL_SEARCH, &search_description_v1(deferred), &search),
        format.render(TOOL_DESCRIBE, DESCRIBE_DESCRIPTION_V1, &describe),
        format.render(TOOL_CALL, CALL_DESCRIPTION, &call_parameters()),
    ]
}
