//! One configured layer: which profile, which catalog each session sees, and the cache that
//! makes an unchanged tool list cost nothing to re-assemble.
//!
//! Caches (all keyed by the exact input, so a hit returns what a rebuild would — `SPEC.md` §1,
//! proved per profile by `tests/cache.rs`):
//! - **prepared catalogs**: the last [`PREPARED_CACHE`] distinct tool lists, keyed by their
//!   JSON text. A new list is compared with the cached texts of the same length (eight bytes
//!   at a time), so a list with the same text costs one comparison, and any other one none.
//! - **hermes listing**: the rendered bridge tools per catalog ([`Catalog::id`]) and listing budget
//!   (`hermes::assemble::ListingCache`), used only when the host gives no token counter — a
//!   counter may answer differently per call, so with one the listing is rebuilt every turn.
//! - the wasm binding adds an identity cache of recent arrays: the same array of the same
//!   objects skips serialisation entirely.
//!
//! Memory: a [`Catalog`] keeps the tool list's JSON text once and each tool refers to its
//! slice; schemas are parsed only when a bridge reply needs them (see [`crate::Tool`]).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

use crate::catalog::Catalog;
use crate::error::{preview, Error, ErrorCode, Result};
use crate::options::Reader;
use crate::search::hash::FxMap;
use crate::search::{Hit, SearchIndex, SearchOptions, SearchRequest, TermScore};

/// A catalog with its searchable slice indexed, shared by every session whose tool list has
/// the same text.
pub struct Prepared {
    /// All tools of the session, in input order.
    pub catalog: Catalog,
    /// Positions (in `catalog`) of the tools the bridge searches, in catalog order.
    pub searchable: Vec<usize>,
    /// Index over `searchable`: hit `doc` i is `catalog.tools()[searchable[i]]`.
    pub index: SearchIndex,
    /// Per catalog tool, the characters of its definition's compact JSON (see
    /// [`Tool::compact_chars`](crate::Tool::compact_chars)), which [`Prepared::tokens_of`]
    /// turns into tokens. Computed once per distinct tool list, so no turn re-serialises
    /// schemas.
    schema_chars: Vec<u64>,
    /// The searchable tools' lowercased text for aalis' substring matcher, made on its first
    /// search (see [`Prepared::lowered`]).
    lowered: std::cell::OnceCell<crate::aalis::substring::Lowered>,
    /// Aalis' listing of names when no enabled groups narrow it (see
    /// [`Prepared::bridge_listing`]).
    listing: std::cell::OnceCell<String>,
    /// Sessions of its layer that keep it (for the layer's memory budget).
    holders: std::cell::Cell<usize>,
}

impl Prepared {
    /// Indexes the `searchable` positions of `catalog` and estimates every definition's size.
    pub fn new(catalog: Catalog, searchable: Vec<usize>, options: &SearchOptions) -> Prepared {
        Prepared::extending(None, catalog, searchable, options)
    }

    /// [`Prepared::new`], whose index is made from `earlier`'s when the tools it searches
    /// start with most of `earlier`'s (a list with tools added, removed or changed near its
    /// end): the same index, for the analysis of the tools after the shared ones alone (see
    /// [`SearchIndex::extended`]).
    pub fn extending(
        earlier: Option<&Prepared>,
        catalog: Catalog,
        searchable: Vec<usize>,
        options: &SearchOptions,
    ) -> Prepared {
        let tools: Vec<_> = tools_at(&catalog, &searchable).collect();
        let index = earlier
            .and_then(|earlier| {
                let indexed: Vec<_> = earlier.searched().collect();
                earlier.index.extended(&indexed, &tools, options)
            })
            .unwrap_or_else(|| SearchIndex::build(&tools, options));
        let schema_chars = catalog
            .tools()
            .iter()
            .map(|t| catalog.compact_chars(t) as u64)
            .collect();
        Prepared {
            catalog,
            searchable,
            index,
            schema_chars,
            lowered: std::cell::OnceCell::new(),
            listing: std::cell::OnceCell::new(),
            holders: std::cell::Cell::new(0),
        }
    }

    /// The memory this prepared list keeps, estimated at twice its JSON text (the parsed
    /// definitions and the index take about as much again as the text: 1.7–1.8× measured in
    /// wasm for the mcp-servers and Cloudflare API catalogs) and 100 bytes a distinct term
    /// (text of random words or CJK characters makes a term every few bytes: a 20 MB list of
    /// it took 270 MB, six times the text-only estimate).
    pub fn retained_bytes(&self) -> usize {
        self.catalog
            .text()
            .len()
            .saturating_mul(2)
            .saturating_add(self.index.term_count().saturating_mul(100))
    }

    /// The searchable tools' names and descriptions lowercased, in `searchable` order: made
    /// once per prepared catalog, on its first substring search (aalis' `search_tools`).
    pub fn lowered(&self) -> &crate::aalis::substring::Lowered {
        self.lowered
            .get_or_init(|| crate::aalis::substring::Lowered::new(self.searched()))
    }

