//! A validated experiment, with the profile resolved: the only thing the runner executes.

use crate::players::PlayerSpec;
use crate::spec::raw::{GamesReport, PaperNumbers, RawExperiment};
use crate::spec::scaled::Profile;
use mastermind_core::{Code, Game, Strategy};
use std::path::PathBuf;
use std::sync::Arc;

/// An experiment ready to run.
#[derive(Clone)]
pub struct Plan {
    /// The spec's name (`runarsson-merelo-2009/table-2`): names its data and figure files.
    pub name: String,
    /// The spec file.
    pub path: PathBuf,
    /// The spec text as read, stored with the results.
    pub source: String,
    /// The parsed spec.
    pub raw: RawExperiment,
    /// The profile the sizes were resolved for.
    pub profile: Profile,
    /// What to run.
    pub task: PlannedTask,
}

/// The validated task of a plan.
#[derive(Clone)]
pub enum PlannedTask {
    /// Games between players and secrets.
    Games(GamesPlan),
}

/// Games of every arm against the same secrets, `runs` times.
#[derive(Clone)]
pub struct GamesPlan {
    /// The arms, sweeps expanded.
    pub arms: Vec<PlannedArm>,
    /// Independent runs.
    pub runs: u32,
    /// Guess cap per game.
    pub max_guesses: u32,
    /// What the report shows.
    pub report: GamesReport,
}

impl GamesPlan {
    /// Total number of games the plan plays.
    pub fn game_count(&self) -> u64 {
        self.arms.iter().map(|a| a.secrets.len() as u64).sum::<u64>() * u64::from(self.runs)
    }
}

/// One validated arm.
#[derive(Clone)]
pub struct PlannedArm {
    /// Label in tables and legends.
    pub label: String,
    /// Series of line figures.
    pub group: String,
    /// Position on the x axis of line figures.
    pub x: Option<f64>,
    /// The game size.
    pub game: Game,
    /// The player as written (sweep applied).
    pub player: PlayerSpec,
    /// The player's parameters as JSON, stored in every row.
    pub parameters: String,
    /// The prepared strategy.
    pub strategy: Arc<dyn Strategy>,
    /// The secrets each run plays.
    pub secrets: Arc<Vec<Code>>,
    /// The paper's numbers for this arm.
    pub paper: Option<PaperNumbers>,
}
