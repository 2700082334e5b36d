//! What the model sees this turn under the `aalis` profile: passthrough below the threshold,
//! otherwise `search_tools` + always-direct (and `kind: "core"`) tools + this session's
//! discovered tools.
//!
//! Order of the active list: `search_tools` first (its bytes change only with the catalog and
//! the caller's groups, so it heads a stable prompt-cache prefix), then the direct and
//! discovered tools in input order, each once.

use super::config::Config;
use super::discovered::Registry;
use super::messages;
use super::search_tools::{self, visible_to, NAME};
use crate::bits;
use crate::engine::{estimate_tokens, AssembleContext, Assembly, Prepared, Visible};
use crate::search::hash::FxSet;
use crate::tool::{Tool, ToolFormat, ToolKind};

/// The profile's per-layer state that assembly reads and updates.
pub struct State<'s> {
    /// The options.
    pub config: &'s Config,
    /// Discovered tools per session.
    pub registry: &'s mut Registry,
    /// `alwaysDirectTools` names already warned about (once per name per layer).
    pub warned: &'s mut FxSet<String>,
}

/// True when `name` may take a discovered slot: a searchable tool of this turn's list that
/// is not always shown anyway. Hallucinated names (answered with an error by the host) and
/// always-direct tools would otherwise push real discoveries out of the LRU.
pub fn recordable(config: &Config, prepared: &Prepared, name: &str) -> bool {
    name != NAME
        && prepared.catalog.position(name).is_some()
        && !config.always_direct_tools.iter().any(|n| n == name)
}

/// Builds this turn's tool list and records the history's evidence for the session.
pub fn assemble(state: State<'_>, prepared: &Prepared, ctx: &AssembleContext<'_>) -> Assembly {
    let State {
        config,
        registry,
        warned,
    } = state;
    let others = &prepared.searchable;
    if !config.enabled {
        return passthrough(others);
    }
    // Recorded on passthrough turns too, so a session whose tool list grows past the
    // threshold keeps what the model already used.
    if let Some(history) = ctx.messages {
        let evidence = messages::evidence(history, NAME);
        registry.record_history(ctx.session_id, &evidence, |n| {
            recordable(config, prepared, n)
        });
    }
    if others.len() <= config.max_direct_tools {
        return passthrough(others);
    }

    let catalog = &prepared.catalog;
    let tools = catalog.tools();
    let mut warnings = Vec::new();
    // Catalog positions, a bit each.
    let mut shown: Vec<u64> = Vec::new();
    // `search_tools` itself is always shown (as the bridge): nothing to warn about.
    for name in config.always_direct_tools.iter().filter(|n| *n != NAME) {
        match catalog.position(name) {
            Some(i) => bits::set(&mut shown, i),
            None => {
                if warned.insert(name.clone()) {
                    warnings.push(format!(
                        "alwaysDirectTools: {:?} is not in this turn's tool list; it is ignored \
                         (reported once)",
                        crate::error::preview(name)
                    ));
                }
            }
        }
    }
    // A tool the host marks `kind: "core"` is always loaded directly (SPEC §1), as an
    // always-direct one is.
    for &i in others {
        if tools.get(i).is_some_and(is_core) {
            bits::set(&mut shown, i);
        }
    }
    let groups = ctx.enabled_groups;
    for name in registry.peek(ctx.session_id) {
        if let Some(i) = catalog.position(&name) {
            if name != NAME && tools.get(i).is_some_and(|t| visible_to(t, groups)) {
                bits::set(&mut shown, i);
            }
        }
    }

    // The names the bridge lists, gathered and joined once per list unless groups narrow them.
    let listed = prepared.bridge_listing(groups, || {
        let names: Vec<&str> = others
            .iter()
            .filter_map(|&i| tools.get(i))
            .filter(|t| {
                visible_to(t, groups)
                    && !config.always_direct_tools.contains(&t.name)
                    && !is_core(t)
            })
            .map(|t| t.name.as_str())
            .collect();
        search_tools::listing(&names)
    });
    let description = search_tools::description(config, &listed);
    let format = others
        .first()
        .and_then(|&i| tools.get(i))
        .map_or(ToolFormat::OpenAiChat, |t| t.format);
    let bridge = format.render(NAME, &description, &search_tools::parameters(config));

    let mut visible = vec![Visible::Bridge(bridge)];
    let mut deferred = 0;
    let mut hidden = Vec::new();
    for &i in others {
        if bits::has(&shown, i) {
            visible.push(Visible::Input(i));
        } else if tools.get(i).is_some_and(|t| visible_to(t, groups)) {
            // Tools of the caller's other groups are not behind the bridge: nothing finds them.
            deferred += 1;
            hidden.push(i);
        }
    }
    let deferred_tokens = prepared.tokens_of(hidden);
    let listing_tokens = if config.show_tool_names && !listed.is_empty() {
        estimate_tokens(&listed, ctx.token_counter)
    } else {
        0
    };
    Assembly {
        tools: visible,
        active: true,
        tier: 1,
        listing_form: Some(if listing_tokens > 0 { "names" } else { "none" }),
        deferred,
        budget_tokens: None,
        listing_tokens,
        deferred_tokens,
        warnings,
    }
}

/// True for a tool the host marks `kind: "core"`.
fn is_core(tool: &Tool) -> bool {
    tool.kind == Some(ToolKind::Core)
}

/// Every tool unchanged, except a stale `search_tools` (assembly is idempotent).
fn passthrough(others: &[usize]) -> Assembly {
    Assembly {
        tools: others.iter().map(|&i| Visible::Input(i)).collect(),
        ..Assembly::default()
    }
}
