//! Snyder's Case 1: an exponential-family Mastermind policy trained by sequential importance
//! sampling, and the exact first-guess analysis (Table 1) that motivated its features.
//!
//! - [`patterns`]: Table 1, the expected share of the code set left after a first guess of each
//!   colour pattern, exact, for any enumerable game.
//! - [`theta`] and [`model`]: the policy `P(x) ~ exp(sum_j f_j theta_j)` (features: the first
//!   guess's number of colours; consistency with every reply) and its closed-form normalisers,
//!   log-probabilities and score function, computed from counts only.
//! - [`player`]: the policy as a [`Strategy`](mastermind_core::Strategy) for the game driver. It
//!   samples in two stages (consistent or not, then uniform within) from a consistent set filtered
//!   incrementally, so a guess never costs a pass over the code set; it still reports Snyder's
//!   `N` evaluations per turn (see the module for the counters).
//! - [`record`] and [`mod@simulate`]: recorded games (per turn only the counts that define the
//!   normaliser), simulated in parallel with one RNG stream per game.
//! - [`estimator`]: the self-normalised importance-sampling estimate of the mean game length at any
//!   theta from games played under a reference theta, with its exact gradient.
//! - [`training`] (sequential descent, fresh games each step, thesis Figure 1) and
//!   [`fixed_sample`] (descent on one fixed sample with simulated checkpoints, Figure 4), sharing
//!   [`descent`].
//!
//! Design choice: the estimator never touches codes. A game's probability under the policy depends
//! on the played guesses only through their features and on each turn's normaliser only through
//! the consistent-set size (eq. (27)-(30)), so a game is stored as a few integers per turn and
//! re-weighted under a new theta in a handful of flops; a whole fixed-sample descent of the thesis
//! size takes seconds.
//!
//! Invariants: no I/O, no clock, no global state; all randomness comes from RNG streams derived
//! from an explicit seed and the game's identity (step, index), so results do not depend on the
//! number of threads.
//!
//! ```
//! use mastermind_core::Game;
//! use mastermind_importance::{
//!     ExpFamilyConfig, ExpFamilyStrategy, ImportanceSample, Theta, first_guess_table, simulate,
//! };
//!
//! // Table 1: AABC leaves 14.3% of the codes in expectation.
//! let table = first_guess_table(Game::CLASSIC)?;
//! assert_eq!(format!("{} {:.7}", table[0].representative, table[0].expected_share), "AABC 0.1429541");
//!
//! // 200 games under theta_0, re-weighted to predict play with a stronger consistency preference.
//! let strategy = ExpFamilyStrategy::new(Game::CLASSIC, &ExpFamilyConfig::new(Theta::THESIS_INITIAL))?;
//! let games = simulate(&strategy, 200, 1, &[]);
//! let sample = ImportanceSample::new(strategy.model(), Theta::THESIS_INITIAL, &games)?;
//! let estimate = sample.estimate(&Theta::new(0.0, 0.0, 0.0, 6.0));
//! assert!(estimate.mean_length < sample.sample_mean());
//! assert!(estimate.gradient[3] < 0.0); // raising theta_4 further still shortens games
//! # Ok::<(), mastermind_importance::ImportanceError>(())
//! ```
#![deny(missing_docs)]
// The unit tests build histories and check counts with the raw scorers that the crate's
// clippy.toml refuses to the players (the library itself is linted without this).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_types))]

pub mod descent;
pub mod error;
pub mod estimator;
pub mod fixed_sample;
pub mod model;
pub mod patterns;
pub mod player;
pub mod record;
pub mod simulate;
pub mod theta;
pub mod training;

pub use descent::StepRecord;
pub use error::ImportanceError;
pub use estimator::{Estimate, ImportanceSample};
pub use fixed_sample::{Checkpoint, FixedSampleConfig, FixedSampleRun, fixed_sample_descent};
pub use model::{PolicyModel, literal_probabilities};
pub use patterns::{ColourPattern, PatternShare, first_guess_table, first_guess_table_of};
pub use player::{ExpFamilyConfig, ExpFamilyPlayer, ExpFamilyStrategy};
pub use record::{GameRecord, LaterTurn};
pub use simulate::{LengthSummary, play_recorded, simulate};
pub use theta::Theta;
pub use training::{TrainingConfig, TrainingRun, resume, train};
