//! How identifiers come apart: camelCase, PascalCase and acronym boundaries inside one word.
//!
//! Separators (`_ - . : /`, `mcp__server__tool`) are already word boundaries
//! ([`super::words`]); this step splits inside a word on letter case only:
//! `createIssue` → `create Issue`, `WKWebViewComponent` → `WK Web View Component`,
//! `HTTPServer` → `HTTP Server`. Letters and digits are never split apart (`k8s`, `oauth2`,
//! `base64` stay whole), since such tokens are names in their own right.

/// Calls `f` with each case-delimited part of `word`, in order.
///
/// Inlined into its caller for the common case, a word that is one part; the others are split
/// by a function of their own, which calls `f` through a reference.
#[inline(always)]
pub fn split_case(word: &str, mut f: impl FnMut(&str)) {
    // Most words have no case change at all: an ASCII word without an upper-case letter after
    // its first character is one part.
    let mut bytes = word.bytes();
    if bytes.next().is_some_and(|b| b.is_ascii())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        f(word);
        return;
    }
    split_parts(word, &mut f);
}

/// [`split_case`] for a word that may hold several parts.
fn split_parts(word: &str, f: &mut dyn FnMut(&str)) {
    if word.is_ascii() {
        // The loop below on bytes (`createIssue`, `GitHub`): no decoding, no Unicode tables.
        let b = word.as_bytes();
        let at = |i: usize| b.get(i).copied().unwrap_or(0);
        let mut start = 0;
        for i in 1..b.len() {
            let (p, c) = (at(i - 1), at(i));
            let lower_to_upper =
                (p.is_ascii_lowercase() || p.is_ascii_digit()) && c.is_ascii_uppercase();
            // An acronym's plural s is no word of its own (URLs, APIs: not UR Ls, AP Is).
            let plural = at(i + 1) == b's' && !at(i + 2).is_ascii_lowercase();
            let acronym_end = p.is_ascii_uppercase()
                && c.is_ascii_uppercase()
                && at(i + 1).is_ascii_lowercase()
                && !plural;
            if (lower_to_upper || acronym_end) && i > start {
                f(word.get(start..i).unwrap_or_default());
                start = i;
            }
        }
        if let Some(part) = word.get(start..).filter(|p| !p.is_empty()) {
            f(part);
        }
        return;
    }
    let mut start = 0;
    let mut prev: Option<char> = None;
    let mut iter = word.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if let Some(p) = prev {
            let mut ahead = iter.clone().map(|(_, n)| n);
            let (next, after) = (ahead.next(), ahead.next());
            let lower_to_upper = (p.is_lowercase() || p.is_ascii_digit()) && c.is_uppercase();
            let plural = next == Some('s') && !after.is_some_and(char::is_lowercase);
            let acronym_end = p.is_uppercase()
                && c.is_uppercase()
                && next.is_some_and(char::is_lowercase)
                && !plural;
            if (lower_to_upper || acronym_end) && i > start {
                if let Some(part) = word.get(start..i) {
                    f(part);
                }
                start = i;
            }
        }
        prev = Some(c);
    }
    if let Some(part) = word.get(start..) {
        if !part.is_empty() {
            f(part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(word: &str) -> Vec<String> {
        let mut out = Vec::new();
        split_case(word, |p| out.push(p.to_string()));
        out
    }

    #[test]
    fn camel_and_pascal_case_split() {
        assert_eq!(parts("createIssue"), vec!["create", "Issue"]);
        assert_eq!(parts("ListPullRequests"), vec!["List", "Pull", "Requests"]);
    }

    #[test]
    fn acronyms_split_before_the_next_word() {
        assert_eq!(
            parts("WKWebViewComponent"),
            vec!["WK", "Web", "View", "Component"]
        );
        assert_eq!(
            parts("WKWebVIEWComponent"),
            vec!["WK", "Web", "VIEW", "Component"]
        );
        assert_eq!(parts("HTTPServer"), vec!["HTTP", "Server"]);
        assert_eq!(parts("getURL"), vec!["get", "URL"]);
    }

    #[test]
    fn an_acronyms_plural_s_stays_with_it() {
        assert_eq!(parts("URLs"), vec!["URLs"]);
        assert_eq!(parts("listAPIsByTag"), vec!["list", "APIs", "By", "Tag"]);
        assert_eq!(parts("IDsList"), vec!["IDs", "List"]);
        assert_eq!(parts("ÜberURLs"), vec!["Über", "URLs"]);
        // A word that starts with s is one.
        assert_eq!(parts("HTTPSession"), vec!["HTTP", "Session"]);
        assert_eq!(parts("URLSearch"), vec!["URL", "Search"]);
    }

    #[test]
    fn letters_and_digits_stay_together() {
        assert_eq!(parts("k8s"), vec!["k8s"]);
        assert_eq!(parts("oauth2"), vec!["oauth2"]);
        assert_eq!(parts("s3Bucket"), vec!["s3", "Bucket"]);
    }

    #[test]
    fn plain_words_are_untouched() {
        assert_eq!(parts("issue"), vec!["issue"]);
        assert_eq!(parts("ISSUE"), vec!["ISSUE"]);
        assert_eq!(parts("Café"), vec!["Café"]);
    }

    #[test]
    fn words_beyond_ascii_split_by_the_same_rules() {
        // The character loop (any word with a non-ASCII letter) against the byte loop's cases.
        assert_eq!(parts("créerIssue"), vec!["créer", "Issue"]);
        assert_eq!(parts("ÜberHTTPServer"), vec!["Über", "HTTP", "Server"]);
        assert_eq!(parts("s3Ёлка"), vec!["s3", "Ёлка"]);
        assert_eq!(parts("ÉTÉ"), vec!["ÉTÉ"]);
    }
}
