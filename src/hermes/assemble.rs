//! What the model sees this turn: passthrough, or the visible tools plus the bridge.
//!
//! - Bridge-named tools in the input are dropped first (they are reserved), so a tool list
//!   that still carries last turn's bridge tools assembles exactly like the list without them.
//! - Output order: visible tools in input order, then `tool_search`, `tool_describe`,
//!   `tool_call`, rendered in the format of the first input tool (OpenAI chat when the input is
//!   empty). The same catalog gives the same bytes (prompt cache).
//! - **hermes**: any deferred tool activates (`auto` = `on`); `off` passes through. Listing
//!   budget = min(`listing_max_tokens`, ⌊context × `threshold_pct`/100⌋). An unknown (or 0)
//!   context window counts as 200,000 tokens, as `SPEC.md` §3.1 says — with the defaults
//!   that is the full 4,000-token listing. (Hermes uses a fixed 10,000 for the percentage
//!   leg instead, i.e. 500 tokens at 5%, which degrades most catalogs to names only when the
//!   host merely failed to report its window.) Tier 1 = listing
//!   form `full`/`names`/`mixed`; tier 2 = `groups`, `none` or listing `off`.
//! - **vibeos**: `auto` activates only when the deferrable tools' schema tokens are ≥
//!   ⌊context × `threshold_pct`/100⌋ (unknown context: ≥ 20,000); `on` with any deferrable
//!   tool; `off` never. Active = tier 2 (bare bridge, no listing).
//! - Token estimate of schemas: ⌈Σ characters of each definition's compact JSON / 4⌉, once
//!   per tool list (a host's `tokenCounter` measures the listing, which changes per turn).
//! - On passthrough `deferred` is 0 and `deferred_tokens` still reports what the deferrable
//!   tools cost (the number the vibeos gate compares), so hosts can see how close they are.

use std::rc::Rc;

use serde_json::Value;

use crate::engine::{estimate_tokens, AssembleContext, Assembly, Prepared, Visible};
use crate::tool::{Tool, ToolFormat};

use super::bridge;
use super::config::{Config, Mode};
use super::defer::{is_bridge, unknown_kind};
use super::listing::{self, Listing};

/// Context window assumed when the host does not know it (hermes listing budget).
pub const UNKNOWN_CONTEXT: u64 = 200_000;
/// Activation cutoff in tokens when the context window is unknown (vibeos `auto`).
pub const UNKNOWN_CONTEXT_CUTOFF: u64 = 20_000;

fn percent_of(context: u64, pct: f64) -> u64 {
    (context as f64 * pct / 100.0).floor() as u64
}

