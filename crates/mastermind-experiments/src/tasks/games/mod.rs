//! The games experiment: players play games against secrets, several runs each; one row per game.
//!
//! [`spec`] is what a RON file says, [`plan`] validates it, [`cost`] estimates it for the budget
//! check, [`execute`] plays one game (the executor's unit), [`frame`] declares the stored row,
//! and [`report`] draws the tables and figures.

pub mod cost;
pub mod execute;
pub mod frame;
pub mod plan;
pub mod recorded;
pub mod report;
pub mod spec;

use crate::error::Result;
use crate::tasks::executor::Kind;
use crate::tasks::{Rendered, ReportContext};
use execute::GameUnit;
use frame::{GamesByArm, PlayedGame};
use plan::GamesPlan;

/// A kind whose units and rows are those of a games plan, with a report of its own (Snyder's
/// step budgets, the scripted games of Table 7): the games kind plays, the kind reports.
pub trait BuiltOnGames: Send + Sync {
    /// The games to play.
    fn games(&self) -> &GamesPlan;

    /// The estimate of the run's cost (default: the games plan's).
    fn estimate(&self) -> crate::budget::Cost {
        self.games().cost()
    }

    /// Renders the stored games.
    fn render(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered>;
}

impl<T: BuiltOnGames> Kind for T {
    type Unit = GameUnit;
    type Row = PlayedGame;

    fn units(&self) -> Vec<GameUnit> {
        execute::units(self.games())
    }

    fn identity(&self, unit: &GameUnit) -> Vec<u64> {
        execute::identity(self.games(), unit)
    }

    fn run_unit(&self, unit: &GameUnit, seed: u64) -> Result<Vec<PlayedGame>> {
        execute::rows(self.games(), unit, seed)
    }

    fn cost(&self) -> crate::budget::Cost {
        self.estimate()
    }

    fn inputs(&self) -> String {
        self.games().inputs()
    }

    fn unit_weights(&self, units: &[GameUnit]) -> Option<Vec<f64>> {
        Some(self.games().unit_weights(units))
    }

    fn build_times(&self) -> Vec<(String, f64)> {
        self.games().build_times()
    }

    fn size(&self) -> u64 {
        self.games().played()
    }

    fn report(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered> {
        self.render(ctx, games)
    }
}

impl Kind for GamesPlan {
    type Unit = GameUnit;
    type Row = PlayedGame;

    fn units(&self) -> Vec<GameUnit> {
        execute::units(self)
    }

    fn identity(&self, unit: &GameUnit) -> Vec<u64> {
        execute::identity(self, unit)
    }

    fn run_unit(&self, unit: &GameUnit, seed: u64) -> Result<Vec<PlayedGame>> {
        execute::rows(self, unit, seed)
    }

    fn cost(&self) -> crate::budget::Cost {
        GamesPlan::cost(self)
    }

    fn inputs(&self) -> String {
        GamesPlan::inputs(self)
    }

    fn unit_weights(&self, units: &[GameUnit]) -> Option<Vec<f64>> {
        Some(GamesPlan::unit_weights(self, units))
    }

    fn build_times(&self) -> Vec<(String, f64)> {
        GamesPlan::build_times(self)
    }

    fn size(&self) -> u64 {
        self.played()
    }

    fn report(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered> {
        let rows = GamesByArm::new(&games);
        let results = report::arm_results(self, &rows);
        let mut tables = vec![report::results_table(ctx.title, self, &results)];
        for reference in &self.report.compare_to {
            tables.push(report::comparison_table(self, &results, reference));
        }
        tables.extend(report::metrics_table(self, &rows));
        let figures = report::figures(ctx, self, &results, &rows);
        let verdicts = report::verdicts(self, &results, &rows, ctx.judging);
        Ok(Rendered { tables, figures, verdicts, ..Rendered::default() })
    }
}
