//! What the `search_tools` bridge is and answers: its definition, its argument parsing, the
//! two matchers (ranked, and the original substring one) and its model-facing JSON result.

use crate::bits;
use crate::search::hash::FxSet;
use serde_json::{Map, Value};

use super::config::{Config, Matcher};
use crate::analysis::case::lowercase;
use crate::engine::Prepared;
use crate::json;
use crate::options::describe;
use crate::tool::Tool;

/// The bridge tool's reserved name.
pub const NAME: &str = "search_tools";

/// Longest query accepted, in characters; longer ones get an error asking for keywords.
pub const MAX_QUERY_CHARS: usize = 2_000;

/// Most names listed in `related`.
pub const MAX_RELATED: usize = 20;

/// True when the caller may see `tool`: tools without groups always; otherwise when any of
/// its groups is enabled (`None` = every group enabled).
pub fn visible_to(tool: &Tool, enabled_groups: Option<&[String]>) -> bool {
    match enabled_groups {
        None => true,
        Some(enabled) => tool.groups.is_empty() || tool.groups.iter().any(|g| enabled.contains(g)),
    }
}

/// The bridge's description. `names` are the names of the tools reachable through search,
/// joined by ", " (see [`listing`]), listed only when `showToolNames` is on.
pub fn description(config: &Config, names: &str) -> String {
    let mut text = String::from(
        "Find tools by keyword and load their full definitions. Most tools are hidden to save \
         context: call search_tools first with a few keywords (a service name, or an action such \
         as create, list or send), then call the tools it returns directly; they stay available \
         in later turns. An empty query lists every tool; use offset to see more results.",
    );
    if config.show_tool_names && !names.is_empty() {
        text.push_str(
            "\n\nTools you can find (names only, to help you choose keywords): search first to \
             get a tool's parameters; never call a name from this list before searching for it, \
             unless its full definition is already among your tools.\n",
        );
        text.push_str(names);
    }
    text
}

/// The names `description` lists, joined by ", ".
pub fn listing(names: &[&str]) -> String {
    names.join(", ")
}

/// The bridge's JSON schema.
pub fn parameters(config: &Config) -> Value {
    let default = match config.max_search_results {
        0 => "no limit".to_string(),
        n => n.to_string(),
    };
    json::schema(
        vec![
            (
                "query",
                json::property(
                    "string",
                    "Keywords separated by spaces, matched against tool names and \
                     descriptions. An empty string lists every tool.",
                ),
            ),
            (
                "limit",
                json::count(&format!(
                    "Maximum number of tools to return (default {default}; 0 = no limit)."
                )),
            ),
            (
                "offset",
                json::count("Number of matching tools to skip, for paging (default 0)."),
            ),
        ],
        &["query"],
    )
}

/// One parsed `search_tools` call.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The query, untrimmed.
    pub query: String,
    /// Page size; `None` = no limit.
    pub limit: Option<usize>,
    /// Matches skipped.
    pub offset: usize,
}

