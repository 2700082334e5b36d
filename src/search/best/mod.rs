//! How our engine ranks (`ranking: "best"`): BM25F over four fields, per-word alternatives
//! (stems, lexicon translations, fuzzy name matches) scored by their best match, exact names
//! first, a substring fallback, ties by catalog order.
//!
//! Fields and their constants (measured with `cargo run --release --example eval`):
//!
//! | field | text |
//! |---|---|
//! | `name` | tool name, leading `mcp__` stripped |
//! | `source` | source label, leading `mcp-` stripped |
//! | `description` | description |
//! | `parameters` | top-level parameter names |
//!
//! with the weights, length normalisations and k1 of [`Tuning`].
//!
//! Each query word is a group of alternative terms; a document gets the best alternative's
//! score for the word (never the sum), so a translation or a fuzzy variant cannot double-count
//! the word it stands for. Alternatives and their weights:
//! its own stems (1), its lexicon translations ([`TRANSLATION_WEIGHT`]; for Latin-script words
//! only in a query that does not read as English, and there only when none of its stems is in
//! the catalog unless a function word marks the query as another language: [`Reading`]; read
//! first in the one lexicon language the query's function words name, if they name one),
//! tool-name words it is a prefix of
//! ([`PREFIX_WEIGHT`], ≥ 3 characters) or one edit away from ([`TYPO_WEIGHT`], ≥ 5
//! characters), both only when the word matches nothing else. A word repeated in the query
//! counts once. Related English words (`analysis/related.txt`: fetch → get, remove → delete,
//! save → write, …) are alternatives too, at [`Tuning::related`], of the word's stems and of
//! its translations alike (встреча is meeting, and so also event and calendar).
//!
//! Terms of the catalog that start with a Latin query stem minus its last character (a prefix
//! of ≥ 5 characters: `convert` → `conversion`'s `convers`, `nutrit` → `nutrient`) are
//! alternatives at [`Tuning::derived`] (0.5), added after translations and fuzzy matches so they
//! never stand in for them.
//!
//! A derived term rarer than the word itself, when the catalog has the word, is weighted
//! down to score as if no rarer: in a catalog where most tools create something, a rare
//! `creation` at half weight was worth more than a common `create` at full weight.
//!
//! idf is raised to [`Tuning::idf_power`], now 1 (plain BM25 idf): with the description's b
//! at 0.5 (was 0.75), 1.5 (which favours rare words) cost LiveMCPBench 1.5 points of recall@5
//! (0.373 against 0.388) and changed MetaTool by 0.001.
//!
//! Pseudo-relevance feedback ([`Tuning::prf_docs`]) is available but off: on the datasets it
//! bought +0.5 point recall@5 and cost MRR on MetaTool, and it doubles query time. Only the
//! native API can turn it on; the wasm build leaves its code out (5 KB raw, 2 KB gzip).
//!
//! Three factors then adjust a tool's score by what the request says of it: a short
//! request's one action against the one its name names ([`actions`]), a product the request
//! names ([`products`]), and its whole name said ([`covered`]).
//!
//! This module holds the index and its query side; `groups` turns a query's words into the
//! alternative groups above; `build` makes the index (the word loop, with the part cache of
//! `parts`, then the finish) and extends one.

use std::sync::Arc;

mod actions;
mod build;
mod covered;
mod groups;
mod parts;
mod products;

use actions::Actions;

use super::hash::{hash_str, FxMap};
use super::names::NameText;
use super::postings::{Posting, Postings};
use super::typo::TypoKeys;
use super::{top, Hit, SearchRequest, TermScore, Tuning};
use crate::analysis::case::lowercase;
use crate::analysis::related::Related;
use crate::analysis::stopwords::{is_stopword, reading, Reading};
use crate::analysis::{
    truncate, Analyzer, Memo, QueryWord, Script, MAX_QUERY_BYTES, MAX_QUERY_WORDS,
};
use crate::bits;
use crate::bm25::{field_tf, idf};

/// Field names, in posting order.
pub const FIELDS: [&str; 4] = ["name", "source", "description", "parameters"];
/// Weight of a lexicon translation relative to the word itself.
pub const TRANSLATION_WEIGHT: f64 = 1.0;
/// Weight of a name word the query word is a prefix of.
pub const PREFIX_WEIGHT: f64 = 0.6;
/// Weight of a name word one edit away.
pub const TYPO_WEIGHT: f64 = 0.5;
/// Weight of a word of a tool's name or source label that a katakana, hangul or Russian
/// loanword sounds like (ダッシュボード, 대시보드, дашборд: dashboard).
pub const LOANWORD_WEIGHT: f64 = 1.0;
/// Weight of the verb of an English noun of action (creation: create).
const NOUN_VERB_WEIGHT: f64 = 1.0;
/// Most fuzzy expansions per query word.
const MAX_EXPANSIONS: usize = 16;
/// Feedback ignores terms of a single document: they only repeat that document's own score.
const PRF_MIN_DF: usize = 2;
/// Most Latin words whose groups one index remembers before it starts afresh.
const GROUP_MEMO_WORDS: usize = 8192;
/// Most (document, score) entries the merged-group memo holds before it starts afresh, per
/// indexed tool (16 bytes each: at most 256 bytes a tool beside the index's ~4 KB; a word's
/// list is at most one entry a tool, so at least this many whole-catalog words fit) …
const MERGED_PER_TOOL: usize = 16;
/// … and in all (8 MB), however large the catalog.
const MERGED_ENTRIES: usize = 1 << 19;
/// Score of a substring-fallback hit.
pub const FALLBACK_SCORE: f64 = 0.1;

/// One query word's alternatives: (term, weight), sorted by term.
type Alternatives = Vec<(u32, f64)>;

/// What a request's own words change in some tools' scores.
#[derive(Default)]
struct Adjustments {
    /// The one action a short request names (see [`actions`]).
    action: Option<u8>,
    /// The tools of the products it names, a bit each; empty when it names none (see
    /// [`products`]).
    products: Vec<u64>,
    /// The tools whose whole name it covers, a bit each (see [`covered`]).
    covered: Vec<u64>,
}

