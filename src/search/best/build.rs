//! How a [`BestIndex`] is made: the word loop that gathers each tool's terms field by field
//! ([`Gathered`]), the finish that turns what was gathered into saturated postings, idfs and
//! look-up tables, and the extension that keeps the gathered lists of a list's first tools.

use std::sync::Arc;

use super::covered;
use super::parts::PartCache;
use super::{text_head, BestIndex, Scratch};
use crate::analysis::{self, case::lowercase, related::Related, Analyzer, Script};
use crate::bm25::{field_tf, idf, saturate};
use crate::bytes::same_bytes;
use crate::search::hash::{hash_str, FxMap};
use crate::search::postings::{Postings, PostingsBuilder};
use crate::search::typo::TypoKeys;
use crate::search::{SearchOptions, Tuning};
use crate::tool::Tool;

/// The texts of each field of a tool, field by field: one text for each of the first three,
/// one per parameter name for `parameters` (the same words as the names joined by spaces).
fn field_texts(tool: &Tool) -> impl Iterator<Item = (usize, &str)> {
    let name = tool.name.strip_prefix("mcp__").unwrap_or(&tool.name);
    let source = tool
        .source
        .as_deref()
        .map(|s| s.strip_prefix("mcp-").unwrap_or(s))
        .unwrap_or_default();
    [(0, name), (1, source), (2, tool.indexed_description())]
        .into_iter()
        .chain(tool.parameter_names().map(|p| (3, p)))
}

/// Term ids in the byte order of their text, and each one's [`text_head`]. Sorted on the
/// heads, so only texts that share one are compared whole (a string comparison is a call to a
/// byte-by-byte `memcmp` in wasm, and a 100k-tool catalog has hundreds of thousands of
/// terms): the (head, id) pairs in their natural order (the sort the name hashes use), then
/// each run of one head, short, by text.
fn sorted_by_text(terms: &[String]) -> (Vec<u64>, Vec<u32>) {
    let mut keyed: Vec<(u64, u32)> = terms
        .iter()
        .enumerate()
        .map(|(id, t)| (text_head(t), id as u32))
        .collect();
    let text = |id: u32| terms.get(id as usize).map_or("", String::as_str);
    crate::sort::radix_sort(&mut keyed);
    let mut from = 0;
    while from < keyed.len() {
        let head = keyed.get(from).map_or(0, |k| k.0);
        let run = keyed
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|k| k.0 == head)
            .count();
        if let Some(same) = keyed.get_mut(from..from + run).filter(|r| r.len() > 1) {
            crate::sort::sort_by(same, |a, b| text(a.1) < text(b.1));
        }
        from += run.max(1);
    }
    keyed.into_iter().unzip()
}

/// `mcp__server__tool` → `tool` (lowercased); `None` without that prefix.
fn short_name(lower: &str) -> Option<String> {
    let rest = lower.strip_prefix("mcp__")?;
    let (_, tool) = rest.split_once("__")?;
    (!tool.is_empty()).then(|| tool.to_string())
}

/// Tools [`Gathered::add`] analyses before it sizes the postings for the rest.
const SAMPLE: usize = 256;

/// What the word loop gathers from tools in order: enough to finish an index, or to go on
/// with more tools (see [`BestIndex::extended`]).
#[derive(Default)]
struct Gathered {
    dict: FxMap<String, u32>,
    terms: Vec<String>,
    postings: PostingsBuilder,
    /// Per document: field lengths in terms.
    lengths: Vec<[u32; 4]>,
    /// (folded unstemmed word of a name or source label, term id, document), unsorted,
    /// repeats allowed.
    name_words: Vec<(String, u32, u32)>,
    /// The documents whose description holds CJK text.
    cjk_docs: Vec<u32>,
    /// Per document: its lowercased name, and the same without an `mcp__server__` prefix.
    names: Vec<(String, Option<String>)>,
    /// Per term, the documents that have it among the name words a request has to say
    /// ([`covered::gather`]) …
    name_lists: PostingsBuilder,
    /// … and per document, how many those words are.
    name_len: Vec<u8>,
}

