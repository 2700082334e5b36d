//! Byte-slice helpers for hot paths compiled to wasm.

/// `a == b`, eight bytes at a time: in wasm a slice comparison is a call to a byte-by-byte
/// `memcmp`, and the part cache compares one word per word of a catalog (the prepared-catalog
/// cache, a whole tool list).
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    // Eight bytes as a number (the chunks are exactly eight long).
    let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().unwrap_or_default());
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    for (p, q) in (&mut x).zip(&mut y) {
        if word(p) != word(q) {
            return false;
        }
    }
    // The last few bytes one by one: zero-padding them into a word was two `memcpy` calls.
    x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_bytes_is_slice_equality() {
        let words = [
            "",
            "a",
            "ab",
            "abcdefg",
            "abcdefgh",
            "abcdefgi",
            "abcdefghi",
            "abcdefghj",
        ];
        for a in words {
            for b in words {
                assert_eq!(
                    same_bytes(a.as_bytes(), b.as_bytes()),
                    a == b,
                    "{a:?} {b:?}"
                );
            }
        }
        assert!(!same_bytes(b"a\0", b"a"));
        // A difference anywhere in a long text, including its last partial word.
        let long: Vec<u8> = (0..1000u32).map(|i| (i % 251) as u8).collect();
        for at in [0, 7, 8, 500, 991, 999] {
            let mut other = long.clone();
            other[at] ^= 1;
            assert!(!same_bytes(&long, &other), "{at}");
        }
        assert!(same_bytes(&long, &long.clone()));
    }
}
