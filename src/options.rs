//! How a caller's options object is read: typed lookups that name the offending key.
//!
//! Every profile reads its keys through [`Reader`], so wrong types and unknown keys give the
//! same `invalid_config` errors, and clamped values land in the same `warnings` list.

use serde_json::{Map, Value};

use crate::error::{preview, Error, Result};
use crate::tool::type_name;

/// Reads keys from one options object and remembers which were read, so leftovers can be
/// reported as unknown.
pub struct Reader<'a> {
    scope: &'a str,
    map: &'a Map<String, Value>,
    seen: Vec<&'static str>,
    /// The first option given under two of its spellings.
    twice: Option<(&'static str, &'static str)>,
    /// Human-readable notes about values that were clamped or defaulted.
    pub warnings: Vec<String>,
}

static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();

impl<'a> Reader<'a> {
    /// A reader over `value`, which must be an object, `null` or absent. `scope` prefixes
    /// key names in messages (e.g. `"tool_search."`).
    pub fn new(scope: &'a str, value: Option<&'a Value>) -> Result<Self> {
        let map = match value {
            None | Some(Value::Null) => EMPTY.get_or_init(Map::new),
            Some(Value::Object(map)) => map,
            Some(other) if scope.is_empty() => {
                return Err(Error::new(
                    crate::error::ErrorCode::InvalidConfig,
                    format!(
                        "the options must be an object, like {{profile: \"hermes\"}}; got {}",
                        describe(other)
                    ),
                ))
            }
            Some(other) => {
                return Err(Error::config(
                    scope.trim_end_matches('.'),
                    format!("expected an object, got {}", type_name(other)),
                ))
            }
        };
        Ok(Reader {
            scope,
            map,
            seen: Vec::new(),
            twice: None,
            warnings: Vec::new(),
        })
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.scope)
    }

    /// The raw value of the first present key among `keys` (aliases: snake_case and camelCase).
    pub fn raw(&mut self, keys: &[&'static str]) -> Option<(&'static str, &'a Value)> {
        self.seen.extend_from_slice(keys);
        let mut given = keys
            .iter()
            .filter(|k| self.map.get(**k).is_some_and(|v| !v.is_null()));
        if let (Some(first), Some(second), None) = (given.next(), given.next(), self.twice) {
            self.twice = Some((first, second));
        }
        keys.iter()
            .find_map(|k| self.map.get(*k).filter(|v| !v.is_null()).map(|v| (*k, v)))
    }

    /// A boolean.
    pub fn bool(&mut self, keys: &[&'static str], default: bool) -> Result<bool> {
        match self.raw(keys) {
            None => Ok(default),
            Some((_, Value::Bool(b))) => Ok(*b),
            Some((k, other)) => Err(Error::config(
                &self.key(k),
                format!("expected a boolean, got {}", describe(other)),
            )),
        }
    }

    /// A number clamped to `min..=max`; a clamp is reported in `warnings`.
    pub fn number(
        &mut self,
        keys: &[&'static str],
        default: f64,
        min: f64,
        max: f64,
    ) -> Result<f64> {
        match self.raw(keys) {
            None => Ok(default),
            Some((k, Value::Number(n))) => {
                let v = n.as_f64().unwrap_or(default);
                // Not `f64::clamp`: its assertion would link f64's `Debug` formatting.
                let clamped = v.max(min).min(max);
                if clamped != v {
                    self.note_clamp(k, n, shown(min), shown(max), shown(clamped));
                }
                Ok(clamped)
            }
            Some((k, other)) => Err(Error::config(
                &self.key(k),
                format!(
                    "expected a number in {}..={}, got {}",
                    shown(min),
                    shown(max),
                    describe(other)
                ),
            )),
        }
    }

    /// Records that `key`'s value `n` was clamped into `min..=max`. `n` prints as JSON does
    /// (`1e+300`), not as 301 digits.
    fn note_clamp(
        &mut self,
        key: &str,
        n: &serde_json::Number,
        min: impl std::fmt::Display,
        max: impl std::fmt::Display,
        clamped: impl std::fmt::Display,
    ) {
        let key = self.key(key);
        self.warnings.push(format!(
            "{key}: {n} is outside {min}..={max}; using {clamped}"
        ));
    }

    /// A whole number clamped to `min..=max`; fractions are an error.
    pub fn integer(
        &mut self,
        keys: &[&'static str],
        default: u64,
        min: u64,
        max: u64,
    ) -> Result<u64> {
        match self.raw(keys) {
            None => Ok(default),
            Some((k, Value::Number(n))) => {
                let Some(v) = n.as_f64().filter(|v| v.fract() == 0.0) else {
                    return Err(Error::config(
                        &self.key(k),
                        format!("expected a whole number in {min}..={max}, got {n}"),
                    ));
                };
                let clamped = v.max(min as f64).min(max as f64) as u64;
                if clamped as f64 != v {
                    self.note_clamp(k, n, min, max, clamped);
                }
                Ok(clamped)
            }
            Some((k, other)) => Err(Error::config(
                &self.key(k),
                format!(
                    "expected a whole number in {min}..={max}, got {}",
                    describe(other)
                ),
            )),
        }
    }

    /// A string.
    pub fn string(&mut self, keys: &[&'static str]) -> Result<Option<&'a str>> {
        match self.raw(keys) {
            None => Ok(None),
            Some((_, Value::String(s))) => Ok(Some(s.as_str())),
            Some((k, other)) => Err(Error::config(
                &self.key(k),
                format!("expected a string, got {}", describe(other)),
            )),
        }
    }

    /// One of `choices`.
    pub fn choice(
        &mut self,
        keys: &[&'static str],
        choices: &[&'static str],
    ) -> Result<Option<&'static str>> {
        let Some(value) = self.string(keys)? else {
            return Ok(None);
        };
        match choices.iter().find(|c| **c == value) {
            Some(c) => Ok(Some(*c)),
            None => Err(Error::config(
                &self.key(keys.first().copied().unwrap_or_default()),
                format!(
                    "unknown value {:?}; expected one of {}",
                    preview(value),
                    choices.join(", ")
                ),
            )),
        }
    }

    /// An array of strings.
    pub fn strings(&mut self, keys: &[&'static str]) -> Result<Option<Vec<String>>> {
        match self.raw(keys) {
            None => Ok(None),
            Some((k, Value::Array(items))) => items
                .iter()
                .map(|item| match item {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(Error::config(
                        &self.key(k),
                        format!("expected an array of strings, found {}", describe(other)),
                    )),
                })
                .collect::<Result<Vec<_>>>()
                .map(Some),
            Some((k, other)) => Err(Error::config(
                &self.key(k),
                format!("expected an array of strings, got {}", describe(other)),
            )),
        }
    }

    /// Fails on the first key that no lookup asked for, naming it and the valid keys, or on
    /// an option given under two of its spellings (`threshold_pct` and `thresholdPct`: which
    /// one was meant?).
    pub fn finish(self) -> Result<Vec<String>> {
        if let Some((first, second)) = self.twice {
            return Err(Error::config(
                &self.key(first),
                format!("also given as `{second}`; give one of the two"),
            ));
        }
        if let Some(unknown) = self.map.keys().find(|k| !self.seen.contains(&k.as_str())) {
            let mut valid: Vec<&str> = self.seen.clone();
            crate::sort::sort_by(&mut valid, |a, b| a < b);
            valid.dedup();
            return Err(Error::config(
                &self.key(unknown),
                format!("unknown option; valid options are {}", valid.join(", ")),
            ));
        }
        Ok(self.warnings)
    }
}

/// A bound or a clamped value for messages, as JSON writes it (`100`, `0.5`): through
/// serde_json's number writer, which the core links anyway, not `f64`'s `Display`, whose
/// float formatting (Grisu and Dragon with their tables) would be linked for these messages
/// alone.
fn shown(v: f64) -> serde_json::Number {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        serde_json::Number::from(v as i64)
    } else {
        serde_json::Number::from_f64(v).unwrap_or_else(|| serde_json::Number::from(0))
    }
}

/// A short description of a JSON value for messages: its type and a preview.
pub fn describe(value: &Value) -> String {
    match value {
        Value::String(s) => format!("string {:?}", preview(s)),
        Value::Number(n) => format!("number {n}"),
        Value::Bool(b) => format!("boolean {b}"),
        other => type_name(other).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn clamped_numbers_are_reported_in_warnings() {
        let v = json!({"threshold_pct": 150});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.number(&["threshold_pct"], 5.0, 0.0, 100.0).ok(),
            Some(100.0)
        );
        let warnings = r.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            warnings,
            ["threshold_pct: 150 is outside 0..=100; using 100"]
        );
        // Fractional bounds print as JSON writes them.
        let v = json!({"w": 1, "k": -1e300});
        let mut r = Reader::new("x.", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.number(&["w"], 0.5, 0.25, 0.75).ok(), Some(0.75));
        assert_eq!(r.number(&["k"], 1.0, 0.5, 2.0).ok(), Some(0.5));
        let warnings = r.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            warnings,
            [
                "x.w: 1 is outside 0.25..=0.75; using 0.75",
                "x.k: -1e+300 is outside 0.5..=2; using 0.5"
            ]
        );
        let v = json!({"w": "high"});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        let err = r.number(&["w"], 0.5, 0.25, 0.75).err().map(|e| e.message);
        assert_eq!(
            err.as_deref(),
            Some("option `w`: expected a number in 0.25..=0.75, got string \"high\"")
        );
    }

    #[test]
    fn wrong_types_and_unknown_keys_name_the_key() {
        let v = json!({"limit": "ten"});
        let mut r = Reader::new("x.", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        let err = r.integer(&["limit"], 5, 1, 50).err().map(|e| e.message);
        assert!(err
            .as_deref()
            .is_some_and(|m| m.contains("x.limit") && m.contains("\"ten\"")));

        let v = json!({"limt": 3});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        let _ = r.integer(&["limit"], 5, 1, 50);
        let err = r.finish().err().map(|e| e.message);
        assert!(err
            .as_deref()
            .is_some_and(|m| m.contains("limt") && m.contains("limit")));
    }

    #[test]
    fn an_option_given_under_both_spellings_is_an_error_naming_both() {
        let v = json!({"threshold_pct": 5, "thresholdPct": 10, "defer": []});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.number(&["threshold_pct", "thresholdPct"], 1.0, 0.0, 100.0)
                .ok(),
            Some(5.0)
        );
        let err = r.finish().err().map(|e| e.message);
        assert_eq!(
            err.as_deref(),
            Some("option `threshold_pct`: also given as `thresholdPct`; give one of the two")
        );
        // A null spelling counts as absent.
        let v = json!({"threshold_pct": null, "thresholdPct": 10});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        let n = r.number(&["threshold_pct", "thresholdPct"], 1.0, 0.0, 100.0);
        assert_eq!(n.ok(), Some(10.0));
        assert!(r.finish().is_ok());
    }

    #[test]
    fn options_that_are_not_an_object_say_so_without_an_empty_key() {
        let v = json!("hermes");
        let err = Reader::new("", Some(&v)).err().map(|e| e.message);
        assert_eq!(
            err.as_deref(),
            Some(
                "the options must be an object, like {profile: \"hermes\"}; got string \"hermes\""
            )
        );
        let err = Reader::new("tool_search.", Some(&v))
            .err()
            .map(|e| e.message);
        assert_eq!(
            err.as_deref(),
            Some("option `tool_search`: expected an object, got string")
        );
    }

    #[test]
    fn a_huge_clamped_value_is_reported_in_exponent_form_not_as_301_digits() {
        let v = json!({"maxSessions": 1e300, "threshold_pct": -1e300});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.integer(&["maxSessions"], 5, 1, 50).ok(), Some(50));
        assert_eq!(
            r.number(&["threshold_pct"], 5.0, 0.0, 100.0).ok(),
            Some(0.0)
        );
        let warnings = r.finish().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            warnings,
            vec![
                "maxSessions: 1e+300 is outside 1..=50; using 50",
                "threshold_pct: -1e+300 is outside 0..=100; using 0",
            ]
        );
    }

    #[test]
    fn fractions_are_not_whole_numbers() {
        let v = json!({"limit": 2.5});
        let mut r = Reader::new("", Some(&v)).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.integer(&["limit"], 5, 1, 50).is_err());
    }
}
