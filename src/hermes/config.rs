//! Which options a `hermes` or `vibeos` layer was given, read, clamped and checked.
//!
//! | key (alias) | hermes | vibeos | range / values |
//! |---|---|---|---|
//! | `enabled` | `auto` | `auto` | `auto`, `on`, `off`; `true` → `auto`, `false` → `off`; the strings `"true"`/`"yes"`/`"1"` → `on` and `"false"`/`"no"`/`"0"` → `off` (Hermes' aliases, any case); the numbers `1`/`0` likewise |
//! | `threshold_pct` (`thresholdPct`) | 5 (listing budget %) | 10 (activation gate %) | 0..=100, clamped |
//! | `search_default_limit` (`searchDefaultLimit`) | 5 | 5 | 1..=`max_search_limit`, clamped |
//! | `max_search_limit` (`maxSearchLimit`) | 25 | 20 | 1..=50, clamped |
//! | `listing` | `auto` | — | same values as `enabled`; `on` renders like `auto` (hermes only) |
//! | `listing_max_tokens` (`listingMaxTokens`) | 4000 | — | 200..=60000, clamped (hermes only) |
//! | `defer` | `[]` | `[]` | tool names forced behind the bridge even when core |
//! | `core_tools` (`coreTools`) | see [`crate::hermes::defer`] (`send_message` included) | the same set | replaces the core set; `prefix*` entries match by prefix |
//!
//! Out-of-range numbers are clamped and reported in `warnings` (Hermes clamps silently). Wrong
//! types and unknown words are an `invalid_config` error naming the key — stricter than Hermes,
//! which falls back to the default, because a typo that silently turns the layer into something
//! else is worse for a library than a clear error at construction. Fractions for whole-number
//! keys are errors too (Hermes truncates them with `int()`).
//!
//! The legacy boolean form `tool_search: true` is the options object `{enabled: true}` here
//! (≡ `auto`), `false` ≡ `off`; the whole options may be that boolean too
//! (`new ToolSearch(true)`).

use serde_json::Value;

use crate::error::{Error, Result};
use crate::options::{describe, Reader};

/// `enabled` and `listing`: the Hermes tri-state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// hermes: same as `On` today; vibeos: gated by `threshold_pct`.
    Auto,
    /// Always (when there is anything to defer).
    On,
    /// Never.
    Off,
}

/// The resolved configuration of one layer.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// `enabled`.
    pub enabled: Mode,
    /// `threshold_pct`, 0..=100.
    pub threshold_pct: f64,
    /// `search_default_limit`, 1..=`max_search_limit`.
    pub search_default_limit: u64,
    /// `max_search_limit`, 1..=50.
    pub max_search_limit: u64,
    /// `listing` (hermes only; `Off` for vibeos).
    pub listing: Mode,
    /// `listing_max_tokens`, 200..=60000 (hermes only).
    pub listing_max_tokens: u64,
    /// `defer`: names that defer even when core.
    pub defer: Vec<String>,
    /// `core_tools`: exact names and `prefix*` patterns that stay visible. `None` = the
    /// profile's default set.
    pub core_tools: Option<Vec<String>>,
}

