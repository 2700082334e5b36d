//! How JS values become JSON values and back, with limits instead of surprises.

use js_sys::{Array, Function, Int32Array, JsString, Reflect, Uint8Array, JSON};
use serde::Serialize;
use serde_json::{Map, Number, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use std::rc::Rc;

use crate::catalog::{too_large, MAX_LIST_BYTES};
use crate::engine::Prepared;
use crate::error::{Error, ErrorCode, Result};

/// Deepest nesting accepted in options, contexts and call arguments.
const MAX_DEPTH: usize = 128;

#[wasm_bindgen]
extern "C" {
    /// `Object.keys`, returning what a Proxy's `ownKeys` trap throws instead of letting it
    /// unwind through the core (which would leave the `Engine` borrowed for good).
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn try_keys(object: &JsValue) -> std::result::Result<Array, JsValue>;
    /// `Array.isArray`, returning what it throws for a revoked Proxy (js-sys's `is_array` and
    /// `dyn_ref::<Array>` let it unwind through the core, a trap that resets every instance).
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn try_is_array(value: &JsValue) -> std::result::Result<bool, JsValue>;
    /// `Object.prototype.toString.call(value)` (`"[object Map]"`), returning what a Proxy's
    /// trap throws.
    #[wasm_bindgen(catch, js_namespace = ["Object", "prototype", "toString"], js_name = call)]
    fn try_tag(value: &JsValue) -> std::result::Result<String, JsValue>;
}

/// `value` as an array when it is one; what `Array.isArray` throws (a revoked Proxy) is an
/// `invalid_argument` error naming `path`.
pub fn array_of<'a>(value: &'a JsValue, path: &str) -> Result<Option<&'a Array>> {
    match try_is_array(value) {
        Ok(true) => Ok(Some(value.unchecked_ref())),
        Ok(false) => Ok(None),
        Err(e) => Err(thrown(path, &e)),
    }
}

/// "Map" or "Set" when `Object.prototype.toString` tags `value` so (a Map, a Set or a
/// subclass), read through a catching call: `instanceof` would let a Proxy's throwing
/// `getPrototypeOf` trap unwind through the core.
fn collection_kind(value: &JsValue) -> std::result::Result<Option<&'static str>, JsValue> {
    Ok(match try_tag(value)?.as_str() {
        "[object Map]" => Some("Map"),
        "[object Set]" => Some("Set"),
        _ => None,
    })
}

/// A thrown value's `message` when it is a string, read through `Reflect` (an `Error` whose
/// `message` getter throws, or a revoked Proxy thrown, yields `None` rather than unwinding).
fn message_of(thrown: &JsValue) -> Option<String> {
    if !thrown.is_object() {
        return None;
    }
    Reflect::get(thrown, &JsValue::from_str("message"))
        .ok()?
        .as_string()
}

/// A JS exception thrown by a getter or Proxy trap while reading `path`, as an error.
fn thrown(path: &str, error: &JsValue) -> Error {
    invalid(&crate::error::preview(path), thrown_reason(error))
}

/// `could not be read: it threw "…"` for a JS exception (its message when it is an `Error`).
pub fn thrown_reason(error: &JsValue) -> String {
    let reason = message_of(error)
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "an exception without a readable message".to_string());
    format!(
        "could not be read: it threw {:?}",
        crate::error::preview(&reason)
    )
}

/// Most array items and object properties one [`to_json`] call reads, in all: a sparse array
/// (`a.length = 2 ** 31`) or a Proxy reporting a huge length would otherwise be read index by
/// index, each hole a `null`, until wasm memory ran out (which aborts the core).
pub const MAX_JSON_ITEMS: usize = 1_000_000;

/// Most UTF-16 units of all the strings (values and keys) one [`to_json`] call reads (64 Mi:
/// a tool call may carry a file's contents): each crosses into wasm memory at up to three
/// bytes a unit, and one 500-million-character string ran memory out, which aborts the core
/// and loses every instance's sessions.
pub const MAX_JSON_UNITS: usize = 1 << 26;

