//! Test inputs: texts made from a real one by small deterministic edits, for the tests that
//! check a quick reader against the exact one on input it was not written for.

/// Pieces that break or bend JSON: quotes, escapes and lone surrogates, brackets and
/// separators, number fragments and an out-of-range number, a control character, literals,
/// non-ASCII letters, blanks.
pub(crate) const JSON_PIECES: &[&str] = &[
    "", "\"", "\\", "\\u", "\\uD800", "\\uDC00", "{", "}", "[", "]", ",", ":", "0", "-", ".", "e",
    "E+", "1e999", "\t", " ", "\u{1}", "tru", "null", "\u{e9}", "\u{65e5}",
];

/// Texts made from `text`, each by replacing up to three bytes at a pseudo-random place
/// (never inside a character) with one of `pieces`; the same `seed` gives the same texts.
pub(crate) fn mutations<'a>(
    text: &'a str,
    pieces: &'a [&'a str],
    seed: u64,
) -> impl Iterator<Item = String> + 'a {
    let mut state = seed | 1;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    std::iter::from_fn(move || {
        let mut cut = next() % (text.len() + 1);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let mut end = (cut + next() % 4).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let piece = pieces
            .get(next() % pieces.len().max(1))
            .copied()
            .unwrap_or("");
        Some(format!("{}{piece}{}", text.get(..cut)?, text.get(end..)?))
    })
}
