//! Figure 4's check of the importance-sampling estimates: descend on one fixed sample of games
//! simulated under `theta_0` (never re-simulated), then simulate fresh games at evenly spaced
//! checkpoints of the path and compare their mean length with the estimate there.
//!
//! Thesis: 50 000 games under `(0, 0, 0, 5)`, 10 000 steps, 5 checkpoints of 10 000 games.
//! Checkpoint `c` (`1..=checkpoints`) is at step `round(c * steps / checkpoints)`, so the last one is
//! the end of the descent.

use crate::descent::{
    CHECKPOINT_STREAM, FIXED_SAMPLE_STREAM, StepRecord, default_step_size, update, validate_count,
    validate_step_size,
};
use crate::error::ImportanceError;
use crate::estimator::{Estimate, ImportanceSample};
use crate::player::{DEFAULT_MAX_TURNS, ExpFamilyConfig, ExpFamilyStrategy, validate_max_turns};
use crate::simulate::{LengthSummary, simulate};
use crate::theta::Theta;
use mastermind_core::Game;
use serde::{Deserialize, Serialize};

fn default_max_turns() -> u32 {
    DEFAULT_MAX_TURNS
}

/// A fixed-sample descent with checkpoints, as written in an experiment spec.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedSampleConfig {
    /// The theta the fixed sample is simulated under, and the descent's start.
    pub theta0: Theta,
    /// Games in the fixed sample (`1..=100_000_000`).
    pub sample_games: u32,
    /// Descent steps on that sample (`0..=100_000_000`).
    pub steps: u32,
    /// Multiplier of the gradient in the update (default 1).
    #[serde(default = "default_step_size")]
    pub step_size: f64,
    /// Number of checkpoints (`0..=1000`).
    pub checkpoints: u32,
    /// Games simulated at each checkpoint (`1..=100_000_000`).
    pub checkpoint_games: u32,
    /// Runaway guard of the simulated games (default 1000).
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
}

impl FixedSampleConfig {
    /// The thesis's Figure 4 run.
    pub const THESIS: FixedSampleConfig = FixedSampleConfig {
        theta0: Theta::THESIS_INITIAL,
        sample_games: 50_000,
        steps: 10_000,
        step_size: 1.0,
        checkpoints: 5,
        checkpoint_games: 10_000,
        max_turns: DEFAULT_MAX_TURNS,
    };

    /// Checks every field.
    pub fn validate(&self) -> Result<(), ImportanceError> {
        self.theta0.validate("theta0")?;
        validate_count("sample_games", self.sample_games, 1, 100_000_000, "1..=100000000")?;
        validate_count("steps", self.steps, 0, 100_000_000, "0..=100000000")?;
        validate_step_size(self.step_size)?;
        validate_count("checkpoints", self.checkpoints, 0, 1000, "0..=1000")?;
        validate_count("checkpoint_games", self.checkpoint_games, 1, 100_000_000, "1..=100000000")?;
        validate_max_turns(self.max_turns)
    }

    /// The step of checkpoint `c` (`1..=checkpoints`).
    pub fn checkpoint_step(&self, c: u32) -> u32 {
        ((u64::from(c) * u64::from(self.steps) + u64::from(self.checkpoints) / 2)
            / u64::from(self.checkpoints.max(1))) as u32
    }
}

/// A point of the descent checked by simulation (an X of Figure 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The step whose theta is checked (`theta` after that many updates).
    pub step: u32,
    /// That theta.
    pub theta: Theta,
    /// The importance-sampling estimate there (the solid line of Figure 4).
    pub estimate: Estimate,
    /// Fresh games simulated under that theta.
    pub simulated: LengthSummary,
}

/// The result of a fixed-sample descent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FixedSampleRun {
    /// The fixed sample's game lengths.
    pub sample: LengthSummary,
    /// One record per step: theta and the estimate there (the solid line).
    pub steps: Vec<StepRecord>,
    /// `theta` after the last update, and the estimate there.
    pub final_theta: Theta,
    /// The estimate at `final_theta`.
    pub final_estimate: Estimate,
    /// The checked points.
    pub checkpoints: Vec<Checkpoint>,
}

/// Runs Figure 4's experiment on `game`. The sample's game `i` uses
/// `rng_for(seed, &[FIXED_SAMPLE_STREAM, i])`, checkpoint `c`'s game `i`
/// `rng_for(seed, &[CHECKPOINT_STREAM, c, i])`.
pub fn fixed_sample_descent(
    game: Game,
    config: &FixedSampleConfig,
    seed: u64,
    observer: &mut dyn FnMut(&StepRecord),
) -> Result<FixedSampleRun, ImportanceError> {
    config.validate()?;
    let base = ExpFamilyStrategy::new(
        game,
        &ExpFamilyConfig { theta: config.theta0, max_turns: config.max_turns },
    )?;
    let games = simulate(&base, config.sample_games, seed, &[FIXED_SAMPLE_STREAM]);
    let sample = ImportanceSample::new(base.model(), config.theta0, &games)?;
    let mut theta = config.theta0;
    let mut steps = Vec::with_capacity(config.steps as usize);
    for step in 0..config.steps {
        let estimate = sample.estimate(&theta);
        let record = StepRecord { step, theta, estimate, sample: None };
        observer(&record);
        theta = update(theta, estimate.gradient, config.step_size, step)?;
        steps.push(record);
    }
    let final_estimate = sample.estimate(&theta);
    let mut checkpoints = Vec::with_capacity(config.checkpoints as usize);
    for c in 1..=config.checkpoints {
        let step = config.checkpoint_step(c);
        let (at, estimate) = match steps.get(step as usize) {
            Some(record) => (record.theta, record.estimate),
            None => (theta, final_estimate),
        };
        let strategy = base.with_theta(at)?;
        let simulated = LengthSummary::of(&simulate(
            &strategy,
            config.checkpoint_games,
            seed,
            &[CHECKPOINT_STREAM, u64::from(c)],
        ));
        checkpoints.push(Checkpoint { step, theta: at, estimate, simulated });
    }
    Ok(FixedSampleRun {
        sample: LengthSummary::of(&games),
        steps,
        final_theta: theta,
        final_estimate,
        checkpoints,
    })
}