impl Request {
    /// Parses the model's arguments. Accepted: an object, a JSON string of one, `null`/`""`
    /// (= `{}`). A missing `query` is the empty query. `limit`/`offset` must be whole numbers
    /// ≥ 0 (`3.0` is 3); a string holding one (`"3"`) is accepted because models often quote
    /// numbers. `limit: 0` means no limit, as `maxSearchResults: 0` does. Errors are
    /// model-facing messages.
    pub fn parse(args: &Value, config: &Config) -> Result<Request, String> {
        let parsed;
        let args = match args {
            Value::Null => &Value::Null,
            Value::String(s) if s.trim().is_empty() => &Value::Null,
            // The engine has parsed the model's text already: a string here is JSON text of a
            // string (`"\"x\""`) or a host's own call. Only text that starts as an object is
            // reported as broken JSON; any other string is a string, not an object.
            Value::String(s) => match crate::surrogates::parse(s) {
                Ok(value) => {
                    parsed = value;
                    &parsed
                }
                Err(e) if s.trim_start().starts_with('{') => {
                    return Err(format!("arguments are not valid JSON: {e}"))
                }
                Err(_) => args,
            },
            other => other,
        };
        if !matches!(args, Value::Null | Value::Object(_)) {
            return Err(format!(
                "arguments must be an object like {{\"query\": \"create issue\"}}, got {}",
                describe(args)
            ));
        }
        // A missing query lists every tool, but not when the model put its words under
        // another key (`q`, hermes' `queries`): that would list, and activate, unrelated tools.
        let stray = args.as_object().and_then(|object| {
            object
                .keys()
                .find(|key| !matches!(key.as_str(), "query" | "limit" | "offset"))
        });
        let query = match (args.get("query"), stray) {
            (None, Some(key)) => {
                return Err(format!(
                    "unknown argument `{}`: search_tools takes {{\"query\": \"keywords\", \"limit\": 5, \"offset\": 0}} (an empty query lists every tool)",
                    crate::error::preview(key)
                ))
            }
            (None | Some(Value::Null), _) => String::new(),
            (Some(Value::String(q)), _) => q.clone(),
            (Some(other), _) => {
                return Err(format!(
                    "`query` must be a string of keywords, got {}",
                    describe(other)
                ))
            }
        };
        let chars = query.chars().count();
        if chars > MAX_QUERY_CHARS {
            return Err(format!(
                "`query` is {chars} characters long (at most {MAX_QUERY_CHARS}); use a few keywords"
            ));
        }
        let limit = match count(args.get("limit"), "limit")? {
            None => config.max_search_results,
            Some(n) => n,
        };
        let offset = count(args.get("offset"), "offset")?.unwrap_or(0);
        Ok(Request {
            query,
            limit: (limit > 0).then_some(limit),
            offset,
        })
    }
}

/// A whole number ≥ 0 (saturating), or `None` when absent.
fn count(value: Option<&Value>, key: &str) -> Result<Option<usize>, String> {
    let bad = |got: String| {
        let zero = if key == "limit" {
            " (0 = no limit)"
        } else {
            ""
        };
        format!("`{key}` must be a whole number ≥ 0{zero}, got {got}")
    };
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => {
            if let Some(v) = n.as_u64() {
                return Ok(Some(usize::try_from(v).unwrap_or(usize::MAX)));
            }
            match n.as_f64() {
                Some(v) if v >= 0.0 && v.fract() == 0.0 => Ok(Some(v as usize)),
                _ => Err(bad(n.to_string())),
            }
        }
        Some(Value::String(s)) => match s.trim().parse::<u64>() {
            Ok(v) => Ok(Some(usize::try_from(v).unwrap_or(usize::MAX))),
            Err(_) => Err(bad(describe(&Value::String(s.clone())))),
        },
        Some(other) => Err(bad(describe(other))),
    }
}

/// The original plugin's test: any whitespace-separated keyword is a case-insensitive
/// substring of the name or of the description. An empty keyword list matches everything.
/// (`search_tools` runs it over the whole catalog at once: [`super::substring::Lowered`].)
pub fn substring_match(keywords: &[String], tool: &Tool) -> bool {
    if keywords.is_empty() {
        return true;
    }
    let name = lowercase(&tool.name);
    let description = lowercase(&tool.description);
    keywords
        .iter()
        .any(|k| name.contains(k.as_str()) || description.contains(k.as_str()))
}

/// Lowercased whitespace-separated keywords of a query.
pub fn keywords(query: &str) -> Vec<String> {
    query.split_whitespace().map(lowercase).collect()
}

