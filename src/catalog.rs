//! Which tools this session has: the normalised list, looked up by name, with the exact text
//! it was parsed from.

use crate::search::hash::FxMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde_json::Value;

use crate::bytes::{same_bytes, string_stop};
use crate::error::{preview, Error, ErrorCode, Result};
use crate::tool::Tool;

/// Most tools accepted in one list. Far above any real setup (combined MCP setups reach ~10k);
/// the bound keeps a runaway host from exhausting wasm memory.
pub const MAX_TOOLS: usize = 250_000;

/// Most bytes of JSON text a tool list may take (256 MiB; the 100,000-tool benchmark list is
/// about 170 MB). The text crosses into wasm memory whole and the parse and index take about
/// as much again; wasm32 has 4 GB for every instance of the module, and running out traps
/// the core, which resets every instance and loses every session.
pub const MAX_LIST_BYTES: usize = 256 << 20;

/// The error for a list whose JSON text (`what`) is at least `n` (> [`MAX_LIST_BYTES`])
/// bytes long.
pub fn too_large(what: &str, n: usize) -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        format!(
            "{what} take {n} bytes or more as JSON; at most {MAX_LIST_BYTES} are accepted (trim the longest descriptions or schemas)"
        ),
    )
}

/// The error for a list of `n` (> [`MAX_TOOLS`]) tools.
pub fn too_many(n: usize) -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        format!("{n} tools given; at most {MAX_TOOLS} are accepted"),
    )
}

/// The tools of one session at one assembly, in the host's order, names unique.
#[derive(Debug, Clone)]
pub struct Catalog {
    tools: Vec<Tool>,
    by_name: FxMap<String, u32>,
    /// The JSON text the tools were parsed from (each tool refers to its slice).
    text: Arc<String>,
    /// Unique within the process (clones share it): what caches of per-catalog results key on.
    id: u64,
    /// The text is known to hold no whitespace between tokens (serialiser output).
    compact_text: bool,
    /// Positions of the tools whose text held a lone UTF-16 surrogate, read as U+FFFD
    /// ([`crate::surrogates`]), in order.
    mended: Vec<usize>,
}

impl Catalog {
    /// Parses a JSON array of tool definitions (any accepted shape).
    pub fn from_json(text: &str) -> Result<Catalog> {
        Catalog::from_json_owned(text.to_string())
    }

    /// [`Catalog::from_json`] keeping the text without a copy: each [`Tool`] refers to its own
    /// slice of it.
    pub fn from_json_owned(text: String) -> Result<Catalog> {
        Catalog::from_json_reusing(text, None)
    }

    /// [`Catalog::from_json_owned`] that takes the definitions an earlier catalog parsed from
    /// the same bytes instead of parsing them again: `earlier` = (that catalog, for each
    /// position of this list the index of its tool whose text was copied there, `u32::MAX`
    /// for none). A definition is reused only when its bytes are the earlier tool's exactly,
    /// so a wrong or stale hint costs a comparison and changes nothing.
    pub(crate) fn from_json_reusing(
        text: String,
        earlier: Option<(&Catalog, &[u32])>,
    ) -> Result<Catalog> {
        let text = Arc::new(text);
        let error = match Catalog::read(Arc::clone(&text), earlier) {
            Ok(catalog) => return Ok(catalog),
            Err(error) => error,
        };
        // A lone surrogate's escape is read as U+FFFD and its tool named in a warning; a list
        // that still fails reports what else is wrong with it.
        let mut text = Arc::try_unwrap(text).unwrap_or_else(|shared| shared.as_str().to_string());
        let at = crate::surrogates::mend(&mut text);
        if at.is_empty() {
            return Err(error);
        }
        let mut catalog = Catalog::read(Arc::new(text), earlier)?;
        // The tools that held the escapes just mended (never ones copied from `earlier`: their
        // text was mended when it was first read), beside the copied ones the read found
        // mended before.
        let tools = &catalog.tools;
        let mut mended: Vec<usize> = at
            .iter()
            .map(|&at| tools.partition_point(|t| t.ends_by(at)))
            .collect();
        mended.dedup();
        catalog.mended.extend(mended);
        crate::sort::sort_by(&mut catalog.mended, |a, b| a < b);
        Ok(catalog)
    }

