//! The quick parse of one definition: the [`Head`] that serde's walk builds, read straight
//! from the bytes, checking the JSON on the way.
//!
//! A definition is mostly schema the catalog checks but never keeps. Through serde, each of
//! its strings is decoded and each number converted only to be dropped; here a value that is
//! not kept is checked in one pass over its bytes (eight at a time inside strings). The scan
//! is conservative: it answers only for text it is sure `serde_json` accepts as a `Value`
//! (RFC 8259 syntax, no control character in a string, valid escapes with paired surrogates,
//! numbers well inside `f64` range, nesting it can follow). Anything else — an error, or a
//! rare accepted form such as a 400-digit number — gets `None`, and the caller parses through
//! serde exactly as before, so errors keep their wording and every accepted definition reads
//! the same either way.

use std::borrow::Cow;
use std::ops::Range;

use serde_json::Value;

use super::head::{unique_names, Head, Member, SchemaNames};
use super::{kind_of, MAX_DEPTH, META_KEYS, SCHEMA_KEYS};

/// Each definition of the tool list `json` (an array of objects, optionally surrounded by
/// whitespace), with its byte range, handed to `each` in order; `None` as soon as the scan is
/// not sure of an element (or of the list's own syntax) or `each` says no. An element nests
/// at most one level less than a lone definition: the list's array counts, as in the exact
/// path's scan of the list.
pub(super) fn list(
    json: &str,
    each: &mut dyn FnMut(Range<usize>, Head<'_>) -> Option<()>,
) -> Option<()> {
    let bytes = json.as_bytes();
    let mut at = blank(bytes, 0);
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    at = blank(bytes, at + 1);
    if bytes.get(at) != Some(&b']') {
        loop {
            if bytes.get(at) != Some(&b'{') {
                return None;
            }
            let (head, end) = object_at(json, at, 2)?;
            each(at..end, head)?;
            at = blank(bytes, end);
            match bytes.get(at)? {
                b',' => at = blank(bytes, at + 1),
                b']' => break,
                _ => return None,
            }
        }
    }
    (blank(bytes, at + 1) == bytes.len()).then_some(())
}

/// The definition `json` (one object, optionally surrounded by whitespace) as serde's walk
/// reads it, or `None` when not sure.
pub(super) fn head(json: &str) -> Option<Head<'_>> {
    let (head, end) = object_at(json, blank(json.as_bytes(), 0), 1)?;
    (blank(json.as_bytes(), end) == json.len()).then_some(head)
}

/// The object at `at`, `depth` containers deep counting itself, its members read as serde's
/// walk reads them, and where it ends.
fn object_at(json: &str, at: usize, depth: usize) -> Option<(Head<'_>, usize)> {
    if depth > MAX_DEPTH {
        return None;
    }
    let bytes = json.as_bytes();
    let mut members = Vec::new();
    let end = members_of(bytes, at, &mut |key, at| {
        let key = key_of(json, key)?;
        let (member, end) = match &*key {
            k if META_KEYS.contains(&k) => {
                let end = value_end(bytes, at, depth)?;
                (Member::Value(value(json.get(at..end)?)?), end)
            }
            "function" => match bytes.get(at) {
                Some(b'{') => {
                    let (head, end) = object_at(json, at, depth + 1)?;
                    (Member::Function(Ok(head)), end)
                }
                _ => (
                    Member::Function(Err(kind_of(json.get(at..)?))),
                    value_end(bytes, at, depth)?,
                ),
            },
            k if SCHEMA_KEYS.contains(&k) => {
                let (names, end) = schema_at(json, at, depth)?;
                (Member::Schema(names), end)
            }
            _ => (Member::Other, value_end(bytes, at, depth)?),
        };
        members.push((key, member));
        Some(end)
    })?;
    Some((Head(members), end))
}

/// A schema at `at` inside `outer` containers: its top-level property names — the keys of
/// its last `properties` object, in order, each once — or the JSON type it has instead of an
/// object.
fn schema_at(json: &str, at: usize, outer: usize) -> Option<(SchemaNames, usize)> {
    let bytes = json.as_bytes();
    if bytes.get(at) != Some(&b'{') {
        return Some((Err(kind_of(json.get(at..)?)), value_end(bytes, at, outer)?));
    }
    // Room for the schema object and its `properties`.
    if outer + 2 > MAX_DEPTH {
        return None;
    }
    let mut names = Box::default();
    let end = members_of(bytes, at, &mut |key, at| {
        if key_of(json, key)? != "properties" {
            return value_end(bytes, at, outer + 1);
        }
        if bytes.get(at) != Some(&b'{') {
            // A `properties` that is no object names nothing (a later one may).
            names = Box::default();
            return value_end(bytes, at, outer + 1);
        }
        let mut found: Vec<Box<str>> = Vec::new();
        let end = members_of(bytes, at, &mut |key, at| {
            found.push(Box::from(&*key_of(json, key)?));
            value_end(bytes, at, outer + 2)
        })?;
        names = unique_names(found);
        Some(end)
    })?;
    Some((Ok(names), end))
}

