//! Retrieval benchmark (not a test): recall@1/5/10, MRR@10 and nDCG@10 of our engine, our

// A benchmark binary: failing loudly on bad data is the right behaviour.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Hermes mode, a plain BM25 and the Aalis substring matcher on the labelled datasets, overall
//! and per query script; then latency and build time on real catalogs.
//!
//! `cargo run --release --example eval [-- DATA_DIR]` (default `../shared/data`). Queries whose
//! relevant tools our engine misses in its top 5 go to `target/eval-misses.jsonl`.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use serde_json::{json, Value};
use tool_search::bm25::{idf, term_weight, Params};
use tool_search::{Ranking, SearchIndex, SearchOptions, SearchRequest, Tool};

type Ranker<'a> = Box<dyn Fn(&str) -> Vec<usize> + 'a>;

struct Query {
    text: String,
    relevant: Vec<usize>,
    latin: bool,
}

#[derive(Default, Clone, Copy)]
struct Sums {
    n: f64,
    r1: f64,
    r5: f64,
    r10: f64,
    mrr: f64,
    ndcg: f64,
}

impl Sums {
    fn add(&mut self, ranked: &[usize], relevant: &[usize]) {
        let rel = |k: usize| {
            ranked
                .iter()
                .take(k)
                .filter(|d| relevant.contains(d))
                .count() as f64
                / relevant.len() as f64
        };
        self.n += 1.0;
        self.r1 += rel(1);
        self.r5 += rel(5);
        self.r10 += rel(10);
        if let Some(pos) = ranked.iter().take(10).position(|d| relevant.contains(d)) {
            self.mrr += 1.0 / (pos as f64 + 1.0);
        }
        let dcg: f64 = ranked
            .iter()
            .take(10)
            .enumerate()
            .filter(|(_, d)| relevant.contains(d))
            .map(|(i, _)| 1.0 / (i as f64 + 2.0).log2())
            .sum();
        let idcg: f64 = (0..relevant.len().min(10))
            .map(|i| 1.0 / (i as f64 + 2.0).log2())
            .sum();
        self.ndcg += dcg / idcg;
    }

    fn row(&self, label: &str) -> String {
        if self.n == 0.0 {
            return format!("  {label:<22} (no queries)");
        }
        let n = self.n;
        format!(
            "  {label:<22} n={:<6} R@1 {:.3}  R@5 {:.3}  R@10 {:.3}  MRR@10 {:.3}  nDCG@10 {:.3}",
            n,
            self.r1 / n,
            self.r5 / n,
            self.r10 / n,
            self.mrr / n,
            self.ndcg / n
        )
    }
}

fn load_tools(path: &str) -> (Vec<Tool>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let values: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    let ids = values
        .iter()
        .map(|v| v["id"].as_str().unwrap_or_default().to_string())
        .collect();
    let tools = values
        .into_iter()
        .enumerate()
        .map(|(i, v)| Tool::from_value(v, i).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    (tools, ids)
}

fn load_queries(path: &str, ids: &[String]) -> Vec<Query> {
    let pos: HashMap<&str, usize> = ids
        .iter()
        .enumerate()
        .map(|(i, s)| (s.as_str(), i))
        .collect();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).ok()?;
            let relevant: Vec<usize> = v["relevant"]
                .as_array()?
                .iter()
                .filter_map(|r| r.as_str().and_then(|r| pos.get(r).copied()))
                .collect();
            (!relevant.is_empty()).then(|| Query {
                text: v["query"].as_str().unwrap_or_default().to_string(),
                relevant,
                latin: v["script"].as_str() == Some("Latin"),
            })
        })
        .collect()
}

/// Plain BM25: one bag (name, source, description, parameter names), lowercase
/// `[alnum_]+` tokens, no stemming, no identifier splitting, Hermes' k1/b/idf.
fn plain_bm25(tools: &[Tool]) -> impl Fn(&str) -> Vec<usize> + '_ {
    fn tokens(text: &str) -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|t| !t.is_empty())
            .map(str::to_lowercase)
            .collect()
    }
    let mut postings: HashMap<String, Vec<(usize, f64)>> = HashMap::new();
    let mut lens = Vec::new();
    for (d, t) in tools.iter().enumerate() {
        let params: Vec<&str> = t.parameter_names().collect();
        let text = format!(
            "{} {} {} {}",
            t.name,
            t.source.as_deref().unwrap_or(""),
            t.description,
            params.join(" ")
        );
        let toks = tokens(&text);
        lens.push(toks.len() as f64);
        let mut tf: HashMap<String, f64> = HashMap::new();
        for tok in toks {
            *tf.entry(tok).or_default() += 1.0;
        }
        for (tok, f) in tf {
            postings.entry(tok).or_default().push((d, f));
        }
    }
    let avg = lens.iter().sum::<f64>() / lens.len().max(1) as f64;
    move |q: &str| {
        let n = lens.len();
        let mut scores = vec![0.0; n];
        for tok in tokens(q) {
            if let Some(list) = postings.get(&tok) {
                let w = idf(list.len(), n);
                for &(d, f) in list {
                    scores[d] += w * term_weight(f, lens[d], avg, Params::default());
                }
            }
        }
        let mut hits: Vec<(usize, f64)> = scores
            .into_iter()
            .enumerate()
            .filter(|(_, s)| *s > 0.0)
            .collect();
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        hits.into_iter().take(10).map(|(d, _)| d).collect()
    }
}