    /// The list read in one pass when that pass is sure of it (no `earlier`), else exactly.
    /// (Not inlined: [`Catalog::from_json_reusing`] calls it twice for a mended text.)
    #[inline(never)]
    fn read(text: Arc<String>, earlier: Option<(&Catalog, &[u32])>) -> Result<Catalog> {
        if earlier.is_none() {
            if let Some(catalog) = Catalog::scanned(&text) {
                return Ok(catalog);
            }
        }
        Catalog::read_exactly(text, earlier)
    }

    /// The list's elements found by [`spans`], then each parsed on its own (or taken from
    /// `earlier`): every error in the order it has always been reported.
    fn read_exactly(text: Arc<String>, earlier: Option<(&Catalog, &[u32])>) -> Result<Catalog> {
        // The earlier tool whose text the bindings copied to `position`, if any.
        let earlier_tool = |position: usize| {
            let (catalog, at) = earlier?;
            catalog.tools.get(*at.get(position)? as usize)
        };
        let spans = spans(&text, &|position| earlier_tool(position).map(Tool::json))?;
        if spans.len() > MAX_TOOLS {
            return Err(too_many(spans.len()));
        }
        let mut tools = Vec::with_capacity(spans.len());
        let mut by_name = FxMap::with_capacity_and_hasher(spans.len(), Default::default());
        let mut mended = Vec::new();
        for (position, (span, copied)) in spans.into_iter().enumerate() {
            // The span holds exactly the earlier tool's text (checked by `spans`), mended
            // when the earlier one was.
            let same = earlier_tool(position).filter(|_| copied);
            let tool = match same {
                Some(tool) => {
                    if earlier.is_some_and(|(catalog, at)| {
                        at.get(position)
                            .is_some_and(|&i| catalog.mended.binary_search(&(i as usize)).is_ok())
                    }) {
                        mended.push(position);
                    }
                    tool.rebased(&text, span)
                }
                None => Tool::from_text(&text, span, position)?,
            };
            if let Some(first) = by_name.insert(tool.name.clone(), position as u32) {
                return Err(Error::new(
                    ErrorCode::DuplicateTool,
                    format!(
                        "tool #{position} repeats the name {:?} of tool #{first}; names must be \
                         unique (tools of several servers: name them mcp__<server>__<tool>)",
                        preview(&tool.name)
                    ),
                ));
            }
            tools.push(tool);
        }
        Ok(Catalog {
            mended,
            ..Catalog::of(tools, by_name, text)
        })
    }

    /// A catalog of these tools, read from `text`, with a new id.
    fn of(tools: Vec<Tool>, by_name: FxMap<String, u32>, text: Arc<String>) -> Catalog {
        Catalog {
            tools,
            by_name,
            text,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            compact_text: false,
            mended: Vec::new(),
        }
    }

    /// The list read in one pass ([`Tool::scan_list`]), when that pass is sure of all of it
    /// and it is accepted as it stands: `None` for anything else (too many tools, a repeated
    /// name, any definition the exact path would look at more closely), which the caller
    /// then reads the exact way, reporting the first problem as it always has.
    fn scanned(text: &Arc<String>) -> Option<Catalog> {
        let mut tools = Vec::new();
        let mut by_name = FxMap::default();
        Tool::scan_list(text, |position, tool| {
            if position >= MAX_TOOLS || by_name.insert(tool.name.clone(), position as u32).is_some()
            {
                return None;
            }
            tools.push(tool);
            Some(())
        })?;
        Some(Catalog::of(tools, by_name, Arc::clone(text)))
    }

    /// Marks the text as compact serialiser output (`JSON.stringify` without indentation,
    /// `serde_json::to_string`): [`Catalog::compact_chars`] then counts characters without
    /// looking for whitespace between tokens. A wrong mark only overestimates token sizes.
    pub fn with_compact_text(mut self, compact: bool) -> Catalog {
        self.compact_text = compact;
        self
    }

    /// `tool`'s compact JSON length in characters ([`Tool::compact_chars`]).
    pub fn compact_chars(&self, tool: &Tool) -> usize {
        if self.compact_text {
            tool.chars()
        } else {
            tool.compact_chars()
        }
    }

