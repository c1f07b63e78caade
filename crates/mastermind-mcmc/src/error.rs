//! The typed errors of this crate: a configuration value outside its allowed range.

use thiserror::Error;

/// A configuration value that is out of range. It names the field, the value given and the range
/// that is allowed, so that an experiment spec with a typo fails with a message a user can act on.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("invalid parameter `{field}` = {value}: must be {allowed}")]
pub struct InvalidParameter {
    /// The field, as written in a spec (`theta`, `budget.steps`, ...).
    pub field: &'static str,
    /// The value given, printed.
    pub value: String,
    /// The allowed range, in words.
    pub allowed: &'static str,
}

impl InvalidParameter {
    /// An error for `field`, whose value `value` is not `allowed`.
    pub fn new(
        field: &'static str,
        value: impl ToString,
        allowed: &'static str,
    ) -> InvalidParameter {
        InvalidParameter { field, value: value.to_string(), allowed }
    }
}

/// Checks that a probability is finite and in `[0, 1]`.
pub(crate) fn check_probability(field: &'static str, p: f64) -> Result<(), InvalidParameter> {
    if p.is_finite() && (0.0..=1.0).contains(&p) {
        Ok(())
    } else {
        Err(InvalidParameter::new(field, p, "a probability in [0, 1]"))
    }
}
