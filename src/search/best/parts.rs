//! The analysis of each distinct part a build meets, remembered for the rest of the build.

use crate::analysis::{self, Analyzer, Script};
use crate::bytes::same_bytes;
use crate::search::hash::FxMap;
use crate::search::MAX_TERMS;

/// The analysis of each distinct part (unfolded word piece) a build has met, as interned term
/// ids: a catalog repeats its words thousands of times, so each is folded, stemmed and looked
/// up once.
///
/// A look-up happens at every word of every tool, so the table is keyed by the part's hash
/// (a `u64` key hashes and compares in one step) and the part's text, kept in one arena, is
/// compared only on a hash match; parts whose hashes collide are chained.
pub(super) struct PartCache {
    /// Most parts remembered ([`analysis::PART_CACHE_WORDS`]; later ones are analysed anew
    /// each time).
    limit: usize,
    /// Hash of a part → its first entry.
    map: FxMap<u64, u32>,
    entries: Vec<PartEntry>,
    /// The text of every remembered part, back to back.
    arena: String,
    ids: Vec<u32>,
    surfaces: Vec<String>,
    /// The analysis of a part met after the cache filled up.
    spill: (Vec<u32>, usize, String),
    terms: Vec<String>,
}

/// One remembered part: its text in the arena, its range of `ids`, how many of them are its
/// own terms (the rest are lexicon translations), its folded surface in `surfaces`, the next
/// entry with the same hash (`u32::MAX`: none), and whether it was met in a name yet.
struct PartEntry {
    text: (u32, u32),
    ids: (u32, u32),
    own: u32,
    surface: u32,
    next: u32,
    named: bool,
}

/// What [`PartCache::analyse`] tells of one part.
pub(super) struct PartTerms<'a> {
    /// Its term ids: its own first, then its lexicon translations'.
    pub ids: &'a [u32],
    /// How many of `ids` are its own.
    pub own: usize,
    /// Its folded surface.
    pub surface: &'a str,
    /// True the first time the part is met in a name (always, past the cache's bound).
    pub first_in_name: bool,
}

impl Default for PartCache {
    fn default() -> Self {
        PartCache::with_limit(analysis::PART_CACHE_WORDS)
    }
}

impl PartCache {
    pub(super) fn with_limit(limit: usize) -> PartCache {
        PartCache {
            limit,
            map: FxMap::default(),
            entries: Vec::new(),
            arena: String::new(),
            ids: Vec::new(),
            surfaces: Vec::new(),
            spill: (Vec::new(), 0, String::new()),
            terms: Vec::new(),
        }
    }

    /// The index of the entry remembered for `part` (whose hash is `hash`).
    fn find(&self, part: &str, hash: u64) -> Option<usize> {
        let mut at = *self.map.get(&hash)?;
        while let Some(entry) = self.entries.get(at as usize) {
            let text = self
                .arena
                .as_bytes()
                .get(entry.text.0 as usize..entry.text.1 as usize)
                .unwrap_or_default();
            if same_bytes(text, part.as_bytes()) {
                return Some(at as usize);
            }
            at = entry.next;
        }
        None
    }