    /// Normalises already-parsed definitions (via their compact JSON text). A definition
    /// nested deeper than a parsed one can be (see [`crate::tool::MAX_DEPTH`]) is an
    /// `invalid_tool` error, and the rejected values are taken apart without recursion, so
    /// even a 100,000-level value cannot overflow the stack.
    pub fn from_values(values: Vec<Value>) -> Result<Catalog> {
        if let Some(position) = values
            .iter()
            .position(|v| crate::tool::deeper_than(v, crate::tool::MAX_DEPTH))
        {
            values.into_iter().for_each(crate::tool::dismantle);
            return Err(Error::new(
                ErrorCode::InvalidTool,
                format!(
                    "tool #{position} nests deeper than {} levels",
                    crate::tool::MAX_DEPTH
                ),
            ));
        }
        Ok(Catalog::from_json_owned(Value::Array(values).to_string())?.with_compact_text(true))
    }

    /// The tools in input order.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// Number of tools.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// True when there are no tools.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// Position of the tool with exactly this name.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).map(|&p| p as usize)
    }

    /// The tool with exactly this name.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.position(name).and_then(|i| self.tools.get(i))
    }

    /// Positions of the tools whose text held a lone UTF-16 surrogate (a JS string cut inside
    /// an emoji), which they read as U+FFFD, in order (see [`crate::surrogates`]).
    pub fn mended(&self) -> &[usize] {
        &self.mended
    }

    /// The JSON text the tools were parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// True when `text` is byte for byte the text this catalog was parsed from: then parsing
    /// it again would give this catalog. Compares only texts of equal length, eight bytes at a
    /// time — cheaper than hashing the new text, and exact. The last few kilobytes go first:
    /// lists of one length that differ mostly differ near their end (the last tool replaced),
    /// and compared from the start each would cost a whole text's comparison.
    pub fn parsed_from(&self, text: &str) -> bool {
        let (ours, theirs) = (self.text.as_bytes(), text.as_bytes());
        let from = ours.len().saturating_sub(TAIL_FIRST);
        ours.len() == theirs.len()
            && same_bytes(
                ours.get(from..).unwrap_or_default(),
                theirs.get(from..).unwrap_or_default(),
            )
            && same_bytes(ours, theirs)
    }

    /// Unique among the catalogs of this process (a clone keeps it; catalogs never change
    /// after parsing), so results derived from one catalog can be cached under it.
    pub fn id(&self) -> u64 {
        self.id
    }
}

/// Bytes at the end of a text that [`Catalog::parsed_from`] compares first.
const TAIL_FIRST: usize = 4096;

/// The next [`Catalog::id`].
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// Byte ranges of the elements of a JSON array text, found in one scan for the array's own
/// commas (strings skipped by their quotes and escapes). The scan checks only the array's own
/// syntax and the nesting depth; each element is then parsed on its own ([`Tool::from_text`]),
/// which checks everything else exactly as parsing the whole list would, so a list is accepted
/// exactly when it parses. (A first `RawValue` parse of the whole list did the same work twice.)
///
/// `copy_of(i)` may name the text element `i` is expected to be (a definition an earlier list
/// was parsed with, whose text the bindings copied in): when the bytes there are exactly that
/// text and a `,` or `]` follows, the element is that whole value, so the scan steps over it
/// (comparing eight bytes at a time instead of reading its strings and brackets) and marks
/// its span `true`. Anything else, including a wrong hint, is scanned as usual.
fn spans<'a>(
    text: &str,
    copy_of: &dyn Fn(usize) -> Option<&'a str>,
) -> Result<Vec<(Range<usize>, bool)>> {
    let bytes = text.as_bytes();
    let not_a_list = |at: usize, what: &str| {
        Error::new(
            ErrorCode::InvalidTool,
            format!("tool list is not a JSON array of tool definitions: {what} at byte {at}"),
        )
    };
    let blank = |at: usize| {
        at + bytes
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| is_blank(**b))
            .count()
    };
    let mut at = blank(0);
    if bytes.get(at) != Some(&b'[') {
        return Err(not_a_list(at, "expected `[`"));
    }
    at = blank(at + 1);
    let mut spans = Vec::new();
    let mut last = bytes.get(at) == Some(&b']');
    if last {
        at = blank(at + 1);
    }
    while !last {
        let start = at;
        // A copied definition: a whole JSON value (its list parsed it at the same depth).
        if let Some(copy) = copy_of(spans.len()).filter(|c| !c.is_empty()) {
            let end = start + copy.len();
            let next = blank(end);
            let same = bytes
                .get(start..end)
                .is_some_and(|here| same_bytes(here, copy.as_bytes()));
            if same && matches!(bytes.get(next), Some(b',' | b']')) {
                last = bytes.get(next) == Some(&b']');
                spans.push((start..end, true));
                at = blank(next + 1);
                continue;
            }
        }
        // Nesting inside this element; the list's own array is one more level.
        let mut depth = 0usize;
        loop {
            match bytes.get(at) {
                None => return Err(not_a_list(at, "unexpected end")),
                Some(b'"') => {
                    at = string_end(bytes, at + 1)
                        .ok_or_else(|| not_a_list(at, "unterminated string"))?;
                    continue;
                }
                Some(b'[' | b'{') => {
                    depth += 1;
                    if depth >= MAX_DEPTH {
                        return Err(too_deep(spans.len()));
                    }
                }
                Some(b']' | b'}') if depth > 0 => depth -= 1,
                Some(b',') if depth == 0 => break,
                Some(b']') => {
                    last = true;
                    break;
                }
                Some(_) => {}
            }
            at += 1;
        }
        let mut end = at;
        while end > start && bytes.get(end - 1).is_some_and(|b| is_blank(*b)) {
            end -= 1;
        }
        if end == start {
            return Err(not_a_list(at, "expected a value"));
        }
        spans.push((start..end, false));
        at = blank(at + 1);
    }
    if at != bytes.len() {
        return Err(not_a_list(at, "trailing characters"));
    }
    Ok(spans)
}