/// The Aalis plugin's matcher: whitespace keywords, case-insensitive substring of
/// name + description, any keyword hits, unranked (catalog order).
fn aalis(tools: &[Tool]) -> impl Fn(&str) -> Vec<usize> + '_ {
    let hay: Vec<String> = tools
        .iter()
        .map(|t| format!("{} {}", t.name, t.description).to_lowercase())
        .collect();
    move |q: &str| {
        let kws: Vec<String> = q.split_whitespace().map(str::to_lowercase).collect();
        hay.iter()
            .enumerate()
            .filter(|(_, h)| kws.iter().any(|k| h.contains(k.as_str())))
            .map(|(d, _)| d)
            .take(10)
            .collect()
    }
}

fn index_ranker(index: &SearchIndex) -> impl Fn(&str) -> Vec<usize> + '_ {
    move |q: &str| index.search(q, 10).into_iter().map(|h| h.doc).collect()
}

/// Our default options, with `TS_K1`, `TS_W` (4 comma-separated field weights), `TS_B`
/// (4 field b values) and `TS_STOP` (0/1) overrides for tuning experiments.
fn tuned() -> SearchOptions {
    let mut o = SearchOptions::default();
    let list = |key: &str| -> Option<[f64; 4]> {
        let v: Vec<f64> = std::env::var(key)
            .ok()?
            .split(',')
            .filter_map(|x| x.parse().ok())
            .collect();
        v.try_into().ok()
    };
    if let Some(k1) = std::env::var("TS_K1").ok().and_then(|v| v.parse().ok()) {
        o.tuning.k1 = k1;
    }
    if let Some(w) = list("TS_W") {
        o.tuning.weights = w;
    }
    if let Some(b) = list("TS_B") {
        o.tuning.b = b;
    }
    if let Ok(v) = std::env::var("TS_STOP") {
        o.tuning.stopwords = v == "1";
    }
    let num = |key: &str| -> Option<f64> { std::env::var(key).ok()?.parse().ok() };
    if let Some(v) = num("TS_PRF_DOCS") {
        o.tuning.prf_docs = v as usize;
    }
    if let Some(v) = num("TS_PRF_TERMS") {
        o.tuning.prf_terms = v as usize;
    }
    if let Some(v) = num("TS_IDFP") {
        o.tuning.idf_power = v;
    }
    if let Some(v) = num("TS_DER") {
        o.tuning.derived = v;
    }
    if let Some(v) = num("TS_REL") {
        o.tuning.related = v;
    }
    if let Some(v) = num("TS_NAME_STOP") {
        o.tuning.name_stopword = v;
    }
    if let Some(v) = num("TS_PRF_W") {
        o.tuning.prf_weight = v;
    }
    if let Ok(v) = std::env::var("TS_LEX") {
        o.lexicon = v == "1";
    }
    if let Ok(v) = std::env::var("TS_FUZZY") {
        o.fuzzy = v == "1";
    }
    o
}

