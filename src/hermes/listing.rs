//! What the `tool_search` description lists: the budgeted manifest of deferred tools.
//!
//! Layout (Hermes' `build_catalog_listing_with_form`, byte for byte): the header line, then one
//! block per group (a tool's [`super::defer::group_label`]) sorted by label, tools
//! sorted by (name, short description), blocks joined by `\n`:
//! - **full**: `label tools (n):` then `- name: short` per tool (`- name` when short is empty);
//! - **names**: the same heading, then every name comma-separated on one line;
//! - **summary**: ``label (n tools — names not listed; discover via `tool_search`)``.
//!
//! A form fits when the estimated tokens of the whole text (characters/4, or the host's
//! counter) are ≤ the budget. Degradation: all `full` → all `names` → groups switched to
//! `summary` one at a time, the largest names block first (ties by label) → `none`. With a
//! host's counter, "shorter" is in its tokens, and every group summarised is tried last.
//!
//! Deliberate differences from Hermes (each has a test in `tests/hermes_conformance.rs`):
//! - A group is only switched to `summary` when its summary line is shorter than its names
//!   block. Hermes also collapses tiny groups, whose summary line is *longer*, so on its own
//!   72 built-in tools it gives up (`none`) at a budget of 335 tokens although a mixed form
//!   fits; we return that mixed form. The end point of our degradation is the shortest mixed
//!   form there is, so we return `none` only when no mix of names and summaries fits.
//! - For the same reason, when we reach `mixed` Hermes may have additionally collapsed some
//!   small group on its way; we keep that group's names (shorter and more useful).
//! - A one-tool summary reads `(1 tool — …)`, not Hermes' `(1 tools — …)`.

use std::collections::BTreeMap;

use crate::tool::Tool;

use super::defer::group_label;
use super::messages::LISTING_HEADER;

/// Longest short description, in characters, before the `…`.
pub const SHORT_MAX_CHARS: usize = 60;

/// The listing chosen for a catalog and budget.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// The text, `None` for form `none`.
    pub text: Option<String>,
    /// `full`, `names`, `mixed` (some groups summarised), `groups` (all summarised) or `none`.
    pub form: &'static str,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Full,
    Names,
    Summary,
}

struct Group<'a> {
    label: &'a str,
    /// (name, description) of its tools, sorted by name.
    tools: Vec<(&'a str, &'a str)>,
    /// The rendered block per mode (`full` only once [`Group::render_full`] ran).
    full: String,
    names: String,
    summary: String,
    /// Characters of each block (full, names, summary), counted once: the degradation loop
    /// asks whether the text fits once per group it collapses, and recounting every block
    /// each time made a 100k-tool listing quadratic.
    chars: [usize; 3],
}

impl Group<'_> {
    fn block(&self, mode: Mode) -> &str {
        match mode {
            Mode::Full => &self.full,
            Mode::Names => &self.names,
            Mode::Summary => &self.summary,
        }
    }

    fn chars(&self, mode: Mode) -> usize {
        let [full, names, summary] = self.chars;
        match mode {
            Mode::Full => full,
            Mode::Names => names,
            Mode::Summary => summary,
        }
    }
}

