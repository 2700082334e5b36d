//! One configured layer: which profile, which catalog each session sees, and the cache that
//! makes an unchanged tool list cost nothing to re-assemble.

use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use crate::catalog::Catalog;
use crate::error::{preview, Error, ErrorCode, Result};
use crate::options::Reader;
use crate::search::{SearchIndex, SearchOptions};

/// A catalog with its searchable slice indexed, shared by every session whose tool list has
/// the same fingerprint.
pub struct Prepared {
    /// All tools of the session, in input order.
    pub catalog: Catalog,
    /// Positions (in `catalog`) of the tools the bridge searches, in catalog order.
    pub searchable: Vec<usize>,
    /// Index over `searchable`: hit `doc` i is `catalog.tools()[searchable[i]]`.
    pub index: SearchIndex,
}

/// One entry of an assembled tool list.
#[derive(Debug, Clone, PartialEq)]
pub enum Visible {
    /// The host's own definition at this position of its input, handed back unchanged.
    Input(usize),
    /// A bridge tool, rendered in the host's format.
    Bridge(Value),
}

/// What the model sees this turn, and why.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Assembly {
    /// The model-visible tools, in order.
    pub tools: Vec<Visible>,
    /// True when bridge tools replace deferred tools this turn.
    pub active: bool,
    /// 0 = passthrough; 1 = bridge with a listing; 2 = bare bridge (profile-specific).
    pub tier: u8,
    /// The listing form (`full`, `names`, `mixed`, `groups`, `none`), when the profile lists.
    pub listing_form: Option<&'static str>,
    /// Number of tools hidden behind the bridge.
    pub deferred: usize,
    /// The listing budget in tokens, when the profile has one.
    pub budget_tokens: Option<u64>,
    /// Estimated tokens of the listing text actually used.
    pub listing_tokens: u64,
    /// Estimated tokens of the deferred tools' schemas (what the bridge saves).
    pub deferred_tokens: u64,
    /// Notes for the host (e.g. an always-direct tool that is not in the list).
    pub warnings: Vec<String>,
}

/// What answering a bridge call produced.
#[derive(Debug, Clone, PartialEq)]
pub enum Handled {
    /// A result for the model (a JSON value the host returns as the tool result).
    Reply(Value),
    /// The host must run this tool itself, as if the model had called it directly.
    Dispatch {
        /// The underlying tool's name.
        name: String,
        /// Its arguments, always an object.
        arguments: Value,
    },
}

/// Per-turn inputs besides the tool list.
#[derive(Default)]
pub struct AssembleContext<'a> {
    /// The session this turn belongs to.
    pub session_id: &'a str,
    /// The message history (any supported shape), for profiles that read it.
    pub messages: Option<&'a Value>,
    /// The model's context window in tokens; `None` when unknown.
    pub context_window: Option<u64>,
    /// The caller's enabled tool groups (aalis); `None` = all groups.
    pub enabled_groups: Option<&'a [String]>,
    /// Counts tokens of a text; characters/4 when absent.
    pub token_counter: Option<&'a dyn Fn(&str) -> u64>,
}

/// Per-call inputs for a bridge call.
#[derive(Default)]
pub struct CallContext<'a> {
    /// The session the call belongs to.
    pub session_id: &'a str,
    /// The caller's enabled tool groups (aalis); `None` = all groups.
    pub enabled_groups: Option<&'a [String]>,
}

/// What a profile decides. One implementation per seed system.
pub trait Profile {
    /// The reserved bridge tool names of this profile.
    fn bridge_names(&self) -> &'static [&'static str];
    /// Positions of the tools the bridge searches (deferrable tools).
    fn searchable(&self, catalog: &Catalog) -> Vec<usize>;
    /// Builds this turn's model-visible tool list.
    fn assemble(&mut self, prepared: &Prepared, ctx: &AssembleContext<'_>) -> Result<Assembly>;
    /// Answers a call to one of [`Profile::bridge_names`].
    fn handle(
        &mut self,
        prepared: &Prepared,
        name: &str,
        args: &Value,
        ctx: &CallContext<'_>,
    ) -> Result<Handled>;
    /// Forgets per-session state (`None` = every session).
    fn clear(&mut self, _session: Option<&str>) {}
}

/// Estimated tokens of a text: `ceil(chars / 4)`, or the host's counter.
pub fn estimate_tokens(text: &str, counter: Option<&dyn Fn(&str) -> u64>) -> u64 {
    match counter {
        Some(count) => count(text),
        None => (text.chars().count() as u64).div_ceil(4),
    }
}

/// Default number of sessions remembered before the least recently active is forgotten.
pub const DEFAULT_MAX_SESSIONS: u64 = 500;
/// Prepared catalogs kept for reuse (distinct tool lists seen recently).
const PREPARED_CACHE: usize = 8;

struct SessionEntry {
    prepared: Rc<Prepared>,
    tick: u64,
}

/// One configured tool-search layer.
pub struct ToolSearch {
    profile: Box<dyn Profile>,
    search: SearchOptions,
    warnings: Vec<String>,
    max_sessions: usize,
    sessions: HashMap<String, SessionEntry>,
    cache: Vec<(u64, Rc<Prepared>)>,
    tick: u64,
}