    /// The listing `make` gives, kept for this list's later turns when `groups` (the turn's
    /// enabled groups) is `None`, which lets every tool through: aalis' `search_tools` lists
    /// every searchable name, ~83,000 characters at 3,454 tools, and gathering and joining
    /// them (twice: the description and its token estimate) took ~0.2 ms of an unchanged
    /// turn. The layer's configuration is fixed, so the list decides the text. A turn that
    /// names its groups makes its own.
    pub fn bridge_listing(
        &self,
        groups: Option<&[String]>,
        make: impl FnOnce() -> String,
    ) -> String {
        match groups {
            None => self.listing.get_or_init(make).clone(),
            Some(_) => make(),
        }
    }

    /// The tools at the `searchable` positions, in order: the index's documents, the tools
    /// the bridge searches.
    pub fn searched(&self) -> impl Iterator<Item = &crate::Tool> {
        tools_at(&self.catalog, &self.searchable)
    }

    /// Estimated tokens of the definitions at `positions`, as Hermes estimates them:
    /// ⌈Σ characters of their compact JSON / 4⌉, rounded once over the sum (rounding each
    /// tool up first overestimated by up to ¾ token a tool, enough to open the vibeos gate
    /// for tools just below it).
    pub fn tokens_of(&self, positions: impl IntoIterator<Item = usize>) -> u64 {
        positions
            .into_iter()
            .filter_map(|i| self.schema_chars.get(i))
            .sum::<u64>()
            .div_ceil(4)
    }
}

/// The tools at `positions` of `catalog`, in that order.
fn tools_at<'c>(
    catalog: &'c Catalog,
    positions: &'c [usize],
) -> impl Iterator<Item = &'c crate::Tool> + 'c {
    positions.iter().filter_map(|&i| catalog.tools().get(i))
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
    /// Estimated tokens of the deferred tools' definitions (what the bridge saves), always
    /// characters/4 of their compact JSON (a host token counter is used for listings only).
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
    /// The session's discovered tools, most recently used first, without refreshing recency
    /// (profiles that track discovery; empty otherwise).
    fn discovered(&self, _session: &str) -> Vec<String> {
        Vec::new()
    }
    /// The underlying call of a bridge call that stands for another tool (`tool_call`), for
    /// activity feeds and approvals; `None` when `name` stands for no other tool or the
    /// arguments do not name one.
    fn unwrap(&self, _name: &str, _args: &Value) -> Option<(String, Value)> {
        None
    }
    /// True for bridge tools that only read (search, describe): safe to run in parallel.
    fn is_read_only_bridge(&self, _name: &str) -> bool {
        false
    }
}

/// A tool call as hooks, approvals and activity feeds should see it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unwrapped {
    /// The tool that will really run (the underlying tool of a `tool_call`).
    pub name: String,
    /// Its arguments.
    pub arguments: Value,
    /// The bridge tool the model called, when it called one.
    pub bridge: Option<String>,
    /// True when the call only reads the catalog (search/describe): parallel-safe. A bridged
    /// call is `false` here and inherits the underlying tool's own policy.
    #[serde(rename = "readOnly")]
    pub read_only: bool,
}

/// Estimated tokens of a text: `ceil(chars / 4)`, or the host's counter.
pub fn estimate_tokens(text: &str, counter: Option<&dyn Fn(&str) -> u64>) -> u64 {
    match counter {
        Some(count) => count(text),
        None => (crate::bytes::char_count(text) as u64).div_ceil(4),
    }
}

/// A bridge call's arguments as the bridges read them: hosts may pass the model's raw
/// argument text, which is parsed (a blank one is no arguments); anything else as it is.
fn bridge_arguments(args: &Value) -> std::result::Result<Cow<'_, Value>, serde_json::Error> {
    match args {
        Value::String(text) if text.trim().is_empty() => {
            Ok(Cow::Owned(Value::Object(Default::default())))
        }
        Value::String(text) => crate::surrogates::parse(text).map(Cow::Owned),
        other => Ok(Cow::Borrowed(other)),
    }
}

/// The warning for a catalog whose tools held lone UTF-16 surrogates, read as U+FFFD (see
/// [`crate::surrogates`]); the first three are named.
fn mended_warning(catalog: &Catalog) -> Option<String> {
    const NAMED: usize = 3;
    let mended = catalog.mended();
    let named: Vec<String> = mended
        .iter()
        .take(NAMED)
        .filter_map(|&i| Some(format!("#{i} {:?}", preview(&catalog.tools().get(i)?.name))))
        .collect();
    let more = match mended.len().saturating_sub(NAMED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    (!named.is_empty()).then(|| {
        format!(
            "tool {}{more}: a lone UTF-16 surrogate (a string cut inside an emoji?) is read as U+FFFD",
            named.join(", ")
        )
    })
}

/// Default number of sessions remembered before the least recently active is forgotten.
pub const DEFAULT_MAX_SESSIONS: u64 = 500;
/// Default of `maxSessionMemoryMB`: the estimated megabytes of distinct tool lists one
/// layer's sessions may keep before the least recently active are forgotten. Sessions whose
/// lists differ (a shared catalog plus a user's own tools) share nothing, ~11 MB each for the
/// 3,454-tool mcp-servers catalog, and wasm32 memory ends at 4 GiB: at 500 sessions such a
/// host used to trap the core, which lost every session of every layer in the process.
pub const DEFAULT_SESSION_MEMORY_MB: u64 = 1024;
/// Prepared catalogs kept for reuse (distinct tool lists seen recently).
pub const PREPARED_CACHE: usize = 8;

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
    /// Most estimated bytes of distinct prepared lists the sessions keep
    /// ([`Prepared::retained_bytes`]), and what they keep now.
    session_memory: usize,
    kept: usize,
    sessions: FxMap<String, SessionEntry>,
    /// Session ids by last activity (the entry's `tick`), so evicting the least recently
    /// active is `O(log n)` even at `maxSessions` = 1,000,000.
    by_tick: BTreeMap<u64, String>,
    cache: Vec<Rc<Prepared>>,
    tick: u64,
}

