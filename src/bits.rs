//! Sets of small numbers (tools' positions) kept one bit each in a `Vec<u64>`: cheaper than a
//! hash set for positions, and one code path for every such set in the crate (each hash set
//! type links its own copy of the table's growth code into the wasm).

/// Sets bit `i` (the vector grown as needed).
pub(crate) fn set(bits: &mut Vec<u64>, i: usize) {
    let word = i / 64;
    if word >= bits.len() {
        bits.resize(word + 1, 0);
    }
    if let Some(w) = bits.get_mut(word) {
        *w |= 1 << (i % 64);
    }
}

/// True when bit `i` is set.
pub(crate) fn has(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bit_set_reads_back_and_only_it() {
        let mut bits = Vec::new();
        set(&mut bits, 130);
        set(&mut bits, 130);
        set(&mut bits, 0);
        assert!(has(&bits, 130) && has(&bits, 0));
        assert!(!has(&bits, 129) && !has(&bits, 131) && !has(&bits, 100_000));
        assert_eq!(bits.len(), 3);
    }
}
