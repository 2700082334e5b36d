//! What one tool definition is once normalised, whichever shape the host sent it in.

use serde_json::{Map, Value};

use crate::error::{preview, Error, ErrorCode, Result};

/// Longest accepted tool name, in bytes. Every provider caps names far below this
/// (OpenAI: 64); the bound keeps hostile input from turning into huge index keys.
pub const MAX_NAME_BYTES: usize = 512;

/// The wire shape a tool definition came in; bridge tools are emitted in the same shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ToolFormat {
    /// OpenAI chat completions: `{type:"function", function:{name, description, parameters}}`.
    OpenAiChat,
    /// OpenAI Responses API: `{type:"function", name, description, parameters}`.
    OpenAiResponses,
    /// Anthropic messages: `{name, description, input_schema}`.
    Anthropic,
    /// MCP `tools/list`: `{name, description, inputSchema}`.
    Mcp,
    /// Plain `{name, description, parameters}`.
    Flat,
}

impl ToolFormat {
    /// Parses the option value (`"openai"`, `"responses"`, `"anthropic"`, `"mcp"`, `"flat"`).
    pub fn parse(value: &str) -> Result<Self> {
        match value {
            "openai" | "openai-chat" => Ok(ToolFormat::OpenAiChat),
            "responses" | "openai-responses" => Ok(ToolFormat::OpenAiResponses),
            "anthropic" => Ok(ToolFormat::Anthropic),
            "mcp" => Ok(ToolFormat::Mcp),
            "flat" => Ok(ToolFormat::Flat),
            other => Err(Error::config(
                "format",
                format!(
                    "unknown tool format {:?}; expected one of openai, responses, anthropic, mcp, flat",
                    preview(other)
                ),
            )),
        }
    }

    /// Renders a tool in this shape.
    pub fn render(self, name: &str, description: &str, parameters: &Value) -> Value {
        let mut out = Map::new();
        match self {
            ToolFormat::OpenAiChat => {
                let mut function = Map::new();
                function.insert("name".into(), Value::from(name));
                function.insert("description".into(), Value::from(description));
                function.insert("parameters".into(), parameters.clone());
                out.insert("type".into(), Value::from("function"));
                out.insert("function".into(), Value::Object(function));
            }
            ToolFormat::OpenAiResponses => {
                out.insert("type".into(), Value::from("function"));
                out.insert("name".into(), Value::from(name));
                out.insert("description".into(), Value::from(description));
                out.insert("parameters".into(), parameters.clone());
            }
            ToolFormat::Anthropic | ToolFormat::Mcp | ToolFormat::Flat => {
                let key = match self {
                    ToolFormat::Anthropic => "input_schema",
                    ToolFormat::Mcp => "inputSchema",
                    _ => "parameters",
                };
                out.insert("name".into(), Value::from(name));
                out.insert("description".into(), Value::from(description));
                out.insert(key.into(), parameters.clone());
            }
        }
        Value::Object(out)
    }
}

/// How a host classifies a tool. `None` on [`Tool::kind`] means the host did not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ToolKind {
    /// Always loaded directly, never deferred (unless a `defer` list names it).
    Core,
    /// A tool of an MCP server: deferrable.
    Mcp,
    /// A plugin tool outside the core set: deferrable.
    Plugin,
}

impl ToolKind {
    fn parse(value: &str) -> Option<Self> {
        match value {
            "core" => Some(ToolKind::Core),
            "mcp" => Some(ToolKind::Mcp),
            "plugin" => Some(ToolKind::Plugin),
            _ => None,
        }
    }
}

/// One normalised tool definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    /// The tool's name, exactly as given (never rewritten).
    pub name: String,
    /// The description, `""` when the host gave none.
    pub description: String,
    /// The JSON schema of the arguments; an empty object schema when the host gave none.
    pub parameters: Value,
    /// The MCP server or plugin toolset label, e.g. `github`.
    pub source: Option<String>,
    /// The host's classification, when given.
    pub kind: Option<ToolKind>,
    /// Aalis tool groups; empty means the tool belongs to no group (always visible).
    pub groups: Vec<String>,
    /// The shape the definition came in.
    pub format: ToolFormat,
    /// The definition exactly as given, extra fields included.
    pub raw: Value,
}

