//! How Hermes V2 ranks, reproduced exactly (`ranking: "hermes"`).
//!
//! One bag of words per tool ([`HermesTokenizer::document`]), BM25 with k1 = 1.5, b = 0.75 and
//! idf = ln(1 + (N − df + 0.5)/(df + 0.5)); query tokens are not deduplicated (a repeated word
//! counts twice); `query.strip().lower() == name.lower()` scores +∞; documents with a score > 0
//! are admitted; when none is, every tool whose raw lowercased name contains the lowercased
//! query scores 0.1; a query without tokens returns nothing. Stable sort: ties keep catalog
//! order. Verified against Hermes' own output in `tests/hermes_golden.rs`.

use super::hash::FxMap;
use super::names::NameText;
use super::{Hit, SearchRequest, TermScore};
use crate::analysis::hermes::HermesTokenizer;
use crate::analysis::{case::lowercase, truncate};
use crate::bm25::{idf, term_weight, Params};
use crate::tool::Tool;

/// The Hermes-compatible index.
pub struct HermesIndex {
    tokenizer: HermesTokenizer,
    postings: FxMap<String, Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    avg_len: f64,
    names: Vec<String>,
    /// `names` for the substring fallback, joined on its first use.
    name_text: std::sync::OnceLock<NameText>,
}

/// Longest query prefix compared against names or analysed (bytes).
const MAX_QUERY: usize = crate::analysis::MAX_QUERY_BYTES;

impl HermesIndex {
    /// Distinct terms indexed.
    pub fn term_count(&self) -> usize {
        self.postings.len()
    }

    /// Indexes `tools` in order.
    pub fn build(tools: &[&Tool]) -> HermesIndex {
        let tokenizer = HermesTokenizer::default();
        let mut postings: FxMap<String, Vec<(u32, u32)>> = FxMap::default();
        let mut lengths = Vec::with_capacity(tools.len());
        let mut tokens = Vec::new();
        let mut tf: FxMap<String, u32> = FxMap::default();
        for (doc, tool) in tools.iter().enumerate() {
            let params: Vec<&str> = tool.parameter_names().collect();
            let text = HermesTokenizer::document(
                &tool.name,
                tool.source.as_deref(),
                tool.indexed_description(),
                &params,
            );
            tokens.clear();
            tokenizer.tokens(&text, &mut tokens);
            lengths.push(tokens.len() as u32);
            tf.clear();
            for t in tokens.drain(..) {
                *tf.entry(t).or_default() += 1;
            }
            for (term, count) in tf.drain() {
                // Past the bound a new word is not indexed (see `MAX_TERMS`).
                if postings.len() >= super::MAX_TERMS && !postings.contains_key(&term) {
                    continue;
                }
                postings.entry(term).or_default().push((doc as u32, count));
            }
        }
        // Each list is in document order already: documents are read in order, and each adds a
        // term once.
        let total: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
        let avg_len = if lengths.is_empty() {
            0.0
        } else {
            total as f64 / lengths.len() as f64
        };
        HermesIndex {
            tokenizer,
            postings,
            lengths,
            avg_len,
            names: tools.iter().map(|t| lowercase(&t.name)).collect(),
            name_text: std::sync::OnceLock::new(),
        }
    }

    /// Number of indexed tools.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// True when nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// The query's tokens, as Hermes computes them (repeats kept).
    pub fn query_tokens(&self, query: &str) -> Vec<String> {
        let mut tokens = Vec::new();
        self.tokenizer
            .tokens(truncate(query, MAX_QUERY), &mut tokens);
        tokens.truncate(crate::analysis::MAX_QUERY_PARTS);
        tokens
    }

    /// Hermes V2 ranking.
    pub fn search(&self, query: &str, request: &SearchRequest<'_>) -> Vec<Hit> {
        let n = self.len();
        let tokens = self.query_tokens(query);
        if tokens.is_empty() {
            return Vec::new();
        }
        let keep = |doc: usize| request.filter.map_or(true, |f| f(doc));
        let params = Params::default();
        let mut scores = vec![0.0f64; n];
        for token in &tokens {
            let Some(list) = self.postings.get(token) else {
                continue;
            };
            let w = idf(list.len(), n);
            for &(doc, tf) in list {
                let len = self.lengths.get(doc as usize).copied().unwrap_or(0);
                if let Some(s) = scores.get_mut(doc as usize) {
                    *s += w * term_weight(f64::from(tf), f64::from(len), self.avg_len, params);
                }
            }
        }
        if query.len() <= MAX_QUERY {
            let wanted = lowercase(query.trim());
            for (doc, name) in self.names.iter().enumerate() {
                if *name == wanted {
                    if let Some(s) = scores.get_mut(doc) {
                        *s = f64::INFINITY;
                    }
                }
            }
        }
        let mut candidates: Vec<(u32, f64)> = scores
            .iter()
            .enumerate()
            .filter(|(doc, s)| **s > 0.0 && keep(*doc))
            .map(|(doc, s)| (doc as u32, *s))
            .collect();
        let mut fallback = false;
        if candidates.is_empty() && query.len() <= MAX_QUERY {
            let needle = lowercase(query);
            fallback = true;
            candidates = self
                .name_text
                .get_or_init(|| NameText::new(self.names.iter().map(String::as_str)))
                .docs_containing(&needle)
                .into_iter()
                .filter(|&doc| keep(doc as usize))
                .map(|doc| (doc, 0.1))
                .collect();
        }
        super::hits(candidates, &|_| true, request, |doc, score| {
            self.explain(doc, score, &tokens, fallback)
        })
    }

    fn explain(&self, doc: u32, score: f64, tokens: &[String], fallback: bool) -> Vec<TermScore> {
        if let Some(whole) = super::whole_score_explain(score, fallback) {
            return whole;
        }
        let n = self.len();
        let len = self.lengths.get(doc as usize).copied().unwrap_or(0);
        let mut out: Vec<TermScore> = Vec::new();
        for token in tokens {
            let Some(list) = self.postings.get(token) else {
                continue;
            };
            let Ok(at) = list.binary_search_by_key(&doc, |p| p.0) else {
                continue;
            };
            let tf = list.get(at).map_or(0, |p| p.1);
            let s = idf(list.len(), n)
                * term_weight(
                    f64::from(tf),
                    f64::from(len),
                    self.avg_len,
                    Params::default(),
                );
            out.push(TermScore {
                term: token.clone(),
                field: "text",
                score: s,
            });
        }
        out
    }
}
