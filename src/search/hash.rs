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
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(buf));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
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

/// A `HashMap` with the Fx hasher.
pub type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with the Fx hasher (for the built-in word tables: fixed keys, so no flooding
/// concern, and SipHash costs more than the look-up itself in wasm).
pub type FxSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;
