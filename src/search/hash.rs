//! A fast, deterministic hasher for term dictionaries (the rustc "Fx" multiply-rotate hash).
//!
//! Term keys are not attacker-chosen at scale (queries are capped), so SipHash's DoS resistance
//! buys nothing here, while Fx makes query look-ups several times cheaper.

use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hasher state.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(crate::bytes::le_word(chunk));
        }
        // The last one to seven bytes as one word, without a byte loop: two overlapping 4-byte
        // reads, or the first, middle and last byte of a shorter rest, with the rest's length
        // mixed into the top bits (so "ab" and "abb" differ).
        let rest = chunks.remainder();
        let n = rest.len();
        let byte = |i: usize| u64::from(rest.get(i).copied().unwrap_or(0));
        let quad = |i: usize| byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16 | byte(i + 3) << 24;
        if n >= 4 {
            self.add((quad(0) | quad(n - 4) << 32) ^ (n as u64) << 61);
        } else if n > 0 {
            self.add(byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16 | (n as u64) << 61);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The Fx hash of a string, as an [`FxMap`] keyed by it hashes it.
/// (Hashed here rather than through `BuildHasher::hash_one`, which `opt-level = "s"` left a
/// call at every word of a catalog's build.)
#[inline(always)]
pub fn hash_str(s: &str) -> u64 {
    use std::hash::Hash;
    let mut hasher = FxHasher::default();
    s.hash(&mut hasher);
    hasher.finish()
}

/// A `HashMap` with the Fx hasher, used for every map of the crate: SipHash costs more than
/// the look-up itself in wasm, and its keys there are fixed (wasm32-unknown-unknown has no
/// random source), so it was never a real guard against keys made to collide. (A catalog
/// built to collide under Fx slows its own build; the index's term table met such keys
/// already, so SipHash for the name and session tables alone, 1.8 KB of gzip, guarded
/// nothing.)
pub type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with the Fx hasher (see [`FxMap`]).
pub type FxSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, BuildHasherDefault};

    #[test]
    fn words_shorter_than_a_word_hash_apart() {
        let hash = |s: &str| BuildHasherDefault::<FxHasher>::default().hash_one(s);
        let mut words = vec![String::new()];
        let mut all = vec![String::new()];
        // Every string of up to seven bytes over three letters (one of them NUL): all of them
        // fit the one-word tail, which must keep them apart.
        for _ in 0..7 {
            words = words
                .iter()
                .flat_map(|w| ["a", "b", "\0"].map(|c| format!("{w}{c}")))
                .collect();
            all.extend(words.iter().cloned());
        }
        let mut hashes: Vec<u64> = all.iter().map(|w| hash(w)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), all.len(), "{} words", all.len());
        assert_ne!(hash("ab"), hash("abb"));
        assert_ne!(hash("aaaa"), hash("aaaaa"));
    }

    #[test]
    fn hash_str_is_the_hash_a_map_keyed_by_the_string_takes() {
        let map = BuildHasherDefault::<FxHasher>::default();
        for s in [
            "",
            "a",
            "issue",
            "create_pull_request",
            "создать",
            "创建日历事件",
        ] {
            assert_eq!(hash_str(s), map.hash_one(s), "{s:?}");
            assert_eq!(hash_str(s), map.hash_one(s.to_string()), "{s:?}");
        }
    }
}
