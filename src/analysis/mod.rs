//! How text becomes index terms: the one analyzer that serves documents and queries.
//!
//! The chain, one step per file, identical for documents and queries:
//! 1. [`words`]: Unicode word segmentation (letters, digits, combining marks; a script change
//!    ends a word; zero-width characters are dropped).
//! 2. [`identifier`]: camelCase / PascalCase / acronym splitting inside a word.
//! 3. [`words::fold`]: full case folding (Unicode lowercase from [`case`]'s runs), and
//!    Traditional Chinese characters read as their Simplified forms ([`traditional`]).
//! 4. [`cjk`]: CJK runs become overlapping character bigrams.
//! 5. [`language`]: Snowball stemming: Latin-script words with every configured Latin
//!    language (English by default), Cyrillic/Greek/Arabic/Tamil words with their own.
//! 6. [`lexicon`]: foreign tool words also yield their English terms. Non-Latin words
//!    (CJK, Cyrillic) do so in documents and queries; Latin-script words only in queries and only
//!    when the word itself is unknown to the index (decided by the search), so an English
//!    catalog never gains noise from look-alike foreign words. A Cyrillic query word that
//!    nothing matched is also read as a Russian loanword in Latin letters ([`translit`]), then
//!    by its stem's sound, and a katakana or hangul query word is matched by sound against
//!    tool-name words ([`loanword`]).
//!
//! [`hermes`] is the separate, deliberately simpler tokenizer of the Hermes-compatible mode.

pub mod case;
pub mod cjk;
mod german;
pub mod hermes;
pub mod identifier;
mod ids;
pub mod language;
pub mod lexicon;
pub mod loanword;
mod phrases;
pub mod related;
pub mod shared;
pub mod stopwords;
mod traditional;
pub mod translit;
pub mod words;

use rust_stemmers::Stemmer;
use std::rc::Rc;

pub use language::{Language, Script};
use lexicon::Lexicon;

/// Longest prefix of a query that is analysed, in bytes. Hostile 1 MB queries cost the same
/// as a 4 KB one; no real tool query is longer.
pub const MAX_QUERY_BYTES: usize = 4096;
/// Most words (and CJK bigrams) of one query that are scored; later ones are ignored.
/// Stopwords and lone letters do not count ("… And visualize these data in a pie chart" near
/// the end of a task description is read; see [`stopwords::is_weak`]), but a query reads at
/// most [`MAX_QUERY_PARTS`] words in all (each bound plus the word file a file path adds).
pub const MAX_QUERY_WORDS: usize = 48;
/// Most words of one query read, stopwords included.
pub const MAX_QUERY_PARTS: usize = 4 * MAX_QUERY_WORDS;

/// Most distinct parts a build remembers the terms of (bounds that cache on huge catalogs).
pub const PART_CACHE_WORDS: usize = 200_000;
/// Most query words a [`Memo`] remembers before it starts afresh.
const MEMO_WORDS: usize = 8192;

/// The stems of query words already analysed, keyed by folded word: an agent's queries keep
/// reusing the same vocabulary, and a word's stems never change.
#[derive(Default)]
pub struct Memo {
    /// Folded word → the word as shared text, and its stems.
    stems: crate::search::hash::FxMap<String, (Rc<str>, Rc<[String]>)>,
}

/// `map[key]`, computed by `make` on first use; the map starts afresh once it holds `bound`
/// keys (the query memos of the analyzer and of each index).
pub(crate) fn remembered<V: Clone>(
    map: &mut crate::search::hash::FxMap<String, V>,
    key: &str,
    bound: usize,
    make: impl FnOnce() -> V,
) -> V {
    if let Some(v) = map.get(key) {
        return v.clone();
    }
    let v = make();
    if map.len() >= bound {
        map.clear();
    }
    map.insert(key.to_string(), v.clone());
    v
}

/// The word a query that names a file path gains (see [`Analyzer::query`]).
const FILE: &str = "file";
const URL: &str = "url";

