//! Whether `tool_call` arguments fit the deferred tool's JSON schema, before dispatch.
//!
//! Hermes V3's idea (`validate_deferred_call_args`) without a JSON-Schema dependency: the
//! model calls deferred tools "blind", so a call that is bound to fail is stopped with the
//! failing `path`, the `constraint` (keyword) and the schema, instead of an opaque downstream
//! error.
//!
//! Checked keywords: `type` (incl. `integer` vs `number`, unions), `enum`, `const`, `required`,
//! `properties`, `additionalProperties` (`false` or a schema), `items` (schema or tuple),
//! `minItems`/`maxItems`, `minLength`/`maxLength`, `minimum`/`maximum`/`exclusiveMinimum`/
//! `exclusiveMaximum`, and OpenAPI `nullable: true` (null accepted). Every other keyword
//! (`pattern`, `format`, `anyOf`/`oneOf`/`allOf`/`not`, …) is ignored, i.e. never blocks.
//!
//! Fail-open: a schema that is not an object, contains a `$ref` anywhere (local or external —
//! we never resolve references), nests deeper than [`MAX_SCHEMA_DEPTH`] or is malformed
//! anywhere ([`super::schema_form`]: `"type": "date"`, `"required": true`) is not checked at
//! all; the call dispatches. Every walk is either iterative or bounded by that depth, so a
//! hostile 10,000-level schema or argument value cannot overflow the stack.

use serde_json::{Map, Number, Value};

/// Deepest schema that is checked; deeper schemas dispatch unvalidated.
pub const MAX_SCHEMA_DEPTH: usize = 64;

/// Schema keywords whose values are instance data, not sub-schemas.
const LITERAL_KEYS: &[&str] = &["const", "default", "enum", "example", "examples"];

/// The first way the arguments miss the schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// Where, e.g. `arguments.options.count` or `arguments.items[2]`.
    pub path: String,
    /// The failing keyword (`type`, `enum`, `required`, `additionalProperties`, …).
    pub constraint: &'static str,
    /// What is wrong, in jsonschema's phrasing.
    pub detail: String,
}

/// True when the schema can be checked: a well-formed object with no `$ref` and at most
/// [`MAX_SCHEMA_DEPTH`] levels of nesting. Iterative.
pub fn checkable(schema: &Value) -> bool {
    if !schema.is_object() {
        return false;
    }
    let mut stack: Vec<(&Value, usize)> = vec![(schema, 0)];
    while let Some((node, depth)) = stack.pop() {
        if depth > MAX_SCHEMA_DEPTH {
            return false;
        }
        match node {
            Value::Object(map) => {
                if map.contains_key("$ref") {
                    return false;
                }
                for (key, value) in map {
                    if !LITERAL_KEYS.contains(&key.as_str()) {
                        stack.push((value, depth + 1));
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter().map(|v| (v, depth + 1))),
            _ => {}
        }
    }
    super::schema_form::well_formed(schema)
}

/// Top-level `required` names absent from `args`, in schema order.
pub fn missing_required<'a>(schema: &'a Value, args: &Map<String, Value>) -> Vec<&'a str> {
    required(schema)
        .filter(|name| !args.contains_key(*name))
        .collect()
}

fn required(schema: &Value) -> impl Iterator<Item = &str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Repairs what models commonly get wrong at the top level, as Hermes' normal coercion does:
/// a numeric string for an `integer`/`number` parameter becomes the number, `"true"`/`"false"`
/// for a `boolean` the boolean, a JSON object/array string for an `object`/`array` parameter
/// the parsed value, and `""` for an *optional* object parameter without required fields `{}`
/// (an object with required fields is never fabricated). Parameters whose type admits
/// `string` are left alone.
pub fn coerce(schema: &Value, mut args: Map<String, Value>) -> Map<String, Value> {
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return args;
    };
    let top_required: Vec<&str> = required(schema).collect();
    for (key, value) in args.iter_mut() {
        let (Some(prop), Value::String(text)) = (props.get(key), &*value) else {
            continue;
        };
        let kinds = types(prop);
        if kinds.contains(&"string") {
            continue;
        }
        let trimmed = text.trim();
        let repaired = if kinds.contains(&"integer") {
            parse_integer(trimmed)
        } else if kinds.contains(&"number") {
            parse_integer(trimmed).or_else(|| parse_decimal(trimmed).map(Value::Number))
        } else if kinds.contains(&"boolean") {
            match trimmed.to_ascii_lowercase().as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            }
        } else if kinds.contains(&"object") {
            if trimmed.is_empty() {
                let optional = !top_required.contains(&key.as_str());
                (optional && required(prop).next().is_none()).then(|| Value::Object(Map::new()))
            } else if trimmed.starts_with('{') {
                crate::surrogates::parse(trimmed)
                    .ok()
                    .filter(Value::is_object)
            } else {
                None
            }
        } else if kinds.contains(&"array") && trimmed.starts_with('[') {
            crate::surrogates::parse(trimmed)
                .ok()
                .filter(Value::is_array)
        } else {
            None
        };
        if let Some(repaired) = repaired {
            *value = repaired;
        }
    }
    args
}

