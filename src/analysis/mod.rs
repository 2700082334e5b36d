//! How text becomes index terms: the one analyzer that serves documents and queries.
//!
//! The chain, one step per file, identical for documents and queries:
//! 1. [`words`]: Unicode word segmentation (letters, digits, combining marks; a script change
//!    ends a word; zero-width characters are dropped).
//! 2. [`identifier`]: camelCase / PascalCase / acronym splitting inside a word.
//! 3. [`words::fold`]: full case folding.
//! 4. [`cjk`]: CJK runs become overlapping character bigrams.
//! 5. [`language`]: Snowball stemming: Latin-script words with every configured Latin
//!    language (English by default), Cyrillic/Greek/Arabic/Tamil words with their own.
//! 6. [`lexicon`]: foreign tool words also yield their English terms. Non-Latin words
//!    (CJK, Cyrillic) do so in documents and queries; Latin-script words only in queries and only
//!    when the word itself is unknown to the index (decided by the search), so an English
//!    catalog never gains noise from look-alike foreign words.
//!
//! [`hermes`] is the separate, deliberately simpler tokenizer of the Hermes-compatible mode.

pub mod cjk;
pub mod hermes;
pub mod identifier;
pub mod language;
pub mod lexicon;
pub mod related;
pub mod stopwords;
pub mod words;

use rust_stemmers::Stemmer;

pub use language::{Language, Script};
use lexicon::Lexicon;

/// Longest prefix of a query that is analysed, in bytes. Hostile 1 MB queries cost the same
/// as a 4 KB one; no real tool query is longer.
pub const MAX_QUERY_BYTES: usize = 4096;
/// Most words (and CJK bigrams) of one query that are scored; later ones are ignored.
pub const MAX_QUERY_WORDS: usize = 48;

/// Most distinct words a [`StemCache`] remembers (bounds its memory on huge catalogs).
const STEM_CACHE_WORDS: usize = 200_000;

/// Stems of folded words already seen (a folded word's script, hence its stems, is fixed).
#[derive(Default)]
pub struct StemCache(crate::search::hash::FxMap<String, Vec<String>>);

/// One query word: its own terms, and the English terms of its lexicon translations.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryWord {
    /// The folded, unstemmed word (for prefix and typo matching).
    pub surface: String,
    /// The script it is written in.
    pub script: Script,
    /// Its stems (one per applicable language; a CJK bigram is its own term).
    pub terms: Vec<String>,
    /// Terms of its lexicon translations (empty for most English words).
    pub translations: Vec<String>,
}

/// The analyzer: stemmers for the configured languages plus the lexicon's English terms.
pub struct Analyzer {
    latin: Vec<Stemmer>,
    native: Vec<(Script, Stemmer)>,
    lexicon: Option<&'static Lexicon>,
    concept_terms: Vec<Vec<String>>,
}

impl Analyzer {
    /// An analyzer stemming with `languages` (the first Latin-script one is also used for the
    /// lexicon's English side). `lexicon: false` turns cross-language expansion off.
    pub fn new(languages: &[Language], lexicon: bool) -> Analyzer {
        let mut latin_langs: Vec<Language> = Vec::new();
        let mut native: Vec<(Script, Stemmer)> = Vec::new();
        for &lang in languages {
            if lang.script() == Script::Latin {
                if !latin_langs.contains(&lang) {
                    latin_langs.push(lang);
                }
            } else if !native.iter().any(|(s, _)| *s == lang.script()) {
                native.push((lang.script(), lang.stemmer()));
            }
        }
        for script in [
            Script::Cyrillic,
            Script::Greek,
            Script::Arabic,
            Script::Tamil,
        ] {
            if !native.iter().any(|(s, _)| *s == script) {
                if let Some(lang) = script.native_language() {
                    native.push((script, lang.stemmer()));
                }
            }
        }
        let mut analyzer = Analyzer {
            latin: latin_langs.iter().map(|l| l.stemmer()).collect(),
            native,
            lexicon: None,
            concept_terms: Vec::new(),
        };
        if lexicon {
            let lex = Lexicon::get();
            let concept_terms = (0..lex.len() as u16)
                .map(|c| {
                    let mut out = Vec::new();
                    analyzer.terms(lex.english(c), &mut out);
                    out.dedup();
                    out
                })
                .collect();
            analyzer.concept_terms = concept_terms;
            analyzer.lexicon = Some(lex);
        }
        analyzer
    }

