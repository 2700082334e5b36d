//! Which names contain a piece of text: the substring fallback's search, in one pass.
//!
//! A query that matches no word falls back to substrings of the tools' lowercased names. One
//! search per name cost ~25 ns a name in wasm (0.2 ms a query at 3.5k tools, 7.4 ms at 100k);
//! here the names are joined once and each needle is searched through them all in one pass.

/// Most needles [`NameText::mark_containing_any`] searches one at a time.
const FEW_NEEDLES: usize = 4;

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
        // Each place that holds the needle's first byte (memchr, which the crate links for
        // the definitions' scan), compared there: names are short, and memchr's `memmem`
        // beside it was 3.8 KB of the wasm's gzip.
        let (bytes, needle) = (self.text.as_bytes(), needle.as_bytes());
        let first = needle.first().copied().unwrap_or_default();
        let find = |rest: &[u8]| {
            let mut from = 0;
            while let Some(i) = rest.get(from..).and_then(|r| memchr::memchr(first, r)) {
                if rest.get(from + i..).is_some_and(|r| r.starts_with(needle)) {
                    return Some(from + i);
                }
                from += i + 1;
            }
            None
        };
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(found) = bytes.get(at..).and_then(find) {
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

    /// Sets `matched[doc]` for every name (not already matched) that contains any of
    /// `needles`. Up to [`FEW_NEEDLES`], one search each (memchr to each place a needle's first byte
    /// is) is fastest; more (a
    /// pasted log line, a model's keyword dump) are searched in one pass over the text,
    /// however many there are: each on its own cost a pass each (~0.5 ms a pass at 3.5k
    /// tools). Needles are then looked up by their first two bytes, so each position of the
    /// text is compared with the few needles that start as it does.
    pub fn mark_containing_any(&self, needles: &[&str], matched: &mut [bool]) {
        if needles.len() <= FEW_NEEDLES {
            for needle in needles {
                for doc in self.docs_containing(needle) {
                    if let Some(m) = matched.get_mut(doc as usize) {
                        *m = true;
                    }
                }
            }
            return;
        }
        // Needles of one byte, and the rest indexed by their first two bytes: `heads[k]..
        // heads[k + 1]` is the range of `by_head` starting with the two bytes k.
        let mut single = [false; 256];
        let mut keyed: Vec<(usize, &[u8])> = Vec::with_capacity(needles.len());
        for needle in needles {
            match needle.as_bytes() {
                [] => matched.fill(true),
                [b] => {
                    if let Some(one) = single.get_mut(usize::from(*b)) {
                        *one = true;
                    }
                }
                bytes @ [a, b, ..] => keyed.push((usize::from(*a) << 8 | usize::from(*b), bytes)),
            }
        }
        let mut heads = vec![0u32; (1 << 16) + 1];
        for (key, _) in &keyed {
            if let Some(h) = heads.get_mut(key + 1) {
                *h += 1;
            }
        }
        for k in 1..heads.len() {
            let before = heads.get(k - 1).copied().unwrap_or(0);
            if let Some(h) = heads.get_mut(k) {
                *h += before;
            }
        }
        let mut by_head: Vec<&[u8]> = vec![&[]; keyed.len()];
        let mut next = heads.clone();
        for (key, bytes) in keyed {
            if let Some(slot) = next.get_mut(key) {
                if let Some(place) = by_head.get_mut(*slot as usize) {
                    *place = bytes;
                }
                *slot += 1;
            }
        }
        let bytes = self.text.as_bytes();
        for (doc, pair) in self.starts.windows(2).enumerate() {
            let (Some(done), [start, end]) = (matched.get_mut(doc), pair) else {
                continue;
            };
            if *done {
                continue;
            }
            // The name, without the `\n` that ends it.
            let name = bytes
                .get(*start as usize..(*end as usize).saturating_sub(1))
                .unwrap_or_default();
            *done = (0..name.len()).any(|i| {
                let rest = name.get(i..).unwrap_or_default();
                let Some(&a) = rest.first() else {
                    return false;
                };
                if single.get(usize::from(a)) == Some(&true) {
                    return true;
                }
                let Some(&b) = rest.get(1) else {
                    return false;
                };
                let key = usize::from(a) << 8 | usize::from(b);
                let (lo, hi) = (heads.get(key), heads.get(key + 1));
                let candidates = match (lo, hi) {
                    (Some(&lo), Some(&hi)) => by_head.get(lo as usize..hi as usize),
                    _ => None,
                };
                candidates
                    .unwrap_or_default()
                    .iter()
                    .any(|needle| rest.starts_with(needle))
            });
        }
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
            "café_crème",
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
            "é",
            "é_crè",
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
        // Many needles in one pass: the names any of them is in, as one search each finds.
        for needles in [
            vec!["ository", "issues", "zzz"],
            vec!["e", "aaaaa"],
            vec!["a", "b", "is", "fo", "c"],
            vec!["y\nfork", "s\nissues", "zz"],
            vec!["create", " b", "aaaa", "list_issues", "crea", "cr"],
            vec![""],
            vec![],
        ] {
            let mut each = vec![false; names.len()];
            for needle in &needles {
                for doc in text.docs_containing(needle) {
                    each[doc as usize] = true;
                }
            }
            let mut at_once = vec![false; names.len()];
            text.mark_containing_any(&needles, &mut at_once);
            assert_eq!(at_once, each, "{needles:?}");
        }
        // Names already matched stay matched and are not searched again.
        let mut some = vec![true, false, false, false, false, false];
        text.mark_containing_any(&["zzz"], &mut some);
        assert_eq!(some, [true, false, false, false, false, false]);
    }
}
