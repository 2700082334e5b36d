//! Which Snowball stemmer a word gets: the crate's own `Language` enum.
//!
//! The enum keeps `rust_stemmers` out of the public API; [`Language::parse`] accepts English
//! names and ISO 639-1 codes and lists every valid value when it fails.

use rust_stemmers::{Algorithm, Stemmer};

use super::case::lowercase;
use crate::error::{preview, Error, Result};

/// A language with a Snowball stemmer (every algorithm `rust-stemmers` ships).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// Arabic (`ar`).
    Arabic,
    /// Danish (`da`).
    Danish,
    /// Dutch (`nl`).
    Dutch,
    /// English, Porter2 (`en`). The default.
    English,
    /// Finnish (`fi`).
    Finnish,
    /// French (`fr`).
    French,
    /// German (`de`).
    German,
    /// Greek (`el`).
    Greek,
    /// Hungarian (`hu`).
    Hungarian,
    /// Italian (`it`).
    Italian,
    /// Norwegian (`no`).
    Norwegian,
    /// Portuguese (`pt`).
    Portuguese,
    /// Romanian (`ro`).
    Romanian,
    /// Russian (`ru`).
    Russian,
    /// Spanish (`es`).
    Spanish,
    /// Swedish (`sv`).
    Swedish,
    /// Tamil (`ta`).
    Tamil,
    /// Turkish (`tr`).
    Turkish,
}

/// Every language with its option name and ISO 639-1 code.
const TABLE: &[(Language, &str, &str)] = &[
    (Language::Arabic, "arabic", "ar"),
    (Language::Danish, "danish", "da"),
    (Language::Dutch, "dutch", "nl"),
    (Language::English, "english", "en"),
    (Language::Finnish, "finnish", "fi"),
    (Language::French, "french", "fr"),
    (Language::German, "german", "de"),
    (Language::Greek, "greek", "el"),
    (Language::Hungarian, "hungarian", "hu"),
    (Language::Italian, "italian", "it"),
    (Language::Norwegian, "norwegian", "no"),
    (Language::Portuguese, "portuguese", "pt"),
    (Language::Romanian, "romanian", "ro"),
    (Language::Russian, "russian", "ru"),
    (Language::Spanish, "spanish", "es"),
    (Language::Swedish, "swedish", "sv"),
    (Language::Tamil, "tamil", "ta"),
    (Language::Turkish, "turkish", "tr"),
];

impl Language {
    /// Parses `"english"` / `"en"` (any case). The error names `key` and lists valid values.
    pub fn parse(key: &str, value: &str) -> Result<Language> {
        let wanted = lowercase(value.trim());
        TABLE
            .iter()
            .find(|(_, name, code)| *name == wanted || *code == wanted)
            .map(|(lang, _, _)| *lang)
            .ok_or_else(|| {
                let valid: Vec<&str> = TABLE.iter().map(|(_, name, _)| *name).collect();
                Error::config(
                    key,
                    format!(
                        "unknown language {:?}; expected one of {} (or their ISO 639-1 codes)",
                        preview(value),
                        valid.join(", ")
                    ),
                )
            })
    }

    /// The option name (`"english"`).
    pub fn name(self) -> &'static str {
        TABLE
            .iter()
            .find(|(lang, _, _)| *lang == self)
            .map_or("english", |(_, name, _)| name)
    }

    /// The script this language's words are written in.
    pub fn script(self) -> Script {
        match self {
            Language::Arabic => Script::Arabic,
            Language::Greek => Script::Greek,
            Language::Russian => Script::Cyrillic,
            Language::Tamil => Script::Tamil,
            _ => Script::Latin,
        }
    }

    /// A Snowball stemmer for this language.
    pub fn stemmer(self) -> Stemmer {
        Stemmer::create(self.algorithm())
    }

    fn algorithm(self) -> Algorithm {
        match self {
            Language::Arabic => Algorithm::Arabic,
            Language::Danish => Algorithm::Danish,
            Language::Dutch => Algorithm::Dutch,
            Language::English => Algorithm::English,
            Language::Finnish => Algorithm::Finnish,
            Language::French => Algorithm::French,
            Language::German => Algorithm::German,
            Language::Greek => Algorithm::Greek,
            Language::Hungarian => Algorithm::Hungarian,
            Language::Italian => Algorithm::Italian,
            Language::Norwegian => Algorithm::Norwegian,
            Language::Portuguese => Algorithm::Portuguese,
            Language::Romanian => Algorithm::Romanian,
            Language::Russian => Algorithm::Russian,
            Language::Spanish => Algorithm::Spanish,
            Language::Swedish => Algorithm::Swedish,
            Language::Tamil => Algorithm::Tamil,
            Language::Turkish => Algorithm::Turkish,
        }
    }
}

