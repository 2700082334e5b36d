//! The inverted lists of an index, stored flat: one array of postings ordered by term, then by
//! document, with each term's start (compressed sparse rows), and the raw per-field counts in
//! a parallel array that only explanations and the build read.
//!
//! Built in two steps: [`PostingsBuilder`] gathers one document's terms at a time (counting
//! repeats within the document without touching any term's list), then lays every document's
//! (term, counts) out by term in one counting-sort pass. A list per term, grown one push at a
//! time, cost a heap block per term and a cache miss at its tail on every word of the catalog.

/// One document of one term's list.
#[derive(Debug, Clone, Copy)]
pub struct Posting {
    /// The document (position in the indexed slice).
    pub doc: u32,
    /// The BM25F pseudo frequency, already saturated (`saturate(tf', k1)`): a query only
    /// multiplies it by idf and the word's weight.
    pub sat: f32,
}

/// Every term's list of documents, ascending.
#[derive(Debug, Default)]
pub struct Postings {
    /// `entries[starts[t]..starts[t + 1]]` is term `t`'s list.
    starts: Vec<u32>,
    entries: Vec<Posting>,
    /// Raw frequency per field (saturating at 255) of each entry.
    fields: Vec<[u8; 4]>,
}

impl Postings {
    fn range(&self, term: u32) -> std::ops::Range<usize> {
        let t = term as usize;
        match (self.starts.get(t), self.starts.get(t + 1)) {
            (Some(&from), Some(&to)) => from as usize..to as usize,
            _ => 0..0,
        }
    }

    /// Term `term`'s list (empty for an unknown term).
    pub fn of(&self, term: u32) -> &[Posting] {
        self.entries.get(self.range(term)).unwrap_or_default()
    }

    /// The raw per-field counts of term `term`'s list, entry for entry.
    pub fn fields_of(&self, term: u32) -> &[[u8; 4]] {
        self.fields.get(self.range(term)).unwrap_or_default()
    }

    /// Number of documents containing `term`.
    pub fn df(&self, term: u32) -> usize {
        self.range(term).len()
    }

    /// Number of terms.
    pub fn terms(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }
}

/// Gathers postings document by document; documents must be numbered 0, 1, 2, … in order.
#[derive(Default)]
pub struct PostingsBuilder {
    /// Per term: (1 + the last document that added it, its index in `current`).
    seen: Vec<(u32, u32)>,
    /// The current document's terms with their counts, in first-seen order.
    current: Vec<(u32, [u8; 4])>,
    doc: u32,
    /// Every finished document's (term, document, counts), each term's documents ascending.
    all: Vec<(u32, u32, [u8; 4])>,
    /// Per term: documents containing it.
    df: Vec<u32>,
}

impl PostingsBuilder {
    /// One occurrence of `term` in field `field` of the current document.
    pub fn add(&mut self, term: u32, field: usize) {
        let t = term as usize;
        if t >= self.seen.len() {
            self.seen.resize(t + 1, (0, 0));
            self.df.resize(t + 1, 0);
        }
        let Some(seen) = self.seen.get_mut(t) else {
            return;
        };
        let counts = if seen.0 == self.doc + 1 {
            self.current.get_mut(seen.1 as usize).map(|c| &mut c.1)
        } else {
            *seen = (self.doc + 1, self.current.len() as u32);
            self.current.push((term, [0; 4]));
            self.current.last_mut().map(|c| &mut c.1)
        };
        if let Some(c) = counts.and_then(|c| c.get_mut(field)) {
            *c = c.saturating_add(1);
        }
    }