/// One query word: its own terms, and the English terms of its lexicon translations.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryWord {
    /// The folded, unstemmed word (for prefix and typo matching).
    pub surface: Rc<str>,
    /// The script it is written in.
    pub script: Script,
    /// Its stems (one per applicable language; a CJK bigram is its own term), shared with
    /// the query memo: a long query's words would otherwise cost two heap blocks each.
    pub terms: Rc<[String]>,
    /// Terms of its lexicon translations (empty for most English words).
    pub translations: Vec<String>,
    /// A katakana or hangul word, matched by sound against the catalog's tool-name words
    /// ([`loanword`]) rather than by its terms.
    pub loanword: bool,
    /// A CJK bigram inside a lexicon word of its run (创建 in 创建议题): the word's concept
    /// speaks for it too, so a catalog of mostly English-described tools skips it (see
    /// `search::best`), where it would give the few CJK-described tools double credit.
    pub covered: bool,
    /// A word of a URL's path (acme, api, pipelines of https://gitlab.com/acme/api/pipelines)
    /// or of a name written as a path (stability-ai/sdxl): mostly someone's names, so it
    /// counts like a stopword, as a tool's name word only.
    pub url_path: bool,
    /// It goes on from the word before it with no separator: the second part of a word its
    /// case splits (Hub of GitHub, Issue of createIssue).
    pub glued: bool,
}

impl AsRef<str> for QueryWord {
    /// The word's folded surface.
    fn as_ref(&self) -> &str {
        &self.surface
    }
}

/// The analyzer: stemmers for the configured languages plus the lexicon's English terms.
pub struct Analyzer {
    latin: Vec<Stemmer>,
    native: Vec<(Script, Stemmer)>,
    lexicon: Option<&'static Lexicon>,
    concept_terms: Vec<Vec<String>>,
    /// Document parts already analysed (see [`Analyzer::part_terms`]).
    documents: std::sync::Mutex<PartMemo>,
}

/// Most document parts an analyzer remembers before it starts afresh (~2 MB).
const DOCUMENT_PARTS: usize = 1 << 15;