impl Gathered {
    /// Indexes `tools` as the next documents. (Not inlined: a build and an extension share
    /// one copy of the word loop.)
    #[inline(never)]
    fn add(&mut self, tools: &[&Tool], analyzer: &Analyzer, fuzzy: bool) {
        let mut parts = PartCache::default();
        let before = self.postings.gathered();
        self.lengths.reserve(tools.len());
        self.names.reserve(tools.len());
        // Documents are numbered by their position: `postings` counts them with `end_doc`.
        for (i, tool) in tools.iter().enumerate() {
            if i == SAMPLE && tools.len() > 2 * SAMPLE {
                // Room for the rest at the rate of the first tools (plus a sixteenth): the
                // entries (at 100k tools ~40 MB) then grow once instead of doubling and
                // copying themselves some twenty times; more verbose later tools still grow
                // them.
                let rest = (self.postings.gathered() - before) / SAMPLE * (tools.len() - SAMPLE);
                self.postings.reserve(rest + rest / 16);
            }
            let doc = self.lengths.len() as u32;
            let mut lens = [0u32; 4];
            let mut cjk = false;
            for (f, text) in field_texts(tool) {
                // Only the words of the name and the source label feed typo, prefix and
                // loanword matching (a label alone may say the product: 쿠버네티스 is the
                // kubernetes server's, whose tools are named pods_list and such).
                let in_name = f <= 1 && fuzzy;
                analysis::parts(text, |part, script| {
                    cjk |= f == 2 && script == Script::Cjk;
                    let found = parts.analyse(
                        part,
                        hash_str(part),
                        script,
                        in_name && script != Script::Cjk,
                        analyzer,
                        &mut self.dict,
                        &mut self.terms,
                    );
                    let ids = found.ids;
                    for &id in ids {
                        self.postings.add(id, f);
                    }
                    if let Some(l) = lens.get_mut(f) {
                        *l += ids.len() as u32;
                    }
                    if found.first_in_name {
                        for &id in ids.get(..found.own).unwrap_or_default() {
                            self.name_words.push((found.surface.to_string(), id, doc));
                        }
                    }
                });
            }
            self.lengths.push(lens);
            self.name_len.push(covered::gather(
                self.postings.current(),
                &self.terms,
                &mut self.name_lists,
            ));
            self.postings.end_doc();
            if cjk {
                self.cjk_docs.push(doc);
            }
            let lower = lowercase(&tool.name);
            let short = short_name(&lower);
            self.names.push((lower, short));
        }
    }
}

/// True when `a` and `b` give an index the same document: the same name, source label,
/// description and parameter names. (Compared eight bytes at a time: a list with one tool
/// added compares every other tool's texts, and wasm's `memcmp` goes byte by byte.)
fn indexed_alike(a: &Tool, b: &Tool) -> bool {
    let same = |x: &str, y: &str| same_bytes(x.as_bytes(), y.as_bytes());
    let same_source = match (&a.source, &b.source) {
        (Some(x), Some(y)) => same(x, y),
        (x, y) => x.is_none() && y.is_none(),
    };
    same(&a.name, &b.name)
        && same_source
        && same(&a.description, &b.description)
        && a.parameter_names().count() == b.parameter_names().count()
        && a.parameter_names()
            .zip(b.parameter_names())
            .all(|(x, y)| same(x, y))
}

impl BestIndex {
    /// Indexes `tools` in order.
    pub fn build(tools: &[&Tool], options: &SearchOptions) -> BestIndex {
        let (analyzer, related) = analysis::shared::tables(&options.languages, options.lexicon);
        let mut gathered = Gathered::default();
        gathered.add(tools, &analyzer, options.fuzzy);
        BestIndex::finish(gathered, analyzer, related, options)
    }

