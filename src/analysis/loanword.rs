//! English loanwords written in katakana or hangul, matched to the English words they come
//! from.
//!
//! Japanese writes most technical English in katakana (ダッシュボード dashboard, ホスト host,
//! インデックス index), Korean in hangul (대시보드, 호스트, 인덱스): far more words than a
//! lexicon can list. Both sides are reduced to a consonant key that survives the borrowing:
//! vowels dropped (both languages add them between consonants), doubled consonants merged,
//! and the sounds the language does not tell apart merged (Japanese: l/r, v/b, f/h, z/s, j/g;
//! Korean: l/r, b/p/f/v, j/z/g), and English "r" before a consonant or at the end dropped, as
//! both languages drop it (board: ボード, 보드). ダッシュボード and dashboard are both
//! `dsbd`. A key of fewer than three consonants (ノード, node: `nd`) says too little and is
//! not used. Keys carry their language's mark (`j`, `k`), since the merges differ.
//!
//! Russian too (thirty-ninth session): a Cyrillic word that neither the lexicon nor its
//! letter-for-letter transliteration reads ([`super::translit`]: хост is host) is keyed by
//! its stem's consonants, l and r apart and every r kept, w heard as в (`r` keys): неймспейс
//! is namespace, слайд slide, артефакт artifact, воркспейс workspace. The stem, not the
//! word: an ending's consonant would read делает (does) as delete. Measured on the
//! multilingual probe: Russian +10 −1 over its 665 older intents and +5 on four new sets
//! (with the relative pronouns and modals that the ear had read as tool words, можешь as
//! emojis, which joined the stopwords). Russian spells a loanword's vowels, so there a
//! vowel keeps a repeated consonant apart (forty-first session): merged, приоритет (priority)
//! was `prt` and read as parity and port (it is in twenty of the probe's Russian requests);
//! Russian +3 over the older intents, no loss.
//!
//! The English side is the words of the tools' names and source labels (fifty-second
//! session; names only before): a server's label may be the only place its product is
//! written (kubernetes, cloudflare, airtable), so 쿠버네티스 and クラウドフレア found nothing.
//! Measured on the multilingual probe: +3 −0 language-intents of 1,301, LiveMCPBench and
//! MetaTool unchanged. Korean and Russian hear the u after a q as a w (쿼리 query, 리퀴드
//! liquid, квота quota), Japanese does not (クエリ, リキッド): +1 −0. A katakana compound
//! whose one half is lexicon words is read by its other half's sound (リキッド|チャート:
//! liquid, the lexicon's chart): +4 −1 (`search::best`'s loanword groups). An r before a
//! word's silent final e is dropped as one before a consonant is (software: ソフトウェア,
//! 소프트웨어; hardware): +4 −0. A hangul word is tried without an ending of 하다 too, with
//! which Korean makes a verb of a loanword (리베이스해줘: rebase; 포워딩해줘): +1 −0. Tried
//! and not kept: ㅇ before ㄱ or ㅋ heard as the n of nk (싱크 sync, 링크 link): −1, a sync
//! meeting read as a log sink. A w between vowels (fifty-fourth session) is heard in some
//! borrowings and not in others (gateway: ゲートウェイ, 게이트웨이, power: パワー; following:
//! フォローイング), so an English word with one has a key of each reading; before, gateway's
//! only key was `gt`, too short to use: +1 −0 on the probe, the datasets unchanged.

/// Fewest consonants in a usable key.
const MIN_KEY: usize = 3;
/// Fewest characters of a katakana word that is looked up.
const MIN_KATAKANA: usize = 3;

