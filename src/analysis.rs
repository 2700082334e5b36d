//! How text becomes index terms: the one analyzer that serves documents and queries.
//!
//! Foundation slice: split on anything that is not a letter or digit, split camelCase,
//! lowercase, stem with Snowball English. The retrieval issue replaces this with the full chain.

use rust_stemmers::{Algorithm, Stemmer};

/// Turns text into terms.
pub struct Analyzer {
    stemmer: Stemmer,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer {
            stemmer: Stemmer::create(Algorithm::English),
        }
    }
}

impl Analyzer {
    /// The terms of `text`, in order, repeats kept.
    pub fn terms(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for word in text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            for part in split_camel(word) {
                let lower = part.to_lowercase();
                out.push(self.stemmer.stem(&lower).into_owned());
            }
        }
        out
    }
}

/// `createIssue` → `create`, `Issue`; `HTTPServer` → `HTTP`, `Server`.
fn split_camel(word: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    for window in chars.windows(3) {
        if let [(_, a), (ib, b), (_, c)] = window {
            let lower_to_upper = a.is_lowercase() && b.is_uppercase();
            let acronym_end = a.is_uppercase() && b.is_uppercase() && c.is_lowercase();
            if lower_to_upper || acronym_end {
                parts.push(&word[start..*ib]);
                start = *ib;
            }
        }
    }
    if let (Some((_, a)), Some((ib, b))) = (
        chars.len().checked_sub(2).and_then(|i| chars.get(i)),
        chars.last(),
    ) {
        if a.is_lowercase() && b.is_uppercase() && *ib > start {
            parts.push(&word[start..*ib]);
            start = *ib;
        }
    }
    parts.push(&word[start..]);
    parts.retain(|p| !p.is_empty());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_split_into_stemmed_words() {
        let a = Analyzer::default();
        assert_eq!(
            a.terms("mcp__github__createIssues"),
            vec!["mcp", "github", "creat", "issu"]
        );
        assert_eq!(
            a.terms("WKWebViewComponent"),
            vec!["wk", "web", "view", "compon"]
        );
    }
}