/// JSON's insignificant whitespace.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

/// Just past the closing quote of the string whose text starts at `at`. Reads eight bytes at
/// a time for the next quote or backslash (most of a tool list's bytes are inside strings).
fn string_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = string_stop::<false>(bytes, at);
        match bytes.get(at)? {
            b'"' => return Some(at + 1),
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
}

/// Deepest nesting serde_json parses (it fails at 128 levels rather than overflow the stack);
/// the list's own array is one of them.
pub const MAX_DEPTH: usize = 127;

/// The error for tool #`position` of a list, nested deeper than a parse allows.
pub(crate) fn too_deep(position: usize) -> Error {
    Error::new(
        ErrorCode::InvalidTool,
        format!(
            "tool #{position} nests deeper than {} levels; schemas this deep are not supported \
             (the whole list was rejected)",
            crate::tool::MAX_DEPTH
        ),
    )
}

/// Position of the first top-level item of a JSON array text that nests deeper than `limit`
/// levels (counting the array itself), by a single iterative pass over the bytes. Used to
/// say which tool (or message) made serde_json give up.
pub fn first_too_deep(text: &[u8], limit: usize) -> Option<usize> {
    let (mut depth, mut item, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &byte in text {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(item);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => item += 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass read and the exact read give the same catalog, and the one-pass read
    /// answers only for lists the exact read accepts (a list it declines gets the exact read's
    /// error): on a sample of real definitions and on thousands of mutations of a list of them.
    #[test]
    fn a_list_read_in_one_pass_is_the_list_the_exact_read_gives() {
        let same = |a: &Catalog, b: &Catalog| a.tools == b.tools && a.by_name == b.by_name;
        let sample = include_str!("../tests/fixtures/sample-catalog.json");
        let whole = Arc::new(sample.to_string());
        let quick = Catalog::scanned(&whole).expect("real definitions are read in one pass");
        let exact = Catalog::read_exactly(Arc::clone(&whole), None).expect("the sample parses");
        assert!(quick.len() == 265 && same(&quick, &exact));
        let values: Vec<Value> = serde_json::from_str(sample).expect("the sample parses");
        let list = serde_json::to_string(&values[..12]).expect("serialises");
        let pieces: Vec<&str> = crate::mutations::JSON_PIECES
            .iter()
            .copied()
            .chain([
                r#"{"name":"list_issues"}"#,
                r#"{"name":"x"},"#,
                r#""name":1,"#,
            ])
            .collect();
        let (mut quick_reads, mut exact_reads) = (0, 0);
        for mutated in crate::mutations::mutations(&list, &pieces, 0x2545_F491_4F6C_DD1D).take(3000)
        {
            let text = Arc::new(mutated.clone());
            let exact = Catalog::read_exactly(Arc::clone(&text), None);
            // Through the public path: the same catalog, or the same error (of the text with
            // lone surrogates read as U+FFFD, when it has any and the exact read refused it).
            let mut mended = mutated.clone();
            let mended = (exact.is_err() && !crate::surrogates::mend(&mut mended).is_empty())
                .then(|| Catalog::read_exactly(Arc::new(mended), None));
            match (
                Catalog::from_json(&mutated),
                mended.as_ref().unwrap_or(&exact),
            ) {
                (Ok(read), Ok(exact)) => assert!(same(&read, exact), "{mutated}"),
                (Err(e), Err(exact)) => assert_eq!(
                    (e.code, &e.message),
                    (exact.code, &exact.message),
                    "{mutated}"
                ),
                _ => panic!("accepted by one read only: {mutated}"),
            }
            if let Some(quick) = Catalog::scanned(&text) {
                let exact = exact
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{e:?}: {mutated}"));
                assert!(same(&quick, exact), "read differently: {mutated}");
                quick_reads += 1;
            }
            exact_reads += usize::from(exact.is_ok());
        }
        // Not vacuous: most mutated lists the exact read accepts are read in one pass too.
        assert!(
            exact_reads > 500 && quick_reads * 10 >= exact_reads * 9,
            "{quick_reads} of {exact_reads}"
        );
    }

    #[test]
    fn duplicate_names_are_rejected_with_both_positions() {
        let err = Catalog::from_json(r#"[{"name":"a"},{"name":"b"},{"name":"a"}]"#).err();
        let err = err.unwrap_or_else(|| panic!("duplicate accepted"));
        assert_eq!(err.code, ErrorCode::DuplicateTool);
        assert!(
            err.message.contains("#2") && err.message.contains("#0"),
            "{}",
            err.message
        );
    }

    #[test]
    fn definitions_reused_from_an_earlier_list_are_those_a_parse_gives() {
        let earlier = r#"[{"name":"a","description":"Alpha.","inputSchema":{"type":"object","properties":{"x":{}}}},{"type":"function","function":{"name":"b","parameters":{"properties":{"y":{}}}}}]"#;
        let earlier = Catalog::from_json(earlier).unwrap_or_else(|e| panic!("{e}"));
        // b, a new tool, then a: as the bindings copy the known texts.
        let json = |t: &Tool| t.json().to_string();
        let text = format!(
            r#"[{},{{"name":"c","source":"s"}},{}]"#,
            json(&earlier.tools()[1]),
            json(&earlier.tools()[0])
        );
        let fresh = Catalog::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
        let with = |at: &[u32]| {
            Catalog::from_json_reusing(text.clone(), Some((&earlier, at)))
                .unwrap_or_else(|e| panic!("{e}"))
        };
        for hint in [
            &[1, u32::MAX, 0][..],
            // Stale or wrong hints (another tool's index, out of range, too short) change
            // nothing: only the same bytes are reused.
            &[0, 1, 1][..],
            &[7, 9, u32::MAX][..],
            &[1][..],
        ] {
            let reused = with(hint);
            assert_eq!(reused.tools(), fresh.tools(), "{hint:?}");
            for (r, f) in reused.tools().iter().zip(fresh.tools()) {
                assert_eq!(r.json(), f.json());
                assert_eq!(
                    r.parameter_names().collect::<Vec<_>>(),
                    f.parameter_names().collect::<Vec<_>>()
                );
            }
            assert_eq!(reused.position("a"), Some(2));
        }
        // A hinted copy followed by more than a separator is no copy: the list is read as it
        // is and fails as a fresh parse does.
        let trailing = format!("[{} x]", json(&earlier.tools()[1]));
        let hinted = Catalog::from_json_reusing(trailing.clone(), Some((&earlier, &[1]))).err();
        let fresh = Catalog::from_json(&trailing).err();
        assert!(hinted.is_some());
        assert_eq!(
            hinted.map(|e| (e.code, e.message)),
            fresh.map(|e| (e.code, e.message))
        );
        // Blanks around a copy are a list's own: the copy is still taken.
        let spaced = format!(
            "[ {} ,\n{} ]",
            json(&earlier.tools()[1]),
            json(&earlier.tools()[0])
        );
        let reused = Catalog::from_json_reusing(spaced.clone(), Some((&earlier, &[1, 0])))
            .unwrap_or_else(|e| panic!("{e}"));
        let fresh = Catalog::from_json(&spaced).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(reused.tools(), fresh.tools());
        // A duplicate name is still caught when both copies are reused ones.
        let twice = format!(
            "[{},{}]",
            json(&earlier.tools()[0]),
            json(&earlier.tools()[0])
        );
        let err = Catalog::from_json_reusing(twice, Some((&earlier, &[0, 0]))).err();
        assert_eq!(err.map(|e| e.code), Some(ErrorCode::DuplicateTool));
    }

    #[test]
    fn a_lone_surrogate_is_read_as_the_replacement_character_and_its_tool_remembered() {
        // As JSON.stringify writes a description cut inside an emoji, in tools #1 and #3 (in
        // its schema).
        let text = r#"[{"name":"ok","description":"Fine 😀"},{"name":"send","description":"Sends a message \ud83d"},{"name":"pair","description":"\ud83d\ude00"},{"name":"cut","inputSchema":{"type":"object","properties":{"q":{"description":"\ude00 text"}}}}]"#;
        let catalog = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(catalog.len(), 4, "no tool is dropped");
        assert_eq!(catalog.mended(), [1, 3]);
        assert_eq!(catalog.tools()[1].description, "Sends a message \u{fffd}");
        assert_eq!(catalog.tools()[2].description, "😀");
        assert_eq!(
            catalog.tools()[3].parameters()["properties"]["q"]["description"],
            "\u{fffd} text"
        );
        assert_eq!(catalog.text().len(), text.len());
        // A later list that copies the mended tools' text still knows them.
        let json = |i: usize| catalog.tools()[i].json().to_string();
        let later = format!(r#"[{},{},{{"name":"new"}}]"#, json(3), json(0));
        let reused = Catalog::from_json_reusing(later, Some((&catalog, &[3, 0])))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(reused.mended(), [0]);
        // A list with another fault besides reports that fault.
        let both = r#"[{"name":"send","description":"\ud83d"},{"name":"send"}]"#;
        let err = Catalog::from_json(both).err();
        assert_eq!(err.map(|e| e.code), Some(ErrorCode::DuplicateTool));
        assert!(Catalog::from_json(r#"[{"name":"a"}]"#).is_ok_and(|c| c.mended().is_empty()));
    }

    #[test]
    fn non_array_input_is_an_invalid_tool_error() {
        let err = Catalog::from_json(r#"{"name":"a"}"#).err();
        assert_eq!(err.map(|e| e.code), Some(ErrorCode::InvalidTool));
    }

    #[test]
    fn tools_are_found_by_exact_name_in_input_order() {
        let catalog =
            Catalog::from_json(r#"[{"name":"b"},{"name":"a"}]"#).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(catalog.position("a"), Some(1));
        assert_eq!(catalog.get("b").map(|t| t.name.as_str()), Some("b"));
        assert!(catalog.get("A").is_none());
    }

    #[test]
    fn a_list_is_accepted_exactly_when_it_parses_as_json_values() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        // (Not a lone surrogate's escape, which is read as U+FFFD instead: see
        // `a_lone_surrogate_is_read_as_the_replacement_character_and_its_tool_remembered`.)
        for bad in ["1e400", deep.as_str()] {
            let text = format!(r#"[{{"name":"a","parameters":{{"type":"object","x":{bad}}}}}]"#);
            assert!(serde_json::from_str::<Value>(&text).is_err());
            let err = Catalog::from_json(&text).err();
            assert_eq!(err.map(|e| e.code), Some(ErrorCode::InvalidTool), "{bad}");
        }
        let text = r#"[{"name":"a","parameters":{"type":"object","x":"\ud83d\ude00 -0 1e300"}}]"#;
        let catalog = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        let schema: Value =
            serde_json::from_str::<Vec<Value>>(text).unwrap_or_default()[0]["parameters"].clone();
        assert_eq!(catalog.tools()[0].parameters(), schema);
    }

    #[test]
    fn a_list_is_accepted_only_when_it_parses_at_every_one_byte_edit() {
        // Every deletion, and every insertion of a byte that matters to the list scan, of a
        // list with nesting, escapes and whitespace: whatever is accepted parses as JSON values,
        // one tool per element, and whatever does not parse is rejected.
        let text = r#" [ {"name":"a\"],{","parameters":{"type":"object","properties":{"q":{"enum":[1,"]"]}}}},
            {"name":"b","x":[[],{}]} ,{"name":"c"}]
"#;
        let mut edits: Vec<String> = Vec::new();
        for (at, _) in text.char_indices() {
            let mut deleted = text.to_string();
            deleted.remove(at);
            edits.push(deleted);
            for byte in [',', ']', '[', '{', '}', '"', '\\', ' ', 'x', '1'] {
                let mut inserted = text.to_string();
                inserted.insert(at, byte);
                edits.push(inserted);
            }
        }
        edits.push(format!("{text},"));
        let mut accepted = 0;
        for edit in &edits {
            let parsed = serde_json::from_str::<Vec<Value>>(edit);
            match Catalog::from_json(edit) {
                Ok(catalog) => {
                    accepted += 1;
                    let values = parsed.unwrap_or_else(|e| panic!("accepted {edit:?}: {e}"));
                    assert_eq!(catalog.len(), values.len(), "{edit:?}");
                    for (tool, value) in catalog.tools().iter().zip(&values) {
                        assert_eq!(&tool.raw(), value, "{edit:?}");
                    }
                }
                Err(e) => assert_eq!(e.code, ErrorCode::InvalidTool, "{edit:?}"),
            }
        }
        // Edits inside strings and between tokens keep the list valid.
        assert!(
            accepted > 100,
            "{accepted} of {} edits accepted",
            edits.len()
        );
    }

    #[test]
    fn the_deepest_accepted_tool_is_the_deepest_a_parse_accepts() {
        // serde_json parses 127 levels, the list's own array among them.
        for levels in [125, 126, 127] {
            let text = format!(
                r#"[{{"name":"a"}},{{"name":"b","x":{}{}}}]"#,
                "[".repeat(levels - 1),
                "]".repeat(levels - 1)
            );
            let parses = serde_json::from_str::<Vec<Value>>(&text).is_ok();
            let accepted = Catalog::from_json(&text).is_ok();
            assert_eq!(accepted, parses, "{levels} levels inside a tool");
            assert_eq!(accepted, levels < 127, "{levels}");
        }
    }

    #[test]
    fn tools_keep_their_exact_text_and_parse_schemas_on_demand() {
        let text = r#"[ {"name":"a", "x": [1, 2],
            "parameters": {"type":"object","properties":{"q":{},"p":{},"q":{"type":"string"}},"required":["q",1]}},
            {"type":"function","function":{"name":"b","parameters":null}} ]"#;
        let catalog = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        let [a, b] = catalog.tools() else {
            panic!("two tools expected")
        };
        assert!(a.json().starts_with(r#"{"name":"a", "x": [1, 2],"#) && a.json().ends_with("]}}"));
        let parsed: Vec<Value> = serde_json::from_str(text).unwrap_or_default();
        assert_eq!(a.raw(), parsed[0]);
        assert_eq!(a.parameters(), parsed[0]["parameters"]);
        assert_eq!(a.parameter_names().collect::<Vec<_>>(), vec!["q", "p"]);
        assert_eq!(a.required(), vec!["q".to_string()]);
        // No string of `a` holds whitespace, so its compact length is its non-blank characters.
        let non_blank = a.json().chars().filter(|c| !c.is_whitespace()).count();
        assert_eq!(a.compact_chars(), non_blank);
        assert_eq!(b.compact_chars(), parsed[1].to_string().chars().count());
        // Marked compact, the catalog counts characters as they are; from values it is so.
        let compact = Catalog::from_json(&serde_json::to_string(&parsed).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
        let marked = Catalog::from_json(&serde_json::to_string(&parsed).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"))
            .with_compact_text(true);
        let from_values = Catalog::from_values(parsed.clone()).unwrap_or_else(|e| panic!("{e}"));
        for (i, value) in parsed.iter().enumerate() {
            let want = value.to_string().chars().count();
            assert_eq!(compact.compact_chars(&compact.tools()[i]), want);
            assert_eq!(marked.compact_chars(&marked.tools()[i]), want);
            assert_eq!(from_values.compact_chars(&from_values.tools()[i]), want);
        }
        // Unmarked text with whitespace between tokens is still measured compact.
        assert_eq!(catalog.compact_chars(a), non_blank);
        assert_eq!(b.parameters(), crate::tool::empty_schema());
        assert_eq!(b.parameter_names().count(), 0);
        // A repeated schema key: the last one, as a parse keeps it.
        let text = r#"[{"name":"c","inputSchema":{"x":1},"inputSchema":{"type":"object","required":["q"]}},
            {"type":"function","function":{"name":"e","parameters":{"type":"object"}}}]"#;
        let catalog = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        let [c, e] = catalog.tools() else {
            panic!("two tools expected")
        };
        assert_eq!(
            c.parameters(),
            serde_json::json!({"type":"object","required":["q"]})
        );
        assert_eq!(c.required(), vec!["q".to_string()]);
        assert_eq!(e.parameters(), serde_json::json!({"type":"object"}));
    }

    #[test]
    fn a_catalog_knows_the_exact_text_it_came_from() {
        let text = r#"[{"name":"a"},{"name":"b"}]"#;
        let catalog = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        assert!(catalog.parsed_from(text));
        // Same length, one byte apart; a prefix; the same tools spelled differently.
        assert!(!catalog.parsed_from(r#"[{"name":"a"},{"name":"c"}]"#));
        assert!(!catalog.parsed_from(r#"[{"name":"a"},{"name":"b"}"#));
        assert!(!catalog.parsed_from(r#"[{"name":"a"}, {"name":"b"}]"#));
        let again = Catalog::from_json(text).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(catalog.id(), again.id());
        assert_eq!(catalog.clone().id(), catalog.id());
        // A text longer than the tail compared first: one byte changed anywhere is seen.
        let long: String = (0..400)
            .map(|i| format!(r#"{{"name":"tool_{i:03}","description":"d"}}"#))
            .collect::<Vec<_>>()
            .join(",");
        let long = format!("[{long}]");
        assert!(long.len() > 3 * TAIL_FIRST);
        let catalog = Catalog::from_json(&long).unwrap_or_else(|e| panic!("{e}"));
        assert!(catalog.parsed_from(&long));
        for at in [
            1,
            long.len() / 2,
            long.len() - TAIL_FIRST - 1,
            long.len() - TAIL_FIRST,
            long.len() - 3,
        ] {
            let mut bytes = long.clone().into_bytes();
            bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
            let other = String::from_utf8(bytes).unwrap_or_default();
            assert!(!catalog.parsed_from(&other), "byte {at}");
        }
    }

    #[test]
    fn a_schema_nested_10000_deep_is_an_invalid_tool_error_naming_the_tool() {
        let deep = format!(
            r#"[{{"name":"ok"}},{{"name":"deep","parameters":{}{}}}]"#,
            r#"{"a":"#.repeat(10_000),
            "}".repeat(10_000)
        );
        let err = Catalog::from_json(&deep)
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        assert_eq!(err.code, ErrorCode::InvalidTool);
        assert!(
            err.message.contains("tool #1 nests deeper than 126 levels"),
            "{}",
            err.message
        );
        // Brackets inside strings are text, not nesting.
        let text = format!(r#"[{{"name":"a","description":"{}"}}]"#, "[{".repeat(500));
        assert_eq!(Catalog::from_json(&text).map(|c| c.len()).ok(), Some(1));
    }

    #[test]
    fn a_value_nested_100000_deep_is_rejected_without_overflowing_the_stack() {
        // Built by hand: `json!` would serialise (recursively) what it embeds.
        let mut deep = serde_json::json!({"type": "object"});
        for _ in 0..100_000 {
            let mut node = serde_json::Map::new();
            node.insert("items".into(), deep);
            deep = Value::Object(node);
        }
        let mut tool = serde_json::Map::new();
        tool.insert("name".into(), Value::from("deep"));
        tool.insert("parameters".into(), deep);
        let tools = vec![serde_json::json!({"name": "fine"}), Value::Object(tool)];
        let err = Catalog::from_values(tools)
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        assert_eq!(err.code, ErrorCode::InvalidTool);
        assert!(
            err.message.contains("tool #1 nests deeper"),
            "{}",
            err.message
        );
    }
}