/// Walks the members of the object at `at` (which must start with `{`): `member(key, at)` is
/// given each key's byte range (between its quotes, escapes undecoded) and where its value
/// starts, and answers where the value ends. Returns where the object ends.
fn members_of(
    bytes: &[u8],
    at: usize,
    member: &mut dyn FnMut(Range<usize>, usize) -> Option<usize>,
) -> Option<usize> {
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    let mut at = blank(bytes, at + 1);
    if bytes.get(at) == Some(&b'}') {
        return Some(at + 1);
    }
    loop {
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(bytes, at + 1)?;
        let key = at + 1..key_end - 1;
        at = blank(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return None;
        }
        at = blank(bytes, member(key, blank(bytes, at + 1))?);
        match bytes.get(at)? {
            b',' => at = blank(bytes, at + 1),
            b'}' => return Some(at + 1),
            _ => return None,
        }
    }
}

/// The text of the key at `range` (between its quotes): borrowed unless it holds escapes,
/// which serde decodes.
fn key_of(json: &str, range: Range<usize>) -> Option<Cow<'_, str>> {
    let text = json.get(range.clone())?;
    if !text.as_bytes().contains(&b'\\') {
        return Some(Cow::Borrowed(text));
    }
    let quoted = json.get(range.start.checked_sub(1)?..range.end + 1)?;
    match value(quoted)? {
        Value::String(key) => Some(Cow::Owned(key)),
        _ => None,
    }
}

/// A kept value (metadata), as serde parses it; plain strings are copied directly.
fn value(json: &str) -> Option<Value> {
    match json.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(plain) if !plain.as_bytes().contains(&b'\\') => Some(Value::String(plain.to_string())),
        _ => serde_json::from_str(json).ok(),
    }
}

/// Where the value starting at `at`, inside `outer` containers, ends, when it is certainly
/// valid JSON (see the module) nested at most [`MAX_DEPTH`] deep in all.
fn value_end(bytes: &[u8], mut at: usize, outer: usize) -> Option<usize> {
    // One bit per open container, innermost lowest: 1 = object, 0 = array.
    let mut objects: u128 = 0;
    let mut depth = 0usize;
    loop {
        // A value starts at `at`.
        match *bytes.get(at)? {
            open @ (b'{' | b'[') => {
                depth += 1;
                if depth + outer > MAX_DEPTH {
                    return None;
                }
                let object = open == b'{';
                objects = (objects << 1) | u128::from(object);
                at = blank(bytes, at + 1);
                let close = if object { b'}' } else { b']' };
                if bytes.get(at) == Some(&close) {
                    at += 1;
                    depth -= 1;
                    objects >>= 1;
                } else {
                    if object {
                        at = key_colon(bytes, at)?;
                    }
                    continue;
                }
            }
            b'"' => at = string_end(bytes, at + 1)?,
            b't' => at = literal(bytes, at, b"true")?,
            b'f' => at = literal(bytes, at, b"false")?,
            b'n' => at = literal(bytes, at, b"null")?,
            b'-' | b'0'..=b'9' => at = number_end(bytes, at)?,
            _ => return None,
        }
        // A value ended at `at`: what follows it in its container?
        loop {
            if depth == 0 {
                return Some(at);
            }
            at = blank(bytes, at);
            let object = objects & 1 == 1;
            match *bytes.get(at)? {
                b',' => {
                    at = blank(bytes, at + 1);
                    if object {
                        at = key_colon(bytes, at)?;
                    }
                    break;
                }
                b'}' if object => {}
                b']' if !object => {}
                _ => return None,
            }
            at += 1;
            depth -= 1;
            objects >>= 1;
        }
    }
}

/// JSON whitespace from `at` on: the first byte past it.
fn blank(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(at) {
        at += 1;
    }
    at
}

/// An object key and its colon at `at`: where its value starts.
fn key_colon(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let at = blank(bytes, string_end(bytes, at + 1)?);
    (bytes.get(at) == Some(&b':')).then(|| blank(bytes, at + 1))
}

