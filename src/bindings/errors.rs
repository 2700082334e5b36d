//! How a core error becomes a JS `Error` with `name = "ToolSearchError"` and a stable `code`.

use wasm_bindgen::prelude::*;

use crate::error::{Error, ErrorCode};

/// The one place errors cross into JS.
pub fn to_js(error: Error) -> JsValue {
    let js = js_sys::Error::new(&error.message);
    js.set_name("ToolSearchError");
    // Setting a property on a fresh Error object cannot fail; ignore the Result.
    let _ = js_sys::Reflect::set(
        &js,
        &JsValue::from_str("code"),
        &JsValue::from_str(error.code.as_str()),
    );
    js.into()
}

/// The error the JS layer throws after the core trapped and was reset.
#[wasm_bindgen(js_name = panicError)]
pub fn panic_error(detail: &str) -> JsValue {
    to_js(Error::new(
        ErrorCode::Internal,
        format!("the tool-search core trapped ({detail}); it was reset and session state was lost: assemble again and retry"),
    ))
}
