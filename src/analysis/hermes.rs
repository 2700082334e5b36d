//! How Hermes V2 tokenizes, reproduced exactly for the compatibility mode.
//!
//! ASCII `[A-Za-z0-9]+` runs, lowercased, stemmed with Snowball English. No camelCase split,
//! no Unicode words (non-ASCII characters separate, so a CJK-only text has no tokens), no
//! stopwords.

use rust_stemmers::Stemmer;

use super::language::Language;

/// The Hermes tokenizer.
pub struct HermesTokenizer {
    stemmer: Stemmer,
}

impl Default for HermesTokenizer {
    fn default() -> Self {
        HermesTokenizer {
            stemmer: Language::English.stemmer(),
        }
    }
}

impl HermesTokenizer {
    /// Appends the tokens of `text` to `out`, in order, repeats kept.
    pub fn tokens(&self, text: &str, out: &mut Vec<String>) {
        let mut lower = String::new();
        for run in text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|r| !r.is_empty())
        {
            lower.clear();
            lower.push_str(run);
            lower.make_ascii_lowercase();
            out.push(self.stemmer.stem(&lower).into_owned());
        }
    }

    /// Hermes' document text: name (leading `mcp__` stripped, `_ . : -` as spaces), the
    /// source label (`mcp-` prefix removed) unless it is one of the name's words, the
    /// description and the top-level parameter names.
    pub fn document(
        name: &str,
        source: Option<&str>,
        description: &str,
        params: &[&str],
    ) -> String {
        let stripped = name.strip_prefix("mcp__").unwrap_or(name);
        let name_text: String = stripped
            .chars()
            .map(|c| {
                if matches!(c, '_' | '.' | ':' | '-') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let mut text = name_text.clone();
        if let Some(label) = source.map(|s| s.strip_prefix("mcp-").unwrap_or(s)) {
            if !label.is_empty() && !name_text.split_whitespace().any(|w| w == label) {
                text.push(' ');
                text.push_str(label);
            }
        }
        text.push(' ');
        text.push_str(description);
        for p in params {
            text.push(' ');
            text.push_str(p);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_match_the_hermes_sample() {
        let mut out = Vec::new();
        HermesTokenizer::default().tokens(
            "Creating GitHub issues via mcp__linear__createIssue (e.g. teamId)",
            &mut out,
        );
        assert_eq!(
            out,
            vec![
                "creat",
                "github",
                "issu",
                "via",
                "mcp",
                "linear",
                "createissu",
                "e",
                "g",
                "teamid"
            ]
        );
    }

    #[test]
    fn non_ascii_letters_separate() {
        let mut out = Vec::new();
        HermesTokenizer::default().tokens("café 创建", &mut out);
        assert_eq!(out, vec!["caf"]);
    }

    #[test]
    fn the_label_is_appended_only_when_not_a_name_word() {
        assert_eq!(
            HermesTokenizer::document("browser_back", Some("browser"), "d", &[]),
            "browser back d"
        );
        assert_eq!(
            HermesTokenizer::document("mcp__linear__x", Some("mcp-linear"), "d", &["a"]),
            "linear  x d a"
        );
        assert_eq!(
            HermesTokenizer::document("yb_send", Some("hermes-yuanbao"), "d", &[]),
            "yb send hermes-yuanbao d"
        );
    }
}
