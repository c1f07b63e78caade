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

use crate::error::Result;
use crate::tasks::games::BuiltOnGames;
use crate::tasks::games::frame::PlayedGame;
use crate::tasks::games::plan::GamesPlan;
use crate::tasks::{Rendered, ReportContext};
use plan::MhBudgetPlan;

impl BuiltOnGames for MhBudgetPlan {
    fn games(&self) -> &GamesPlan {
        &self.games
    }

    fn estimate(&self) -> crate::budget::Cost {
        // Every arm is the spec's one player with a budget from `budgets`.
        let mut cost = self.games.cost();
        if cost.time.key == "player" {
            cost.time = crate::budget::Driver::task("budgets", cost.time.detail);
        }
        cost
    }

    fn render(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered> {
        report::render(self, ctx, &games)
    }
}
