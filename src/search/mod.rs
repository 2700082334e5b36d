//! Which tools answer a query: the options, the index and the ranking over it.
//!
//! Two rankings share one API: [`Ranking::Best`] (multilingual analysis, BM25F over fields,
//! lexicon, fuzzy names; see [`best`]) and [`Ranking::Hermes`], which reproduces Hermes V2
//! exactly (see [`hermes`]). Both put an exact name match first, fall back to substring
//! matching on names when no query term matches anything, and break ties by catalog order.

pub mod best;
pub(crate) mod hash;
pub mod hermes;
pub(crate) mod names;
pub mod postings;
pub(crate) mod typo;

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use serde::Serialize;

pub use crate::analysis::Language;
use crate::error::Result;
use crate::options::Reader;
use crate::tool::Tool;

/// Which ranking an index uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ranking {
    /// Our engine (default).
    #[default]
    Best,
    /// Hermes V2, reproduced exactly.
    Hermes,
}

/// Retrieval options, read from the layer's options object.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// `ranking`: `"best"` (default) or `"hermes"`.
    pub ranking: Ranking,
    /// `languages`: the Snowball languages for documents and queries, default `["english"]`.
    /// Every Latin-script language listed stems each Latin word (so a document matches in any
    /// of them); Cyrillic, Greek, Arabic and Tamil words are always stemmed with their own
    /// language. An empty list disables Latin stemming. Ignored by `ranking: "hermes"`.
    pub languages: Vec<Language>,
    /// `fuzzy` (default `true`): a query word unknown to the catalog may match tool-name words
    /// it is a prefix of (≥ 3 characters) or one edit away from (≥ 5 characters), at a lower
    /// score. Ignored by `ranking: "hermes"`.
    pub fuzzy: bool,
    /// `lexicon` (default `true`): the built-in cross-language lexicon maps common tool words of
    /// ru/zh/ja/ko/es/pt/de/fr/it to English terms. Ignored by `ranking: "hermes"`.
    pub lexicon: bool,
    /// Ranking constants of the best mode (not an options key: for benchmarks and experts).
    pub tuning: Tuning,
}

/// The best mode's ranking constants. Defaults were chosen on the evaluation datasets with
/// general rules only (see `examples/eval.rs`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// BM25F saturation k1 (≥ 0).
    pub k1: f64,
    /// Field weights: name, source, description, parameters (≥ 0).
    pub weights: [f64; 4],
    /// Field length normalisation b (0..=1): name, source, description, parameters.
    pub b: [f64; 4],
    /// Drop query stopwords (and lone Latin letters) that are no tool's name word.
    pub stopwords: bool,
    /// Weight of a query stopword or lone letter that counts because it is some tool's name
    /// word (0..=1): "now" is the whole name of a Google Trends plugin and the adverb of
    /// hundreds of requests.
    pub name_stopword: f64,
    /// Pseudo-relevance feedback: how many top documents feed the expansion (0 turns it off).
    pub prf_docs: usize,
    /// Pseudo-relevance feedback: how many expansion terms are added.
    pub prf_terms: usize,
    /// Pseudo-relevance feedback: weight of the strongest expansion term relative to a query
    /// word (0..=1).
    pub prf_weight: f64,
    /// Weight of a word from the related-words table relative to the query word (0..=1; 0
    /// turns the table off).
    pub related: f64,
    /// Exponent applied to idf (≥ 0; 1 is plain BM25, above 1 favours rare words more).
    pub idf_power: f64,
    /// Weight of a catalog term that starts with a Latin query stem minus its last character
    /// (a prefix of ≥ 5 characters): derivations the stemmer keeps apart, such as
    /// convert/conversion or nutrition/nutrient (0 turns it off).
    pub derived: f64,
    /// Factor for the score of a tool whose name names another action (create, delete,
    /// update, read) than the one a short request names (0..=1; 1 turns it off; see
    /// `best::actions`).
    pub action: f64,
    /// Factor for the score of a tool whose source label names a product the request names
    /// (≥ 1; 1 turns it off; see `best::products`).
    pub product: f64,
    /// Factor for the score of a tool whose whole name of two or more words the request's
    /// words cover (≥ 1; 1 turns it off; see `best::covered`).
    pub name_cover: f64,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            k1: 1.5,
            weights: [3.0, 1.5, 1.0, 0.5],
            b: [0.5, 0.0, 0.5, 0.5],
            stopwords: true,
            name_stopword: 0.5,
            prf_docs: 0,
            prf_terms: 0,
            prf_weight: 0.0,
            related: 0.5,
            idf_power: 1.0,
            derived: 0.5,
            action: 0.85,
            product: 1.25,
            name_cover: 1.3,
        }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            ranking: Ranking::Best,
            languages: vec![Language::English],
            fuzzy: true,
            lexicon: true,
            tuning: Tuning::default(),
        }
    }
}

