//! How text without spaces becomes terms: overlapping character bigrams for CJK runs.
//!
//! `创建议题` → `创建 建议 议题`; a one-character run is kept as itself. Bigrams let a query
//! match a description without a dictionary-based word segmenter (which would cost megabytes
//! of wasm), at the price of some noise bigrams that BM25's idf mostly discounts.

/// Calls `f` with each bigram of `run` (or the run itself when it is one character).
pub fn bigrams(run: &str, mut f: impl FnMut(&str)) {
    let bounds: Vec<usize> = run
        .char_indices()
        .map(|(i, _)| i)
        .chain([run.len()])
        .collect();
    if bounds.len() == 2 {
        f(run);
        return;
    }
    for w in bounds.windows(3) {
        if let [a, _, c] = w {
            if let Some(pair) = run.get(*a..*c) {
                f(pair);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grams(run: &str) -> Vec<String> {
        let mut out = Vec::new();
        bigrams(run, |g| out.push(g.to_string()));
        out
    }

    #[test]
    fn runs_become_overlapping_bigrams() {
        assert_eq!(grams("创建议题"), vec!["创建", "建议", "议题"]);
        assert_eq!(grams("ファイル"), vec!["ファ", "ァイ", "イル"]);
    }

    #[test]
    fn one_character_runs_stay_whole() {
        assert_eq!(grams("图"), vec!["图"]);
        assert_eq!(grams("删除"), vec!["删除"]);
        assert!(grams("").is_empty());
    }
}