/// Calls `f` with each katakana word of a CJK run (a maximal run of katakana and ー, at least
/// three characters).
pub fn katakana_words(run: &str, mut f: impl FnMut(&str)) {
    let mut start: Option<usize> = None;
    let mut count = 0;
    for (at, c) in run.char_indices().chain([(run.len(), ' ')]) {
        if is_katakana(c) {
            start.get_or_insert(at);
            count += 1;
            continue;
        }
        if let Some(from) = start.take() {
            if count >= MIN_KATAKANA {
                if let Some(word) = run.get(from..at) {
                    f(word);
                }
            }
        }
        count = 0;
    }
}

fn is_katakana(c: char) -> bool {
    matches!(c, '\u{30A1}'..='\u{30FA}' | 'ー')
}

/// Calls `f` with each hangul word of a CJK run (a maximal run of hangul syllables, at
/// least two).
pub fn hangul_words(run: &str, mut f: impl FnMut(&str)) {
    for word in run.split(|c: char| !is_hangul(c)) {
        if word.chars().count() >= 2 {
            f(word);
        }
    }
}

/// Korean particles that follow a noun, longest first.
const PARTICLES: &[&str] = &[
    "에서", "에게", "으로", "까지", "부터", "처럼", "보다", "를", "을", "에", "의", "로", "는",
    "은", "가", "이", "와", "과", "도", "만",
];

/// A hangul word without the particle it ends with (대시보드를 → 대시보드), when the rest
/// is at least two syllables.
pub fn without_particle(word: &str) -> Option<&str> {
    without_ending(word, PARTICLES, 2)
}

/// `word` without the first of `endings` it ends with, when the rest is at least `min`
/// syllables.
fn without_ending<'a>(word: &'a str, endings: &[&str], min: usize) -> Option<&'a str> {
    endings
        .iter()
        .find_map(|e| word.strip_suffix(e))
        .filter(|rest| rest.chars().count() >= min)
}

/// Endings of 하다 (to do), longest first: Korean makes a verb of an English loanword with
/// it (커밋하다, to commit; 리베이스해줘, rebase it).
const HADA: &[&str] = &[
    "해주시겠어요",
    "해주십시오",
    "해주세요",
    "해줄래요",
    "해줄래",
    "해줘요",
    "해주고",
    "하려면",
    "하려고",
    "합니다",
    "하세요",
    "했어요",
    "해줘",
    "해주",
    "했어",
    "하기",
    "하고",
    "하는",
    "하면",
    "하게",
    "해서",
    "해요",
    "해야",
    "해",
    "한",
    "할",
    "했",
    "함",
];

/// A hangul word without the ending of 하다 it ends with (리베이스해줘 → 리베이스), when the
/// rest is at least two syllables.
pub fn without_hada(word: &str) -> Option<&str> {
    without_ending(word, HADA, 2)
}

/// A hangul word without its particle ([`without_particle`]), then without an ending of 하다
/// ([`without_hada`]): the noun it may say, the particle's reading first.
pub fn without_endings(word: &str) -> impl Iterator<Item = &str> {
    without_particle(word).into_iter().chain(without_hada(word))
}

/// The one-syllable word a hangul word may be: itself, or what is left of it without its
/// particle (앱을: 앱).
pub fn one_syllable(word: &str) -> Option<&str> {
    let single = |w: &&str| w.chars().nth(1).is_none();
    Some(word)
        .filter(single)
        .or_else(|| without_ending(word, PARTICLES, 1).filter(single))
}

/// True for a precomposed hangul syllable.
pub fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}')
}

