//! The exact parse of one definition: serde's walk over its text, which keeps the metadata,
//! each schema's property names and nothing else, and checks the rest as parsing it into a
//! [`Value`] would. The [`Head`] it builds is what [`Tool::from_value`](super::Tool) reads a
//! definition from; [`scan`](super::scan) builds the same `Head` faster when it is sure of the
//! text, and this walk answers (with serde's errors) when it is not.

use std::borrow::Cow;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::{scan, META_KEYS};

/// An object key, borrowed from the text unless it holds escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Text;
        impl<'de> Visitor<'de> for Text {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> std::result::Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

/// Any JSON value, checked exactly as parsing it into a [`Value`] would check it (string
/// escapes, number range, nesting depth) but without building anything.
pub(super) struct Valid;

impl<'de> Deserialize<'de> for Valid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Check;
        impl<'de> Visitor<'de> for Check {
            type Value = Valid;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E>(self, _: bool) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_i64<E>(self, _: i64) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_u64<E>(self, _: u64) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_f64<E>(self, _: f64) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_str<E>(self, _: &str) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_unit<E>(self) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_none<E>(self) -> std::result::Result<Valid, E> {
                Ok(Valid)
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<Valid, A::Error> {
                while seq.next_element::<Valid>()?.is_some() {}
                Ok(Valid)
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Valid, A::Error> {
                while map.next_entry::<Valid, Valid>()?.is_some() {}
                Ok(Valid)
            }
        }
        deserializer.deserialize_any(Check)
    }
}

/// A schema's property names, or the JSON type it had instead of an object.
pub(super) type SchemaNames = std::result::Result<Box<[Box<str>]>, &'static str>;

/// One tool object after the single parse pass, members in order. Lookups take the last of
/// repeated keys and `contains_key` any, as a parsed `Value` would.
#[derive(PartialEq)]
pub(super) struct Head<'a>(pub(super) Vec<(Cow<'a, str>, Member<'a>)>);

/// One member of a tool object.
#[derive(PartialEq)]
pub(super) enum Member<'a> {
    /// Metadata (`name`, `description`, `source`, `kind`, `groups`, `type`), parsed.
    Value(Value),
    /// `function`: the nested definition, or the JSON type it had instead of an object.
    Function(std::result::Result<Head<'a>, &'static str>),
    /// A schema key.
    Schema(SchemaNames),
    /// Anything else: checked, not kept.
    Other,
}

impl<'a> Head<'a> {
    /// Parses one definition: read straight from the bytes when [`scan`] is sure of it (the
    /// usual case), else walked through serde, whose errors are the ones reported.
    pub(super) fn parse(json: &'a str) -> serde_json::Result<Head<'a>> {
        match scan::head(json) {
            Some(head) => Ok(head),
            None => Head::walk_exactly(json),
        }
    }

    /// The serde walk: metadata parsed, schemas walked for their property names, everything
    /// else checked through [`Valid`].
    pub(super) fn walk_exactly(json: &'a str) -> serde_json::Result<Head<'a>> {
        serde_json::from_str(json)
    }

    pub(super) fn get(&self, key: &str) -> Option<&Member<'_>> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub(super) fn contains_key(&self, key: &str) -> bool {
        self.0.iter().any(|(k, _)| k == key)
    }

    pub(super) fn value(&self, key: &str) -> Option<Value> {
        match self.get(key)? {
            Member::Value(value) => Some(value.clone()),
            _ => None,
        }
    }

    /// The member [`Head::get`] finds, moved out (`Other` left in its place).
    pub(super) fn take(&mut self, key: &str) -> Option<Member<'a>> {
        let (_, member) = self.0.iter_mut().rev().find(|(k, _)| k == key)?;
        Some(std::mem::replace(member, Member::Other))
    }

