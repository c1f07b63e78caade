//! The mastermind-lab experiment runner: validated plans in, units in parallel, Parquet out, and
//! tables and figures regenerated from Parquet.
//!
//! The experiments themselves (specs, validation, budgets, the kinds and their reports) are
//! `mastermind-experiments`'; this crate runs them, one module per stage:
//!
//! 1. [`runner`]: loads every spec through `mastermind-experiments`, skips those whose inputs
//!    have not changed, runs the rest and stores and reports them.
//! 2. [`store`]: the task's result table written atomically as Parquet with a JSON manifest
//!    (seed, spec, crate version, git revision, cache key).
//! 3. [`provenance`]: what every result records of where it came from.
//! 4. [`merge`]: sharded runs (`run --shard I/N`) and the merge of their parts.
//! 5. [`report`]: each kind's report from the stored Parquet, rendered by `mastermind-report`:
//!    tables (Markdown, LaTeX) with the paper's numbers beside the reproduced ones, significance
//!    groups, verdicts and figures (PNG, SVG), every file written atomically; [`pdf`]: the
//!    document built by latexmk.
//! 6. [`power`]: the power analysis, from each spec's pilot (stored under `data/pilot/`), of the
//!    samples per arm that decide each claim.
//!
//! Only this crate writes results and the report to the file system; the player crates and the
//! report crate do no I/O.
#![deny(missing_docs)]

pub mod merge;
pub mod pdf;
pub mod power;
pub mod progress;
pub mod provenance;
pub mod rendered;
pub mod report;
pub mod runner;
pub mod store;
