//! What both descent modes share: the per-step record, the update rule and the RNG stream layout.
//!
//! The update is the thesis's eq. (31), `theta_{k+1} = theta_k - step_size * g'(theta_k)`, with
//! `step_size = 1` in the thesis (section 3.1.3 writes the general `alpha`).

use crate::error::ImportanceError;
use crate::estimator::Estimate;
use crate::simulate::LengthSummary;
use crate::theta::{DIM, Theta};
use serde::{Deserialize, Serialize};

/// First element of the RNG path of the games simulated at a sequential descent step:
/// game `i` of step `k` uses `rng_for(seed, &[TRAINING_STREAM, k, i])`.
pub const TRAINING_STREAM: u64 = 0;
/// First element of the RNG path of the fixed sample of Figure 4: `[FIXED_SAMPLE_STREAM, i]`.
pub const FIXED_SAMPLE_STREAM: u64 = 1;
/// First element of the RNG path of a checkpoint simulation: `[CHECKPOINT_STREAM, c, i]`.
pub const CHECKPOINT_STREAM: u64 = 2;

/// The default step size: the thesis's eq. (31) has none (1).
pub(crate) fn default_step_size() -> f64 {
    1.0
}

/// One descent step: where theta was, what the estimate said there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// Step number `k`, from 0.
    pub step: u32,
    /// `theta_k`, the point the estimate was taken at (before this step's update).
    pub theta: Theta,
    /// The importance-sampling estimate of the mean length at `theta_k`, its gradient and
    /// effective sample size.
    pub estimate: Estimate,
    /// The games simulated for this step (sequential mode only; `None` on a fixed sample).
    pub sample: Option<LengthSummary>,
}

/// `theta - step_size * gradient`, validated (a diverging run is an error, not a NaN path).
pub(crate) fn update(
    theta: Theta,
    gradient: [f64; DIM],
    step_size: f64,
    step: u32,
) -> Result<Theta, ImportanceError> {
    let mut next = theta.to_array();
    for (t, g) in next.iter_mut().zip(gradient) {
        *t -= step_size * g;
    }
    let next = Theta::from_array(next);
    next.validate("theta")
        .map_err(|_| ImportanceError::Diverged { step, theta: next.to_array() })?;
    Ok(next)
}

/// Checks a step size: finite and positive.
pub(crate) fn validate_step_size(step_size: f64) -> Result<(), ImportanceError> {
    if !(step_size.is_finite() && step_size > 0.0 && step_size <= 1e6) {
        return Err(ImportanceError::invalid(
            "step_size",
            step_size,
            "a finite number in (0, 1e6]",
        ));
    }
    Ok(())
}

/// Checks a count field against `min..=max`.
pub(crate) fn validate_count(
    field: &'static str,
    value: u32,
    min: u32,
    max: u32,
    allowed: &'static str,
) -> Result<(), ImportanceError> {
    if !(min..=max).contains(&value) {
        return Err(ImportanceError::invalid(field, value, allowed));
    }
    Ok(())
}
