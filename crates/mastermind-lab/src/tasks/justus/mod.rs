//! Justus's genetic algorithm (10 pegs x 4 colours): runs of the GA against random secrets, one row
//! per run, and the paper's Plots 1-6 as line figures over a swept parameter.
//!
//! The GA is not a codebreaker in the driver's sense (every candidate is scored against the secret),
//! so it is its own kind rather than a player of the games kind. [`spec`] is what a RON file says,
//! [`plan`] validates it, [`run`] runs every (arm, run) in parallel and builds the table, and
//! [`report`] draws the table and figures. Each run's stream derives from the spec seed, the arm's
//! label and the run number; its secret is the stream's first draw, so every configuration of a
//! sweep meets its own secrets and the table does not depend on the thread count (only `nanos`
//! does, being wall time).

pub mod plan;
pub mod report;
pub mod run;
pub mod spec;

use crate::tasks::{Rendered, ReportContext, Task};
use anyhow::Result;
use indicatif::ProgressBar;
use plan::JustusPlan;
use polars::prelude::DataFrame;

impl Task for JustusPlan {
    fn units(&self) -> u64 {
        self.arms.len() as u64 * u64::from(self.runs)
    }

    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let records = run::run_all(self, seed, bar);
        run::runs_frame(self, &records)
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        let rows = run::RunRows::from_frame(frame)?;
        let outcomes = report::outcomes(self, &rows);
        let tables = vec![report::results_table(ctx.title, self, &outcomes)];
        let figures = report::figures(ctx, self, &outcomes)?;
        let verdicts = report::verdicts(self, &rows);
        Ok(Rendered { tables, figures, verdicts, ..Rendered::default() })
    }
}
