//! Where words start and end: Unicode-aware segmentation into runs of one script.
//!
//! A word is a run of letters, digits and combining marks. Everything else separates words
//! (spaces, punctuation, `_ - . : /`, emoji), except invisible format characters (zero-width
//! space/joiners, soft hyphen, BOM), which are dropped without splitting, so `cre\u{200B}ate`
//! stays `create`. A change of script between letters also ends a word, so `github上的issue`
//! is `github`, `上的`, `issue`. Digits and marks join whichever script they sit in.

use super::case::lowercase;
use super::ids;
use super::language::{is_mark, Script};
use std::borrow::Cow;
use std::ops::Range;

/// Invisible characters that must neither split nor appear in a word.
fn is_ignorable(c: char) -> bool {
    matches!(c as u32, 0x00AD | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0xFEFF)
}

/// ASCII letters and digits, by byte: one load per byte in the scan of a run (the range
/// checks of `is_ascii_alphanumeric` cost several instructions per byte of every catalog).
// Indexing in a constant: an index out of range would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
static ASCII_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    table
};

/// True for an ASCII letter or digit (see [`ASCII_WORD`]).
fn is_ascii_word(b: u8) -> bool {
    ASCII_WORD.get(usize::from(b)).copied().unwrap_or(false)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c)
}

/// Calls `f(word, script)` for each word of `text` in order (case untouched). A word made only
/// of digits reports [`Script::Latin`]. Words are slices of `text` unless an ignorable
/// character sits inside one (then they are copied without it). One copy of this loop serves
/// every caller (`f` is called through a pointer, once per word).
pub fn segment(text: &str, f: &mut dyn FnMut(&str, Script)) {
    // The current word: where it starts, its script so far, and its copy once it holds an
    // ignorable character.
    let mut start: Option<usize> = None;
    let mut script: Option<Script> = None;
    let mut copy = String::new();
    let mut copied = false;
    let mut flush = |start: &mut Option<usize>,
                     end: usize,
                     script: &mut Option<Script>,
                     copied: &mut bool,
                     copy: &str| {
        if let Some(s) = start.take() {
            let word = if *copied {
                copy
            } else {
                text.get(s..end).unwrap_or_default()
            };
            if !word.is_empty() {
                f(word, script.unwrap_or(Script::Latin));
            }
        }
        *copied = false;
        *script = None;
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        // ASCII, the common case, goes a run at a time without decoding or Unicode tables.
        if b.is_ascii() {
            if !is_ascii_word(b) {
                flush(&mut start, i, &mut script, &mut copied, &copy);
                i += 1;
                continue;
            }
            // The run of ASCII letters and digits starting here.
            let run = bytes.get(i..).unwrap_or_default();
            let end = i + run
                .iter()
                .position(|b| !is_ascii_word(*b))
                .unwrap_or(run.len());
            let mut from = i;
            // Digits join whatever word is open; the run's first letter makes the word Latin,
            // ending one of another script first (a Latin word needs no look).
            if script != Some(Script::Latin) {
                let letter = run
                    .get(..end - i)
                    .and_then(|r| r.iter().position(u8::is_ascii_alphabetic));
                if let Some(at) = letter.map(|n| i + n) {
                    if script.is_some() {
                        if copied {
                            copy.push_str(text.get(i..at).unwrap_or_default());
                        }
                        flush(&mut start, at, &mut script, &mut copied, &copy);
                        from = at;
                    }
                    script = Some(Script::Latin);
                }
            }
            if start.is_none() {
                start = Some(from);
            }
            if copied {
                copy.push_str(text.get(from..end).unwrap_or_default());
            }
            i = end;
            continue;
        }
        let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
            break;
        };
        let next = i + c.len_utf8();
        if is_ignorable(c) {
            if let (Some(s), false) = (start, copied) {
                copy.clear();
                copy.push_str(text.get(s..i).unwrap_or_default());
                copied = true;
            }
            i = next;
            continue;
        }
        if !is_word_char(c) {
            flush(&mut start, i, &mut script, &mut copied, &copy);
            i = next;
            continue;
        }
        if let Some(s) = Script::of(c) {
            match script {
                Some(current) if current != s => {
                    flush(&mut start, i, &mut script, &mut copied, &copy);
                    script = Some(s);
                }
                None => script = Some(s),
                Some(_) => {}
            }
        }
        if start.is_none() {
            start = Some(i);
        }
        if copied {
            copy.push(c);
        }
        i = next;
    }
    flush(&mut start, text.len(), &mut script, &mut copied, &copy);
}

