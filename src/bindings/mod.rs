//! The only module that touches JS: the `Engine` class, value conversion and errors.
//!
//! No ranking rule, default value or business logic lives here: each method converts its
//! JS arguments, calls the core, and converts the result (or the error) back.

pub mod convert;
pub mod engine;
pub mod errors;
