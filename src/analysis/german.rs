//! What German word order and word formation hide from a word-by-word reading of a query:
//! a separable verb whose particle went to the end of the sentence ("lade die Datei hoch" is
//! hochladen, upload; a stopword may follow it: "fahr den VPS runter, bitte"), and noun
//! compounds ("Zahlungslink" is Zahlung + Link). Applied only to a query with a German
//! article or pronoun, or with a German verb's infinitive that the lexicon lists (a query
//! typed as keywords), since "an", "um" and "her" are English too.

use super::lexicon::Lexicon;
use super::stopwords::is_stopword;
use super::{QueryWord, Script};

/// Separable-verb particles (folded), as in hochladen, hinzufügen, zusammenführen.
pub(crate) const PARTICLES: &[&str] = &[
    "ab", "an", "auf", "aus", "bei", "bereit", "ein", "fest", "her", "herunter", "hin", "hinzu",
    "hoch", "los", "mit", "nach", "neu", "runter", "um", "vor", "weg", "weiter", "zu", "zurück",
    "zusammen",
];

/// True for an article, pronoun or particle word (folded) that marks a query as German.
/// Asked of every word of every query, so a `match` rather than a scan of a list.
#[rustfmt::skip]
fn is_cue(word: &str) -> bool {
    matches!(
        word,
        "der" | "die" | "das" | "den" | "dem" | "des" | "ein" | "eine" | "einen" | "einem"
            | "einer" | "eines" | "mein" | "meine" | "meinen" | "meinem" | "meiner" | "dein"
            | "deine" | "deinen" | "diese" | "diesen" | "diesem" | "dieser" | "dieses"
            | "bitte" | "ich" | "mir" | "mich" | "uns" | "und" | "zum" | "zur" | "vom" | "im"
            | "ins" | "alle" | "neue" | "neuen" | "neues"
    )
}

/// True for a word with a letter that, of the lexicon's languages, German alone writes (a
/// title or list item has no article: "Abfrage verfügbarer Rufnummern").
fn has_umlaut(word: &str) -> bool {
    word.contains(['ä', 'ö', 'ü'])
}

/// True for a German verb's infinitive (folded) that the lexicon lists as written, such as
/// the verb that ends a query typed as keywords ("Kalendertermin aktualisieren",
/// "Konsolenfehler anzeigen"), which has no article to tell its language. Only an `-en`
/// ending: many listed words are English too (archive, schema, status), no such infinitive.
fn is_german_verb(lex: &Lexicon, word: &str) -> bool {
    word.len() >= 5 && word.ends_with("en") && lex.lists(word) && lex.knows("de", word)
}

/// In a German query, rewrites a verb whose particle stands elsewhere into the whole verb and
/// adds the known parts of unknown compounds as words of their own; `stem` gives a word's
/// terms. Other queries are left as they are.
pub(crate) fn read(lex: &Lexicon, words: &mut Vec<QueryWord>, stem: impl Fn(&str) -> Vec<String>) {
    if !words
        .iter()
        .any(|w| is_cue(&w.surface) || is_german_verb(lex, &w.surface) || has_umlaut(&w.surface))
    {
        return;
    }
    // A separated particle closes its clause: only the query's last word is read as one
    // ("füge ein Meeting … hinzu" is hinzufügen, not einfügen). It is one verb's: the first
    // word it makes a known verb with, never an article or pronoun (an + der is no ändern).
    // (After it may come only stopwords: "fahr den VPS runter, bitte".)
    let last = words
        .iter()
        .rposition(|w| {
            w.script != Script::Latin
                || PARTICLES.contains(&&*w.surface)
                || !is_stopword(&w.surface)
        })
        .unwrap_or(0);
    let mut particle = words
        .get(last)
        .filter(|w| w.script == Script::Latin && PARTICLES.contains(&&*w.surface))
        .map(|w| w.surface.clone());
    let mut parts = Vec::new();
    for (at, word) in words.iter_mut().enumerate() {
        if word.script != Script::Latin {
            continue;
        }
        let joined = particle
            .as_deref()
            .filter(|_| at != last && !is_cue(&word.surface))
            .and_then(|p| separable(lex, p, &word.surface));
        if let Some(joined) = joined {
            word.terms = stem(&joined).into();
            word.surface = joined.into();
            particle = None;
            continue;
        }
        for part in compound_parts(lex, &word.surface) {
            parts.push(QueryWord {
                surface: part.into(),
                script: Script::Latin,
                terms: stem(part).into(),
                translations: Vec::new(),
                loanword: false,
                covered: false,
                url_path: false,
                glued: false,
            });
        }
    }
    words.extend(parts);
}

