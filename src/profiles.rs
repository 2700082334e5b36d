//! Which profile answers for a layer: `hermes`, `vibeos` or `aalis`.

use crate::engine::Profile;
use crate::error::{Error, ErrorCode, Result};
use crate::options::Reader;

/// Builds the named profile from the remaining options.
pub fn build(name: &str, reader: &mut Reader<'_>) -> Result<Box<dyn Profile>> {
    match name {
        "hermes" => crate::hermes::build(crate::hermes::Variant::Hermes, reader),
        "vibeos" => crate::hermes::build(crate::hermes::Variant::Vibeos, reader),
        _ => Err(Error::new(
            ErrorCode::InvalidConfig,
            format!("profile {name:?} is not built yet"),
        )),
    }
}