impl SearchOptions {
    /// Reads `ranking`, `languages`, `fuzzy` and `lexicon`; wrong values are `invalid_config`
    /// errors naming the key.
    pub fn read(reader: &mut Reader<'_>) -> Result<SearchOptions> {
        let mut options = SearchOptions::default();
        if let Some(ranking) = reader.choice(&["ranking"], &["best", "hermes"])? {
            options.ranking = match ranking {
                "hermes" => Ranking::Hermes,
                _ => Ranking::Best,
            };
        }
        if let Some(names) = reader.strings(&["languages"])? {
            options.languages = names
                .iter()
                .map(|name| Language::parse("languages", name))
                .collect::<Result<Vec<_>>>()?;
        }
        options.fuzzy = reader.bool(&["fuzzy"], options.fuzzy)?;
        options.lexicon = reader.bool(&["lexicon"], options.lexicon)?;
        Ok(options)
    }
}

/// One term's contribution to a hit's score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TermScore {
    /// The index term (a stem, a CJK bigram, or a note such as `exact name` or, with a
    /// negative score, `another action`, or a positive one, `named product`).
    pub term: String,
    /// The field it matched: `name`, `source`, `description`, `parameters` (Hermes: `text`).
    pub field: &'static str,
    /// Its share of the score.
    pub score: f64,
}

/// The explanation of a hit no term scored, shared by both rankings: an exact name match
/// (infinite score) or a substring-fallback hit. `None` for an ordinary BM25 hit.
fn whole_score_explain(score: f64, fallback: bool) -> Option<Vec<TermScore>> {
    let term = if score.is_infinite() {
        "exact name"
    } else if fallback {
        "name substring"
    } else {
        return None;
    };
    Some(vec![TermScore {
        term: term.into(),
        field: "name",
        score,
    }])
}

/// One ranked result.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Position in the slice given to [`SearchIndex::build`].
    pub doc: usize,
    /// The score (`f64::INFINITY` for an exact name match; 0.1 for a substring fallback).
    pub score: f64,
    /// Per-term contributions, when the request asked for them.
    pub explain: Option<Vec<TermScore>>,
}

/// A search request beyond the query text.
#[derive(Clone, Copy, Default)]
pub struct SearchRequest<'a> {
    /// Most hits returned; 0 gives none.
    pub limit: usize,
    /// Only documents for which this returns true are considered.
    pub filter: Option<&'a dyn Fn(usize) -> bool>,
    /// Fill [`Hit::explain`].
    pub explain: bool,
    /// The document whose name is byte for byte the query, if any: first among the exact
    /// name matches, which are found case-insensitively and without an `mcp__server__`
    /// prefix too (`ranking: "hermes"` keeps Hermes' catalog order among them).
    pub first: Option<usize>,
}

enum Inner {
    Best(Box<best::BestIndex>),
    Hermes(hermes::HermesIndex),
}

/// An index over a list of tools (name, source label, description, parameter names).
pub struct SearchIndex {
    inner: Inner,
}

/// Most distinct terms one index holds (2 Mi); words new past it are not indexed, and each
/// assembly of such a list warns. Real catalogs are far below it (the 13,176 bundled tools
/// hold 18,645 terms), but text made of random words or CJK characters makes a new term
/// every few bytes, and a 256 MB list of it would take more than the 4 GB of wasm memory.
#[cfg(not(test))]
pub const MAX_TERMS: usize = 1 << 21;
/// [`MAX_TERMS`] in unit tests, small enough to reach.
#[cfg(test)]
pub const MAX_TERMS: usize = 1 << 10;

