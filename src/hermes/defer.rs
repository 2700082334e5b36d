//! Which tools hide behind the bridge, and how a deferred tool is labelled.
//!
//! Rules, first match wins (bridge names are stripped before any of this):
//! 1. a name in `defer` defers — even a core tool (Hermes' `defer` override);
//! 2. an explicit `kind`: `core` stays visible, `mcp` and `plugin` defer;
//! 3. no `kind`, name in the core set ([`HERMES_CORE`], or `core_tools` when configured;
//!    `prefix*` entries match by prefix) → visible;
//! 4. no `kind`, the tool has a `source`, or its name is an MCP tool's (`mcp__server__tool`, or
//!    VibeOS' `mcp_server_tool` of seed 003) → defers (an MCP server or plugin toolset);
//! 5. otherwise the kind is unknown → stays visible. Hermes' "OpenClaw #84141" guard: a tool
//!    we cannot classify is never silently hidden.
//!
//! Hermes' curated default `defer` list (desktop GUI helpers, `computer_use`, …) names tools of
//! its own desktop app; our default `defer` is empty so that core tools never defer unless a
//! host asks for it.

use crate::tool::{Tool, ToolKind};

use super::config::Config;
use super::messages::BRIDGE_NAMES;

/// Hermes' core working set (`_HERMES_CORE_TOOLS`, 0.19.0): never deferred by default.
/// Entries ending in `*` are prefixes. `send_message` is core in both Hermes and VibeOS.
pub const HERMES_CORE: &[&str] = &[
    "terminal",
    "process",
    "read_file",
    "write_file",
    "patch",
    "search_files",
    "todo",
    "memory",
    "browser_*",
    "web_search",
    "web_extract",
    "clarify",
    "execute_code",
    "delegate_task",
    "session_search",
    "cronjob",
    "kanban_*",
    "ha_*",
    "vision_analyze",
    "image_generate",
    "text_to_speech",
    "skill_view",
    "skills_list",
    "skill_manage",
    "send_message",
];

/// True when `name` is a reserved bridge name.
pub fn is_bridge(name: &str) -> bool {
    BRIDGE_NAMES.contains(&name)
}

/// True when `name` matches one entry of a core set (exact, or `prefix*`).
fn in_set<S: AsRef<str>>(set: &[S], name: &str) -> bool {
    let first = name.as_bytes().first();
    set.iter().any(|entry| {
        let entry = entry.as_ref();
        // An entry whose first byte differs cannot match (but `*`, which matches every name):
        // most are turned away without a comparison, a `memcmp` call in wasm, for every tool
        // of every new list.
        if entry != "*" && entry.as_bytes().first().is_some_and(|b| Some(b) != first) {
            return false;
        }
        match entry.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => entry == name,
        }
    })
}

/// True when the tool is in the configured (or default) core set.
pub fn is_core_name(config: &Config, name: &str) -> bool {
    match &config.core_tools {
        Some(set) => in_set(set, name),
        None => in_set(HERMES_CORE, name),
    }
}

/// What the module rules make of a tool.
#[derive(PartialEq)]
enum Rule {
    /// Rules 1, 2 and 4: behind the bridge.
    Defers,
    /// A bridge name, rules 2 and 3: visible.
    Visible,
    /// Rule 5: nothing says what it is, so it stays visible.
    Unknown,
}

fn rule(config: &Config, tool: &Tool) -> Rule {
    if is_bridge(&tool.name) {
        return Rule::Visible;
    }
    if config.defer.contains(&tool.name) {
        return Rule::Defers;
    }
    match tool.kind {
        Some(ToolKind::Core) => Rule::Visible,
        Some(ToolKind::Mcp | ToolKind::Plugin) => Rule::Defers,
        None if is_core_name(config, &tool.name) => Rule::Visible,
        None if tool.source.is_some() || is_mcp_name(&tool.name) => Rule::Defers,
        None => Rule::Unknown,
    }
}

/// True when the tool defers behind the bridge (see the module rules).
pub fn defers(config: &Config, tool: &Tool) -> bool {
    rule(config, tool) == Rule::Defers
}

/// True when nothing says what the tool is (rule 5): it stays visible, and a host expecting it
/// to defer should hear why it does not.
pub fn unknown_kind(config: &Config, tool: &Tool) -> bool {
    rule(config, tool) == Rule::Unknown
}

/// The MCP server named by an `mcp__server__tool` name, or by VibeOS' `mcp_server_tool`
/// (seed 003's `mcp_github_create_issue`; a server with an underscore in its name is read up
/// to it, so only its label is shortened).
fn mcp_server(name: &str) -> Option<&str> {
    let (server, tool) = match name.strip_prefix("mcp__") {
        Some(rest) => rest.split_once("__")?,
        None => name.strip_prefix("mcp_")?.split_once('_')?,
    };
    (!server.is_empty() && !tool.is_empty()).then_some(server)
}

/// True for an MCP tool's name: `mcp__…`, or `mcp_server_tool`.
fn is_mcp_name(name: &str) -> bool {
    name.starts_with("mcp__") || mcp_server(name).is_some()
}

