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

use crate::tasks::executor::Kind;
use crate::tasks::games::execute::GameUnit;
use crate::tasks::games::frame::PlayedGame;
use crate::tasks::{Rendered, ReportContext};
use anyhow::Result;
use plan::MhBudgetPlan;

/// The games plan's units, played by the games kind; only the report is this kind's own.
impl Kind for MhBudgetPlan {
    type Unit = GameUnit;
    type Row = PlayedGame;

    fn units(&self) -> Vec<GameUnit> {
        self.games.units()
    }

    fn identity(&self, unit: &GameUnit) -> Vec<u64> {
        self.games.identity(unit)
    }

    fn run_unit(&self, unit: &GameUnit, seed: u64) -> Result<Vec<PlayedGame>> {
        self.games.run_unit(unit, seed)
    }

    fn cost(&self) -> crate::budget::Cost {
        // Every arm is the spec's one player with a budget from `budgets`.
        let mut cost = self.games.cost();
        if cost.time.key == "player" {
            cost.time = crate::budget::Driver::task("budgets", cost.time.detail);
        }
        cost
    }

    fn report(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered> {
        report::render(self, ctx, &games)
    }
}