fn literal(bytes: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    let end = at + word.len();
    (bytes.get(at..end)? == word).then_some(end)
}

/// The end of a string whose opening quote is just before `at` (past its closing quote), or
/// `None` when it holds a control character, a bad escape or an unpaired surrogate escape, or
/// never ends. The text is a `str`: its bytes are valid UTF-8 already.
fn string_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = crate::bytes::string_stop::<true>(bytes, at);
        match *bytes.get(at)? {
            b'"' => return Some(at + 1),
            b'\\' => at = escape_end(bytes, at + 1)?,
            0..=0x1f => return None,
            _ => at += 1,
        }
    }
}

/// The end of the escape whose backslash is just before `at`. A `\u` escape of a surrogate
/// must be a high one followed at once by a low one, as `serde_json` requires in a string.
fn escape_end(bytes: &[u8], at: usize) -> Option<usize> {
    match *bytes.get(at)? {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(at + 1),
        b'u' => match hex4(bytes, at + 1)? {
            0xD800..=0xDBFF => {
                let low = match bytes.get(at + 5..at + 7)? {
                    b"\\u" => hex4(bytes, at + 7)?,
                    _ => return None,
                };
                (0xDC00..=0xDFFF).contains(&low).then_some(at + 11)
            }
            0xDC00..=0xDFFF => None,
            _ => Some(at + 5),
        },
        _ => None,
    }
}

/// The four hex digits at `at` as a number.
pub(crate) fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let mut unit = 0u32;
    for b in bytes.get(at..at + 4)? {
        unit = unit * 16 + char::from(*b).to_digit(16)?;
    }
    Some(unit)
}

