//! A product a request names, for its tools.
//!
//! "list every user in our Notion workspace" had Postman's workspace tools first: workspace,
//! user, access and audit are in their names and descriptions, while Notion's `API-get-users`
//! matched the product and users. A user who names a product wants its tools. A query word
//! names a product when it is a word of some tools' source label (the server's name) and at
//! least half of the tools holding it at all hold it there: `notion`, `hubspot`, `gitlab`,
//! `google` (four servers' labels), but not `search` (brave-search's label; hundreds of
//! descriptions) or `line` (line-bot). A word that is the whole of some server's label names
//! that product however many descriptions hold it: Currents (also a plural that descriptions
//! write: "the current account"), Postgres, ESLint; measured (the fiftieth session) +20 −1
//! language-intents over the probe's 1,221 intents (the one lost a Chinese 当前, current,
//! read as Currents), LiveMCPBench R@10 0.531 → 0.534 (native). Then each tool whose label
//! holds such a word has its score multiplied by [`Tuning::product`] (1.25; the same order
//! as the others keeping 0.8 of theirs, but only the named product's few tools are
//! touched): another tool can still win on its words, as a request that names a product it
//! integrates with ("the Google Sheets node of my workflow fails") needs.
//!
//! Only the words themselves count (weight 1: not a translation's lower-weight alternative,
//! a related word or a typo), and the query's own words (not pseudo-relevance feedback's).
//!
//! Measured (the thirty-sixth session): the multilingual probe +24 language-intents net of
//! 5,085 (its thirty-first set, whose Notion miss suggested the rule, +7 of 180);
//! LiveMCPBench R@1 0.194 → 0.211, MRR@10 0.535 → 0.562 (native); MetaTool, one source,
//! unchanged.
//!
//! [`Tuning::product`]: crate::search::Tuning::product

use super::Alternatives;
use crate::bits;
use crate::search::postings::Postings;

/// The source label's place in the postings' per-field counts.
const SOURCE: usize = 1;

/// The terms (ascending) that name a product: at least half of the tools holding one hold it
/// in their source label, or it is a tool's whole label (`lengths`: each tool's field
/// lengths). Read once, on the first query, in one pass over the postings
/// (a query's common words have thousands of tools, too many to count at every query).
pub(super) fn product_terms(postings: &Postings, lengths: &[[u32; 4]]) -> Vec<u32> {
    (0..postings.terms() as u32)
        .filter(|&term| {
            let fields = postings.fields_of(term);
            let labelled = fields.iter().filter(|f| f[SOURCE] > 0).count();
            // (Only a label's terms are looked for as a whole label.)
            let whole = || {
                let label_of_one =
                    |doc: u32| lengths.get(doc as usize).is_some_and(|l| l[SOURCE] == 1);
                let mut docs = postings.of(term).iter().zip(fields);
                docs.any(|(p, f)| f[SOURCE] > 0 && label_of_one(p.doc))
            };
            labelled > 0 && (labelled * 2 >= fields.len() || whole())
        })
        .collect()
}

/// The tools whose source label holds a word of the request that names a product (one of
/// `products`, see the module documentation), one bit per tool; empty when it names none.
pub(super) fn named_tools(
    postings: &Postings,
    products: &[u32],
    groups: &[Alternatives],
) -> Vec<u64> {
    let mut bits = Vec::new();
    for (term, weight) in groups.iter().flatten() {
        if *weight < 1.0 || products.binary_search(term).is_err() {
            continue;
        }
        let fields = postings.fields_of(*term);
        for (p, f) in postings.of(*term).iter().zip(fields) {
            if f[SOURCE] > 0 {
                bits::set(&mut bits, p.doc as usize);
            }
        }
    }
    bits
}
