//! The error type of this crate: invalid configurations and samples that cannot be used.

use mastermind_core::{GameError, InvalidParameter};
use thiserror::Error;

/// Why a configuration, a sample or a training run was rejected.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum ImportanceError {
    /// A configuration value outside its allowed range, named by its path (`theta.consistent`,
    /// `games_per_step`).
    #[error(transparent)]
    InvalidParameter(#[from] InvalidParameter),
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
    /// An [`ImportanceError::InvalidParameter`] for `field` holding `value`, which must be
    /// `allowed`.
    pub(crate) fn invalid(
        field: impl AsRef<str>,
        value: impl std::fmt::Display,
        allowed: &str,
    ) -> ImportanceError {
        InvalidParameter::new(field.as_ref(), value, allowed).into()
    }
}