/// What one conversion may still read.
struct Budget {
    items: usize,
    units: usize,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            items: MAX_JSON_ITEMS,
            units: MAX_JSON_UNITS,
        }
    }

    /// Takes `n` items.
    fn items(&mut self, n: usize, path: &str) -> Result<()> {
        take(&mut self.items, n, || {
            format!(
                "{} holds more than {MAX_JSON_ITEMS} items in all",
                crate::error::preview(path)
            )
        })
    }

    /// Reads the JS string `value` (`None` when it is none), taking its length from the
    /// units left.
    fn string(&mut self, value: &JsValue, path: &str) -> Result<Option<String>> {
        let Some(text) = value.dyn_ref::<JsString>() else {
            return Ok(None);
        };
        let units = text.length() as usize;
        take(&mut self.units, units, || {
            format!(
                "{} holds more than {MAX_JSON_UNITS} characters of text in all (a string of {units})",
                crate::error::preview(path)
            )
        })?;
        Ok(value.as_string())
    }
}

/// Takes `n` from what is `left`, or is the `limit_exceeded` error that `message` words.
fn take(left: &mut usize, n: usize, message: impl FnOnce() -> String) -> Result<()> {
    *left = left
        .checked_sub(n)
        .ok_or_else(|| Error::new(ErrorCode::LimitExceeded, message()))?;
    Ok(())
}

/// Converts a small JS value (options, a context, call arguments) to JSON. Numbers that are
/// not finite, functions, symbols and bigints are errors naming `what`; more than
/// [`MAX_JSON_ITEMS`] items or [`MAX_JSON_UNITS`] characters is `limit_exceeded`.
pub fn to_json(value: &JsValue, what: &str) -> Result<Value> {
    convert(value, what, 0, &mut Budget::new())
}

/// A JS string argument (`None` when `value` is no string); longer than [`MAX_JSON_UNITS`]
/// is `limit_exceeded`, refused before it is copied into wasm memory.
pub fn string_of(value: &JsValue, what: &str) -> Result<Option<String>> {
    Budget::new().string(value, what)
}