/// The verb that `verb` forms with a separated `particle` (`hoch` and `lade` make
/// `hochlade`, a form of hochladen), when the lexicon knows that verb; both folded.
pub(crate) fn separable(lex: &Lexicon, particle: &str, verb: &str) -> Option<String> {
    if !PARTICLES.contains(&particle) || verb.len() < 2 {
        return None;
    }
    let joined = format!("{particle}{verb}");
    (lex.could_match(&joined) && lex.knows("de", &joined)).then_some(joined)
}

/// The parts of a compound the lexicon knows, when it does not know the whole word (folded,
/// ≥ 8 characters): the longest known tail of ≥ 4 characters (a German compound's head:
/// Balkendiagramm is a Diagramm, chart) and the part before it when known too
/// (Rechnungsdatum: Datum, date, and Rechnung, invoice; the stemmer drops a linking `s`).
/// Without a known tail, a known modifier of ≥ 4 characters and the rest, which German tool
/// talk often takes from English (Nutzungstrigger: Nutzung, usage, and trigger;
/// Kundenaccount; Datenbankbackup), read like any other query word.
pub(crate) fn compound_parts<'w>(lex: &Lexicon, word: &'w str) -> Vec<&'w str> {
    let starts: Vec<usize> = word.char_indices().map(|(at, _)| at).collect();
    if starts.len() < 8 || lex.knows("de", word) {
        return Vec::new();
    }
    for (i, &at) in starts.iter().enumerate().skip(3) {
        if starts.len() - i < 4 {
            break;
        }
        let (Some(modifier), Some(tail)) = (word.get(..at), word.get(at..)) else {
            continue;
        };
        if !lex.knows("de", tail) {
            continue;
        }
        let mut parts = vec![tail];
        if lex.knows("de", modifier) {
            parts.push(modifier);
        }
        return parts;
    }
    // Every split after a modifier the lexicon lists as written for German (not Italian
    // notifica of "des notifications", a French query that an article made look German), or
    // with a linking s, n, es or en: a linking s may belong to either side (Nutzungs|trigger,
    // Datenbank|status), so each tail is a word and the catalog tells which it knows. The
    // longest modifier (as listed) goes last.
    let mut parts = Vec::new();
    let mut modifier = None;
    for (i, &at) in starts.iter().enumerate().skip(4) {
        let (Some(head), Some(tail)) = (word.get(..at), word.get(at..)) else {
            continue;
        };
        let listed = ["", "s", "n", "es", "en"].iter().find_map(|link| {
            head.strip_suffix(link)
                .filter(|h| lex.lists(h) && lex.knows("de", h))
        });
        if let (true, Some(listed)) = (starts.len() - i >= 4, listed) {
            parts.push(tail);
            modifier = Some(listed);
        }
    }
    parts.extend(modifier);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The surfaces of a query's words as the English analyzer (with the lexicon) reads them.
    fn surfaces(q: &str) -> Vec<String> {
        let analyzer = crate::analysis::Analyzer::new(&[crate::Language::English], true);
        analyzer
            .query(q)
            .into_iter()
            .map(|w| w.surface.to_string())
            .collect()
    }

    #[test]
    fn a_separated_particle_joins_its_verb_only_into_a_known_verb() {
        let lex = Lexicon::get();
        let joined = |p: &str, v: &str| separable(lex, p, v);
        assert_eq!(joined("hoch", "lade").as_deref(), Some("hochlade"));
        assert_eq!(joined("hinzu", "füge").as_deref(), Some("hinzufüge"));
        assert_eq!(
            joined("zusammen", "führe").as_deref(),
            Some("zusammenführe")
        );
        let mut out = Vec::new();
        lex.latin("hochlade", &mut out);
        assert_eq!(
            out.iter().map(|c| lex.english(*c)).collect::<Vec<_>>(),
            vec!["upload"]
        );
        // Not a particle; a particle and a word that make no known verb; an English pair.
        assert_eq!(joined("datei", "lade"), None);
        assert_eq!(joined("aus", "lösche"), None);
        assert_eq!(joined("an", "update"), None);
    }

    #[test]
    fn only_the_last_word_is_read_as_a_separated_particle() {
        // "ein" is an article here; "hinzu" closes the sentence.
        let words = surfaces("füge morgen ein Meeting zu meinem Kalender hinzu");
        assert!(words.contains(&"hinzufüge".to_string()), "{words:?}");
        assert!(!words.contains(&"einfüge".to_string()), "{words:?}");
        // A particle that does not end the sentence joins nothing.
        let words = surfaces("lade hoch die Datei");
        assert!(words.contains(&"lade".to_string()), "{words:?}");
        // It joins one verb, the first, and never an article: an + der is no ändern.
        let words = surfaces("Leg in der Datenbank shop eine Collection orders an");
        assert!(words.contains(&"anleg".to_string()), "{words:?}");
        assert!(words.contains(&"der".to_string()), "{words:?}");
        assert!(!words.contains(&"ander".to_string()), "{words:?}");
        // A stopword after it does not end the sentence in its place: bitte.
        let words = surfaces("fahr den VPS bei Hostinger runter bitte");
        assert!(words.contains(&"runterfahr".to_string()), "{words:?}");
        let words = surfaces("mach dieses Fenster zu, bitte");
        assert!(words.contains(&"zumach".to_string()), "{words:?}");
    }

    #[test]
    fn an_umlaut_marks_a_title_without_an_article_as_german() {
        // Rufnummern's known part, nummern, is read once verfügbarer says German.
        let words = surfaces("Abfrage verfügbarer Rufnummern");
        assert!(words.contains(&"nummern".to_string()), "{words:?}");
        let words = surfaces("Abfrage verfugbarer Rufnummern");
        assert!(!words.contains(&"nummern".to_string()), "{words:?}");
    }

    #[test]
    fn a_listed_infinitive_marks_a_query_typed_as_keywords_as_german() {
        let lex = Lexicon::get();
        for verb in ["aktualisieren", "abrufen", "anzeigen", "auflisten"] {
            assert!(is_german_verb(lex, verb), "{verb}");
        }
        // Listed words that are English too, and words no line lists, mark nothing.
        for word in ["archive", "status", "schema", "screen", "kitchen", "hidden"] {
            assert!(!is_german_verb(lex, word), "{word}");
        }
    }

    #[test]
    fn a_compound_is_read_through_the_parts_the_lexicon_knows() {
        let lex = Lexicon::get();
        assert_eq!(compound_parts(lex, "balkendiagramm"), vec!["diagramm"]);
        assert_eq!(
            compound_parts(lex, "rechnungsdatum"),
            vec!["datum", "rechnungs"]
        );
        assert_eq!(compound_parts(lex, "kundenkonto"), vec!["konto", "kunden"]);
        // An English head after a listed modifier, with or without a linking s: every such
        // tail, then the longest modifier.
        for (word, head, modifier) in [
            ("nutzungstrigger", "trigger", "nutzung"),
            ("datenbankbackup", "backup", "datenbank"),
            ("kundenaccount", "account", "kunde"),
        ] {
            let parts = compound_parts(lex, word);
            assert!(parts.contains(&head), "{word}: {parts:?}");
            assert_eq!(parts.last(), Some(&modifier), "{word}: {parts:?}");
        }
        // A known word, a short one, and one without a known part stay whole.
        assert!(compound_parts(lex, "herunterladen").is_empty());
        assert!(compound_parts(lex, "konto").is_empty());
        assert!(compound_parts(lex, "screenshots").is_empty());
        // A modifier listed for another language only: Italian notifica is no German part of
        // "notifications" (French "des notifications" has a German-looking article).
        assert!(compound_parts(lex, "notifications").is_empty());
    }
}
