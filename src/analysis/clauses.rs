//! Where a request changes step: splitting a long query into clauses.
//!
//! Agents often ask for a whole task at once ("find the trending repositories, read the top
//! one's wiki and then write a markdown summary"), and each step wants its own tool. The search
//! scores each clause on its own as well as the whole query (see `search::best`), so the top
//! hits cover several steps instead of five variants of one.
//!
//! A clause ends at sentence punctuation (`. ! ? ;` followed by a space or the end, so
//! `report.pdf` and `1,000` stay whole; CJK `。！？；，、` always), at a comma followed by a space,
//! and before a conjunction or sequence word of the lexicon languages (`and`, `then`,
//! `finally`, `und`, `puis`, `и`, `然后`, …), which is dropped. Splitting only proposes
//! clauses: the search decides whether enough of them carry words to be worth scoring.

/// Conjunction and sequence words of en/es/pt/fr/de/it/ru that start a new step (folded).
const JOINERS: &[&str] = &[
    // English
    "and",
    "then",
    "afterwards",
    "afterward",
    "finally",
    "next",
    "plus",
    "also",
    "lastly",
    // Spanish / Portuguese / Italian
    "y",
    "e",
    "luego",
    "después",
    "despues",
    "también",
    "tambien",
    "finalmente",
    "depois",
    "então",
    "também",
    "poi",
    "quindi",
    "anche",
    // French
    "et",
    "puis",
    "ensuite",
    "aussi",
    "enfin",
    // German
    "und",
    "dann",
    "danach",
    "anschließend",
    "schließlich",
    "außerdem",
    // Russian
    "и",
    "затем",
    "потом",
    "также",
    "наконец",
];

/// Sequence words of zh/ja/ko that start a new step inside a CJK run.
const CJK_JOINERS: &[&str] = &[
    "然后",
    "然後",
    "接着",
    "接著",
    "之后",
    "之後",
    "最后",
    "最後",
    "并且",
    "並且",
    "同时",
    "それから",
    "そして",
    "次に",
    "最後に",
    "그리고",
    "그다음",
    "다음에",
];

fn is_joiner(word: &str) -> bool {
    let lower = word.to_lowercase();
    JOINERS.contains(&lower.as_str())
}

/// The clauses of `text`, in order, as trimmed non-empty slices (the whole text when it has
/// one clause). Joiner words are left out.
pub fn split<'a>(text: &'a str) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    let mut start = 0usize;
    let push = |from: usize, to: usize, out: &mut Vec<&'a str>| {
        if let Some(s) = text.get(from..to) {
            let s = s.trim();
            if !s.is_empty() {
                out.push(s);
            }
        }
    };
    let mut chars = text.char_indices().peekable();
    let mut word_start: Option<usize> = None;
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|p| p.1);
        let end_of_word = |c: char| !(c.is_alphanumeric() || c == '\'' || c == '’');
        if !end_of_word(c) {
            if word_start.is_none() {
                word_start = Some(i);
            }
            // CJK sequence words sit inside a run: split before them.
            if is_cjk(c) {
                if let Some(rest) = text.get(i..) {
                    if let Some(j) = CJK_JOINERS.iter().find(|j| rest.starts_with(**j)) {
                        push(start, i, &mut out);
                        start = i + j.len();
                        // Skip the joiner's remaining characters.
                        while chars.peek().is_some_and(|p| p.0 < start) {
                            chars.next();
                        }
                        word_start = None;
                    }
                }
            }
            if next.is_some() {
                continue;
            }
        }
        // A word ended at `i` (or at the end of the text).
        if let Some(ws) = word_start.take() {
            let we = if end_of_word(c) { i } else { i + c.len_utf8() };
            if text.get(ws..we).is_some_and(is_joiner) {
                push(start, ws, &mut out);
                start = we;
            }
        }
        let boundary = match c {
            '。' | '！' | '？' | '；' | '，' | '、' => true,
            '.' | '!' | '?' | ';' | ',' => next.map_or(true, char::is_whitespace),
            '\n' => true,
            _ => false,
        };
        if boundary {
            push(start, i, &mut out);
            start = i + c.len_utf8();
        }
    }
    push(start, text.len(), &mut out);
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_split_at_punctuation_and_joiners() {
        assert_eq!(
            split("Find the trending repos. Read its wiki, then write a summary to /root/a.md"),
            vec![
                "Find the trending repos",
                "Read its wiki",
                "write a summary to /root/a.md"
            ]
        );
        assert_eq!(
            split("beat tracking, MFCC extraction, and chroma CQT"),
            vec!["beat tracking", "MFCC extraction", "chroma CQT"]
        );
    }

    #[test]
    fn file_names_numbers_and_single_clauses_stay_whole() {
        assert_eq!(split("open report.pdf"), vec!["open report.pdf"]);
        assert_eq!(split("costs 1,000 dollars"), vec!["costs 1,000 dollars"]);
        assert_eq!(split("sandbox"), vec!["sandbox"]);
        assert!(split("  ").is_empty());
    }

    #[test]
    fn other_languages_split_too() {
        assert_eq!(
            split("Datei lesen und dann eine Mail senden"),
            vec!["Datei lesen", "eine Mail senden"]
        );
        assert_eq!(split("读取文件然后发送邮件"), vec!["读取文件", "发送邮件"]);
        assert_eq!(split("найти файл и удалить"), vec!["найти файл", "удалить"]);
    }
}
