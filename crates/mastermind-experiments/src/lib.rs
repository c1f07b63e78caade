//! The kinds of experiment the lab runs, from a declarative RON spec to a report.
//!
//! What an experiment is, independent of how the runner schedules, stores and shards it (that is
//! `mastermind-lab`'s):
//!
//! 1. [`spec`]: read a RON file into its raw form ([`spec::raw`]), then [`spec::validate`] it into
//!    a [`plan::Plan`] with the profile (quick or full) resolved. Every mistake is reported with
//!    file, line and field before anything runs.
//! 2. [`tasks`]: the kinds of experiment behind one [`Task`](tasks::Task) trait (validate, run,
//!    report). A kind made of units ([`tasks::executor::Kind`]: a game, a run, a tree) is run by
//!    the one executor, in parallel with rayon, each unit with a seed derived from its identity,
//!    so results do not depend on the thread count; its rows are typed ([`tasks::record`]), and
//!    its report turns them into tables, figures and verdicts with `mastermind-report`.
//! 3. The players come from `mastermind-players`, the one door to the player crates: specs
//!    name them with its `PlayerSpec`, and the budget reads its cost model.
//! 4. [`budget`]: an estimate of each plan's work and memory, checked before anything runs.
//! 5. [`workspace`]: where a checkout keeps its specs, results and figures.
//! 6. [`error`]: why a run or a report failed, typed; a spec's mistakes are
//!    [`SpecError`](spec::SpecError)s.
//!
//! Nothing here writes results: a kind's run returns its table, and the runner stores it.
#![deny(missing_docs)]

pub mod budget;
pub mod error;
pub mod plan;
pub mod spec;
pub mod tasks;
pub mod workspace;