/// `text` with its values, ids and deep paths blanked out, and what they carry. Values:
/// numbers joined by `.`, `,`, `:`, `/` or `-` (a version 19.3.1, a date 2024-06-11, an amount
/// 12,500, a time 18:30, an id 1423:889). A request carries them for the tool to use; read as
/// words, their pieces (19, 3, 1) matched every description that counts something. A lone
/// number (404, "top 5") stays. Ids: see [`blank_ids`]; paths and URLs: see [`blank_paths`];
/// quoted names and texts: see [`blank_quotes`].
pub fn without_values<'a>(
    text: &'a str,
    is_name: &dyn Fn(&str) -> bool,
) -> (Cow<'a, str>, Carried) {
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut carried = Carried::default();
    blank_numbers(bytes, &mut out);
    blank_paths(bytes, &mut out, &mut carried);
    read_ids(bytes, &mut out, &mut carried);
    blank_ids(bytes, &mut out);
    blank_quotes(text, is_name, &mut out);
    // Only whole characters were replaced, by spaces: still UTF-8.
    let text = match out.map(String::from_utf8) {
        Some(Ok(blanked)) => Cow::Owned(blanked),
        _ => Cow::Borrowed(text),
    };
    (text, carried)
}

/// What a query's paths and URLs say that their words do not ([`without_values`]).
#[derive(Debug, Default, PartialEq)]
pub struct Carried {
    /// It holds a path to a file: the request is about a file, though it may never say so
    /// ("how big is ~/notes/todo.txt": see [`Analyzer::query`]).
    ///
    /// [`Analyzer::query`]: super::Analyzer::query
    pub file: bool,
    /// It holds a URL: the tool it asks for is likely one that takes a URL.
    pub url: bool,
    /// Where its URLs' paths are, as byte ranges (/acme/api/pipelines of
    /// https://gitlab.com/acme/api/pipelines): mostly someone's names, with now and then a
    /// word that says what the link is to. Also a name written as a path, one of whose words
    /// is joined by a hyphen or underscore (stability-ai/sdxl, infra/deploy-tools): in a
    /// catalog, such names are the examples in a few tools' descriptions.
    pub url_paths: Vec<Range<usize>>,
    /// Words for what it names without saying: its ids' objects by their shape (PROJ-1234:
    /// issue; see [`ids::object_of`]), a rooted path's folder (directory), a subreddit's name
    /// (reddit, subreddit). Repeats allowed: the query adds a word once.
    pub objects: Vec<&'static str>,
}

/// Spaces over `bytes[from..to]` in `out` (a copy of `bytes`, made on first use).
fn blank(bytes: &[u8], out: &mut Option<Vec<u8>>, from: usize, to: usize) {
    let buf = out.get_or_insert_with(|| bytes.to_vec());
    if let Some(value) = buf.get_mut(from..to) {
        value.fill(b' ');
    }
}

/// Length of the run of bytes of `class` starting at `at` (0 past the end).
fn run_from(bytes: &[u8], at: usize, class: impl Fn(&u8) -> bool) -> usize {
    bytes
        .get(at..)
        .map_or(0, |b| b.iter().take_while(|c| class(c)).count())
}

/// Calls `f` with the start and bytes of each maximal run of bytes of `class`.
fn each_run(bytes: &[u8], class: impl Fn(&u8) -> bool, mut f: impl FnMut(usize, &[u8])) {
    let mut at = 0;
    while at < bytes.len() {
        let run = run_from(bytes, at, &class);
        if run > 0 {
            f(at, bytes.get(at..at + run).unwrap_or_default());
        }
        at += run.max(1);
    }
}

fn blank_numbers(bytes: &[u8], out: &mut Option<Vec<u8>>) {
    let digits_from = |at: usize| run_from(bytes, at, u8::is_ascii_digit);
    let mut at = 0;
    while at < bytes.len() {
        let run = digits_from(at);
        let after_word = at > 0 && bytes.get(at - 1).is_some_and(u8::is_ascii_alphanumeric);
        if run == 0 || after_word {
            at += run.max(1);
            continue;
        }
        // The run and every `separator digits` after it.
        let mut end = at + run;
        let mut joined = false;
        while let Some(b'.' | b',' | b':' | b'/' | b'-') = bytes.get(end) {
            let more = digits_from(end + 1);
            if more == 0 {
                break;
            }
            end += 1 + more;
            joined = true;
        }
        if joined && !bytes.get(end).is_some_and(u8::is_ascii_alphanumeric) {
            blank(bytes, out, at, end);
        }
        at = end;
    }
}

/// Blanks ids: runs of ASCII letters and digits of six or more that switch between letters
/// and digits three times or more (an Airtable record recA1b2C3d4, a commit 3f9c2ab7e1d4, a
/// UUID's pieces). Split as an identifier, recA1b2C3d4 gave the word rec, which a tool named
/// fileshares_rec has; k8s, gpt4o and x86_64 switch fewer times and stay.
fn blank_ids(bytes: &[u8], out: &mut Option<Vec<u8>>) {
    each_run(bytes, u8::is_ascii_alphanumeric, |at, token| {
        let switches = token
            .windows(2)
            .filter(|w| matches!(w, [a, b] if a.is_ascii_digit() != b.is_ascii_digit()))
            .count();
        if token.len() >= 6 && switches >= 3 {
            blank(bytes, out, at, at + token.len());
        }
    });
}

