//! A tool whose whole name the request says.
//!
//! A tool's name says what it does in two to four words (`create_invoice`,
//! `create_directory`, `install_app`), and a request for it says all of them, in its own
//! words or the name's; a sibling that shares them and adds one (`create_invoice_item`) or a
//! tool that shares only the verb (`save_presentation` for "save the report to …/x.md", where
//! the path names a file and save is related to write: `write_file`) was often first, on
//! its description's other words or a rarer verb. When a request word's alternatives (its
//! own stems, a translation, a related or derived word, a typo's reading) match every word
//! of a tool's name that a request has to say, and there are two or more of those, the
//! tool's score is multiplied by [`Tuning::name_cover`] (1.3). A request need not say the
//! name's server's words (nobody says playwright to save a page as PDF with
//! `playwright_save_as_pdf`) or its function words, which requests drop; `tavily_search` or
//! `save_pdf` (of mcp-pdf) then has one word to say, and one word is too weak a sign.
//!
//! The build lists, per word, the tools with it among the words to say (a postings list of
//! their own, much shorter than the word's: get and list are in most descriptions); a query
//! counts each tool's words said through the lists of its words, in per-tool counts tagged
//! with the query's number, so nothing is reset between queries (+7% instructions per query
//! natively on the bench's 400; checking every matched tool through the words' whole lists
//! cost +11%, and checking only the tools the factor could bring into the first `limit`,
//! +29%, for two passes over the matched tools).
//!
//! Measured (the forty-second session, native): the multilingual probe's older 665 intents
//! 4,753 → 4,794 language-intents, the held-out sets (forty-second, forty-fifth and the new
//! forty-seventh) 346 → 350; LiveMCPBench R@5 0.428 → 0.456 and MRR@10 0.563 → 0.568, R@1
//! 0.211 → 0.194; MetaTool (one-word plugin names) unchanged. Found on LiveMCPBench's
//! file-writing requests; no probe request guided it. 1.2 gave the probe +33 and
//! LiveMCPBench 0.450, 1.5 +22 and 0.474; letting a name with one word to say beside its
//! server's count gave the probe 15 more, but made `tavily_search` whole on any request
//! that says search (a Japanese request for a place's coordinates lost its geocoder to
//! two search tools). Its cost: a request that says a sibling's whole name and the right
//! tool's other word in other words (delete-specific-calendar-event for "delete only the
//! earlier of the two", `slack_get_channel_history` for "show the messages in the channel",
//! `get_autoreply` for "die automatische Antwort") now has the sibling first.
//!
//! [`Tuning::name_cover`]: crate::search::Tuning::name_cover

use super::{Alternatives, BestIndex};
use crate::analysis::stopwords::is_function_word;
use crate::bits;
use crate::search::postings::PostingsBuilder;

/// The name's and the source label's places in the postings' per-field counts.
const NAME: usize = 0;
const SOURCE: usize = 1;

/// Adds the next tool's name words a request has to say to `lists` (field 0) and returns how
/// many they are: the terms of its name but those of its source label and function words,
/// each once. `current` is the tool's (term, per-field counts), `texts` the terms' texts.
pub(super) fn gather(
    current: &[(u32, [u8; 4])],
    texts: &[String],
    lists: &mut PostingsBuilder,
) -> u8 {
    let mut n = 0u8;
    for &(t, c) in current {
        if c[NAME] > 0
            && c[SOURCE] == 0
            && !texts.get(t as usize).is_some_and(|w| is_function_word(w))
        {
            lists.add(t, NAME);
            n = n.saturating_add(1);
        }
    }
    lists.end_doc();
    n
}

/// The tools whose name of two or more words `groups` cover (see the module
/// documentation), one bit per tool. `counts` holds per tool the query number `query` in its
/// high bits and the name words matched in its low eight (a tool whose number is another
/// query's has none: nothing is reset between queries); `docs` is empty scratch, left so.
pub(super) fn covered_tools(
    index: &BestIndex,
    groups: &[Alternatives],
    counts: &mut [u32],
    query: u32,
    docs: &mut Vec<u32>,
) -> Vec<u64> {
    let mut terms: Vec<u32> = Vec::new();
    for &(t, _) in groups.iter().flatten() {
        if index.in_name.get(t as usize) == Some(&true) && !terms.contains(&t) {
            terms.push(t);
        }
    }
    // Each tool's words among them, through the lists of tools that have a word in their
    // name (the word's whole list also holds every description that has it: get and list
    // are in most). Only a tool with two is a candidate.
    let now = query << 8;
    for term in terms {
        for p in index.name_lists.of(term) {
            if let Some(c) = counts.get_mut(p.doc as usize) {
                if *c & !0xff != now {
                    *c = now;
                }
                if *c & 0xff < 0xff {
                    *c += 1;
                }
                if *c & 0xff == 2 {
                    docs.push(p.doc);
                }
            }
        }
    }
    let mut bits = Vec::new();
    for doc in docs.drain(..) {
        let n = index.name_len.get(doc as usize).copied().unwrap_or(0);
        if counts.get(doc as usize).map_or(0, |c| c & 0xff) == u32::from(n) {
            bits::set(&mut bits, doc as usize);
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_names_words_to_say_leave_out_its_servers_and_function_words() {
        let texts: Vec<String> = ["save", "playwright", "as", "page", "pdf"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let current = [
            (0, [1, 0, 0, 0]),
            (1, [1, 1, 0, 0]),
            (2, [1, 0, 1, 0]),
            (3, [0, 0, 2, 0]),
            (4, [1, 0, 1, 0]),
        ];
        let mut lists = PostingsBuilder::default();
        assert_eq!(gather(&current, &texts, &mut lists), 2);
        assert_eq!(gather(&current[3..4], &texts, &mut lists), 0);
        let lists = lists.finish(texts.len(), |_, _| 0.0);
        let docs = |t: u32| lists.of(t).iter().map(|p| p.doc).collect::<Vec<_>>();
        assert_eq!(
            (0..5).map(docs).collect::<Vec<_>>(),
            [vec![0], vec![], vec![], vec![], vec![0]]
        );
    }
}
