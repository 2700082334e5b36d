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
//! Two neighbouring words that are the whole of a two-word label name that product alone:
//! "Google Calendar" names google-calendar, not every google-* server (Google Drive's server
//! has calendar tools too, and its createCalendarEvent ranked first for "put a new event on
//! my Google Calendar"); "Azure DevOps" names azure-devops, not azure. A translation counts
//! (Google 日历). Measured (the fifty-first session) +8 −5 language-intents over the probe's
//! 1,241 intents: the five lost ask for Google Drive's server's calendar tools by "Google
//! Calendar"; LiveMCPBench and MetaTool unchanged.
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

/// What the index knows of its products, read once, on the first query, in one pass over
/// the postings (a query's common words have thousands of tools, too many to count at every
/// query).
pub(super) struct Products {
    /// The terms (ascending) that name a product: at least half of the tools holding one
    /// hold it in their source label, or it is a tool's whole label.
    pub terms: Vec<u32>,
    /// (term, tool) for each tool whose source label is two words, one of them that term
    /// (cloud-run, azure-devops), ascending: a pair's look-up costs its labels' tools, not
    /// its words' postings.
    paired: Vec<(u32, u32)>,
}

/// The index's [`Products`] (`lengths`: each tool's field lengths).
pub(super) fn products(postings: &Postings, lengths: &[[u32; 4]]) -> Products {
    let label_of = |doc: u32| lengths.get(doc as usize).map_or(0, |l| l[SOURCE]);
    let mut out = Products {
        terms: Vec::new(),
        paired: Vec::new(),
    };
    for term in 0..postings.terms() as u32 {
        let fields = postings.fields_of(term);
        let labelled = fields.iter().filter(|f| f[SOURCE] > 0).count();
        if labelled == 0 {
            continue;
        }
        let labels = postings.of(term).iter().zip(fields);
        let labels = || labels.clone().filter(|(_, f)| f[SOURCE] > 0);
        // (Only a label's terms are looked for as a whole label.)
        if labelled * 2 >= fields.len() || labels().any(|(p, _)| label_of(p.doc) == 1) {
            out.terms.push(term);
        }
        for (p, _) in labels().filter(|(p, _)| label_of(p.doc) == 2) {
            out.paired.push((term, p.doc));
        }
    }
    out
}

/// The tools whose source label holds a word of the request that names a product (see the
/// module documentation), one bit per tool; empty when it names none. Two neighbouring
/// words that are the whole of a two-word label name that product alone: "Google
/// Calendar" not every google-* label, "Azure DevOps" not azure, and "Cloud Run", whose
/// words are too common to name a product one by one, its server.
pub(super) fn named_tools(
    postings: &Postings,
    products: &Products,
    groups: &[Alternatives],
) -> Vec<u64> {
    let mut bits = Vec::new();
    // The tools whose two-word label holds `term`, ascending.
    let labels_of = |term: u32| {
        let from = products.paired.partition_point(|&(t, _)| t < term);
        let to = products.paired.partition_point(|&(t, _)| t <= term);
        products.paired.get(from..to).unwrap_or_default()
    };
    // The groups read as a pair, a bit each.
    let mut in_pair = Vec::new();
    for (i, pair) in groups.windows(2).enumerate() {
        let [a, b] = pair else { continue };
        for &(first, _) in a.iter().filter(|(_, w)| *w >= 1.0) {
            let firsts = labels_of(first);
            if firsts.is_empty() {
                continue;
            }
            for &(second, _) in b.iter().filter(|&&(t, w)| w >= 1.0 && t != first) {
                let seconds = labels_of(second);
                for &(_, doc) in firsts {
                    if seconds.binary_search(&(second, doc)).is_ok() {
                        bits::set(&mut bits, doc as usize);
                        bits::set(&mut in_pair, i);
                        bits::set(&mut in_pair, i + 1);
                    }
                }
            }
        }
    }
    for (g, group) in groups.iter().enumerate() {
        for &(term, weight) in group {
            if bits::has(&in_pair, g)
                || weight < 1.0
                || products.terms.binary_search(&term).is_err()
            {
                continue;
            }
            let fields = postings.fields_of(term);
            for (p, f) in postings.of(term).iter().zip(fields) {
                if f[SOURCE] > 0 {
                    bits::set(&mut bits, p.doc as usize);
                }
            }
        }
    }
    bits
}
