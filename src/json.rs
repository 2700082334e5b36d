//! JSON objects built with their keys in the order written: the bridge tools' parameter
//! schemas and answers. A `json!` literal expands into code per key and per value type
//! (each value goes through `Serialize`); these few functions are shared by every bridge of
//! every profile, which keeps the wasm smaller.

use serde_json::{Map, Value};

/// An object of these fields, in this order.
pub fn object(fields: Vec<(&str, Value)>) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(key, value)| (key.to_string(), value))
            .collect::<Map<String, Value>>(),
    )
}

/// The model-facing error reply `{"error": message}`.
pub fn error(message: impl Into<String>) -> Value {
    object(vec![("error", Value::String(message.into()))])
}

/// The schema `{"type": "object", "properties": {…}, "required": […]}`.
pub fn schema(properties: Vec<(&str, Value)>, required: &[&str]) -> Value {
    object(vec![
        ("type", "object".into()),
        ("properties", object(properties)),
        (
            "required",
            Value::Array(required.iter().map(|r| Value::from(*r)).collect()),
        ),
    ])
}

/// `{"type": kind, "description": description}`.
pub fn property(kind: &str, description: &str) -> Value {
    object(vec![
        ("type", kind.into()),
        ("description", description.into()),
    ])
}

/// `{"type": "integer", "minimum": 0, "description": description}`.
pub fn count(description: &str) -> Value {
    object(vec![
        ("type", "integer".into()),
        ("minimum", 0.into()),
        ("description", description.into()),
    ])
}

/// `{"type": "array", "items": {"type": "string"}, "description": description}`.
pub fn strings(description: &str) -> Value {
    object(vec![
        ("type", "array".into()),
        ("items", object(vec![("type", "string".into())])),
        ("description", description.into()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_builders_write_what_the_json_literals_did_in_the_same_key_order() {
        let built = schema(
            vec![
                ("queries", strings("Q")),
                ("limit", property("integer", "L")),
                ("offset", count("O")),
            ],
            &["queries"],
        );
        let literal = json!({
            "type": "object",
            "properties": {
                "queries": {"type": "array", "items": {"type": "string"}, "description": "Q"},
                "limit": {"type": "integer", "description": "L"},
                "offset": {"type": "integer", "minimum": 0, "description": "O"},
            },
            "required": ["queries"],
        });
        assert_eq!(built, literal);
        // Equal maps may differ in order: the text pins it.
        assert_eq!(built.to_string(), literal.to_string());
    }
}
