//! The original plugin's substring test, over a whole catalog at once.
//!
//! `search_tools` matches a tool when any whitespace-separated keyword of the query is a
//! case-insensitive substring of its name or description ([`super::search_tools::substring_match`]
//! for one tool). Done tool by tool, every call lowercased every name and description (~1 MB
//! for the 3,454-tool mcp-servers catalog, ~10 ms a call) and searched each once per keyword,
//! repeats included. Here the catalog's text is lowercased once, on the first search of a
//! prepared catalog, into one string; each distinct keyword is searched through it once (more
//! than a few: all in one pass), and keywords that contain another are dropped (whatever they
//! match, the shorter one does).

use crate::analysis::case::lowercase;
use crate::search::names::NameText;
use crate::Tool;

/// The searchable tools' lowercased names and descriptions (as far as the indexes read them,
/// [`Tool::indexed_description`]), one after another
/// (`name\ndescription` each, joined by [`NameText`]: no keyword holds white space, so none
/// spans a name and its description, or two tools).
pub struct Lowered(NameText);

impl Lowered {
    /// The text of `tools`, in order.
    pub fn new<'t>(tools: impl Iterator<Item = &'t Tool>) -> Lowered {
        let texts: Vec<String> = tools
            .map(|t| {
                format!(
                    "{}\n{}",
                    lowercase(&t.name),
                    lowercase(t.indexed_description())
                )
            })
            .collect();
        Lowered(NameText::new(texts.iter().map(String::as_str)))
    }

    /// Per tool (in the order given to [`Lowered::new`]): does any of `keywords` (lowercased)
    /// occur in its name or description? An empty list matches every tool.
    pub fn matching(&self, keywords: &[String]) -> Vec<bool> {
        let mut matched = vec![keywords.is_empty(); self.0.len()];
        self.0.mark_containing_any(&needed(keywords), &mut matched);
        matched
    }
}

/// The keywords worth searching: each once, and none that contains another.
fn needed(keywords: &[String]) -> Vec<&str> {
    let mut distinct: Vec<&str> = keywords.iter().map(String::as_str).collect();
    crate::sort::sort_by(&mut distinct, |a, b| {
        a.len() < b.len() || (a.len() == b.len() && a < b)
    });
    distinct.dedup();
    let mut kept: Vec<&str> = Vec::with_capacity(distinct.len());
    for keyword in distinct {
        // Shortest first: a keyword containing a kept one matches nothing more.
        if !kept.iter().any(|shorter| keyword.contains(shorter)) {
            kept.push(keyword);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aalis::search_tools::{keywords, substring_match};
    use crate::Catalog;

    #[test]
    fn the_catalog_at_once_matches_what_the_plugins_test_matches_tool_by_tool() {
        let sample = include_str!("../../tests/fixtures/sample-catalog.json");
        let catalog = Catalog::from_json(sample).unwrap_or_else(|e| panic!("{e}"));
        let lowered = Lowered::new(catalog.tools().iter());
        for query in [
            "issue",
            "create github issue",
            "issue issue ISSUE issues",
            "hub github",
            "e",
            "zzz",
            "list_directory",
            "é ΣΑΣ straße İstanbul",
            "\u{fffd} 😀",
            "",
            "n\nd",
            // More than a few keywords: searched in one pass.
            "create list get delete update search issue file",
            "a b c d e f g h i j k l m n o p q r s t u v w x y z",
            "aa ab ac ad ae af ag ah ai aj ak al am an ao ap",
            "zzq é qqz ΣΑΣ 😀 xxj ijk",
        ] {
            let words = keywords(query);
            let expected: Vec<bool> = catalog
                .tools()
                .iter()
                .map(|t| substring_match(&words, t))
                .collect();
            assert_eq!(lowered.matching(&words), expected, "{query:?}");
        }
    }

    #[test]
    fn repeated_keywords_and_those_containing_another_are_searched_once() {
        let words: Vec<String> = ["issues", "issue", "issue", "pull", "é", "é"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(needed(&words), ["é", "pull", "issue"]);
    }
}