    /// The index [`BestIndex::build`] gives for `tools`, made from this one, which indexes
    /// `indexed` with the same options, when `tools` starts with most of `indexed`'s tools
    /// (the same names, source labels, descriptions and parameter names): the gathered lists
    /// of those first tools are kept and only the rest of `tools` is analysed; the
    /// statistics, saturations and look-up tables are worked out again over all of them, as
    /// a build does. A list with a tool added, removed or changed near its end then costs
    /// that tool's words, not the catalog's. `None` when it does not apply.
    pub fn extended(
        &self,
        indexed: &[&Tool],
        tools: &[&Tool],
        options: &SearchOptions,
    ) -> Option<BestIndex> {
        if indexed.len() != self.len()
            || self.tuning != options.tuning
            || self.fuzzy != options.fuzzy
        {
            return None;
        }
        // The shared tables of the same configuration: a different one (or the same one made
        // anew) is not worth comparing; build instead.
        let (analyzer, related) = analysis::shared::tables(&options.languages, options.lexicon);
        if !Arc::ptr_eq(&analyzer, &self.analyzer) || !Arc::ptr_eq(&related, &self.related) {
            return None;
        }
        let kept = indexed
            .iter()
            .zip(tools)
            .take_while(|(a, b)| indexed_alike(a, b))
            .count();
        // Sharing less than half of the new list, a build costs about as much.
        if kept == 0 || kept * 2 < tools.len() {
            return None;
        }
        let mut gathered = self.gathered_until(kept)?;
        gathered.add(tools.get(kept..)?, &analyzer, options.fuzzy);
        Some(BestIndex::finish(gathered, analyzer, related, options))
    }

    /// What the word loop gathered from this index's first `docs` documents, as a build of
    /// just those would have it; `None` if the index breaks the numbering this relies on.
    fn gathered_until(&self, docs: usize) -> Option<Gathered> {
        let until = docs as u32;
        // Terms are numbered as they are first met, document by document, and each is in the
        // list of the document that brought it: the first documents' terms are 0..m.
        let first_doc = |t: u32| self.postings.of(t).first().map(|p| p.doc);
        let count = self.terms.len() as u32;
        let m = (0..count)
            .take_while(|&t| first_doc(t).is_some_and(|doc| doc < until))
            .count();
        if (m as u32..count).any(|t| first_doc(t).map_or(true, |doc| doc < until)) {
            return None;
        }
        let terms = self.terms.get(..m)?.to_vec();
        let mut dict = FxMap::default();
        for (id, term) in (0u32..).zip(&terms) {
            dict.insert(term.clone(), id);
        }
        let name_words = self
            .name_words
            .iter()
            .zip(&self.name_word_docs)
            .filter(|(_, &doc)| doc < until)
            .map(|((word, id), &doc)| (word.clone(), *id, doc))
            .collect();
        Some(Gathered {
            dict,
            terms,
            postings: PostingsBuilder::resume(&self.postings, m, until),
            lengths: self.lengths.get(..docs)?.to_vec(),
            name_words,
            cjk_docs: self
                .cjk_docs
                .iter()
                .copied()
                .filter(|&d| d < until)
                .collect(),
            names: self.names.get(..docs)?.to_vec(),
            name_lists: PostingsBuilder::resume(&self.name_lists, m, until),
            name_len: self.name_len.get(..docs)?.to_vec(),
        })
    }

