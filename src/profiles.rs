//! Which profile answers for a layer: `hermes`, `vibeos` or `aalis`.

use crate::engine::Profile;
use crate::error::{Error, Result};
use crate::options::Reader;

/// Builds the named profile from the remaining options. `name` is one of
/// [`crate::engine::PROFILES`] (the caller has checked it).
pub fn build(name: &str, reader: &mut Reader<'_>) -> Result<Box<dyn Profile>> {
    match name {
        "hermes" => crate::hermes::build(crate::hermes::Variant::Hermes, reader),
        "vibeos" => crate::hermes::build(crate::hermes::Variant::Vibeos, reader),
        "aalis" => Ok(Box::new(crate::aalis::Aalis::from_options(reader)?)),
        other => Err(Error::config(
            "profile",
            format!("unknown profile {other:?}; expected hermes, vibeos or aalis"),
        )),
    }
}
