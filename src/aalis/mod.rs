//! The `aalis` profile (`@aalis/plugin-tool-search`): one `search_tools` bridge, the
//! always-direct tools, and the tools each session has already discovered.
//!
//! Data flow per turn: options ([`config`]) → message history ([`messages`]) → per-session
//! LRU ([`discovered`]) → tool list ([`assemble`]); per call: [`search_tools`] answers and
//! records what it returned as discovered.

pub mod assemble;
pub mod config;
pub mod discovered;
pub mod messages;
pub mod search_tools;

use std::collections::HashSet;

use serde_json::{json, Value};

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
    warned: HashSet<String>,
}

impl Aalis {
    /// A profile with already-read options.
    pub fn new(config: Config) -> Aalis {
        let registry = Registry::new(config.max_discovered_keep, config.max_discovered_sessions);
        Aalis {
            config,
            registry,
            warned: HashSet::new(),
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
            Err(message) => return Ok(Handled::Reply(json!({ "error": message }))),
        };
        let (reply, returned) =
            search_tools::answer(prepared, &self.config, &request, ctx.enabled_groups);
        let tools = prepared.catalog.tools();
        let config = &self.config;
        self.registry.record(
            ctx.session_id,
            returned
                .iter()
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
