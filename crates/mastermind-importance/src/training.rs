//! Sequential importance sampling (thesis section 3.1.3 and 4.2.3): at each step simulate fresh
//! games under the current theta, take the gradient of the importance-sampling estimate there,
//! and move theta against it.
//!
//! At `theta = theta_k` all weights are 1, so the step's gradient is the score-function estimate
//! `(1/n) sum_i (h_i - mean h) s_i`; the thesis ran 25 000 steps of 1000 games with step size 1.

use crate::descent::{
    StepRecord, TRAINING_STREAM, default_step_size, update, validate_count, validate_step_size,
};
use crate::error::ImportanceError;
use crate::estimator::ImportanceSample;
use crate::player::{DEFAULT_MAX_TURNS, ExpFamilyConfig, ExpFamilyStrategy, validate_max_turns};
use crate::simulate::{LengthSummary, simulate};
use crate::theta::Theta;
use mastermind_core::Game;
use serde::{Deserialize, Serialize};

fn default_max_turns() -> u32 {
    DEFAULT_MAX_TURNS
}

/// A sequential descent, as written in an experiment spec (thesis: `theta0: (0, 0, 0, 5)`,
/// `steps: 25000`, `games_per_step: 1000`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingConfig {
    /// The starting point `theta_0`.
    pub theta0: Theta,
    /// Number of descent steps (`0..=10_000_000`).
    pub steps: u32,
    /// Games simulated afresh at every step (`2..=100_000_000`).
    pub games_per_step: u32,
    /// Multiplier of the gradient in the update (default 1, as in the thesis).
    #[serde(default = "default_step_size")]
    pub step_size: f64,
    /// Runaway guard of the simulated games (default 1000).
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
}

impl TrainingConfig {
    /// The thesis's run: from `(0, 0, 0, 5)`, 25 000 steps of 1000 games, step size 1.
    pub const THESIS: TrainingConfig = TrainingConfig {
        theta0: Theta::THESIS_INITIAL,
        steps: 25_000,
        games_per_step: 1000,
        step_size: 1.0,
        max_turns: DEFAULT_MAX_TURNS,
    };

    /// Checks every field.
    pub fn validate(&self) -> Result<(), ImportanceError> {
        self.theta0.validate("theta0")?;
        validate_count("steps", self.steps, 0, 10_000_000, "0..=10000000")?;
        validate_count("games_per_step", self.games_per_step, 2, 100_000_000, "2..=100000000")?;
        validate_step_size(self.step_size)?;
        validate_max_turns(self.max_turns)
    }
}

/// The result of a sequential descent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrainingRun {
    /// One record per step: the theta path (Figure 1) and the estimate at each point.
    pub steps: Vec<StepRecord>,
    /// `theta` after the last update.
    pub final_theta: Theta,
}

/// Runs a sequential descent on `game`. Game `i` of step `k` uses the stream
/// `rng_for(seed, &[TRAINING_STREAM, k, i])`; `observer` sees every step as it completes.
pub fn train(
    game: Game,
    config: &TrainingConfig,
    seed: u64,
    observer: &mut dyn FnMut(&StepRecord),
) -> Result<TrainingRun, ImportanceError> {
    resume(game, config, seed, Vec::new(), observer)
}

/// Continues a sequential descent whose first steps are `done` (steps `0..done.len()`, as an
/// earlier call with the same game, configuration and seed produced them, for example read back
/// from a journal after an interruption). Every step's games come from their own stream and the
/// next theta is recomputed from the last record, so the result is the one an uninterrupted
/// [`train`] gives, bit for bit. `observer` sees only the new steps.
pub fn resume(
    game: Game,
    config: &TrainingConfig,
    seed: u64,
    done: Vec<StepRecord>,
    observer: &mut dyn FnMut(&StepRecord),
) -> Result<TrainingRun, ImportanceError> {
    config.validate()?;
    if done.len() > config.steps as usize {
        return Err(ImportanceError::invalid(
            "steps",
            config.steps,
            "at least the number of steps already done",
        ));
    }
    if let Some((i, _)) = done.iter().enumerate().find(|(i, r)| r.step as usize != *i) {
        return Err(ImportanceError::BadRecord {
            index: i,
            reason: "the steps already done must be numbered 0, 1, 2, ...".into(),
        });
    }
    let base = ExpFamilyStrategy::new(
        game,
        &ExpFamilyConfig { theta: config.theta0, max_turns: config.max_turns },
    )?;
    let mut theta = match done.last() {
        Some(last) => update(last.theta, last.estimate.gradient, config.step_size, last.step)?,
        None => config.theta0,
    };
    let mut steps = done;
    steps.reserve(config.steps as usize - steps.len());
    for step in steps.len() as u32..config.steps {
        let strategy = base.with_theta(theta)?;
        let games =
            simulate(&strategy, config.games_per_step, seed, &[TRAINING_STREAM, u64::from(step)]);
        let estimate = ImportanceSample::new(base.model(), theta, &games)?.estimate(&theta);
        let record = StepRecord { step, theta, estimate, sample: Some(LengthSummary::of(&games)) };
        observer(&record);
        theta = update(theta, estimate.gradient, config.step_size, step)?;
        steps.push(record);
    }
    Ok(TrainingRun { steps, final_theta: theta })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_descent_equals_an_uninterrupted_one() {
        let game = Game::new(3, 3).unwrap();
        let config = TrainingConfig { steps: 6, games_per_step: 40, ..TrainingConfig::THESIS };
        let whole = train(game, &config, 5, &mut |_| {}).unwrap();
        let done = whole.steps[..4].to_vec();
        let mut seen = Vec::new();
        let resumed = resume(game, &config, 5, done, &mut |r| seen.push(r.step)).unwrap();
        assert_eq!(resumed, whole);
        assert_eq!(seen, [4, 5]);
        let gap = vec![whole.steps[1].clone()];
        assert!(resume(game, &config, 5, gap, &mut |_| {}).is_err());
    }
}
