//! Traditional Chinese characters read as their Simplified forms.
//!
//! The lexicon's Chinese words are written in Simplified characters (创建, 删除, 文件), the
//! script of mainland China and Singapore; Taiwan, Hong Kong and Macau write the same words
//! in Traditional ones (創建, 刪除). Folding (see [`super::words::fold`]) reads each
//! Traditional character of [`traditional.txt`](../../src/analysis/traditional.txt) as its
//! Simplified form, in queries, tool texts and the lexicon's own words alike (`build.rs`
//! folds those), so either script finds the same concepts and a Chinese-described tool
//! matches a query in either script on those characters.
//!
//! Only the characters of the lexicon's Chinese words are listed (257 of the ~2,700 that
//! differ): a Traditional query meets English tools through those words, and a character
//! outside them folds to nothing else. The whole table (OpenCC's 2,952 characters, ~5 KB of
//! wasm), measured on the probe, put one more Taiwan request of 905 in the top five and
//! moved Simplified and Japanese ones across it both ways (+3 −2, −1).
//! `scripts/make-traditional.py` writes the file from OpenCC's tables.

// `PAIRS`, `TRADITIONAL` (sorted) and `SIMPLIFIED`, made by `build.rs` from the file.
include!(concat!(env!("OUT_DIR"), "/traditional.rs"));

/// `c`'s Simplified form when it is a listed Traditional character, else `c`.
pub fn simplified(c: char) -> char {
    u16::try_from(u32::from(c))
        .ok()
        .and_then(|code| TRADITIONAL.binary_search(&code).ok())
        .and_then(|i| SIMPLIFIED.get(i))
        .and_then(|&s| char::from_u32(u32::from(s)))
        .unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file's (Traditional, Simplified) pairs, read as `build.rs` reads them.
    fn listed() -> Vec<(char, char)> {
        let text = include_str!("traditional.txt");
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let mut chars = line.split_whitespace().filter_map(|w| w.chars().next());
            let simplified = chars.next().unwrap_or_default();
            out.extend(chars.map(|t| (t, simplified)));
        }
        out
    }

    #[test]
    fn every_listed_character_unpacks_to_its_simplified_form() {
        let listed = listed();
        assert!(listed.len() > 200, "{}", listed.len());
        assert_eq!(PAIRS, listed.len());
        for (t, s) in listed {
            assert_eq!(simplified(t), s, "{t}");
            // Simplified characters stay as they are: nothing folds twice.
            assert_eq!(simplified(s), s, "{s}");
        }
    }

    #[test]
    fn common_words_fold_and_other_characters_stay() {
        let fold = |w: &str| w.chars().map(simplified).collect::<String>();
        assert_eq!(fold("刪除檔案"), "删除档案");
        assert_eq!(fold("創建"), "创建");
        assert_eq!(fold("發送郵件"), "发送邮件");
        // Characters both scripts write, other scripts, and the ends of the ranges.
        for same in ["覆盖", "の行数", "파일", "abc", "\u{3400}\u{9fff}\u{f900}"] {
            assert_eq!(fold(same), same);
        }
    }
}