/// Per-query working memory, kept by the index so a query costs no catalog-sized allocation;
/// only the entries a query touched are reset afterwards.
#[derive(Default)]
struct Scratch {
    /// Per document: summed score.
    scores: Vec<f64>,
    /// Per document: the query number and the name words it covers (see [`covered`]); the
    /// number of this query; the documents with two such words.
    names: Vec<u32>,
    query: u32,
    named: Vec<u32>,
    /// Per document: the current multi-alternative group's best score.
    best: Vec<f64>,
    /// Documents with a score, in first-touch order.
    touched: Vec<u32>,
    /// Documents touched by the current group.
    group_docs: Vec<u32>,
    /// Query word analyses already done.
    memo: Memo,
    /// What Latin query words came to, per [`Reading`] of the query.
    memos: [WordMemo; 3],
}

/// The memo of `reading` among a scratch's three. The foreign one holds one language's
/// readings at a time (see [`Reading::Foreign`]): a request in another starts it afresh.
fn memo_of(memos: &mut [WordMemo; 3], reading: Reading) -> &mut WordMemo {
    let [english, unmarked, foreign] = memos;
    match reading {
        Reading::English => english,
        Reading::Unmarked => unmarked,
        Reading::Foreign(language) => {
            if foreign.language != language {
                *foreign = WordMemo {
                    language,
                    ..WordMemo::default()
                };
            }
            foreign
        }
    }
}

/// True when pseudo-relevance feedback is on. Only the native API can turn it on (the wasm
/// build's options never set a [`Tuning`]), so wasm leaves its code out.
fn feedback(tuning: &Tuning) -> bool {
    cfg!(not(target_arch = "wasm32")) && tuning.prf_docs > 0 && tuning.prf_terms > 0
}

/// The [`Reading`] of a query's words.
fn reading_of(words: &[QueryWord]) -> Reading {
    reading(
        words
            .iter()
            .filter(|w| w.script != Script::Cjk)
            .map(|w| &*w.surface),
    )
}

/// What Latin query words came to, in one [`Reading`] of a query (a word's group depends on
/// its text and on the reading, nothing else).
#[derive(Default)]
struct WordMemo {
    /// Each word's group (empty: the word does not score).
    groups: FxMap<String, Alternatives>,
    /// Per word of several alternatives: each matching document with its best alternative's
    /// score, so a repeated word adds one list instead of merging several.
    merged: FxMap<String, Vec<(u32, f64)>>,
    /// Entries held in `merged` (bounded by [`MERGED_PER_TOOL`] and [`MERGED_ENTRIES`]).
    merged_entries: usize,
    /// Words' lexicon translations already worked out (five stemmers each).
    translated: FxMap<String, Vec<String>>,
    /// The lexicon language the words were read in first, if any.
    language: Option<&'static str>,
}

impl Scratch {
    fn fit(&mut self, n: usize) {
        if self.scores.len() != n {
            self.scores = vec![0.0; n];
            self.best = vec![0.0; n];
            self.names = vec![0; n];
        }
    }

    fn clear(&mut self) {
        for &d in &self.touched {
            if let Some(s) = self.scores.get_mut(d as usize) {
                *s = 0.0;
            }
        }
        self.touched.clear();
    }
}

/// The index of the best mode.
pub struct BestIndex {
    /// Shared with the index built before it for the same languages (see
    /// [`analysis::shared`]).
    analyzer: Arc<Analyzer>,
    fuzzy: bool,
    tuning: Tuning,
    /// Per term: true when some tool's name field contains it.
    in_name: Vec<bool>,
    /// The documents described in CJK text (see [`BestIndex::cjk_catalog`]).
    cjk_docs: Vec<u32>,
    /// Per term: its idf, raised to [`Tuning::idf_power`] (a logarithm per query term is a
    /// software routine in wasm; a table look-up is not).
    idfs: Vec<f64>,
    dict: FxMap<String, u32>,
    terms: Vec<String>,
    postings: Postings,
    /// Term ids sorted by their text, for derived-word look-ups (empty when
    /// [`Tuning::derived`] is 0) …
    by_text: Vec<u32>,
    /// … and each one's [`text_head`], which a look-up searches first: a number comparison
    /// in one array instead of a string comparison through each term.
    text_heads: Vec<u64>,
    /// Per document: field lengths in terms.
    lengths: Vec<[u32; 4]>,
    avg: [f64; 4],
    /// Sorted (folded unstemmed word of a tool's name or source label, term id), for prefix,
    /// typo and loanword matching.
    name_words: Vec<(String, u32)>,
    /// Per entry of `name_words`: its word's [`text_head`].
    name_word_heads: Vec<u64>,
    /// Per entry of `name_words`: the first document whose name or label has it (for
    /// [`BestIndex::extended`], which may keep only the first documents).
    name_word_docs: Vec<u32>,
    /// Typo candidates among `name_words` (see [`TypoKeys`]).
    typos: TypoKeys,
    /// Exact names: (hash of a lowercased name or of its short form, document), sorted.
    name_hashes: Vec<(u64, u32)>,
    /// Lowercased names, and the same without an `mcp__server__` prefix.
    names: Vec<(String, Option<String>)>,
    /// Per term, the documents that have it among the name words a request has to say, and
    /// per document how many those are (see [`covered`]).
    name_lists: Postings,
    name_len: Vec<u8>,
    /// Forward index for feedback: document `d`'s (term, saturated tf) pairs are
    /// `doc_terms[doc_starts[d]..doc_starts[d + 1]]`.
    doc_starts: Vec<u32>,
    doc_terms: Vec<(u32, f32)>,
    scratch: std::sync::Mutex<Scratch>,
    related: Arc<Related>,
    /// (loanword key of a name or label word ([`loanword::english_keys`]), term id), sorted;
    /// made on the first katakana or hangul query.
    loans: std::sync::OnceLock<Vec<(String, u32)>>,
    /// Hashes of every prefix (≥ 2 characters) of every term of a tool's name or source
    /// label, made on the first query of two words: whether two query words joined may be
    /// such a term, without stemming the join.
    joinable: std::sync::OnceLock<FxMap<u64, u32>>,
    /// The lowercased names for the substring fallback, joined on its first use.
    name_text: std::sync::OnceLock<NameText>,
    /// The actions tool names name, read on the first short query (see [`actions`]).
    actions: std::sync::OnceLock<Actions>,
    /// The terms that name a product and the tools of two-word labels, read on the first
    /// query (see [`products`]).
    products: std::sync::OnceLock<products::Products>,
}

