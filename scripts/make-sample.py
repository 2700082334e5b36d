#!/usr/bin/env python3
"""Regenerates samples/catalog.json from ../shared/data/catalogs/mcp-servers.json.

The sample is a few hundred real tools from permissively licensed MCP servers (licences
checked against ../shared/data/README.md), kept in the dump's order and shape, with
`source` = the server id. Run from the repository root; the output is committed.
"""
import json
import pathlib

SERVERS = {
    # id: (npm package@version, licence)
    "mcp-github": ("@modelcontextprotocol/server-github@2025.4.8", "MIT"),
    "linear": ("linear-mcp@1.2.0", "MIT"),
    "mcp-slack": ("@modelcontextprotocol/server-slack@2025.4.25", "MIT"),
    "notion": ("@notionhq/notion-mcp-server@2.5.2", "MIT"),
    "gmail": ("@gongrzhe/server-gmail-autoauth-mcp@1.1.11", "ISC"),
    "google-calendar": ("@cocal/google-calendar-mcp@2.6.3", "MIT"),
    "mcp-filesystem": ("@modelcontextprotocol/server-filesystem@2026.8.31", "MIT"),
    "stripe": ("@stripe/mcp@0.2.5", "MIT"),
    "mcp-memory": ("@modelcontextprotocol/server-memory@2026.8.31", "MIT"),
    "lark": ("@larksuiteoapi/lark-mcp@0.5.1", "MIT"),
    "asana": ("@roychri/mcp-server-asana@1.8.0", "MIT"),
    "playwright": ("@playwright/mcp@0.0.83", "Apache-2.0"),
    "firecrawl": ("firecrawl-mcp@3.22.2", "MIT"),
    "brave-search": ("@brave/brave-search-mcp-server@2.1.4", "MIT"),
    "mcp-postgres": ("@modelcontextprotocol/server-postgres@0.6.2", "MIT"),
    "mcp-google-maps": ("@modelcontextprotocol/server-google-maps@0.6.2", "MIT"),
    "amap": ("@amap/amap-maps-mcp-server@0.0.8", "ISC"),
    "supabase": ("@supabase/mcp-server-supabase@0.13.0", "Apache-2.0"),
    "mcp-redis": ("@modelcontextprotocol/server-redis@2025.4.25", "MIT"),
    "atlassian-jira": ("@aashari/mcp-server-atlassian-jira@3.3.0", "ISC"),
}

root = pathlib.Path(__file__).resolve().parent.parent
dump = json.loads((root.parent / "shared/data/catalogs/mcp-servers.json").read_text())
tools = [
    {"name": t["name"], "description": t.get("description", ""), "inputSchema": t["inputSchema"], "source": t["source"]}
    for t in dump
    if t["source"] in SERVERS
]
# Names must be unique in one tool list, as in any host: a clash across servers is renamed
# `<source>__<name>` (the way hosts prefix MCP tools); only supabase's create_branch clashes.
seen = set()
for tool in tools:
    if tool["name"] in seen:
        tool["name"] = f'{tool["source"]}__{tool["name"]}'
    seen.add(tool["name"])
# One tool per line: small, and diffs stay readable.
lines = ",\n".join(json.dumps(t, ensure_ascii=False, separators=(",", ":")) for t in tools)
(root / "samples/catalog.json").write_text("[\n" + lines + "\n]\n")
counts = {s: sum(1 for t in tools if t["source"] == s) for s in SERVERS}
rows = "\n".join(f"| {s} | {p} | {l} | {counts[s]} |" for s, (p, l) in SERVERS.items())
(root / "samples/README.md").write_text(
    "# Sample catalog\n\n"
    f"`catalog.json`: {len(tools)} real MCP tools (`tools/list` output, dumped offline with dummy\n"
    "credentials) from the servers below, taken from `../shared/data/catalogs/mcp-servers.json` by\n"
    "`scripts/make-sample.py`. Each tool keeps `name`, `description`, `inputSchema`; `source` is the\n"
    "server id. Used by the demo, the tests and the playground. Third-party data, each server under\n"
    "its own permissive licence:\n\n"
    "| source | npm package@version | licence | tools |\n|---|---|---|---:|\n" + rows + "\n"
)
print(len(tools), "tools")
