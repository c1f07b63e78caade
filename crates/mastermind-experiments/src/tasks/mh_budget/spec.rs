//! The spec of an M-H step-budget experiment (Snyder's Table 4 and Figure 7), as written in RON.

use crate::spec::printed::PaperValue;
use crate::spec::scaled::Scaled;
use crate::spec::values::{Finite, Label};
use mastermind_core::Game;
use mastermind_players::families::mcmc::MhConfig;
use serde::{Deserialize, Serialize};

/// For each game size: the M-H player run to a candidate every turn (the "optimal" mean length),
/// then with fixed step budgets; the smallest budget whose mean is within `threshold` times the
/// optimum, and a least-squares line of log(budget) against pegs + colours.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MhBudgetTask {
    /// The game sizes, with the paper's numbers for each.
    pub sizes: Vec<BudgetSize>,
    /// The player; its `budget` is replaced by each arm's (default: the thesis's algorithm with
    /// theta = 2; Table 4 uses `(theta: 1.0)`).
    #[serde(default)]
    pub player: MhConfig,
    /// Games per size run to a candidate each turn.
    pub optimal_games: Scaled<u32>,
    /// Games per size and budget.
    pub budget_games: Scaled<u32>,
    /// The budgets tried.
    pub budgets: BudgetRange,
    /// Safety cap on the steps of one walk in the "run to a candidate" games.
    #[serde(default = "default_cap")]
    pub until_cap: u64,
    /// A budget is enough when its mean length is at most `threshold` times the optimum.
    #[serde(default = "default_threshold")]
    pub threshold: Finite,
    /// A game not solved after this many guesses stops and is recorded as unsolved.
    #[serde(default = "default_max_guesses")]
    pub max_guesses: u32,
    /// The paper's regression line `(slope, intercept)` of log(steps) on pegs + colours.
    #[serde(default)]
    pub paper_fit: Option<(Finite, Finite)>,
    /// Other readings of the thesis, each a player run over the same sizes, budgets and secrets
    /// as `player`; each of its arms is judged against the arm of `player` with the same size and
    /// budget.
    #[serde(default)]
    pub readings: Vec<BudgetReading>,
}

/// Another reading of the thesis, played over every size and budget of the spec.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetReading {
    /// A short name, appended to the label of each of its arms (`"6/4 steps=300 (accepted
    /// moves)"`) and shown in the sensitivity table.
    pub name: Label,
    /// The player of this reading; its `budget` is replaced by each arm's.
    pub player: MhConfig,
    /// Which sentence of which paper supports the reading, and how it is read.
    pub because: Label,
}

fn default_cap() -> u64 {
    1_000_000
}

fn default_threshold() -> Finite {
    Finite::new(1.10)
}

fn default_max_guesses() -> u32 {
    500
}

/// One game size and the paper's numbers for it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetSize {
    /// The game.
    pub game: Game,
    /// The paper's optimal mean length.
    #[serde(default)]
    pub paper_optimal: Option<PaperValue>,
    /// The paper's standard deviation of the optimal length.
    #[serde(default)]
    pub paper_sd: Option<Finite>,
    /// The paper's smallest budget within the threshold.
    #[serde(default)]
    pub paper_steps: Option<u64>,
}

/// Budgets `from`, `from + step`, ... up to `to` (inclusive).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetRange {
    /// The first budget.
    pub from: u64,
    /// The last budget (included when reached by the steps).
    pub to: u64,
    /// The increment.
    pub step: Scaled<u64>,
}