    /// A builder holding the lists `postings` has for its first `terms` terms and `docs`
    /// documents, as gathered: the next `add` goes to document `docs`, and
    /// [`PostingsBuilder::finish`] lays out those lists and the new documents' together (the
    /// counts are kept, so every entry is saturated anew).
    pub fn resume(postings: &Postings, terms: usize, docs: u32) -> PostingsBuilder {
        let mut all = Vec::with_capacity(postings.entries.len());
        let mut df = Vec::with_capacity(terms);
        for term in 0..terms as u32 {
            let range = postings.range(term);
            let entries = postings.entries.get(range.clone()).unwrap_or_default();
            let fields = postings.fields.get(range).unwrap_or_default();
            // Each list's documents ascend: the kept ones come first, and by term, each
            // list's documents ascending, is all `finish` needs of the order.
            let kept = entries.iter().take_while(|e| e.doc < docs).count();
            df.push(kept as u32);
            all.extend(
                entries
                    .iter()
                    .zip(fields)
                    .take(kept)
                    .map(|(e, f)| (term, e.doc, *f)),
            );
        }
        PostingsBuilder {
            seen: vec![(0, 0); terms],
            current: Vec::new(),
            doc: docs,
            all,
            df,
        }
    }

    /// Entries of finished documents so far.
    pub fn gathered(&self) -> usize {
        self.all.len()
    }

    /// Room for `entries` more entries of finished documents (nothing moves if there is).
    pub fn reserve(&mut self, entries: usize) {
        self.all.reserve_exact(entries);
    }

    /// The current document's terms with their per-field counts.
    pub fn current(&self) -> &[(u32, [u8; 4])] {
        &self.current
    }

    /// Ends the current document; the next `add` goes to the next one.
    pub fn end_doc(&mut self) {
        for (term, counts) in self.current.drain(..) {
            if let Some(df) = self.df.get_mut(term as usize) {
                *df += 1;
            }
            self.all.push((term, self.doc, counts));
        }
        self.doc += 1;
    }

    /// Lays the postings out by term (`terms` at least; a term never added gets an empty
    /// list), each saturated by `sat(document, counts)`, which must depend on those two only:
    /// a document's repeated counts are given the value of one call.
    pub fn finish(self, terms: usize, sat: impl Fn(u32, &[u8; 4]) -> f32) -> Postings {
        let mut starts = Vec::with_capacity(terms.max(self.df.len()) + 1);
        let mut total = 0u32;
        starts.push(0);
        for t in 0..terms.max(self.df.len()) {
            total += self.df.get(t).copied().unwrap_or(0);
            starts.push(total);
        }
        let mut next: Vec<u32> = starts.clone();
        let mut entries = vec![Posting { doc: 0, sat: 0.0 }; total as usize];
        let mut fields = vec![[0u8; 4]; total as usize];
        // `sat` depends on the document and the counts only, and a document's entries are
        // next to each other (but in a resumed builder's kept lists), most counting one word
        // in one field: each document's repeated counts reuse their value.
        let mut memo = Memo::default();
        for (term, doc, counts) in &self.all {
            let Some(at) = next.get_mut(*term as usize) else {
                continue;
            };
            if let (Some(e), Some(f)) =
                (entries.get_mut(*at as usize), fields.get_mut(*at as usize))
            {
                *e = Posting {
                    doc: *doc,
                    sat: memo.get(*doc, counts, &sat),
                };
                *f = *counts;
            }
            *at += 1;
        }
        Postings {
            starts,
            entries,
            fields,
        }
    }
}

/// Saturations computed by [`PostingsBuilder::finish`], direct-mapped by counts: a slot holds
/// the last (document, counts, saturation) whose counts map to it, so a hit is one load and two
/// comparisons, and a colliding key only evicts. An empty slot's counts are all zero, which no
/// posting has.
struct Memo {
    slots: [(u32, u32, f32); 16],
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            slots: [(0, 0, 0.0); 16],
        }
    }
}