/// Builds the listing of `deferred` under `budget` tokens.
pub fn build(deferred: &[&Tool], budget: u64, counter: Option<&dyn Fn(&str) -> u64>) -> Listing {
    let mut by_label: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for tool in deferred {
        by_label
            .entry(group_label(tool))
            .or_default()
            .push((tool.name.as_str(), tool.description.as_str()));
    }
    if by_label.is_empty() {
        return Listing {
            text: None,
            form: "none",
        };
    }
    let mut groups: Vec<Group<'_>> = by_label
        .into_iter()
        .map(|(label, mut tools)| {
            // Names are unique in a catalog, so this is Hermes' (name, short) order.
            crate::sort::sort_by(&mut tools, |a, b| a.0 < b.0);
            render(label, tools)
        })
        .collect();
    // Every full block is longer than its names block, so when the names form is over the
    // budget by characters the full form is too, and its short descriptions (the costly part
    // of a large catalog's listing) are never made. A host's counter is asked about both.
    let names_chars = LISTING_HEADER.chars().count()
        + groups
            .iter()
            .map(|g| 1 + g.chars(Mode::Names))
            .sum::<usize>();
    let full_needed = counter.is_some() || (names_chars as u64).div_ceil(4) <= budget;
    if full_needed {
        groups.iter_mut().for_each(Group::render_full);
    }
    let fits = |modes: &[Mode]| -> bool {
        match counter {
            Some(count) => count(&assemble(&groups, modes)) <= budget,
            None => {
                let chars: usize = LISTING_HEADER.chars().count()
                    + groups
                        .iter()
                        .zip(modes)
                        .map(|(g, m)| 1 + g.chars(*m))
                        .sum::<usize>();
                (chars as u64).div_ceil(4) <= budget
            }
        }
    };
    let done = |modes: &[Mode], form: &'static str| Listing {
        text: Some(assemble(&groups, modes)),
        form,
    };

    let mut modes = vec![Mode::Full; groups.len()];
    if full_needed && fits(&modes) {
        return done(&modes, "full");
    }
    modes.fill(Mode::Names);
    if fits(&modes) {
        return done(&modes, "names");
    }
    let names_len: Vec<usize> = groups.iter().map(|g| g.chars(Mode::Names)).collect();
    let mut order: Vec<usize> = (0..groups.len()).collect();
    // The index as the last key: the order a stable sort gives, from the crate's small sort.
    crate::sort::sort_by(&mut order, |&a, &b| {
        let len = |i: usize| names_len.get(i).copied().unwrap_or(0);
        len(b)
            .cmp(&len(a))
            .then_with(|| {
                let label = |i: usize| groups.get(i).map(|g| g.label).unwrap_or("");
                label(a).cmp(label(b))
            })
            .then(a.cmp(&b))
            .is_lt()
    });
    for i in order {
        let (Some(group), Some(mode)) = (groups.get(i), modes.get_mut(i)) else {
            continue;
        };
        // Collapsing a group whose summary is not shorter can never make the text fit. A
        // host's counter decides what is shorter: a summary line can cost fewer of its
        // tokens in more characters.
        let longer = match counter {
            Some(count) => count(&group.summary) >= count(&group.names),
            None => group.chars(Mode::Summary) >= names_len.get(i).copied().unwrap_or(0),
        };
        if longer {
            continue;
        }
        *mode = Mode::Summary;
        if fits(&modes) {
            return done(&modes, form_of(&modes));
        }
    }
    // A host's counter need not add up block by block, so Hermes' own end point, every group
    // summarised, is tried before giving up (by characters it is never shorter than ours).
    if counter.is_some() && modes.iter().any(|m| *m != Mode::Summary) {
        modes.fill(Mode::Summary);
        if fits(&modes) {
            return done(&modes, "groups");
        }
    }
    Listing {
        text: None,
        form: "none",
    }
}

/// `groups` when every group is summarised, `mixed` otherwise.
fn form_of(modes: &[Mode]) -> &'static str {
    if modes.iter().all(|m| *m == Mode::Summary) {
        "groups"
    } else {
        "mixed"
    }
}

fn render<'a>(label: &'a str, tools: Vec<(&'a str, &'a str)>) -> Group<'a> {
    let n = tools.len();
    let heading = heading(label, n);
    let names = format!(
        "{heading}\n{}",
        tools
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let noun = if n == 1 { "tool" } else { "tools" };
    let summary = format!("{label} ({n} {noun} — names not listed; discover via `tool_search`)");
    let chars = [0, names.chars().count(), summary.chars().count()];
    Group {
        label,
        tools,
        full: String::new(),
        names,
        summary,
        chars,
    }
}

impl Group<'_> {
    /// Renders the full block: the heading, then `- name: short` per tool.
    fn render_full(&mut self) {
        let mut full = heading(self.label, self.tools.len());
        for (name, description) in &self.tools {
            full.push('\n');
            full.push_str("- ");
            full.push_str(name);
            let short = short_description(description);
            if !short.is_empty() {
                full.push_str(": ");
                full.push_str(&short);
            }
        }
        if let Some(c) = self.chars.first_mut() {
            *c = full.chars().count();
        }
        self.full = full;
    }
}

/// A block's first line: `label tools (n):` (the full and names forms share it).
fn heading(label: &str, n: usize) -> String {
    format!("{label} tools ({n}):")
}