fn convert(value: &JsValue, path: &str, depth: usize, budget: &mut Budget) -> Result<Value> {
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
            // Named as JS spells it (and without f64's `Display`, linked for nothing else).
            let what = if n.is_nan() {
                "NaN"
            } else if n > 0.0 {
                "Infinity"
            } else {
                "-Infinity"
            };
            return Err(invalid(path, format!("is {what}, not a finite number")));
        }
        let number = if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
            Number::from(n as i64)
        } else {
            Number::from_f64(n).ok_or_else(|| invalid(path, "is not a finite number"))?
        };
        return Ok(Value::Number(number));
    }
    if let Some(s) = budget.string(value, path)? {
        return Ok(Value::String(s));
    }
    // Every read below goes through Reflect (which returns what getters and Proxy traps
    // throw) rather than js-sys's non-catching accessors.
    if array_of(value, path)?.is_some() {
        let length = Reflect::get(value, &JsValue::from_str("length"))
            .map_err(|e| thrown(path, &e))?
            .as_f64()
            .unwrap_or(0.0) as u32;
        budget.items(length as usize, path)?;
        let mut out = Vec::with_capacity(length.min(1 << 16) as usize);
        for i in 0..length {
            let item_path = format!("{path}[{i}]");
            let item = Reflect::get_u32(value, i).map_err(|e| thrown(&item_path, &e))?;
            out.push(convert(&item, &item_path, depth + 1, budget)?);
        }
        return Ok(Value::Array(out));
    }
    if value.is_function() || value.is_symbol() || value.is_bigint() {
        let kind = value.js_typeof().as_string().unwrap_or_default();
        return Err(invalid(path, format!("is a {kind}, not a JSON value")));
    }
    if value.is_object() {
        // What `JSON.stringify` would write: an object's `toJSON()` (a Date is its ISO
        // string). A Map or Set holds its entries where no key shows them, so it would
        // silently become `{}`: refused instead.
        let to_json =
            Reflect::get(value, &JsValue::from_str("toJSON")).map_err(|e| thrown(path, &e))?;
        if let Some(f) = to_json.dyn_ref::<Function>() {
            let json = f.call0(value).map_err(|e| thrown(path, &e))?;
            return convert(&json, path, depth + 1, budget);
        }
        if let Some(kind) = collection_kind(value).map_err(|e| thrown(path, &e))? {
            return Err(invalid(path, format!("is a {kind}, not a JSON value")));
        }
        let mut out = Map::new();
        let keys = try_keys(value).map_err(|e| thrown(path, &e))?;
        budget.items(keys.length() as usize, path)?;
        for key in keys.iter() {
            let Some(name) = budget.string(&key, path)? else {
                continue;
            };
            let item_path = format!("{path}.{}", crate::error::preview(&name));
            let item = Reflect::get(value, &key).map_err(|e| thrown(&item_path, &e))?;
            if item.is_undefined() {
                continue;
            }
            out.insert(name, convert(&item, &item_path, depth + 1, budget)?);
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
///
/// The text crosses into wasm as UTF-8 through [`utf8`], which stays close to its exact
/// length. (Passing the JS string directly makes wasm-bindgen reserve three bytes per UTF-16
/// unit once it meets a non-ASCII character: a 160 MB tool list would briefly take ~480 MB
/// of linear memory, which wasm never gives back.)
pub fn stringify(value: &JsValue, what: &str, code: ErrorCode) -> Result<String> {
    let not_json = || Error::new(code, format!("{what} cannot be serialised to JSON"));
    let text = match JSON::stringify(value) {
        Ok(text) => text,
        Err(thrown) => {
            let mut reason = message_of(&thrown)
                .map(|m| crate::error::preview(&m))
                .unwrap_or_else(|| "it threw an exception without a readable message".to_string());
            let name = Reflect::get(&thrown, &JsValue::from_str("name")).ok();
            // V8's RangeErrors here: "Maximum call stack size exceeded" (nesting) and
            // "Invalid string length" (a text past V8's longest string).
            if name.and_then(|n| n.as_string()).as_deref() == Some("RangeError") {
                if reason.contains("string length") {
                    return Err(too_large(what, MAX_LIST_BYTES));
                }
                reason.push_str(" (it nests too deeply for JSON.stringify)");
            }
            return Err(Error::new(
                code,
                format!("{what} cannot be serialised to JSON: {reason}"),
            ));
        }
    };
    if !JsValue::from(&text).is_string() {
        return Err(not_json());
    }
    // Refused before it is copied into wasm memory (each UTF-16 unit is a byte or more).
    let units = text.length() as usize;
    if units > MAX_LIST_BYTES {
        return Err(too_large(what, units));
    }
    let mut buf = Vec::new();
    append_utf8(&text, &mut buf, MAX_LIST_BYTES).ok_or_else(not_json)?;
    if buf.len() > MAX_LIST_BYTES {
        return Err(too_large(what, buf.len()));
    }
    String::from_utf8(buf).map_err(|_| not_json())
}

/// Tools in the first `JSON.stringify` call of [`stringify_list`], which sizes the buffer …
const FIRST_SLICE: u32 = 200;
/// … and in each later call.
const SLICE: u32 = 20;

/// [`stringify`] for a tool list, a few tools per `JSON.stringify` call, their texts joined in
/// wasm memory: the same text, but V8 never builds one string of the whole list. V8 returns a
/// long JSON text as a rope of pieces that `encodeInto` must first copy into one flat string
/// (widened to two bytes a character if any piece holds a character above U+00FF, which a real
/// catalog's typographic quotes and CJK words put everywhere). For the 3,454-tool mcp-servers
/// catalog that copy took ~10 ms of a 15 ms encode in slices of 1,000 tools, and ~3 ms in
/// slices of 20 (short texts are flat or cheap to flatten; measured in Node 20). At 100k tools
/// one string would be 170 MB, and building it cost a major garbage collection over the host's
/// heap. Short lists, arrays with a `toJSON`, and every failure take the one-call path, so
/// errors read exactly as before.
///
/// With `reuse` = (`positions`, `seen`, `last`): `positions(seen, array)` (the wrapper's
/// helper, asked only for a list long enough to be sliced) gives, for each item, its index in
/// `seen`, the list `last` was prepared from, when it is the very same object or new plain
/// data equal to that item (else -1): such an item's text is copied from `last`'s catalog
/// instead, and slices stop short of such items. An answer that is no `Int32Array` of the
/// list's length is ignored. Returns the text and, when some text was copied, each item's
/// index in that catalog (`u32::MAX` for a serialised one); or [`Listed::Same`] when every
/// item is `last`'s tool at its own place, all of them: the text would be `last`'s, and no
/// copy of it is made.
pub fn stringify_list(
    array: &Array,
    what: &str,
    code: ErrorCode,
    reuse: Option<(&Function, &Array, &Rc<Prepared>)>,
) -> Result<Listed> {
    let whole = || {
        Ok(Listed::Text(
            stringify(array.as_ref(), what, code)?,
            Vec::new(),
        ))
    };
    // Read through `Reflect` (which returns what a getter throws instead of letting it unwind
    // through the core): the host's array may be a Proxy.
    let read = |key: &str| Reflect::get(array, &JsValue::from_str(key)).ok();
    let n = length_of(array).unwrap_or(0);
    let to_json = read("toJSON").map_or(true, |f| !f.is_undefined());
    if n <= FIRST_SLICE || to_json {
        return whole();
    }
    let earlier_text = reuse.map_or(0, |(_, _, last)| last.catalog.text().len());
    let found = reuse.and_then(|(positions, seen, last)| {
        let found: Int32Array = positions
            .call2(&JsValue::UNDEFINED, seen, array)
            .ok()?
            .dyn_into()
            .ok()?;
        (found.length() == n).then_some((found, last))
    });
    if let Some((found, last)) = found.as_ref() {
        if last.catalog.len() == n as usize && (0..n).all(|i| found.get_index(i) == i as i32) {
            return Ok(Listed::Same(Rc::clone(last)));
        }
    }
    let found = found.map(|(found, last)| (found, last.catalog.tools()));
    let index = |at: u32| {
        let (found, tools) = found.as_ref()?;
        let i = usize::try_from(found.get_index(at)).ok()?;
        tools.get(i).map(|t| (i as u32, t.json()))
    };
    let mut copied: Vec<u32> = Vec::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut start = 0;
    while start < n {
        let end;
        if let Some((i, json)) = index(start) {
            copied.resize(start as usize, u32::MAX);
            copied.push(i);
            if buf.len() + json.len() > MAX_LIST_BYTES {
                return Err(too_large(what, buf.len() + json.len()));
            }
            buf.push(if start == 0 { b'[' } else { b',' });
            buf.extend_from_slice(json.as_bytes());
            end = start + 1;
            if end == n {
                buf.push(b']');
            }
        } else {
            let size = if start == 0 { FIRST_SLICE } else { SLICE };
            let last = start.saturating_add(size).min(n);
            end = (start + 1..last)
                .find(|&i| index(i).is_some())
                .unwrap_or(last);
            let text = slice_of(array, start, end)
                .and_then(|part| JSON::stringify(&part).ok())
                .filter(|t| JsValue::from(t).is_string());
            let at = buf.len();
            // Each UTF-16 unit is a byte or more: refused before it is encoded.
            let units = at + text.as_ref().map_or(0, |t| t.length() as usize);
            if units > MAX_LIST_BYTES {
                return Err(too_large(what, units));
            }
            let Some(()) = text.and_then(|t| append_utf8(&t, &mut buf, MAX_LIST_BYTES)) else {
                return whole();
            };
            if buf.len() > MAX_LIST_BYTES {
                return Err(too_large(what, buf.len()));
            }
            // `[a,b]` then `[c]` must read `[a,b,c]`: the second slice's `[` becomes a comma
            // and every `]` but the last goes.
            if buf.get(at) != Some(&b'[') || buf.last() != Some(&b']') {
                return whole();
            }
            if let (true, Some(first)) = (start > 0, buf.get_mut(at)) {
                *first = b',';
            }
            if end < n {
                buf.pop();
            }
        }
        if start == 0 {
            // Size the whole text on the first piece (plus a sixteenth), so wasm memory grows
            // about once instead of the buffer doubling, copying and overshooting (linear
            // memory is never returned). A list whose later tools are much larger still grows.
            // A list that shares tools with the last one is sized on that one's text instead
            // (its first piece may be one short tool).
            let (done, of) = match &found {
                Some((_, tools)) if !tools.is_empty() => (earlier_text, tools.len() as u64),
                _ => (buf.len(), u64::from(end.max(1))),
            };
            // Never past the list's limit: a first piece of 100 MB in a list of 100,000 tools
            // would otherwise reserve terabytes.
            let estimate = (done as u64 * u64::from(n) / of).min(MAX_LIST_BYTES as u64) as usize;
            buf.reserve_exact((estimate + estimate / 16).saturating_sub(buf.len()));
        }
        start = end;
    }
    // The catalog keeps this text for its lifetime: return the estimate's spare room (in
    // place, for the index build to reuse).
    buf.shrink_to_fit();
    if !copied.is_empty() {
        copied.resize(n as usize, u32::MAX);
    }
    match String::from_utf8(buf) {
        Ok(text) => Ok(Listed::Text(text, copied)),
        Err(_) => whole(),
    }
}

/// What [`stringify_list`] made of a tool list.
pub enum Listed {
    /// Its text, and which definitions were copied from the last list's.
    Text(String, Vec<u32>),
    /// Every item is the last list's at its place: that list.
    Same(Rc<Prepared>),
}

/// `array.length`, read through `Reflect` (`None` when a Proxy's trap throws or it is not a
/// number).
pub fn length_of(array: &Array) -> Option<u32> {
    Reflect::get(array, &JsValue::from_str("length"))
        .ok()?
        .as_f64()
        .map(|n| n as u32)
}

/// `array.slice(start, end)`, or `None` when it throws (a Proxy's trap), there is no `slice`
/// to call, or it gives anything but an array of `end - start` items: what a host's array
/// throws must come back, never unwind through the core, and an overridden `slice` (or an
/// Array subclass's species) returning a sparse array or a Proxy of 2 ** 31 items must not be
/// serialised.
pub fn slice_of(array: &Array, start: u32, end: u32) -> Option<JsValue> {
    let part = Reflect::get(array, &JsValue::from_str("slice"))
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?
        .call2(array, &start.into(), &end.into())
        .ok()?;
    // Through `Reflect` ([`length_of`]): the part may be a Proxy too.
    let fits = length_of(array_of(&part, "").ok()??) == Some(end.saturating_sub(start));
    fits.then_some(part)
}

/// The UTF-8 of a JS string (see [`append_utf8`]), `None` when it takes more than `max`
/// bytes.
pub fn utf8(text: &JsString, max: usize) -> Option<String> {
    let mut buf = Vec::new();
    append_utf8(text, &mut buf, max)?;
    if buf.len() > max {
        return None;
    }
    String::from_utf8(buf).ok()
}

/// Appends the UTF-8 bytes of `text` to `buf`, encoded by the runtime straight into wasm
/// memory (`TextEncoder.encodeInto`): no intermediate `Uint8Array` and no second copy, about
/// four times faster than `encode` for a tool list. Room starts at 1.06 bytes per UTF-16 unit
/// and grows by one and a half bytes per unit still unread, so text that is not ASCII costs a
/// few more rounds rather than a worst-case reservation; never past `max` bytes (and a
/// character): once `buf` holds more than `max`, it stops there, and the caller refuses the
/// text (a CJK text of 250 million units, under the units check, is 750 MB of UTF-8). The
/// encoder writes U+FFFD for a lone surrogate (which `JSON.stringify` never emits); `None`
/// only if it stops making progress with room to spare, rather than looping.
fn append_utf8(text: &JsString, buf: &mut Vec<u8>, max: usize) -> Option<()> {
    let units = text.length() as usize;
    let encoder = TextEncoder::new();
    let mut written = buf.len();
    let room = |want: usize, written: usize| want.min(max.saturating_sub(written)) + 4;
    // A little room past one byte per unit: a mostly-ASCII list with a few accented or CJK
    // words then fits in one round, with no reallocation (a copy of the whole text). A text
    // that may not fit under `max` at three bytes a unit gets all the room up to `max` at
    // once: growing by rounds, each reallocation holds the old buffer beside the new one.
    // (Only then exactly: a list's later pieces must keep growing the buffer by doubling.)
    let first = if units.saturating_mul(3) > max.saturating_sub(written) {
        let all = room(units.saturating_mul(3), written);
        buf.reserve_exact(all);
        all
    } else {
        room(units + units / 16, written)
    };
    buf.resize(written + first, 0);
    let mut read = 0usize;
    // Every round starts with room for at least one character (4 bytes): the first buffer
    // has it, and each growth adds it.
    while read < units {
        let rest = if read == 0 {
            text.clone()
        } else {
            text.slice(read as u32, units as u32)
        };
        // Views of wasm memory die when it grows: take one after the last allocation.
        let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
        let free = buf.get(written..).unwrap_or_default();
        let view = Uint8Array::new_with_byte_offset_and_length(
            &memory.buffer(),
            free.as_ptr() as u32,
            free.len() as u32,
        );
        let done = encoder.encode_into(&rest, &view);
        let (r, w) = (done.read() as usize, done.written() as usize);
        if r == 0 {
            return None; // no progress with room for any character: give up, never loop
        }
        read += r;
        written += w;
        if read < units {
            if written > max {
                break;
            }
            // Out of room: make some for what is left.
            let more = room((units - read) + (units - read) / 2, written);
            buf.resize(buf.len() + more, 0);
        }
    }
    buf.truncate(written);
    Some(())
}

#[wasm_bindgen]
extern "C" {
    /// The runtime's `TextEncoder` (every supported runtime has one; the glue uses it too).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &TextEncoder, text: &JsString, into: &Uint8Array) -> Progress;
    /// What `encodeInto` returns: UTF-16 units read and bytes written.
    type Progress;
    #[wasm_bindgen(method, getter)]
    fn read(this: &Progress) -> f64;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Progress) -> f64;
}

/// Converts a Rust value to a plain JS object (maps become objects, not `Map`s).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // One `JSON.parse` of serde_json's text is several times faster than building the object
    // through one boundary call per field (what serde-wasm-bindgen does). Every value here is
    // JSON-shaped already: maps become plain objects, non-finite numbers `null`.
    serde_json::to_string(value)
        .ok()
        .and_then(|text| JSON::parse(&text).ok())
        .unwrap_or(JsValue::NULL)
}