/// Assembles one turn.
pub fn assemble(
    config: &Config,
    vibeos: bool,
    cache: &mut ListingCache,
    prepared: &Prepared,
    ctx: &AssembleContext<'_>,
) -> Assembly {
    let all = prepared.catalog.tools();
    let format = all.first().map_or(ToolFormat::OpenAiChat, |t| t.format);
    let deferred: Vec<&Tool> = prepared.searched().collect();
    // Estimated once per tool list (characters/4 of each compact definition, as Hermes
    // does); the host's token counter measures listings, which change per turn.
    let deferred_tokens = prepared.tokens_of(prepared.searchable.iter().copied());
    let context = ctx.context_window.filter(|&c| c > 0);

    let gate_open = match config.enabled {
        Mode::Off => false,
        _ if deferred.is_empty() => false,
        Mode::Auto if vibeos => {
            let cutoff = context.map_or(UNKNOWN_CONTEXT_CUTOFF, |c| {
                percent_of(c, config.threshold_pct)
            });
            deferred_tokens >= cutoff
        }
        Mode::Auto | Mode::On => true,
    };
    if !gate_open {
        let mut warnings = Vec::new();
        // Nothing defers although the layer is on: say why, when tools of unknown kind are
        // the reason (a host's untagged tools stay visible, never silently hidden).
        let silent = config.enabled != Mode::Off && deferred.is_empty();
        let unknown = if silent {
            all.iter().filter(|t| unknown_kind(config, t)).count()
        } else {
            0
        };
        if unknown > 0 {
            warnings.push(format!(
                "no tool defers: {unknown} tool(s) of unknown kind stay visible; give them a \
                 `source` or a `kind` (mcp, plugin or core)"
            ));
        }
        return Assembly {
            tools: (0..all.len())
                .filter(|&i| all.get(i).is_some_and(|t| !is_bridge(&t.name)))
                .map(Visible::Input)
                .collect(),
            deferred_tokens,
            warnings,
            ..Assembly::default()
        };
    }

    let mut tools: Vec<Visible> = all
        .iter()
        .enumerate()
        .filter(|(i, t)| !is_bridge(&t.name) && prepared.searchable.binary_search(i).is_err())
        .map(|(i, _)| Visible::Input(i))
        .collect();
    let mut assembly = Assembly {
        active: true,
        deferred: deferred.len(),
        deferred_tokens,
        ..Assembly::default()
    };
    if vibeos {
        tools.extend(
            bridge::tools_v1(format, deferred.len())
                .into_iter()
                .map(Visible::Bridge),
        );
        assembly.tools = tools;
        assembly.tier = 2;
        return assembly;
    }

    let budget = config.listing_max_tokens.min(percent_of(
        context.unwrap_or(UNKNOWN_CONTEXT),
        config.threshold_pct,
    ));
    let bridged = match ctx.token_counter {
        // A host counter may answer differently on every call, so its turns are never cached.
        Some(_) => Rc::new(bridge_half(
            config,
            format,
            &deferred,
            budget,
            ctx.token_counter,
        )),
        None => cache.get_or_insert(prepared.catalog.id(), budget, || {
            bridge_half(config, format, &deferred, budget, None)
        }),
    };
    if config.listing != Mode::Off && bridged.listing_tokens.is_none() {
        assembly.warnings.push(format!(
            "tool_search listing: no listing of the {} deferred tools fits the budget of \
             {budget} tokens; the bridge carries none (tier 2)",
            deferred.len()
        ));
    }
    tools.extend(bridged.tools.iter().cloned().map(Visible::Bridge));
    assembly.tools = tools;
    assembly.tier = if matches!(bridged.form, "full" | "names" | "mixed") {
        1
    } else {
        2
    };
    assembly.budget_tokens = Some(budget);
    assembly.listing_tokens = bridged.listing_tokens.unwrap_or(0);
    assembly.listing_form = Some(bridged.form);
    assembly
}

/// The part of a hermes turn that depends only on the catalog and the listing budget: the
/// rendered bridge tools (the listing lives in `tool_search`'s description).
pub struct Bridged {
    tools: Vec<Value>,
    form: &'static str,
    /// Estimated tokens of the listing text; `None` when no listing is carried.
    listing_tokens: Option<u64>,
}

fn bridge_half(
    config: &Config,
    format: ToolFormat,
    deferred: &[&Tool],
    budget: u64,
    counter: Option<&dyn Fn(&str) -> u64>,
) -> Bridged {
    let listing = if config.listing == Mode::Off {
        Listing {
            text: None,
            form: "none",
        }
    } else {
        listing::build(deferred, budget, counter)
    };
    let description = bridge::search_description(deferred.len(), &listing);
    Bridged {
        tools: bridge::tools_v2(format, &description),
        form: listing.form,
        listing_tokens: listing.text.as_deref().map(|t| estimate_tokens(t, counter)),
    }
}

/// Bridge halves already rendered, keyed by catalog and budget — the listing is
/// the expensive part of a hermes turn (it sorts and renders every deferred tool), and an
/// unchanged tool list with an unchanged budget gives the same bytes, so it is built once.
/// Only turns without a host token counter are cached (see [`assemble`]). A catalog's id names
/// one parsed tool list, which never changes (`SPEC.md` §1), so a hit equals a rebuild.
#[derive(Default)]
pub struct ListingCache {
    entries: Vec<(u64, u64, Rc<Bridged>)>,
}

/// Bridge halves kept per profile: a few budgets of a few recent tool lists.
const LISTING_CACHE: usize = 8;

impl ListingCache {
    fn get_or_insert(
        &mut self,
        catalog: u64,
        budget: u64,
        build: impl FnOnce() -> Bridged,
    ) -> Rc<Bridged> {
        if let Some(at) = self
            .entries
            .iter()
            .position(|(c, b, _)| *c == catalog && *b == budget)
        {
            // Most recently used at the back; eviction takes the front.
            let entry = self.entries.remove(at);
            let bridged = Rc::clone(&entry.2);
            self.entries.push(entry);
            return bridged;
        }
        let bridged = Rc::new(build());
        if self.entries.len() >= LISTING_CACHE {
            self.entries.remove(0);
        }
        self.entries.push((catalog, budget, Rc::clone(&bridged)));
        bridged
    }
}