/// Keeps `word`'s merged list, starting the memo afresh first when it would pass `cap`
/// entries (a list longer than `cap` is not kept at all).
fn remember_merged(
    merged: &mut FxMap<String, Vec<(u32, f64)>>,
    entries: &mut usize,
    word: &str,
    list: Vec<(u32, f64)>,
    cap: usize,
) {
    if list.len() > cap {
        return;
    }
    if *entries + list.len() > cap {
        merged.clear();
        *entries = 0;
    }
    *entries += list.len();
    merged.insert(word.to_string(), list);
}

impl BestIndex {
    /// Distinct terms indexed.
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// Number of indexed tools.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// True when nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// Most tools are described in CJK text: a query's CJK bigrams inside its lexicon words
    /// count (see [`QueryWord::covered`]).
    fn cjk_catalog(&self) -> bool {
        self.cjk_docs.len() * 2 > self.lengths.len()
    }

    fn df(&self, term: u32) -> usize {
        self.postings.df(term)
    }

    fn score(&self, term: u32, posting: &Posting) -> f64 {
        self.idf(term) * f64::from(posting.sat)
    }

    /// Adds each group's best alternative to every document it matches. A group of several
    /// alternatives with a key (its Latin word) is merged once and remembered as one list, in
    /// the memo of the query's reading.
    fn accumulate(
        &self,
        groups: &[Alternatives],
        keys: &[Option<&str>],
        reading: Reading,
        sc: &mut Scratch,
    ) {
        let Scratch {
            scores,
            best,
            touched,
            group_docs,
            memos,
            ..
        } = sc;
        let WordMemo {
            merged,
            merged_entries,
            ..
        } = memo_of(memos, reading);
        let mut add = |doc: u32, score: f64| {
            if let Some(s) = scores.get_mut(doc as usize) {
                if *s == 0.0 {
                    touched.push(doc);
                }
                *s += score;
            }
        };
        for (g, alts) in groups.iter().enumerate() {
            if let [(term, w)] = alts.as_slice() {
                let idf = self.idf(*term);
                for p in self.postings_of(*term) {
                    add(p.doc, w * idf * f64::from(p.sat));
                }
                continue;
            }
            let key = keys.get(g).copied().flatten();
            if let Some(list) = key.and_then(|k| merged.get(k)) {
                for &(doc, score) in list {
                    add(doc, score);
                }
                continue;
            }
            for (term, w) in alts {
                let idf = self.idf(*term);
                for p in self.postings_of(*term) {
                    if let Some(b) = best.get_mut(p.doc as usize) {
                        if *b == 0.0 {
                            group_docs.push(p.doc);
                        }
                        // Not `f64::max`: wasm's float max has other NaN rules, so it becomes
                        // a call; scores are never NaN.
                        let score = w * idf * f64::from(p.sat);
                        if score > *b {
                            *b = score;
                        }
                    }
                }
            }
            let mut list = Vec::with_capacity(if key.is_some() { group_docs.len() } else { 0 });
            for doc in group_docs.drain(..) {
                let Some(b) = best.get_mut(doc as usize) else {
                    continue;
                };
                add(doc, *b);
                if key.is_some() {
                    list.push((doc, *b));
                }
                *b = 0.0;
            }
            if let Some(key) = key {
                let cap = (MERGED_PER_TOOL * self.len()).min(MERGED_ENTRIES);
                remember_merged(merged, merged_entries, key, list, cap);
            }
        }
    }

    /// The term's idf, raised to the tuning's exponent (> 1 favours rare words).
    fn idf(&self, term: u32) -> f64 {
        self.idfs.get(term as usize).copied().unwrap_or(0.0)
    }

    fn postings_of(&self, term: u32) -> &[Posting] {
        self.postings.of(term)
    }