/// The profile names accepted by the `profile` option.
pub const PROFILES: &[&str] = &["hermes", "vibeos", "aalis"];

impl ToolSearch {
    /// Builds a layer from an options object (see the README's options table).
    pub fn new(options: &Value) -> Result<ToolSearch> {
        // Hermes' legacy form of its whole config, `tool_search: true` (≡ `{enabled: true}`,
        // auto) or `false` (off).
        let legacy;
        let options = match options {
            Value::Bool(on) => {
                legacy = serde_json::json!({ "enabled": on });
                &legacy
            }
            other => other,
        };
        let mut reader = Reader::new("", Some(options))?;
        let profile_name = reader.choice(&["profile"], PROFILES)?.unwrap_or("hermes");
        let max_sessions = reader.integer(
            &["maxSessions", "max_sessions"],
            DEFAULT_MAX_SESSIONS,
            1,
            1_000_000,
        )?;
        let session_memory_mb = reader.integer(
            &["maxSessionMemoryMB", "max_session_memory_mb"],
            DEFAULT_SESSION_MEMORY_MB,
            1,
            3072,
        )?;
        let search = SearchOptions::read(&mut reader)?;
        let profile = crate::profiles::build(profile_name, &mut reader)?;
        let warnings = reader.finish()?;
        Ok(ToolSearch {
            profile,
            search,
            warnings,
            max_sessions: max_sessions as usize,
            session_memory: (session_memory_mb as usize).saturating_mul(1 << 20),
            kept: 0,
            sessions: FxMap::default(),
            by_tick: BTreeMap::new(),
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
        match self.cached(tools_json) {
            Some(prepared) => Ok(prepared),
            None => self.prepare_text(tools_json.to_string(), false, None),
        }
    }

    /// [`ToolSearch::prepare_json`] that keeps the text without a copy on a cache miss.
    pub fn prepare_json_owned(&mut self, tools_json: String) -> Result<Rc<Prepared>> {
        self.prepare_text(tools_json, false, None)
    }

    /// [`ToolSearch::prepare_json_owned`] for compact serialiser output (`JSON.stringify`
    /// without indentation): definition sizes are then plain character counts (see
    /// [`Catalog::with_compact_text`]).
    pub fn prepare_compact_json(&mut self, tools_json: String) -> Result<Rc<Prepared>> {
        self.prepare_text(tools_json, true, None)
    }

    /// [`ToolSearch::prepare_compact_json`] for a list that copied some definitions' text
    /// from `earlier`'s: `at[i]` is the index in `earlier` of the tool whose text the list's
    /// tool `i` is (`u32::MAX`: none). Those are not parsed again (see
    /// [`Catalog::from_json_reusing`]); a list with one tool added costs its new tool's parse.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn prepare_compact_json_from(
        &mut self,
        tools_json: String,
        earlier: &Catalog,
        at: &[u32],
    ) -> Result<Rc<Prepared>> {
        self.prepare_text(tools_json, true, Some((earlier, at)))
    }

    fn prepare_text(
        &mut self,
        tools_json: String,
        compact: bool,
        earlier: Option<(&Catalog, &[u32])>,
    ) -> Result<Rc<Prepared>> {
        if tools_json.len() > crate::catalog::MAX_LIST_BYTES {
            return Err(crate::catalog::too_large("the tools", tools_json.len()));
        }
        if let Some(prepared) = self.cached(&tools_json) {
            return Ok(prepared);
        }
        take_memory(tools_json.len());
        let catalog = Catalog::from_json_reusing(tools_json, earlier)?.with_compact_text(compact);
        // A mended text (see `crate::surrogates`) is not the one given: a list prepared from
        // it before is found by the mended one.
        if !catalog.mended().is_empty() {
            if let Some(prepared) = self.cached(catalog.text()) {
                return Ok(prepared);
            }
        }
        Ok(self.index(catalog))
    }

    /// Prepares an already-normalised catalog (reusing the cache when one was prepared from
    /// the same text).
    pub fn prepare(&mut self, catalog: Catalog) -> Rc<Prepared> {
        match self.cached(catalog.text()) {
            Some(prepared) => prepared,
            None => self.index(catalog),
        }
    }

    /// Indexes a catalog no cached one was parsed from, and caches it.
    fn index(&mut self, catalog: Catalog) -> Rc<Prepared> {
        let searchable = self.profile.searchable(&catalog);
        // The most recently used catalog is the likeliest to share this one's start.
        let earlier = self.cache.last().map(Rc::clone);
        let prepared = Rc::new(Prepared::extending(
            earlier.as_deref(),
            catalog,
            searchable,
            &self.search,
        ));
        if self.cache.len() >= PREPARED_CACHE {
            self.cache.remove(0);
        }
        self.cache.push(Rc::clone(&prepared));
        // Lists the cache alone keeps count toward maxSessionMemoryMB too (nine lists of
        // 240 MB ran wasm memory out with one session): the least recently used go first,
        // never the newest.
        let alone = |p: &Rc<Prepared>| p.holders.get() == 0;
        let mut cached: usize = self
            .cache
            .iter()
            .filter(|p| alone(p))
            .map(|p| p.retained_bytes())
            .sum();
        while self.kept.saturating_add(cached) > self.session_memory {
            let last = self.cache.len().saturating_sub(1);
            let Some(at) = self.cache.iter().take(last).position(alone) else {
                break;
            };
            let gone = self.cache.remove(at);
            cached = cached.saturating_sub(gone.retained_bytes());
        }
        prepared
    }

    fn cached(&mut self, tools_json: &str) -> Option<Rc<Prepared>> {
        let at = self
            .cache
            .iter()
            .position(|p| p.catalog.parsed_from(tools_json))?;
        // Move to the back: the cache evicts from the front (least recently used).
        let prepared = self.cache.remove(at);
        self.cache.push(Rc::clone(&prepared));
        Some(prepared)
    }

    /// Assembles one turn for `ctx.session_id` and makes that tool list the session's scope.
    pub fn assemble(
        &mut self,
        prepared: Rc<Prepared>,
        ctx: &AssembleContext<'_>,
    ) -> Result<Assembly> {
        let mut assembly = self.profile.assemble(&prepared, ctx)?;
        // A bridge's name in the list is this layer's own bridge fed back (assembly is
        // idempotent), unless a server brought it: that tool is not listed, so say so. (Not
        // aalis' search_tools: the plugin registers it in the host's list itself.) A name
        // look-up per bridge, so the turn does not scan the list.
        for &bridge in self.profile.bridge_names() {
            let Some(i) = prepared.catalog.position(bridge) else {
                continue;
            };
            let tool = prepared.catalog.tools().get(i);
            let Some(source) = tool.and_then(|t| t.source.as_deref()) else {
                continue;
            };
            if bridge != "search_tools" {
                assembly.warnings.push(format!(
                    "tool #{i} {bridge:?} of {:?} is not listed: the name is a bridge's",
                    preview(source)
                ));
            }
        }
        if let Some(warning) = mended_warning(&prepared.catalog) {
            assembly.warnings.push(warning);
        }
        if prepared.index.is_full() {
            assembly.warnings.push(format!(
                "the tools hold more than {} distinct words; the later tools' words new past them are not searchable (is a description random text?)",
                crate::search::MAX_TERMS
            ));
        }
        let forgotten = self.remember(ctx.session_id, prepared);
        if forgotten > 0 {
            assembly.warnings.push(format!(
                "{forgotten} least recently active session(s) forgotten: the tool lists this layer's sessions keep passed maxSessionMemoryMB ({} MB, estimated from each distinct list's JSON text and words)",
                self.session_memory >> 20
            ));
        }
        assembly
            .warnings
            .splice(0..0, self.warnings.iter().cloned());
        Ok(assembly)
    }

    /// Makes `prepared` the session's list; returns how many other sessions were forgotten to
    /// keep the sessions' lists within `maxSessionMemoryMB`.
    fn remember(&mut self, session_id: &str, prepared: Rc<Prepared>) -> usize {
        if let Some(entry) = self.touch(session_id) {
            if Rc::ptr_eq(&entry.prepared, &prepared) {
                return 0;
            }
            let earlier = std::mem::replace(&mut entry.prepared, Rc::clone(&prepared));
            self.release(&earlier);
            self.hold(&prepared);
            return self.forget_over_memory(session_id);
        }
        self.tick += 1;
        let tick = self.tick;
        while self.sessions.len() >= self.max_sessions {
            let Some(oldest) = self.by_tick.values().next().cloned() else {
                break;
            };
            self.forget(&oldest);
        }
        self.hold(&prepared);
        self.sessions
            .insert(session_id.to_string(), SessionEntry { prepared, tick });
        self.by_tick.insert(tick, session_id.to_string());
        self.forget_over_memory(session_id)
    }

    /// Counts a session's hold on `prepared`: its memory counts once, however many sessions
    /// keep it.
    fn hold(&mut self, prepared: &Prepared) {
        if prepared.holders.replace(prepared.holders.get() + 1) == 0 {
            self.kept += prepared.retained_bytes();
        }
    }

    /// Undoes one [`ToolSearch::hold`].
    fn release(&mut self, prepared: &Prepared) {
        let holders = prepared.holders.get().saturating_sub(1);
        prepared.holders.set(holders);
        if holders == 0 {
            self.kept = self.kept.saturating_sub(prepared.retained_bytes());
        }
    }

    /// Forgets one session: its scope, its place in the activity order and its profile state.
    fn forget(&mut self, session_id: &str) {
        if let Some(entry) = self.sessions.remove(session_id) {
            self.by_tick.remove(&entry.tick);
            self.release(&entry.prepared);
        }
        self.profile.clear(Some(session_id));
    }

    /// Forgets the least recently active sessions other than `current` while the distinct
    /// lists all sessions keep are estimated above the budget; returns how many.
    fn forget_over_memory(&mut self, current: &str) -> usize {
        let mut forgotten = 0;
        while self.kept > self.session_memory {
            let Some(oldest) = self.by_tick.values().find(|id| *id != current).cloned() else {
                break;
            };
            self.forget(&oldest);
            forgotten += 1;
        }
        forgotten
    }

    /// The prepared catalog a session was last assembled with. Asking counts as activity (a
    /// bridge call or a search in a session keeps it from being the one evicted).
    pub fn session(&mut self, session_id: &str) -> Result<Rc<Prepared>> {
        match self.touch(session_id) {
            Some(entry) => Ok(Rc::clone(&entry.prepared)),
            None => Err(Error::new(
                ErrorCode::UnknownSession,
                format!(
                    "session {:?} has no assembled tool list (assemble it first, or it was cleared or evicted)",
                    preview(session_id)
                ),
            )),
        }
    }

    /// True when `name` is a tool of the list last assembled for the session: what the host
    /// may run when that session's model calls a tool directly (a model can guess or be told
    /// a name outside its list). An `unknown_session` error when the session has no list,
    /// as for a bridge call; counts as activity, as a bridge call does.
    pub fn in_scope(&mut self, session_id: &str, name: &str) -> Result<bool> {
        Ok(self.session(session_id)?.catalog.position(name).is_some())
    }

    /// Marks a session the most recently active one; `None` when there is no such session.
    /// One that already is (a run of one session's searches) is left as it is, which saves a
    /// tree removal, an insertion and a copy of its id per call.
    fn touch(&mut self, session_id: &str) -> Option<&mut SessionEntry> {
        let entry = self.sessions.get_mut(session_id)?;
        if entry.tick != self.tick {
            self.tick += 1;
            let id = self
                .by_tick
                .remove(&entry.tick)
                .unwrap_or_else(|| session_id.to_string());
            entry.tick = self.tick;
            self.by_tick.insert(self.tick, id);
        }
        Some(entry)
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
        let args = match bridge_arguments(args) {
            Ok(args) => args,
            Err(e) => {
                return Ok(Some(Handled::Reply(crate::json::error(format!(
                    "{name} arguments are not valid JSON: {e}. Retry with a JSON object."
                )))))
            }
        };
        let args = args.as_ref();
        self.profile.handle(&prepared, name, args, ctx).map(Some)
    }

    /// The session's discovered tools (aalis), most recently used first; does not refresh
    /// recency. Empty for profiles without discovery.
    pub fn discovered(&self, session_id: &str) -> Vec<String> {
        self.profile.discovered(session_id)
    }

    /// What a call really runs: `tool_call(name, arguments)` becomes the underlying call;
    /// any other call is returned as it is.
    pub fn unwrap(&self, name: &str, args: &Value) -> Unwrapped {
        // The arguments read as `handle` reads them: a `tool_call` the model encoded twice is
        // dispatched, so it must be unwrapped too (an approval decided on the unwrapped name
        // would otherwise pass the real tool as "tool_call").
        let decoded = bridge_arguments(args);
        let decoded = decoded.as_deref().unwrap_or(args);
        if let Some((inner, arguments)) = self.profile.unwrap(name, decoded) {
            return Unwrapped {
                name: inner,
                arguments,
                bridge: Some(name.to_string()),
                read_only: false,
            };
        }
        let bridge = self.is_bridge(name);
        Unwrapped {
            name: name.to_string(),
            arguments: args.clone(),
            bridge: bridge.then(|| name.to_string()),
            read_only: bridge && self.profile.is_read_only_bridge(name),
        }
    }

    /// Forgets one session (its scope and any discovered tools), or every session.
    pub fn clear(&mut self, session: Option<&str>) {
        match session {
            Some(id) => self.forget(id),
            None => {
                for (_, entry) in self.sessions.drain() {
                    entry.prepared.holders.set(0);
                }
                self.kept = 0;
                self.by_tick.clear();
                self.profile.clear(None);
            }
        }
    }

    /// Forgets the tools one session (or every session) has discovered, keeping its tool
    /// list: the Aalis `memory:clear`, after which the bridge still answers in that scope.
    pub fn clear_discovered(&mut self, session: Option<&str>) {
        self.profile.clear(session);
    }

    /// Number of sessions currently remembered.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }
}

/// Most results one direct search may ask for; above it the limit is an error, not a clamp.
pub const MAX_SEARCH_LIMIT: u64 = 1_000_000;

/// One direct-search result (what `ToolSearch::search` returns to a host).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Found {
    /// The tool's name.
    pub name: String,
    /// The tool's source label, when it has one.
    pub source: Option<String>,
    /// The ranking score (`null` in JSON for an exact-name match, whose score is infinite).
    pub score: Option<f64>,
    /// Per-term contributions, when asked for (omitted from JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<TermScore>>,
}