/// Reads a property of a plain options object, `undefined` when absent or not an object;
/// what a getter or Proxy trap throws is an `invalid_argument` error naming `key`.
pub fn field(object: &JsValue, key: &str) -> Result<JsValue> {
    if !object.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    with_key(key, |name| Reflect::get(object, name)).map_err(|e| thrown(key, &e))
}

/// Checks a call's context or options object (`what`, e.g. "search options"): absent
/// (`undefined`, `null`) or an object whose enumerable own keys are all `known`. A misspelt
/// key (`session_id`, `limits`) is an error rather than ignored: ignored, a call meant for one
/// session would run in the default one, with that session's tools in scope.
pub fn check_keys(object: &JsValue, known: &[&str], what: &str) -> Result<()> {
    if object.is_undefined() || object.is_null() {
        return Ok(());
    }
    if !object.is_object() || array_of(object, what)?.is_some() {
        return Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "the {what} must be an object, like {{{}: …}}",
                known.first().copied().unwrap_or_default()
            ),
        ));
    }
    let keys = try_keys(object).map_err(|e| thrown(what, &e))?;
    for key in keys.iter() {
        let Some(key) = key.as_string() else {
            continue;
        };
        if known.contains(&key.as_str()) {
            continue;
        }
        // `session_id`, `contextwindow`, `limits`, `session`: the same letters, or one
        // spelling starts the other.
        let plain = |k: &str| k.replace(['_', '-'], "").to_ascii_lowercase();
        let hint = known
            .iter()
            .find(|k| {
                let (k, key) = (plain(k), plain(&key));
                !key.is_empty() && (k.starts_with(&key) || key.starts_with(&k))
            })
            .map(|k| format!(" (did you mean {k}?)"))
            .unwrap_or_default();
        return Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "unknown key {:?} in the {what}{hint}; expected {}",
                crate::error::preview(&key),
                known.join(", ")
            ),
        ));
    }
    Ok(())
}

/// Most property names [`with_key`] keeps as JS strings (the binding reads and writes about
/// two dozen).
const KEPT_KEYS: usize = 64;

/// Runs `f` with `key` as a JS string, made once per name: creating one costs a boundary
/// crossing and a UTF-8 decode, and every search reads four options and writes three
/// properties per hit object it builds itself.
pub fn with_key<T>(key: &str, f: impl FnOnce(&JsValue) -> T) -> T {
    thread_local! {
        static KEYS: std::cell::RefCell<crate::search::hash::FxMap<String, JsValue>> =
            std::cell::RefCell::new(crate::search::hash::FxMap::default());
    }
    KEYS.with(|keys| {
        // Re-entered from inside `f` (a getter calling back into the engine): no cache.
        let Ok(mut keys) = keys.try_borrow_mut() else {
            return f(&JsValue::from_str(key));
        };
        if let Some(name) = keys.get(key) {
            return f(name);
        }
        let name = JsValue::from_str(key);
        let out = f(&name);
        if keys.len() < KEPT_KEYS {
            keys.insert(key.to_string(), name);
        }
        out
    })
}