/// Reads the objects ids name by their shape ([`ids::object_of`]) into `carried`, and
/// blanks an API's id (cus_Q8dF3's words cus and q8df3 say nothing; a tracker's key stays).
fn read_ids(bytes: &[u8], out: &mut Option<Vec<u8>>, carried: &mut Carried) {
    let class = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-';
    each_run(bytes, class, |at, token| {
        // (Every id has a digit: most words are passed over at once. Not a piece of a longer
        // name or path: my.cus_Q8dF3, a/PROJ-12.)
        let before = at.checked_sub(1).and_then(|b| bytes.get(b));
        let piece = before.is_some_and(|b| matches!(b, b'.' | b'/' | b'\\' | b'@' | b':'));
        if piece || !token.iter().any(u8::is_ascii_digit) {
            return;
        }
        if let Some((object, minted)) = ids::object_of(token) {
            // A key in brackets or before a bar heads a message in a ticket's shape ("[ADM-356]
            // Requester: …", "Ticket DOC-903 | …"): the ticket the task came in, not what it
            // asks about.
            let next = bytes.get(at + token.len()..).unwrap_or_default();
            let next = next
                .iter()
                .position(|&b| b != b' ')
                .and_then(|n| next.get(n..));
            let header = before == Some(&b'[')
                || next.is_some_and(|n| {
                    n.starts_with(b"]") || n.starts_with(b"|") || n.starts_with("｜".as_bytes())
                });
            if object == "issue" && header {
                return;
            }
            // (The query adds a word once.)
            carried.objects.extend(object.split('+'));
            if minted {
                blank(bytes, out, at, at + token.len());
            }
        }
    });
}

/// The folders at a file system's root that people's paths start from.
const ROOTS: &str = "/home/ /Users/ /var/ /etc/ /tmp/ /opt/ /root/ /usr/ /srv/ /mnt/ /Volumes/";

/// Fewest separators of a path that is blanked: a short path often names what it holds in
/// its file's place (/root/git, ~/music). Measured: at two, LiveMCPBench lost its task about
/// /root/git.
const MIN_SEPARATORS: usize = 3;

/// A byte of a path: ASCII letters, digits and `/\._-~:@+%`.
fn path_char(b: &u8) -> bool {
    b.is_ascii_alphanumeric() || b"/\\._-~:@+%".contains(b)
}

/// A path's separator, `/` or `\`.
fn separator(b: &u8) -> bool {
    *b == b'/' || *b == b'\\'
}

/// True when a run of [`path_char`]s is a URL: it has `://`, or its first segment is a host
/// name such as linkedin.com, whose words name the site (a name, a dot, and two letters or
/// more: not .circleci/config.yml).
fn is_url(token: &[u8]) -> bool {
    let host = token.split(separator).next().is_some_and(|first| {
        let dot = first.iter().rposition(|&c| c == b'.');
        dot.is_some_and(|dot| {
            let tld = first.get(dot + 1..).unwrap_or_default();
            dot > 0
                && first.first() != Some(&b'.')
                && tld.len() >= 2
                && tld.iter().all(u8::is_ascii_alphabetic)
        })
    });
    host || token.windows(3).any(|w| w == b"://")
}

