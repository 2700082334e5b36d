//! Which tools each session has already found: a per-session LRU of tool names, with a
//! bounded number of sessions (the least recently active is forgotten first).

use crate::search::hash::FxMap;
use std::collections::BTreeMap;

/// Names ordered by last use. Touching and evicting are `O(log n)`, so an unlimited
/// `maxDiscoveredKeep` on a large catalog stays cheap.
#[derive(Debug, Clone, Default)]
struct Recency {
    stamp_of: FxMap<String, u64>,
    by_stamp: BTreeMap<u64, String>,
    next: u64,
    /// A session's: the keys of the newest history evidence it has read, newest last.
    last_evidence: Vec<u64>,
}

impl Recency {
    /// Makes `name` the most recent (inserting it when new).
    fn touch(&mut self, name: &str) {
        let stamp = self.next;
        self.next += 1;
        match self.stamp_of.get_mut(name) {
            Some(old) => {
                self.by_stamp.remove(old);
                *old = stamp;
            }
            None => {
                self.stamp_of.insert(name.to_string(), stamp);
            }
        }
        self.by_stamp.insert(stamp, name.to_string());
    }

    /// Forgets and returns the least recent name.
    fn pop_oldest(&mut self) -> Option<String> {
        let (_, name) = self.by_stamp.pop_first()?;
        self.stamp_of.remove(&name);
        Some(name)
    }

    fn remove(&mut self, name: &str) {
        if let Some(stamp) = self.stamp_of.remove(name) {
            self.by_stamp.remove(&stamp);
        }
    }

    fn contains(&self, name: &str) -> bool {
        self.stamp_of.contains_key(name)
    }

    fn len(&self) -> usize {
        self.stamp_of.len()
    }

    fn newest_first(&self) -> impl Iterator<Item = &str> {
        self.by_stamp.values().rev().map(String::as_str)
    }

    fn clear(&mut self) {
        self.stamp_of.clear();
        self.by_stamp.clear();
    }
}

/// Pieces of history evidence a session remembers having read (the newest): the host may
/// collapse the newest of them to text by the next turn.
const REMEMBERED: usize = 16;

/// The discovered-tool registry of one layer: process memory, survives context trimming.
#[derive(Debug, Clone)]
pub struct Registry {
    keep: usize,
    max_sessions: usize,
    sessions: FxMap<String, Recency>,
    activity: Recency,
}

impl Registry {
    /// A registry keeping at most `keep` names per session (0 = no limit) and at most
    /// `max_sessions` sessions (at least 1).
    pub fn new(keep: usize, max_sessions: usize) -> Registry {
        Registry {
            keep,
            max_sessions: max_sessions.max(1),
            sessions: FxMap::default(),
            activity: Recency::default(),
        }
    }

