//! The action a short request names, against the action a tool's name names.
//!
//! A catalog's tools come in families over one object (`createMock`, `updateMock`,
//! `deleteMock`, `getMockServerResponses`) that differ by their verb, and a verb is a common
//! word: its idf is low, and the object's words decide the ranking, so "create mock server"
//! ranked `deleteMockServerResponse` above `createMock`. When a short request names one of
//! four actions — create, delete, update, read — each tool whose name names only other ones
//! of those actions has its score multiplied by [`Tuning::action`] (0.85). A tool whose name
//! names no action, or this one, keeps its score: it may still win on its other words.
//!
//! Short: at most [`MAX_GROUPS`] query words that match the catalog (the search's groups). A
//! longer request tells a story whose verbs are not all its request ("how big is the file
//! and when was it last changed"), and the labelled datasets' multi-step tasks name several
//! actions anyway. Only the words themselves and their lexicon translations name an action
//! (weight 1), not a related word, a derived one or a typo's reading; a request naming two
//! of the actions ("create or delete") is left as it is.
//!
//! Measured on the multilingual probe (the thirty-fifth session, guided by all of its sets):
//! 42 language-intents gained and 9 lost of 4,905; the labelled datasets did not move.
//!
//! [`Tuning::action`]: crate::search::Tuning::action

use super::Alternatives;
use crate::search::hash::FxMap;
use crate::search::postings::Postings;

/// Most query words matching the catalog (groups) in a request whose action is read.
pub(super) const MAX_GROUPS: usize = 6;

/// English stems (Porter2, as documents are analysed) of the four actions' verbs, each with
/// its action's bit: create, delete, update, read (getting, listing and searching are read).
const VERBS: &[(&str, u8)] = &[
    ("creat", CREATE),
    ("add", CREATE),
    ("insert", CREATE),
    ("generat", CREATE),
    ("delet", DELETE),
    ("remov", DELETE),
    ("destroy", DELETE),
    ("drop", DELETE),
    ("purg", DELETE),
    ("updat", UPDATE),
    ("edit", UPDATE),
    ("modifi", UPDATE),
    ("patch", UPDATE),
    ("set", UPDATE),
    ("chang", UPDATE),
    ("get", READ),
    ("read", READ),
    ("fetch", READ),
    ("retriev", READ),
    ("list", READ),
    ("search", READ),
    ("find", READ),
    ("show", READ),
    ("view", READ),
    ("describ", READ),
    ("queri", READ),
];
const CREATE: u8 = 1;
const DELETE: u8 = 2;
const UPDATE: u8 = 4;
const READ: u8 = 8;

/// The catalog's verb terms with their actions, and each tool's actions by its name's terms.
pub(super) struct Actions {
    terms: Vec<(u32, u8)>,
    tools: Vec<u8>,
}

impl Actions {
    /// Reads the actions of the `tools` tools' names (field 0 of `postings`).
    pub(super) fn new(dict: &FxMap<String, u32>, postings: &Postings, tools: usize) -> Actions {
        let mut actions = Actions {
            terms: Vec::new(),
            tools: vec![0; tools],
        };
        for &(stem, bit) in VERBS {
            let Some(&term) = dict.get(stem) else {
                continue;
            };
            actions.terms.push((term, bit));
            for (posting, fields) in postings.of(term).iter().zip(postings.fields_of(term)) {
                if let (true, Some(tool)) = (
                    fields.first().is_some_and(|&n| n > 0),
                    actions.tools.get_mut(posting.doc as usize),
                ) {
                    *tool |= bit;
                }
            }
        }
        actions
    }

    /// The one action a request of at most [`MAX_GROUPS`] words names through its words or
    /// their translations; `None` for none, several, or a longer request.
    pub(super) fn of_request(&self, groups: &[Alternatives]) -> Option<u8> {
        if groups.len() > MAX_GROUPS {
            return None;
        }
        let mut named = 0u8;
        for (term, weight) in groups.iter().flatten() {
            if *weight >= 1.0 {
                if let Some((_, bit)) = self.terms.iter().find(|(t, _)| t == term) {
                    named |= bit;
                }
            }
        }
        (named.count_ones() == 1).then_some(named)
    }

    /// True when tool `doc`'s name names some action and not `action`.
    pub(super) fn disagrees(&self, doc: u32, action: u8) -> bool {
        let named = self.tools.get(doc as usize).copied().unwrap_or(0);
        named != 0 && named & action == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Analyzer, Language};

    #[test]
    fn each_verb_is_the_stem_documents_give_its_word() {
        let analyzer = Analyzer::new(&[Language::English], false);
        let words = [
            "create", "add", "insert", "generate", "delete", "remove", "destroy", "drop", "purge",
            "update", "edit", "modify", "patch", "set", "change", "get", "read", "fetch",
            "retrieve", "list", "search", "find", "show", "view", "describe", "query",
        ];
        assert_eq!(words.len(), VERBS.len());
        for (word, (stem, _)) in words.iter().zip(VERBS) {
            let mut terms = Vec::new();
            analyzer.terms(word, &mut terms);
            assert_eq!(terms, [stem.to_string()], "{word}");
        }
    }
}