/// Blanks each file path of [`MIN_SEPARATORS`] `/` or `\` or more but for the folder its
/// file is in and the file's extension (/root/excel/goods.xlsx: excel, xlsx; a .pdf or a
/// .pptx says what kind of file the request is about): the folders above are someone's file
/// layout (/home/maria/app/src/index.ts: home, maria, app), and the file's name is a value.
/// In a shorter path only a file's name goes (~/notes/todo.txt: notes, txt; "how big is" it
/// asks for a file's details, not a to-do list). A path is a run of ASCII letters, digits and
/// `/\._-~:@+%` with a separator; a path whose last segment ends in an extension
/// ([`extension_at`]: `~/notes/todo.txt`, `src\App.jsx`; not `facebook/react`, `r/gaming` or
/// `km/h`) is to a file. A URL ([`is_url`]) is read by [`blank_url`]; a name written as a
/// path, with a word joined by `-` or `_` (stability-ai/sdxl), keeps its words but is
/// carried as a URL's path is. A path from the file system's root or a home that ends in no
/// file ([`ROOTS`]) carries the word directory; a subreddit's or a Reddit user's name
/// (r/homelab, u/spez) the words reddit and subreddit or user.
fn blank_paths(bytes: &[u8], out: &mut Option<Vec<u8>>, carried: &mut Carried) {
    each_run(bytes, path_char, |at, token| {
        let Some(name) = token.iter().rposition(separator) else {
            // A file's name alone (notes.md, Budget_2025.xlsx): not a site's (monday.com) nor
            // a product's (Node.js).
            carried.file |= extension_at(token).is_some_and(|dot| {
                // (Up to the sentence's punctuation, which `extension_at` steps over.)
                let ext = token.get(dot + 1..).unwrap_or_default();
                let ext = ext
                    .split(|c| !c.is_ascii_alphanumeric())
                    .next()
                    .unwrap_or_default();
                FILE_EXTENSIONS
                    .split(' ')
                    .any(|e| ext.eq_ignore_ascii_case(e.as_bytes()))
            });
            return;
        };
        if is_url(token) {
            carried.url = true;
            let path = blank_url(bytes, out, at, token);
            if !path.is_empty() {
                carried.url_paths.push(path);
            }
            return;
        }
        // Reddit's names: r/homelab a subreddit, u/spez a user (not r/w, read and write).
        let separators = token.iter().filter(|c| separator(c)).count();
        let reddit = token.starts_with(b"r/") || token.starts_with(b"u/");
        if separators == 1 && reddit && token.len() >= 4 {
            let user = token.starts_with(b"u/");
            carried
                .objects
                .extend(["reddit", if user { "user" } else { "subreddit" }]);
            return;
        }
        let ext = extension_at(token);
        carried.file |= ext.is_some();
        // A path from the file system's root or a home (~/projects/api, /var/log/nginx) that
        // ends in no file is to a folder.
        let rooted =
            token.starts_with(b"~/") || ROOTS.split(' ').any(|r| token.starts_with(r.as_bytes()));
        if ext.is_none() && rooted {
            carried.objects.push("directory");
        }
        if separators >= MIN_SEPARATORS {
            let folder = token
                .get(..name)
                .and_then(|t| t.iter().rposition(separator))
                .unwrap_or(0);
            let ext = token.iter().rposition(|&c| c == b'.').filter(|&d| d > name);
            blank(bytes, out, at, at + folder + 1);
            blank(
                bytes,
                out,
                at + name,
                at + ext.map_or(token.len(), |d| d + 1),
            );
        } else if let Some(dot) = ext {
            blank(bytes, out, at + name, at + dot + 1);
        } else if token.iter().any(|c| matches!(c, b'-' | b'_')) {
            // A name written as a path (a model stability-ai/sdxl, a repository
            // acme-corp/storefront, a branch hotfix/crash-android): its words are someone's
            // names, as a URL's path's are. (Not CI/CD or facebook/react: no joined word.)
            carried.url_paths.push(at..at + token.len());
        }
    });
}

/// Blanks what every URL has, its scheme (`https://`), the host's top-level domain (`.com`)
/// and a generic subdomain ([`GENERIC_SUBDOMAINS`]: www, app of app.asana.com):
/// read as words they matched every description with an example link in it, and every app
/// tool. The host's names stay (gitlab of gitlab.com, currents of app.currents.dev, docs of
/// docs.google.com). Returns where the URL's path is in `bytes` (empty for none).
fn blank_url(bytes: &[u8], out: &mut Option<Vec<u8>>, at: usize, token: &[u8]) -> Range<usize> {
    let from = token
        .windows(3)
        .position(|w| w == b"://")
        .map_or(0, |p| p + 3);
    blank(bytes, out, at, at + from);
    let end = token
        .get(from..)
        .and_then(|t| t.iter().position(separator))
        .map_or(token.len(), |p| from + p);
    let host = token.get(from..end).unwrap_or_default();
    let tld = host.iter().rposition(|&c| c == b'.').filter(|&d| {
        host.get(d + 1..)
            .is_some_and(|t| t.iter().all(u8::is_ascii_alphabetic))
    });
    if let Some(dot) = tld {
        blank(bytes, out, at + from + dot, at + end);
    }
    // Each label before the site's name.
    let mut label = from;
    for part in host.split(|&c| c == b'.') {
        if label + part.len() < from + tld.unwrap_or(host.len())
            && GENERIC_SUBDOMAINS
                .iter()
                .any(|g| part.eq_ignore_ascii_case(g.as_bytes()))
        {
            blank(bytes, out, at + label, at + label + part.len());
        }
        label += part.len() + 1;
    }
    at + end..at + token.len()
}

/// Quotation marks, each opening one with its closing one.
const QUOTES: [(char, char); 8] = [
    ('"', '"'),
    ('\'', '\''),
    ('“', '”'),
    ('‘', '’'),
    ('„', '“'),
    ('«', '»'),
    ('「', '」'),
    ('『', '』'),
];

