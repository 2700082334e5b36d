//! Stems a `word: related related ...` table with the English document analyzer, so the
//! engine can load it without stemming anything (step 2 of `scripts/make-wordnet.py`).
//!
//! `python3 scripts/make-wordnet.py ... | cargo run --release --example stem-table > out.txt`
//!
//! Comment lines pass through. Keys with the same stem are merged, values equal to their key's
//! stem or repeated are dropped, and lines are sorted by key (the engine binary-searches them).

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use tool_search::analysis::Analyzer;
use tool_search::Language;

fn main() -> std::io::Result<()> {
    let analyzer = Analyzer::new(&[Language::English], false);
    let mut table: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.starts_with('#') || line.trim().is_empty() {
            writeln!(out, "{line}")?;
            continue;
        }
        let Some((word, related)) = line.split_once(':') else {
            continue;
        };
        let mut keys = Vec::new();
        analyzer.terms(word, &mut keys);
        let mut values = Vec::new();
        analyzer.terms(related, &mut values);
        for key in keys {
            let list = table.entry(key.clone()).or_default();
            for v in &values {
                if *v != key && !list.contains(v) {
                    list.push(v.clone());
                }
            }
        }
    }
    for (key, values) in table {
        if !values.is_empty() {
            writeln!(out, "{key}: {}", values.join(" "))?;
        }
    }
    Ok(())
}
