//! Byte-slice helpers for hot paths compiled to wasm.

/// The first eight bytes of `bytes` as a little-endian number (0 when fewer): how the loops
/// here and the word hash read a text eight bytes at a time, given chunks of exactly eight.
#[inline(always)]
pub(crate) fn le_word(bytes: &[u8]) -> u64 {
    bytes
        .get(..8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map_or(0, u64::from_le_bytes)
}

/// `a == b`, eight bytes at a time: in wasm a slice comparison is a call to a byte-by-byte
/// `memcmp`, and the part cache compares one word per word of a catalog (the prepared-catalog
/// cache, a whole tool list).
#[inline(always)]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    for (p, q) in (&mut x).zip(&mut y) {
        if le_word(p) != le_word(q) {
            return false;
        }
    }
    // The last few bytes one by one: zero-padding them into a word was two `memcpy` calls.
    x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// The first position from `at` whose byte is `"` or `\` (or, with `CONTROLS`, below 0x20),
/// read eight bytes at a time: most of a JSON tool list's bytes are inside strings. Stops
/// where fewer than eight bytes remain, which the caller's byte loop then reads.
pub(crate) fn string_stop<const CONTROLS: bool>(bytes: &[u8], mut at: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // The bytes of `word` equal to `b` (below 0x20, for the control flags) flagged by their
    // high bit: exact up to the first flagged byte, which is all that is read.
    let equal = |word: u64, b: u8| {
        let x = word ^ (ONES * u64::from(b));
        x.wrapping_sub(ONES) & !x & HIGHS
    };
    while let Some(chunk) = bytes
        .get(at..at + 8)
        .and_then(|c| <[u8; 8]>::try_from(c).ok())
    {
        let word = u64::from_le_bytes(chunk);
        let mut found = equal(word, b'"') | equal(word, b'\\');
        if CONTROLS {
            found |= word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
        }
        if found != 0 {
            return at + found.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    at
}

/// `text.chars().count()`, eight bytes at a time: the characters are the bytes that do not
/// continue a UTF-8 sequence (`10xxxxxx`). The standard library counts a `usize` at a time,
/// four bytes in wasm, and every tool's JSON text is counted on each new list (its token
/// estimate).
pub(crate) fn char_count(text: &str) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let bytes = text.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    let mut continuations = 0;
    for chunk in &mut chunks {
        let word = le_word(chunk);
        // Bit 0 of each byte: bit 7 set and bit 6 clear.
        let flags = (word >> 7) & !(word >> 6) & ONES;
        continuations += flags.count_ones() as usize;
    }
    let rest = chunks.remainder();
    continuations += rest.iter().filter(|&&b| b & 0xC0 == 0x80).count();
    bytes.len() - continuations
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_count_counts_what_chars_count_does() {
        let samples = [
            "",
            "a",
            "plain ascii text, long enough for several words",
            "é",
            "naïve café — “quoted” 日本語のテキスト 🙂🙃 ёжик",
            "\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}",
        ];
        for sample in samples {
            // Every suffix: every alignment of the eight-byte words against the characters.
            for (at, _) in sample.char_indices() {
                let s = &sample[at..];
                assert_eq!(char_count(s), s.chars().count(), "{s:?}");
            }
        }
        assert_eq!(
            char_count("\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}"),
            7
        );
    }

    #[test]
    fn string_stop_finds_the_first_quote_backslash_or_control_in_whole_words() {
        let text = b"plain words, then \\ an escape \"quote\" \t tab and the end..";
        for controls in [false, true] {
            for at in 0..text.len() {
                let stop = if controls {
                    string_stop::<true>(text, at)
                } else {
                    string_stop::<false>(text, at)
                };
                let special = |b: u8| b == b'"' || b == b'\\' || (controls && b < 0x20);
                // Every byte skipped is plain, and it stops at a special byte or in the last
                // seven, where the caller reads byte by byte.
                assert!(
                    text[at..stop].iter().all(|b| !special(*b)),
                    "{at} {controls}"
                );
                assert!(
                    stop + 8 > text.len() || special(text[stop]),
                    "{at} {controls}"
                );
            }
        }
        assert_eq!(string_stop::<true>(b"0123456\tx\"", 0), 7);
        // Without controls, no stop in the first word; two bytes are left to the caller.
        assert_eq!(string_stop::<false>(b"0123456\tx\"", 0), 8);
    }

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
