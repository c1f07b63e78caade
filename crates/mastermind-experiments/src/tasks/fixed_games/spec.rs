//! The spec of a fixed-games experiment (Snyder's Table 7), as written in RON.

use crate::spec::scaled::Scaled;
use crate::spec::values::{Finite, Label};
use mastermind_players::PlayerSpec;
use serde::{Deserialize, Serialize};

/// A player plays the six predetermined 6/4 games of Table 7 (three truthful, three 20%-false,
/// from [`mastermind_players::families::mcmc::table7_scripts`]) many times; each simulation of the six games is one
/// unit, as for the thesis's human subjects.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedGamesTask {
    /// The seed the six scripts (secrets, lie turns, lies) are drawn from; recorded so that the
    /// games are the same in every run of the spec.
    pub script_seed: u64,
    /// Simulations of the six games.
    pub simulations: Scaled<u32>,
    /// Guesses allowed per game.
    #[serde(default = "default_cap")]
    pub cap: u32,
    /// The score of a game not won within the cap.
    #[serde(default = "default_loss")]
    pub loss_score: Finite,
    /// The player.
    pub player: PlayerSpec,
    /// The paper's rows, quoted beside the reproduced one.
    #[serde(default)]
    pub paper_rows: Vec<PaperRow>,
}

fn default_cap() -> u32 {
    10
}

fn default_loss() -> Finite {
    Finite::new(11.0)
}

/// One row of the paper's table: (mean, sd) pairs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperRow {
    /// Who played.
    pub label: Label,
    /// Truthful games won out of three.
    pub standard_won: (Finite, Finite),
    /// Turns per truthful game (the loss score for a loss).
    pub standard_turns: (Finite, Finite),
    /// 20%-false games won out of three.
    pub false_won: (Finite, Finite),
    /// Turns per 20%-false game.
    pub false_turns: (Finite, Finite),
}