/// Reads a direct-search limit: a whole number in `0..=MAX_SEARCH_LIMIT`, `default` when absent.
pub fn read_limit(value: Option<&Value>, default: u64) -> Result<usize> {
    let limit = match value {
        None | Some(Value::Null) => default,
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) if v <= MAX_SEARCH_LIMIT => v,
            _ => {
                return Err(Error::new(
                    ErrorCode::InvalidQuery,
                    format!("limit must be a whole number in 0..={MAX_SEARCH_LIMIT}, got {n}"),
                ))
            }
        },
        Some(other) => {
            return Err(Error::new(
                ErrorCode::InvalidQuery,
                format!(
                    "limit must be a whole number in 0..={MAX_SEARCH_LIMIT}, got {}",
                    crate::options::describe(other)
                ),
            ))
        }
    };
    Ok(usize::try_from(limit).unwrap_or(usize::MAX))
}

impl Prepared {
    /// Ranks this catalog's searchable tools for `query`, best first; with `explain`, each
    /// result carries its per-term score contributions.
    pub fn search(&self, query: &str, limit: usize, explain: bool) -> Vec<Found> {
        self.hits(query, limit, explain)
            .into_iter()
            .filter_map(|(position, hit)| {
                let tool = self.catalog.tools().get(position)?;
                Some(Found {
                    name: tool.name.clone(),
                    source: tool.source.clone(),
                    score: hit.score.is_finite().then_some(hit.score),
                    explain: hit.explain,
                })
            })
            .collect()
    }