    /// The terms of `part` (whose [`hash_str`] is `hash`; tests force collisions with it),
    /// interned into `dict`/`terms` on first sight; met in a name when `in_name`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn analyse(
        &mut self,
        part: &str,
        hash: u64,
        script: Script,
        in_name: bool,
        analyzer: &Analyzer,
        dict: &mut FxMap<String, u32>,
        terms: &mut Vec<String>,
    ) -> PartTerms<'_> {
        if let Some(entry) = self
            .find(part, hash)
            .and_then(|at| self.entries.get_mut(at))
        {
            let first_in_name = in_name && !entry.named;
            entry.named |= in_name;
            let (from, to, own, surface) = (entry.ids.0, entry.ids.1, entry.own, entry.surface);
            return PartTerms {
                ids: self.ids.get(from as usize..to as usize).unwrap_or_default(),
                own: own as usize,
                surface: self
                    .surfaces
                    .get(surface as usize)
                    .map_or("", String::as_str),
                first_in_name,
            };
        }
        self.terms.clear();
        let (surface, own) = analyzer.part_terms(part, script, &mut self.terms);
        let full = self.entries.len() >= self.limit;
        // The ids go straight to the end of `ids`, or to the spill past the cache's bound.
        let ids = if full {
            self.spill.0.clear();
            &mut self.spill.0
        } else {
            &mut self.ids
        };
        let from = ids.len();
        for term in self.terms.drain(..) {
            let id = match dict.get(&term) {
                Some(&id) => id,
                // Past the bound a new word is not indexed (see `MAX_TERMS`).
                None if terms.len() >= MAX_TERMS => continue,
                None => {
                    let id = terms.len() as u32;
                    terms.push(term.clone());
                    dict.insert(term, id);
                    id
                }
            };
            ids.push(id);
        }
        if full {
            self.spill.1 = own;
            self.spill.2 = surface;
            return PartTerms {
                ids: &self.spill.0,
                own: self.spill.1,
                surface: &self.spill.2,
                first_in_name: in_name,
            };
        }
        let start = self.arena.len();
        self.arena.push_str(part);
        let at = self.entries.len() as u32;
        let next = self.map.insert(hash, at).unwrap_or(u32::MAX);
        self.entries.push(PartEntry {
            text: (start as u32, self.arena.len() as u32),
            ids: (from as u32, self.ids.len() as u32),
            own: own as u32,
            surface: self.surfaces.len() as u32,
            next,
            named: in_name,
        });
        self.surfaces.push(surface);
        PartTerms {
            ids: self.ids.get(from..).unwrap_or_default(),
            own,
            surface: self.surfaces.last().map_or("", String::as_str),
            first_in_name: in_name,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Language;
    use crate::search::hash::hash_str;

    #[test]
    fn parts_whose_hashes_collide_keep_their_own_terms() {
        let analyzer = Analyzer::new(&[Language::English], true);
        let mut cache = PartCache::default();
        let (mut dict, mut terms) = (FxMap::default(), Vec::new());
        let mut ids = |part: &str, hash: u64| {
            let found = cache.analyse(
                part,
                hash,
                Script::Latin,
                true,
                &analyzer,
                &mut dict,
                &mut terms,
            );
            (
                found.ids.to_vec(),
                found.own,
                found.surface.to_string(),
                found.first_in_name,
            )
        };
        // Three parts forced onto one hash, asked for in turn and again.
        let first = [ids("Files", 7), ids("folders", 7), ids("Issues", 7)];
        let again = [ids("Files", 7), ids("folders", 7), ids("Issues", 7)];
        assert!(first.iter().all(|f| f.3) && again.iter().all(|a| !a.3));
        let strip = |all: [(Vec<u32>, usize, String, bool); 3]| all.map(|(i, o, s, _)| (i, o, s));
        let (first, again) = (strip(first), strip(again));
        assert_eq!(first, again);
        assert_eq!(first[0].2, "files");
        assert_eq!(first[1].2, "folders");
        assert_eq!(first[2].2, "issues");
        assert!(first[0].0 != first[1].0 && first[1].0 != first[2].0);
        // A part new to a hash bucket that is already taken is analysed, not confused.
        assert_eq!(ids("Files", 8).2, "files");
        assert_eq!(cache.entries.len(), 4);
    }

    #[test]
    fn a_full_part_cache_still_gives_every_part_its_own_terms() {
        let analyzer = Analyzer::new(&[Language::English], true);
        let mut full = PartCache::with_limit(2);
        let mut roomy = PartCache::default();
        let (mut d1, mut t1) = (FxMap::default(), Vec::new());
        let (mut d2, mut t2) = (FxMap::default(), Vec::new());
        let parts = [
            ("Files", Script::Latin),
            ("folders", Script::Latin),
            ("创建日历", Script::Cjk),
            ("Files", Script::Latin),
            ("создать", Script::Cyrillic),
            ("创建日历", Script::Cjk),
        ];
        for (part, script) in parts {
            let found = full.analyse(
                part,
                hash_str(part),
                script,
                true,
                &analyzer,
                &mut d1,
                &mut t1,
            );
            let full_terms: Vec<String> =
                found.ids.iter().map(|i| t1[*i as usize].clone()).collect();
            let full_rest = (found.own, found.surface.to_string());
            // Past the bound every meeting counts as the first.
            let full_first = found.first_in_name;
            let found = roomy.analyse(
                part,
                hash_str(part),
                script,
                true,
                &analyzer,
                &mut d2,
                &mut t2,
            );
            let terms: Vec<String> = found.ids.iter().map(|i| t2[*i as usize].clone()).collect();
            assert_eq!(
                (full_terms, full_rest),
                (terms, (found.own, found.surface.to_string()))
            );
            assert!(full_first || !found.first_in_name);
        }
        assert_eq!(full.entries.len(), 2);
        let mut whole = Vec::new();
        analyzer.terms("создать", &mut whole);
        assert!(whole.contains(&"creat".to_string()), "{whole:?}");
    }
}
