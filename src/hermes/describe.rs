//! What `tool_describe` answers: full schemas of deferred tools, and why other names have none.

use serde_json::{Map, Value};

use crate::engine::Prepared;
use crate::json::{self, error};
use crate::tool::Tool;

use super::args;
use super::defer::is_bridge;
use super::messages::{
    describe_not_available, describe_not_deferrable, shown, too_many_names, NAMES_EMPTY,
    NAMES_NOT_ARRAY, NAME_REQUIRED, NOT_FOUND_HINT,
};

/// Most names in one `tool_describe` call (Hermes' cap).
pub const MAX_NAMES: usize = 10;

/// How a name relates to this session's tools.
pub enum Class<'p> {
    /// A deferred tool of this session.
    Deferred(&'p Tool),
    /// A tool the model already sees (or a bridge tool): call it directly.
    Direct,
    /// Not a tool of this session.
    Unknown,
}

/// Classifies `name` against the session's catalog.
pub fn classify<'p>(prepared: &'p Prepared, name: &str) -> Class<'p> {
    if is_bridge(name) {
        return Class::Direct;
    }
    match prepared.catalog.position(name) {
        Some(pos) if prepared.searchable.binary_search(&pos).is_ok() => prepared
            .catalog
            .tools()
            .get(pos)
            .map_or(Class::Unknown, Class::Deferred),
        Some(_) => Class::Direct,
        None => Class::Unknown,
    }
}

/// Hermes V2 `tool_describe(names)`. `name` is accepted when `names` is absent.
pub fn describe(prepared: &Prepared, call: &Map<String, Value>) -> Value {
    let raw = call
        .get("names")
        .filter(|v| !v.is_null())
        .or_else(|| call.get("name").filter(|v| !v.is_null()));
    let Some(names) = args::string_list(raw, true) else {
        return error(NAMES_NOT_ARRAY);
    };
    if names.is_empty() {
        return error(NAMES_EMPTY);
    }
    if names.len() > MAX_NAMES {
        return error(too_many_names(names.len(), MAX_NAMES));
    }
    let mut tools = Map::new();
    let mut not_found: Vec<String> = Vec::new();
    let mut errors = Map::new();
    for name in names {
        match classify(prepared, &name) {
            Class::Deferred(tool) => {
                tools.insert(
                    name,
                    json::object(vec![
                        ("description", tool.description.as_str().into()),
                        ("parameters", tool.parameters()),
                    ]),
                );
            }
            Class::Direct => {
                let message = describe_not_deferrable(&name);
                errors.insert(name, Value::from(message));
            }
            Class::Unknown => not_found.push(shown(&name).into_owned()),
        }
    }
    let mut out = Map::new();
    out.insert("tools".into(), Value::Object(tools));
    if !not_found.is_empty() {
        out.insert("not_found".into(), not_found.into());
        out.insert("hint".into(), Value::from(NOT_FOUND_HINT));
    }
    if !errors.is_empty() {
        out.insert("errors".into(), Value::Object(errors));
    }
    Value::Object(out)
}

/// VibeOS (Hermes V1) `tool_describe(name)`.
pub fn describe_v1(prepared: &Prepared, call: &Map<String, Value>) -> Value {
    let name = args::text(call.get("name"));
    if name.is_empty() {
        return error(NAME_REQUIRED);
    }
    match classify(prepared, &name) {
        Class::Deferred(tool) => json::object(vec![
            ("name", name.as_str().into()),
            ("description", tool.description.as_str().into()),
            ("parameters", tool.parameters()),
        ]),
        Class::Direct => error(describe_not_deferrable(&name)),
        Class::Unknown => error(describe_not_available(&name)),
    }
}
