//! What can go wrong for a caller of the library, as one typed error with a stable code.

use std::fmt;

/// The stable, snake_case error codes. JS callers see them as `error.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// A configuration key has a wrong type, an unknown name or an unusable value.
    InvalidConfig,
    /// A tool definition cannot be normalised (no name, non-string description, non-object schema, …).
    InvalidTool,
    /// Two tool definitions carry the same name.
    DuplicateTool,
    /// A query or a search option (limit, offset, …) is unusable.
    InvalidQuery,
    /// An argument to a library call (not a model-facing bridge call) is unusable.
    InvalidArgument,
    /// A session id that has no assembled tool list (or was cleared / evicted).
    UnknownSession,
    /// A tool name that is not in the catalog the call is scoped to.
    UnknownTool,
    /// An input over a documented size limit.
    LimitExceeded,
    /// The wasm core trapped (a bug); the JS layer reset the instance and the call's
    /// session state is gone. Re-assemble and retry.
    Internal,
}

impl ErrorCode {
    /// The code as JS sees it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidConfig => "invalid_config",
            ErrorCode::InvalidTool => "invalid_tool",
            ErrorCode::DuplicateTool => "duplicate_tool",
            ErrorCode::InvalidQuery => "invalid_query",
            ErrorCode::InvalidArgument => "invalid_argument",
            ErrorCode::UnknownSession => "unknown_session",
            ErrorCode::UnknownTool => "unknown_tool",
            ErrorCode::LimitExceeded => "limit_exceeded",
            ErrorCode::Internal => "internal_error",
        }
    }
}

/// A library error: a stable code plus a message that names the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The stable code.
    pub code: ErrorCode,
    /// A human-readable message that names the offending key or value.
    pub message: String,
}

impl Error {
    /// Builds an error from a code and a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error {
            code,
            message: message.into(),
        }
    }

    /// `invalid_config` naming the key.
    pub fn config(key: &str, message: impl fmt::Display) -> Self {
        Error::new(
            ErrorCode::InvalidConfig,
            format!("option `{key}`: {message}"),
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for Error {}

/// Result with the crate's error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Shortens a value for an error message so a 1 MB input never lands in a message whole.
pub fn preview(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        return text.to_string();
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_snake_case_and_stable() {
        assert_eq!(ErrorCode::DuplicateTool.as_str(), "duplicate_tool");
        assert_eq!(ErrorCode::InvalidConfig.as_str(), "invalid_config");
    }

    #[test]
    fn config_errors_name_the_key() {
        let e = Error::config("threshold_pct", "expected a number, got \"x\"");
        assert_eq!(e.code, ErrorCode::InvalidConfig);
        assert!(e.message.contains("threshold_pct"));
    }

    #[test]
    fn previews_are_bounded() {
        let long = "é".repeat(1000);
        assert!(preview(&long).chars().count() <= 81);
        assert_eq!(preview("short"), "short");
    }
}