impl Memo {
    /// `sat(doc, counts)`, remembered while it stays in its slot.
    #[inline]
    fn get(&mut self, doc: u32, counts: &[u8; 4], sat: &impl Fn(u32, &[u8; 4]) -> f32) -> f32 {
        let key = u32::from_le_bytes(*counts);
        let at = (key.wrapping_mul(0x9E37_79B9) >> 28) as usize;
        match self.slots.get_mut(at) {
            Some(slot) if slot.0 == doc && slot.1 == key => slot.2,
            Some(slot) => {
                let s = sat(doc, counts);
                *slot = (doc, key, s);
                s
            }
            None => sat(doc, counts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_come_out_by_term_with_documents_ascending_and_counts_per_field() {
        let mut b = PostingsBuilder::default();
        // doc 0: term 2 twice in field 0, term 0 once in field 2
        b.add(2, 0);
        b.add(0, 2);
        b.add(2, 0);
        b.end_doc();
        // doc 1: nothing
        b.end_doc();
        // doc 2: term 0 in fields 1 and 3, term 3 once
        b.add(0, 1);
        b.add(3, 0);
        b.add(0, 3);
        b.end_doc();
        let p = b.finish(5, |doc, counts| {
            doc as f32 * 10.0 + f32::from(counts.iter().sum::<u8>())
        });
        assert_eq!(p.terms(), 5);
        let docs = |t: u32| p.of(t).iter().map(|e| (e.doc, e.sat)).collect::<Vec<_>>();
        assert_eq!(docs(0), vec![(0, 1.0), (2, 22.0)]);
        assert_eq!(p.fields_of(0), &[[0, 0, 1, 0], [0, 1, 0, 1]]);
        assert!(docs(1).is_empty() && p.df(1) == 0);
        assert_eq!(docs(2), vec![(0, 2.0)]);
        assert_eq!(p.fields_of(2), &[[2, 0, 0, 0]]);
        assert_eq!(docs(3), vec![(2, 21.0)]);
        assert!(docs(4).is_empty(), "a term never added has an empty list");
        assert!(docs(99).is_empty() && p.fields_of(99).is_empty() && p.df(99) == 0);
    }

    #[test]
    fn a_documents_repeated_counts_reuse_their_saturation_and_every_entry_gets_its_documents() {
        let mut b = PostingsBuilder::default();
        // doc 0: terms 0..10 once in field 2 (one counts, asked first), then terms 10..20
        // with 1..=10 repeats in field 0 (ten more, which may evict it: it is not asked again)
        for t in 0..10 {
            b.add(t, 2);
        }
        for t in 10..20 {
            for _ in 0..=(t - 10) {
                b.add(t, 0);
            }
        }
        b.end_doc();
        // doc 1: doc 0's first counts again, which must not reuse doc 0's value
        for t in 0..10 {
            b.add(t, 2);
        }
        b.end_doc();
        let calls = std::cell::Cell::new(0);
        let sat = |doc: u32, counts: &[u8; 4]| {
            doc as f32 * 100.0 + f32::from(counts[0]) + f32::from(counts[2]) / 2.0
        };
        let p = b.finish(20, |doc, counts| {
            calls.set(calls.get() + 1);
            sat(doc, counts)
        });
        assert_eq!(
            calls.get(),
            11 + 1,
            "one call per distinct counts of a document (its repeats come in a row)"
        );
        for t in 0..20 {
            for (e, counts) in p.of(t).iter().zip(p.fields_of(t)) {
                assert_eq!(e.sat, sat(e.doc, counts), "term {t}, doc {}", e.doc);
            }
        }
        assert_eq!(
            p.of(3).iter().map(|e| e.sat).collect::<Vec<_>>(),
            [0.5, 100.5]
        );
        assert_eq!(p.of(19).iter().map(|e| e.sat).collect::<Vec<_>>(), [10.0]);
    }

    #[test]
    fn counts_saturate_at_255() {
        let mut b = PostingsBuilder::default();
        for _ in 0..300 {
            b.add(0, 1);
        }
        b.end_doc();
        let p = b.finish(1, |_, _| 1.0);
        assert_eq!(p.fields_of(0), &[[0, 255, 0, 0]]);
    }
}
