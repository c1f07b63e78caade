//! Snyder's Case 1 training experiments, on `mastermind-importance`:
//!
//! - `ImportanceTraining` ([`spec::ImportanceTrainingTask`]): the sequential descent of Figure 1
//!   (fresh games at every step), then games under the fitted theta and under random consistent
//!   play, compared by one-sided t-tests. The descent is journalled ([`journal`]) so an
//!   interrupted run resumes and still gives the same table.
//! - `FixedSampleDescent` ([`spec::FixedSampleTask`]): Figure 4, the descent on one fixed sample
//!   with the estimate checked by fresh simulations at evenly spaced checkpoints.
//!
//! Every random stream comes from the spec seed and the game's identity (step and game index, or
//! arm and game index), so the tables do not depend on the thread count.

pub mod columns;
pub mod fixed_sample;
pub mod fixed_sample_report;
pub mod journal;
pub mod spec;
pub mod training;
pub mod training_report;