    /// The searchable document of the tool named exactly `query` (trimmed), if there is one.
    fn exact_doc(&self, query: &str) -> Option<usize> {
        let position = self.catalog.position(query.trim())?;
        self.searchable.binary_search(&position).ok()
    }

    /// [`Prepared::search`]'s hits with their positions in the catalog, before they become
    /// [`Found`] (the wasm binding turns them into JS objects itself).
    pub fn hits(&self, query: &str, limit: usize, explain: bool) -> Vec<(usize, Hit)> {
        let request = SearchRequest {
            limit,
            filter: None,
            explain,
            first: self.exact_doc(query),
        };
        self.index
            .search_with(query, &request)
            .into_iter()
            .filter_map(|hit| Some((*self.searchable.get(hit.doc)?, hit)))
            .collect()
    }
}

/// Blocks in which [`take_memory`] takes memory.
const MEMORY_BLOCK: usize = 4 << 20;

/// Makes sure about `bytes` are free for the catalog and index about to be built (about the
/// text's size again), then frees them. In wasm, linear memory otherwise grows a page run at
/// a time as they are allocated, and every growth is expensive in the host (V8 re-creates the
/// buffer and may collect garbage): 30k tools built 3× slower that way, 100k 2×. Taken in
/// blocks of 4 MB, not in one: memory the last build freed, split by what outlived it, is
/// used where a block fits, and linear memory (never returned) grows only by what is missing.
/// In one block, a second build of a 100k-tool list grew it from 342 to 510 MB, as the text's
/// size was never free in one piece; in blocks, 339 to 365 MB. Natively these are untouched
/// allocations.
fn take_memory(bytes: usize) {
    let mut blocks = Vec::new();
    let mut left = bytes;
    while left > 0 {
        let block = left.min(MEMORY_BLOCK);
        blocks.push(Vec::<u8>::with_capacity(block));
        left -= block;
    }
    drop(blocks);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn turn(ts: &mut ToolSearch, session: &str) {
        let prepared = ts
            .prepare_json(r#"[{"name":"a","source":"x"}]"#)
            .unwrap_or_else(|e| panic!("{e}"));
        let ctx = AssembleContext {
            session_id: session,
            ..AssembleContext::default()
        };
        ts.assemble(prepared, &ctx)
            .unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn the_least_recently_active_session_is_evicted_first() {
        let mut ts = ToolSearch::new(&json!({"maxSessions": 2})).unwrap_or_else(|e| panic!("{e}"));
        turn(&mut ts, "a");
        turn(&mut ts, "b");
        turn(&mut ts, "a"); // refreshes a: b is now the oldest
        turn(&mut ts, "c");
        assert!(ts.session("a").is_ok());
        assert_eq!(
            ts.session("b").err().map(|e| e.code),
            Some(ErrorCode::UnknownSession)
        );
        assert!(ts.session("c").is_ok());
        ts.clear(Some("a"));
        turn(&mut ts, "d");
        assert_eq!(
            ts.session_count(),
            2,
            "clearing freed a slot: nothing evicted"
        );
        assert!(ts.session("c").is_ok() && ts.session("d").is_ok());
    }

    #[test]
    fn a_run_of_one_sessions_calls_keeps_the_activity_order() {
        // The most recent session touched again changes nothing; the next one to act moves
        // ahead of it all the same.
        let mut ts = ToolSearch::new(&json!({"maxSessions": 2})).unwrap_or_else(|e| panic!("{e}"));
        turn(&mut ts, "a");
        turn(&mut ts, "b");
        for _ in 0..3 {
            assert!(ts.session("b").is_ok());
        }
        assert!(ts.session("a").is_ok()); // a is now the most recent: b the oldest
        assert!(ts.session("a").is_ok());
        turn(&mut ts, "c");
        assert_eq!(
            ts.session("b").err().map(|e| e.code),
            Some(ErrorCode::UnknownSession)
        );
        assert!(ts.session("a").is_ok() && ts.session("c").is_ok());
        assert_eq!(ts.by_tick.len(), ts.sessions.len());
        turn(&mut ts, "d"); // a acted before c's last call: a goes
        assert!(ts.session("a").is_err());
        assert!(ts.session("c").is_ok() && ts.session("d").is_ok());
    }

    #[test]
    fn lists_only_the_cache_keeps_count_toward_the_memory_budget() {
        // Nine lists of 240 MB, prepared one after another for one session (or searched
        // without one), ran wasm memory out: the cache kept eight whatever their size.
        let mut ts =
            ToolSearch::new(&json!({"maxSessionMemoryMB": 1})).unwrap_or_else(|e| panic!("{e}"));
        let list = |n: usize| {
            let tools: Vec<String> = (0..1000)
                .map(|i| {
                    format!(
                        r#"{{"name":"tool_{n}_{i}","source":"s","description":"{}"}}"#,
                        "word ".repeat(60)
                    )
                })
                .collect();
            format!("[{}]", tools.join(","))
        };
        let mut kept = Vec::new();
        for n in 0..5 {
            let prepared = ts.prepare_json(&list(n)).unwrap_or_else(|e| panic!("{e}"));
            assert!(prepared.retained_bytes() > 600_000);
            kept.push(prepared);
            // Each passes the 1 MB budget with any other: only the newest stays cached.
            assert_eq!(ts.cache.len(), 1, "list {n}");
            assert!(Rc::ptr_eq(&ts.cache[0], &kept[n]));
        }
        // Small lists stay cached side by side.
        let mut roomy = ToolSearch::new(&json!({})).unwrap_or_else(|e| panic!("{e}"));
        for n in 0..5 {
            roomy
                .prepare_json(&list(n))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(roomy.cache.len(), 5);
    }

    #[test]
    fn sessions_keeping_distinct_large_lists_are_forgotten_past_the_memory_budget() {
        // A shared catalog plus each user's own tool: the lists share nothing, so at the
        // default 500 sessions such a host used to run the wasm core out of memory.
        let mut ts =
            ToolSearch::new(&json!({"maxSessionMemoryMB": 1})).unwrap_or_else(|e| panic!("{e}"));
        let shared: Vec<String> = (0..1000)
            .map(|i| {
                format!(
                    r#"{{"name":"tool_{i}","source":"s","description":"{}"}}"#,
                    "word ".repeat(60)
                )
            })
            .collect();
        let list = |user: &str| {
            format!(
                r#"[{},{{"name":"notes_{user}","source":"n"}}]"#,
                shared.join(",")
            )
        };
        fn ctx(session_id: &str) -> AssembleContext<'_> {
            AssembleContext {
                session_id,
                ..AssembleContext::default()
            }
        }
        let mut turn = |user: &str| {
            let prepared = ts
                .prepare_json(&list(user))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(prepared.retained_bytes() > 600_000);
            ts.assemble(prepared, &ctx(user))
                .unwrap_or_else(|e| panic!("{e}"))
                .warnings
        };
        assert!(turn("a").is_empty());
        assert_eq!(
            turn("b"),
            ["1 least recently active session(s) forgotten: the tool lists this layer's sessions keep passed maxSessionMemoryMB (1 MB, estimated from each distinct list's JSON text and words)"]
        );
        assert_eq!(
            ts.session("a").err().map(|e| e.code),
            Some(ErrorCode::UnknownSession)
        );
        assert!(ts.session("b").is_ok());
        // Sessions sharing one list keep it once.
        let prepared = ts
            .prepare_json(&list("b"))
            .unwrap_or_else(|e| panic!("{e}"));
        let warnings = ts
            .assemble(prepared, &ctx("c"))
            .unwrap_or_else(|e| panic!("{e}"))
            .warnings;
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(ts.session_count(), 2);
        // The default budget keeps them all; what is counted as kept is each distinct list
        // once, through replacements, clears and evictions.
        let mut roomy =
            ToolSearch::new(&json!({"maxSessions": 3})).unwrap_or_else(|e| panic!("{e}"));
        let recount = |ts: &ToolSearch| {
            let mut lists: Vec<(usize, usize)> = ts
                .sessions
                .values()
                .map(|e| {
                    (
                        Rc::as_ptr(&e.prepared) as usize,
                        e.prepared.retained_bytes(),
                    )
                })
                .collect();
            lists.sort_unstable();
            lists.dedup();
            lists.iter().map(|l| l.1).sum::<usize>()
        };
        for (user, list_of) in [
            ("a", "a"),
            ("b", "b"),
            ("c", "a"),
            ("a", "c"),
            ("d", "d"),
            ("b", "b"),
        ] {
            let prepared = roomy
                .prepare_json(&list(list_of))
                .unwrap_or_else(|e| panic!("{e}"));
            roomy
                .assemble(prepared, &ctx(user))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(roomy.kept, recount(&roomy), "after {user}");
        }
        assert_eq!(roomy.session_count(), 3);
        roomy.clear(Some("b"));
        assert_eq!(roomy.kept, recount(&roomy));
        roomy.clear(None);
        assert_eq!((roomy.kept, recount(&roomy)), (0, 0));
    }

    #[test]
    fn a_server_tool_with_a_bridge_name_is_reported_not_dropped_silently() {
        let mut ts = ToolSearch::new(&json!({})).unwrap_or_else(|e| panic!("{e}"));
        let prepared = ts
            .prepare_json(
                r#"[{"name":"tool_search","source":"web","description":"Search the web"},
                    {"name":"tool_call"},{"name":"fetch","source":"web"}]"#,
            )
            .unwrap_or_else(|e| panic!("{e}"));
        let ctx = AssembleContext {
            session_id: "s",
            ..AssembleContext::default()
        };
        let assembly = ts
            .assemble(prepared, &ctx)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            assembly.warnings,
            vec![r#"tool #0 "tool_search" of "web" is not listed: the name is a bridge's"#]
        );
        // Aalis' plugin registers search_tools in the host's list itself, under any label.
        let mut aalis =
            ToolSearch::new(&json!({"profile": "aalis"})).unwrap_or_else(|e| panic!("{e}"));
        let prepared = aalis
            .prepare_json(r#"[{"name":"search_tools","source":"@aalis/plugin-tool-search"}]"#)
            .unwrap_or_else(|e| panic!("{e}"));
        let assembly = aalis
            .assemble(prepared, &ctx)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(assembly.warnings.is_empty(), "{:?}", assembly.warnings);
    }

    #[test]
    fn tools_read_with_a_replacement_character_are_named_in_every_turns_warnings() {
        let mut ts = ToolSearch::new(&json!({})).unwrap_or_else(|e| panic!("{e}"));
        let cut =
            |i: usize| format!(r#"{{"name":"t{i}","description":"cut \ud83d","source":"s"}}"#);
        let text = format!("[{}]", (0..5).map(cut).collect::<Vec<_>>().join(","));
        let ctx = AssembleContext {
            session_id: "s",
            ..AssembleContext::default()
        };
        let first = ts.prepare_json(&text).unwrap_or_else(|e| panic!("{e}"));
        // The same text again finds the catalog prepared from its mended text.
        let again = ts.prepare_json(&text).unwrap_or_else(|e| panic!("{e}"));
        assert!(Rc::ptr_eq(&first, &again));
        for prepared in [first, again] {
            let assembly = ts
                .assemble(prepared, &ctx)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                assembly.warnings,
                vec![
                    r#"tool #0 "t0", #1 "t1", #2 "t2" and 2 more: a lone UTF-16 surrogate (a string cut inside an emoji?) is read as U+FFFD"#
                ]
            );
        }
        let session = ts.session("s").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(session.catalog.tools()[4].description, "cut \u{fffd}");
    }

    #[test]
    fn a_bridge_call_or_search_counts_as_activity() {
        // Only assembling used to: a parent agent busy with bridge calls was evicted before an
        // idle sub-agent it had spawned.
        let mut ts = ToolSearch::new(&json!({"maxSessions": 2})).unwrap_or_else(|e| panic!("{e}"));
        turn(&mut ts, "parent");
        turn(&mut ts, "idle");
        let call = CallContext {
            session_id: "parent",
            ..CallContext::default()
        };
        let answer = ts.handle("tool_search", &json!({"queries": ["weather"]}), &call);
        assert!(matches!(answer, Ok(Some(_))), "{answer:?}");
        turn(&mut ts, "new");
        assert!(ts.session("idle").is_err(), "the idle session goes");
        assert!(ts.session("parent").is_ok());
    }

    #[test]
    fn churning_through_many_sessions_stays_bounded_and_cheap() {
        // Eviction used to scan every session (O(n) per new session, O(n²) overall): at this
        // size that was billions of steps; now each is O(log n).
        let mut ts =
            ToolSearch::new(&json!({"maxSessions": 20_000})).unwrap_or_else(|e| panic!("{e}"));
        for i in 0..60_000 {
            turn(&mut ts, &format!("s{i}"));
        }
        assert_eq!(ts.session_count(), 20_000);
        assert!(ts.session("s39999").is_err() && ts.session("s40000").is_ok());
        assert_eq!(ts.by_tick.len(), ts.sessions.len());
        ts.clear(None);
        assert_eq!((ts.session_count(), ts.by_tick.len()), (0, 0));
    }
}
