//! Whether a tool's schema is a JSON Schema at all: a malformed one never blocks a call.
//!
//! Hermes runs `jsonschema`, which refuses a schema that breaks its meta-schema, and a call
//! whose check cannot run is let through. Real MCP schemas break it in a few common ways:
//! `"type": "date"`, `"required": true` on a property (draft 3), `"maxLength": -1`. Checking
//! the other properties of such a schema would block calls Hermes dispatches.
//!
//! Malformed here means: a keyword's value has a type no JSON Schema draft (4 to 2020-12)
//! allows for it. Only keywords whose form every draft fixes are read; unknown keywords and
//! the values of literal ones (`enum` items, `const`, `default`) are anyone's. Sub-schemas are
//! read in the positions the drafts give them (`properties` values, `items`, `anyOf` items,
//! …). Iterative, and bounded by the depth [`super::schema_check::checkable`] already checks.

use serde_json::{Map, Value};

/// The simple types of JSON Schema's `type`.
const TYPES: [&str; 7] = [
    "array", "boolean", "integer", "null", "number", "object", "string",
];

/// Keywords whose value is one schema.
const SCHEMA: [&str; 11] = [
    "additionalItems",
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
];

/// Keywords whose value is an object of schemas.
const SCHEMA_MAP: [&str; 5] = [
    "$defs",
    "definitions",
    "dependentSchemas",
    "patternProperties",
    "properties",
];

/// Keywords whose value is a non-empty array of schemas.
const SCHEMA_LIST: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value is a non-negative integer (`2.0` counts, as in every draft).
const COUNTS: [&str; 8] = [
    "maxContains",
    "maxItems",
    "maxLength",
    "maxProperties",
    "minContains",
    "minItems",
    "minLength",
    "minProperties",
];

/// Keywords whose value is a number (`exclusiveMinimum`/`exclusiveMaximum` may also be a
/// boolean: draft 4).
const NUMBERS: [&str; 4] = ["exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum"];

/// Keywords whose value is a string.
const STRINGS: [&str; 9] = [
    "$comment",
    "$id",
    "$schema",
    "contentEncoding",
    "contentMediaType",
    "description",
    "format",
    "pattern",
    "title",
];

/// True when `schema` breaks no draft's form for the keywords above.
pub fn well_formed(schema: &Value) -> bool {
    let mut stack: Vec<&Value> = vec![schema];
    while let Some(node) = stack.pop() {
        let map = match node {
            Value::Object(map) => map,
            // true / false are schemas (draft 6 on).
            Value::Bool(_) => continue,
            _ => return false,
        };
        if !keywords_well_formed(map, &mut stack) {
            return false;
        }
    }
    true
}

/// Checks one schema object's keywords, queueing its sub-schemas on `stack`.
fn keywords_well_formed<'a>(map: &'a Map<String, Value>, stack: &mut Vec<&'a Value>) -> bool {
    for (key, value) in map {
        let key = key.as_str();
        let ok = if key == "type" {
            match value {
                Value::String(t) => TYPES.contains(&t.as_str()),
                Value::Array(ts) => {
                    !ts.is_empty()
                        && ts
                            .iter()
                            .all(|t| t.as_str().is_some_and(|t| TYPES.contains(&t)))
                        && distinct(ts)
                }
                _ => false,
            }
        } else if key == "required" {
            // Draft 4 on: an array of distinct names (draft 3's boolean is malformed since).
            value
                .as_array()
                .is_some_and(|names| names.iter().all(Value::is_string) && distinct(names))
        } else if key == "enum" {
            value.is_array()
        } else if key == "multipleOf" {
            value.as_f64().is_some_and(|m| m > 0.0)
        } else if key == "uniqueItems" {
            value.is_boolean()
        } else if COUNTS.contains(&key) {
            value.as_u64().is_some() || value.as_f64().is_some_and(|n| n >= 0.0 && n.fract() == 0.0)
        } else if NUMBERS.contains(&key) {
            value.is_number() || (key.starts_with("exclusive") && value.is_boolean())
        } else if STRINGS.contains(&key) {
            value.is_string()
        } else if key == "items" {
            // A schema, or (drafts 4 to 2019-09) an array of them.
            match value {
                Value::Array(items) => {
                    stack.extend(items);
                    true
                }
                other => {
                    stack.push(other);
                    true
                }
            }
        } else if SCHEMA.contains(&key) {
            stack.push(value);
            true
        } else if SCHEMA_MAP.contains(&key) {
            match value {
                Value::Object(schemas) => {
                    stack.extend(schemas.values());
                    true
                }
                _ => false,
            }
        } else if SCHEMA_LIST.contains(&key) {
            match value {
                Value::Array(schemas) if !schemas.is_empty() => {
                    stack.extend(schemas);
                    true
                }
                _ => false,
            }
        } else {
            true
        };
        if !ok {
            return false;
        }
    }
    true
}

/// True when no two items are equal (quadratic: `type` lists and `required` are short; a
/// hostile 10,000-name `required` costs ~50M comparisons once per call, ~0.1 s).
fn distinct(items: &[Value]) -> bool {
    items.iter().enumerate().all(|(i, a)| {
        items
            .get(i + 1..)
            .unwrap_or_default()
            .iter()
            .all(|b| a != b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn real_schemas_and_every_drafts_forms_are_well_formed() {
        for schema in [
            json!({}),
            json!(true),
            json!({"type":"object","properties":{"a":{"type":["string","null"]},
                   "b":{"type":"array","items":[{"type":"integer"}],"minItems":1.0}},
                   "required":["a"],"additionalProperties":false}),
            json!({"type":"number","minimum":0,"exclusiveMinimum":true}),
            json!({"anyOf":[{"type":"string"},false],"x-vendor":{"type":"date"}}),
            json!({"enum":[{"type":"date"}],"const":{"required":true},"default":-1}),
            json!({"properties":{"type":{"type":"string"},"required":{"type":"boolean"}}}),
        ] {
            assert!(well_formed(&schema), "{schema}");
        }
    }

    #[test]
    fn a_keyword_of_a_form_no_draft_allows_is_malformed_wherever_it_is() {
        for bad in [
            json!({"type":"date"}),
            json!({"type":[]}),
            json!({"type":["string","string"]}),
            json!({"properties":{"when":{"type":"date"},"n":{"type":"integer"}}}),
            json!({"properties":{"s":{"type":"string","maxLength":-1}}}),
            json!({"properties":{"id":{"type":"string","required":true}}}),
            json!({"required":["a","a"]}),
            json!({"items":{"items":[{"minimum":"0"}]}}),
            json!({"anyOf":[]}),
            json!({"properties":[{"a":1}]}),
            json!({"multipleOf":0}),
            json!({"description":5}),
            json!({"properties":{"a":7}}),
        ] {
            assert!(!well_formed(&bad), "{bad}");
        }
    }
}
