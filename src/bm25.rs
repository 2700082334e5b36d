//! How much one term in one document is worth: the BM25 formulas, as pure functions.

/// BM25 parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Term-frequency saturation. Hermes uses 1.5.
    pub k1: f64,
    /// Length normalisation, 0 (none) ..= 1 (full). Hermes uses 0.75.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idf_of_a_term_in_one_of_two_documents_is_ln_2() {
        assert!((idf(1, 2) - 2f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn term_weight_is_one_for_one_occurrence_at_average_length_with_k1_0() {
        let w = term_weight(1.0, 10.0, 10.0, Params { k1: 0.0, b: 0.75 });
        assert!((w - 1.0).abs() < 1e-12);
        // k1=1.5, b=0.75, tf=2, len=avg: 2·2.5/(2+1.5) = 1.428571…
        let w = term_weight(2.0, 5.0, 5.0, Params::default());
        assert!((w - 5.0 / 3.5).abs() < 1e-12);
    }
}