/// Catalog positions of every searchable tool the caller may see that matches `query`:
/// catalog order for an empty query and for the substring matcher; when ranked, the engine's
/// hits best first, then the substring matcher's other matches in catalog order.
pub fn matches(
    prepared: &Prepared,
    query: &str,
    matcher: Matcher,
    enabled_groups: Option<&[String]>,
) -> Vec<usize> {
    let tools = prepared.catalog.tools();
    let visible = |i: &usize| tools.get(*i).is_some_and(|t| visible_to(t, enabled_groups));
    let substring = || {
        let matched = prepared.lowered().matching(&keywords(query));
        prepared
            .searchable
            .iter()
            .zip(matched)
            .filter(|&(i, matched)| matched && visible(i))
            .map(|(&i, _)| i)
            .collect::<Vec<_>>()
    };
    if query.trim().is_empty() || matcher == Matcher::Substring {
        return substring();
    }
    // TODO(retrieval): switch to `search_with` with a group filter once it lands; until
    // then every hit is fetched and filtered here.
    let mut ranked: Vec<usize> = prepared
        .hits(query, usize::MAX, false)
        .into_iter()
        .map(|(pos, _)| pos)
        .filter(visible)
        .collect();
    // Never find less than the original plugin: what only the substring test finds follows
    // the ranked hits, in catalog order, so paging still reaches every original match.
    let mut seen = Vec::new();
    for &i in &ranked {
        bits::set(&mut seen, i);
    }
    ranked.extend(substring().into_iter().filter(|&i| !bits::has(&seen, i)));
    ranked
}

/// The model-facing answer to a parsed call, and the catalog positions it returned (which
/// become discovered).
pub fn answer(
    prepared: &Prepared,
    config: &Config,
    request: &Request,
    enabled_groups: Option<&[String]>,
) -> (Value, Vec<usize>) {
    let all = matches(prepared, &request.query, config.matcher, enabled_groups);
    let total = all.len();
    let page: Vec<usize> = all
        .iter()
        .copied()
        .skip(request.offset)
        .take(request.limit.unwrap_or(usize::MAX))
        .collect();
    let returned = page.len();
    let end = request.offset.saturating_add(returned);
    let next = (end < total && returned > 0).then_some(end);
    let tools = prepared.catalog.tools();

    let mut out = Map::new();
    out.insert("found".into(), Value::from(format!("{returned}/{total}")));
    if request.offset > 0 || end < total {
        let mut pagination = Map::new();
        pagination.insert("total".into(), Value::from(total));
        pagination.insert("offset".into(), Value::from(request.offset));
        pagination.insert("returned".into(), Value::from(returned));
        if let Some(next) = next {
            pagination.insert("nextOffset".into(), Value::from(next));
        }
        out.insert("pagination".into(), Value::Object(pagination));
    }
    let listed: Vec<Value> = page
        .iter()
        .filter_map(|&i| tools.get(i))
        .map(|t| {
            json::object(vec![
                ("name", t.name.as_str().into()),
                ("description", t.description.as_str().into()),
                ("parameters", t.parameters()),
            ])
        })
        .collect();
    out.insert("tools".into(), Value::Array(listed));
    let related = related(prepared, &page, enabled_groups);
    if !related.is_empty() {
        out.insert("related".into(), related.into());
    }
    out.insert(
        "hint".into(),
        Value::from(hint(request, total, returned, next)),
    );
    (Value::Object(out), page)
}

/// Other tools sharing a group with a returned tool, not returned, catalog order, capped.
fn related(prepared: &Prepared, page: &[usize], enabled_groups: Option<&[String]>) -> Vec<String> {
    // Sets, not lists: an unlimited page of 100,000 grouped tools made this quadratic.
    let tools = prepared.catalog.tools();
    let mut groups: FxSet<String> = FxSet::default();
    for group in page
        .iter()
        .filter_map(|&i| tools.get(i))
        .flat_map(|t| &t.groups)
    {
        if !groups.contains(group) {
            groups.insert(group.clone());
        }
    }
    if groups.is_empty() {
        return Vec::new();
    }
    let mut returned = Vec::new();
    for &i in page {
        bits::set(&mut returned, i);
    }
    prepared
        .searchable
        .iter()
        .filter(|&&i| !bits::has(&returned, i))
        .filter_map(|&i| tools.get(i))
        .filter(|t| visible_to(t, enabled_groups) && t.groups.iter().any(|g| groups.contains(g)))
        .take(MAX_RELATED)
        .map(|t| t.name.clone())
        .collect()
}

