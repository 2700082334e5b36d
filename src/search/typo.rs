//! Typo candidates among the tool-name words: the symmetric-delete idea.
//!
//! Two words one edit apart (an insertion, deletion, substitution or adjacent transposition)
//! share a key: a word itself, or the word with one character deleted. The index keeps every
//! key of every name word of ≥ 4 characters; a query word looks up its own keys, a few hash
//! probes instead of a scan of every name word. Keys are 32-bit hashes, so a collision may
//! give a word that is no typo: every candidate is checked with [`one_edit`].
//!
//! The keys are sorted and bucketed by their top bits (about two keys a bucket), so a look-up
//! reads one bucket's start and a key or two: in wasm, a binary search over a catalog's
//! hundreds of thousands of keys missed the cache at nearly every step.

/// The typo keys of a catalog's name words.
#[derive(Default)]
pub struct TypoKeys {
    /// (key hash, index of the name word), sorted.
    keys: Vec<(u32, u32)>,
    /// `keys[starts[b]..starts[b + 1]]` are the keys whose hash's top `bits` bits are `b`.
    starts: Vec<u32>,
    bits: u32,
}

/// Shortest name word that gets keys (a typo needs a ≥ 5-character query word, one edit
/// from a ≥ 4-character name word).
const MIN_NAME_CHARS: usize = 4;

/// Longest name word that gets its deletions as keys: each of a word's keys hashes the whole
/// word, so 3,454 names of 500 letters without a separator took 1.5 s to key.
const MAX_NAME_CHARS: usize = 32;

impl TypoKeys {
    /// The keys of `words` (the index's sorted name words; a candidate is an index into them).
    pub fn new<'a>(words: impl Iterator<Item = &'a str>) -> TypoKeys {
        let mut keys: Vec<(u32, u32)> = Vec::new();
        let mut chars: Vec<char> = Vec::new();
        for (at, word) in words.enumerate() {
            chars.clear();
            chars.extend(word.chars());
            if chars.len() < MIN_NAME_CHARS || chars.iter().all(|c| c.is_numeric()) {
                continue;
            }
            // `skip` = the length: the word itself. A word longer than MAX_NAME_CHARS keeps that
            // key alone (a query word one character longer still finds it).
            let from = if chars.len() > MAX_NAME_CHARS {
                chars.len()
            } else {
                0
            };
            for skip in from..=chars.len() {
                keys.push((key_hash(&chars, skip), at as u32));
            }
        }
        crate::sort::radix_sort(&mut keys);
        keys.dedup();
        // About two keys a bucket.
        let bits = (usize::BITS - (keys.len() / 2).leading_zeros()).clamp(1, 24);
        let mut starts = vec![0u32; (1 << bits) + 1];
        for &(h, _) in &keys {
            if let Some(s) = starts.get_mut(bucket(h, bits) + 1) {
                *s += 1;
            }
        }
        for b in 1..starts.len() {
            let before = starts.get(b - 1).copied().unwrap_or(0);
            if let Some(s) = starts.get_mut(b) {
                *s += before;
            }
        }
        TypoKeys { keys, starts, bits }
    }

    /// Appends to `out` the indexes of the name words that may be one edit from `word`
    /// (unsorted, possibly repeated; some may be no typo at all).
    pub fn candidates(&self, word: &[char], out: &mut Vec<u32>) {
        for skip in 0..=word.len() {
            let h = key_hash(word, skip);
            let b = bucket(h, self.bits);
            let (Some(&from), Some(&to)) = (self.starts.get(b), self.starts.get(b + 1)) else {
                continue;
            };
            let keys = self
                .keys
                .get(from as usize..to as usize)
                .unwrap_or_default();
            out.extend(keys.iter().filter(|k| k.0 == h).map(|k| k.1));
        }
    }
}

fn bucket(h: u32, bits: u32) -> usize {
    (h >> (32 - bits)) as usize
}

