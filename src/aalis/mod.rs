//! The `aalis` profile (`@aalis/plugin-tool-search`): one `search_tools` bridge, the
//! always-direct tools, and the tools each session has already discovered.
//!
//! Data flow per turn: options ([`config`]) → message history ([`messages`]) → per-session
//! LRU ([`discovered`]) → tool list ([`assemble`]); per call: [`search_tools`] answers and
//! records what it returned as discovered.
//!
//! Decisions where the plugin's document is silent:
//! - **Order**: `search_tools` first, then always-direct and discovered tools in input order,
//!   each once. The bridge's bytes depend only on the catalog, the options and the caller's
//!   groups, so it heads a stable prompt-cache prefix.
//! - **Name listing** (`showToolNames`): every searchable tool except the always-direct ones,
//!   discovered tools included, so the description does not change as tools are discovered;
//!   the text tells the model that a tool whose full definition it already has may be called.
//! - **Evidence order**: a tool's use is dated by its tool *result* (the answer), so later in
//!   the history = more recently used, and a repeat refreshes. Each turn records only the
//!   evidence after the newest piece the session read at its last turn (found by its call id
//!   and name; all of it when that piece is gone), so a history that still shows old calls
//!   does not make them more recent than tools found since, whose results the host may have
//!   collapsed to text (SPEC §5.2.4: the registry survives context trimming). Evidence read
//!   while its tool was not in the turn's list is not recorded when the tool comes back
//!   (the model finds it again): replaying it would replay a hallucinated call's too. Only
//!   names of this turn's searchable, non-always-direct tools take a slot, so hallucinated
//!   calls answered with an error cannot push real discoveries out.
//! - **Passthrough turns** still record evidence (a session whose tool list grows keeps what
//!   the model used); a disabled layer records nothing.
//! - **Groups**: `enabled_groups` filters search results, `related`, the name listing and the
//!   discovered tools shown; always-direct tools are shown whatever their groups.
//! - **Arguments**: `limit`/`offset` must be whole numbers ≥ 0 (quoted digits accepted,
//!   `limit: 0` = no limit, huge values saturate); anything else is a model-facing
//!   `{"error": …}`. A missing `query` is the empty query (lists every tool).
//! - **Ranked matcher**: the engine's hits first, then the substring matcher's other matches,
//!   so the ranked default never finds fewer tools than the original plugin.
//! - **Sessions**: a turn without evidence does not create a registry entry for an unknown
//!   session (it would take a slot from one that has discoveries).

pub mod assemble;
pub mod config;
pub mod discovered;
pub mod messages;
pub mod search_tools;
pub mod substring;

use crate::search::hash::FxSet;
use serde_json::Value;

use crate::catalog::Catalog;
use crate::engine::{AssembleContext, Assembly, CallContext, Handled, Prepared, Profile};
use crate::error::{preview, Error, ErrorCode, Result};
use crate::options::Reader;

pub use config::{Config, Matcher};
pub use discovered::Registry;

/// The `aalis` profile and its per-layer state.
pub struct Aalis {
    config: Config,
    registry: Registry,
    warned: FxSet<String>,
}

impl Aalis {
    /// A profile with already-read options.
    pub fn new(config: Config) -> Aalis {
        let registry = Registry::new(config.max_discovered_keep, config.max_discovered_sessions);
        Aalis {
            config,
            registry,
            warned: FxSet::default(),
        }
    }

    /// Reads the profile's options (see [`Config`]).
    pub fn from_options(reader: &mut Reader<'_>) -> Result<Aalis> {
        Ok(Aalis::new(Config::read(reader)?))
    }

    /// The options in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The session's discovered tool names, most recently used first, without refreshing
    /// recency (what the JS middleware shows for diagnostics).
    pub fn discovered(&self, session: &str) -> Vec<String> {
        self.registry.peek(session)
    }
}

impl Profile for Aalis {
    fn bridge_names(&self) -> &'static [&'static str] {
        &[search_tools::NAME]
    }

    /// Every tool except `search_tools` itself.
    fn searchable(&self, catalog: &Catalog) -> Vec<usize> {
        catalog
            .tools()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.name != search_tools::NAME)
            .map(|(i, _)| i)
            .collect()
    }

    fn discovered(&self, session: &str) -> Vec<String> {
        Aalis::discovered(self, session)
    }

    /// `search_tools` only reads the catalog.
    fn is_read_only_bridge(&self, name: &str) -> bool {
        name == search_tools::NAME
    }

    fn assemble(&mut self, prepared: &Prepared, ctx: &AssembleContext<'_>) -> Result<Assembly> {
        let state = assemble::State {
            config: &self.config,
            registry: &mut self.registry,
            warned: &mut self.warned,
        };
        Ok(assemble::assemble(state, prepared, ctx))
    }

    fn handle(
        &mut self,
        prepared: &Prepared,
        name: &str,
        args: &Value,
        ctx: &CallContext<'_>,
    ) -> Result<Handled> {
        if name != search_tools::NAME {
            return Err(Error::new(
                ErrorCode::UnknownTool,
                format!(
                    "{:?} is not a bridge tool of the aalis profile",
                    preview(name)
                ),
            ));
        }
        let request = match search_tools::Request::parse(args, &self.config) {
            Ok(request) => request,
            Err(message) => return Ok(Handled::Reply(crate::json::error(message))),
        };
        let (reply, returned) =
            search_tools::answer(prepared, &self.config, &request, ctx.enabled_groups);
        let tools = prepared.catalog.tools();
        let config = &self.config;
        // Recorded best hit last, so it counts as the most recently used of the page.
        self.registry.record(
            ctx.session_id,
            returned
                .iter()
                .rev()
                .filter_map(|&i| tools.get(i))
                .map(|t| t.name.as_str())
                .filter(|n| assemble::recordable(config, prepared, n)),
        );
        Ok(Handled::Reply(reply))
    }

    fn clear(&mut self, session: Option<&str>) {
        self.registry.clear(session);
    }
}