impl SearchIndex {
    /// Distinct terms indexed.
    pub fn term_count(&self) -> usize {
        match &self.inner {
            Inner::Best(i) => i.term_count(),
            Inner::Hermes(i) => i.term_count(),
        }
    }

    /// True when the index holds [`MAX_TERMS`] terms: words of its tools past them were not
    /// indexed.
    pub fn is_full(&self) -> bool {
        self.term_count() >= MAX_TERMS
    }

    /// Indexes `tools` in order.
    pub fn build(tools: &[&Tool], options: &SearchOptions) -> SearchIndex {
        let inner = match options.ranking {
            Ranking::Best => Inner::Best(Box::new(best::BestIndex::build(tools, options))),
            Ranking::Hermes => Inner::Hermes(hermes::HermesIndex::build(tools)),
        };
        SearchIndex { inner }
    }

    /// The index [`SearchIndex::build`] gives for `tools`, made from this one (which indexes
    /// `indexed`) when `tools` starts with most of `indexed` and the options are the ones it
    /// was built with: only the tools after the shared ones are analysed (see
    /// [`best::BestIndex::extended`]). `None` when that does not apply, and always for
    /// `ranking: "hermes"` (rebuilt whole).
    pub fn extended(
        &self,
        indexed: &[&Tool],
        tools: &[&Tool],
        options: &SearchOptions,
    ) -> Option<SearchIndex> {
        match (&self.inner, options.ranking) {
            (Inner::Best(index), Ranking::Best) => {
                let inner = Inner::Best(Box::new(index.extended(indexed, tools, options)?));
                Some(SearchIndex { inner })
            }
            _ => None,
        }
    }

    /// Number of indexed tools.
    pub fn len(&self) -> usize {
        match &self.inner {
            Inner::Best(i) => i.len(),
            Inner::Hermes(i) => i.len(),
        }
    }

    /// True when nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The best `limit` tools for `query`, best first; ties keep index order.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        self.search_with(
            query,
            &SearchRequest {
                limit,
                ..SearchRequest::default()
            },
        )
    }

    /// Like [`SearchIndex::search`], with a filter and optional explanations.
    pub fn search_with(&self, query: &str, request: &SearchRequest<'_>) -> Vec<Hit> {
        if request.limit == 0 || self.is_empty() {
            return Vec::new();
        }
        match &self.inner {
            Inner::Best(i) => i.search(query, request),
            Inner::Hermes(i) => i.search(query, request),
        }
    }
}

/// The best `request.limit` candidates that `keep` accepts as hits, each explained by
/// `explain(doc, score)` when the request asks for it (both rankings build their results
/// this way).
fn hits(
    candidates: impl IntoIterator<Item = (u32, f64)>,
    keep: &dyn Fn(u32) -> bool,
    request: &SearchRequest<'_>,
    explain: impl Fn(u32, f64) -> Vec<TermScore>,
) -> Vec<Hit> {
    top(candidates, keep, request.limit)
        .into_iter()
        .map(|(doc, score)| Hit {
            doc: doc as usize,
            score,
            explain: request.explain.then(|| explain(doc, score)),
        })
        .collect()
}

/// Sorts the `(doc, score)` candidates that `keep` accepts best first (ties by doc) and keeps
/// the first `limit`. `keep` is asked only of candidates that would make the list: most of a
/// broad query's lose on their score alone.
fn top(
    candidates: impl IntoIterator<Item = (u32, f64)>,
    keep: &dyn Fn(u32) -> bool,
    limit: usize,
) -> Vec<(u32, f64)> {
    // The best `limit` so far, worst on top: most candidates lose to it in one comparison.
    let mut best: BinaryHeap<Ranked> = BinaryHeap::with_capacity(limit.min(1 << 16) + 1);
    // Once full, the worst kept score: a lower one loses with one float comparison (an equal
    // one still goes to the tie-break by document).
    let mut floor = f64::NEG_INFINITY;
    for c in candidates {
        if c.1 < floor || !keep(c.0) {
            continue;
        }
        let c = Ranked(c);
        if best.len() < limit {
            best.push(c);
        } else if let Some(mut worst) = best.peek_mut() {
            if c < *worst {
                *worst = c;
            }
        }
        if best.len() >= limit {
            floor = best.peek().map_or(f64::NEG_INFINITY, |w| w.0 .1);
        }
    }
    best.into_sorted_vec().into_iter().map(|r| r.0).collect()
}

