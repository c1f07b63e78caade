//! What one simulated game keeps so that it can be re-weighted under any theta cheaply.
//!
//! The policy's probability of a game depends on the played guesses only through their features
//! and on each turn's normaliser only through counts (eq. (27)-(30)). A record therefore holds,
//! per game, the colour count of the first guess and, per later turn, the size of the consistent
//! set at that turn and whether the played guess was in it; never a code set.

use serde::{Deserialize, Serialize};

/// One turn after the first: what defines its normaliser and the played guess's features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaterTurn {
    /// `m_t`: codes consistent with every reply before this turn (the normaliser is
    /// `m_t e^theta_4 + (N - m_t)` with `N` the size of the code space).
    pub candidates: u32,
    /// `f_4` of the played guess: whether it was one of those `m_t` codes.
    pub consistent: bool,
}

/// The record of one game played by the exponential-family policy.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRecord {
    /// Combinations played, the winning one included (the response the descent minimises).
    pub guesses: u32,
    /// Whether the secret was found; false only for a game stopped by the runaway guard, whose
    /// `guesses` is then a lower bound of its length.
    pub solved: bool,
    /// Distinct colours of the first guess (`1..=pegs`); sets `f_1..f_3`.
    pub first_distinct: u8,
    /// Every turn after the first, in order (`guesses - 1` of them).
    pub later: Vec<LaterTurn>,
}

impl GameRecord {
    /// The game length as the descent sees it.
    pub fn length(&self) -> f64 {
        f64::from(self.guesses)
    }

    /// Later turns whose guess was consistent.
    pub fn consistent_turns(&self) -> u32 {
        self.later.iter().filter(|t| t.consistent).count() as u32
    }
}