/// Blanks what `text` quotes: a name or a text the request hands to the tool ('acme-prod',
/// «Миграция CRM», 「リリース延期」, a message to send), unless it is most of the request
/// (`"machine learning" papers` asks about its quote) or a tool's name (`is_name`, given the
/// lowercased quote: "use 'create_issue'"). Its words name someone's things, not the tool: a
/// project 'contact-us' put a contacts tool first. An apostrophe inside a word (don't,
/// l'image, users') neither opens nor closes a quote.
fn blank_quotes(text: &str, is_name: &dyn Fn(&str) -> bool, out: &mut Option<Vec<u8>>) {
    let visible = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
    let mut open: Option<(usize, char)> = None;
    let mut prev = ' ';
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map_or(' ', |&(_, n)| n);
        let beside = if c == '\'' { [prev, next] } else { [' ', ' '] };
        match open {
            Some((from, o)) if QUOTES.contains(&(o, c)) && !beside[1].is_alphanumeric() => {
                let inside = text.get(from..at).unwrap_or_default();
                // Counted only here: most requests close no quote.
                let most = visible(inside) * 2 >= visible(text);
                if !most && !is_name(&lowercase(inside.trim())) {
                    blank(text.as_bytes(), out, from, at);
                }
                open = None;
            }
            None if QUOTES.iter().any(|q| q.0 == c) && !beside[0].is_alphanumeric() => {
                open = Some((at + c.len_utf8(), c));
            }
            _ => {}
        }
        prev = c;
    }
}

/// Extensions of documents and data files, which a name alone is read as a file by.
const FILE_EXTENSIONS: &str = "md txt csv tsv json yaml yml toml xml xlsx xls docx doc pdf pptx png jpg jpeg gif svg zip tar gz log sql html";

/// Subdomains that name no product: www, app.asana.com, dev.azure.com, api.github.com
/// (where docs, drive or mail of a Google host do).
const GENERIC_SUBDOMAINS: [&str; 9] = [
    "www", "app", "api", "dev", "my", "m", "web", "console", "portal",
];

/// Where the extension's dot is in a path's last segment (sentence punctuation after the path
/// aside): one to five ASCII letters and digits, a letter among them, after the segment's
/// last `.` (todo.txt, App.jsx, q3.xlsx; not v1.2 or a bare name).
fn extension_at(token: &[u8]) -> Option<usize> {
    let end = token.iter().rposition(|b| !b".:".contains(b))? + 1;
    let token = token.get(..end)?;
    let from = token.iter().rposition(separator).map_or(0, |s| s + 1);
    let dot = token
        .iter()
        .rposition(|&c| c == b'.')
        .filter(|&d| d >= from)?;
    let ext = token.get(dot + 1..)?;
    ((1..=5).contains(&ext.len())
        && ext.iter().all(u8::is_ascii_alphanumeric)
        && ext.iter().any(u8::is_ascii_alphabetic))
    .then_some(dot)
}

/// Full case folding as far as search needs it: Unicode lowercase plus the folds lowercase
/// misses (`ß`→`ss`, final sigma, long s, Latin ligatures), `ё`→`е`, which Russian writers
/// use interchangeably, and the Traditional Chinese characters of the lexicon's Chinese words
/// to their Simplified forms (`刪除` → `删除`; see `traditional`).
pub fn fold(word: &str, out: &mut String) {
    out.clear();
    // Folding keeps the length but for a few letters: room once, not a growth per few bytes.
    out.reserve(word.len());
    for c in word.chars() {
        match c {
            'ß' | 'ẞ' => out.push_str("ss"),
            'ς' => out.push('σ'),
            'ſ' => out.push('s'),
            'ё' | 'Ё' => out.push('е'),
            'ﬀ' => out.push_str("ff"),
            'ﬁ' => out.push_str("fi"),
            'ﬂ' => out.push_str("fl"),
            'ﬃ' => out.push_str("ffi"),
            'ﬄ' => out.push_str("ffl"),
            'ﬅ' | 'ﬆ' => out.push_str("st"),
            // Traditional Chinese to Simplified, for the characters the lexicon knows.
            c @ '\u{3400}'..='\u{9fff}' => out.push(super::traditional::simplified(c)),
            c => super::case::push_lower(out, c),
        }
    }
}

/// `word` without Latin diacritics (`créer` → `creer`), for lexicon look-ups of words typed
/// without accents. Covers Latin-1 and Latin Extended-A; other characters pass unchanged.
pub fn strip_accents(word: &str) -> String {
    word.chars()
        .filter(|c| !matches!(*c as u32, 0x0300..=0x036F))
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' => 'i',
            'ñ' | 'ń' | 'ň' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => 'u',
            'ý' | 'ÿ' => 'y',
            'ś' | 'š' | 'ș' | 'ş' => 's',
            'ț' | 'ţ' => 't',
            'ź' | 'ż' | 'ž' => 'z',
            'ł' => 'l',
            c => c,
        })
        .collect()
}

