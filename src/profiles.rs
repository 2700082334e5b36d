//! Which profile answers for a layer: `hermes`, `vibeos` or `aalis`.

use crate::engine::Profile;
use crate::error::{Error, ErrorCode, Result};
use crate::options::Reader;

/// Builds the named profile from the remaining options.
pub fn build(name: &str, reader: &mut Reader<'_>) -> Result<Box<dyn Profile>> {
    match name {
        "aalis" => Ok(Box::new(crate::aalis::Aalis::from_options(reader)?)),
        _ => Err(Error::new(
            ErrorCode::InvalidConfig,
            format!("profile {name:?} is not built yet"),
        )),
    }
}