    /// The index of what the word loop gathered: statistics, saturated postings and the
    /// look-up tables. (Not inlined, as [`Gathered::add`].)
    #[inline(never)]
    fn finish(
        gathered: Gathered,
        analyzer: Arc<Analyzer>,
        related: Arc<Related>,
        options: &SearchOptions,
    ) -> BestIndex {
        let Gathered {
            dict,
            terms,
            postings: gathered,
            lengths,
            mut name_words,
            cjk_docs,
            names,
            name_lists,
            name_len,
        } = gathered;
        let mut avg = [0.0f64; 4];
        if !lengths.is_empty() {
            for (f, a) in avg.iter_mut().enumerate() {
                let total: u64 = lengths
                    .iter()
                    .map(|l| u64::from(l.get(f).copied().unwrap_or(0)))
                    .sum();
                *a = total as f64 / lengths.len() as f64;
            }
        }
        let postings = gathered.finish(terms.len(), |doc, counts| {
            let lens = lengths.get(doc as usize).copied().unwrap_or_default();
            saturate(
                pseudo_tf(counts, &lens, &avg, &options.tuning),
                options.tuning.k1,
            ) as f32
        });
        let in_name = postings_in_name(&postings);
        let name_lists = name_lists.finish(terms.len(), |_, _| 0.0);
        let idfs = (0..postings.terms() as u32)
            .map(|term| {
                let v = idf(postings.df(term), lengths.len());
                // Only the native API sets another exponent (as with `feedback`): wasm
                // leaves libm's `pow` out.
                if cfg!(target_arch = "wasm32") || options.tuning.idf_power == 1.0 {
                    v
                } else {
                    v.powf(options.tuning.idf_power)
                }
            })
            .collect();
        let (text_heads, by_text) = if options.tuning.derived > 0.0 {
            sorted_by_text(&terms)
        } else {
            (Vec::new(), Vec::new())
        };
        // Only feedback reads the forward index: without it, save the memory.
        let (doc_starts, doc_terms) = if super::feedback(&options.tuning) {
            forward(&postings, lengths.len())
        } else {
            (Vec::new(), Vec::new())
        };
        // One entry per (word, term), with the first document that has it. (The small sort:
        // one word per distinct name part, and the standard one would link another copy of
        // itself for this element type.)
        crate::sort::sort_by(&mut name_words, |a, b| a < b);
        name_words.dedup_by(|later, first| later.0 == first.0 && later.1 == first.1);
        let (name_words, name_word_docs): (Vec<(String, u32)>, Vec<u32>) = name_words
            .into_iter()
            .map(|(word, id, doc)| ((word, id), doc))
            .unzip();
        let name_word_heads = name_words.iter().map(|(w, _)| text_head(w)).collect();
        let typos = TypoKeys::new(name_words.iter().map(|(w, _)| w.as_str()));
        let mut name_hashes: Vec<(u64, u32)> = Vec::with_capacity(names.len());
        for (doc, (name, short)) in names.iter().enumerate() {
            name_hashes.push((hash_str(name), doc as u32));
            if let Some(short) = short {
                name_hashes.push((hash_str(short), doc as u32));
            }
        }
        crate::sort::radix_sort(&mut name_hashes);
        name_hashes.dedup();
        BestIndex {
            analyzer,
            fuzzy: options.fuzzy,
            tuning: options.tuning,
            in_name,
            cjk_docs,
            idfs,
            dict,
            terms,
            postings,
            text_heads,
            by_text,
            lengths,
            avg,
            name_words,
            name_word_heads,
            name_word_docs,
            typos,
            name_hashes,
            names,
            name_lists,
            name_len,
            doc_starts,
            doc_terms,
            scratch: std::sync::Mutex::new(Scratch::default()),
            related,
            loans: std::sync::OnceLock::new(),
            joinable: std::sync::OnceLock::new(),
            name_text: std::sync::OnceLock::new(),
            actions: std::sync::OnceLock::new(),
            products: std::sync::OnceLock::new(),
        }
    }
}

/// The BM25F pseudo frequency of one term in one document.
fn pseudo_tf(counts: &[u8; 4], lens: &[u32; 4], avg: &[f64; 4], tuning: &Tuning) -> f64 {
    (0..4)
        .map(|f| {
            let tf = f64::from(counts.get(f).copied().unwrap_or(0));
            if tf == 0.0 {
                return 0.0;
            }
            field_tf(
                tf,
                f64::from(lens.get(f).copied().unwrap_or(0)),
                avg.get(f).copied().unwrap_or(0.0),
                tuning.weights.get(f).copied().unwrap_or(0.0),
                tuning.b.get(f).copied().unwrap_or(0.0),
            )
        })
        .sum()
}

/// The forward index: per document, its (term, saturated tf) pairs, flattened with start offsets.
fn forward(postings: &Postings, n: usize) -> (Vec<u32>, Vec<(u32, f32)>) {
    let mut starts = vec![0u32; n + 1];
    for term in 0..postings.terms() as u32 {
        for p in postings.of(term) {
            if let Some(c) = starts.get_mut(p.doc as usize + 1) {
                *c += 1;
            }
        }
    }
    for d in 0..n {
        let prev = starts.get(d).copied().unwrap_or(0);
        if let Some(c) = starts.get_mut(d + 1) {
            *c += prev;
        }
    }
    let mut fill: Vec<u32> = starts.clone();
    let mut terms = vec![(0u32, 0f32); starts.last().copied().unwrap_or(0) as usize];
    for term in 0..postings.terms() as u32 {
        for p in postings.of(term) {
            if let Some(at) = fill.get_mut(p.doc as usize) {
                if let Some(slot) = terms.get_mut(*at as usize) {
                    *slot = (term, p.sat);
                }
                *at += 1;
            }
        }
    }
    (starts, terms)
}