impl Tool {
    /// Normalises one definition; `position` is its index in the host's list, for messages.
    pub fn from_value(raw: Value, position: usize) -> Result<Tool> {
        let obj = match &raw {
            Value::Object(obj) => obj,
            other => {
                return Err(invalid(
                    position,
                    None,
                    format!("is not an object (got {})", type_name(other)),
                ))
            }
        };
        // OpenAI chat nests the definition in `function`; everything else is flat.
        let (body, format) = match obj.get("function") {
            Some(Value::Object(function)) => (function, ToolFormat::OpenAiChat),
            Some(other) => {
                return Err(invalid(
                    position,
                    None,
                    format!(
                        "has a `function` field that is not an object (got {})",
                        type_name(other)
                    ),
                ))
            }
            None => {
                let format = if obj.contains_key("input_schema") {
                    ToolFormat::Anthropic
                } else if obj.contains_key("inputSchema") {
                    ToolFormat::Mcp
                } else if obj.get("type").and_then(Value::as_str) == Some("function") {
                    ToolFormat::OpenAiResponses
                } else {
                    ToolFormat::Flat
                };
                (obj, format)
            }
        };
        let name = match body.get("name") {
            Some(Value::String(name)) if !name.trim().is_empty() => name.clone(),
            Some(Value::String(_)) => return Err(invalid(position, None, "has an empty `name`")),
            Some(other) => {
                return Err(invalid(
                    position,
                    None,
                    format!(
                        "has a `name` that is not a string (got {})",
                        type_name(other)
                    ),
                ))
            }
            None => return Err(invalid(position, None, "has no `name`")),
        };
        if name.len() > MAX_NAME_BYTES {
            return Err(Error::new(
                ErrorCode::InvalidTool,
                format!(
                    "tool #{position} has a name of {} bytes (max {MAX_NAME_BYTES}): {:?}",
                    name.len(),
                    preview(&name)
                ),
            ));
        }
        if name.chars().any(char::is_control) {
            return Err(invalid(
                position,
                Some(&name),
                "has a name with control characters",
            ));
        }
        let description = match body.get("description") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(text)) => text.clone(),
            Some(other) => {
                return Err(invalid(
                    position,
                    Some(&name),
                    format!(
                        "has a `description` that is not a string (got {})",
                        type_name(other)
                    ),
                ))
            }
        };
        let schema_key = ["parameters", "input_schema", "inputSchema"]
            .into_iter()
            .find(|key| body.contains_key(*key));
        let parameters = match schema_key.and_then(|key| body.get(key)) {
            None | Some(Value::Null) => empty_schema(),
            Some(schema @ Value::Object(_)) => schema.clone(),
            Some(other) => {
                return Err(invalid(
                    position,
                    Some(&name),
                    format!(
                        "has a `{}` schema that is not an object (got {})",
                        schema_key.unwrap_or("parameters"),
                        type_name(other)
                    ),
                ))
            }
        };
        // Metadata may sit on the outer object (OpenAI chat) or beside the name.
        let meta = |key: &str| obj.get(key).or_else(|| body.get(key));
        let source = match meta("source") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => {
                return Err(invalid(
                    position,
                    Some(&name),
                    format!(
                        "has a `source` that is not a string (got {})",
                        type_name(other)
                    ),
                ))
            }
        };
        let kind = match meta("kind") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(ToolKind::parse(s).ok_or_else(|| {
                invalid(
                    position,
                    Some(&name),
                    format!(
                        "has an unknown `kind` {:?}; expected core, mcp or plugin",
                        preview(s)
                    ),
                )
            })?),
            Some(other) => {
                return Err(invalid(
                    position,
                    Some(&name),
                    format!(
                        "has a `kind` that is not a string (got {})",
                        type_name(other)
                    ),
                ))
            }
        };
        let groups = match meta("groups") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(g)) => vec![g.clone()],
            Some(Value::Array(items)) => {
                let mut groups = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        Value::String(g) => groups.push(g.clone()),
                        other => {
                            return Err(invalid(
                                position,
                                Some(&name),
                                format!(
                                    "has a group that is not a string (got {})",
                                    type_name(other)
                                ),
                            ))
                        }
                    }
                }
                groups
            }
            Some(other) => {
                return Err(invalid(
                    position,
                    Some(&name),
                    format!(
                        "has `groups` that is not an array of strings (got {})",
                        type_name(other)
                    ),
                ))
            }
        };
        Ok(Tool {
            name,
            description,
            parameters,
            source,
            kind,
            groups,
            format,
            raw,
        })
    }

    /// Top-level parameter names (`parameters.properties` keys), in schema order.
    pub fn parameter_names(&self) -> impl Iterator<Item = &str> {
        self.parameters
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|props| props.keys().map(String::as_str))
    }

    /// The schema's `required` list: strings only (others dropped).
    pub fn required(&self) -> Vec<&str> {
        self.parameters
            .get("required")
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    /// The tool rendered in `format` with its own name, description and schema.
    pub fn render(&self, format: ToolFormat) -> Value {
        if format == self.format {
            return self.raw.clone();
        }
        format.render(&self.name, &self.description, &self.parameters)
    }
}

/// Deepest nesting of one tool definition: what serde_json parses inside a tool list (it
/// stops at 128 levels, the list's own array included). Deeper values can only come from
/// Rust callers that build them by hand; they are rejected because serialising, cloning or
/// dropping them recurses.
pub const MAX_DEPTH: usize = 126;