/// The English spelling of a Romance word's learned suffix, `None` for another word:
/// -ción, -ção, -zione are -tion (posiciones, posições, also typed without accents:
/// positions), -idad, -idade, -ité, -ità are -ity (prioridad, priorité: priority). Their stems
/// in their own language part from the English word's (es posicion, pt posico; en posit).
pub fn english_spelling(folded: &str) -> Option<String> {
    // Matched without accents (typed without them too), but -ité and -ità only with theirs:
    // site, cita and visita are other words. (suffix, English suffix, accented form)
    const SUFFIXES: [(&str, &str, &str); 12] = [
        ("ciones", "tions", ""),
        ("cion", "tion", ""),
        ("coes", "tions", ""),
        ("cao", "tion", ""),
        ("zioni", "tions", ""),
        ("zione", "tion", ""),
        ("idades", "ities", ""),
        ("idade", "ity", ""),
        ("idad", "ity", ""),
        ("ites", "ities", "ités"),
        ("ite", "ity", "ité"),
        ("ita", "ity", "ità"),
    ];
    let plain = strip_accents(folded);
    SUFFIXES.iter().find_map(|(from, to, accented)| {
        let stem = plain.strip_suffix(from)?;
        let spelled = accented.is_empty() || folded.ends_with(accented);
        (spelled && stem.chars().count() >= 3).then(|| format!("{stem}{to}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with its values blanked.
    fn blanked(text: &str) -> Cow<'_, str> {
        without_values(text, &|_| false).0
    }

    /// True when blanking leaves `text` as it is, without copying it.
    fn unchanged(text: &str) -> bool {
        matches!(without_values(text, &|_| false).0, Cow::Borrowed(t) if t == text)
    }

    /// True when `text` holds a path to a file.
    fn names_a_file(text: &str) -> bool {
        without_values(text, &|_| false).1.file
    }

    fn words(text: &str) -> Vec<(String, Script)> {
        let mut out = Vec::new();
        segment(text, &mut |w, s| out.push((w.to_string(), s)));
        out
    }

    #[test]
    fn romance_learned_suffixes_are_spelled_as_english() {
        for (word, english) in [
            ("posiciones", Some("positions")),
            ("orientación", Some("orientation")),
            ("orientacion", Some("orientation")),
            ("posições", Some("positions")),
            ("correlação", Some("correlation")),
            ("configurazione", Some("configuration")),
            ("prioridad", Some("priority")),
            ("visibilidade", Some("visibility")),
            ("priorité", Some("priority")),
            ("priorità", Some("priority")),
            // Without its accent -ite is another word; a short stem says too little.
            ("sites", None),
            ("visita", None),
            ("cao", None),
            ("nación", None),
        ] {
            assert_eq!(english_spelling(word).as_deref(), english, "{word}");
        }
    }

    #[test]
    fn values_are_blanked_and_lone_numbers_and_words_stay() {
        let blank = |n: usize| " ".repeat(n);
        assert_eq!(
            blanked("Nx 19.3.1, 12,500 USD on 2024-06-11 at 18:30 (1423:889)."),
            format!(
                "Nx {}, {} USD on {} at {} ({}).",
                blank(6),
                blank(6),
                blank(10),
                blank(5),
                blank(8)
            )
        );
        for kept in ["top 5 and 404", "v2.0 of ipv4", "e.g. 2x", "1.", ""] {
            assert!(unchanged(kept), "{kept}");
        }
        assert_eq!(blanked("版本 3.2 и 2,5 €"), "版本     и     €");
    }

    #[test]
    fn ids_are_blanked_and_words_with_a_digit_stay() {
        assert_eq!(
            blanked("update recA1b2C3d4E5f6G7 and 3f9c2ab7e1d4"),
            format!("update {} and {}", " ".repeat(17), " ".repeat(12))
        );
        for kept in [
            "k8s on x86_64",
            "gpt4o and mind2web",
            "ipv4 mp3 h264",
            "a1b2c",
        ] {
            assert!(unchanged(kept), "{kept}");
        }
    }

    #[test]
    fn reddits_names_say_a_subreddit_or_a_user() {
        let objects = |text: &str| without_values(text, &|_| false).1.objects;
        assert_eq!(objects("anyone on r/selfhosted?"), ["reddit", "subreddit"]);
        assert_eq!(objects("In r/de gibt's"), ["reddit", "subreddit"]);
        assert_eq!(objects("karma of u/throwaway_dev42"), ["reddit", "user"]);
        for none in ["mount it r/w", "km/h", "ab/cd", "https://reddit.com/r/x/y"] {
            assert!(objects(none).is_empty(), "{none}");
        }
    }

    #[test]
    fn a_rooted_path_that_ends_in_no_file_is_a_folder() {
        let folder = |text: &str| without_values(text, &|_| false).1.objects == ["directory"];
        for yes in [
            "ls ~/Downloads",
            "/var/log/nginx",
            "C: no, /home/dev/repo/",
            "/Users/ana/x",
        ] {
            assert!(folder(yes), "{yes}");
        }
        // A file, an endpoint, a repository, a URL.
        for no in [
            "~/notes/todo.txt",
            "POST /api/orders",
            "acme/payments-api",
            "https://x.dev/home/",
        ] {
            assert!(!folder(no), "{no}");
        }
    }

    #[test]
    fn an_ids_shape_names_its_object_and_an_apis_id_is_blanked() {
        let read = |text: &str| {
            let (blanked, carried) = without_values(text, &|_| false);
            (blanked.into_owned(), carried.objects)
        };
        assert_eq!(
            read("refund cus_Q8dF3 and cus_Zz91x now"),
            (
                format!("refund {} and {} now", " ".repeat(9), " ".repeat(9)),
                vec!["customer", "customer"]
            )
        );
        // (Each id its words: the query adds a word once.) A tracker's key stays (its tools
        // show keys of its shape in their examples).
        assert_eq!(
            read("close PROJ-1234"),
            ("close PROJ-1234".into(), vec!["issue"])
        );
        assert_eq!(read("删掉 SM3f9a2c 和 i-0abc12").1, ["message", "instance"]);
        // A key heading a ticket-shaped message, and ids inside a name or path, name nothing.
        for none in [
            "[ADM-356] Requester: Ana",
            "Ticket DOC-903 | Detalle: …",
            "工单：DOC-740｜申请人",
            "see docs/PROJ-12 and my.cus_Q8dF3",
            "in_progress tasks",
        ] {
            assert!(read(none).1.is_empty(), "{none}");
        }
    }

    #[test]
    fn deep_paths_are_blanked_but_their_folder_and_extension() {
        // Each path with what stays of it: the file's folder and its extension.
        for (path, kept) in [
            (
                "/home/maria/app/src/index.ts",
                "                src       ts",
            ),
            (
                "C:\\Users\\kenta\\dev\\App.jsx",
                "               dev     jsx",
            ),
            ("/root/excel/goods.xlsx", "      excel       xlsx"),
            ("../a/b/c", "     b  "),
        ] {
            assert_eq!(
                blanked(&format!("lint {path} now")),
                format!("lint {kept} now")
            );
        }
        // Glued to CJK text, the path is still cut out.
        assert_eq!(blanked("在/opt/web/src/x.vue里"), "在         src   vue里");
        // In a shorter path only the file's name goes.
        assert_eq!(
            blanked("size of ~/notes/todo.txt, src\\App.jsx and /root/git"),
            "size of ~/notes      txt, src     jsx and /root/git"
        );
        for kept in [
            "show /root/git and ~/music",
            "open facebook/react, r/gaming at 90 km/h, v1.2/x",
        ] {
            assert!(unchanged(kept), "{kept}");
        }
    }

    #[test]
    fn a_url_keeps_its_host_names_and_marks_its_path() {
        for (text, kept, path) in [
            (
                "rerun https://app.circleci.com/pipelines/gh/acme/api",
                "rerun            .circleci    /pipelines/gh/acme/api",
                "/pipelines/gh/acme/api",
            ),
            (
                "see www.linkedin.com/in/x.y",
                "see    .linkedin    /in/x.y",
                "/in/x.y",
            ),
            ("read s3://logs/2026", "read      logs/2026", "/2026"),
            (
                "sum https://docs.google.com/d/1x",
                "sum         docs.google    /d/1x",
                "/d/1x",
            ),
            (
                "open http://localhost:3000",
                "open        localhost:3000",
                "",
            ),
        ] {
            let (blanked, carried) = without_values(text, &|_| false);
            assert_eq!(blanked, kept, "{text}");
            assert!(carried.url && !carried.file, "{text}");
            let paths: Vec<&str> = carried
                .url_paths
                .iter()
                .filter_map(|r| text.get(r.clone()))
                .collect();
            let expected: Vec<&str> = Some(path).filter(|p| !p.is_empty()).into_iter().collect();
            assert_eq!(paths, expected, "{text}");
        }
        // A dotted folder, a repository or a version is no URL.
        for text in [
            "check .circleci/config.yml",
            "open facebook/react",
            "tag v1.2/3.4",
            "e.g. 2x",
            "set up CI/CD",
        ] {
            let carried = without_values(text, &|_| false).1;
            assert!(!carried.url && carried.url_paths.is_empty(), "{text}");
        }
        // A name written as a path with a joined word is read as a URL's path is.
        for (text, path) in [
            ("versions of stability-ai/sdxl", "stability-ai/sdxl"),
            ("commit to infra/deploy-tools", "infra/deploy-tools"),
            ("branch hotfix/crash_android now", "hotfix/crash_android"),
        ] {
            let (blanked, carried) = without_values(text, &|_| false);
            assert_eq!(blanked, text, "its words stay");
            assert!(!carried.url && !carried.file, "{text}");
            let paths: Vec<&str> = carried
                .url_paths
                .iter()
                .filter_map(|r| text.get(r.clone()))
                .collect();
            assert_eq!(paths, [path], "{text}");
        }
        assert!(names_a_file("check .circleci/config.yml"));
    }

    #[test]
    fn a_quoted_name_or_text_is_blanked_unless_it_is_most_of_the_request_or_a_tool() {
        let none = |_: &str| false;
        // Each quoted byte becomes a space.
        for (text, quotes) in [
            (
                "list forms on site 'acme-marketing' and find 'contact-us'",
                &["acme-marketing", "contact-us"][..],
            ),
            ("переименуй «Миграция CRM»", &["Миграция CRM"]),
            ("「リリース延期」をチームに送信して", &["リリース延期"]),
            ("post “Closed today” to #team", &["Closed today"]),
            ("don't touch 'Q3' in l'image", &["Q3"]),
        ] {
            let kept = quotes.iter().fold(text.to_owned(), |t, q| {
                t.replacen(q, &" ".repeat(q.len()), 1)
            });
            assert_eq!(without_values(text, &none).0, kept, "{text}");
        }
        // Most of the request, an unclosed or a word's apostrophe, or a tool's name: kept.
        for text in [
            "search \"machine learning\" papers",
            "the users' files and Bob's 'notes",
            "«Миграция CRM»",
        ] {
            assert_eq!(without_values(text, &none).0, text, "{text}");
        }
        let tool = |quote: &str| quote == "create_issue";
        let text = "use 'Create_Issue' for the login bug";
        assert_eq!(without_values(text, &tool).0, text);
    }

    #[test]
    fn a_path_to_a_file_names_a_file() {
        for text in [
            "how big is ~/notes/todo.txt?",
            "open src\\App.jsx",
            "fill /root/reports/q3.xlsx: B2",
            "~/a.csv の行数",
            // A file's name alone, by a list of document and data extensions.
            "read todo.txt",
            "Contents of notes.md.",
        ] {
            assert!(names_a_file(text), "{text}");
        }
        for text in [
            "open facebook/react",
            "r/gaming and km/h",
            "fetch https://a.io/b/c.html",
            "see linkedin.com/in/x.y",
            "tag v1.2/3.4",
            "a workspace on monday.com",
            "my Node.js app",
        ] {
            assert!(!names_a_file(text), "{text}");
        }
    }

    #[test]
    fn accented_words_stay_whole() {
        assert_eq!(
            words("café crème"),
            vec![
                ("café".to_string(), Script::Latin),
                ("crème".to_string(), Script::Latin)
            ]
        );
        // Decomposed e + combining acute.
        assert_eq!(words("cafe\u{301}").len(), 1);
    }

    #[test]
    fn punctuation_and_identifiers_separators_split() {
        let w: Vec<String> = words("mcp__github__create-issue a.b:c/d")
            .into_iter()
            .map(|x| x.0)
            .collect();
        assert_eq!(
            w,
            vec!["mcp", "github", "create", "issue", "a", "b", "c", "d"]
        );
    }

    #[test]
    fn zero_width_characters_neither_split_nor_remain() {
        assert_eq!(words("cre\u{200B}ate\u{FEFF}")[0].0, "create");
    }

    #[test]
    fn a_script_change_ends_a_word() {
        let w = words("github上的issue");
        assert_eq!(w.len(), 3);
        assert_eq!(w[1], ("上的".to_string(), Script::Cjk));
    }

    #[test]
    fn digits_join_the_open_word_whatever_its_script() {
        let w = words;
        let latin = |s: &str| (s.to_string(), Script::Latin);
        let cyrillic = |s: &str| (s.to_string(), Script::Cyrillic);
        assert_eq!(w("при2abc"), vec![cyrillic("при2"), latin("abc")]);
        assert_eq!(w("2abc 42"), vec![latin("2abc"), latin("42")]);
        assert_eq!(w("v2при"), vec![latin("v2"), cyrillic("при")]);
        // A word copied around an ignorable character keeps its digits and its script break.
        assert_eq!(w("ab\u{200B}c12при"), vec![latin("abc12"), cyrillic("при")]);
        assert_eq!(w("при\u{200B}2x"), vec![cyrillic("при2"), latin("x")]);
    }

    #[test]
    fn emoji_and_rtl_marks_separate() {
        let w: Vec<String> = words("send📧mail\u{202E}now")
            .into_iter()
            .map(|x| x.0)
            .collect();
        assert_eq!(w, vec!["send", "mailnow"]);
    }

    #[test]
    fn folding_goes_beyond_lowercase() {
        let mut out = String::new();
        fold("Straße", &mut out);
        assert_eq!(out, "strasse");
        fold("ЁЛКА", &mut out);
        assert_eq!(out, "елка");
        fold("ΣΟΦΟΣ", &mut out);
        assert_eq!(out, "σοφοσ");
    }

    #[test]
    fn accents_strip_for_lookups() {
        assert_eq!(strip_accents("créer"), "creer");
        assert_eq!(strip_accents("não"), "nao");
    }
}
