//! How much one term in one document is worth: the BM25 / BM25F formulas, as pure functions.
//!
//! Plain BM25 (the Hermes mode), for a term of document frequency `df` among `N` documents,
//! occurring `tf` times in a document of `len` tokens (catalog mean `avg_len`):
//!
//! ```text
//! score = idf(df, N) · tf·(k1+1) / (tf + k1·(1 − b + b·len/max(avg_len, 1)))
//! idf   = ln(1 + (N − df + 0.5) / (df + 0.5))
//! ```
//!
//! BM25F (the best mode) first folds the fields into one pseudo term frequency, each field `f`
//! with its weight `w_f` and its own length normalisation `b_f`, then saturates once:
//!
//! ```text
//! tf' = Σ_f w_f · tf_f / (1 − b_f + b_f·len_f/max(avg_len_f, 1))
//! score = idf(df, N) · tf'·(k1+1) / (tf' + k1)
//! ```
//!
//! Saturating once (rather than summing per-field BM25 scores) keeps a word repeated across
//! name, description and parameters from counting as several independent matches.

/// BM25 parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Term-frequency saturation, ≥ 0: 0 ignores tf, large values make tf linear. Hermes: 1.5.
    pub k1: f64,
    /// Length normalisation, 0 (none) ..= 1 (full). Hermes: 0.75.
    pub b: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params { k1: 1.5, b: 0.75 }
    }
}

/// idf = ln(1 + (N − df + 0.5) / (df + 0.5)), always > 0 for df ≤ N.
pub fn idf(df: usize, n: usize) -> f64 {
    let (df, n) = (df as f64, n as f64);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// tf·(k1+1) / (tf + k1·(1 − b + b·len/max(avg_len, 1))), the saturated term frequency.
pub fn term_weight(tf: f64, len: f64, avg_len: f64, params: Params) -> f64 {
    let norm = 1.0 - params.b + params.b * len / avg_len.max(1.0);
    tf * (params.k1 + 1.0) / (tf + params.k1 * norm)
}

/// One field's share of the BM25F pseudo frequency: w·tf / (1 − b + b·len/max(avg_len, 1)).
pub fn field_tf(tf: f64, len: f64, avg_len: f64, weight: f64, b: f64) -> f64 {
    weight * tf / (1.0 - b + b * len / avg_len.max(1.0))
}

/// tf'·(k1+1) / (tf' + k1): BM25F saturation of a pseudo frequency (0 for tf' ≤ 0).
pub fn saturate(tf: f64, k1: f64) -> f64 {
    if tf <= 0.0 {
        return 0.0;
    }
    tf * (k1 + 1.0) / (tf + k1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idf_of_a_term_in_one_of_two_documents_is_ln_2() {
        assert!((idf(1, 2) - 2f64.ln()).abs() < 1e-12);
        // N=10, df=10: ln(1 + 0.5/10.5)
        assert!((idf(10, 10) - (1.0f64 + 0.5 / 10.5).ln()).abs() < 1e-12);
    }

    #[test]
    fn term_weight_is_one_for_one_occurrence_at_average_length_with_k1_0() {
        let w = term_weight(1.0, 10.0, 10.0, Params { k1: 0.0, b: 0.75 });
        assert!((w - 1.0).abs() < 1e-12);
        // k1=1.5, b=0.75, tf=2, len=avg: 2·2.5/(2+1.5) = 1.428571…
        let w = term_weight(2.0, 5.0, 5.0, Params::default());
        assert!((w - 5.0 / 3.5).abs() < 1e-12);
        // Twice the average length: norm = 0.25 + 1.5 = 1.75; 1·2.5/(1 + 2.625)
        let w = term_weight(1.0, 20.0, 10.0, Params::default());
        assert!((w - 2.5 / 3.625).abs() < 1e-12);
    }

    #[test]
    fn bm25f_with_one_field_of_weight_one_equals_bm25() {
        let (tf, len, avg) = (3.0, 12.0, 8.0);
        let p = Params::default();
        let f = saturate(field_tf(tf, len, avg, 1.0, p.b), p.k1);
        assert!((f - term_weight(tf, len, avg, p)).abs() < 1e-12);
    }

    #[test]
    fn field_weight_scales_the_pseudo_frequency() {
        // w=3, tf=1, b=0 → 3; saturate(3, 1.5) = 3·2.5/4.5
        assert!((field_tf(1.0, 99.0, 1.0, 3.0, 0.0) - 3.0).abs() < 1e-12);
        assert!((saturate(3.0, 1.5) - 7.5 / 4.5).abs() < 1e-12);
        assert_eq!(saturate(0.0, 1.5), 0.0);
    }
}