/// The writing system of a word, as far as analysis cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Script {
    /// Latin letters (and words made only of digits).
    Latin,
    /// Cyrillic: stemmed as Russian.
    Cyrillic,
    /// Greek: stemmed as Greek.
    Greek,
    /// Arabic: stemmed as Arabic.
    Arabic,
    /// Tamil: stemmed as Tamil.
    Tamil,
    /// Han, Hiragana, Katakana, Hangul: cut into character bigrams, never stemmed.
    Cjk,
    /// Anything else (Hebrew, Thai, Devanagari, …): folded, kept whole.
    Other,
}

impl Script {
    /// The script of one letter; `None` for digits and combining marks (they join any word).
    pub fn of(c: char) -> Option<Script> {
        let u = c as u32;
        if c.is_ascii_alphabetic() {
            return Some(Script::Latin);
        }
        if c.is_ascii_digit() || c.is_numeric() || is_mark(c) {
            return None;
        }
        Some(match u {
            0x00C0..=0x024F | 0x1E00..=0x1EFF | 0xFB00..=0xFB06 => Script::Latin,
            0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
            0x0400..=0x052F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => {
                Script::Cyrillic
            }
            0x0600..=0x06FF
            | 0x0750..=0x077F
            | 0x08A0..=0x08FF
            | 0xFB50..=0xFDFF
            | 0xFE70..=0xFEFF => Script::Arabic,
            0x0B80..=0x0BFF => Script::Tamil,
            _ if is_cjk(c) => Script::Cjk,
            _ => Script::Other,
        })
    }

    /// The Snowball language for a script when no configured language covers it.
    pub fn native_language(self) -> Option<Language> {
        match self {
            Script::Cyrillic => Some(Language::Russian),
            Script::Greek => Some(Language::Greek),
            Script::Arabic => Some(Language::Arabic),
            Script::Tamil => Some(Language::Tamil),
            Script::Latin | Script::Cjk | Script::Other => None,
        }
    }
}

/// Han ideographs, kana and Hangul: the scripts written without spaces between words
/// (Korean uses spaces, but bigrams still match its agglutinated forms).
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF        // Hangul Jamo
        | 0x2E80..=0x2FDF      // CJK radicals
        | 0x3005..=0x3007      // 々 〆 〇
        | 0x3040..=0x30FF      // Hiragana, Katakana
        | 0x3130..=0x318F      // Hangul compatibility Jamo
        | 0x31F0..=0x31FF      // Katakana extensions
        | 0x3400..=0x4DBF      // CJK extension A
        | 0x4E00..=0x9FFF      // CJK unified ideographs
        | 0xAC00..=0xD7AF      // Hangul syllables
        | 0xF900..=0xFAFF      // CJK compatibility ideographs
        | 0xFF66..=0xFF9F      // half-width Katakana
        | 0x20000..=0x2FA1F) // CJK extensions B..F, compatibility supplement
}

/// Combining marks (accents typed as separate code points): part of the word they follow.
pub fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A | 0x064B..=0x065F
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0B82 | 0x0BBE..=0x0BCD | 0x0E31 | 0x0E34..=0x0E3A
        | 0x0E47..=0x0E4E | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0x3099..=0x309A
        | 0xFE20..=0xFE2F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_parse_by_name_or_code_in_any_case() {
        assert_eq!(
            Language::parse("k", "English").ok(),
            Some(Language::English)
        );
        assert_eq!(Language::parse("k", "ru").ok(), Some(Language::Russian));
    }

    #[test]
    fn an_unknown_language_lists_the_valid_values() {
        let err = Language::parse("languages", "klingon")
            .err()
            .map(|e| e.message);
        let msg = err.unwrap_or_default();
        assert!(msg.contains("languages") && msg.contains("klingon"));
        assert!(msg.contains("english") && msg.contains("turkish"));
    }

    #[test]
    fn scripts_are_recognised_per_letter() {
        assert_eq!(Script::of('é'), Some(Script::Latin));
        assert_eq!(Script::of('д'), Some(Script::Cyrillic));
        assert_eq!(Script::of('创'), Some(Script::Cjk));
        assert_eq!(Script::of('フ'), Some(Script::Cjk));
        assert_eq!(Script::of('한'), Some(Script::Cjk));
        assert_eq!(Script::of('7'), None);
        assert_eq!(Script::of('\u{301}'), None);
        assert_eq!(Script::of('א'), Some(Script::Other));
    }

    #[test]
    fn stemmers_follow_the_language() {
        assert_eq!(Language::English.stemmer().stem("issues"), "issu");
        assert_eq!(Language::Russian.stemmer().stem("создать"), "созда");
    }
}
