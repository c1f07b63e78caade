//! Justus's genetic algorithm (10 pegs x 4 colours): runs of the GA against random secrets, one row
//! per run, and the paper's Plots 1-6 as line figures over a swept parameter.
//!
//! The GA is not a codebreaker in the driver's sense (every candidate is scored against the secret),
//! so it is its own kind rather than a player of the games kind. [`spec`] is what a RON file says,
//! [`plan`] validates it, [`run`] runs one (arm, run), the executor's unit, into a row, and
//! [`report`] draws the table and figures. Each run's stream derives from the spec seed, the arm's
//! label and the run number; its secret is the stream's first draw, so every configuration of a
//! sweep meets its own secrets and the table does not depend on the thread count (only `nanos`
//! does, being wall time).

pub mod plan;
pub mod report;
pub mod run;
pub mod spec;

use crate::error::Result;
use crate::tasks::executor::Kind;
use crate::tasks::{Rendered, ReportContext};
use plan::JustusPlan;
use run::{RunRow, RunUnit};

impl Kind for JustusPlan {
    type Unit = RunUnit;
    type Row = RunRow;

    fn units(&self) -> Vec<RunUnit> {
        run::units(self)
    }

    fn identity(&self, unit: &RunUnit) -> Vec<u64> {
        run::identity(self, unit)
    }

    fn run_unit(&self, unit: &RunUnit, seed: u64) -> Result<Vec<RunRow>> {
        Ok(vec![run::run(self, unit, seed)?])
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<RunRow>) -> Result<Rendered> {
        let outcomes = report::outcomes(self, &rows);
        let tables = vec![report::results_table(ctx.title, self, &outcomes)];
        let figures = report::figures(ctx, self, &outcomes);
        let verdicts = report::verdicts(self, &rows, &outcomes, ctx.judging);
        Ok(Rendered { tables, figures, verdicts, ..Rendered::default() })
    }
}