/// The consonant key of a hangul word; `None` when it is too short to use.
pub fn hangul_key(word: &str) -> Option<String> {
    // Initial consonants ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ (`.`: none).
    const INITIAL: &[u8; 19] = b"gkndtrmbbss.ggcktbh";
    // Final consonants (0: none) as loanwords use them: 웹 (web), 커밋 (commit), 링 (ring).
    const FINAL: [&str; 28] = [
        "", "k", "k", "k", "n", "n", "n", "t", "r", "r", "r", "r", "r", "r", "r", "r", "m", "b",
        "b", "t", "t", "ng", "t", "t", "k", "t", "b", "t",
    ];
    let mut key = Key::new('k');
    for c in word.chars() {
        let index = u32::from(c).checked_sub(0xAC00)? as usize;
        let (initial, medial, last) = (index / 588, (index % 588) / 28, index % 28);
        if let Some(&class) = INITIAL.get(initial).filter(|&&b| b != b'.') {
            key.push(char::from(class));
        }
        // ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ begin with a w (웹: web).
        if matches!(medial, 9 | 10 | 11 | 14 | 15 | 16) {
            key.push('w');
        }
        for class in FINAL.get(last).copied().unwrap_or_default().chars() {
            key.push(class);
        }
    }
    key.finish()
}

/// The consonant class of each katakana from ァ (U+30A1) to ヺ (U+30FA); `.` for none
/// (vowels, small kana, ッ): カ k, ガ g, サ s, ザ s, ジ g, タ t, チ c, ツ t, ダ d, ナ n,
/// ハ h, バ b, パ p, マ m, ラ r, ワ w, ン n, ヴ b.
const KATAKANA: &str =
    "..........kgkgkgkgkgsssgsssssstdcg.tstdtdnnnnnhbphbphbphbphbpmmmmm......rrrrr.w...nbkk....";

/// The consonant key of a katakana word; `None` when it is too short to use.
pub fn katakana_key(word: &str) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut key = Key::new('j');
    for (i, &c) in chars.iter().enumerate() {
        // ウィ, ウェ, ウォ: wi, we, wo (ウェブ, web).
        let class = if c == 'ウ' && matches!(chars.get(i + 1), Some('ィ' | 'ェ' | 'ォ')) {
            Some('w')
        } else {
            u32::from(c)
                .checked_sub(0x30A1)
                .and_then(|at| KATAKANA.as_bytes().get(at as usize))
                .filter(|&&b| b != b'.')
                .map(|&b| char::from(b))
        };
        if let Some(class) = class {
            key.push(class);
        }
    }
    key.finish()
}

/// How a language hears English consonants: its key mark and the classes it merges.
#[derive(Clone, Copy)]
struct Ear {
    mark: char,
    /// Classes of b, p, f, v, z, j, l and w.
    b: char,
    p: char,
    f: char,
    v: char,
    z: char,
    j: char,
    l: char,
    w: char,
    /// An r that no vowel follows is dropped (board: ボード), as Japanese and Korean do and
    /// Russian does not (борд).
    drops_r: bool,
    /// A vowel keeps the same consonant on either side of it apart (priority: p r r t), as
    /// Russian spells loanwords with their vowels; Japanese and Korean add vowels between
    /// consonants, so there a vowel merges nothing.
    vowels_part: bool,
    /// The u after a q is heard as a w: Korean writes query 쿼리 and liquid 리퀴드, Russian
    /// quota квота; Japanese writes クエリ and リキッド.
    qu_w: bool,
}

const JAPANESE: Ear = Ear {
    mark: 'j',
    b: 'b',
    p: 'p',
    f: 'h',
    v: 'b',
    z: 's',
    j: 'g',
    l: 'r',
    w: 'w',
    drops_r: true,
    vowels_part: false,
    qu_w: false,
};

const KOREAN: Ear = Ear {
    mark: 'k',
    b: 'b',
    p: 'b',
    f: 'b',
    v: 'b',
    z: 'g',
    j: 'g',
    l: 'r',
    w: 'w',
    drops_r: true,
    vowels_part: false,
    qu_w: true,
};

/// Russian writes English loanwords by ear too (неймспейс, слайд, артефакт, воркспейс), where
/// [`super::translit`]'s letter-for-letter reading misses the spelling: it keeps l and r
/// apart and every r, and hears w as в.
const RUSSIAN: Ear = Ear {
    mark: 'r',
    b: 'b',
    p: 'p',
    f: 'f',
    v: 'v',
    z: 'z',
    j: 'j',
    l: 'l',
    w: 'v',
    drops_r: false,
    vowels_part: true,
    qu_w: true,
};

