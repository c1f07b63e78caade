//! The games experiment: players play games against secrets, several runs each; one row per game.
//!
//! [`spec`] is what a RON file says, [`plan`] validates it, [`cost`] estimates it for the budget
//! check, [`execute`] plays every game in
//! parallel, [`frame`] turns the records into the Parquet table and back, and [`report`] draws the
//! tables and figures.

pub mod cost;
pub mod execute;
pub mod frame;
pub mod plan;
pub mod report;
pub mod spec;

use crate::tasks::{Rendered, ReportContext, Shard, Task};
use anyhow::Result;
use indicatif::ProgressBar;
use plan::GamesPlan;
use polars::prelude::DataFrame;

impl Task for GamesPlan {
    fn units(&self) -> u64 {
        self.game_count()
    }

    fn cost(&self) -> crate::budget::Cost {
        GamesPlan::cost(self)
    }

    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let records = execute::play_all(self, seed, bar);
        frame::games_frame(self, &records)
    }

    fn run_shard(&self, seed: u64, shard: Shard, bar: &ProgressBar) -> Result<DataFrame> {
        run_shard(self, seed, shard, bar)
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        let rows = frame::GameRows::from_frame(frame)?;
        let results = report::arm_results(self, &rows);
        let mut tables = vec![report::results_table(ctx.title, self, &results)];
        for reference in &self.report.compare_to {
            tables.push(report::comparison_table(self, &results, reference));
        }
        tables.extend(report::metrics_table(self, &rows));
        let figures = report::figures(ctx, self, &results, &rows)?;
        let verdicts = report::verdicts(self, &results, &rows);
        Ok(Rendered { tables, figures, verdicts, ..Rendered::default() })
    }
}

/// The games of one shard of `plan`, with their `unit` index as the last column.
pub fn run_shard(
    plan: &GamesPlan,
    seed: u64,
    shard: Shard,
    bar: &ProgressBar,
) -> Result<DataFrame> {
    let played = execute::play_units(plan, seed, bar, &|unit| shard.contains(unit));
    let (units, records): (Vec<u64>, Vec<execute::GameRecord>) = played.into_iter().unzip();
    let mut frame = frame::games_frame(plan, &records)?;
    frame.with_column(polars::prelude::Column::new(crate::merge::UNIT_COLUMN.into(), units))?;
    Ok(frame)
}