/// Per term: true when it occurs in some tool's name field.
fn postings_in_name(postings: &Postings) -> Vec<bool> {
    (0..postings.terms() as u32)
        .map(|term| {
            postings
                .fields_of(term)
                .iter()
                .any(|counts| counts.first().copied().unwrap_or(0) > 0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Language;
    use crate::search::SearchRequest;

    /// Every field of two indexes that a build computes (the lazily made tables aside).
    fn assert_same_index(a: &BestIndex, b: &BestIndex, what: &str) {
        assert_eq!(a.terms, b.terms, "{what}: terms");
        assert_eq!(a.dict, b.dict, "{what}: dict");
        for term in 0..a.terms.len().max(b.terms.len()) as u32 {
            let list = |i: &BestIndex| {
                let p = i.postings.of(term).iter().map(|e| (e.doc, e.sat.to_bits()));
                (p.collect::<Vec<_>>(), i.postings.fields_of(term).to_vec())
            };
            assert_eq!(
                list(a),
                list(b),
                "{what}: postings of {:?}",
                a.terms.get(term as usize)
            );
        }
        assert_eq!(a.postings.terms(), b.postings.terms(), "{what}");
        for term in 0..a.terms.len().max(b.terms.len()) as u32 {
            let docs = |i: &BestIndex| {
                i.name_lists
                    .of(term)
                    .iter()
                    .map(|e| e.doc)
                    .collect::<Vec<_>>()
            };
            assert_eq!(docs(a), docs(b), "{what}: name list of {term}");
        }
        assert_eq!(a.name_len, b.name_len, "{what}: name_len");
        let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&a.idfs), bits(&b.idfs), "{what}: idfs");
        assert_eq!(bits(&a.avg), bits(&b.avg), "{what}: avg");
        assert_eq!(a.lengths, b.lengths, "{what}: lengths");
        assert_eq!(a.in_name, b.in_name, "{what}: in_name");
        assert_eq!(a.by_text, b.by_text, "{what}: by_text");
        assert_eq!(a.text_heads, b.text_heads, "{what}: text_heads");
        assert_eq!(a.name_words, b.name_words, "{what}: name_words");
        assert_eq!(
            a.name_word_heads, b.name_word_heads,
            "{what}: name_word_heads"
        );
        assert_eq!(a.names, b.names, "{what}: names");
        assert_eq!(a.name_hashes, b.name_hashes, "{what}: name_hashes");
        assert_eq!(a.name_word_docs, b.name_word_docs, "{what}: name_word_docs");
        assert_eq!(
            (a.cjk_catalog(), &a.cjk_docs),
            (b.cjk_catalog(), &b.cjk_docs),
            "{what}: cjk"
        );
        assert_eq!(
            (a.doc_starts.len(), a.doc_terms.len()),
            (b.doc_starts.len(), b.doc_terms.len())
        );
    }

    #[test]
    fn an_extended_index_is_the_index_built_over_its_tools() {
        let sample =
            crate::Catalog::from_json(include_str!("../../../tests/fixtures/sample-catalog.json"))
                .unwrap();
        // Tools beyond the sample: new words, a CJK description (the sample has none, so CJK
        // is read per document), a repeated name word, an `mcp__` name and a name met before
        // in another case; and a changed copy of one sample tool.
        let more = crate::Catalog::from_json(
            r#"[{"name":"mcp__zoo__feed_penguins","description":"Feeds the penguins at noon.",
                 "parameters":{"type":"object","properties":{"fishCount":{},"zooId":{}}}},
                {"name":"创建日程","description":"在日历中创建一个新的日程事件","source":"飞书"},
                {"name":"Create_Issue","description":"Opens an issue (again)","source":"gh2"}]"#,
        )
        .unwrap();
        let sample: Vec<&Tool> = sample.tools().iter().collect();
        let changed = Tool::from_value(
            serde_json::json!({"name": sample[200].name, "description": "Feeds penguins."}),
            0,
        )
        .unwrap();
        let n = sample.len();
        let extra: Vec<&Tool> = more.tools().iter().collect();
        fn plus<'t>(list: &[&'t Tool], tail: &[&'t Tool]) -> Vec<&'t Tool> {
            list.iter().chain(tail).copied().collect()
        }
        let mut edited = sample.clone();
        edited[200] = &changed;
        // The same tool with one indexed field changed at a time (its name kept).
        let one_field = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut raw = sample[200].raw();
            edit(&mut raw);
            Tool::from_value(raw, 0).unwrap()
        };
        let fields = [
            one_field(&|v| v["description"] = serde_json::json!("Feeds penguins.")),
            one_field(&|v| v["source"] = serde_json::json!("zoo")),
            one_field(&|v| {
                v.as_object_mut().unwrap().remove("source");
            }),
            one_field(&|v| {
                let props = v["inputSchema"]["properties"].as_object_mut().unwrap();
                let fields = props.remove("fields").unwrap();
                props.insert("penguins".into(), fields);
            }),
            one_field(&|v| {
                v["inputSchema"]["properties"]["zooId"] = serde_json::json!({});
            }),
        ];
        let one_changed: Vec<Vec<&Tool>> = fields
            .iter()
            .map(|tool| {
                let mut list = sample.clone();
                list[200] = tool;
                list
            })
            .collect();
        // (what the index has, what the new list is): tools added, the last ones replaced,
        // removed, one changed near the end, a new list equal to the old.
        let cases: Vec<(&str, Vec<&Tool>, Vec<&Tool>)> = vec![
            ("added", sample.clone(), plus(&sample, &extra)),
            (
                "one added",
                plus(&sample, &extra[..2]),
                plus(&sample, &extra),
            ),
            (
                "a third added",
                sample[..n * 2 / 3].to_vec(),
                sample.clone(),
            ),
            (
                "last replaced",
                plus(&sample, &extra[..1]),
                plus(&sample, &extra[1..2]),
            ),
            (
                "last removed",
                plus(&sample, &extra),
                plus(&sample, &extra[..2]),
            ),
            ("CJK removed", plus(&sample, &extra[..2]), sample.clone()),
            ("changed", plus(&sample, &extra), plus(&edited, &extra)),
            ("same", sample.clone(), sample.clone()),
        ];
        let field_names = [
            "description changed",
            "source changed",
            "source removed",
            "a parameter renamed",
            "a parameter added",
        ];
        let cases: Vec<(&str, Vec<&Tool>, Vec<&Tool>)> = cases
            .into_iter()
            .chain(
                field_names
                    .into_iter()
                    .zip(&one_changed)
                    .map(|(what, list)| (what, sample.clone(), list.clone())),
            )
            .collect();
        let options = SearchOptions::default();
        let request = SearchRequest {
            limit: 20,
            explain: true,
            ..SearchRequest::default()
        };
        let queries = [
            "create a github issue",
            "feed the penguins",
            "创建日程",
            "send a slack message to the team",
            "zooid",
            "penguin",
            "Create_Issue",
        ];
        for (what, indexed, tools) in &cases {
            let whole = BestIndex::build(tools, &options);
            let start = BestIndex::build(indexed, &options);
            let extended = start
                .extended(indexed, tools, &options)
                .unwrap_or_else(|| panic!("{what}: not extended"));
            assert_same_index(&extended, &whole, what);
            for q in queries {
                assert_eq!(
                    extended.search(q, &request),
                    whole.search(q, &request),
                    "{what}: {q}"
                );
            }
            // Extended again, to the list it came from: the index it started as.
            if let Some(back) = extended.extended(tools, indexed, &options) {
                assert_same_index(&back, &start, &format!("{what}, back"));
            }
        }
    }

    #[test]
    fn an_index_is_not_extended_from_a_different_start_or_with_other_options() {
        let sample =
            crate::Catalog::from_json(include_str!("../../../tests/fixtures/sample-catalog.json"))
                .unwrap();
        let all: Vec<&Tool> = sample.tools().iter().collect();
        let options = SearchOptions::default();
        let start = BestIndex::build(&all[..100], &options);
        // Tools told apart early (two swapped, the first dropped), or few kept of many.
        let mut swapped = all.clone();
        swapped.swap(2, 3);
        assert!(start.extended(&all[..100], &swapped, &options).is_none());
        assert!(start.extended(&all[..100], &all[1..], &options).is_none());
        assert!(start.extended(&all[..100], &all, &options).is_none());
        // Not the tools it indexes.
        assert!(start.extended(&all[..99], &all[..150], &options).is_none());
        // Other options.
        let fuzzless = SearchOptions {
            fuzzy: false,
            ..SearchOptions::default()
        };
        assert!(start
            .extended(&all[..100], &all[..150], &fuzzless)
            .is_none());
        let german = SearchOptions {
            languages: vec![Language::German],
            ..SearchOptions::default()
        };
        assert!(start.extended(&all[..100], &all[..150], &german).is_none());
        // The shared tables are now German: an English index is built afresh, not extended.
        assert!(start.extended(&all[..100], &all[..150], &options).is_none());
        let again = BestIndex::build(&all[..100], &options);
        assert!(again.extended(&all[..100], &all[..150], &options).is_some());
    }

    #[test]
    fn parameter_names_read_one_by_one_give_the_words_of_the_names_joined() {
        // The index reads each parameter name on its own; a space-joined line of them (what
        // it read before) must give the same parts in the same order, whatever the names hold.
        let sample =
            crate::Catalog::from_json(include_str!("../../../tests/fixtures/sample-catalog.json"))
                .unwrap();
        let odd = [
            "repo",
            "k8s",
            "a.b",
            "x-",
            "-y",
            "日本",
            "語",
            "zero\u{200b}width",
            "e\u{301}",
            "\u{301}",
            "WKWebView",
            "name_2",
            "42",
            "",
            " ",
            "Ünïcode",
            "中文参数",
            "abcDEF",
        ];
        let mut lists: Vec<Vec<&str>> = sample
            .tools()
            .iter()
            .map(|t| t.parameter_names().collect())
            .collect();
        lists.push(odd.to_vec());
        lists.extend(odd.windows(2).map(<[&str]>::to_vec));
        for names in lists {
            let mut joined = Vec::new();
            analysis::parts(&names.join(" "), |p, s| joined.push((p.to_string(), s)));
            let mut each = Vec::new();
            for name in &names {
                analysis::parts(name, |p, s| each.push((p.to_string(), s)));
            }
            assert_eq!(each, joined, "{names:?}");
        }
    }

    #[test]
    fn terms_sort_in_byte_order_of_their_text() {
        let terms: Vec<String> = [
            "issu",
            "",
            "b",
            "a\0",
            "a",
            "abcdefghij",
            "abcdefgh",
            "創建",
            "é",
            "abcdefghi",
        ]
        .map(str::to_string)
        .to_vec();
        let mut want: Vec<u32> = (0..terms.len() as u32).collect();
        want.sort_by(|a, b| terms[*a as usize].cmp(&terms[*b as usize]));
        let (heads, ids) = sorted_by_text(&terms);
        assert_eq!(ids, want);
        let want_heads: Vec<u64> = want
            .iter()
            .map(|id| text_head(&terms[*id as usize]))
            .collect();
        assert_eq!(heads, want_heads);
        assert_eq!(text_head("abcdefghij"), u64::from_be_bytes(*b"abcdefgh"));
        assert_eq!(text_head("ab"), u64::from_be_bytes(*b"ab\0\0\0\0\0\0"));
    }

    #[test]
    fn short_names_drop_the_server_prefix() {
        assert_eq!(
            short_name("mcp__github__create_issue").as_deref(),
            Some("create_issue")
        );
        assert_eq!(short_name("create_issue"), None);
    }

    #[test]
    fn pseudo_tf_weights_the_name_field() {
        let avg = [2.0, 1.0, 10.0, 2.0];
        let t = Tuning {
            weights: [3.0, 1.0, 1.0, 1.0],
            ..Tuning::default()
        };
        let only_desc = pseudo_tf(&[0, 0, 1, 0], &[2, 1, 10, 2], &avg, &t);
        let only_name = pseudo_tf(&[1, 0, 0, 0], &[2, 1, 10, 2], &avg, &t);
        assert!((only_desc - 1.0).abs() < 1e-12);
        assert!((only_name - 3.0).abs() < 1e-12);
    }
}
