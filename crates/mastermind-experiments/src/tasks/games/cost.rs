//! The estimated cost of a games plan, for the budget check: games times the cost of a game of
//! each arm's player, and the memory of secrets, prepared players and result rows.

use super::plan::Codemaker;
use super::plan::GamesPlan;
use crate::budget::{BYTES_PER_CODE, BYTES_PER_ROW, Cost, Driver};

/// Above this many seconds for one game, the player (on its game) is named as the cost's cause
/// rather than the number of games.
const COSTLY_GAME_SECONDS: f64 = 1.0;

impl GamesPlan {
    /// The estimated seconds of one game of each arm (none for a recorded arm, which is read).
    fn seconds_per_game(&self) -> Vec<f64> {
        let per_arm = |arm: &super::plan::PlannedArm| {
            let turns = self.expected_turns(arm.game, &arm.codemaker);
            arm.player.seconds_per_game().unwrap_or_else(|| {
                Cost::seconds_of(arm.player.operations_per_game(arm.game, turns))
            })
        };
        let arms = self.arms.iter();
        arms.map(|arm| if arm.recorded.is_some() { 0.0 } else { per_arm(arm) }).collect()
    }

    /// Each game's estimated seconds, its arm's: the executor starts the costliest arms' games
    /// first.
    pub fn unit_weights(&self, units: &[super::execute::GameUnit]) -> Vec<f64> {
        let per_arm = self.seconds_per_game();
        units.iter().map(|&(arm, _, _)| per_arm[arm as usize]).collect()
    }

    /// Work and memory of playing every game of the plan.
    pub fn cost(&self) -> Cost {
        let runs = f64::from(self.runs);
        let mut seconds = 0.0;
        let mut costliest = (0.0, 0);
        let mut prepared = 0.0;
        for ((i, arm), per_game) in self.arms.iter().enumerate().zip(self.seconds_per_game()) {
            if arm.recorded.is_some() || arm.games_of.is_some() {
                // Read or shared, not played: a row each.
                continue;
            }
            seconds += per_game * arm.secrets.len() as f64 * runs;
            if per_game > costliest.0 {
                costliest = (per_game, i);
            }
            prepared += arm.player.prepared_codes(arm.game) * BYTES_PER_CODE;
        }
        let games = self.game_count() as f64;
        let secrets: f64 = self.arms.iter().map(|a| a.secrets.len() as f64).sum();
        let rows = games * BYTES_PER_ROW;
        let (per_game, arm) = costliest;
        let time = if per_game > COSTLY_GAME_SECONDS {
            self.arm_player(
                arm,
                format!(
                    "about {per_game:.1e} s per game of arm {:?} on {}",
                    self.arms[arm].label, self.arms[arm].game
                ),
            )
        } else if secrets >= runs {
            Driver::task("secrets", format!("{games} games, up to {per_game:.1e} s each"))
        } else {
            Driver::task("runs", format!("{games} games, up to {per_game:.1e} s each"))
        };
        let memory = if prepared > rows {
            Driver::task("arms", format!("{} arms each preparing the code set", self.arms.len()))
        } else if secrets >= runs {
            Driver::task("secrets", format!("{games} result rows"))
        } else {
            Driver::task("runs", format!("{games} result rows"))
        };
        Cost { seconds, bytes: rows + prepared + secrets * BYTES_PER_CODE, time, memory }
    }

    /// Turns a game of `game` lasts, roughly: a few more than pegs + colours for a truthful
    /// codemaker; a liar can keep a game going until the guess cap.
    fn expected_turns(&self, game: mastermind_core::Game, codemaker: &Codemaker) -> f64 {
        let cap = f64::from(self.max_guesses);
        let truthful = 2.0 + f64::from(game.pegs()) + f64::from(game.colours());
        match codemaker {
            Codemaker::Truthful => truthful.min(cap),
            _ if codemaker.false_reply_p() >= 0.5 => cap,
            _ => (truthful * (1.0 + 10.0 * codemaker.false_reply_p())).min(cap),
        }
    }

    /// The player field of the spec arm that planned arm `index` comes from.
    fn arm_player(&self, index: usize, detail: String) -> Driver {
        // Arms of one sweep are consecutive and share their spec arm's label before " param=".
        let written =
            |label: &str| label.rsplit_once(' ').map_or(label, |(head, _)| head).to_owned();
        let mut spec_arm = 0;
        for i in 1..=index {
            let (a, b) = (&self.arms[i - 1].label, &self.arms[i].label);
            let same_sweep = a.contains('=') && b.contains('=') && written(a) == written(b);
            if !same_sweep {
                spec_arm += 1;
            }
        }
        let label = &self.arms[index].label;
        let anchor = if label.contains('=') { written(label) } else { label.clone() };
        Driver {
            path: format!("task.arms[{spec_arm}].player"),
            key: "player".into(),
            anchor: Some(anchor),
            detail,
        }
    }
}
