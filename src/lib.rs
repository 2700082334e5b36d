//! tool-search: progressive disclosure of an LLM agent's tools.
//!
//! Data flow: tool definitions in any common shape ([`tool`]) → this session's
//! [`catalog`] → [`analysis`] into terms → the [`search`] index, scored by [`bm25`].
//! The wasm-bindgen skin lives in `bindings` and is compiled for `wasm32` only.

pub mod aalis;
pub mod analysis;
mod bits;
pub mod bm25;
mod bytes;
pub mod catalog;
pub mod engine;
pub mod error;
pub mod hermes;
pub mod json;
#[cfg(test)]
mod mutations;
pub mod options;
pub mod profiles;
pub mod search;
mod sort;
pub mod surrogates;
pub mod tool;

#[cfg(target_arch = "wasm32")]
pub mod bindings;

pub use analysis::Language;
pub use catalog::Catalog;
pub use engine::{
    AssembleContext, Assembly, CallContext, Handled, Prepared, Profile, ToolSearch, Visible,
};
pub use error::{Error, ErrorCode, Result};
pub use search::{Hit, Ranking, SearchIndex, SearchOptions, SearchRequest, TermScore};
pub use tool::{Tool, ToolFormat, ToolKind};

// Talc instead of the standard library's dlmalloc for the wasm core (single-threaded wasm
// only): smaller, and the core allocates many small blocks per query and per build.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
