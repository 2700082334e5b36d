//! A query's words as groups of alternative index terms: each word's own stems, its lexicon
//! translations, loanword and related words, two words joined, derived terms and fuzzy name
//! matches, with their weights (the module guide of [`super`] says which and why).

use std::borrow::Cow;

use super::products;
use super::{
    join_key, joinable_prefixes, lower_bound, named, Alternatives, BestIndex, GROUP_MEMO_WORDS,
    LOANWORD_WEIGHT, MAX_EXPANSIONS, NOUN_VERB_WEIGHT, PREFIX_WEIGHT, TRANSLATION_WEIGHT,
    TYPO_WEIGHT,
};
use crate::analysis::loanword;
use crate::analysis::stopwords::{
    is_function_word, is_other_function_word, is_stopword, is_weak, Reading,
};
use crate::analysis::{remembered, QueryWord, Script};
use crate::bm25::idf;
use crate::search::hash::FxMap;
use crate::search::typo::one_edit;

impl BestIndex {
    /// The alternative (term, weight) groups of a query, one group per distinct word, and for
    /// each the Latin word it came from (which keys the merged-group memo). Latin words are
    /// looked up in the lexicon's other languages unless the query reads as English (see
    /// [`Reading`]); `known` remembers the groups of that reading.
    pub(super) fn groups<'w>(
        &self,
        words: &'w [QueryWord],
        reading: Reading,
        known: &mut FxMap<String, Alternatives>,
        translated: &mut FxMap<String, Vec<String>>,
    ) -> (Vec<Alternatives>, Vec<Option<&'w str>>) {
        let mut translated = (reading != Reading::English).then_some(translated);
        let mut groups: Vec<Alternatives> = Vec::with_capacity(words.len());
        let mut keys = Vec::with_capacity(words.len());
        // The words two neighbours of which may be one tool word (see `compound_groups`).
        let mut joinable_words: Vec<(&QueryWord, Option<usize>)> = Vec::with_capacity(words.len());
        let whole = self.whole_words(words);
        for (i, word) in words.iter().enumerate() {
            // A word its case split that a tool's name or label writes whole counts as that
            // one word (see `whole_words`), in place of its two parts.
            if let Some((_, alts)) = whole.iter().find(|(at, _)| *at == i) {
                if !groups.contains(alts) {
                    groups.push(alts.clone());
                    keys.push(None);
                }
                continue;
            }
            if whole.iter().any(|(at, _)| at + 1 == i) {
                continue;
            }
            // In a catalog of mostly English-described tools, 创建 of 创建议题 counts once,
            // through its concept (create), for every tool: its bigram would count it a
            // second time for the few tools described in Chinese.
            if word.covered && !self.cjk_catalog() {
                continue;
            }
            if word.loanword {
                for alts in self.loanword_groups(&word.surface) {
                    if !groups.contains(&alts) {
                        groups.push(alts);
                        keys.push(None);
                    }
                }
                continue;
            }
            // A Latin word's group depends on its text and the kind of query alone (its stems,
            // related words, translations and fuzzy matches all follow from them), so it is
            // worked out once per kind; a word of a URL's path counts differently (as a name
            // word only), so it is worked out each time.
            let memo = word.script == Script::Latin && !word.url_path;
            let tr = translated.as_deref_mut();
            // (Remembered with no alternatives as an empty list: a map of one value type
            // less in the wasm.)
            let alts = if memo {
                Some(remembered(known, &word.surface, GROUP_MEMO_WORDS, || {
                    self.group(word, tr, reading).unwrap_or_default()
                }))
                .filter(|alts| !alts.is_empty())
            } else {
                self.group(word, tr, reading)
            };
            // A word of a URL's path joins none: it is mostly someone's names.
            let joins = !word.url_path
                && match word.script {
                    // A scoring word, or a word nothing matched that is no stopword ("argo" of
                    // "Argo CD"): not "the" or "de" between two nouns.
                    Script::Latin | Script::Cyrillic => {
                        alts.is_some() || !is_stopword(&word.surface)
                    }
                    // A CJK run's lexicon words, in order (名前空間: name, space); not its bigrams.
                    Script::Cjk => !word.translations.is_empty(),
                    _ => false,
                };
            let at = alts.map(|alts| match groups.iter().position(|g| *g == alts) {
                Some(at) => at,
                None => {
                    groups.push(alts);
                    keys.push(memo.then_some(&*word.surface));
                    groups.len() - 1
                }
            });
            if joins {
                joinable_words.push((word, at));
            }
        }
        for (alts, parts) in self.compound_groups(&joinable_words, reading, translated) {
            // A product's name typed as two words ("Argo CD": argocd) counts once, as the
            // label's word, as "GitHub" does (see `whole_words`): its parts in every
            // description that names it counted it three times. (A part's group is emptied
            // rather than removed, which would move the others.)
            if self.names_product(&alts) {
                for at in parts.into_iter().flatten() {
                    if let (Some(group), Some(key)) = (groups.get_mut(at), keys.get_mut(at)) {
                        group.clear();
                        *key = None;
                    }
                }
            }
            if !groups.contains(&alts) {
                groups.push(alts);
                keys.push(None);
            }
        }
        // A word read only at a lower weight (name words it begins or is a typo of, derived
        // or related words: no stem or translation of its own is in the catalog) adds nothing
        // where its reading is a word the request says itself: "the mobile-app repo of
        // project MOB" counted mobile a second time through MOB.
        let mut said: Vec<u32> = Vec::new();
        for group in &groups {
            for &(t, w) in group {
                if w >= 1.0 {
                    said.push(t);
                }
            }
        }
        for (group, key) in groups.iter_mut().zip(keys.iter_mut()) {
            let before = group.len();
            if group.iter().all(|&(_, w)| w < 1.0) {
                group.retain(|(t, _)| !said.contains(t));
            }
            if group.len() < before {
                *key = None;
            }
        }
        (groups, keys)
    }

    /// The terms that name a product (see [`products`]), read on first use.
    pub(super) fn product_terms(&self) -> &[u32] {
        &self.products().terms
    }

    /// What the index knows of its products (see [`products`]), read on first use.
    pub(super) fn products(&self) -> &products::Products {
        self.products
            .get_or_init(|| products::products(&self.postings, &self.lengths))
    }

    /// True when a weight-1 alternative of `alts` names a product (see [`products`]).
    fn names_product(&self, alts: &Alternatives) -> bool {
        self.tuning.product > 1.0 && {
            let terms = self.product_terms();
            alts.iter()
                .any(|&(t, w)| w >= 1.0 && terms.binary_search(&t).is_ok())
        }
    }

    /// Groups for two neighbouring query words that tool names write as one word: "name
    /// server" (nameservers), "Argo CD" (argocd), "GitHub" typed as two words, "working tree"
    /// (worktree: the first word's stem joins too), and through translations in either
    /// order "servidores de nombres" (server, name: nameserver), 名前空間 (name, space:
    /// namespace). A joined word counts only when it is a term of some
    /// tool's name or source label. `words` are the query's words less its function words
    /// and stopwords (see `groups`), so "de" between two nouns does not separate them.
    fn compound_groups(
        &self,
        words: &[(&QueryWord, Option<usize>)],
        reading: Reading,
        mut translated: Option<&mut FxMap<String, Vec<String>>>,
    ) -> Vec<(Alternatives, [Option<usize>; 2])> {
        let mut out = Vec::new();
        let mut key = String::new();
        let mut previous: Option<(Forms<'_>, &QueryWord, Option<usize>)> = None;
        for &(word, at) in words {
            let b = self.english_forms(word, reading, translated.as_deref_mut());
            if let Some((a, before, before_at)) = &previous {
                // Another language puts the head noun first (servidores de nombres).
                let reverse = a.translated() || b.translated();
                // An English first word joins as its stems too: "working tree" (worktree).
                let stems = if a.translated() {
                    &[][..]
                } else {
                    &before.terms[..]
                };
                let mut alts: Alternatives = Vec::new();
                for x in a.iter().chain(stems.iter().map(String::as_str)) {
                    for y in b.iter() {
                        for (first, second) in
                            [(x, y), (y, x)].into_iter().take(1 + usize::from(reverse))
                        {
                            self.push_joined(first, second, &mut key, &mut alts);
                        }
                    }
                }
                if !alts.is_empty() {
                    out.push((alts, [*before_at, at]));
                }
            }
            previous = Some((b, word, at));
        }
        out
    }

    /// The words of `words` that their case split in two ("GitHub": Git, Hub) and that a tool's
    /// name or source label writes as one (`mcp-github`, `search_github`): the first part's
    /// index and the whole word's group. Such a word counts once, as the whole word: as two
    /// parts as well, the product named in "GitHub pull request details" counted three
    /// times (git and hub in every description that names GitHub, and github), and ranked
    /// `create_pull_request`, whose description does, above `get_pull_request`, whose
    /// description does not; "github pull request details" ranked them the other way.
    fn whole_words(&self, words: &[QueryWord]) -> Vec<(usize, Alternatives)> {
        let mut out = Vec::new();
        let mut key = String::new();
        for (i, pair) in words.windows(2).enumerate() {
            let [a, b] = pair else { continue };
            if !b.glued || a.script != Script::Latin || a.url_path || b.url_path {
                continue;
            }
            let mut alts = Vec::new();
            self.push_joined(&a.surface, &b.surface, &mut key, &mut alts);
            // A part is no first part of another whole word ("GitHubActions": GitHub only).
            if !alts.is_empty() && out.last().map_or(true, |(at, _)| at + 1 != i) {
                out.push((i, alts));
            }
        }
        out
    }

    /// Adds the terms of `first` and `second` joined into one word that a tool's name or source
    /// label has, at a query word's weight (`key` is scratch for the look-up of the joined
    /// word's first letters among the name terms' prefixes, which most pairs fail).
    fn push_joined(&self, first: &str, second: &str, key: &mut String, alts: &mut Alternatives) {
        let joinable = self
            .joinable
            .get_or_init(|| joinable_prefixes(&self.terms, &self.postings));
        if !join_key(first, second, key).is_some_and(|k| joinable.contains_key(&k)) {
            return;
        }
        for term in self.analyzer.latin_terms(&format!("{first}{second}")) {
            let Some(&id) = self.dict.get(&term) else {
                continue;
            };
            if named(&self.postings, id) && !alts.iter().any(|(t, _)| *t == id) {
                alts.push((id, 1.0));
            }
        }
    }

    /// A query word as English: itself when it is Latin and a catalog word (or nothing
    /// translates it, or `translated` is `None`: an English query), else its translations.
    fn english_forms<'w>(
        &self,
        word: &'w QueryWord,
        reading: Reading,
        translated: Option<&mut FxMap<String, Vec<String>>>,
    ) -> Forms<'w> {
        if word.script != Script::Latin {
            return Forms::Translated(Cow::Borrowed(&word.translations));
        }
        if let Some(translated) = translated.filter(|_| self.unknown(word)) {
            let english = self.translated(&word.surface, reading, translated);
            if !english.is_empty() {
                return Forms::Translated(Cow::Owned(english));
            }
        }
        Forms::Word(&word.surface)
    }

    /// True when none of the word's own terms is a catalog term.
    fn unknown(&self, word: &QueryWord) -> bool {
        !word.terms.iter().any(|t| self.dict.contains_key(t))
    }

    /// [`Analyzer::translate_latin`] in the language `reading` names, if any, remembered per
    /// word (in the memo of that reading).
    fn translated(
        &self,
        surface: &str,
        reading: Reading,
        translated: &mut FxMap<String, Vec<String>>,
    ) -> Vec<String> {
        remembered(translated, surface, GROUP_MEMO_WORDS, || {
            self.analyzer.translate_latin(surface, reading.language())
        })
    }

    /// The name and label words whose loanword key is `key`, as alternatives; `None` for none.
    fn loanword_alternatives(&self, key: &str) -> Option<Alternatives> {
        let mut alts: Alternatives = self
            .loanword_terms(key)
            .take(MAX_EXPANSIONS)
            .map(|id| (id, LOANWORD_WEIGHT))
            .collect();
        crate::sort::sort_by(&mut alts, |a, b| a.0 < b.0);
        (!alts.is_empty()).then_some(alts)
    }

    /// The groups of a katakana or hangul word: the name and label words it sounds like. A
    /// katakana compound written as one word (ネットワークリクエスト) may give its two halves';
    /// a hangul word is tried without its particle too (대시보드를: 대시보드 + 를).
    // Rare (a katakana or hangul word), so kept out of line of the search loop it would
    // otherwise be inlined into.
    #[inline(never)]
    fn loanword_groups(&self, word: &str) -> Vec<Alternatives> {
        if word.starts_with(loanword::is_hangul) {
            // The particle reading first: 호스트를 is 호스트 (host), not "history".
            return loanword::without_endings(word)
                .chain([word])
                .find_map(|w| self.loanword_alternatives(&loanword::hangul_key(w)?))
                .into_iter()
                .collect();
        }
        let alts = |part: &str| self.loanword_alternatives(&loanword::katakana_key(part)?);
        if let Some(whole) = alts(word) {
            return vec![whole];
        }
        // Both halves by their sound at the first split where both have one; else one half
        // by its sound where the other is lexicon words, which the run's concepts already
        // count (リキッド|チャート: liquid, and chart), at the first such split.
        let mut one_half = None;
        for (at, _) in word.char_indices().skip(2) {
            let (Some(left), Some(right)) = (word.get(..at), word.get(at..)) else {
                continue;
            };
            match (alts(left), alts(right)) {
                (Some(l), Some(r)) => return vec![l, r],
                (Some(l), None) if one_half.is_none() && self.analyzer.spells_out(right) => {
                    one_half = Some(l);
                }
                (None, Some(r)) if one_half.is_none() && self.analyzer.spells_out(left) => {
                    one_half = Some(r);
                }
                _ => {}
            }
        }
        if let Some(half) = one_half {
            return vec![half];
        }
        Vec::new()
    }

    /// The name and label words whose loanword key is `key` (term ids; none without
    /// [`SearchOptions::fuzzy`], which keeps the name words).
    fn loanword_terms<'a>(&'a self, key: &'a str) -> impl Iterator<Item = u32> + 'a {
        let loans = self.loans.get_or_init(|| {
            let mut loans: Vec<(String, u32)> = self
                .name_words
                .iter()
                .flat_map(|(word, id)| loanword::english_keys(word).into_iter().map(|k| (k, *id)))
                .collect();
            crate::sort::sort_by(&mut loans, |a, b| a < b);
            loans.dedup();
            loans
        });
        let from = loans.partition_point(|(k, _)| k.as_str() < key);
        loans
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(move |(k, _)| k == key)
            .map(|(_, id)| *id)
    }

    /// One query word's alternatives (term, weight), sorted by term; `None` when the word does
    /// not score (a function word, an unmatched stopword, nothing in the catalog).
    fn group(
        &self,
        word: &QueryWord,
        translated: Option<&mut FxMap<String, Vec<String>>>,
        reading: Reading,
    ) -> Option<Alternatives> {
        let foreign = matches!(reading, Reading::Foreign(_));
        let mut alts: Vec<(u32, f64)> = Vec::new();
        let push = |alts: &mut Vec<(u32, f64)>, id: u32, w: f64| match alts
            .iter_mut()
            .find(|(t, _)| *t == id)
        {
            Some(a) => a.1 = a.1.max(w),
            None => alts.push((id, w)),
        };
        for t in word.terms.iter() {
            if let Some(&id) = self.dict.get(t) {
                push(&mut alts, id, self.own_weight(id, word.script));
            }
        }
        // In a request another language's function words mark, an English stopword that the
        // lexicon reads in such a language is that word (German "such eine Datei": such is
        // the imperative of suchen).
        let content = foreign
            && word.script == Script::Latin
            && is_stopword(&word.surface)
            && !is_other_function_word(&word.surface)
            && self.analyzer.has_concept(&word.surface);
        // A function word says nothing in a request, unless it is a tool's whole name (a
        // shell's `which` or `at`).
        if self.tuning.stopwords
            && !content
            && is_function_word(&word.surface)
            && !self.is_whole_name(&word.surface)
        {
            return None;
        }
        // A stopword, or a lone Latin letter, counts only as a term of some tool's name (`x`
        // of `post_to_x`), and then at [`Tuning::name_stopword`].
        let weak = !content && (word.url_path || is_weak(&word.surface, word.script));
        if self.tuning.stopwords
            && weak
            && !alts
                .iter()
                .any(|(id, _)| self.in_name.get(*id as usize).copied().unwrap_or(false))
        {
            return None;
        }
        // The related words of term `t`, itself an alternative at `weight`.
        let related = |alts: &mut Vec<(u32, f64)>, t: &str, weight: f64| {
            if self.tuning.related > 0.0 {
                for r in self.related.of(t) {
                    if let Some(&id) = self.dict.get(r) {
                        push(alts, id, self.tuning.related * weight);
                    }
                }
            }
        };
        if word.script == Script::Latin {
            for t in word.terms.iter() {
                related(&mut alts, t, 1.0);
                // A noun of action whose stem keeps its -ation (creation, rotation: Porter2
                // leaves a short root's suffix) names its verb too (creat, rotat).
                let verb = t
                    .strip_suffix("ion")
                    .filter(|r| r.len() >= 5 && r.ends_with("at"));
                if let Some(&id) = verb.and_then(|v| self.dict.get(v)) {
                    push(&mut alts, id, NOUN_VERB_WEIGHT);
                }
            }
        }
        let latin;
        // A Latin word is translated here, when the query is not English and nothing matched
        // it or the query is marked as another language (a phrase comes translated).
        let translations = match translated {
            Some(translated)
                if word.script == Script::Latin
                    && (alts.is_empty() || foreign)
                    && word.translations.is_empty() =>
            {
                latin = self.translated(&word.surface, reading, translated);
                &latin
            }
            _ => &word.translations,
        };
        if word.script != Script::Latin || alts.is_empty() || foreign {
            for t in translations {
                if let Some(&id) = self.dict.get(t) {
                    push(&mut alts, id, TRANSLATION_WEIGHT);
                }
                // A translation reaches the English word's related words too (получить is
                // get, and so also fetch and retrieve), as an English query would.
                related(&mut alts, t, TRANSLATION_WEIGHT);
            }
        }
        // A Russian loanword (хост, деплой): its Latin spelling, exactly, then as a name word
        // prefix or typo.
        let readings = if alts.is_empty() {
            self.analyzer.transliterations(word)
        } else {
            Vec::new()
        };
        for (_, terms) in &readings {
            for t in terms {
                if let Some(&id) = self.dict.get(t) {
                    push(&mut alts, id, TRANSLATION_WEIGHT);
                }
            }
        }
        // Then by its consonants, as Russian hears an English word (неймспейса: namespace,
        // артефактов: artifact), for a word nothing else read: its stem's, whose ending no
        // longer adds a consonant (делает, does, is дела: too short to be read as delete).
        if alts.is_empty() && word.script == Script::Cyrillic && !is_stopword(&word.surface) {
            if let Some(found) = word
                .terms
                .iter()
                .filter_map(|t| loanword::cyrillic_key(t))
                .find_map(|key| self.loanword_alternatives(&key))
            {
                alts = found;
            }
        }
        if alts.is_empty() && self.fuzzy && word.script != Script::Cjk {
            if readings.is_empty() {
                self.expand(&word.surface, &mut alts);
            }
            for (latin, _) in &readings {
                self.expand(latin, &mut alts);
            }
        }
        // A foreign word typed with a slip: the lexicon word it is one edit from, when no tool
        // name word is; a Latin-script one only in a request its function words mark as
        // another language's (an English word would be read as some other language's).
        let slip = match word.script {
            Script::Cyrillic => true,
            Script::Latin => foreign,
            _ => false,
        };
        if alts.is_empty() && self.fuzzy && slip {
            for t in self.analyzer.near(&word.surface) {
                if let Some(&id) = self.dict.get(&t) {
                    push(&mut alts, id, TYPO_WEIGHT);
                }
                related(&mut alts, &t, TYPO_WEIGHT);
            }
        }
        // After translations and fuzzy matching, so it never stands in for them.
        if self.tuning.derived > 0.0 && word.script == Script::Latin {
            // The highest idf of the word's own stems and translations (0: none is in the
            // catalog).
            let own = alts
                .iter()
                .filter(|(_, w)| *w >= 1.0)
                .map(|(t, _)| self.idf(*t))
                .fold(0.0, |a, b| if b > a { b } else { a });
            for t in word.terms.iter() {
                self.derive(t, own, &mut alts);
            }
        }
        if alts.is_empty() {
            return None;
        }
        // Kept as a name word only: it still says little about the request.
        if self.tuning.stopwords && weak {
            for a in alts.iter_mut() {
                a.1 *= self.tuning.name_stopword;
            }
        }
        crate::sort::sort_by(&mut alts, |a, b| a.0 < b.0);
        Some(alts)
    }

    /// The weight of a query word's own term `id`: 1, but for a CJK term in a catalog of
    /// mostly English-described tools, where only its few CJK-described tools hold any:
    /// there its idf is judged among those tools, as it would be in a catalog of them
    /// alone. Among 3,454 tools, 之间 (between) and 两个 (two) of one map tool's description
    /// were as rare as a product's name, and a Chinese request to delete the text between
    /// two positions of a document found the distance between two coordinates.
    fn own_weight(&self, id: u32, script: Script) -> f64 {
        // (Only with plain idf: `idfs` raised to another exponent are left as they are.)
        if script != Script::Cjk || self.cjk_catalog() || self.tuning.idf_power != 1.0 {
            return 1.0;
        }
        let overall = self.idf(id);
        let among = idf(self.df(id), self.cjk_docs.len().max(self.df(id)));
        if overall > 0.0 && among < overall {
            among / overall
        } else {
            1.0
        }
    }

    /// Catalog terms that start with `stem` minus its last character (kept to ≥ 5
    /// characters; shorter stems get none), at [`Tuning::derived`], at most
    /// [`MAX_EXPANSIONS`], and the verb's stem of a noun in -al (measured, the fifty-first
    /// session: MetaTool R@5 0.659 → 0.661, R@10 0.719 → 0.722; the probe unchanged). When
    /// the catalog has the word itself (`own`: the idf of its
    /// stems, > 0), a derived term rarer than the word weighs less in proportion, so it
    /// scores as if no rarer than the word: in a catalog where most tools create something, a
    /// rare `creation` at half weight was worth more than a common `create` at full weight.
    pub(super) fn derive(&self, stem: &str, own: f64, alts: &mut Vec<(u32, f64)>) {
        // A noun English makes of a verb with -al is the verb's stem when the catalog has
        // that stem: Snowball strips the -al of removal and approval (remov, approv) but
        // keeps it on a short word, as rental (rent) or denial (deni).
        if let Some(base) = stem.strip_suffix("al").filter(|b| b.chars().count() >= 4) {
            if let Some(&id) = self.dict.get(base) {
                self.push_derived(id, own, alts);
            }
        }
        let chars = stem.chars().count();
        if chars < 5 {
            return;
        }
        let keep = (chars - 1).max(5);
        let cut = stem
            .char_indices()
            .nth(keep)
            .map_or(stem.len(), |(at, _)| at);
        let prefix = stem.get(..cut).unwrap_or(stem);
        let text = |id: u32| self.terms.get(id as usize).map_or("", String::as_str);
        let start = lower_bound(&self.text_heads, prefix, &|at| {
            text(self.by_text.get(at).copied().unwrap_or(u32::MAX))
        });
        let mut added = 0;
        for &id in self.by_text.get(start..).unwrap_or_default() {
            if added >= MAX_EXPANSIONS || !text(id).starts_with(prefix) {
                break;
            }
            if self.push_derived(id, own, alts) {
                added += 1;
            }
        }
    }

    /// Adds `id` as a derived term of a word whose own terms' highest idf is `own` (see
    /// [`BestIndex::derive`]) and says so; false when `alts` has it already.
    fn push_derived(&self, id: u32, own: f64, alts: &mut Vec<(u32, f64)>) -> bool {
        if alts.iter().any(|(t, _)| *t == id) {
            return false;
        }
        let idf = self.idf(id);
        let scale = if own > 0.0 && idf > own {
            own / idf
        } else {
            1.0
        };
        alts.push((id, self.tuning.derived * scale));
        true
    }

    /// Name words that `surface` is a prefix of, or one edit away from.
    fn expand(&self, surface: &str, alts: &mut Vec<(u32, f64)>) {
        let len = surface.chars().count();
        if len < 3 {
            return;
        }
        let start = lower_bound(&self.name_word_heads, surface, &|at| {
            self.name_words.get(at).map_or("", |(w, _)| w.as_str())
        });
        for (word, id) in self.name_words.iter().skip(start).take(MAX_EXPANSIONS * 4) {
            if !word.starts_with(surface) {
                break;
            }
            if alts.len() >= MAX_EXPANSIONS {
                return;
            }
            if !alts.iter().any(|(t, _)| t == id) {
                alts.push((*id, PREFIX_WEIGHT));
            }
        }
        if len < 5 {
            return;
        }
        let q: Vec<char> = surface.chars().collect();
        let mut found: Vec<u32> = Vec::new();
        self.typos.candidates(&q, &mut found);
        // Catalog order of the sorted name words keeps the expansion deterministic.
        crate::sort::sort_by(&mut found, |a, b| a < b);
        found.dedup();
        for at in found {
            if alts.len() >= MAX_EXPANSIONS {
                return;
            }
            let Some((word, id)) = self.name_words.get(at as usize) else {
                continue;
            };
            if one_edit(&q, word) && !alts.iter().any(|(t, _)| t == id) {
                alts.push((*id, TYPO_WEIGHT));
            }
        }
    }
}

/// A query word as English words (see `BestIndex::english_forms`).
enum Forms<'w> {
    /// The word itself.
    Word(&'w str),
    /// Its translations.
    Translated(Cow<'w, [String]>),
}

impl Forms<'_> {
    fn iter(&self) -> impl Iterator<Item = &str> {
        let (word, translations) = match self {
            Forms::Word(w) => (Some(*w), &[][..]),
            Forms::Translated(t) => (None, &t[..]),
        };
        word.into_iter()
            .chain(translations.iter().map(String::as_str))
    }

    fn translated(&self) -> bool {
        matches!(self, Forms::Translated(_))
    }
}