    /// Appends the terms of document text `text` to `out`, in order, repeats kept.
    pub fn terms(&self, text: &str, out: &mut Vec<String>) {
        self.terms_cached(text, out, &mut StemCache::default());
    }

    /// [`Analyzer::terms`], remembering stems in `cache` (indexing a catalog stems each
    /// distinct word once instead of at every occurrence).
    pub fn terms_cached(&self, text: &str, out: &mut Vec<String>, cache: &mut StemCache) {
        let mut concepts = Vec::new();
        self.words_cached(text, usize::MAX, cache, |word| {
            out.extend(word.terms);
            concepts.clear();
            if let Some(lex) = self.lexicon {
                match word.script {
                    Script::Cjk => lex.cjk(&word.surface, &mut concepts),
                    Script::Cyrillic => lex.cyrillic(&word.surface, &mut concepts),
                    _ => {}
                }
            }
            for c in &concepts {
                out.extend(self.concept(*c).iter().cloned());
            }
        });
    }

    /// The words of a query (at most [`MAX_QUERY_WORDS`] from its first
    /// [`MAX_QUERY_BYTES`]), each with its terms and translations. CJK runs give one word per
    /// bigram, plus one word per lexicon concept found in the run.
    pub fn query(&self, text: &str) -> Vec<QueryWord> {
        let text = truncate(text, MAX_QUERY_BYTES);
        let mut out: Vec<QueryWord> = Vec::new();
        let mut concepts = Vec::new();
        self.words(text, MAX_QUERY_WORDS, |word| {
            concepts.clear();
            if let Some(lex) = self.lexicon {
                match word.script {
                    Script::Cjk => lex.cjk(&word.surface, &mut concepts),
                    Script::Cyrillic => lex.cyrillic(&word.surface, &mut concepts),
                    // Latin words are translated on demand (see `translate_latin`): only
                    // words unknown to the catalog need it, and it costs five stemmers.
                    _ => {}
                }
            }
            let translations: Vec<String> = concepts
                .iter()
                .flat_map(|c| self.concept(*c).iter().cloned())
                .collect();
            if word.script == Script::Cjk {
                let run = word.surface.clone();
                cjk::bigrams(&run, |g| {
                    out.push(QueryWord {
                        surface: g.to_string(),
                        script: Script::Cjk,
                        terms: vec![g.to_string()],
                        translations: Vec::new(),
                    });
                });
                for c in &concepts {
                    let terms = self.concept(*c).to_vec();
                    out.push(QueryWord {
                        surface: run.clone(),
                        script: Script::Cjk,
                        terms: Vec::new(),
                        translations: terms,
                    });
                }
            } else {
                out.push(QueryWord {
                    translations,
                    ..word
                });
            }
        });
        out.truncate(MAX_QUERY_WORDS);
        out
    }

    /// English terms of a folded Latin-script word read as Spanish, Portuguese, German, French
    /// or Italian (empty without the lexicon).
    pub fn translate_latin(&self, surface: &str) -> Vec<String> {
        let Some(lex) = self.lexicon else {
            return Vec::new();
        };
        let mut concepts = Vec::new();
        lex.latin(surface, &mut concepts);
        concepts
            .iter()
            .flat_map(|c| self.concept(*c).iter().cloned())
            .collect()
    }