/// A candidate ordered best first: higher score, then lower document index.
#[derive(Clone, Copy)]
struct Ranked((u32, f64));

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.0, other.0);
        b.1.total_cmp(&a.1).then(a.0.cmp(&b.0))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_index_stops_taking_new_words_at_its_bound_and_keeps_the_earlier_ones() {
        // Made-up words (every one new), 40 a tool: the bound falls inside the list.
        let word = |i: usize| {
            let letters: String = format!("{i:05}")
                .bytes()
                .map(|b| char::from(b'a' + (b - b'0')))
                .collect();
            format!("q{letters}")
        };
        let tools: Vec<crate::Tool> = (0..40)
            .map(|t| {
                let text: Vec<String> = (0..40).map(|w| word(t * 40 + w)).collect();
                let v = json!({"name": format!("tool_{t}"), "description": text.join(" ")});
                crate::Tool::from_value(v, t).unwrap()
            })
            .collect();
        let refs: Vec<&crate::Tool> = tools.iter().collect();
        for ranking in [Ranking::Best, Ranking::Hermes] {
            let options = SearchOptions {
                ranking,
                ..SearchOptions::default()
            };
            let index = SearchIndex::build(&refs, &options);
            assert!(index.is_full(), "{ranking:?}");
            assert_eq!(index.len(), 40);
            let found = |q: &str| index.search(q, 3).first().map(|h| h.doc);
            // The first tool's words are indexed; the last tool's were new past the bound.
            assert_eq!(found(&word(5)), Some(0), "{ranking:?}");
            assert_eq!(found(&word(39 * 40 + 5)), None, "{ranking:?}");
            // Its name is still found.
            assert_eq!(found("tool_39"), Some(39), "{ranking:?}");
        }
        let small = SearchIndex::build(&refs[..2], &SearchOptions::default());
        assert!(!small.is_full());
    }

    #[test]
    fn options_read_every_key_and_name_bad_values() {
        let v = json!({"ranking": "hermes", "languages": ["en", "German"], "fuzzy": false});
        let mut r = Reader::new("", Some(&v)).unwrap();
        let o = SearchOptions::read(&mut r).unwrap();
        assert_eq!(o.ranking, Ranking::Hermes);
        assert_eq!(o.languages, vec![Language::English, Language::German]);
        assert!(!o.fuzzy && o.lexicon);

        let v = json!({"ranking": "fast"});
        let mut r = Reader::new("", Some(&v)).unwrap();
        let e = SearchOptions::read(&mut r).unwrap_err();
        assert!(e.message.contains("ranking") && e.message.contains("hermes"));

        let v = json!({"languages": ["english", "elvish"]});
        let mut r = Reader::new("", Some(&v)).unwrap();
        let e = SearchOptions::read(&mut r).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::InvalidConfig);
        assert!(e.message.contains("languages") && e.message.contains("elvish"));
    }

    #[test]
    fn top_breaks_ties_by_document_order() {
        let got = top(vec![(3, 1.0), (1, 2.0), (2, 1.0), (0, 1.0)], &|_| true, 3);
        assert_eq!(got, vec![(1, 2.0), (0, 1.0), (2, 1.0)]);
    }

    #[test]
    fn top_equals_a_full_sort_whatever_the_order_and_the_ties() {
        // Scores from a small set (many ties), documents in scrambled order.
        let candidates: Vec<(u32, f64)> = (0..500u32)
            .map(|i| ((i * 7919) % 500, f64::from((i * 31) % 13) / 4.0))
            .collect();
        let mut sorted = candidates.clone();
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        for limit in [1, 2, 10, 37, 499, 500, 600] {
            let want: Vec<(u32, f64)> = sorted.iter().copied().take(limit).collect();
            assert_eq!(
                top(candidates.clone(), &|_| true, limit),
                want,
                "limit {limit}"
            );
            // A filter asked late gives what filtering first gives.
            let odd = |d: u32| d % 2 == 1;
            let want: Vec<(u32, f64)> = sorted
                .iter()
                .copied()
                .filter(|c| odd(c.0))
                .take(limit)
                .collect();
            assert_eq!(top(candidates.clone(), &odd, limit), want, "odd, {limit}");
        }
    }
}