/// The consonant class of each Cyrillic letter from а (U+0430) to я (U+044F); `.` for none
/// (vowels, й, the signs): ж and дж are j, ц s (the c of -tion, процесс), ч c, ш and щ s.
const CYRILLIC: &str = ".bvgd.jz..klmn.prst.fhscss......";

/// The consonant key of a Russian word (folded Cyrillic) as English loanwords are spelled
/// in it; `None` when it is too short to use or holds another letter.
pub fn cyrillic_key(word: &str) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut key = Key::new('r');
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        // дж: j (джоба, job).
        if c == 'д' && chars.get(i) == Some(&'ж') {
            key.push('j');
            i += 1;
            continue;
        }
        let at = u32::from(if c == 'ё' { 'е' } else { c }).checked_sub(0x0430)?;
        let class = *CYRILLIC.as_bytes().get(at as usize)?;
        if class != b'.' {
            key.push(char::from(class));
        } else if !matches!(c, 'ь' | 'ъ') {
            key.part();
        }
    }
    key.finish()
}

/// The consonant keys of an English word (lowercase ASCII letters, at least four) as Japanese
/// and Korean hear it: of the word and, for a plural, of its singular (tests → test). Empty
/// when none is usable.
pub fn english_keys(word: &str) -> Vec<String> {
    if word.len() < 4 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return Vec::new();
    }
    let mut keys: Vec<String> = Vec::new();
    let singular = word
        .strip_suffix("ies")
        .map(|s| format!("{s}y"))
        .or_else(|| word.strip_suffix('s').map(str::to_string));
    for form in std::iter::once(word.to_string()).chain(singular) {
        // A w between vowels is heard either way (gateway: ゲートウェイ, power: パワー, but
        // following: フォローイング), so such a word has a key of each reading.
        let between = form
            .as_bytes()
            .windows(3)
            .any(|x| matches!(x, [a, b'w', c] if is_vowel(*a) && is_vowel(*c)));
        for ear in [JAPANESE, KOREAN, RUSSIAN] {
            for w_heard in [false, true].into_iter().take(1 + usize::from(between)) {
                if let Some(key) = english_key(form.as_bytes(), ear, w_heard) {
                    if !keys.contains(&key) {
                        keys.push(key);
                    }
                }
            }
        }
    }
    keys
}

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// The key of `w` as `ear` hears it; with `w_heard`, a w between vowels is a consonant.
fn english_key(w: &[u8], ear: Ear, w_heard: bool) -> Option<String> {
    let vowel = |b: Option<&u8>| b.is_some_and(|b| is_vowel(*b));
    let mut key = Key::new(ear.mark);
    let mut i = 0;
    while let Some(&c) = w.get(i) {
        let next = w.get(i + 1).copied();
        // aw, ew, ow are vowels (show: ショー), unless a vowel follows and it is heard.
        if c == b'w' && i > 0 && vowel(w.get(i - 1)) && !(w_heard && vowel(next.as_ref())) {
            i += 1;
            continue;
        }
        // Two letters, one sound: ch, ck, sh, th (thread: スレッド), ph, gh (silent), wh.
        let digraph = match (c, next) {
            (b'c', Some(b'h')) => Some(Some('c')),
            (b'c', Some(b'k')) => Some(Some('k')),
            (b's' | b't', Some(b'h')) => Some(Some('s')),
            (b'p', Some(b'h')) => Some(Some(ear.f)),
            (b'g', Some(b'h')) => Some(None),
            (b'w', Some(b'h')) => Some(Some(ear.w)),
            _ => None,
        };
        if let Some(class) = digraph {
            if let Some(class) = class {
                key.push(class);
            }
            i += 2;
            continue;
        }
        match c {
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y' if ear.vowels_part => key.part(),
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y' => {}
            b'c' if matches!(next, Some(b'e' | b'i' | b'y')) => key.push('s'),
            // -tio-, -tia-: ション (action).
            b't' if next == Some(b'i') && matches!(w.get(i + 2), Some(b'o' | b'a')) => {
                key.push('s')
            }
            // Katakana drops an r that no vowel follows (board: ボード, server: サーバー), and
            // one before a silent final e (software: ソフトウェア, 소프트웨어).
            b'r' if ear.drops_r
                && (!vowel(next.as_ref()) || (next == Some(b'e') && i + 2 == w.len())) => {}
            b'q' if ear.qu_w && next == Some(b'u') => {
                key.push('k');
                key.push(ear.w);
                i += 1;
            }
            b'c' | b'k' | b'q' => key.push('k'),
            b'r' => key.push('r'),
            b'l' => key.push(ear.l),
            b'w' => key.push(ear.w),
            b'b' => key.push(ear.b),
            b'p' => key.push(ear.p),
            b'f' => key.push(ear.f),
            b'v' => key.push(ear.v),
            b'z' => key.push(ear.z),
            b'j' => key.push(ear.j),
            b'x' => {
                key.push('k');
                key.push('s');
            }
            other => key.push(char::from(other)),
        }
        i += 1;
    }
    key.finish()
}

