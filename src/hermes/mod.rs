//! The `hermes` and `vibeos` profiles: Hermes' Tool Search (seed 000, multi-query bridge with a
//! budgeted listing) and its older VibeOS variant (seed 003, single query, threshold gate).
//!
//! One engine, two surfaces ([`Variant`]). Data flow: options → [`config`]; catalog → which
//! tools [`defer`] → [`assemble`] (with the [`listing`] in the [`bridge`] description, hermes
//! only); bridge calls → [`search_tool`], [`describe`], [`call`] (arguments checked by
//! [`schema_check`], when [`schema_form`] finds the schema well-formed). Every sentence the
//! model reads is in [`messages`].
//!
//! Search, describe and call only see `prepared.searchable` — the deferred tools of the
//! session's own tool list — so a session limited to a subset cannot reach outside it.

pub mod args;
pub mod assemble;
pub mod bridge;
pub mod call;
pub mod config;
pub mod defer;
pub mod describe;
pub mod listing;
pub mod messages;
pub mod schema_check;
pub mod schema_form;
pub mod search_tool;

use serde_json::Value;

use crate::catalog::Catalog;
use crate::engine::{AssembleContext, Assembly, CallContext, Handled, Prepared, Profile};
use crate::error::Result;
use crate::options::Reader;

use config::Config;
use messages::{BRIDGE_NAMES, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH};

/// Which surface the engine presents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Hermes V2: `tool_search(queries[])`, `tool_describe(names[])`, tiers and listing.
    Hermes,
    /// VibeOS (Hermes V1): `tool_search(query)`, `tool_describe(name)`, `auto` threshold gate.
    Vibeos,
}

/// The profile object the engine drives.
pub struct HermesProfile {
    variant: Variant,
    config: Config,
    listings: assemble::ListingCache,
}

impl HermesProfile {
    /// Reads the profile's options.
    pub fn new(variant: Variant, reader: &mut Reader<'_>) -> Result<Self> {
        let config = Config::read(reader, variant == Variant::Vibeos)?;
        Ok(HermesProfile {
            variant,
            config,
            listings: assemble::ListingCache::default(),
        })
    }

    /// The resolved configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    fn vibeos(&self) -> bool {
        self.variant == Variant::Vibeos
    }
}

/// Builds the profile for `profiles::build`.
pub fn build(variant: Variant, reader: &mut Reader<'_>) -> Result<Box<dyn Profile>> {
    Ok(Box::new(HermesProfile::new(variant, reader)?))
}

impl Profile for HermesProfile {
    fn bridge_names(&self) -> &'static [&'static str] {
        BRIDGE_NAMES
    }

    fn searchable(&self, catalog: &Catalog) -> Vec<usize> {
        catalog
            .tools()
            .iter()
            .enumerate()
            .filter(|(_, tool)| defer::defers(&self.config, tool))
            .map(|(i, _)| i)
            .collect()
    }

    fn unwrap(&self, name: &str, args: &Value) -> Option<(String, Value)> {
        unwrap(name, args)
    }

    fn is_read_only_bridge(&self, name: &str) -> bool {
        is_parallel_safe(name)
    }

    fn assemble(&mut self, prepared: &Prepared, ctx: &AssembleContext<'_>) -> Result<Assembly> {
        Ok(assemble::assemble(
            &self.config,
            self.vibeos(),
            &mut self.listings,
            prepared,
            ctx,
        ))
    }

    fn handle(
        &mut self,
        prepared: &Prepared,
        name: &str,
        args: &Value,
        _ctx: &CallContext<'_>,
    ) -> Result<Handled> {
        let call = match args::object(name, args) {
            Ok(call) => call,
            Err(message) => return Ok(Handled::Reply(crate::json::error(message))),
        };
        let reply = match (name, self.vibeos()) {
            (TOOL_SEARCH, false) => search_tool::search(prepared, &self.config, &call),
            (TOOL_SEARCH, true) => search_tool::search_v1(prepared, &self.config, &call),
            (TOOL_DESCRIBE, false) => describe::describe(prepared, &call),
            (TOOL_DESCRIBE, true) => describe::describe_v1(prepared, &call),
            (TOOL_CALL, _) => return Ok(call::call(prepared, &call)),
            _ => crate::json::error(format!("'{name}' is not a bridge tool")),
        };
        Ok(Handled::Reply(reply))
    }
}

/// The call a `tool_call` stands for, for activity feeds, approval prompts and the parallel
/// batch planner: `Some((name, arguments))` when `name` is `tool_call` and its arguments parse
/// (name present, not a bridge tool, arguments an object or JSON text of one; blank → `{}`).
/// `None` for any other tool or an unparseable call. Pure: no catalog or scope check — the
/// dispatch path ([`crate::ToolSearch::handle`]) does that.
pub fn unwrap(name: &str, args: &Value) -> Option<(String, Value)> {
    if name != TOOL_CALL {
        return None;
    }
    let call = args::object(name, args).ok()?;
    call::resolve(&call)
        .ok()
        .map(|(name, arguments)| (name, Value::Object(arguments)))
}

/// True for the read-only bridge tools (`tool_search`, `tool_describe`), which a batch planner
/// may run in parallel. `false` for everything else — for `tool_call`, [`unwrap`] it and apply
/// the underlying tool's own policy.
pub fn is_parallel_safe(name: &str) -> bool {
    name == TOOL_SEARCH || name == TOOL_DESCRIBE
}
