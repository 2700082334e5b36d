//! How a bridge call's arguments are read, as leniently as Hermes reads them.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::messages::bridge_args_not_object;

/// The arguments of a bridge call as an object: an object as is, a JSON string parsed
/// (hosts often pass the model's raw argument text), `null`/blank → `{}`. Otherwise the
/// model-facing error message.
pub fn object<'a>(tool: &str, args: &'a Value) -> Result<Cow<'a, Map<String, Value>>, String> {
    match args {
        Value::Object(map) => Ok(Cow::Borrowed(map)),
        Value::Null => Ok(Cow::Owned(Map::new())),
        Value::String(text) if text.trim().is_empty() => Ok(Cow::Owned(Map::new())),
        Value::String(text) => match crate::surrogates::parse(text) {
            Ok(Value::Object(map)) => Ok(Cow::Owned(map)),
            _ => Err(bridge_args_not_object(tool)),
        },
        _ => Err(bridge_args_not_object(tool)),
    }
}

/// A scalar as the text Python's `str(x or "").strip()` would give: strings trimmed, numbers
/// as written; `null`, `false`, `0`, arrays and objects → `""` (dropped by callers).
pub fn text(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) if n.as_f64() != Some(0.0) => n.to_string(),
        Some(Value::Bool(true)) => "True".to_string(),
        _ => String::new(),
    }
}

/// A list-of-strings argument: a bare string counts as a one-item list, unless it is the JSON
/// text of an array (`"[\"a\", \"b\"]"`: a model that encoded the list twice, which Hermes
/// would take as one name and not find); items are trimmed and blanks dropped; `dedupe` keeps
/// the first of equal items. `None` when the value is neither a string nor an array (or
/// absent).
pub fn string_list(raw: Option<&Value>, dedupe: bool) -> Option<Vec<String>> {
    let encoded = match raw? {
        Value::String(text) if text.trim_start().starts_with('[') => {
            crate::surrogates::parse(text).ok()
        }
        _ => None,
    };
    let items: Vec<&Value> = match encoded.as_ref().or(raw)? {
        one @ Value::String(_) => vec![one],
        Value::Array(items) => items.iter().collect(),
        _ => return None,
    };
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let text = text(Some(item));
        let duplicate = dedupe && out.contains(&text);
        if !text.is_empty() && !duplicate {
            out.push(text);
        }
    }
    Some(out)
}

/// `limit`: absent/null → `default`; otherwise Python's `int(limit)` (numbers truncated,
/// integer strings parsed, booleans 1/0), the default when that fails, clamped to `1..=max`.
pub fn limit(raw: Option<&Value>, default: u64, max: u64) -> usize {
    let parsed: Option<f64> = match raw {
        None | Some(Value::Null) => return default.clamp(1, max.max(1)) as usize,
        Some(Value::Number(n)) => n.as_f64().map(f64::trunc),
        Some(Value::String(s)) => s.trim().parse::<i64>().ok().map(|i| i as f64),
        Some(Value::Bool(b)) => Some(if *b { 1.0 } else { 0.0 }),
        Some(_) => None,
    };
    let value = parsed.unwrap_or(default as f64);
    value.clamp(1.0, max.max(1) as f64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn limits_parse_like_python_int_and_clamp() {
        let l = |v: Value| limit(Some(&v), 5, 25);
        assert_eq!(limit(None, 5, 25), 5);
        assert_eq!(l(json!(3.9)), 3);
        assert_eq!(l(json!(" 7 ")), 7);
        assert_eq!(l(json!("7.5")), 5);
        assert_eq!(l(json!(-4)), 1);
        assert_eq!(l(json!(1e300)), 25);
        assert_eq!(l(json!([1])), 5);
        assert_eq!(l(json!(true)), 1);
    }

    #[test]
    fn string_lists_accept_a_bare_string_and_drop_blanks() {
        assert_eq!(
            string_list(Some(&json!(" a ")), false),
            Some(vec!["a".into()])
        );
        assert_eq!(
            string_list(Some(&json!(["a", "", "a", null, 5])), true),
            Some(vec!["a".into(), "5".into()])
        );
        assert_eq!(string_list(Some(&json!({"a":1})), false), None);
        assert_eq!(string_list(None, false), None);
        // A list encoded as JSON text is the list; other text in brackets is one item.
        assert_eq!(
            string_list(Some(&json!(r#" ["gmail send", "gmail send", " "]"#)), true),
            Some(vec!["gmail send".into()])
        );
        assert_eq!(
            string_list(Some(&json!("[draft] notes")), false),
            Some(vec!["[draft] notes".into()])
        );
    }
}
