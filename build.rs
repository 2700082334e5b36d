//! Lays the lexicon out by language for the binary, packs the Traditional Chinese
//! characters the analysis folds (`src/analysis/traditional.txt`) into a short table, and
//! writes Unicode's lowercase mapping as runs (see `src/analysis/case.rs`).
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
    let traditional = "src/analysis/traditional.txt";
    println!("cargo:rerun-if-changed={source}");
    println!("cargo:rerun-if-changed={traditional}");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = PathBuf::from(std::env::var("OUT_DIR")?);
    let pairs = traditional_pairs(&std::fs::read_to_string(traditional)?)?;
    std::fs::write(dir.join("traditional.rs"), pack(&pairs)?)?;
    std::fs::write(dir.join("lowercase.rs"), lowercase_runs()?)?;
    let simplified = |c: char| {
        pairs
            .binary_search_by_key(&c, |&(t, _)| t)
            .ok()
            .and_then(|i| pairs.get(i))
            .map_or(c, |&(_, s)| s)
    };
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
            // Folded as the analysis folds every text it reads: a Traditional character
            // (the lexicon's 檔案, Japanese 開く) to its Simplified form.
            *slot = words(list).chars().map(simplified).collect();
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
    std::fs::write(dir.join("lexicon-by-language.txt"), out)?;
    Ok(())
}

/// The words of one part, single-spaced.
fn words(part: &str) -> String {
    part.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The (Traditional, Simplified) pairs of `traditional.txt`'s lines (`启 啓 啟`: a Simplified
/// character, then its Traditional forms), sorted by the Traditional character. A character
/// listed twice, or a Traditional form that is itself folded, fails the build.
fn traditional_pairs(text: &str) -> Result<Vec<(char, char)>, Box<dyn Error>> {
    let mut pairs = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut chars = line.split_whitespace().map(|w| {
            let mut c = w.chars();
            match (c.next(), c.next()) {
                (Some(one), None) => Ok(one),
                _ => Err(format!(
                    "traditional.txt: `{w}` is not one character: {line}"
                )),
            }
        });
        let simplified = chars.next().ok_or("traditional.txt: an empty line")??;
        for traditional in chars {
            pairs.push((traditional?, simplified));
        }
    }
    pairs.sort_unstable();
    for pair in pairs.windows(2) {
        if let [(a, _), (b, _)] = pair {
            if a == b {
                return Err(format!("traditional.txt: `{a}` is listed twice").into());
            }
        }
    }
    if let Some((_, s)) = pairs
        .iter()
        .find(|(_, s)| pairs.binary_search_by_key(s, |p| p.0).is_ok())
    {
        return Err(format!("traditional.txt: `{s}` is folded and folded to").into());
    }
    Ok(pairs)
}

/// The pairs as `src/analysis/traditional.rs` includes them: the Traditional characters'
/// code points in order, then their Simplified forms' (every one a `u16`: the ideographs of
/// the Basic Multilingual Plane).
fn pack(pairs: &[(char, char)]) -> Result<String, Box<dyn Error>> {
    let mut out = format!("const PAIRS: usize = {};\n", pairs.len());
    for (name, pick) in [("TRADITIONAL", 0), ("SIMPLIFIED", 1)] {
        write!(out, "static {name}: [u16; PAIRS] = [")?;
        for &(t, s) in pairs {
            let c = if pick == 0 { t } else { s };
            write!(out, "{},", u16::try_from(u32::from(c))?)?;
        }
        out.push_str("];\n");
    }
    Ok(out)
}

/// Unicode's simple lowercase mapping as `src/analysis/case.rs` reads it, taken from this
/// compiler's own `char::to_lowercase` (the same Unicode version the crate is built with):
/// the 1,400-odd letters that change, as runs of letters a `stride` apart (1: `A`–`Z`; 2: the
/// alternating `Ā ā Ă ă …`) that all move by one `delta`. `RUNS` holds each run's first code
/// point `<< 8`, its length − 1 `<< 1` and its stride − 1; `DELTAS` the shifts. `İ`, the one
/// letter whose lowercase is two characters, is left to the code.
fn lowercase_runs() -> Result<String, Box<dyn Error>> {
    let mut moved = Vec::new();
    for c in (0..=0x10_ffff_u32).filter_map(char::from_u32) {
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next()) {
            (Some(l), None) if l != c => moved.push((
                u32::from(c),
                i64::from(u32::from(l)) - i64::from(u32::from(c)),
            )),
            (Some(_), None) => {}
            _ if c == '\u{130}' => {}
            _ => {
                return Err(format!(
                    "lowercase: U+{:04X} lowers to several characters",
                    u32::from(c)
                )
                .into())
            }
        }
    }
    let mut runs: Vec<(u32, u32, u32, i64)> = Vec::new(); // (first, stride, length, delta)
    let mut rest = moved.as_slice();
    while let Some(&(first, delta)) = rest.first() {
        let length = |stride: u32| {
            (1u32..)
                .take_while(|&n| rest.get(n as usize) == Some(&(first + stride * n, delta)))
                .last()
                .map_or(1, |n| n + 1)
        };
        let (stride, length) = if length(2) > length(1) {
            (2, length(2))
        } else {
            (1, length(1))
        };
        // A run longer than 128 letters is cut in two.
        let length = length.min(128);
        runs.push((first, stride, length, delta));
        rest = rest.get(length as usize..).unwrap_or_default();
    }
    let mut out = format!("const LOWER_RUNS: usize = {};\n", runs.len());
    out.push_str("static RUNS: [u32; LOWER_RUNS] = [");
    for &(first, stride, length, _) in &runs {
        write!(out, "{},", first << 8 | (length - 1) << 1 | (stride - 1))?;
    }
    out.push_str("];\nstatic DELTAS: [i32; LOWER_RUNS] = [");
    for &(.., delta) in &runs {
        write!(out, "{},", i32::try_from(delta)?)?;
    }
    out.push_str("];\n");
    Ok(out)
}