impl Config {
    /// Reads this profile's keys; `vibeos` selects the VibeOS defaults and key set.
    pub fn read(reader: &mut Reader<'_>, vibeos: bool) -> Result<Config> {
        let enabled = mode(reader, &["enabled"])?.unwrap_or(Mode::Auto);
        let threshold_default = if vibeos { 10.0 } else { 5.0 };
        let threshold_pct = reader.number(
            &["threshold_pct", "thresholdPct"],
            threshold_default,
            0.0,
            100.0,
        )?;
        let max_default = if vibeos { 20 } else { 25 };
        let max_search_limit =
            reader.integer(&["max_search_limit", "maxSearchLimit"], max_default, 1, 50)?;
        let search_default_limit = reader.integer(
            &["search_default_limit", "searchDefaultLimit"],
            5.min(max_search_limit),
            1,
            max_search_limit,
        )?;
        let (listing, listing_max_tokens) = if vibeos {
            (Mode::Off, 0)
        } else {
            let listing = mode(reader, &["listing"])?.unwrap_or(Mode::Auto);
            let max_tokens = reader.integer(
                &["listing_max_tokens", "listingMaxTokens"],
                4000,
                200,
                60_000,
            )?;
            (listing, max_tokens)
        };
        let defer = reader.strings(&["defer"])?.unwrap_or_default();
        let core_tools = reader.strings(&["core_tools", "coreTools"])?;
        Ok(Config {
            enabled,
            threshold_pct,
            search_default_limit,
            max_search_limit,
            listing,
            listing_max_tokens,
            defer: trimmed(defer),
            core_tools: core_tools.map(trimmed),
        })
    }
}

fn trimmed(names: Vec<String>) -> Vec<String> {
    names
        .into_iter()
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Reads a tri-state key: `auto|on|off`, booleans, and Hermes' string/number aliases.
fn mode(reader: &mut Reader<'_>, keys: &[&'static str]) -> Result<Option<Mode>> {
    let Some((key, value)) = reader.raw(keys) else {
        return Ok(None);
    };
    let parsed = match value {
        Value::Bool(true) => Some(Mode::Auto),
        Value::Bool(false) => Some(Mode::Off),
        Value::Number(n) => match n.as_u64() {
            Some(1) => Some(Mode::On),
            Some(0) => Some(Mode::Off),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Some(Mode::Auto),
            "on" | "true" | "yes" | "1" => Some(Mode::On),
            "off" | "false" | "no" | "0" => Some(Mode::Off),
            _ => None,
        },
        _ => None,
    };
    parsed.map(Some).ok_or_else(|| {
        Error::config(
            key,
            format!(
                "expected auto, on, off or a boolean, got {}",
                describe(value)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value, vibeos: bool) -> Result<(Config, Vec<String>)> {
        let mut r = Reader::new("", Some(&v))?;
        let c = Config::read(&mut r, vibeos)?;
        Ok((c, r.finish()?))
    }

    #[test]
    fn defaults_follow_each_profile() {
        let (h, _) = read(json!({}), false).unwrap();
        assert_eq!(h.enabled, Mode::Auto);
        assert_eq!(h.threshold_pct, 5.0);
        assert_eq!((h.search_default_limit, h.max_search_limit), (5, 25));
        assert_eq!((h.listing, h.listing_max_tokens), (Mode::Auto, 4000));
        let (v, _) = read(json!({}), true).unwrap();
        assert_eq!(v.threshold_pct, 10.0);
        assert_eq!(v.max_search_limit, 20);
    }

    #[test]
    fn tri_state_accepts_hermes_aliases() {
        for (raw, want) in [
            (json!(true), Mode::Auto),
            (json!(false), Mode::Off),
            (json!("YES"), Mode::On),
            (json!("0"), Mode::Off),
            (json!(1), Mode::On),
            (json!("off"), Mode::Off),
        ] {
            let (c, _) = read(json!({ "enabled": raw }), false).unwrap();
            assert_eq!(c.enabled, want, "{raw}");
        }
        let err = read(json!({"enabled": "sometimes"}), false).unwrap_err();
        assert!(err.message.contains("enabled"), "{}", err.message);
    }

    #[test]
    fn limits_clamp_with_warnings_and_default_stays_within_max() {
        let (c, warnings) = read(
            json!({"max_search_limit": 999, "search_default_limit": 999}),
            false,
        )
        .unwrap();
        assert_eq!((c.max_search_limit, c.search_default_limit), (50, 50));
        assert_eq!(warnings.len(), 2);
        let (c, _) = read(json!({"max_search_limit": 3}), false).unwrap();
        assert_eq!(c.search_default_limit, 3);
    }
}