/// True when `value` nests deeper than `limit` levels (iterative, stops early).
pub fn deeper_than(value: &Value, limit: usize) -> bool {
    let mut stack: Vec<(&Value, usize)> = vec![(value, 0)];
    while let Some((node, depth)) = stack.pop() {
        if depth > limit {
            return true;
        }
        match node {
            Value::Object(map) => stack.extend(map.values().map(|v| (v, depth + 1))),
            Value::Array(items) => stack.extend(items.iter().map(|v| (v, depth + 1))),
            _ => {}
        }
    }
    false
}

/// Drops a value of any depth without recursion (serde_json's own drop recurses once per
/// level, which overflows the stack on a hostile value).
pub fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
}

/// `{"type":"object","properties":{}}`, the schema of a tool that takes nothing.
pub fn empty_schema() -> Value {
    let mut schema = Map::new();
    schema.insert("type".into(), Value::from("object"));
    schema.insert("properties".into(), Value::Object(Map::new()));
    Value::Object(schema)
}

/// The JSON type name of a value, for messages.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn invalid(position: usize, name: Option<&str>, what: impl std::fmt::Display) -> Error {
    let who = match name {
        Some(name) => format!("tool #{position} ({:?})", preview(name)),
        None => format!("tool #{position}"),
    };
    Error::new(ErrorCode::InvalidTool, format!("{who} {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn norm(v: Value) -> Tool {
        match Tool::from_value(v, 0) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn every_common_shape_normalises_to_the_same_tool() {
        let schema = json!({"type":"object","properties":{"title":{"type":"string"}}});
        let shapes = [
            (
                json!({"type":"function","function":{"name":"create_issue","description":"Create.","parameters":schema}}),
                ToolFormat::OpenAiChat,
            ),
            (
                json!({"type":"function","name":"create_issue","description":"Create.","parameters":schema}),
                ToolFormat::OpenAiResponses,
            ),
            (
                json!({"name":"create_issue","description":"Create.","input_schema":schema}),
                ToolFormat::Anthropic,
            ),
            (
                json!({"name":"create_issue","description":"Create.","inputSchema":schema}),
                ToolFormat::Mcp,
            ),
            (
                json!({"name":"create_issue","description":"Create.","parameters":schema}),
                ToolFormat::Flat,
            ),
        ];
        for (raw, format) in shapes {
            let tool = norm(raw.clone());
            assert_eq!(tool.name, "create_issue");
            assert_eq!(tool.description, "Create.");
            assert_eq!(tool.parameters, schema);
            assert_eq!(tool.format, format);
            assert_eq!(
                tool.render(format),
                raw,
                "rendering in its own shape gives the input back"
            );
        }
    }

    #[test]
    fn metadata_is_read_from_the_outer_object_of_an_openai_tool() {
        let tool = norm(
            json!({"type":"function","source":"github","kind":"mcp","groups":["dev"],
            "function":{"name":"x"}}),
        );
        assert_eq!(tool.source.as_deref(), Some("github"));
        assert_eq!(tool.kind, Some(ToolKind::Mcp));
        assert_eq!(tool.groups, vec!["dev".to_string()]);
        assert_eq!(tool.parameters, empty_schema());
    }

    #[test]
    fn bad_definitions_are_typed_errors_that_name_the_tool() {
        let cases = [
            (json!("x"), "not an object"),
            (json!({"description":"d"}), "no `name`"),
            (json!({"name":""}), "empty `name`"),
            (json!({"name":7}), "not a string"),
            (
                json!({"name":"a","description":5}),
                "`description` that is not a string",
            ),
            (json!({"name":"a","parameters":[1]}), "not an object"),
            (json!({"name":"a","kind":"weird"}), "unknown `kind`"),
            (
                json!({"name":"a","groups":[1]}),
                "group that is not a string",
            ),
            (json!({"name":"a\u{0}b"}), "control characters"),
        ];
        for (raw, needle) in cases {
            let err = Tool::from_value(raw.clone(), 3).err();
            let err = err.unwrap_or_else(|| panic!("{raw} should be rejected"));
            assert_eq!(err.code, ErrorCode::InvalidTool);
            assert!(err.message.contains("tool #3"), "{}", err.message);
            assert!(
                err.message.contains(needle),
                "{} lacks {needle}",
                err.message
            );
        }
    }

    #[test]
    fn parameter_names_and_required_follow_the_schema() {
        let tool = norm(json!({"name":"a","parameters":{"type":"object",
            "properties":{"b":{},"a":{}},"required":["b",3]}}));
        assert_eq!(tool.parameter_names().collect::<Vec<_>>(), vec!["b", "a"]);
        assert_eq!(tool.required(), vec!["b"]);
    }
}
