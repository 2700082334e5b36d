//! How JS values become JSON values and back, with limits instead of surprises.

use js_sys::{Array, JsString, Object, Reflect, Uint8Array, JSON};
use serde::Serialize;
use serde_json::{Map, Number, Value};
use wasm_bindgen::prelude::*;
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
        return Err(invalid(
            path,
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
/// `JSON.stringify`, which is far faster than walking it property by property.
///
/// The text crosses into wasm as UTF-8 of its exact length. (Passing the JS string directly
/// makes wasm-bindgen reserve three bytes per UTF-16 unit once it meets a non-ASCII
/// character: a 160 MB tool list would briefly take ~480 MB of linear memory, which wasm
/// never gives back.)
pub fn stringify(value: &JsValue, what: &str, code: ErrorCode) -> Result<String> {
    let not_json = || {
        Error::new(
            code,
            format!("{what} cannot be serialised to JSON (cyclic, or holds a BigInt)"),
        )
    };
    let text = JSON::stringify(value).map_err(|_| not_json())?;
    if !JsValue::from(&text).is_string() {
        return Err(not_json());
    }
    let bytes = TextEncoder::new().encode(&text).to_vec();
    String::from_utf8(bytes).map_err(|_| not_json())
}

#[wasm_bindgen]
extern "C" {
    /// The runtime's `TextEncoder` (every supported runtime has one; the glue uses it too).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    #[wasm_bindgen(method)]
    fn encode(this: &TextEncoder, text: &JsString) -> Uint8Array;
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