/// The end of the number at `at`: JSON's grammar, and a magnitude below 10^301 so that it is
/// finite however `serde_json` rounds it (a tiny magnitude only rounds to zero, accepted).
fn number_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    let digits = |at: usize| {
        bytes
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    if bytes.get(at) == Some(&b'-') {
        at += 1;
    }
    let whole = digits(at);
    let zero = bytes.get(at) == Some(&b'0');
    if whole == 0 || (zero && whole > 1) {
        return None; // no digits, or a leading zero that does not stand alone
    }
    at += whole;
    // Digits of the whole part that count towards the magnitude.
    let magnitude = if zero { 0 } else { whole as i64 };
    if bytes.get(at) == Some(&b'.') {
        let fraction = digits(at + 1);
        if fraction == 0 {
            return None;
        }
        at += 1 + fraction;
    }
    let mut exponent = 0i64;
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let negative = bytes.get(at) == Some(&b'-');
        if let Some(b'+' | b'-') = bytes.get(at) {
            at += 1;
        }
        let n = digits(at);
        if n == 0 || n > 4 {
            return None;
        }
        for b in bytes.get(at..at + n)? {
            exponent = exponent * 10 + i64::from(b - b'0');
        }
        if negative {
            exponent = -exponent;
        }
        at += n;
    }
    (magnitude + exponent.max(0) <= 300).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition as serde's exact walk reads it (`None` when serde rejects it).
    fn walked(json: &str) -> Option<Head<'_>> {
        Head::walk_exactly(json).ok()
    }

    /// One JSON value, alone: certain means serde accepts it as a `Value`.
    fn certain(json: &str) -> bool {
        let bytes = json.as_bytes();
        let at = blank(bytes, 0);
        value_end(bytes, at, 0).is_some_and(|end| blank(bytes, end) == bytes.len())
    }

    fn serde_accepts(json: &str) -> bool {
        serde_json::from_str::<Value>(json).is_ok()
    }

    #[test]
    fn ordinary_json_is_certain() {
        for text in [
            "{}",
            "[]",
            " { } ",
            "0",
            "-0",
            "-12.5e-3",
            "1E+2",
            "1e0001",
            "0.000001",
            "1e-9999",
            "true",
            "null",
            r#""plain""#,
            r#""esc \" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00 end""#,
            "\"caf\u{e9} \u{65e5}\u{672c} \u{1F600}\"",
            r#"{"type":"object","properties":{"q":{"type":"string","description":"x"},"n":{"type":"integer","minimum":0,"maximum":1e9,"default":-1}},"required":["q"],"additionalProperties":false}"#,
            "[1,[2,[3,{\"a\":[]}]],{}]\n",
            "{\"a\" : 1 ,\r\n\t\"b\":[ true , false , null ]}",
        ] {
            assert!(certain(text), "{text}");
            assert!(serde_accepts(text), "{text}");
        }
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(certain(&deep) && serde_accepts(&deep));
    }

    #[test]
    fn what_serde_rejects_is_never_certain() {
        for text in [
            "",
            " ",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{1:2}",
            "[1 2]",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "1e+",
            "+1",
            "tru",
            "True",
            "\"open",
            "\"tab\there\"",
            "\"bad \\x escape\"",
            "\"short \\u12\"",
            "\"lone high \\uD800\"",
            "\"high then text \\uD800x\"",
            "\"high then non-low \\uD800\\u0041\"",
            "\"lone low \\uDC00\"",
            "1e400",
            "-1e309",
            "[1]]",
            "{}{}",
            "\u{a0}1",
        ] {
            assert!(!serde_accepts(text), "serde accepts {text:?}");
            assert!(!certain(text), "{text:?}");
        }
    }

    #[test]
    fn rare_forms_serde_accepts_are_left_to_serde() {
        let long = "1".repeat(301);
        let deep = format!("{}{}", "[".repeat(127), "]".repeat(127));
        for text in ["1e00001", "1e301", long.as_str(), deep.as_str()] {
            assert!(serde_accepts(text), "{text}");
            assert!(!certain(text), "{text}");
        }
    }

    #[test]
    fn members_read_as_serde_reads_them() {
        for json in [
            r#"{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x":{},"y":{},"x":{"z":1}}}}"#,
            r#"{"type":"function","function":{"name":"f","parameters":{"properties":{"p":1},"properties":{"q":2,"r":[]}}},"source":"s"}"#,
            r#"{"name":"n","parameters":{"properties":[1,2]},"input_schema":null,"inputSchema":"text"}"#,
            r#"{"name":"n","parameters":{"properties":{"p":1},"properties":false}}"#,
            r#"{"function":[1,{"a":2}],"name":"x"}"#,
            r#"{"n\u0061me":"esc","descr\"iption":"q","groups":["g1","g2"],"kind":"mcp","name":"last"}"#,
            r#"{"name":"caf\u00e9 \ud83d\ude00","description":null,"source":7,"groups":{"a":1}}"#,
            " {\n \"name\" : \"spaced\" ,\t\"parameters\" : { } } \n",
            r#"{}"#,
        ] {
            let quick = head(json).unwrap_or_else(|| panic!("not certain: {json}"));
            assert!(walked(json) == Some(quick), "{json}");
        }
    }

    #[test]
    fn nesting_past_the_definition_limit_is_left_to_serde() {
        // Levels count from the definition's own object, whichever member holds them.
        let nested = |levels: usize| {
            let inner = format!("{}{}", "[".repeat(levels), "]".repeat(levels));
            [
                format!(r#"{{"name":"n","x":{inner}}}"#),
                format!(r#"{{"name":"n","inputSchema":{{"properties":{{"p":{inner}}}}}}}"#),
                format!(r#"{{"function":{{"name":"n","parameters":{{"a":{inner}}}}}}}"#),
            ]
        };
        for json in nested(MAX_DEPTH - 3) {
            assert!(
                head(&json).is_some_and(|h| walked(&json) == Some(h)),
                "{json}"
            );
        }
        for json in nested(MAX_DEPTH) {
            assert!(head(&json).is_none(), "{json}");
        }
    }

    /// Every tool of a sample of real MCP servers' definitions, and thousands of mutations of
    /// them: what the scan reads, serde reads the same; and it reads every real definition.
    #[test]
    fn the_scan_agrees_with_serde_on_mutated_real_definitions() {
        let text = include_str!("../../tests/fixtures/sample-catalog.json");
        let tools: Vec<Value> = serde_json::from_str(text).expect("the catalog parses");
        let pieces: Vec<&str> = crate::mutations::JSON_PIECES
            .iter()
            .copied()
            .chain([r#""name":"#, r#""properties":{"k":1},"#])
            .collect();
        let (mut read, mut accepted) = (0usize, 0usize);
        for tool in &tools {
            let json = serde_json::to_string(tool).expect("serialises");
            assert!(head(&json).is_some(), "a real definition: {json}");
            for mutated in
                crate::mutations::mutations(&json, &pieces, 0x9E37_79B9_7F4A_7C15).take(40)
            {
                let exact = walked(&mutated);
                if let Some(quick) = head(&mutated) {
                    assert!(exact == Some(quick), "read differently: {mutated}");
                    read += 1;
                }
                accepted += usize::from(exact.is_some());
            }
        }
        // Not a vacuous check: most mutations serde still reads, the scan reads too.
        assert!(
            accepted > 1000 && read * 10 >= accepted * 9,
            "{read} of {accepted}"
        );
    }
}
