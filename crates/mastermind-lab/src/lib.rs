//! The mastermind-lab experiment runner: RON specs in, games in parallel, Parquet out, and tables
//! and figures regenerated from Parquet.
//!
//! The flow, one module per stage:
//!
//! 1. [`spec`]: read a RON file into its raw form ([`spec::raw`]), then [`spec::validate`] it into
//!    a [`plan::Plan`] with the profile (quick or full) resolved. Every mistake is reported with
//!    file, line and field before anything runs.
//! 2. [`tasks`]: the kinds of experiment behind one [`Task`](tasks::Task) trait (validate, run,
//!    report). A kind made of units ([`tasks::executor::Kind`]: a game, a run, a tree) is run by
//!    the one executor, in parallel with rayon, each unit with a seed derived from its identity,
//!    so results do not depend on the thread count; its rows are typed ([`tasks::record`]).
//! 3. The players come from `mastermind-players`, the one door to the player crates: specs
//!    name them with its `PlayerSpec`, and the budget reads its cost model.
//! 4. [`store`]: the task's result table written atomically as Parquet with a JSON manifest
//!    (seed, spec, crate version, git revision, cache key).
//! 5. [`report`]: each kind's report from the stored Parquet, rendered by `mastermind-report`:
//!    tables (Markdown, LaTeX) with the paper's numbers beside the reproduced ones, significance
//!    groups, verdicts and figures (PNG, SVG).
//! 6. [`budget`]: an estimate of each plan's work and memory, checked before anything runs.
//! 7. [`merge`]: sharded runs (`run --shard I/N`) and the merge of their parts.
//! 8. [`runner`]: the executor that ties the stages together and skips specs whose inputs have
//!    not changed.
//!
//! Only this crate touches RON, Parquet or the file system; the player crates do no I/O.
#![deny(missing_docs)]

pub mod budget;
pub mod merge;
pub mod plan;
pub mod provenance;
pub mod report;
pub mod runner;
pub mod spec;
pub mod store;
pub mod tasks;