fn evaluate(data: &str, name: &str, misses: &mut impl Write) {
    let dir = format!("{data}/datasets/{name}");
    let (tools, ids) = load_tools(&format!("{dir}/catalog.json"));
    let queries = load_queries(&format!("{dir}/queries.jsonl"), &ids);
    let refs: Vec<&Tool> = tools.iter().collect();
    let t0 = Instant::now();
    let best = SearchIndex::build(&refs, &tuned());
    let build_ms = t0.elapsed().as_secs_f64() * 1e3;
    let hermes = SearchIndex::build(
        &refs,
        &SearchOptions {
            ranking: Ranking::Hermes,
            ..SearchOptions::default()
        },
    );
    println!(
        "\n== {name}: {} tools, {} queries (ours built in {build_ms:.1} ms)",
        tools.len(),
        queries.len()
    );
    let rankers: Vec<(&str, Ranker)> = vec![
        ("ours (best)", Box::new(index_ranker(&best))),
        ("ours (hermes mode)", Box::new(index_ranker(&hermes))),
        ("plain bm25", Box::new(plain_bm25(&tools))),
        ("aalis substring", Box::new(aalis(&tools))),
    ];
    let only_best = std::env::var("TS_ONLY_BEST").is_ok();
    for (label, rank) in rankers.iter().take(if only_best { 1 } else { 4 }) {
        let (mut all, mut latin, mut other) = (Sums::default(), Sums::default(), Sums::default());
        let t = Instant::now();
        for q in &queries {
            let ranked = rank(&q.text);
            all.add(&ranked, &q.relevant);
            if q.latin {
                latin.add(&ranked, &q.relevant);
            } else {
                other.add(&ranked, &q.relevant);
            }
            if *label == "ours (best)" && !ranked.iter().take(5).any(|d| q.relevant.contains(d)) {
                let line = json!({
                    "dataset": name,
                    "query": q.text,
                    "relevant": q.relevant.iter().map(|d| &ids[*d]).collect::<Vec<_>>(),
                    "top5": ranked.iter().take(5).map(|d| &ids[*d]).collect::<Vec<_>>(),
                });
                let _ = writeln!(misses, "{line}");
            }
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / queries.len().max(1) as f64;
        println!("{label}  ({us:.1} µs/query)");
        println!("{}", all.row("all"));
        println!("{}", latin.row("Latin"));
        println!("{}", other.row("non-Latin"));
    }
}

fn latency(data: &str) {
    let path = format!("{data}/catalogs/mcp-servers.json");
    if !std::path::Path::new(&path).exists() {
        return;
    }
    let (tools, _) = load_tools(&path);
    let refs: Vec<&Tool> = tools.iter().collect();
    let t0 = Instant::now();
    let index = SearchIndex::build(&refs, &SearchOptions::default());
    let build = t0.elapsed();
    let queries = [
        "create issue",
        "send a message to a slack channel",
        "list files in a directory",
        "создать issue в github",
        "创建日历事件",
        "ファイルを削除",
        "calender evnt",
        "hub",
        "take a screenshot of the page",
        "query the postgres database",
    ];
    let rounds = 200;
    let t = Instant::now();
    let mut hits = 0;
    for _ in 0..rounds {
        for q in &queries {
            hits += index.search(q, 10).len();
        }
    }
    let per = t.elapsed().as_secs_f64() * 1e6 / (rounds * queries.len()) as f64;
    assert!(hits > 0, "sanity: queries must find something");
    println!(
        "\n== latency: mcp-servers.json, {} tools: build {:.1} ms, search {per:.1} µs/query (limit 10)",
        tools.len(),
        build.as_secs_f64() * 1e3
    );
    // 100k tools: the same catalog repeated with distinct names.
    let mut big: Vec<Tool> = Vec::with_capacity(100_000);
    while big.len() < 100_000 {
        for t in &tools {
            if big.len() == 100_000 {
                break;
            }
            let mut t = t.clone();
            t.name = format!("{}_{}", t.name, big.len());
            big.push(t);
        }
    }
    let refs: Vec<&Tool> = big.iter().collect();
    let t0 = Instant::now();
    let index = SearchIndex::build(&refs, &SearchOptions::default());
    let build = t0.elapsed();
    let t = Instant::now();
    for _ in 0..10 {
        for q in &queries {
            hits += index.search(q, 10).len();
        }
    }
    let per = t.elapsed().as_secs_f64() * 1e6 / (10 * queries.len()) as f64;
    assert!(hits > 0);
    println!(
        "== 100k tools: build {:.2} s, search {per:.0} µs/query",
        build.as_secs_f64()
    );
}

/// `--query DATASET TEXT`: our top 10 for one query, with each hit's term contributions.
fn debug_query(data: &str, name: &str, text: &str) {
    let dir = format!("{data}/datasets/{name}");
    let (tools, ids) = load_tools(&format!("{dir}/catalog.json"));
    let refs: Vec<&Tool> = tools.iter().collect();
    let index = SearchIndex::build(&refs, &tuned());
    let request = SearchRequest {
        limit: 10,
        explain: true,
        ..SearchRequest::default()
    };
    for hit in index.search_with(text, &request) {
        let terms: Vec<String> = hit
            .explain
            .unwrap_or_default()
            .iter()
            .map(|t| format!("{}/{}={:.2}", t.term, t.field, t.score))
            .collect();
        println!("{:8.3} {:40} {}", hit.score, ids[hit.doc], terms.join(" "));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--query") {
        let data = format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR"));
        debug_query(&data, &args[at + 1], &args[at + 2]);
        return;
    }
    let data = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_else(|| format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR")));
    let misses_path = format!("{}/target/eval-misses.jsonl", env!("CARGO_MANIFEST_DIR"));
    let mut misses = std::io::BufWriter::new(
        std::fs::File::create(&misses_path).unwrap_or_else(|e| panic!("{misses_path}: {e}")),
    );
    let t = Instant::now();
    if std::env::args().all(|a| a != "--only-latency") {
        for name in ["livemcpbench", "metatool"] {
            evaluate(&data, name, &mut misses);
        }
        println!(
            "\n(evaluation took {:.1} s; misses in {misses_path})",
            t.elapsed().as_secs_f64()
        );
    }
    if std::env::args().all(|a| a != "--no-latency") {
        latency(&data);
    }
}
