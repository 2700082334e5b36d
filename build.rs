//! Lays the lexicon out by language for the binary.
//!
//! `src/analysis/lexicon.txt` is written and reviewed a concept a line (`english | ru: … |
//! zh: … | …`; its format is documented in `src/analysis/lexicon.rs`). What ships in the wasm
//! is the same words a language at a time: a header line (the number of concepts and the
//! tags in the order below), then each column's lines, one per concept, empty where a line
//! has no words for that language. Russian words beside Russian words, Spanish beside
//! Spanish, and no `| ru: ` tags, compress 4 KB smaller in the module's gzip than the lines
//! as written. Every line is checked here: a part without a known tag, or a tag given twice,
//! fails the build.

use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The order of the columns: scripts together (Latin, Cyrillic, CJK), English first.
const COLUMNS: [&str; 10] = ["en", "es", "pt", "it", "fr", "de", "ru", "zh", "ja", "ko"];

fn main() -> Result<(), Box<dyn Error>> {
    let source = "src/analysis/lexicon.txt";
    println!("cargo:rerun-if-changed={source}");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(source)?;
    let mut columns: Vec<Vec<String>> = vec![Vec::new(); COLUMNS.len()];
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: &str| format!("{source}:{}: {what}: {line}", n + 1);
        let mut parts = line.split('|');
        let english = words(parts.next().unwrap_or_default());
        if english.is_empty() {
            return Err(at("no English words").into());
        }
        let mut row = vec![String::new(); COLUMNS.len()];
        if let Some(first) = row.first_mut() {
            *first = english;
        }
        for part in parts {
            let Some((tag, list)) = part.split_once(':') else {
                return Err(at("a part without its `tag:`").into());
            };
            let slot = COLUMNS
                .iter()
                .skip(1)
                .position(|t| *t == tag.trim())
                .and_then(|i| row.get_mut(i + 1))
                .ok_or_else(|| at(&format!("unknown language tag `{}`", tag.trim())))?;
            if !slot.is_empty() {
                return Err(at(&format!("language `{}` given twice", tag.trim())).into());
            }
            *slot = words(list);
        }
        for (column, words) in columns.iter_mut().zip(row) {
            column.push(words);
        }
    }
    let concepts = columns.first().map_or(0, Vec::len);
    let mut out = format!("{concepts} {}\n", COLUMNS.join(" "));
    for column in &columns {
        for words in column {
            writeln!(out, "{words}")?;
        }
    }
    let dir = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(dir.join("lexicon-by-language.txt"), out)?;
    Ok(())
}

/// The words of one part, single-spaced.
fn words(part: &str) -> String {
    part.split_whitespace().collect::<Vec<_>>().join(" ")
}
