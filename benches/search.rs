//! Native speed of analysis, index build and search (`cargo bench --bench search`), on the
//! bundled `samples/catalog.json` and, when `../shared/data` exists, the 3,454-tool
//! `catalogs/mcp-servers.json`. Each bench asserts a sanity fact (tokens produced, hits found),
//! never a timing.

// A benchmark binary: failing loudly on bad data is the right behaviour.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use serde_json::Value;
use tool_search::analysis::{Analyzer, Language};
use tool_search::{SearchIndex, SearchOptions, Tool};

const QUERIES: &[&str] = &[
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

fn load(path: &str) -> Option<Vec<Tool>> {
    let text = std::fs::read_to_string(path).ok()?;
    let values: Vec<Value> = serde_json::from_str(&text).unwrap();
    Some(
        values
            .into_iter()
            .enumerate()
            .map(|(i, v)| Tool::from_value(v, i).unwrap())
            .collect(),
    )
}

fn catalogs() -> Vec<(&'static str, Vec<Tool>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out = vec![(
        "sample",
        load(&format!("{root}/samples/catalog.json")).expect("samples/catalog.json"),
    )];
    if let Some(tools) = load(&format!("{root}/../shared/data/catalogs/mcp-servers.json")) {
        out.push(("mcp-servers", tools));
    }
    out
}

fn bench(c: &mut Criterion) {
    let analyzer = Analyzer::new(&[Language::English], true);
    let text = "mcp__github__createPullRequest: Create a new pull request in a GitHub repository \
                (创建拉取请求, создать запрос)";
    let mut out = Vec::new();
    analyzer.terms(text, &mut out);
    assert!(
        out.len() > 10,
        "sanity: the analyzer produced {} terms",
        out.len()
    );
    c.bench_function("analysis/document", |b| {
        b.iter(|| {
            out.clear();
            analyzer.terms(black_box(text), &mut out);
            out.len()
        })
    });
    c.bench_function("analysis/queries", |b| {
        b.iter(|| {
            QUERIES
                .iter()
                .map(|q| analyzer.query(black_box(q)).len())
                .sum::<usize>()
        })
    });
    for (name, tools) in catalogs() {
        let refs: Vec<&Tool> = tools.iter().collect();
        let options = SearchOptions::default();
        let mut group = c.benchmark_group(format!("{name} ({} tools)", tools.len()));
        group.sample_size(10);
        group.bench_function("build", |b| {
            b.iter(|| SearchIndex::build(black_box(&refs), &options).len())
        });
        let index = SearchIndex::build(&refs, &options);
        let found: usize = QUERIES.iter().map(|q| index.search(q, 10).len()).sum();
        assert!(found > 0, "sanity: the queries found nothing in {name}");
        group.sample_size(50);
        group.bench_function("search (10 queries, limit 10)", |b| {
            b.iter(|| {
                QUERIES
                    .iter()
                    .map(|q| index.search(black_box(q), 10).len())
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
