//! The typed errors of the crate: configurations that cannot be run, named by field.

use mastermind_core::GameError;
use thiserror::Error;

/// Why a player configuration was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// A numeric field is outside its allowed range.
    #[error("{field} must be {allowed}, not {value}")]
    InvalidParameter {
        /// The field as written in an experiment spec.
        field: &'static str,
        /// The allowed range, in words.
        allowed: &'static str,
        /// The value given.
        value: String,
    },
    /// The first guess is not a code of the game.
    #[error("first_guess: {0}")]
    FirstGuess(GameError),
}

/// Checks `ok`, or names the field, the allowed range and the offending value.
pub(crate) fn check(
    ok: bool,
    field: &'static str,
    allowed: &'static str,
    value: impl ToString,
) -> Result<(), ConfigError> {
    if ok {
        Ok(())
    } else {
        Err(ConfigError::InvalidParameter { field, allowed, value: value.to_string() })
    }
}

/// Checks that a probability-like value lies in `[0, 1]` (and is not NaN).
pub(crate) fn check_unit(field: &'static str, value: f64) -> Result<(), ConfigError> {
    check((0.0..=1.0).contains(&value), field, "a number in [0, 1]", value)
}