    /// [`Head::value`], moved out.
    pub(super) fn take_value(&mut self, key: &str) -> Option<Value> {
        match self.take(key)? {
            Member::Value(value) => Some(value),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Head<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        // Through `deserialize_any`, not `deserialize_map`: serde_json's error for another
        // type names it through serde's `Unexpected`, whose `Display` links core's float
        // formatting (see scripts/build.sh) for a message no caller reaches (a definition is
        // checked to be an object before it is walked).
        FunctionWalk::deserialize(deserializer)?.0.map_err(|kind| {
            serde::de::Error::custom(format_args!("invalid type: {kind}, expected an object"))
        })
    }
}

struct HeadVisitor;

impl<'de> Visitor<'de> for HeadVisitor {
    type Value = Head<'de>;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a tool definition object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Head<'de>, A::Error> {
        let mut members = Vec::new();
        while let Some(Key(key)) = map.next_key()? {
            let member = match &*key {
                k if META_KEYS.contains(&k) => Member::Value(map.next_value()?),
                "function" => Member::Function(map.next_value::<FunctionWalk<'de>>()?.0),
                // `SCHEMA_KEYS`, written out: a match on the literals links 400 bytes less.
                "parameters" | "input_schema" | "inputSchema" => {
                    Member::Schema(map.next_value::<SchemaWalk>()?.0)
                }
                _ => {
                    map.next_value::<Valid>()?;
                    Member::Other
                }
            };
            members.push((key, member));
        }
        Ok(Head(members))
    }
}

/// The visits of a walker for values other than the object it wants: each is checked like
/// [`Valid`] and answers `$wrap(Err(its JSON type))`.
macro_rules! not_an_object {
    ($wrap:expr) => {
        fn visit_bool<E>(self, _: bool) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("boolean")))
        }
        fn visit_i64<E>(self, _: i64) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("number")))
        }
        fn visit_u64<E>(self, _: u64) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("number")))
        }
        fn visit_f64<E>(self, _: f64) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("number")))
        }
        fn visit_str<E>(self, _: &str) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("string")))
        }
        fn visit_unit<E>(self) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("null")))
        }
        fn visit_none<E>(self) -> std::result::Result<Self::Value, E> {
            Ok($wrap(Err("null")))
        }
        fn visit_seq<A: SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            while seq.next_element::<Valid>()?.is_some() {}
            Ok($wrap(Err("array")))
        }
    };
}

/// A `function` member: walked like the outer object when it is one.
struct FunctionWalk<'a>(std::result::Result<Head<'a>, &'static str>);

impl<'de> Deserialize<'de> for FunctionWalk<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Walk;
        impl<'de> Visitor<'de> for Walk {
            type Value = FunctionWalk<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            not_an_object!(FunctionWalk);
            fn visit_map<A: MapAccess<'de>>(
                self,
                map: A,
            ) -> std::result::Result<FunctionWalk<'de>, A::Error> {
                HeadVisitor
                    .visit_map(map)
                    .map(|head| FunctionWalk(Ok(head)))
            }
        }
        deserializer.deserialize_any(Walk)
    }
}

/// A schema member: its top-level property names — the keys of its last `properties` object,
/// in order, each once, as a parsed `Value` keeps them.
struct SchemaWalk(std::result::Result<Box<[Box<str>]>, &'static str>);

impl<'de> Deserialize<'de> for SchemaWalk {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Walk;
        impl<'de> Visitor<'de> for Walk {
            type Value = SchemaWalk;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            not_an_object!(SchemaWalk);
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<SchemaWalk, A::Error> {
                let mut names = Box::default();
                while let Some(Key(key)) = map.next_key()? {
                    if key == "properties" {
                        names = map.next_value::<PropertiesWalk>()?.0.unwrap_or_default();
                    } else {
                        map.next_value::<Valid>()?;
                    }
                }
                Ok(SchemaWalk(Ok(names)))
            }
        }
        deserializer.deserialize_any(Walk)
    }
}

/// A `properties` member: its keys when it is an object.
struct PropertiesWalk(std::result::Result<Box<[Box<str>]>, &'static str>);

impl<'de> Deserialize<'de> for PropertiesWalk {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct Walk;
        impl<'de> Visitor<'de> for Walk {
            type Value = PropertiesWalk;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            not_an_object!(PropertiesWalk);
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<PropertiesWalk, A::Error> {
                let mut names: Vec<Box<str>> = Vec::new();
                while let Some(Key(key)) = map.next_key()? {
                    map.next_value::<Valid>()?;
                    names.push(Box::from(&*key));
                }
                Ok(PropertiesWalk(Ok(unique_names(names))))
            }
        }
        deserializer.deserialize_any(Walk)
    }
}

/// Property names in order, a repeated one kept at its first position, as a parsed `Value`
/// keeps them. Schemas have a handful of properties: compare directly, hash only long lists.
pub(super) fn unique_names(mut names: Vec<Box<str>>) -> Box<[Box<str>]> {
    if names.len() > 32 {
        let mut seen = crate::search::hash::FxSet::default();
        seen.reserve(names.len());
        // (A set of `String`, as the crate's other string sets are: each key type links
        // its own copy of the table's code into the wasm.)
        names.retain(|name| seen.insert(String::from(&**name)));
    } else if names.len() > 1 {
        let mut kept: Vec<Box<str>> = Vec::with_capacity(names.len());
        for name in names {
            if !kept.contains(&name) {
                kept.push(name);
            }
        }
        names = kept;
    }
    names.into_boxed_slice()
}