fn assemble(groups: &[Group<'_>], modes: &[Mode]) -> String {
    let mut text = String::from(LISTING_HEADER);
    for (group, mode) in groups.iter().zip(modes) {
        text.push('\n');
        text.push_str(group.block(*mode));
    }
    text
}

/// The first sentence of a description, clipped to [`SHORT_MAX_CHARS`] at a word boundary.
///
/// Whitespace runs collapse to one space. A sentence ends at `.`, `!` or `?` followed by
/// whitespace or the end, but not in `e.g.`, `i.e.` or `etc.`; the terminator is kept. Over
/// 60 characters: cut at 60, back up to the last space, strip trailing `,;: ` and append `…`
/// (Hermes V3's rule; linear in the input).
pub fn short_description(description: &str) -> String {
    let text = description.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = text.chars().collect();
    let mut end = chars.len();
    for (i, c) in chars.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let at_break = chars.get(i + 1).map_or(true, |n| n.is_whitespace());
        if at_break && !ends_with_abbreviation(chars.get(..i).unwrap_or(&[])) {
            end = i + 1;
            break;
        }
    }
    let sentence = chars.get(..end).unwrap_or(&[]);
    if sentence.len() <= SHORT_MAX_CHARS {
        return sentence.iter().collect();
    }
    let mut clipped: String = sentence.iter().take(SHORT_MAX_CHARS).collect();
    if let Some(space) = clipped.rfind(' ') {
        clipped.truncate(space);
    }
    let mut out = clipped.trim_end_matches([',', ';', ':', ' ']).to_string();
    out.push('…');
    out
}

/// True when `before` ends with the word `e.g`, `i.e` or `etc` (a `.` after it is no
/// sentence end).
fn ends_with_abbreviation(before: &[char]) -> bool {
    ["e.g", "i.e", "etc"].iter().any(|abbr| {
        let n = abbr.chars().count();
        let Some(start) = before.len().checked_sub(n) else {
            return false;
        };
        let tail = before.get(start..).unwrap_or(&[]);
        let matches = tail.iter().copied().eq(abbr.chars());
        let boundary = start
            .checked_sub(1)
            .and_then(|p| before.get(p))
            .map_or(true, |c| !(c.is_alphanumeric() || *c == '_'));
        matches && boundary
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn short_descriptions_take_the_first_sentence_and_clip_at_a_word() {
        assert_eq!(short_description(""), "");
        assert_eq!(
            short_description("Create an issue. Then more."),
            "Create an issue."
        );
        assert_eq!(
            short_description("Use e.g. this one. Next"),
            "Use e.g. this one."
        );
        assert_eq!(
            short_description("Version 1.5 is out"),
            "Version 1.5 is out"
        );
        assert_eq!(short_description("Stop!\nGo"), "Stop!");
        let long = "Manage background processes started with terminal(background=true). More.";
        assert_eq!(
            short_description(long),
            "Manage background processes started with…"
        );
        let s = short_description(&"word ".repeat(40));
        assert!(s.chars().count() <= 61 && s.ends_with('…'), "{s}");
    }

    #[test]
    fn one_tool_summaries_say_tool() {
        let tool = Tool::from_value(
            json!({"name":"an_extremely_long_tool_name_that_keeps_going_and_going_and_going","source":"s"}),
            0,
        )
        .unwrap();
        let listing = build(&[&tool], 36, None);
        assert_eq!(listing.form, "groups");
        let text = listing.text.unwrap();
        assert!(
            text.ends_with("s (1 tool — names not listed; discover via `tool_search`)"),
            "{text}"
        );
    }

    #[test]
    fn a_hosts_counter_decides_which_summary_is_shorter() {
        // Ten short names under one label: by characters their names block (54) is shorter
        // than the summary line (61), but a counter of words charges the names form 23
        // tokens and the summary 20. Below 23 the summary must be chosen, never `none`.
        let tools: Vec<Tool> = "ab ac ad ae af ag ah ai aj ak"
            .split(' ')
            .enumerate()
            .map(|(i, name)| Tool::from_value(json!({"name": name, "source": "lbl"}), i).unwrap())
            .collect();
        let refs: Vec<&Tool> = tools.iter().collect();
        let words = |text: &str| text.split_whitespace().count() as u64;
        assert_eq!(build(&refs, 23, Some(&words)).form, "names");
        for budget in [20, 21, 22] {
            let listing = build(&refs, budget, Some(&words));
            assert_eq!(listing.form, "groups", "budget {budget}");
            assert!(words(&listing.text.unwrap()) <= budget);
        }
        assert_eq!(build(&refs, 19, Some(&words)).form, "none");
        // By characters the summary is longer, so it is never chosen: `none` at 20.
        assert_eq!(build(&refs, 20, None).form, "none");
    }
}
