//! The M-H step-budget experiment (Snyder's Table 4 and Figures 6-7): for each game size, the
//! mean length when every walk runs to a candidate, the smallest fixed budget whose mean is within
//! a factor of it, and a least-squares line of log(budget) on pegs + colours.
//!
//! [`spec`] is what a RON file says, [`plan`] builds one games plan with an "until candidate" arm
//! and one arm per budget for every size, and [`report`] derives the table, the fit and the
//! figures from the one-row-per-game frame of the games kind.

pub mod plan;
pub mod report;
pub mod spec;

use crate::tasks::games::{execute, frame};
use crate::tasks::{Rendered, ReportContext, Shard, Task};
use anyhow::Result;
use indicatif::ProgressBar;
use plan::MhBudgetPlan;
use polars::prelude::DataFrame;

impl Task for MhBudgetPlan {
    fn units(&self) -> u64 {
        self.games.game_count()
    }

    fn cost(&self) -> crate::budget::Cost {
        // Every arm is the spec's one player with a budget from `budgets`.
        let mut cost = self.games.cost();
        if cost.time.key == "player" {
            cost.time = crate::budget::Driver::task("budgets", cost.time.detail);
        }
        cost
    }

    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let records = execute::play_all(&self.games, seed, bar);
        frame::games_frame(&self.games, &records)
    }

    fn run_shard(&self, seed: u64, shard: Shard, bar: &ProgressBar) -> Result<DataFrame> {
        crate::tasks::games::run_shard(&self.games, seed, shard, bar)
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        report::render(self, ctx, frame)
    }
}
