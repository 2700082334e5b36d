//! What `tool_call` resolves to: the underlying tool and its (checked, repaired) arguments, or
//! the model-facing reason it cannot run.

use serde_json::{Map, Value};

use crate::analysis::case::lowercase;
use crate::engine::{Handled, Prepared};
use crate::json;

use super::defer::is_bridge;
use super::describe::{classify, Class};
use super::messages::{
    call_arguments_flattened, call_arguments_json, call_directly_listed, call_not_available,
    call_recursion, did_you_mean, missing_required, validation_failed, CALL_ARGUMENTS_NOT_OBJECT,
    CALL_NAME_REQUIRED, VALIDATION_HINT,
};
use super::schema_check::{checkable, coerce, missing_required as missing, validate};
use crate::tool::deeper_than;

/// Deepest `arguments` value accepted (the nesting serde_json itself parses). Deeper values
/// are refused rather than copied, so a hostile value cannot exhaust the stack.
pub const MAX_ARGUMENT_DEPTH: usize = 128;
/// At most this many "Did you mean" suggestions.
const MAX_SUGGESTIONS: usize = 3;

/// Parses a `tool_call` into the underlying name and arguments, without looking at any
/// catalog: the name is required and may not be a bridge tool; `arguments` may be an object,
/// a JSON string of one, or `null`/`""`/whitespace (→ `{}`). Errors are model-facing messages.
pub fn resolve(call: &Map<String, Value>) -> Result<(String, Map<String, Value>), String> {
    let name = name_of(call)?;
    let arguments = arguments_of(call, &name)?;
    Ok((name, arguments))
}

/// The underlying tool's name: required, and not a bridge tool's.
fn name_of(call: &Map<String, Value>) -> Result<String, String> {
    let name = match call.get("name") {
        Some(Value::String(name)) => name.trim().to_string(),
        _ => String::new(),
    };
    if name.is_empty() {
        return Err(CALL_NAME_REQUIRED.to_string());
    }
    if is_bridge(&name) {
        return Err(call_recursion(&name));
    }
    Ok(name)
}

/// The call's arguments for the tool `name`.
fn arguments_of(call: &Map<String, Value>, name: &str) -> Result<Map<String, Value>, String> {
    Ok(match call.get("arguments") {
        // Models often flatten the arguments beside the name; running the tool with none
        // would drop them (or report them missing while they were sent).
        None | Some(Value::Null) => match call.keys().find(|k| *k != "name" && *k != "arguments") {
            Some(key) => return Err(call_arguments_flattened(name, key)),
            None => Map::new(),
        },
        Some(Value::String(text)) if text.trim().is_empty() => Map::new(),
        Some(Value::String(text)) => match crate::surrogates::parse(text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return Err(CALL_ARGUMENTS_NOT_OBJECT.to_string()),
            Err(e) => return Err(call_arguments_json(&e.to_string())),
        },
        Some(value @ Value::Object(map)) => {
            if deeper_than(value, MAX_ARGUMENT_DEPTH) {
                return Err(format!(
                    "tool_call 'arguments' nests deeper than {MAX_ARGUMENT_DEPTH} levels"
                ));
            }
            map.clone()
        }
        Some(_) => return Err(CALL_ARGUMENTS_NOT_OBJECT.to_string()),
    })
}

fn error(message: impl Into<String>) -> Handled {
    Handled::Reply(json::error(message))
}

/// The deferred tool `name` calls, or the reply saying why it cannot be called this way.
fn target<'a>(prepared: &'a Prepared, name: &str) -> Result<&'a crate::tool::Tool, Handled> {
    match classify(prepared, name) {
        Class::Deferred(tool) => Ok(tool),
        Class::Direct => Err(error(call_directly_listed(name))),
        Class::Unknown => {
            let mut message = call_not_available(name);
            let near = suggestions(prepared, name);
            if !near.is_empty() {
                message.push_str(&did_you_mean(&near));
            }
            Err(error(message))
        }
    }
}

/// Answers `tool_call` within the session's catalog.
pub fn call(prepared: &Prepared, call: &Map<String, Value>) -> Handled {
    let name = match name_of(call) {
        Ok(name) => name,
        Err(message) => return error(message),
    };
    // The name is classified before the arguments are read: a tool the model must call
    // directly, or cannot call at all, gets that reason first, not advice on its arguments
    // that a retry would only trade for it.
    let tool = match target(prepared, &name) {
        Ok(tool) => tool,
        Err(reply) => return reply,
    };
    let arguments = match arguments_of(call, &name) {
        Ok(arguments) => arguments,
        Err(message) => return error(message),
    };
    let schema = &tool.parameters();
    let problem = |message: String, path: &str, constraint: &str| {
        Handled::Reply(json::object(vec![
            ("error", message.into()),
            ("path", path.into()),
            ("constraint", constraint.into()),
            ("parameters", schema.clone()),
            ("hint", VALIDATION_HINT.into()),
        ]))
    };
    let absent = missing(schema, &arguments);
    if !absent.is_empty() {
        return problem(missing_required(&name, &absent), "arguments", "required");
    }
    if !checkable(schema) {
        // Fail open: a schema we cannot check never blocks the call.
        return Handled::Dispatch {
            name,
            arguments: Value::Object(arguments),
        };
    }
    let repaired = Value::Object(coerce(schema, arguments));
    if let Some(v) = validate(schema, &repaired) {
        return problem(
            validation_failed(&name, &v.path, v.constraint, &v.detail),
            &v.path,
            v.constraint,
        );
    }
    Handled::Dispatch {
        name,
        arguments: repaired,
    }
}

/// Deferred names the model may have meant: `…__name` (an MCP tool called by its bare name),
/// or the same name up to case and `-`/space vs `_`.
fn suggestions<'p>(prepared: &'p Prepared, name: &str) -> Vec<&'p str> {
    let normal = |s: &str| lowercase(s).replace(['-', ' '], "_");
    let wanted = normal(name);
    let suffix = format!("__{wanted}");
    prepared
        .searched()
        .map(|t| t.name.as_str())
        .filter(|candidate| {
            let c = normal(candidate);
            c == wanted || c.ends_with(&suffix)
        })
        .take(MAX_SUGGESTIONS)
        .collect()
}