    /// Pseudo-relevance feedback: the terms that carry most weight in the top documents and
    /// are not already query terms, as single-term groups weighted relative to the strongest.
    fn expansion(&self, top_docs: &[(u32, f64)], groups: &[Alternatives]) -> Vec<Alternatives> {
        let n = self.len();
        let finite_max = top_docs
            .iter()
            .map(|d| d.1)
            .filter(|s| s.is_finite())
            .fold(0.0f64, f64::max);
        let finite_max = if finite_max > 0.0 { finite_max } else { 1.0 };
        let total: f64 = top_docs.iter().map(|d| d.1.min(finite_max)).sum();
        if total <= 0.0 {
            return Vec::new();
        }
        let mut weights: FxMap<u32, f64> = FxMap::default();
        for &(doc, score) in top_docs {
            let p = score.min(finite_max) / total;
            let d = doc as usize;
            let (Some(&from), Some(&to)) = (self.doc_starts.get(d), self.doc_starts.get(d + 1))
            else {
                continue;
            };
            for &(term, sat) in self
                .doc_terms
                .get(from as usize..to as usize)
                .unwrap_or_default()
            {
                if groups.iter().any(|g| g.iter().any(|a| a.0 == term)) {
                    continue;
                }
                let df = self.df(term);
                if df < PRF_MIN_DF {
                    continue;
                }
                *weights.entry(term).or_default() += p * idf(df, n) * f64::from(sat);
            }
        }
        let mut ranked: Vec<(u32, f64)> = weights.into_iter().collect();
        crate::sort::sort_by(&mut ranked, |a, b| {
            b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)).is_lt()
        });
        ranked.truncate(self.tuning.prf_terms);
        let max = ranked.first().map_or(1.0, |r| r.1);
        ranked
            .into_iter()
            .map(|(term, w)| vec![(term, self.tuning.prf_weight * w / max)])
            .collect()
    }

    /// Ranks the catalog for `query`.
    pub fn search(&self, query: &str, request: &SearchRequest<'_>) -> Vec<Hit> {
        let mut fresh = Scratch::default();
        let mut guard = self.scratch.try_lock().ok();
        let sc: &mut Scratch = match guard.as_deref_mut() {
            Some(s) => s,
            None => &mut fresh,
        };
        sc.fit(self.len());
        let hits = self.search_in(query, request, sc);
        sc.clear();
        hits
    }

    fn search_in(&self, query: &str, request: &SearchRequest<'_>, sc: &mut Scratch) -> Vec<Hit> {
        let keep = |doc: usize| request.filter.map_or(true, |f| f(doc));
        let is_name = |quote: &str| self.is_whole_name(quote);
        let words = self.analyzer.query_memo(query, &mut sc.memo, &is_name);
        let reading = reading_of(&words);
        let memo = memo_of(&mut sc.memos, reading);
        let (mut groups, keys) =
            self.groups(&words, reading, &mut memo.groups, &mut memo.translated);
        // The one action a short request names and the products it names (see `actions` and
        // `products`), read before feedback adds words of its own.
        let mut adjust = Adjustments {
            action: (self.tuning.action < 1.0)
                .then(|| self.actions().of_request(&groups))
                .flatten(),
            products: if self.tuning.product > 1.0 {
                products::named_tools(&self.postings, self.products(), &groups)
            } else {
                Vec::new()
            },
            covered: Vec::new(),
        };
        self.accumulate(&groups, &keys, reading, sc);
        let own = groups.len();
        let matched = !sc.touched.is_empty();
        if matched && feedback(&self.tuning) {
            let first = sc
                .touched
                .iter()
                .map(|d| (*d, sc.scores.get(*d as usize).copied().unwrap_or(0.0)));
            let top_docs = top(first, &|d| keep(d as usize), self.tuning.prf_docs);
            let extra = self.expansion(&top_docs, &groups);
            self.accumulate(&extra, &[], reading, sc);
            groups.extend(extra);
        }
        if self.tuning.name_cover > 1.0 {
            adjust.covered = {
                // A query number in 24 bits; past them the counts start afresh.
                sc.query = (sc.query + 1) & 0xff_ffff;
                if sc.query == 0 {
                    sc.names.fill(0);
                    sc.query = 1;
                }
                covered::covered_tools(
                    self,
                    groups.get(..own).unwrap_or_default(),
                    &mut sc.names,
                    sc.query,
                    &mut sc.named,
                )
            };
        }
        if let Some(action) = adjust.action {
            let actions = self.actions();
            for &doc in &sc.touched {
                if let (true, Some(s)) = (
                    actions.disagrees(doc, action),
                    sc.scores.get_mut(doc as usize),
                ) {
                    *s *= self.tuning.action;
                }
            }
        }
        // Each named tool and each covered one, by its bit (one no word matched keeps its zero).
        for (tools, factor) in [
            (&adjust.products, self.tuning.product),
            (&adjust.covered, self.tuning.name_cover),
        ] {
            for (i, &word) in tools.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let doc = i * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if let Some(s) = sc.scores.get_mut(doc) {
                        *s *= factor;
                    }
                }
            }
        }
        // Exact name (also without the `mcp__server__` prefix): always first.
        let mut name_matches = 0;
        if query.len() <= MAX_QUERY_BYTES {
            for doc in self.named(&lowercase(query.trim())) {
                if let Some(s) = sc.scores.get_mut(doc as usize) {
                    if *s == 0.0 {
                        sc.touched.push(doc);
                    }
                    *s = f64::INFINITY;
                    name_matches += 1;
                }
            }
        }
        let unmatched = !matched && !sc.touched.iter().any(|d| keep(*d as usize));
        let mut found = if unmatched {
            Vec::new()
        } else {
            self.ranked(sc, request, name_matches, &keep, &groups, &adjust)
        };
        // No word matched: names containing the query (or its words) instead. And a one-word
        // query that finds fewer tools than the limit is also a fragment of names (`hub` →
        // `github_*`, where a description's "GitHub" gave `hub` a word of its own): the names
        // containing it follow its hits.
        let fragment = words.len() == 1 && query.trim().chars().count() >= 3;
        if unmatched || (fragment && found.len() < request.limit) {
            let fresh = |d: usize| keep(d) && !found.iter().any(|h| h.doc == d);
            let more = self.substring_fallback(query, &words, &fresh);
            let rest = SearchRequest {
                limit: request.limit - found.len(),
                ..*request
            };
            let mut more = super::hits(more, &|_| true, &rest, |doc, score| {
                self.explain(doc, score, &groups, true, &Adjustments::default())
            });
            found.append(&mut more);
        }
        found
    }

    /// The factors `adjust` sets on tool `doc`'s score: its name's other action, its label's
    /// named product, its whole name covered (1 where it sets none).
    fn factors(&self, doc: u32, adjust: &Adjustments) -> [f64; 3] {
        let action = adjust
            .action
            .is_some_and(|a| self.actions().disagrees(doc, a));
        let product = bits::has(&adjust.products, doc as usize);
        let covered = bits::has(&adjust.covered, doc as usize);
        [
            if action { self.tuning.action } else { 1.0 },
            if product { self.tuning.product } else { 1.0 },
            if covered { self.tuning.name_cover } else { 1.0 },
        ]
    }

    /// The actions of the tools' names, read on first use.
    fn actions(&self) -> &Actions {
        self.actions
            .get_or_init(|| Actions::new(&self.dict, &self.postings, self.len()))
    }

    /// The documents named `lower` (a lowercased name, also without the `mcp__server__`
    /// prefix), in catalog order.
    fn named<'a>(&'a self, lower: &'a str) -> impl Iterator<Item = u32> + 'a {
        let h = hash_str(lower);
        let from = self.name_hashes.partition_point(|e| e.0 < h);
        let hashed = if lower.is_empty() {
            &[][..]
        } else {
            self.name_hashes.get(from..).unwrap_or_default()
        };
        hashed
            .iter()
            .take_while(move |(eh, _)| *eh == h)
            .filter_map(move |&(_, doc)| {
                let (name, short) = self.names.get(doc as usize)?;
                (name == lower || short.as_deref() == Some(lower)).then_some(doc)
            })
    }

    /// True when some tool's whole name (without its `mcp__server__` prefix) is the folded
    /// query word `surface`.
    fn is_whole_name(&self, surface: &str) -> bool {
        self.named(surface).next().is_some()
    }

    /// The touched documents best first, the byte-exact name before the other name matches.
    fn ranked(
        &self,
        sc: &Scratch,
        request: &SearchRequest<'_>,
        name_matches: usize,
        keep: &dyn Fn(usize) -> bool,
        groups: &[Alternatives],
        adjust: &Adjustments,
    ) -> Vec<Hit> {
        let scored = sc
            .touched
            .iter()
            .map(|d| (*d, sc.scores.get(*d as usize).copied().unwrap_or(0.0)));
        // The byte-exact name before the other name matches (catalog order among them): those
        // could fill a small limit, so as many more are ranked and it is moved up.
        let first = request
            .first
            .filter(|&d| sc.scores.get(d).is_some_and(|s| s.is_infinite()) && keep(d));
        let wider = SearchRequest {
            limit: request
                .limit
                .saturating_add(if first.is_some() { name_matches } else { 0 }),
            ..*request
        };
        let mut found = super::hits(scored, &|d| keep(d as usize), &wider, |doc, score| {
            self.explain(doc, score, groups, false, adjust)
        });
        if let Some(at) = first.and_then(|d| found.iter().position(|h| h.doc == d)) {
            let hit = found.remove(at);
            found.insert(0, hit);
        }
        found.truncate(request.limit);
        found
    }

    /// Names containing the whole lowercased query, else any query word of ≥ 3 characters
    /// (more words contained score higher); each at [`FALLBACK_SCORE`] per word.
    fn substring_fallback(
        &self,
        query: &str,
        words: &[QueryWord],
        keep: &dyn Fn(usize) -> bool,
    ) -> Vec<(u32, f64)> {
        let whole = lowercase(truncate(query, MAX_QUERY_BYTES).trim());
        if whole.is_empty() {
            return Vec::new();
        }
        let hits: Vec<(u32, f64)> = self
            .docs_containing(&whole)
            .into_iter()
            .filter(|&doc| keep(doc as usize))
            .map(|doc| (doc, FALLBACK_SCORE))
            .collect();
        if !hits.is_empty() {
            return hits;
        }
        // One scan of the names per distinct word of three characters or more, content words
        // first: at most MAX_QUERY_WORDS scans, however many stopwords a query holds.
        let long = || {
            words
                .iter()
                .map(|w| &*w.surface)
                .filter(|s| s.chars().count() >= 3)
        };
        let mut needles: Vec<&str> = Vec::new();
        for needle in long()
            .filter(|s| !is_stopword(s))
            .chain(long().filter(|s| is_stopword(s)))
        {
            if needles.len() == MAX_QUERY_WORDS {
                break;
            }
            if !needles.contains(&needle) {
                needles.push(needle);
            }
        }
        let mut counts = vec![0u32; if needles.is_empty() { 0 } else { self.len() }];
        for needle in needles {
            for doc in self.docs_containing(needle) {
                if let Some(c) = counts.get_mut(doc as usize) {
                    *c += 1;
                }
            }
        }
        (0u32..)
            .zip(counts)
            .filter(|&(doc, count)| count > 0 && keep(doc as usize))
            .map(|(doc, count)| (doc, FALLBACK_SCORE * f64::from(count)))
            .collect()
    }

    /// The documents whose lowercased name contains `needle`, in order.
    fn docs_containing(&self, needle: &str) -> Vec<u32> {
        self.name_text
            .get_or_init(|| NameText::new(self.names.iter().map(|(name, _)| name.as_str())))
            .docs_containing(needle)
    }

    fn explain(
        &self,
        doc: u32,
        score: f64,
        groups: &[Alternatives],
        fallback: bool,
        adjust: &Adjustments,
    ) -> Vec<TermScore> {
        if let Some(whole) = super::whole_score_explain(score, fallback) {
            return whole;
        }
        let lens = self.lengths.get(doc as usize).copied().unwrap_or_default();
        let mut out = Vec::new();
        for alts in groups {
            let mut chosen: Option<(u32, f64, [u8; 4])> = None;
            for (term, w) in alts {
                let list = self.postings.of(*term);
                let Ok(at) = list.binary_search_by_key(&doc, |p| p.doc) else {
                    continue;
                };
                let (Some(p), Some(counts)) =
                    (list.get(at), self.postings.fields_of(*term).get(at))
                else {
                    continue;
                };
                let s = w * self.score(*term, p);
                if chosen.as_ref().map_or(true, |c| s > c.1) {
                    chosen = Some((*term, s, *counts));
                }
            }
            let Some((term, s, counts)) = chosen else {
                continue;
            };
            let shares: Vec<f64> = (0..4)
                .map(|f| {
                    field_tf(
                        f64::from(counts.get(f).copied().unwrap_or(0)),
                        f64::from(lens.get(f).copied().unwrap_or(0)),
                        self.avg.get(f).copied().unwrap_or(0.0),
                        self.tuning.weights.get(f).copied().unwrap_or(0.0),
                        self.tuning.b.get(f).copied().unwrap_or(0.0),
                    )
                })
                .collect();
            let total: f64 = shares.iter().sum();
            for (f, share) in shares.iter().enumerate() {
                if *share > 0.0 && total > 0.0 {
                    out.push(TermScore {
                        term: self.terms.get(term as usize).cloned().unwrap_or_default(),
                        field: FIELDS.get(f).copied().unwrap_or("name"),
                        score: s * share / total,
                    });
                }
            }
        }
        // The name's other action took its share, the label's named product and the whole
        // name covered added one each (see `actions`, `products` and `covered`): an entry
        // each, negative or positive, so that the contributions still add up to the score
        // (the last one takes the rounding).
        let factors = self.factors(doc, adjust);
        let notes = [
            ("another action", "name"),
            ("named product", "source"),
            ("whole name", "name"),
        ];
        let last = factors.iter().rposition(|&f| f != 1.0);
        let mut at: f64 = out.iter().map(|t| t.score).sum();
        for (i, (factor, (term, field))) in factors.iter().zip(notes).enumerate() {
            if *factor != 1.0 {
                let next = if Some(i) == last { score } else { at * factor };
                out.push(TermScore {
                    term: term.into(),
                    field,
                    score: next - at,
                });
                at = next;
            }
        }
        out
    }
}

