//! Query words that are one word in English: lexicon phrases (`mot de passe`, password;
//! `tableau de bord`, dashboard; `iniciar sesión`, log in).
//!
//! Some tool words are phrases in other languages, and their words alone mean something else
//! (tableau is a table, passe a pass). A run of Latin-script query words that the lexicon
//! lists as a phrase (see [`Lexicon::phrase`]; any inflection each word's stemmer folds away,
//! so `mots de passe` too) becomes one query word carrying the phrase's English terms, and its
//! own words no longer count.

use std::rc::Rc;

use super::lexicon::Lexicon;
use super::{QueryWord, Script};

/// Replaces each lexicon phrase in `words` by one word: its words' surfaces joined by spaces,
/// no terms of its own, translated by `english` (a concept's English terms).
pub(crate) fn join(
    lex: &Lexicon,
    words: &mut Vec<QueryWord>,
    english: impl Fn(u16) -> Vec<String>,
) {
    let mut at = 0;
    while let Some(rest) = words.get(at..) {
        let latin = rest
            .iter()
            .take(lex.phrase_words())
            .take_while(|w| w.script == Script::Latin)
            .count();
        let Some((len, concepts)) = rest.get(..latin).and_then(|run| lex.phrase(run)) else {
            at += 1;
            continue;
        };
        let mut translations = Vec::new();
        for &concept in concepts {
            translations.extend(english(concept));
        }
        let mut surface = String::new();
        for word in rest.iter().take(len) {
            if !surface.is_empty() {
                surface.push(' ');
            }
            surface.push_str(&word.surface);
        }
        let phrase = QueryWord {
            surface: surface.into(),
            script: Script::Latin,
            terms: Rc::from([]),
            translations,
            loanword: false,
            covered: false,
            url_path: false,
            glued: false,
        };
        if let Some(word) = words.get_mut(at) {
            *word = phrase;
        }
        for _ in 1..len {
            words.remove(at + 1);
        }
        at += 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{Analyzer, Language};

    #[test]
    fn a_phrase_becomes_one_translated_word_in_the_query() {
        let analyzer = Analyzer::new(&[Language::English], true);
        let words = analyzer.query("change mon mot de passe, stp");
        let surfaces: Vec<&str> = words.iter().map(|w| &*w.surface).collect();
        assert_eq!(surfaces, ["change", "mon", "mot de passe", "stp"]);
        let phrase = &words[2];
        assert!(phrase.terms.is_empty());
        assert_eq!(phrase.translations, ["password"]);
        // Without the lexicon there are no phrases.
        let plain = Analyzer::new(&[Language::English], false).query("mot de passe");
        assert_eq!(plain.len(), 3);
    }
}