/// A consonant key being built after its language mark: repeats merged, unless
/// [`Key::part`] came between them.
struct Key {
    text: String,
    len: usize,
    parted: bool,
}

impl Key {
    fn new(mark: char) -> Key {
        Key {
            text: mark.to_string(),
            len: 0,
            parted: false,
        }
    }

    fn push(&mut self, class: char) {
        if self.len == 0 || self.parted || !self.text.ends_with(class) {
            self.text.push(class);
            self.len += 1;
        }
        self.parted = false;
    }

    /// A vowel: the next consonant is kept even if it repeats the last.
    fn part(&mut self) {
        self.parted = true;
    }

    fn finish(self) -> Option<String> {
        (self.len >= MIN_KEY).then_some(self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(word: &str, english: &str) -> bool {
        let key = if word.starts_with(is_hangul) {
            hangul_key(word)
        } else {
            katakana_key(word)
        };
        key.is_some_and(|key| english_keys(english).contains(&key))
    }

    #[test]
    fn loanwords_and_their_english_share_a_key() {
        for (katakana, english) in [
            ("ダッシュボード", "dashboard"),
            ("ホスト", "host"),
            ("テスト", "tests"),
            ("インデックス", "index"),
            ("ネームスペース", "namespaces"),
            ("アップサート", "upsert"),
            ("モデル", "models"),
            ("レコード", "records"),
            ("コミット", "commit"),
            ("ブランチ", "branch"),
            ("ウェブフック", "webhook"),
            ("クラスター", "cluster"),
            ("スクリーンショット", "screenshot"),
            ("ワークフロー", "workflow"),
            ("アクション", "action"),
            ("リキッド", "liquid"),
            ("ソフトウェア", "software"),
            ("ハードウェア", "hardware"),
            // A w between vowels is heard (gateway), or not (following): both keys.
            ("ゲートウェイ", "gateway"),
            ("パワーポイント", "powerpoint"),
            ("フォローイング", "following"),
        ] {
            assert!(
                same(katakana, english),
                "{katakana} {:?} / {english} {:?}",
                katakana_key(katakana),
                english_keys(english)
            );
        }
    }

    #[test]
    fn hangul_loanwords_and_their_english_share_a_key() {
        for (hangul, english) in [
            ("대시보드", "dashboard"),
            ("호스트", "host"),
            ("테스트", "tests"),
            ("인덱스", "index"),
            ("네임스페이스", "namespaces"),
            ("레코드", "records"),
            ("커밋", "commit"),
            ("웹훅", "webhook"),
            ("업서트", "upsert"),
            ("다이얼로그", "dialog"),
            ("컬렉션", "collection"),
            ("트레이스", "traces"),
            ("스트링", "string"),
            // Korean hears the u after a q as a w (ㅟ, ㅝ): not a vowel alone.
            ("리퀴드", "liquid"),
            ("쿼터", "quota"),
            ("소프트웨어", "software"),
            ("게이트웨이", "gateways"),
        ] {
            assert!(
                same(hangul, english),
                "{hangul} {:?} / {english} {:?}",
                hangul_key(hangul),
                english_keys(english)
            );
        }
        // Japanese and Korean keys never meet: ホスト and 호스트 are both host, apart.
        assert_ne!(katakana_key("ホスト"), hangul_key("호스트"));
    }

    #[test]
    fn russian_loanwords_and_their_english_share_a_key() {
        let same = |russian: &str, english: &str| {
            cyrillic_key(russian).is_some_and(|key| english_keys(english).contains(&key))
        };
        for (russian, english) in [
            ("неймспейс", "namespace"),
            ("слайд", "slides"),
            ("артефакт", "artifact"),
            ("воркспейс", "workspace"),
            ("кластер", "cluster"),
            ("пайплайн", "pipeline"),
            ("дашборд", "dashboard"),
            ("вебхук", "webhook"),
            ("кранчбейс", "crunchbase"),
            ("коммит", "commits"),
            ("статус", "status"),
            ("процесс", "process"),
            ("квоты", "quota"),
        ] {
            assert!(
                same(russian, english),
                "{russian} {:?} / {english} {:?}",
                cyrillic_key(russian),
                english_keys(english)
            );
        }
        // l and r apart, every r kept, a stem too short, a letter of no Russian word; a vowel
        // keeps a consonant that repeats (приоритет, p r r t t, is neither parity nor port).
        assert!(!same("клон", "crown"));
        assert!(!same("приоритет", "parity") && !same("приоритет", "port"));
        assert!(!same("борд", "bodo"));
        assert_eq!(cyrillic_key("дела"), None);
        assert_eq!(cyrillic_key("слайдx"), None);
    }

    #[test]
    fn different_words_and_short_keys_do_not_match() {
        assert!(!same("ホスト", "history"));
        assert!(!same("テスト", "text"));
        // Two consonants are too few to trust: ノード (node), サーバー (server).
        assert_eq!(katakana_key("ノード"), None);
        assert!(english_keys("server").iter().all(|k| k.starts_with('r')));
        assert!(english_keys("Index").is_empty());
    }

    #[test]
    fn katakana_words_are_cut_out_of_a_run() {
        let mut words = Vec::new();
        katakana_words("新しいダッシュボードを作成して", |w| {
            words.push(w.to_string())
        });
        assert_eq!(words, vec!["ダッシュボード"]);
        let mut words = Vec::new();
        katakana_words("Podを削除", |w| words.push(w.to_string()));
        assert!(words.is_empty());
        let mut words = Vec::new();
        hangul_words("새대시보드를", |w| words.push(w.to_string()));
        assert_eq!(words, vec!["새대시보드를"]);
        assert_eq!(without_particle("대시보드를"), Some("대시보드"));
        assert_eq!(without_particle("필기장"), None);
        assert_eq!(without_particle("가를"), None);
        assert_eq!(without_hada("리베이스해줘"), Some("리베이스"));
        assert_eq!(without_hada("체크아웃하기"), Some("체크아웃"));
        assert_eq!(without_hada("이해"), None);
        assert_eq!(
            without_endings("대시보드를").collect::<Vec<_>>(),
            ["대시보드"]
        );
        assert_eq!(
            without_endings("리베이스해줘").collect::<Vec<_>>(),
            ["리베이스"]
        );
        assert_eq!(without_endings("이해").next(), None);
    }
}