/// The hash of `chars` without the character at `skip` (none when `skip` is past the end).
fn key_hash(chars: &[char], skip: usize) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, &c) in chars.iter().enumerate() {
        if i != skip {
            h = (h ^ u64::from(c)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    // Fold the high bits down: the bucket is read from the top of the 32-bit key.
    ((h ^ (h >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as u32
}

/// True when `b` is exactly one insertion, deletion, substitution or adjacent transposition
/// away from `a`.
pub fn one_edit(a: &[char], b: &str) -> bool {
    let b: Vec<char> = b.chars().collect();
    let (la, lb) = (a.len(), b.len());
    if la.abs_diff(lb) > 1 || a == b.as_slice() {
        return false;
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (
        a.get(prefix..).unwrap_or_default(),
        b.get(prefix..).unwrap_or_default(),
    );
    match la.cmp(&lb) {
        std::cmp::Ordering::Equal => {
            ra.get(1..) == rb.get(1..)
                || (ra.len() >= 2
                    && ra.first() == rb.get(1)
                    && ra.get(1) == rb.first()
                    && ra.get(2..) == rb.get(2..))
        }
        std::cmp::Ordering::Less => ra == rb.get(1..).unwrap_or_default(),
        std::cmp::Ordering::Greater => ra.get(1..).unwrap_or_default() == rb,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn one_edit_covers_the_four_edit_kinds() {
        assert!(one_edit(&chars("calender"), "calendar"));
        assert!(one_edit(&chars("calendr"), "calendar"));
        assert!(one_edit(&chars("calendaar"), "calendar"));
        assert!(one_edit(&chars("calnedar"), "calendar"));
        assert!(!one_edit(&chars("calendar"), "calendar"));
        assert!(!one_edit(&chars("clndr"), "calendar"));
    }

    /// The name words of `words` one edit from `query`, by brute force and through the keys.
    fn both_ways(words: &[&str], query: &str) -> (Vec<u32>, Vec<u32>) {
        let q = chars(query);
        let brute: Vec<u32> = (0..words.len() as u32)
            .filter(|&at| {
                let w = words[at as usize];
                w.chars().count() >= MIN_NAME_CHARS && one_edit(&q, w)
            })
            .collect();
        let keys = TypoKeys::new(words.iter().copied());
        let mut found = Vec::new();
        keys.candidates(&q, &mut found);
        found.sort_unstable();
        found.dedup();
        found.retain(|&at| one_edit(&q, words[at as usize]));
        (brute, found)
    }

    #[test]
    fn the_keys_find_every_name_word_one_edit_away_and_no_other() {
        let words = [
            "calendar",
            "calender",
            "cal",
            "event",
            "events",
            "evnet",
            "schedule",
            "2024",
            "über",
            "uber",
            "nameserver",
            "nameservers",
            "mail",
            "email",
            "emails",
        ];
        for query in [
            "calendr",
            "calendaar",
            "calnedar",
            "eventt",
            "evetn",
            "schedul",
            "ubers",
            "nameserver",
            "emailz",
            "maill",
            "unrelated",
        ] {
            let (brute, found) = both_ways(&words, query);
            assert_eq!(brute, found, "{query}");
        }
        let (brute, _) = both_ways(&words, "calendr");
        assert_eq!(
            brute,
            vec![0, 1],
            "calendr is one edit from calendar and calender"
        );
    }

    #[test]
    fn short_and_numeric_name_words_get_no_keys() {
        let keys = TypoKeys::new(["cal", "2024", "abcd"].into_iter());
        // abcd: itself and its four deletions.
        assert_eq!(keys.keys.len(), 5);
        assert!(keys.keys.iter().all(|k| k.1 == 2));
    }

    #[test]
    fn a_name_word_past_the_bound_keeps_only_its_own_key() {
        let long = "a".repeat(MAX_NAME_CHARS) + "b";
        let keys = TypoKeys::new([long.as_str()].into_iter());
        assert_eq!(keys.keys.len(), 1);
        // A query word with one character more still reaches it; one with a character less
        // does not.
        let mut out = Vec::new();
        keys.candidates(&chars(&format!("{long}c")), &mut out);
        assert_eq!(out, vec![0]);
        out.clear();
        keys.candidates(&chars(&long[1..]), &mut out);
        assert!(out.is_empty());
        let at_bound = "a".repeat(MAX_NAME_CHARS);
        assert_eq!(TypoKeys::new([at_bound.as_str()].into_iter()).keys.len(), 2);
    }

    #[test]
    fn every_key_sits_in_its_bucket() {
        let words: Vec<String> = (0..500).map(|i| format!("word{i}x")).collect();
        let keys = TypoKeys::new(words.iter().map(String::as_str));
        assert_eq!(keys.starts.len(), (1 << keys.bits) + 1);
        assert_eq!(keys.starts.last().copied(), Some(keys.keys.len() as u32));
        for b in 0..(1usize << keys.bits) {
            for k in &keys.keys[keys.starts[b] as usize..keys.starts[b + 1] as usize] {
                assert_eq!(bucket(k.0, keys.bits), b);
            }
        }
    }
}