fn parse_integer(text: &str) -> Option<Value> {
    if let Ok(i) = text.parse::<i64>() {
        return Some(Value::from(i));
    }
    let f = parse_decimal(text)?.as_f64()?;
    (f.fract() == 0.0 && f.abs() < 9.0e15).then(|| Value::from(f as i64))
}

/// A finite decimal number written as a model writes one: JSON's grammar plus a leading `+`,
/// a bare leading or trailing point (`.5`, `5.`). Read by serde_json's number parser, which
/// the core has anyway: `str::parse::<f64>` would pull core's correctly rounded parser and its
/// 10 KB table of powers of five into the wasm. The two agree whenever the digits (15 at
/// most) times ten to the power that scales them (within ±22) are exact in a double, as in
/// every plain decimal a model writes for a parameter; past that, serde_json may be one bit
/// off (0.25e-21).
fn parse_decimal(text: &str) -> Option<Number> {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match digits.find(['e', 'E']) {
        Some(at) => digits.split_at(at),
        None => (digits, ""),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() || whole.starts_with(['+', '-']) {
        return None;
    }
    let whole = if whole.is_empty() { "0" } else { whole };
    let fraction = if fraction.is_empty() {
        String::new()
    } else {
        format!(".{fraction}")
    };
    let json = format!("{sign}{whole}{fraction}{exponent}");
    match serde_json::from_str::<Value>(&json).ok()? {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Some(n),
        _ => None,
    }
}

/// The first violation of `schema` by `value` (the arguments object), `None` when valid or
/// when nothing checkable fails. Call only on [`checkable`] schemas.
pub fn validate(schema: &Value, value: &Value) -> Option<Violation> {
    walk(schema, value, "arguments".to_string(), 0)
}

fn walk(schema: &Value, value: &Value, path: String, depth: usize) -> Option<Violation> {
    if depth > MAX_SCHEMA_DEPTH {
        return None;
    }
    let Value::Object(s) = schema else {
        return None;
    };
    if value.is_null() && s.get("nullable") == Some(&Value::Bool(true)) {
        return None;
    }
    let fail = |constraint: &'static str, detail: String| {
        Some(Violation {
            path: path.clone(),
            constraint,
            detail,
        })
    };
    let kinds = types(schema);
    let known = kinds.iter().all(|t| {
        matches!(
            *t,
            "string" | "integer" | "number" | "boolean" | "object" | "array" | "null"
        )
    });
    if !kinds.is_empty() && known && !kinds.iter().any(|t| is_type(value, t)) {
        let names: Vec<String> = kinds.iter().map(|t| format!("'{t}'")).collect();
        return fail(
            "type",
            format!("{} is not of type {}", preview(value), names.join(", ")),
        );
    }
    if let Some(Value::Array(options)) = s.get("enum") {
        if !options.iter().any(|o| same(o, value)) {
            let shown: Vec<String> = options.iter().map(preview).collect();
            return fail(
                "enum",
                format!("{} is not one of [{}]", preview(value), shown.join(", ")),
            );
        }
    }
    if let Some(expected) = s.get("const") {
        if !same(expected, value) {
            return fail("const", format!("{} was expected", preview(expected)));
        }
    }
    match value {
        Value::Object(map) => {
            for name in required(schema) {
                if !map.contains_key(name) {
                    return fail("required", format!("'{name}' is a required property"));
                }
            }
            let props = s.get("properties").and_then(Value::as_object);
            for (key, item) in map {
                if let Some(sub) = props.and_then(|p| p.get(key)) {
                    if let Some(v) = walk(sub, item, child(&path, key), depth + 1) {
                        return Some(v);
                    }
                    continue;
                }
                if s.contains_key("patternProperties") {
                    continue; // cannot tell without regexes: never block
                }
                match s.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        return fail(
                            "additionalProperties",
                            format!(
                                "Additional properties are not allowed ('{key}' was unexpected)"
                            ),
                        )
                    }
                    Some(extra @ Value::Object(_)) => {
                        if let Some(v) = walk(extra, item, child(&path, key), depth + 1) {
                            return Some(v);
                        }
                    }
                    _ => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(min) = s.get("minItems").and_then(Value::as_u64) {
                if (items.len() as u64) < min {
                    return fail("minItems", format!("{} is too short", preview(value)));
                }
            }
            if let Some(max) = s.get("maxItems").and_then(Value::as_u64) {
                if items.len() as u64 > max {
                    return fail("maxItems", format!("{} is too long", preview(value)));
                }
            }
            for (i, item) in items.iter().enumerate() {
                let sub = match s.get("items") {
                    Some(Value::Array(tuple)) => tuple.get(i),
                    Some(one @ Value::Object(_)) => Some(one),
                    _ => None,
                };
                if let Some(sub) = sub {
                    if let Some(v) = walk(sub, item, format!("{path}[{i}]"), depth + 1) {
                        return Some(v);
                    }
                }
            }
        }
        Value::String(text) => {
            let n = text.chars().count() as u64;
            if let Some(min) = s.get("minLength").and_then(Value::as_u64) {
                if n < min {
                    return fail("minLength", format!("{} is too short", preview(value)));
                }
            }
            if let Some(max) = s.get("maxLength").and_then(Value::as_u64) {
                if n > max {
                    return fail("maxLength", format!("{} is too long", preview(value)));
                }
            }
        }
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(0.0);
            // The bound as the schema writes it (`10`, `2.5`): serde_json's number, as Python
            // prints the schema's own value (and f64's `Display` is not linked for this alone).
            let bound = |key: &str| match s.get(key) {
                Some(Value::Number(b)) => b.as_f64().map(|v| (v, b)),
                _ => None,
            };
            let checks = [
                ("minimum", "is less than the minimum of"),
                ("maximum", "is greater than the maximum of"),
                (
                    "exclusiveMinimum",
                    "is less than or equal to the minimum of",
                ),
                (
                    "exclusiveMaximum",
                    "is greater than or equal to the maximum of",
                ),
            ];
            for (key, says) in checks {
                let Some((b, shown)) = bound(key) else {
                    continue;
                };
                let broken = match key {
                    "minimum" => x < b,
                    "maximum" => x > b,
                    "exclusiveMinimum" => x <= b,
                    _ => x >= b,
                };
                if broken {
                    return fail(key, format!("{n} {says} {shown}"));
                }
            }
        }
        _ => {}
    }
    None
}

fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "string" => value.is_string(),
        "integer" => value
            .as_f64()
            .is_some_and(|f| value.is_i64() || value.is_u64() || f.fract() == 0.0),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "null" => value.is_null(),
        _ => true,
    }
}

/// JSON equality where `1` equals `1.0` (as in JSON Schema). Only scalars compare by
/// number value; composite values use plain equality.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// `path.key` for identifier-like keys, `path["key"]` otherwise.
fn child(path: &str, key: &str) -> String {
    let mut chars = key.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident {
        format!("{path}.{key}")
    } else {
        format!("{path}[{}]", Value::from(key))
    }
}

/// A short rendering of a value for messages: scalars as JSON, composites abbreviated, so a
/// huge or deep value never lands in a message whole (and is never serialised recursively).
fn preview(value: &Value) -> String {
    const MAX: usize = 80;
    let text = match value {
        Value::Object(map) if map.is_empty() => "{}".to_string(),
        Value::Object(map) => format!("{{…{} keys}}", map.len()),
        Value::Array(items) if items.is_empty() => "[]".to_string(),
        Value::Array(items) => format!("[…{} items]", items.len()),
        scalar => scalar.to_string(),
    };
    if text.chars().count() <= MAX {
        return text;
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::deeper_than;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type":"object","properties":{
            "priority":{"type":"string","enum":["low","high"]},
            "count":{"type":"integer"},
            "options":{"type":"object","properties":{"count":{"type":"integer"}},
                       "required":["count"],"additionalProperties":false},
            "tags":{"type":"array","items":{"type":"string"}},
            "note":{"type":"string","nullable":true}
        },"required":["priority"]})
    }

    fn check(args: Value) -> Option<Violation> {
        validate(&schema(), &args)
    }

    #[test]
    fn nested_paths_and_keywords_are_reported() {
        let v = check(json!({"priority":"mid"})).unwrap();
        assert_eq!(
            (v.path.as_str(), v.constraint),
            ("arguments.priority", "enum")
        );
        let v = check(json!({"priority":"low","options":{"count":"x"}})).unwrap();
        assert_eq!(
            (v.path.as_str(), v.constraint),
            ("arguments.options.count", "type")
        );
        let v = check(json!({"priority":"low","options":{}})).unwrap();
        assert_eq!(
            (v.path.as_str(), v.constraint),
            ("arguments.options", "required")
        );
        let v = check(json!({"priority":"low","options":{"count":1,"x":2}})).unwrap();
        assert_eq!(
            (v.path.as_str(), v.constraint),
            ("arguments.options", "additionalProperties")
        );
        let v = check(json!({"priority":"low","tags":["a",3]})).unwrap();
        assert_eq!(
            (v.path.as_str(), v.constraint),
            ("arguments.tags[1]", "type")
        );
        assert_eq!(
            check(json!({"priority":"low","note":null,"count":2.0})),
            None
        );
    }

    #[test]
    fn bounds_are_reported_as_the_schema_writes_them() {
        let bounded = json!({"type":"object","properties":{
            "n":{"type":"number","minimum":10,"maximum":20.5},
            "m":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1.25}
        }});
        let cases = [
            (
                json!({"n":5}),
                "minimum",
                "5 is less than the minimum of 10",
            ),
            (
                json!({"n":21}),
                "maximum",
                "21 is greater than the maximum of 20.5",
            ),
            (
                json!({"m":0}),
                "exclusiveMinimum",
                "0 is less than or equal to the minimum of 0",
            ),
            (
                json!({"m":1.25}),
                "exclusiveMaximum",
                "1.25 is greater than or equal to the maximum of 1.25",
            ),
        ];
        for (args, constraint, detail) in cases {
            let v = validate(&bounded, &args).unwrap_or_else(|| panic!("{args} passes"));
            assert_eq!((v.constraint, v.detail.as_str()), (constraint, detail));
        }
        assert_eq!(validate(&bounded, &json!({"n":20.5,"m":0.5})), None);
    }

    #[test]
    fn coercion_repairs_numbers_and_blank_optional_objects() {
        let s = json!({"type":"object","properties":{
            "n":{"type":"integer"},"f":{"type":"number"},"b":{"type":"boolean"},
            "o":{"type":"object"},"r":{"type":"object","required":["x"]},"s":{"type":"string"}}});
        let args = json!({"n":"42","f":"1.5","b":"TRUE","o":"","r":"","s":"7"});
        let Value::Object(args) = args else { panic!() };
        let out = Value::Object(coerce(&s, args));
        assert_eq!(out, json!({"n":42,"f":1.5,"b":true,"o":{},"r":"","s":"7"}));
    }

    #[test]
    fn decimals_read_as_a_model_writes_them() {
        let read = |t: &str| parse_decimal(t).and_then(|n| n.as_f64());
        assert_eq!(read("1.5"), Some(1.5));
        assert_eq!(read("+2.25"), Some(2.25));
        assert_eq!(read("-.5"), Some(-0.5));
        assert_eq!(read("5."), Some(5.0));
        assert_eq!(read("1e3"), Some(1000.0));
        assert_eq!(read("2.5E-1"), Some(0.25));
        assert_eq!(read("0.1"), Some(0.1));
        assert_eq!(read("123456.789012345"), Some(123_456.789_012_345));
        // Against the standard library's correctly rounded parser, over a grid of the
        // numbers a model writes.
        for whole in [
            "0",
            "1",
            "7",
            "42",
            "999",
            "123456",
            "98765432",
            "900719925474",
        ] {
            for fraction in ["", "5", "25", "1", "333", "000001", "123"] {
                // The power of ten that scales the digits stays within ±22.
                let shift = fraction.len() as i32;
                for exp in (-22 + shift)..=22 {
                    let text = match fraction {
                        "" => format!("{whole}e{exp}"),
                        f => format!("{whole}.{f}e{exp}"),
                    };
                    assert_eq!(read(&text), text.parse::<f64>().ok(), "{text}");
                }
            }
        }
        for bad in [
            "", ".", "+-1", "--1", "1.2.3", "0x10", "inf", "NaN", "1e999", "1 2", "1_000", "e5",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
        let s =
            json!({"type":"object","properties":{"n":{"type":"integer"},"f":{"type":"number"}}});
        let Value::Object(args) = json!({"n":"7.0","f":"-.75"}) else {
            panic!()
        };
        assert_eq!(Value::Object(coerce(&s, args)), json!({"n":7,"f":-0.75}));
    }

    #[test]
    fn refs_and_deep_schemas_are_not_checkable() {
        assert!(!checkable(&json!({"properties":{"a":{"$ref":"#/defs/a"}}})));
        assert!(checkable(
            &json!({"properties":{"a":{"enum":[{"$ref":"literal"}]}}})
        ));
        let mut deep = json!({"type":"object"});
        for _ in 0..10_000 {
            let mut props = Map::new();
            props.insert("a".into(), deep);
            let mut node = Map::new();
            node.insert("type".into(), Value::from("object"));
            node.insert("properties".into(), Value::Object(props));
            deep = Value::Object(node);
        }
        assert!(!checkable(&deep));
        assert!(deeper_than(&deep, 100));
        std::mem::forget(deep); // dropping 10,000 levels recursively is the test's problem, not ours
    }
}
