//! Checks of configuration fields; a rejected field is the core's
//! [`InvalidParameter`], named by its path.

use mastermind_core::InvalidParameter;

/// Checks `ok`, or names the field, the offending value and the allowed range.
pub(crate) fn check(
    ok: bool,
    field: &'static str,
    allowed: &'static str,
    value: impl std::fmt::Display,
) -> Result<(), InvalidParameter> {
    if ok { Ok(()) } else { Err(InvalidParameter::new(field, value, allowed)) }
}

/// Checks that a probability-like value lies in `[0, 1]` (and is not NaN).
pub(crate) fn check_unit(field: &'static str, value: f64) -> Result<(), InvalidParameter> {
    check((0.0..=1.0).contains(&value), field, "a number in [0, 1]", value)
}