    /// Records `names` as used by `session`, in order (later = more recent; a repeat
    /// refreshes). Marks the session active unless it is unknown and `names` is empty, so a
    /// turn without evidence does not take a slot from a session that has some.
    pub fn record<'n>(&mut self, session: &str, names: impl IntoIterator<Item = &'n str>) {
        let mut names = names.into_iter().peekable();
        if names.peek().is_none() && !self.activity.contains(session) {
            return;
        }
        self.activity.touch(session);
        let entry = self.sessions.entry(session.to_string()).or_default();
        for name in names {
            entry.touch(name);
            while self.keep > 0 && entry.len() > self.keep {
                entry.pop_oldest();
            }
        }
        // The session just touched is the most recent, so it is never the one evicted.
        while self.activity.len() > self.max_sessions {
            match self.activity.pop_oldest() {
                Some(oldest) => {
                    self.sessions.remove(&oldest);
                }
                None => break,
            }
        }
    }

    /// Records the history's evidence (`(key, name)` in history order) that is new since the
    /// session's last history: what follows the newest of the last [`REMEMBERED`] pieces it
    /// read that the history still holds, or all of it when none is left (trimmed).
    /// Replaying evidence read before would make it the most recent again, ahead of tools
    /// found since whose results the host has collapsed out of the history. `recordable`
    /// decides which names take a slot.
    pub fn record_history(
        &mut self,
        session: &str,
        evidence: &[(u64, String)],
        recordable: impl Fn(&str) -> bool,
    ) {
        let read = self
            .sessions
            .get(session)
            .map(|s| s.last_evidence.as_slice());
        let start = read
            .unwrap_or_default()
            .iter()
            .rev()
            .find_map(|key| evidence.iter().rposition(|(k, _)| k == key))
            .map_or(0, |at| at + 1);
        let fresh = evidence.get(start..).unwrap_or_default();
        self.record(
            session,
            fresh
                .iter()
                .map(|(_, name)| name.as_str())
                .filter(|n| recordable(n)),
        );
        if let (Some(entry), false) = (self.sessions.get_mut(session), evidence.is_empty()) {
            let newest = evidence.get(evidence.len().saturating_sub(REMEMBERED)..);
            entry.last_evidence = newest.unwrap_or_default().iter().map(|(k, _)| *k).collect();
        }
    }

    /// The session's discovered names, most recently used first. Read-only: does not make
    /// the session or any name more recent.
    pub fn peek(&self, session: &str) -> Vec<String> {
        self.sessions
            .get(session)
            .map(|names| names.newest_first().map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// Forgets one session (`memory:clear` with scope `session`) or all (`None`, scope `all`).
    pub fn clear(&mut self, session: Option<&str>) {
        match session {
            Some(id) => {
                self.sessions.remove(id);
                self.activity.remove(id);
            }
            None => {
                self.sessions.clear();
                self.activity.clear();
            }
        }
    }

    /// Number of sessions with discovered tools.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    #[test]
    fn the_least_recently_used_name_is_evicted_and_a_repeat_refreshes() {
        let mut r = Registry::new(3, 10);
        r.record("s", ["a", "b", "c"]);
        r.record("s", ["a"]);
        r.record("s", ["d"]);
        assert_eq!(r.peek("s"), vec!["d", "a", "c"]);
    }

    #[test]
    fn keep_zero_means_unlimited() {
        let mut r = Registry::new(0, 10);
        let names: Vec<String> = (0..100).map(|i| format!("t{i}")).collect();
        r.record("s", names.iter().map(String::as_str));
        assert_eq!(r.peek("s").len(), 100);
    }

    #[test]
    fn the_least_recently_active_session_is_evicted_past_the_cap() {
        let mut r = Registry::new(5, 2);
        r.record("a", ["x"]);
        r.record("b", ["y"]);
        r.record("a", []); // still active: refreshes `a`
        r.record("c", ["z"]);
        assert_eq!(r.peek("a"), vec!["x"]);
        assert!(r.peek("b").is_empty());
        assert_eq!(r.session_count(), 2);
    }

    #[test]
    fn an_unknown_session_without_evidence_takes_no_slot() {
        let mut r = Registry::new(5, 1);
        r.record("a", ["x"]);
        r.record("b", []);
        assert_eq!(r.peek("a"), vec!["x"]);
    }

    #[test]
    fn peeking_does_not_refresh_recency() {
        let mut r = Registry::new(5, 2);
        r.record("a", ["x"]);
        r.record("b", ["y"]);
        let _ = r.peek("a");
        r.record("c", ["z"]);
        assert!(r.peek("a").is_empty());
    }

    #[test]
    fn clearing_one_session_keeps_the_others() {
        let mut r = Registry::new(5, 5);
        r.record("a", ["x"]);
        r.record("b", ["y"]);
        r.clear(Some("a"));
        assert!(r.peek("a").is_empty());
        assert_eq!(r.peek("b"), vec!["y"]);
        r.clear(None);
        assert_eq!(r.session_count(), 0);
    }

    /// The plain reference: sessions and names in `VecDeque`s, most recent at the back.
    #[derive(Default)]
    struct Model {
        keep: usize,
        max: usize,
        sessions: VecDeque<(String, VecDeque<String>)>,
    }

    impl Model {
        fn record(&mut self, session: &str, names: &[String]) {
            let at = self.sessions.iter().position(|(s, _)| s == session);
            if names.is_empty() && at.is_none() {
                return;
            }
            let (_, mut list) = match at.and_then(|i| self.sessions.remove(i)) {
                Some(entry) => entry,
                None => (session.to_string(), VecDeque::new()),
            };
            for name in names {
                list.retain(|n| n != name);
                list.push_back(name.clone());
                if self.keep > 0 && list.len() > self.keep {
                    list.pop_front();
                }
            }
            self.sessions.push_back((session.to_string(), list));
            while self.sessions.len() > self.max {
                self.sessions.pop_front();
            }
        }
        fn peek(&self, session: &str) -> Vec<String> {
            self.sessions
                .iter()
                .find(|(s, _)| s == session)
                .map(|(_, l)| l.iter().rev().cloned().collect())
                .unwrap_or_default()
        }
        fn clear(&mut self, session: Option<&str>) {
            match session {
                Some(id) => self.sessions.retain(|(s, _)| s != id),
                None => self.sessions.clear(),
            }
        }
    }

    #[derive(Debug, Clone)]
    enum Op {
        Record(u8, Vec<u8>),
        Clear(u8),
        ClearAll,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (0u8..5, proptest::collection::vec(0u8..8, 0..6))
                .prop_map(|(s, n)| Op::Record(s, n)),
            1 => (0u8..5).prop_map(Op::Clear),
            1 => Just(Op::ClearAll),
        ]
    }

    proptest! {
        #[test]
        fn the_registry_matches_a_plain_reference_model(
            keep in 0usize..5,
            max in 1usize..4,
            ops in proptest::collection::vec(op(), 0..60),
        ) {
            let mut real = Registry::new(keep, max);
            let mut model = Model { keep, max, ..Model::default() };
            for op in ops {
                match op {
                    Op::Record(s, names) => {
                        let names: Vec<String> = names.iter().map(|n| format!("t{n}")).collect();
                        real.record(&format!("s{s}"), names.iter().map(String::as_str));
                        model.record(&format!("s{s}"), &names);
                    }
                    Op::Clear(s) => {
                        real.clear(Some(&format!("s{s}")));
                        model.clear(Some(&format!("s{s}")));
                    }
                    Op::ClearAll => {
                        real.clear(None);
                        model.clear(None);
                    }
                }
                for s in 0..5 {
                    let id = format!("s{s}");
                    prop_assert_eq!(real.peek(&id), model.peek(&id));
                }
                prop_assert_eq!(real.session_count(), model.sessions.len());
            }
        }
    }
}