    fn concept(&self, c: u16) -> &[String] {
        self.concept_terms
            .get(usize::from(c))
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// Steps 1–5 for each word; a CJK run is reported once with its bigrams as terms.
    pub fn words(&self, text: &str, max: usize, f: impl FnMut(QueryWord)) {
        self.words_cached(text, max, &mut StemCache::default(), f);
    }

    /// [`Analyzer::words`] with a stem cache.
    pub fn words_cached(
        &self,
        text: &str,
        max: usize,
        cache: &mut StemCache,
        mut f: impl FnMut(QueryWord),
    ) {
        let mut count = 0usize;
        let mut folded = String::new();
        words::segment(text, |word, script| {
            if count >= max {
                return;
            }
            if script == Script::Cjk {
                fold(word, &mut folded);
                let mut terms = Vec::new();
                cjk::bigrams(&folded, |g| terms.push(g.to_string()));
                count += terms.len().max(1);
                f(QueryWord {
                    surface: folded.clone(),
                    script,
                    terms,
                    translations: Vec::new(),
                });
                return;
            }
            identifier::split_case(word, |part| {
                if count >= max {
                    return;
                }
                count += 1;
                fold(part, &mut folded);
                let terms = match cache.0.get(folded.as_str()) {
                    Some(t) => t.clone(),
                    None => {
                        let t = self.stem(&folded, script);
                        if cache.0.len() < STEM_CACHE_WORDS {
                            cache.0.insert(folded.clone(), t.clone());
                        }
                        t
                    }
                };
                f(QueryWord {
                    surface: folded.clone(),
                    script,
                    terms,
                    translations: Vec::new(),
                });
            });
        });
    }

    /// The stems of one folded word: one per applicable stemmer, deduplicated.
    fn stem(&self, folded: &str, script: Script) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(1);
        let stemmers: Vec<&Stemmer> = match script {
            Script::Latin => self.latin.iter().collect(),
            Script::Cjk | Script::Other => Vec::new(),
            s => self
                .native
                .iter()
                .filter(|(ns, _)| *ns == s)
                .map(|(_, st)| st)
                .collect(),
        };
        // Pure numbers and very long tokens (hashes, ids) are not words: keep them as they are.
        if stemmers.is_empty() || folded.len() > 64 || folded.chars().all(|c| c.is_numeric()) {
            out.push(folded.to_string());
            return out;
        }
        for stemmer in stemmers {
            let stem = stemmer.stem(folded).into_owned();
            if !out.contains(&stem) {
                out.push(stem);
            }
        }
        out
    }
}

fn fold(word: &str, out: &mut String) {
    words::fold(word, out);
}

/// `text` cut to at most `max` bytes at a character boundary.
pub fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc_terms(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        Analyzer::new(&[Language::English], true).terms(text, &mut out);
        out
    }

    #[test]
    fn identifiers_split_into_stemmed_words() {
        assert_eq!(
            doc_terms("mcp__github__createIssues"),
            vec!["mcp", "github", "creat", "issu"]
        );
        assert_eq!(
            doc_terms("WKWebViewComponent"),
            vec!["wk", "web", "view", "compon"]
        );
        assert_eq!(doc_terms("k8s_pods"), vec!["k8s", "pod"]);
    }

    #[test]
    fn cjk_documents_get_bigrams_and_their_english_concepts() {
        assert_eq!(
            doc_terms("删除文件"),
            vec!["删除", "除文", "文件", "delet", "file"]
        );
    }

    #[test]
    fn russian_words_are_stemmed_as_russian_and_translated() {
        let a = Analyzer::new(&[Language::English], true);
        let words = a.query("создать issue в github");
        assert_eq!(words[0].terms, vec!["созда"]);
        assert_eq!(words[0].translations, vec!["creat"]);
        assert_eq!(words[1].terms, vec!["issu"]);
        assert_eq!(words[3].terms, vec!["github"]);
    }

    #[test]
    fn several_latin_languages_give_several_stems() {
        let a = Analyzer::new(&[Language::English, Language::German], false);
        let mut out = Vec::new();
        a.terms("Dateien", &mut out);
        assert_eq!(out, vec!["dateien", "datei"]);
    }

    #[test]
    fn hostile_queries_are_bounded() {
        let a = Analyzer::new(&[Language::English], true);
        let long = "create ".repeat(200_000);
        assert_eq!(a.query(&long).len(), MAX_QUERY_WORDS);
        let cjk = "创".repeat(100_000);
        assert!(a.query(&cjk).len() <= MAX_QUERY_WORDS);
        assert!(a.query("\u{0}\u{1}\u{FFFF}🙂\u{200B}").is_empty());
        assert_eq!(truncate("aé", 2), "a");
    }
}
