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
        Some(Value::String(s)) => python_int(s),
        Some(Value::Bool(b)) => Some(if *b { 1.0 } else { 0.0 }),
        Some(_) => None,
    };
    let value = parsed.unwrap_or(default as f64);
    value.clamp(1.0, max.max(1) as f64) as usize
}

/// What Python's `int(text)` reads, saturating instead of growing: surrounding whitespace,
/// an optional sign, then decimal digits of any script (`"１０"`), single underscores allowed
/// between them (`"1_000"`). `None` where `int` raises.
fn python_int(text: &str) -> Option<f64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let mut value = 0f64;
    let mut last_digit = false;
    for c in digits.chars() {
        if c == '_' && last_digit {
            last_digit = false;
            continue;
        }
        value = value * 10.0 + f64::from(decimal_digit(c)?);
        last_digit = true;
    }
    // Empty, or ending in an underscore.
    if !last_digit {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// The value of a decimal digit (Unicode category Nd, which comes in runs of ten from 0).
fn decimal_digit(c: char) -> Option<u32> {
    /// The zero of every run of Nd digits (Unicode 14, as Python 3.12's `int` reads them).
    const ZEROS: [u32; 66] = [
        0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
        0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
        0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
        0xFF10, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0,
        0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0,
        0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
    ];
    let c = u32::from(c);
    let zero = match ZEROS.binary_search(&c) {
        Ok(i) => ZEROS.get(i),
        Err(i) => ZEROS.get(i.checked_sub(1)?),
    }?;
    let digit = c - zero;
    (digit < 10).then_some(digit)
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
        // Python's int() also reads underscores between digits, any script's decimal
        // digits, and numbers of any size (clamped here).
        assert_eq!(l(json!("1_0")), 10);
        assert_eq!(l(json!("\u{3000}１０ ")), 10);
        assert_eq!(l(json!("٣")), 3);
        assert_eq!(l(json!("99999999999999999999")), 25);
        assert_eq!(l(json!("-99999999999999999999")), 1);
        assert_eq!(l(json!("+8")), 8);
        for bad in ["", "_1", "1_", "1__0", "1 0", "--1", "0x10", "Ⅻ", "²"] {
            assert_eq!(l(json!(bad)), 5, "{bad:?}");
        }
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
