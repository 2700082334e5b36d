//! Unicode lowercase from a table of runs.
//!
//! `core`'s own lowercase mapping is a list of the 1,400-odd letters that change, each with
//! its lowercase form: 11.7 KB of the wasm's data. The same mapping written as runs of
//! letters that move by one shift (`A`–`Z` by 32, `Ā ā Ă ă …` every other letter by 1) is
//! 180-odd runs, 1.5 KB. `build.rs` derives the runs from the compiler's `char::to_lowercase`,
//! so the two agree letter for letter (a test checks every code point), and nothing in the
//! crate calls `core`'s mapping, so the linker leaves it out.
//!
//! [`lowercase`] is what the crate compares names and texts with: [`push_lower`] for each
//! character, and final sigma `ς` read as `σ`, as folding (`super::words::fold`) reads it. A
//! word's last sigma is `ς` in lowercase and `σ` when lowered from `Σ` one letter at a time,
//! so the two spellings of a Greek name compare equal either way.

// `LOWER_RUNS`, `RUNS` (each run's first code point `<< 8`, length − 1 `<< 1`, stride − 1;
// sorted) and `DELTAS`, made by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/lowercase.rs"));

/// `c`'s lowercase form when it is a single character (every letter but `İ`), else `c`.
pub fn lower(c: char) -> char {
    let code = u32::from(c);
    let after = RUNS.partition_point(|&run| run >> 8 <= code);
    let Some((run, delta)) = after
        .checked_sub(1)
        .and_then(|i| Some((*RUNS.get(i)?, *DELTAS.get(i)?)))
    else {
        return c;
    };
    let (first, length, stride) = (run >> 8, (run >> 1 & 0x7f) + 1, (run & 1) + 1);
    let offset = code - first;
    if offset % stride != 0 || offset / stride >= length {
        return c;
    }
    code.checked_add_signed(delta)
        .and_then(char::from_u32)
        .unwrap_or(c)
}

/// Appends `c`'s lowercase form to `out`: `char::to_lowercase`, from the runs.
pub fn push_lower(out: &mut String, c: char) {
    match c {
        c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        '\u{130}' => out.push_str("i\u{307}"),
        c => out.push(lower(c)),
    }
}

/// `text` in lowercase for comparing: every character as [`push_lower`] writes it, and `ς`
/// as `σ`.
pub fn lowercase(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'ς' => out.push('σ'),
            c => push_lower(&mut out, c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_point_lowers_as_the_standard_library_lowers_it() {
        let mut changed = 0;
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            let mut ours = String::new();
            push_lower(&mut ours, c);
            assert_eq!(
                ours,
                c.to_lowercase().collect::<String>(),
                "U+{:04X}",
                c as u32
            );
            changed += usize::from(ours.chars().ne([c]));
        }
        // Unicode 16 lowers 1,433 characters; a table that lost its runs would lower fewer.
        assert!(changed > 1400, "{changed}");
    }

    #[test]
    fn the_runs_are_sorted() {
        assert!(RUNS
            .iter()
            .zip(RUNS.iter().skip(1))
            .all(|(a, b)| a >> 8 < b >> 8));
    }

    #[test]
    fn texts_lower_in_every_script_and_sigma_reads_one_way() {
        assert_eq!(lowercase("Create_GitHub-Issue"), "create_github-issue");
        assert_eq!(lowercase("СОЗДАТЬ Задачу"), "создать задачу");
        assert_eq!(lowercase("ÀÉÎÕÜ ĀĂĄ Ǆǅǆ"), "àéîõü āăą ǆǆǆ");
        assert_eq!(lowercase("ΛΟΓΟΣ"), "λογοσ");
        assert_eq!(lowercase("λογος"), lowercase("ΛΟΓΟΣ"));
        assert_eq!(lowercase("İstanbul"), "i\u{307}stanbul");
        assert_eq!(lowercase("𐐀 𞤀 创建 ファイル"), "𐐨 𞤢 创建 ファイル");
    }
}