fn hint(request: &Request, total: usize, returned: usize, next: Option<usize>) -> String {
    if total == 0 {
        if request.query.trim().is_empty() {
            return "No tools are available to search.".into();
        }
        return format!(
            "No tools matched {:?}. Try other or fewer keywords (a service name, or one action \
             such as create, list or send), or an empty query to list every tool.",
            crate::error::preview(request.query.trim())
        );
    }
    if returned == 0 {
        return format!(
            "No tools at offset {}: there are {total} matches. Use an offset below {total}.",
            request.offset
        );
    }
    let mut hint = format!(
        "The {returned} tool{} above {} now active: call {} directly by name with {} parameters.",
        if returned == 1 { "" } else { "s" },
        if returned == 1 { "is" } else { "are" },
        if returned == 1 { "it" } else { "them" },
        if returned == 1 { "its" } else { "their" },
    );
    if let Some(next) = next {
        hint.push_str(&format!(
            " {} more matched: call search_tools with the same query and offset {next} to see them.",
            total - next
        ));
    }
    hint
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use serde_json::json;

    fn prepared(tools: Value) -> Prepared {
        let catalog = Catalog::from_json(&tools.to_string()).unwrap();
        let searchable: Vec<usize> = catalog
            .tools()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.name != NAME)
            .map(|(i, _)| i)
            .collect();
        Prepared::new(catalog, searchable, &Default::default())
    }

    #[test]
    fn an_unlimited_page_of_many_grouped_tools_is_answered_in_linear_time() {
        // `related` compared every tool with every returned tool: 20,000 grouped tools on one
        // unlimited page were 400 million comparisons; with sets it is one pass.
        let tools: Vec<Value> = (0..20_000)
            .map(|i| json!({"name": format!("t{i}"), "groups": [format!("g{}", i % 7)]}))
            .collect();
        let prepared = prepared(Value::Array(tools));
        let request = Request {
            query: String::new(),
            limit: None,
            offset: 0,
        };
        let (reply, returned) = answer(&prepared, &Config::default(), &request, None);
        assert_eq!(returned.len(), 20_000);
        assert_eq!(reply["found"], "20000/20000");
        assert!(
            reply.get("related").is_none(),
            "every related tool was returned"
        );
        let page = Request {
            limit: Some(1),
            ..request
        };
        let (reply, _) = answer(&prepared, &Config::default(), &page, None);
        assert_eq!(reply["related"].as_array().map(Vec::len), Some(MAX_RELATED));
    }

    fn args(v: Value) -> Result<Request, String> {
        Request::parse(&v, &Config::default())
    }

    #[test]
    fn a_string_argument_is_broken_json_only_when_it_starts_as_an_object() {
        // The engine has parsed the model's text: `"x"` arrives as the string x, which was
        // reported as invalid JSON although the model's text was valid JSON (a string).
        let err = args(json!("x")).err().unwrap_or_default();
        assert!(err.starts_with("arguments must be an object like"), "{err}");
        assert!(err.ends_with(r#"got string "x""#), "{err}");
        let err = args(json!(r#"{"query": "#)).err().unwrap_or_default();
        assert!(
            err.starts_with("arguments are not valid JSON: EOF"),
            "{err}"
        );
        let request = args(json!(r#"{"query": "issue"}"#)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(request.query, "issue");
    }

    #[test]
    fn limits_and_offsets_parse_strictly_but_accept_quoted_numbers() {
        let r = args(json!({"query": "x", "limit": "3", "offset": 2.0})).unwrap();
        assert_eq!((r.limit, r.offset), (Some(3), 2));
        assert_eq!(args(json!({})).unwrap().limit, Some(5));
        assert_eq!(args(json!({"limit": 0})).unwrap().limit, None);
        assert_eq!(args(json!("{\"query\":\"a\"}")).unwrap().query, "a");
        assert_eq!(args(Value::Null).unwrap().query, "");
        // The words under another key are an error, not an empty query listing every tool.
        for wrong in [
            json!({"q": "slack"}),
            json!({"queries": ["slack"]}),
            json!({"limit": 3, "search": "x"}),
        ] {
            let error = args(wrong.clone()).unwrap_err();
            assert!(error.starts_with("unknown argument `"), "{wrong}: {error}");
            assert!(error.contains("\"query\": \"keywords\""), "{error}");
        }
        assert_eq!(args(json!({"limit": 2})).unwrap().limit, Some(2));
        assert_eq!(args(json!({"query": "x", "note": 1})).unwrap().query, "x");
        for (bad, needle) in [
            (
                json!({"limit": -1}),
                "`limit` must be a whole number ≥ 0 (0 = no limit), got -1",
            ),
            (json!({"limit": 2.5}), "got 2.5"),
            (
                json!({"offset": "ten"}),
                "`offset` must be a whole number ≥ 0, got string \"ten\"",
            ),
            (json!({"offset": true}), "got boolean true"),
            (json!({"query": 5}), "`query` must be a string"),
            (json!([1]), "arguments must be an object"),
            (json!("{oops"), "not valid JSON"),
        ] {
            let e = args(bad.clone()).unwrap_err();
            assert!(e.contains(needle), "{bad}: {e}");
        }
        let long = "a".repeat(MAX_QUERY_CHARS + 1);
        assert!(args(json!({"query": long}))
            .unwrap_err()
            .contains("at most"));
    }

    #[test]
    fn a_huge_limit_saturates_instead_of_failing() {
        let r = args(json!({"limit": 1e300})).unwrap();
        assert_eq!(r.limit, Some(usize::MAX));
    }

    #[test]
    fn the_substring_matcher_needs_any_keyword_in_name_or_description() {
        let t = Tool::from_value(
            json!({"name": "GitHub_Create", "description": "Opens an Issue"}),
            0,
        )
        .unwrap();
        assert!(substring_match(&keywords("zzz issue"), &t));
        assert!(substring_match(&keywords("HUB"), &t));
        assert!(!substring_match(&keywords("pull request"), &t));
        assert!(substring_match(&keywords("  "), &t));
    }

    #[test]
    fn the_ranked_matcher_ranks_first_and_never_finds_less_than_the_substring_one() {
        let p = prepared(json!([
            {"name": "read_inbox", "description": "Read the newest emails."},
            {"name": "send_email", "description": "Send an email."},
            {"name": "github_create", "description": "Open an issue."},
        ]));
        let ranked = matches(&p, "email", Matcher::Ranked, None);
        assert_eq!(ranked, vec![1, 0]);
        let substring = matches(&p, "mail hub", Matcher::Substring, None);
        assert_eq!(substring, vec![0, 1, 2]);
        let mut ranked = matches(&p, "mail hub", Matcher::Ranked, None);
        ranked.sort_unstable();
        assert_eq!(ranked, substring);
    }

    #[test]
    fn related_names_share_a_group_and_respect_enabled_groups() {
        let p = prepared(json!([
            {"name": "a", "description": "alpha", "groups": ["g"]},
            {"name": "b", "description": "beta", "groups": ["g"]},
            {"name": "c", "description": "gamma", "groups": ["g", "h"]},
            {"name": "d", "description": "delta"},
        ]));
        let req = Request {
            query: "alpha".into(),
            limit: None,
            offset: 0,
        };
        let (out, page) = answer(&p, &Config::default(), &req, None);
        assert_eq!(page, vec![0]);
        assert_eq!(out["related"], json!(["b", "c"]));
        let only_h = vec!["h".to_string()];
        let (out, _) = answer(&p, &Config::default(), &req, Some(&only_h));
        assert_eq!(out["found"], "0/0");
    }

    #[test]
    fn the_description_lists_names_only_when_asked() {
        let on = description(&Config::default(), &listing(&["a", "b"]));
        assert!(on.ends_with("a, b") && on.contains("never call"));
        let off = Config {
            show_tool_names: false,
            ..Config::default()
        };
        assert!(!description(&off, &listing(&["a", "b"])).contains("a, b"));
    }
}
