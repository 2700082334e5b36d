//! Which options the `aalis` profile reads: the plugin's camelCase keys and their defaults.

use crate::error::Result;
use crate::options::Reader;

/// How `search_tools` decides which tools match a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Matcher {
    /// The shared BM25 engine, best first, followed by the other [`Matcher::Substring`]
    /// matches in catalog order, so it never finds less than the original plugin.
    Ranked,
    /// The original plugin exactly: whitespace-separated keywords, each a case-insensitive
    /// substring of the name or the description, any keyword suffices, catalog order.
    Substring,
}

/// The `aalis` profile's options, already validated and clamped.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// `enabled` (default `true`): `false` passes every tool through unchanged.
    pub enabled: bool,
    /// `showToolNames` (default `true`): list the other tools' names in the bridge description.
    pub show_tool_names: bool,
    /// `maxDirectTools` (default 5, 0..=100000): at most this many tools (not counting
    /// `search_tools`) pass through unchanged.
    pub max_direct_tools: usize,
    /// `maxSearchResults` (default 5, 0..=100000; 0 = no limit): page size when the model
    /// omits `limit`.
    pub max_search_results: usize,
    /// `alwaysDirectTools` (default `[]`): names always shown with full definitions.
    pub always_direct_tools: Vec<String>,
    /// `maxDiscoveredKeep` (default 20, 0..=100000; 0 = no limit): discovered tools kept per
    /// session, most recently used first.
    pub max_discovered_keep: usize,
    /// `matcher` (default `"ranked"`; or `"substring"`).
    pub matcher: Matcher,
    /// `maxDiscoveredSessions` (default 500, 1..=1000000): sessions whose discovered tools
    /// are remembered; the least recently active is forgotten first.
    pub max_discovered_sessions: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            enabled: true,
            show_tool_names: true,
            max_direct_tools: 5,
            max_search_results: 5,
            always_direct_tools: Vec::new(),
            max_discovered_keep: 20,
            matcher: Matcher::Ranked,
            max_discovered_sessions: 500,
        }
    }
}

/// Upper bound of the count options: far above any real catalog, low enough that a typo
/// (`1e12`) is reported instead of silently meaning "unlimited".
const MAX_COUNT: u64 = 100_000;

impl Config {
    /// Reads the profile's keys; wrong types are `invalid_config` naming the key, out-of-range
    /// numbers are clamped and reported in the reader's warnings.
    pub fn read(reader: &mut Reader<'_>) -> Result<Config> {
        let d = Config::default();
        let enabled = reader.bool(&["enabled"], d.enabled)?;
        let show_tool_names = reader.bool(&["showToolNames"], d.show_tool_names)?;
        let max_direct_tools =
            reader.integer(&["maxDirectTools"], d.max_direct_tools as u64, 0, MAX_COUNT)? as usize;
        let max_search_results = reader.integer(
            &["maxSearchResults"],
            d.max_search_results as u64,
            0,
            MAX_COUNT,
        )? as usize;
        let mut always_direct_tools = reader.strings(&["alwaysDirectTools"])?.unwrap_or_default();
        // A name listed twice would otherwise be warned about twice.
        let mut seen = crate::search::hash::FxSet::default();
        always_direct_tools.retain(|name| seen.insert(name.clone()));
        let max_discovered_keep = reader.integer(
            &["maxDiscoveredKeep"],
            d.max_discovered_keep as u64,
            0,
            MAX_COUNT,
        )? as usize;
        let matcher = match reader.choice(&["matcher"], &["ranked", "substring"])? {
            Some("substring") => Matcher::Substring,
            _ => Matcher::Ranked,
        };
        let max_discovered_sessions = reader.integer(
            &["maxDiscoveredSessions"],
            d.max_discovered_sessions as u64,
            1,
            1_000_000,
        )? as usize;
        Ok(Config {
            enabled,
            show_tool_names,
            max_direct_tools,
            max_search_results,
            always_direct_tools,
            max_discovered_keep,
            matcher,
            max_discovered_sessions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use serde_json::{json, Value};

    fn read(v: Value) -> Result<(Config, Vec<String>)> {
        let mut r = Reader::new("", Some(&v))?;
        let c = Config::read(&mut r)?;
        Ok((c, r.finish()?))
    }

    #[test]
    fn absent_keys_take_the_plugin_defaults() {
        let (c, w) = read(json!({})).unwrap();
        assert_eq!(c, Config::default());
        assert!(w.is_empty());
    }

    #[test]
    fn every_key_is_read_in_camel_case() {
        let (c, _) = read(
            json!({"enabled": false, "showToolNames": false, "maxDirectTools": 0,
            "maxSearchResults": 0, "alwaysDirectTools": ["a", "b", "a"], "maxDiscoveredKeep": 0,
            "matcher": "substring", "maxDiscoveredSessions": 7}),
        )
        .unwrap();
        assert!(!c.enabled && !c.show_tool_names);
        assert_eq!((c.max_direct_tools, c.max_search_results), (0, 0));
        assert_eq!(c.always_direct_tools, vec!["a", "b"]);
        assert_eq!(c.max_discovered_keep, 0);
        assert_eq!(c.matcher, Matcher::Substring);
        assert_eq!(c.max_discovered_sessions, 7);
    }

    #[test]
    fn wrong_types_are_invalid_config_naming_the_key() {
        for (v, key) in [
            (json!({"enabled": "yes"}), "enabled"),
            (json!({"maxDirectTools": "5"}), "maxDirectTools"),
            (json!({"maxSearchResults": 2.5}), "maxSearchResults"),
            (
                json!({"alwaysDirectTools": "web_search"}),
                "alwaysDirectTools",
            ),
            (json!({"matcher": "fuzzy"}), "matcher"),
        ] {
            let e = read(v).err().unwrap();
            assert_eq!(e.code, ErrorCode::InvalidConfig);
            assert!(e.message.contains(key), "{}", e.message);
        }
    }

    #[test]
    fn out_of_range_numbers_are_clamped_with_a_warning() {
        let (c, w) = read(json!({"maxDirectTools": -3, "maxDiscoveredSessions": 0})).unwrap();
        assert_eq!(c.max_direct_tools, 0);
        assert_eq!(c.max_discovered_sessions, 1);
        assert_eq!(w.len(), 2);
        assert!(w[0].contains("maxDirectTools"));
    }
}
