//! How JS values become JSON values and back, with limits instead of surprises.

use js_sys::{Array, Object, Reflect, JSON};
use serde::Serialize;
use serde_json::{Map, Number, Value};
use wasm_bindgen::{JsCast, JsValue};

use crate::error::{Error, ErrorCode, Result};

/// Deepest nesting accepted in options, contexts and call arguments.
const MAX_DEPTH: usize = 128;

/// Converts a small JS value (options, a context, call arguments) to JSON. Numbers that are
/// not finite, functions, symbols and bigints are errors naming `what`.
pub fn to_json(value: &JsValue, what: &str) -> Result<Value> {
    convert(value, what, 0)
}

fn convert(value: &JsValue, path: &str, depth: usize) -> Result<Value> {
    if depth > MAX_DEPTH {
        // The path is 128 segments long by now: show its start only.
        return Err(invalid(
            &crate::error::preview(path),
            format!("nests deeper than {MAX_DEPTH} levels"),
        ));
    }
    if value.is_undefined() || value.is_null() {
        return Ok(Value::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        if !n.is_finite() {
            return Err(invalid(path, format!("is {n}, not a finite number")));
        }
        let number = if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
            Number::from(n as i64)
        } else {
            Number::from_f64(n).ok_or_else(|| invalid(path, "is not a finite number"))?
        };
        return Ok(Value::Number(number));
    }
    if let Some(s) = value.as_string() {
        return Ok(Value::String(s));
    }
    if let Some(array) = value.dyn_ref::<Array>() {
        let mut out = Vec::with_capacity(array.length() as usize);
        for (i, item) in array.iter().enumerate() {
            out.push(convert(&item, &format!("{path}[{i}]"), depth + 1)?);
        }
        return Ok(Value::Array(out));
    }
    if value.is_function() || value.is_symbol() || value.is_bigint() {
        let kind = value.js_typeof().as_string().unwrap_or_default();
        return Err(invalid(path, format!("is a {kind}, not a JSON value")));
    }
    if let Some(object) = value.dyn_ref::<Object>() {
        let mut out = Map::new();
        for key in Object::keys(object).iter() {
            let Some(name) = key.as_string() else {
                continue;
            };
            let item = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
            if item.is_undefined() {
                continue;
            }
            let child = convert(&item, &format!("{path}.{name}"), depth + 1)?;
            out.insert(name, child);
        }
        return Ok(Value::Object(out));
    }
    Err(invalid(path, "is not a JSON value"))
}

fn invalid(path: &str, what: impl std::fmt::Display) -> Error {
    Error::new(ErrorCode::InvalidArgument, format!("{path} {what}"))
}

/// Serialises a large JS value (a tool list, a message history) with the engine's own
/// `JSON.stringify`, which is far faster than walking it property by property. What
/// `JSON.stringify` throws (a cycle, a BigInt, a nesting too deep for the JS stack) becomes an
/// error with `code` that quotes the engine's own message.
pub fn stringify(value: &JsValue, what: &str, code: ErrorCode) -> Result<String> {
    match JSON::stringify(value) {
        Ok(text) => text
            .as_string()
            .ok_or_else(|| Error::new(code, format!("{what} cannot be serialised to JSON"))),
        Err(thrown) => {
            let mut reason = thrown
                .dyn_ref::<js_sys::Error>()
                .and_then(|e| e.message().as_string())
                .map(|m| crate::error::preview(&m))
                .unwrap_or_else(|| "it is cyclic or holds a BigInt".to_string());
            if thrown.is_instance_of::<js_sys::RangeError>() {
                reason.push_str(" (it nests too deeply for JSON.stringify)");
            }
            Err(Error::new(
                code,
                format!("{what} cannot be serialised to JSON: {reason}"),
            ))
        }
    }
}

/// Converts a Rust value to a plain JS object (maps become objects, not `Map`s).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).unwrap_or(JsValue::NULL)
}

/// Reads a property of a plain options object, `undefined` when absent or not an object.
pub fn field(object: &JsValue, key: &str) -> JsValue {
    if !object.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}
