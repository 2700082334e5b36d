//! Lone UTF-16 surrogates in JSON text, read as U+FFFD instead of refused.
//!
//! A JS string cut inside an emoji (`text.slice(0, 1024)` on a long description, a streamed
//! chunk, a preview) holds half of a surrogate pair. `JSON.stringify` writes that half as an
//! escape (`\ud83d`), and `JSON.parse` and Python's `json` read the escape back; serde_json
//! refuses it, as no Rust string can hold it. Refusing would lose a whole tool list, or make a
//! session whose history holds one such message fail on every later turn. So the text is
//! mended instead: each escape of a lone surrogate becomes `\ufffd`, U+FFFD REPLACEMENT
//! CHARACTER, which is what `TextEncoder` and `String.prototype.toWellFormed` make of it.
//! The rewrite has the same length, so every other byte keeps its offset.
//!
//! Only text serde_json has refused is looked at: well-formed text costs nothing.

use serde_json::Value;

/// The escape a lone surrogate's becomes.
const REPLACEMENT: &str = "\\ufffd";

/// The byte offsets of the `\u` escapes in `text` that encode a lone surrogate: a high one
/// (U+D800–U+DBFF) not followed at once by an escaped low one, or a low one (U+DC00–U+DFFF)
/// not preceded by a high one. A backslash outside a string (which well-formed JSON never
/// holds) is read as an escape too, which only matters for text that does not parse anyway.
pub fn lone_escapes(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    // The code unit of the `\u` escape at `at`, if there is one.
    let unit = |at: usize| {
        (bytes.get(at..at + 2)? == b"\\u")
            .then(|| crate::tool::scan::hex4(bytes, at + 2))
            .flatten()
    };
    let mut found = Vec::new();
    let mut at = 0;
    // (Read only once serde_json has refused the text: a plain search will do.)
    while let Some(slash) = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\\'))
    {
        let slash = at + slash;
        at = match unit(slash) {
            Some(0xD800..=0xDBFF)
                if unit(slash + 6).is_some_and(|u| (0xDC00..=0xDFFF).contains(&u)) =>
            {
                slash + 12
            }
            Some(0xD800..=0xDFFF) => {
                found.push(slash);
                slash + 6
            }
            Some(_) => slash + 6,
            // `\\`, `\"`, `\n`, …: the escaped character is never the start of another escape.
            None => slash + 2,
        };
    }
    found
}

/// Rewrites every escape [`lone_escapes`] finds as `\ufffd`, in place; returns their offsets
/// (empty: `text` is unchanged).
pub fn mend(text: &mut String) -> Vec<usize> {
    let found = lone_escapes(text);
    if !found.is_empty() {
        let mut bytes = std::mem::take(text).into_bytes();
        for &at in &found {
            // Six ASCII bytes for six ASCII bytes: nothing after them moves, and the text
            // stays UTF-8.
            if let Some(escape) = bytes.get_mut(at..at + REPLACEMENT.len()) {
                escape.copy_from_slice(REPLACEMENT.as_bytes());
            }
        }
        *text = String::from_utf8(bytes).unwrap_or_default();
    }
    found
}

/// Longest text [`parse`] reads (16 MiB): parsed, every small JSON value takes some 32 bytes
/// or more of wasm memory, so 66 million characters of `[0,0,…]` took 2.6 GB. No model writes
/// arguments near it, and a history of this size is millions of tokens.
pub const MAX_PARSED_BYTES: usize = 16 << 20;

/// `serde_json::from_str`, reading a lone surrogate's escape as U+FFFD (for JSON that a model
/// or a host wrote: arguments, message histories). Text that still fails gives the error of
/// what is wrong besides, as a tool list does. Text over [`MAX_PARSED_BYTES`] is an error
/// without being read.
pub fn parse(text: &str) -> serde_json::Result<Value> {
    if text.len() > MAX_PARSED_BYTES {
        return Err(serde::de::Error::custom(format!(
            "the text is {} bytes; at most {MAX_PARSED_BYTES} are read as JSON",
            text.len()
        )));
    }
    serde_json::from_str(text).or_else(|error| {
        let mut mended = text.to_string();
        if mend(&mut mended).is_empty() {
            return Err(error);
        }
        serde_json::from_str(&mended)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_past_the_bound_is_an_error_without_being_read() {
        let zeros = format!("[{}0]", "0,".repeat(MAX_PARSED_BYTES / 2));
        let err = parse(&zeros)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("at most 16777216 are read as JSON"), "{err}");
        assert!(parse("[0,0]").is_ok());
    }

    #[test]
    fn only_unpaired_surrogate_escapes_are_found() {
        // (JSON text, offsets of its lone surrogates' escapes)
        let cases: &[(&str, &[usize])] = &[
            (r#""a pair \ud83d\ude00 stays""#, &[]),
            (r#""upper-case pair \uD83D\uDE00""#, &[]),
            (r#""cut \ud83d""#, &[5]),
            (r#""low first \ude00\ud83d""#, &[11, 17]),
            (r#""high then text \ud83dx\ude00""#, &[16, 23]),
            (r#""two highs \ud83d\ud83d\ude00""#, &[11]),
            (r#""an escaped backslash \\ud83d is text""#, &[]),
            (r#""\\\ud83d""#, &[3]),
            (r#""other escapes \n \" \u00e9 \u0000""#, &[]),
            (r#""cut at the end \ud8"#, &[]),
        ];
        for (text, offsets) in cases {
            assert_eq!(lone_escapes(text), *offsets, "{text}");
        }
    }

    #[test]
    fn mending_keeps_the_length_and_reads_as_the_replacement_character() {
        let mut text =
            r#"{"d":"Sends a message \ud83d","e":"\ude00 and \ud83d\ude00"}"#.to_string();
        let before = text.len();
        assert!(serde_json::from_str::<Value>(&text).is_err());
        assert_eq!(mend(&mut text), vec![22, 35]);
        assert_eq!(text.len(), before);
        let value: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(value["d"], "Sends a message \u{fffd}");
        assert_eq!(value["e"], "\u{fffd} and 😀");
    }

    #[test]
    fn parse_mends_only_what_serde_json_refuses() {
        let value = parse(r#"{"text":"Hi \ud83d"}"#).unwrap_or_default();
        assert_eq!(value["text"], "Hi \u{fffd}");
        assert_eq!(
            parse(r#"["😀 \ud83d\ude00"]"#).ok(),
            Some(serde_json::json!(["😀 😀"]))
        );
        // Other faults keep serde_json's own error.
        let error = parse(r#"{"text": \ud83d}"#).err().map(|e| e.to_string());
        assert!(error.is_some_and(|e| e.starts_with("expected value")));
        let error = parse(r#"{"text":"\ud83d" "#).err().map(|e| e.to_string());
        assert!(
            error.is_some_and(|e| e.starts_with("EOF while parsing")),
            "what is wrong besides the surrogate"
        );
    }
}
