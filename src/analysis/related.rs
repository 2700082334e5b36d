//! Which English words a query word also stands for: a small reviewed related-words table.
//!
//! Tool names are built from a few verbs and objects (`get`, `create_event`, `delete_file`),
//! while people ask with others (`fetch`, `book a meeting`, `remove`). The table
//! (`related.txt`, ~200 lines) maps a query word to words tools use; the search scores them
//! as lower-weight alternatives of the word, never as extra words, so a query never gains
//! weight from its related words.
//!
//! The file: `word: related related ...` per line; a query word (left) may also match the
//! words on the right, at a lower weight than itself (`Tuning::related` in
//! src/search/mod.rs). Words are stemmed like documents. Reviewed by hand: keep it to the
//! verbs and objects tool names and descriptions are made of, in both directions only where
//! both directions hold.

use super::Analyzer;
use crate::search::hash::FxMap;

const DATA: &str = include_str!("related.txt");

/// Query stem → terms of its related words (document-analysed).
pub struct Related {
    map: FxMap<String, Vec<String>>,
}

impl Related {
    /// Parses the table with `analyzer`, so keys and values are stemmed as documents are.
    pub fn new(analyzer: &Analyzer) -> Related {
        let mut map: FxMap<String, Vec<String>> = FxMap::default();
        let mut buf = Vec::new();
        for line in DATA.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((word, related)) = line.split_once(':') else {
                continue;
            };
            buf.clear();
            analyzer.terms(related, &mut buf);
            let mut keys = Vec::new();
            analyzer.terms(word, &mut keys);
            for key in keys {
                let list = map.entry(key.clone()).or_default();
                for t in &buf {
                    if *t != key && !list.contains(t) {
                        list.push(t.clone());
                    }
                }
            }
        }
        Related { map }
    }

    /// The related terms of a query term (empty when it has none).
    pub fn of(&self, term: &str) -> &[String] {
        self.map.get(term).map(Vec::as_slice).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Language;

    #[test]
    fn related_words_are_stemmed_like_documents() {
        let a = Analyzer::new(&[Language::English], false);
        let r = Related::new(&a);
        assert!(r.of("fetch").contains(&"get".to_string()));
        // A plugin is an add-on (Heroku's get_addon_info); upgrading is updating.
        assert!(r.of("plugin").contains(&"addon".to_string()));
        assert!(r.of("upgrad").contains(&"updat".to_string()));
        assert!(r.of("remov").contains(&"delet".to_string()));
        // Marking a commit as failed sets its status (create_commit_status); bumping a
        // deployment's replicas scales it.
        assert!(r.of("mark").contains(&"status".to_string()));
        assert!(r.of("bump").contains(&"scale".to_string()));
        assert!(r.of("summar").contains(&"summari".to_string()) || !r.of("summar").is_empty());
        // A short form stands for its word, and config for configuration (stems apart).
        assert!(r.of("msg").contains(&"messag".to_string()));
        assert!(r.of("config").contains(&"configur".to_string()));
        assert!(r.of("configur").contains(&"config".to_string()));
        assert!(r.of("gdoc").contains(&"googl".to_string()));
        assert!(r.of("xyzzy").is_empty());
    }

    #[test]
    fn every_line_of_the_table_parses() {
        let lines = DATA
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines {
            let (word, related) = line.split_once(':').unwrap();
            assert!(
                !word.trim().is_empty() && !related.trim().is_empty(),
                "{line}"
            );
        }
    }
}
