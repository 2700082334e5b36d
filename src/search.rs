//! Which tools answer a query: the inverted index and the BM25 ranking over it.

use std::collections::HashMap;

use crate::analysis::Analyzer;
use crate::bm25::{idf, term_weight, Params};
use crate::tool::Tool;

/// One ranked result: the position of the tool in the indexed slice and its score.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Position in the slice given to [`SearchIndex::build`].
    pub doc: usize,
    /// BM25 score (`f64::INFINITY` for an exact name match).
    pub score: f64,
}

/// An index over a list of tools (name, source label, description, parameter names).
pub struct SearchIndex {
    analyzer: Analyzer,
    params: Params,
    postings: HashMap<String, Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    avg_len: f64,
    names: Vec<String>,
}

impl SearchIndex {
    /// Indexes `tools` in order.
    pub fn build(tools: &[&Tool]) -> SearchIndex {
        let analyzer = Analyzer::default();
        let mut postings: HashMap<String, Vec<(u32, u32)>> = HashMap::new();
        let mut lengths = Vec::with_capacity(tools.len());
        for (doc, tool) in tools.iter().enumerate() {
            let mut text = tool.name.clone();
            for part in tool
                .source
                .iter()
                .map(String::as_str)
                .chain([tool.description.as_str()])
                .chain(tool.parameter_names())
            {
                text.push(' ');
                text.push_str(part);
            }
            let terms = analyzer.terms(&text);
            lengths.push(terms.len() as u32);
            let mut tf: HashMap<String, u32> = HashMap::new();
            for term in terms {
                *tf.entry(term).or_default() += 1;
            }
            for (term, count) in tf {
                postings.entry(term).or_default().push((doc as u32, count));
            }
        }
        let total: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
        let avg_len = if lengths.is_empty() {
            0.0
        } else {
            total as f64 / lengths.len() as f64
        };
        SearchIndex {
            analyzer,
            params: Params::default(),
            postings,
            lengths,
            avg_len,
            names: tools.iter().map(|t| t.name.to_lowercase()).collect(),
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

    /// The best `limit` tools for `query`, best first; ties keep index order.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let n = self.len();
        let mut scores = vec![0.0f64; n];
        for term in self.analyzer.terms(query) {
            let Some(list) = self.postings.get(&term) else {
                continue;
            };
            let w = idf(list.len(), n);
            for &(doc, tf) in list {
                let len = self.lengths.get(doc as usize).copied().unwrap_or(0);
                if let Some(s) = scores.get_mut(doc as usize) {
                    *s += w * term_weight(f64::from(tf), f64::from(len), self.avg_len, self.params);
                }
            }
        }
        let wanted = query.trim().to_lowercase();
        for (doc, name) in self.names.iter().enumerate() {
            if *name == wanted {
                if let Some(s) = scores.get_mut(doc) {
                    *s = f64::INFINITY;
                }
            }
        }
        let mut hits: Vec<Hit> = scores
            .into_iter()
            .enumerate()
            .filter(|(_, s)| *s > 0.0)
            .map(|(doc, score)| Hit { doc, score })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        hits.truncate(limit);
        hits
    }
}
