//! Which names contain a piece of text: the substring fallback's search, in one pass.
//!
//! A query that matches no word falls back to substrings of the tools' lowercased names. One
//! search per name cost ~25 ns a name in wasm (0.2 ms a query at 3.5k tools, 7.4 ms at 100k);
//! here the names are joined once and each needle is searched through them all in one pass.

/// The names joined by `\n` (which no name holds: names have no control characters), with
/// where each starts and, last, where the text ends.
pub struct NameText {
    text: String,
    starts: Vec<u32>,
}

impl NameText {
    pub fn new<'a>(names: impl Iterator<Item = &'a str>) -> NameText {
        let mut text = String::new();
        let mut starts = Vec::new();
        for name in names {
            starts.push(text.len() as u32);
            text.push_str(name);
            text.push('\n');
        }
        starts.push(text.len() as u32);
        NameText { text, starts }
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The names that contain `needle`, by position, in order (every name for an empty
    /// needle); a match that runs across the end of a name is not one.
    pub fn docs_containing(&self, needle: &str) -> Vec<u32> {
        let n = self.len();
        if needle.is_empty() {
            return (0..n as u32).collect();
        }
        let finder = memchr::memmem::Finder::new(needle.as_bytes());
        let bytes = self.text.as_bytes();
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(found) = bytes.get(at..).and_then(|rest| finder.find(rest)) {
            let m = at + found;
            // The name holding the match's first byte, and where it ends (at its `\n`).
            let doc = self
                .starts
                .partition_point(|&s| s as usize <= m)
                .saturating_sub(1);
            let Some(&next) = self.starts.get(doc + 1).filter(|_| doc < n) else {
                break;
            };
            let end = next as usize - 1;
            if m + needle.len() <= end {
                out.push(doc as u32);
                at = end + 1;
            } else {
                at = m + 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_containing_a_needle_are_those_one_search_per_name_finds() {
        let names = [
            "create_repository",
            "fork_repository",
            "list_issues",
            "issues_create",
            "aaaa",
            "a b",
        ];
        let text = NameText::new(names.iter().copied());
        for needle in [
            "ository",
            "issues",
            "e",
            "aa",
            "aaaaa",
            "zzz",
            "y\nfork",
            "s\nissues",
            "create",
            " b",
            "",
        ] {
            let each: Vec<u32> = (0u32..)
                .zip(names)
                .filter(|(_, name)| name.contains(needle))
                .map(|(doc, _)| doc)
                .collect();
            assert_eq!(text.docs_containing(needle), each, "{needle:?}");
        }
        // Across the end of one name and the start of the next is no match.
        assert!(text.docs_containing("y\nfork").is_empty());
        assert!(NameText::new(std::iter::empty())
            .docs_containing("a")
            .is_empty());
        assert!(NameText::new(std::iter::empty())
            .docs_containing("")
            .is_empty());
    }
}