/// A text's first eight bytes as a big-endian number (zero-padded): texts whose heads differ
/// compare as their heads do, byte by byte.
fn text_head(text: &str) -> u64 {
    let mut w = [0u8; 8];
    for (to, from) in w.iter_mut().zip(text.as_bytes()) {
        *to = *from;
    }
    u64::from_be_bytes(w)
}

/// The first position of a list sorted by text (in byte order) whose text is not below `key`,
/// given each entry's [`text_head`] in `heads` and its text through `text`: the heads decide,
/// but among the entries whose head is that of a key of eight bytes or more, the texts do. A
/// binary search over numbers in one array, where one over the texts would read a string
/// elsewhere in memory at every step.
fn lower_bound<'t>(heads: &[u64], key: &str, text: &dyn Fn(usize) -> &'t str) -> usize {
    let head = text_head(key);
    let head_at = |at: usize| heads.get(at).copied().unwrap_or(u64::MAX);
    let start = first_not(0, heads.len(), &|at| head_at(at) < head);
    if key.len() < 8 {
        return start;
    }
    let end = first_not(start, heads.len(), &|at| head_at(at) == head);
    first_not(start, end, &|at| text(at) < key)
}

/// The first position in `lo..hi` where `holds` stops holding (it holds for a prefix of the
/// range, then never again): a binary search, one copy for every use.
fn first_not(mut lo: usize, mut hi: usize, holds: &dyn Fn(usize) -> bool) -> usize {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The hash of the prefix that the stem of `first` + `second` starts with: `first` and the
/// first character of `second` (a stemmer shortens a word's end, not its start; a
/// one-character `second` may be cut off entirely, as the s of "pdf s").
/// `None` when that prefix is longer than [`MAX_JOIN_KEY_BYTES`].
fn join_key(first: &str, second: &str, buf: &mut String) -> Option<u64> {
    buf.clear();
    buf.push_str(first);
    let mut chars = second.chars();
    if let (Some(c), Some(_)) = (chars.next(), chars.next()) {
        buf.push(c);
    }
    (buf.len() <= MAX_JOIN_KEY_BYTES).then(|| hash_str(buf))
}

/// Longest prefix of a name term that two query words joined are looked up by: hashing every
/// prefix of every name term costs the square of its length, and a catalog of 512-byte names
/// without separators made the first two-word query take over a second. No real joined word
/// comes near it (nameservers, argocd).
const MAX_JOIN_KEY_BYTES: usize = 48;

/// True when some tool's name or source label has term `id`.
fn named(postings: &Postings, id: u32) -> bool {
    postings.fields_of(id).iter().any(|counts| {
        counts.first().is_some_and(|&n| n > 0) || counts.get(1).is_some_and(|&n| n > 0)
    })
}

/// See [`BestIndex::joinable`] (each prefix maps to the first term that has it). A map
/// rather than a set: the build's part cache has this map type already, and a set type
/// would be new code in the wasm.
fn joinable_prefixes(terms: &[String], postings: &Postings) -> FxMap<u64, u32> {
    let mut prefixes = FxMap::default();
    for (id, term) in terms.iter().enumerate() {
        if !named(postings, id as u32) {
            continue;
        }
        let ends = term.char_indices().skip(2).map(|(at, _)| at);
        for end in ends
            .chain([term.len()])
            .take_while(|&end| end <= MAX_JOIN_KEY_BYTES)
        {
            let key = hash_str(term.get(..end).unwrap_or_default());
            prefixes.entry(key).or_insert(id as u32);
        }
    }
    prefixes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchOptions;
    use crate::tool::Tool;

    #[test]
    fn the_merged_group_memo_stays_within_its_bound() {
        let (mut merged, mut entries) = (FxMap::default(), 0);
        let list = |n: u32| (0..n).map(|d| (d, 1.0)).collect::<Vec<_>>();
        remember_merged(&mut merged, &mut entries, "a", list(3), 5);
        remember_merged(&mut merged, &mut entries, "b", list(2), 5);
        assert_eq!((merged.len(), entries), (2, 5));
        // One more would pass the bound: the memo starts afresh with it.
        remember_merged(&mut merged, &mut entries, "c", list(1), 5);
        assert_eq!((merged.len(), entries), (1, 1));
        assert_eq!(merged.get("c"), Some(&list(1)));
        // A list longer than the bound is never kept.
        remember_merged(&mut merged, &mut entries, "d", list(6), 5);
        assert_eq!((merged.len(), entries), (1, 1));
    }

    /// An index of (name, source label, description) rows.
    fn index_of(rows: &[(&str, &str, &str)]) -> BestIndex {
        let tools: Vec<Tool> = rows
            .iter()
            .enumerate()
            .map(|(i, (name, source, description))| {
                let v =
                    serde_json::json!({"name": name, "source": source, "description": description});
                Tool::from_value(v, i).unwrap()
            })
            .collect();
        let refs: Vec<&Tool> = tools.iter().collect();
        BestIndex::build(&refs, &SearchOptions::default())
    }

    /// The query's groups over `index`, with fresh memos.
    fn groups_of(index: &BestIndex, query: &str) -> Vec<Alternatives> {
        let words = index.analyzer.query(query);
        let mut known = FxMap::default();
        index
            .groups(
                &words,
                reading_of(&words),
                &mut known,
                &mut FxMap::default(),
            )
            .0
    }

    #[test]
    fn the_lower_bound_by_heads_is_the_one_by_texts() {
        let mut texts = vec![
            "",
            "a",
            "ab",
            "abcdefgh",
            "abcdefgha",
            "abcdefghb",
            "abcdefghbb",
            "abcdefgi",
            "abd",
            "b",
            "é",
            "創建",
            "datasetsalpha",
            "datasetsbeta",
            "datasetsbetas",
        ];
        texts.sort_unstable();
        let heads: Vec<u64> = texts.iter().map(|t| text_head(t)).collect();
        let keys = [
            "abcdefgh0",
            "abcdefghba",
            "abc",
            "abcdefghz",
            "zzz",
            "datasetsb",
            "é1",
        ];
        for key in texts.iter().copied().chain(keys) {
            let want = texts.partition_point(|t| *t < key);
            let got = lower_bound(&heads, key, &|at| texts.get(at).copied().unwrap_or(""));
            assert_eq!(got, want, "{key:?}");
        }
    }

    #[test]
    fn derived_terms_are_the_first_catalog_terms_starting_with_the_stem_less_its_end() {
        let index = index_of(&[
            (
                "convert_file",
                "files",
                "Converts a conversion; the converter converted conversations.",
            ),
            (
                "localize_strings",
                "i18n",
                "Internationalization and internationalized internal strings, international \
                 internationally, internals; interns intern.",
            ),
            (
                "nutrition_facts",
                "food",
                "Nutrients, nutritional nutrition facts; a nutritionist nutritiously; \
                 datasetsalpha, datasetsbeta, datasetsgamma.",
            ),
        ]);
        // Every term in byte order, then those starting with the prefix derive keeps.
        let mut sorted: Vec<u32> = (0..index.terms.len() as u32).collect();
        sorted.sort_by(|a, b| index.terms[*a as usize].cmp(&index.terms[*b as usize]));
        let mut long_prefix_found = false;
        for stem in [
            "convert",
            "conversat",
            "internationalis",
            "internation",
            "internal",
            "intern",
            "nutrit",
            "nutrient",
            "datasetsbetas",
            "datasetsgammas",
            "zzzzzzzzzz",
            "aaaaa",
            "conv",
            "",
        ] {
            let mut got = Vec::new();
            index.derive(stem, 0.0, &mut got);
            let chars = stem.chars().count();
            let prefix: String = stem.chars().take(chars.saturating_sub(1).max(5)).collect();
            // A stem in -al first gives the catalog's stem without it (internal: intern).
            let base = stem
                .strip_suffix("al")
                .filter(|b| b.chars().count() >= 4)
                .and_then(|b| index.dict.get(b).copied());
            let mut want: Vec<(u32, f64)> = base
                .map(|id| (id, index.tuning.derived))
                .into_iter()
                .collect();
            if chars >= 5 {
                let derived = sorted
                    .iter()
                    .filter(|id| index.terms[**id as usize].starts_with(&prefix))
                    .filter(|id| Some(**id) != base)
                    .take(MAX_EXPANSIONS)
                    .map(|id| (*id, index.tuning.derived));
                want.extend(derived);
            }
            assert_eq!(got, want, "{stem}");
            long_prefix_found |= prefix.len() >= 8 && !want.is_empty();
        }
        // A prefix of eight bytes or more, whose terms share their heads, was asked for.
        assert!(long_prefix_found);
        let mut got = Vec::new();
        index.derive("internal", 0.0, &mut got);
        assert_eq!(
            got.first()
                .map(|(id, _)| index.terms[*id as usize].as_str()),
            Some("intern")
        );
        // Beside a word of the catalog whose idf is `own`, each derived term scores as if its
        // idf were at most `own` (and keeps its weight when it is no rarer).
        let mut free = Vec::new();
        index.derive("convert", 0.0, &mut free);
        for own in [0.01, 0.5, 10.0] {
            let mut got = Vec::new();
            index.derive("convert", own, &mut got);
            assert_eq!(got.len(), free.len());
            for ((id, w), (free_id, free_w)) in got.iter().zip(&free) {
                assert_eq!(id, free_id);
                let idf = index.idf(*id);
                let want = free_w * idf.min(own);
                assert!((w * idf - want).abs() < 1e-12, "{own} {w} {idf}");
            }
        }
    }

    #[test]
    fn a_joined_words_key_is_the_prefix_its_stem_keeps() {
        let mut buf = String::new();
        // nameservers stems to nameserv: the key is "names", a prefix of it.
        assert_eq!(
            join_key("name", "server", &mut buf),
            Some(hash_str("names"))
        );
        // A one-letter second word may be stemmed away (pdf s → pdfs → pdf).
        assert_eq!(join_key("pdf", "s", &mut buf), Some(hash_str("pdf")));
        // Past the longest prefix a name term is looked up by, nothing is.
        let long = "a".repeat(MAX_JOIN_KEY_BYTES);
        assert_eq!(join_key(&long, "server", &mut buf), None);
        assert!(join_key(&long[1..], "server", &mut buf).is_some());
    }

    #[test]
    fn joined_words_count_only_as_a_term_of_a_name_or_source_label() {
        let index = index_of(&[
            ("set_nameservers", "hostinger", "Set nameservers."),
            (
                "get_weather",
                "weather",
                "Get the weather of a place; the forecast server.",
            ),
        ]);
        let groups = groups_of(&index, "name of the server, forecast server");
        let joined: Vec<&str> = groups
            .iter()
            .flatten()
            .map(|(id, _)| index.terms[*id as usize].as_str())
            .collect();
        // "nameserv" is in a name ("of the" between name and server are stopwords, skipped),
        // at a query word's weight; "forecastserver" is in no tool's text.
        assert!(groups.contains(&vec![(index.dict["nameserv"], 1.0)]));
        assert!(!joined.iter().any(|t| t.starts_with("forecastserv")));
        let joinable = index.joinable.get().unwrap();
        assert!(joinable.contains_key(&hash_str("names")));
        // Description words are not joinable: "forec" is only a description's.
        assert!(!joinable.contains_key(&hash_str("forec")));
    }

    #[test]
    fn a_lone_letter_counts_only_as_a_name_term() {
        let index = index_of(&[
            (
                "create_slide",
                "ppt",
                "Creates a slide (e.g. a title slide).",
            ),
            ("post_to_x", "social", "Posts a message."),
        ]);
        let request = SearchRequest {
            limit: 5,
            filter: None,
            explain: true,
            first: None,
        };
        let words = |q: &str| -> Vec<String> {
            index
                .search(q, &request)
                .into_iter()
                .flat_map(|h| h.explain.unwrap_or_default())
                .map(|t| t.term)
                .collect()
        };
        // The id's pieces (arj7o, st, g, lk, u) and e, g: none is scored.
        assert!(!words("slide for watch?v=arj7oStGLkU, e.g. a title").contains(&"g".to_string()));
        assert!(words("post a message on x").contains(&"x".to_string()));
    }

    #[test]
    fn the_name_substring_fallback_scans_content_words_first_and_at_most_48() {
        let index = index_of(&[
            ("somewhoseidx", "misc", "Nothing to see."),
            ("qqzzzqq", "misc", "Nothing either."),
        ]);
        // 60 distinct stopwords, "whose" last, then a word no tool has: nothing matches, so
        // names are searched for the words, "zzz" first and only 48 in all.
        let stop = "the this that these those and but nor for from into onto with without \
                    within about than through during between against until while because \
                    whether via are was were been being does did doing have has had having \
                    can could will would shall should may might must ought mine myself ours \
                    ourselves you your yours yourself her hers herself whose";
        assert!(stop.split_whitespace().all(is_stopword));
        assert_eq!(stop.split_whitespace().count(), 60);
        let found: Vec<usize> = index
            .search(
                &format!("{stop} zzz"),
                &SearchRequest {
                    limit: 5,
                    filter: None,
                    explain: false,
                    first: None,
                },
            )
            .into_iter()
            .map(|h| h.doc)
            .collect();
        assert_eq!(found, vec![1]);
    }

    #[test]
    fn a_stopword_kept_as_a_name_word_counts_at_its_lower_weight() {
        let index = index_of(&[
            ("now", "trends", "Get Google Trends."),
            ("search_flights", "travel", "Search flights."),
        ]);
        let groups = groups_of(&index, "flights to tokyo now");
        let now = index.dict["now"];
        let weight = SearchOptions::default().tuning.name_stopword;
        assert!(weight < 1.0);
        assert!(groups.contains(&vec![(now, weight)]), "{groups:?}");
        let flight = index.dict["flight"];
        assert!(groups.iter().any(|g| g.contains(&(flight, 1.0))));
    }

    #[test]
    fn a_lexicon_words_bigram_counts_only_in_a_mostly_cjk_described_catalog() {
        let english = index_of(&[
            ("drop_database", "db", "Delete a database."),
            ("list_tables", "db", "List the tables of a database."),
            ("pg_query", "db", "删除或查询数据库中的数据"),
        ]);
        let chinese = index_of(&[
            ("drop_database", "db", "删除数据库"),
            ("list_tables", "db", "列出数据库中的表"),
            ("pg_query", "db", "Run a SQL query."),
        ]);
        assert!(!english.cjk_catalog() && chinese.cjk_catalog());
        let bigram_counts = |index: &BestIndex| {
            let words = index.analyzer.query("删除这个数据库");
            assert!(words.iter().any(|w| w.covered && &*w.surface == "删除"));
            let id = index.dict["删除"];
            groups_of(index, "删除这个数据库")
                .iter()
                .flatten()
                .any(|(t, _)| *t == id)
        };
        // The concept (delete) stands for 删除 for every tool in the first; in the second the
        // bigram tells the Chinese descriptions apart too.
        assert!(!bigram_counts(&english));
        assert!(bigram_counts(&chinese));
    }

    #[test]
    fn a_whole_name_is_counted_afresh_for_each_query() {
        let index = index_of(&[
            ("create_invoice", "stripe", "Create an invoice."),
            (
                "create_invoice_item",
                "stripe",
                "Add an item to an invoice.",
            ),
            ("stripe_list_invoices", "stripe", "List the invoices."),
        ]);
        let mut counts = vec![0u32; index.len()];
        let mut docs = Vec::new();
        let mut covered = |query: &str, number: u32| -> Vec<u64> {
            let groups = groups_of(&index, query);
            covered::covered_tools(&index, &groups, &mut counts, number, &mut docs)
        };
        // stripe_list_invoices: its server's stripe needs no saying, and list invoices is
        // one word short of two.
        assert_eq!(covered("create an invoice", 1), [0b001]);
        assert_eq!(covered("create an invoice item", 2), [0b011]);
        // The last query's counts are another number's: one word now covers nothing.
        assert_eq!(covered("invoice", 3), Vec::<u64>::new());
        assert_eq!(covered("create", 4), Vec::<u64>::new());
    }
}