/// The analysis of each document part an analyzer has met, in any build: the analyzer is
/// shared by every index built with its configuration (see [`shared`]), and a rebuild (one
/// tool added to a list) meets the same parts again, whose stemming was a seventh of a build.
/// Keyed by the part's script and folded text, on which the analysis depends (so `Files`,
/// `files` and `FILES` are stemmed once: a catalog's parts are ~30% case variants); the value
/// is its terms, each after a tab (no part or term holds one), and how many of them are its own.
/// Queries take their words' stems from it too (a word's own terms are its stems), adding
/// the words no document had.
#[derive(Default)]
struct PartMemo {
    parts: crate::search::hash::FxMap<Box<str>, (Box<str>, usize)>,
    key: String,
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
            documents: Default::default(),
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
        parts(text, |part, script| {
            self.part_terms(part, script, out);
        });
    }

    /// Steps 3–6 for one part from [`parts`]: appends its document terms to `out` (its own
    /// terms first, then the English terms of its lexicon concepts) and returns its folded
    /// surface and how many of the appended terms are its own.
    pub fn part_terms(&self, part: &str, script: Script, out: &mut Vec<String>) -> (String, usize) {
        let mut folded = String::new();
        fold(part, &mut folded);
        let own = self.folded_terms(&folded, script, out);
        (folded, own)
    }

    /// [`Analyzer::part_terms`] of a part already folded: appends its terms to `out` and
    /// returns how many are its own, remembered in the memo.
    fn folded_terms(&self, folded: &str, script: Script, out: &mut Vec<String>) -> usize {
        let Ok(mut memo) = self.documents.lock() else {
            return self.analyse_folded(folded, script, out);
        };
        let PartMemo { parts, key } = &mut *memo;
        key.clear();
        key.push(char::from(script as u8 + b'0'));
        key.push_str(folded);
        if let Some((text, own)) = parts.get(key.as_str()) {
            out.extend(text.split('\t').skip(1).map(str::to_string));
            return *own;
        }
        let start = out.len();
        let own = self.analyse_folded(folded, script, out);
        let new = out.get(start..).unwrap_or_default();
        let mut text = String::with_capacity(new.iter().map(|t| t.len() + 1).sum());
        for term in new {
            text.push('\t');
            text.push_str(term);
        }
        if parts.len() >= DOCUMENT_PARTS {
            parts.clear();
        }
        parts.insert(key.as_str().into(), (text.into(), own));
        own
    }

    /// [`Analyzer::part_terms`] without the memo, for a part already folded: appends its
    /// terms to `out` and returns how many are its own.
    fn analyse_folded(&self, folded: &str, script: Script, out: &mut Vec<String>) -> usize {
        let start = out.len();
        if script == Script::Cjk {
            cjk::bigrams(folded, |g| out.push(g.to_string()));
        } else {
            self.stem_into(folded, script, out);
        }
        let own = out.len() - start;
        if let Some(lex) = self.lexicon {
            let mut concepts = Vec::new();
            match script {
                Script::Cjk => lex.cjk(folded, &mut concepts),
                Script::Cyrillic => lex.cyrillic(folded, &mut concepts),
                _ => {}
            }
            for c in concepts {
                out.extend(self.concept(c).iter().cloned());
            }
        }
        own
    }

    /// The words of a query (at most [`MAX_QUERY_WORDS`] from its first
    /// [`MAX_QUERY_BYTES`]), each with its terms and translations. CJK runs give one word per
    /// bigram, plus one word per lexicon concept found in the run. A query that carries a file
    /// path gains the word file ([`words::without_values`]).
    pub fn query(&self, text: &str) -> Vec<QueryWord> {
        self.query_memo(text, &mut Memo::default(), &|_| false)
    }

    /// [`Analyzer::query`], reusing and extending `memo`; a quoted tool's name (`is_name`)
    /// stays a part of the request ([`words::without_values`]).
    pub fn query_memo(
        &self,
        text: &str,
        memo: &mut Memo,
        is_name: &dyn Fn(&str) -> bool,
    ) -> Vec<QueryWord> {
        let (text, carried) = words::without_values(truncate(text, MAX_QUERY_BYTES), is_name);
        let text = &*text;
        // A word every ~6 bytes: sized once rather than regrown word by word.
        let mut out: Vec<QueryWord> = Vec::with_capacity((text.len() / 6 + 1).min(MAX_QUERY_PARTS));
        let mut concepts = Vec::new();
        // The last hangul word, while nothing else has come after it (see below).
        let mut hangul: Option<Rc<str>> = None;
        // Written in Traditional characters (one the folding reads as Simplified), and not
        // Japanese (whose kanji include some: 個): Chinese as Taiwan and Hong Kong write it.
        let taiwan = text
            .chars()
            .any(|c| !c.is_ascii() && traditional::simplified(c) != c)
            && !text.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c));
        self.words_memo(text, MAX_QUERY_WORDS, memo, &carried.url_paths, |word| {
            concepts.clear();
            let before = hangul.take();
            if let Some(lex) = self.lexicon {
                match word.script {
                    Script::Cjk => {
                        lex.cjk(&word.surface, &mut concepts);
                        if taiwan {
                            lex.traditional_readings(&word.surface, &mut concepts);
                        }
                        // Korean writes a compound with a space or without (이름 변경 and
                        // 이름변경, rename): a lexicon word across the space between two
                        // hangul words counts as well.
                        if word.surface.chars().all(loanword::is_hangul) {
                            lex.hangul_syllable(&word.surface, &mut concepts);
                            // (Also without the first word's particle: 이름을 변경.)
                            if let Some(first) = before {
                                lex.cjk_across(&first, &word.surface, &mut concepts);
                                if let Some(noun) = loanword::without_particle(&first) {
                                    lex.cjk_across(noun, &word.surface, &mut concepts);
                                }
                            }
                            hangul = Some(word.surface.clone());
                        }
                    }
                    Script::Cyrillic => lex.cyrillic(&word.surface, &mut concepts),
                    // Latin words are translated on demand (see `translate_latin`): only
                    // words unknown to the catalog need it, and it costs five stemmers.
                    _ => {}
                }
            }
            let translations = self.english_of(&concepts);
            if word.script == Script::Cjk {
                let run = word.surface.clone();
                // Where the run's lexicon words are, in characters.
                let mut spans: Vec<(usize, usize)> = Vec::new();
                if let Some(lex) = self.lexicon {
                    lex.each_cjk_word(&run, &mut |from, to, _| spans.push((from, to)));
                }
                // The run's lexicon words and loanwords before its bigrams: a query's words
                // are bounded, and a long run's bigrams (a polite ending's いただけますでしょうか)
                // would otherwise crowd out the words that say what it asks.
                for c in &concepts {
                    let terms = self.concept(*c).to_vec();
                    out.push(QueryWord {
                        surface: run.clone(),
                        script: Script::Cjk,
                        terms: Rc::from([]),
                        translations: terms,
                        loanword: false,
                        covered: false,
                        url_path: false,
                        glued: false,
                    });
                }
                // Katakana words are also matched by sound, unless they are lexicon words
                // through and through (ログインボタン: login, button).
                if let Some(lex) = self.lexicon {
                    let loan = |surface: &str| QueryWord {
                        surface: surface.into(),
                        script: Script::Cjk,
                        terms: Rc::from([]),
                        translations: Vec::new(),
                        loanword: true,
                        covered: false,
                        url_path: false,
                        glued: false,
                    };
                    loanword::katakana_words(&run, |katakana| {
                        if !lex.spells_out(katakana) {
                            out.push(loan(katakana));
                        }
                    });
                    // Hangul words too, with or without their particle (대시보드를).
                    loanword::hangul_words(&run, |hangul| {
                        let noun = loanword::without_endings(hangul).next().unwrap_or(hangul);
                        if !lex.spells_out(noun) {
                            out.push(loan(hangul));
                        }
                    });
                }
                let mut at = 0;
                cjk::bigrams(&run, |g| {
                    let covered = spans.iter().any(|&(from, to)| from <= at && at + 2 <= to);
                    at += 1;
                    out.push(QueryWord {
                        surface: g.into(),
                        script: Script::Cjk,
                        terms: Rc::from([g.to_string()]),
                        translations: Vec::new(),
                        loanword: false,
                        covered,
                        url_path: false,
                        glued: false,
                    });
                });
            } else {
                out.push(QueryWord {
                    translations,
                    ..word
                });
            }
        });
        // A CJK run adds its bigrams and concepts at once: the bounds hold for them too.
        let mut scored = 0;
        let end = out.iter().position(|w| {
            scored += usize::from(!w.url_path && !stopwords::is_weak(&w.surface, w.script));
            scored > MAX_QUERY_WORDS
        });
        out.truncate(end.unwrap_or(out.len()).min(MAX_QUERY_PARTS));
        if let Some(lex) = self.lexicon {
            phrases::join(lex, &mut out, |c| self.concept(c).to_vec());
            german::read(lex, &mut out, |w| self.stem(w, Script::Latin));
            stopwords::drop_iberian_all(&mut out, |w| &w.surface);
        }
        // A file path says the request is about a file, in any language, though its words
        // may never say so ("how big is ~/notes/todo.txt", "~/a.csv の行数は"): the word
        // file, unless the query has it. A URL likewise gives the word url, and an id the
        // words of what its shape names (close PROJ-1234: issue).
        let mut named = carried.objects;
        for (carried, word) in [(carried.url, URL), (carried.file, FILE)] {
            if carried {
                named.insert(0, word);
            }
        }
        for word in named {
            let terms = self.stem(word, Script::Latin);
            // (A Latin-script word's translations are found later, on demand, at five
            // stemmers a word: not looked up here, where they were a third of the query time
            // of requests with a path or a link, for one request found of 12,210.)
            let said = |t: &String| terms.contains(t);
            let says = |w: &QueryWord| w.terms.iter().any(said) || w.translations.iter().any(said);
            if !out.iter().any(says) {
                out.push(QueryWord {
                    surface: word.into(),
                    script: Script::Latin,
                    terms: terms.into(),
                    translations: Vec::new(),
                    loanword: false,
                    covered: false,
                    url_path: false,
                    glued: false,
                });
            }
        }
        out
    }

    /// True when the CJK word `cjk` is lexicon words through and through (ログインボタン:
    /// login, button); see [`Lexicon::spells_out`].
    pub fn spells_out(&self, cjk: &str) -> bool {
        self.lexicon.is_some_and(|lex| lex.spells_out(cjk))
    }

    /// True when a lexicon line lists the Latin-script word `surface` (folded) in some
    /// language, as written or by its stem: a word a lexicon concept reads, not a cognate.
    pub fn has_concept(&self, surface: &str) -> bool {
        let mut concepts = Vec::new();
        if let Some(lex) = self.lexicon {
            lex.latin(surface, &mut concepts);
        }
        !concepts.is_empty()
    }

    /// English terms of a folded Latin-script word read as Spanish, Portuguese, German, French
    /// or Italian (empty without the lexicon): its lexicon translations, or, for a word no
    /// lexicon line lists, its stems in those languages, which a cognate shares with the
    /// English word (imágenes: imag, relevancia: relev, automatische: automat), and the
    /// English stems of its English spelling when it has a learned suffix (posiciones:
    /// positions, posit). In a request its function words say is in one of those languages
    /// (`language`, a lexicon line tag), a word that language's lines read means what they
    /// say: pt apaga is erase, though es apaga is switch off.
    pub fn translate_latin(&self, surface: &str, language: Option<&str>) -> Vec<String> {
        let Some(lex) = self.lexicon else {
            return Vec::new();
        };
        let mut concepts = Vec::new();
        if let Some(tag) = language {
            lex.latin_in(tag, surface, &mut concepts);
        }
        if concepts.is_empty() {
            lex.latin(surface, &mut concepts);
        }
        let mut out = self.english_of(&concepts);
        if out.is_empty() {
            lex.cognates(surface, &mut out);
            // A stem English would shorten further (de national: nation).
            for i in 0..out.len() {
                let english = out.get(i).map(|s| self.stem(s, Script::Latin));
                for t in english.into_iter().flatten() {
                    if t.chars().count() >= 4 && !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
            if let Some(english) = words::english_spelling(surface) {
                for t in self.stem(&english, Script::Latin) {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// English terms of a folded Latin-script or Cyrillic word read as a lexicon word typed
    /// with one slip ([`Lexicon::near`]; empty without the lexicon).
    pub fn near(&self, surface: &str) -> Vec<String> {
        let mut concepts = Vec::new();
        if let Some(lex) = self.lexicon {
            lex.near(surface, &mut concepts);
        }
        self.english_of(&concepts)
    }

    /// Latin readings of a Cyrillic query word, for a word nothing else matched (empty
    /// without the lexicon): the transliteration of the word and of its Russian stem
    /// (тесты → test), each with its English terms.
    pub fn transliterations(&self, word: &QueryWord) -> Vec<(String, Vec<String>)> {
        if self.lexicon.is_none() || word.script != Script::Cyrillic {
            return Vec::new();
        }
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let forms = std::iter::once(&*word.surface).chain(word.terms.iter().map(String::as_str));
        let mut latins = Vec::new();
        for form in forms {
            latins.extend(translit::latin(form));
            // A noun in -ция is an English one in -tion (see `translit::tion`).
            translit::tion(form, &mut latins);
        }
        for latin in latins {
            // Three letters at least: a two-letter stem (мо from моих) names nothing.
            if latin.len() >= 3 && !out.iter().any(|(l, _)| *l == latin) {
                let terms = self.stem(&latin, Script::Latin);
                out.push((latin, terms));
            }
        }
        out
    }

    /// The English terms of lexicon `concepts`, in order.
    fn english_of(&self, concepts: &[u16]) -> Vec<String> {
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

    /// Steps 1–5 for each word (at most `max` that are not stopwords or lone letters, a CJK
    /// run counting its bigrams, and at most 4 × `max` in all); a CJK run is reported once with
    /// its bigrams as terms.
    pub fn words(&self, text: &str, max: usize, f: impl FnMut(QueryWord)) {
        self.words_memo(text, max, &mut Memo::default(), &[], f);
    }

    /// [`Analyzer::words`], reusing and extending `memo`.
    pub fn words_memo(
        &self,
        text: &str,
        max: usize,
        memo: &mut Memo,
        url_paths: &[std::ops::Range<usize>],
        mut f: impl FnMut(QueryWord),
    ) {
        let (mut count, mut read) = (0usize, 0usize);
        let mut folded = String::new();
        // Where the last part ended in `text`.
        let mut end = usize::MAX;
        parts(text, |part, script| {
            if count >= max || read >= max.saturating_mul(4) {
                return;
            }
            // `part` is a slice of `text`.
            let offset = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
            let url_path = url_paths.iter().any(|r| r.contains(&offset));
            let glued = offset == end && script == Script::Latin;
            end = offset.wrapping_add(part.len());
            read += 1;
            fold(part, &mut folded);
            let (surface, terms): (Rc<str>, Rc<[String]>) = if script == Script::Cjk {
                let mut terms = Vec::new();
                cjk::bigrams(&folded, |g| terms.push(g.to_string()));
                count += terms.len().max(1);
                (folded.as_str().into(), terms.into())
            } else {
                count += usize::from(!url_path && !stopwords::is_weak(&folded, script));
                // The stems are the part's own document terms: a build of the catalog has
                // analysed most words its queries use, and the shared memo remembers them.
                remembered(&mut memo.stems, &folded, MEMO_WORDS, || {
                    let mut terms = Vec::new();
                    let own = self.folded_terms(&folded, script, &mut terms);
                    terms.truncate(own);
                    (folded.as_str().into(), terms.into())
                })
            };
            f(QueryWord {
                surface,
                script,
                terms,
                translations: Vec::new(),
                loanword: false,
                covered: false,
                url_path,
                glued,
            });
        });
    }

    /// The stems of a folded Latin-script word (one per configured Latin language).
    pub fn latin_terms(&self, folded: &str) -> Vec<String> {
        self.stem(folded, Script::Latin)
    }

    /// The stems of one folded word: one per applicable stemmer, deduplicated.
    fn stem(&self, folded: &str, script: Script) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(1);
        self.stem_into(folded, script, &mut out);
        out
    }

    /// [`Analyzer::stem`] appended to `out` (no list of its own: this runs for every new word
    /// of a build).
    fn stem_into(&self, folded: &str, script: Script, out: &mut Vec<String>) {
        // The script's stemmers, found without collecting them.
        let (latin, native): (&[Stemmer], &[(Script, Stemmer)]) = match script {
            Script::Latin => (&self.latin, &[]),
            Script::Cjk | Script::Other => (&[], &[]),
            _ => (&[], &self.native),
        };
        let stemmers = latin.iter().chain(
            native
                .iter()
                .filter(|(s, _)| *s == script)
                .map(|(_, stemmer)| stemmer),
        );
        // Pure numbers and very long tokens (hashes, ids) are not words: keep them as they are.
        if stemmers.clone().next().is_none()
            || folded.len() > 64
            || folded.chars().all(|c| c.is_numeric())
        {
            out.push(folded.to_string());
            return;
        }
        let start = out.len();
        for stemmer in stemmers {
            let stem = stemmer.stem(folded);
            if !out
                .get(start..)
                .unwrap_or_default()
                .iter()
                .any(|s| *s == stem)
            {
                out.push(stem.into_owned());
            }
        }
    }
}

fn fold(word: &str, out: &mut String) {
    words::fold(word, out);
}

/// Steps 1–2: calls `f(part, script)` for each case-delimited part of each word of `text`,
/// unfolded; a CJK run is one part.
pub fn parts(text: &str, mut f: impl FnMut(&str, Script)) {
    words::segment(text, &mut |word, script| {
        if script == Script::Cjk {
            f(word, script);
        } else {
            identifier::split_case(word, |part| f(part, script));
        }
    });
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
    fn a_query_word_knows_it_goes_on_from_the_word_before() {
        let analyzer = Analyzer::new(&[Language::English], true);
        let glued = |q: &str| -> Vec<(String, bool)> {
            let words = analyzer.query(q);
            words
                .iter()
                .map(|w| (w.surface.to_string(), w.glued))
                .collect()
        };
        let own = |pairs: &[(&str, bool)]| -> Vec<(String, bool)> {
            pairs.iter().map(|(w, g)| (w.to_string(), *g)).collect()
        };
        assert_eq!(
            glued("GitHub pull createIssue"),
            own(&[
                ("git", false),
                ("hub", true),
                ("pull", false),
                ("create", false),
                ("issue", true)
            ])
        );
        // A separator, a space or another script ends the word.
        assert_eq!(
            glued("mcp-github Git Hub PR의"),
            own(&[
                ("mcp", false),
                ("github", false),
                ("git", false),
                ("hub", false),
                ("pr", false),
                ("의", false)
            ])
        );
    }

    #[test]
    fn a_part_met_again_is_analysed_as_the_first_time() {
        let shared = Analyzer::new(&[Language::English], true);
        let analyse = |a: &Analyzer, part: &str, script: Script| {
            let mut out = vec!["earlier".to_string()];
            let (surface, own) = a.part_terms(part, script, &mut out);
            (surface, own, out)
        };
        let parts = [
            ("Issues", Script::Latin),
            ("создать", Script::Cyrillic),
            ("删除文件", Script::Cjk),
            ("k8s", Script::Latin),
            ("42", Script::Latin),
        ];
        for (part, script) in parts {
            let first = analyse(&shared, part, script);
            assert_eq!(analyse(&shared, part, script), first, "{part}");
            let fresh = Analyzer::new(&[Language::English], true);
            assert_eq!(analyse(&fresh, part, script), first, "{part}");
        }
        assert_eq!(
            analyse(&shared, "Issues", Script::Latin).2,
            ["earlier", "issu"]
        );
        // Past its bound the memo starts afresh, and still answers the same.
        let before = analyse(&shared, "删除文件", Script::Cjk);
        for n in 0..DOCUMENT_PARTS {
            shared.part_terms(&format!("w{n}"), Script::Latin, &mut Vec::new());
        }
        assert_eq!(analyse(&shared, "删除文件", Script::Cjk), before);
    }

    #[test]
    fn case_variants_of_a_part_share_one_analysis() {
        let shared = Analyzer::new(&[Language::English], true);
        let remembered = |a: &Analyzer| a.documents.lock().map_or(0, |m| m.parts.len());
        // (A new analyzer has already analysed its lexicon's English words.)
        let made = remembered(&shared);
        let mut first = Vec::new();
        assert_eq!(
            shared.part_terms("files", Script::Latin, &mut first).0,
            "files"
        );
        assert_eq!(remembered(&shared), made + 1);
        for variant in ["Files", "FILES", "fIlEs"] {
            let mut again = Vec::new();
            let (surface, own) = shared.part_terms(variant, Script::Latin, &mut again);
            assert_eq!((surface.as_str(), own, &again), ("files", 1, &first));
            // A fresh analyzer meeting the variant first gives the same.
            let fresh = Analyzer::new(&[Language::English], true);
            let mut alone = Vec::new();
            assert_eq!(fresh.part_terms(variant, Script::Latin, &mut alone).1, own);
            assert_eq!(alone, again, "{variant}");
        }
        // One entry for the four spellings; a script of its own is a key of its own.
        assert_eq!(remembered(&shared), made + 1);
        shared.part_terms("ДОКУМЕНТЫ", Script::Cyrillic, &mut Vec::new());
        shared.part_terms("документы", Script::Cyrillic, &mut Vec::new());
        assert_eq!(remembered(&shared), made + 2);
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
        assert_eq!(*words[0].terms, ["созда"]);
        assert_eq!(words[0].translations, vec!["creat"]);
        assert_eq!(*words[1].terms, ["issu"]);
        assert_eq!(*words[3].terms, ["github"]);
    }

    #[test]
    fn a_korean_compound_written_with_a_space_is_still_its_lexicon_word() {
        let a = Analyzer::new(&[Language::English], true);
        let translated = |query: &str| -> Vec<String> {
            a.query(query)
                .into_iter()
                .flat_map(|w| w.translations)
                .collect()
        };
        // 이름변경 (rename) is the lexicon's word; written apart, and with the first word's
        // particle.
        for query in [
            "레이어 이름 변경",
            "레이어 이름을 변경해 줘",
            "레이어 이름변경",
        ] {
            assert!(translated(query).contains(&"renam".to_string()), "{query}");
        }
        // Two words with a Latin word between them are not one.
        assert!(!translated("이름 Figma 변경").contains(&"renam".to_string()));
    }

    #[test]
    fn a_russian_noun_in_tsiya_reads_as_the_english_noun_in_tion() {
        let a = Analyzer::new(&[Language::English], true);
        let latin = |query: &str| -> Vec<String> {
            let words = a.query(query);
            a.transliterations(&words[0])
                .into_iter()
                .map(|(latin, _)| latin)
                .collect()
        };
        for (word, english) in [
            ("ориентация", "orientation"),
            ("позицию", "position"),
            ("секции", "section"),
            ("транзакций", "transaction"),
        ] {
            assert!(latin(word).contains(&english.to_string()), "{word}");
        }
        // Any other word is only spelled out.
        assert_eq!(latin("хост"), ["host"]);
    }

    #[test]
    fn several_latin_languages_give_several_stems() {
        let a = Analyzer::new(&[Language::English, Language::German], false);
        let mut out = Vec::new();
        a.terms("Dateien", &mut out);
        assert_eq!(out, vec!["dateien", "datei"]);
    }

    #[test]
    fn a_path_or_an_id_gives_the_query_the_word_it_implies_once() {
        let a = Analyzer::new(&[Language::English], true);
        // How many of the query's words read as `term`, by their terms or translations.
        let count = |q: &str, term: &str| {
            let t = term.to_string();
            let words = a.query(q);
            let said = words
                .iter()
                .filter(|w| w.terms.contains(&t) || w.translations.contains(&t));
            said.count()
        };
        assert_eq!(count("how big is ~/notes/todo.txt", "file"), 1);
        assert_eq!(
            count("what's in ~/Downloads, biggest first", "directori"),
            1
        );
        assert_eq!(count("refund cus_Q8dF3 and cus_Zz91x", "custom"), 1);
        // Not again when a word of the request says it: English directory, Chinese 文件.
        assert_eq!(count("working directory ~/projects/api", "directori"), 1);
        assert_eq!(count("把 ~/notes/todo.txt 文件删掉", "file"), 1);
        // An endpoint's path is no folder.
        assert_eq!(count("wait for the POST to /api/orders", "directori"), 0);
    }

    #[test]
    fn a_traditional_chinese_request_reads_wenjian_as_a_document() {
        let a = Analyzer::new(&[Language::English], true);
        let read = |q: &str| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for w in a.query(q) {
                for t in w.translations.iter() {
                    if !out.contains(t) {
                        out.push(t.clone());
                    }
                }
            }
            out
        };
        let has = |q: &str, t: &str| read(q).iter().any(|x| x == t);
        // Taiwan's 文件 is a document, its 檔案 a file; the mainland's 文件 is a file.
        assert!(has("讀一下這個文件", "document") && !has("讀一下這個文件", "file"));
        assert!(has("把這個檔案和文件都刪掉", "file") && has("把這個檔案和文件都刪掉", "document"));
        assert!(has("读一下这个文件", "file") && !has("读一下这个文件", "document"));
        // Its 程序 is a process (the mainland's is a program, which no line lists).
        assert!(has("列出正在執行的程序", "process") && !has("列出正在执行的程序", "process"));
        // Japanese writes 個 too: not a Traditional request.
        assert!(!has("この文件を個別に読んで", "document"));
    }

    #[test]
    fn a_cognates_stem_is_also_read_as_english_stems_it() {
        let a = Analyzer::new(&[Language::English], true);
        // German national (of nationaler) is English nation; Spanish imag stays imag.
        let national = a.translate_latin("nationaler", None);
        assert!(national.contains(&"national".to_string()), "{national:?}");
        assert!(national.contains(&"nation".to_string()), "{national:?}");
        assert!(a
            .translate_latin("imágenes", None)
            .contains(&"imag".to_string()));
        // Nothing under four letters.
        assert!(a
            .translate_latin("salas", None)
            .iter()
            .all(|t| t.len() >= 4));
    }

    #[test]
    fn a_memo_never_changes_what_a_query_analyses_to() {
        let a = Analyzer::new(&[Language::English], true);
        let mut memo = Memo::default();
        let queries = [
            "создать issue в github",
            "Créer un fichier",
            "创建日历事件",
            "Files",
        ];
        for round in 0..2 {
            for q in queries {
                assert_eq!(
                    a.query_memo(q, &mut memo, &|_| false),
                    a.query(q),
                    "round {round}: {q}"
                );
            }
        }
        // Past its bound the memo starts afresh and still answers the same.
        let many: String = (0..MEMO_WORDS + 10).map(|i| format!("w{i} ")).collect();
        let mut seen = 0;
        a.words_memo(&many, usize::MAX, &mut memo, &[], |_| seen += 1);
        assert_eq!(seen, MEMO_WORDS + 10);
        assert!(memo.stems.len() <= MEMO_WORDS && memo.stems.len() < 100);
        assert_eq!(
            a.query_memo("Files", &mut memo, &|_| false),
            a.query("Files")
        );
    }

    #[test]
    fn hostile_queries_are_bounded() {
        let a = Analyzer::new(&[Language::English], true);
        let long = "create ".repeat(200_000);
        assert_eq!(a.query(&long).len(), MAX_QUERY_WORDS);
        // Stopwords do not count towards the bound, but every word counts towards the reading.
        let stop = "the ".repeat(200_000);
        assert_eq!(a.query(&stop).len(), MAX_QUERY_PARTS);
        let late = format!("{}create", "the ".repeat(100));
        assert_eq!(a.query(&late).last().map(|w| &*w.surface), Some("create"));
        // Nor do lone letters (the pieces of pasted ids), which are scored as name words only.
        let letters = format!("{}create", "x ".repeat(100));
        assert_eq!(
            a.query(&letters).last().map(|w| &*w.surface),
            Some("create")
        );
        let cjk = "创".repeat(100_000);
        assert!(a.query(&cjk).len() <= MAX_QUERY_WORDS);
        assert!(a.query("\u{0}\u{1}\u{FFFF}🙂\u{200B}").is_empty());
        assert_eq!(truncate("aé", 2), "a");
    }

    #[test]
    fn a_long_cjk_runs_words_outlast_its_bigrams_at_the_bound() {
        // A polite Japanese request is long runs of kana: their bigrams alone reach the bound,
        // and the run's lexicon words (作成: create) and loanwords (モニター) must not be the
        // words cut.
        let a = Analyzer::new(&[Language::English], true);
        let query = "PostmanのQAワークスペースにある「Orders API」コレクションに対して、\
                     1時間ごとに実行されるモニターを作成していただけますでしょうか。";
        let words = a.query(query);
        assert!(words.len() <= MAX_QUERY_WORDS);
        assert!(words
            .iter()
            .any(|w| w.translations.contains(&"creat".to_string())));
        assert!(words
            .iter()
            .any(|w| w.loanword && &*w.surface == "モニター"));
        // Bigrams still come in order after them, the last ones cut.
        let bigrams: Vec<&str> = words
            .iter()
            .filter(|w| w.script == Script::Cjk && w.surface.chars().count() == 2 && !w.loanword)
            .map(|w| &*w.surface)
            .collect();
        assert_eq!(bigrams.first(), Some(&"ワー"));
        assert!(!bigrams.contains(&"うか"));
    }
}