/// The profile names accepted by the `profile` option.
pub const PROFILES: &[&str] = &["hermes", "vibeos", "aalis"];

impl ToolSearch {
    /// Builds a layer from an options object (see the README's options table).
    pub fn new(options: &Value) -> Result<ToolSearch> {
        let mut reader = Reader::new("", Some(options))?;
        let profile_name = reader.choice(&["profile"], PROFILES)?.unwrap_or("hermes");
        let max_sessions = reader.integer(
            &["maxSessions", "max_sessions"],
            DEFAULT_MAX_SESSIONS,
            1,
            1_000_000,
        )?;
        let search = SearchOptions::read(&mut reader)?;
        let profile = crate::profiles::build(profile_name, &mut reader)?;
        let warnings = reader.finish()?;
        Ok(ToolSearch {
            profile,
            search,
            warnings,
            max_sessions: max_sessions as usize,
            sessions: HashMap::new(),
            cache: Vec::new(),
            tick: 0,
        })
    }

    /// Notes about options that were clamped or defaulted.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Prepares (or reuses) the catalog for a tool list given as JSON text.
    pub fn prepare_json(&mut self, tools_json: &str) -> Result<Rc<Prepared>> {
        let fingerprint = crate::catalog::fingerprint(tools_json.as_bytes());
        if let Some(prepared) = self.cached(fingerprint) {
            return Ok(prepared);
        }
        let catalog = Catalog::from_json(tools_json)?;
        Ok(self.prepare(catalog))
    }

    /// Prepares an already-normalised catalog (reusing the cache when its fingerprint matches).
    pub fn prepare(&mut self, catalog: Catalog) -> Rc<Prepared> {
        if let Some(prepared) = self.cached(catalog.fingerprint()) {
            return prepared;
        }
        let searchable = self.profile.searchable(&catalog);
        let tools: Vec<_> = searchable
            .iter()
            .filter_map(|&i| catalog.tools().get(i))
            .collect();
        let index = SearchIndex::build(&tools, &self.search);
        let fingerprint = catalog.fingerprint();
        let prepared = Rc::new(Prepared {
            catalog,
            searchable,
            index,
        });
        if self.cache.len() >= PREPARED_CACHE {
            self.cache.remove(0);
        }
        self.cache.push((fingerprint, Rc::clone(&prepared)));
        prepared
    }

    fn cached(&mut self, fingerprint: u64) -> Option<Rc<Prepared>> {
        let at = self.cache.iter().position(|(f, _)| *f == fingerprint)?;
        // Move to the back: the cache evicts from the front (least recently used).
        let entry = self.cache.remove(at);
        let prepared = Rc::clone(&entry.1);
        self.cache.push(entry);
        Some(prepared)
    }

    /// Assembles one turn for `ctx.session_id` and makes that tool list the session's scope.
    pub fn assemble(
        &mut self,
        prepared: Rc<Prepared>,
        ctx: &AssembleContext<'_>,
    ) -> Result<Assembly> {
        let mut assembly = self.profile.assemble(&prepared, ctx)?;
        self.remember(ctx.session_id, prepared);
        assembly
            .warnings
            .splice(0..0, self.warnings.iter().cloned());
        Ok(assembly)
    }

    fn remember(&mut self, session_id: &str, prepared: Rc<Prepared>) {
        self.tick += 1;
        let tick = self.tick;
        if let Some(entry) = self.sessions.get_mut(session_id) {
            entry.prepared = prepared;
            entry.tick = tick;
            return;
        }
        if self.sessions.len() >= self.max_sessions {
            if let Some(oldest) = self
                .sessions
                .iter()
                .min_by_key(|(_, e)| e.tick)
                .map(|(k, _)| k.clone())
            {
                self.sessions.remove(&oldest);
                self.profile.clear(Some(&oldest));
            }
        }
        self.sessions
            .insert(session_id.to_string(), SessionEntry { prepared, tick });
    }

    /// The prepared catalog a session was last assembled with.
    pub fn session(&self, session_id: &str) -> Result<Rc<Prepared>> {
        self.sessions
            .get(session_id)
            .map(|e| Rc::clone(&e.prepared))
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::UnknownSession,
                    format!(
                        "session {:?} has no assembled tool list (assemble it first, or it was cleared or evicted)",
                        preview(session_id)
                    ),
                )
            })
    }

    /// True when `name` is one of this profile's bridge tools.
    pub fn is_bridge(&self, name: &str) -> bool {
        self.profile.bridge_names().contains(&name)
    }

    /// Answers a bridge call within the session's scope. `Ok(None)` when `name` is not a
    /// bridge tool (the host runs it itself).
    pub fn handle(
        &mut self,
        name: &str,
        args: &Value,
        ctx: &CallContext<'_>,
    ) -> Result<Option<Handled>> {
        if !self.is_bridge(name) {
            return Ok(None);
        }
        let prepared = self.session(ctx.session_id)?;
        self.profile.handle(&prepared, name, args, ctx).map(Some)
    }

    /// Forgets one session (its scope and any discovered tools), or every session.
    pub fn clear(&mut self, session: Option<&str>) {
        match session {
            Some(id) => {
                self.sessions.remove(id);
            }
            None => self.sessions.clear(),
        }
        self.profile.clear(session);
    }

    /// Number of sessions currently remembered.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }
}
