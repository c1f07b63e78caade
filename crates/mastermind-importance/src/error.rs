//! The error type of this crate: invalid configurations and samples that cannot be used.

use mastermind_core::GameError;
use thiserror::Error;

/// Why a configuration, a sample or a training run was rejected.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum ImportanceError {
    /// A configuration value outside its allowed range.
    #[error("invalid parameter `{field}` = {value}: allowed {allowed}")]
    InvalidParameter {
        /// The field, as written in an experiment spec (`theta.consistent`, `games_per_step`).
        field: String,
        /// The rejected value, printed.
        value: String,
        /// The allowed range, in words.
        allowed: &'static str,
    },
    /// The game is unsuitable (too large to enumerate, or otherwise rejected by the core).
    #[error(transparent)]
    Game(#[from] GameError),
    /// An importance-sampling estimate was asked of a sample with no games.
    #[error("an importance sample needs at least one game")]
    EmptySample,
    /// A game record does not fit the model it is weighed under (wrong game, or inconsistent
    /// turn records).
    #[error("game record {index} does not fit the model: {reason}")]
    BadRecord {
        /// Position of the record in the sample.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A descent step left the allowed range of theta (a diverging run).
    #[error("descent step {step} left the allowed range: theta = {theta:?}")]
    Diverged {
        /// The step whose update produced the bad value.
        step: u32,
        /// The offending parameter vector.
        theta: [f64; 4],
    },
}

impl ImportanceError {
    /// An [`ImportanceError::InvalidParameter`] for `field` holding `value`.
    pub(crate) fn invalid(
        field: impl Into<String>,
        value: impl std::fmt::Display,
        allowed: &'static str,
    ) -> ImportanceError {
        ImportanceError::InvalidParameter { field: field.into(), value: value.to_string(), allowed }
    }
}