/// `source_name` of a search record: the tool's `source` as given, else the server of an
/// `mcp__server__tool` (or `mcp_server_tool`) name, else `""` (Hermes' value for an
/// unregistered tool).
pub fn source_name(tool: &Tool) -> &str {
    match &tool.source {
        Some(source) => source,
        None => mcp_server(&tool.name).unwrap_or(""),
    }
}

/// `source` of a search record: `mcp`, `plugin` or `other` (Hermes' three values). An
/// explicit `kind` decides; otherwise an `mcp-` source or MCP name is `mcp`, any other
/// source is a `plugin` toolset, and no source at all is `other`.
pub fn source_kind(tool: &Tool) -> &'static str {
    match tool.kind {
        Some(ToolKind::Mcp) => "mcp",
        Some(ToolKind::Plugin) => "plugin",
        _ => {
            let source = tool.source.as_deref();
            if is_mcp_name(&tool.name) || source.is_some_and(|s| s.starts_with("mcp-")) {
                "mcp"
            } else if source.is_some() {
                "plugin"
            } else {
                "other"
            }
        }
    }
}

/// The group a deferred tool is listed and counted under: its source without a leading `mcp-`
/// (Hermes' `mcp-github` → `github`), else `other`.
pub fn group_label(tool: &Tool) -> &str {
    let name = source_name(tool);
    let label = name.strip_prefix("mcp-").unwrap_or(name);
    if label.is_empty() {
        "other"
    } else {
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Reader;
    use serde_json::json;

    fn tool(v: serde_json::Value) -> Tool {
        Tool::from_value(v, 0).unwrap()
    }

    fn config(v: serde_json::Value) -> Config {
        let mut r = Reader::new("", Some(&v)).unwrap();
        Config::read(&mut r, false).unwrap()
    }

    #[test]
    fn core_prefixes_and_explicit_kinds_decide() {
        let c = config(json!({}));
        assert!(!defers(
            &c,
            &tool(json!({"name":"browser_click","source":"browser"}))
        ));
        assert!(defers(
            &c,
            &tool(json!({"name":"browser_click","kind":"mcp"}))
        ));
        assert!(!defers(
            &c,
            &tool(json!({"name":"weird","source":"x","kind":"core"}))
        ));
        assert!(defers(&c, &tool(json!({"name":"mcp__gh__create_issue"}))));
        // VibeOS names its MCP tools with single underscores (seed 003).
        let vibeos_named = tool(json!({"name":"mcp_github_create_issue"}));
        assert!(defers(&c, &vibeos_named));
        assert_eq!(
            (source_name(&vibeos_named), source_kind(&vibeos_named)),
            ("github", "mcp")
        );
        for not_mcp in ["mcp_", "mcp_x", "mcpx_a_b"] {
            assert!(!defers(&c, &tool(json!({ "name": not_mcp }))), "{not_mcp}");
        }
        assert!(!defers(&c, &tool(json!({"name":"unknown_tool"}))));
        assert!(!defers(
            &c,
            &tool(json!({"name":"tool_search","kind":"mcp"}))
        ));
        let c = config(json!({"defer":["terminal"],"core_tools":["a*"]}));
        assert!(defers(&c, &tool(json!({"name":"terminal"}))));
        assert!(!defers(&c, &tool(json!({"name":"abc","source":"s"}))));
        assert!(defers(
            &c,
            &tool(json!({"name":"read_file","source":"file"}))
        ));
    }

    #[test]
    fn core_set_entries_match_exactly_or_by_prefix_whatever_their_first_byte() {
        let set = ["*", "", "web_*", "x", "日本*"];
        assert!(in_set(&set[..1], "anything") && in_set(&set[..1], ""));
        assert!(in_set(&set[1..2], "") && !in_set(&set[1..2], "a"));
        assert!(in_set(&set[2..3], "web_search") && in_set(&set[2..3], "web_"));
        assert!(!in_set(&set[2..3], "we") && !in_set(&set[2..3], "aweb_x"));
        assert!(in_set(&set[3..4], "x") && !in_set(&set[3..4], "xy"));
        assert!(in_set(&set[4..], "日本語") && !in_set(&set[4..], "日"));
        assert!(!in_set(&set[2..], ""));
    }

    #[test]
    fn labels_strip_mcp_prefixes_and_fall_back_to_other() {
        let t = tool(json!({"name":"x","source":"mcp-github"}));
        assert_eq!(
            (group_label(&t), source_name(&t), source_kind(&t)),
            ("github", "mcp-github", "mcp")
        );
        let t = tool(json!({"name":"mcp__linear__list_issues"}));
        assert_eq!(
            (group_label(&t), source_name(&t), source_kind(&t)),
            ("linear", "linear", "mcp")
        );
        let t = tool(json!({"name":"x","kind":"plugin"}));
        assert_eq!(
            (group_label(&t), source_name(&t), source_kind(&t)),
            ("other", "", "plugin")
        );
    }
}
