//! The exponential-family player: a [`Strategy`] configured by theta that samples each guess in two
//! stages from an incrementally filtered consistent set, without a pass over the code set.
//!
//! Sampling. The first guess: draw a colour class with probability `k_c e^theta_c / Z_1`, then a
//! code uniformly within the class. A later guess: with probability
//! `m e^theta_4 / (m e^theta_4 + N - m)` a uniform code of the `m` consistent ones, else a uniform
//! inconsistent code (drawn from the whole space by rejection against a membership table; the
//! acceptance rate is `(N - m) / N`). This is exactly the distribution of eq. (21)-(30).
//!
//! Counters. Snyder's policy gives every code a score each turn and counts `N` evaluations per turn
//! (`1296 x 4.606 = 5969` for Case 1); the player reports exactly that as `evaluations`, so that
//! Case 1 and Case 2 compare on her terms. `score_calls` report the work this implementation really
//! does: one feedback computation per code of the consistent set filtered each turn (the whole
//! space after the first reply, the shrinking set after).

use crate::error::ImportanceError;
use crate::model::{CLASSES, PolicyModel};
use crate::record::{GameRecord, LaterTurn};
use crate::theta::Theta;
use mastermind_core::{
    Code, CodeSet, Game, GameEnd, GameOutcome, LabRng, Oracle, PackedCodes, Player, PlayerError,
    Strategy,
};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The default runaway guard: a game still unsolved after this many guesses is stopped.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// The largest allowed runaway guard.
pub const MAX_MAX_TURNS: u32 = 10_000_000;

fn default_max_turns() -> u32 {
    DEFAULT_MAX_TURNS
}

/// The configuration of the exponential-family player, as written in an experiment spec:
/// `(theta: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 5.0))`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpFamilyConfig {
    /// The strategic parameters.
    pub theta: Theta,
    /// Runaway guard: the game length is not capped by the policy, but a game reaching this many
    /// guesses is stopped and reported (the player gives up with a message saying so).
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
}

impl ExpFamilyConfig {
    /// A configuration with the default runaway guard.
    pub fn new(theta: Theta) -> ExpFamilyConfig {
        ExpFamilyConfig { theta, max_turns: DEFAULT_MAX_TURNS }
    }

    /// Checks theta and the guard (`1..=10_000_000`).
    pub fn validate(&self) -> Result<(), ImportanceError> {
        self.theta.validate("theta")?;
        validate_max_turns(self.max_turns)
    }
}

/// Checks a runaway guard value.
pub(crate) fn validate_max_turns(max_turns: u32) -> Result<(), ImportanceError> {
    if !(1..=MAX_MAX_TURNS).contains(&max_turns) {
        return Err(ImportanceError::invalid("max_turns", max_turns, "in 1..=10000000"));
    }
    Ok(())
}

/// What every player of one game size shares, whatever theta: the code table by rank, the codes
/// of each colour class, and the model's counts.
struct Tables {
    codes: Vec<Code>,
    /// `codes` packed for batch scoring, when the game is narrow enough: the first reply's
    /// filter scores every code.
    packed: Option<PackedCodes>,
    by_class: [Vec<u32>; CLASSES],
    model: PolicyModel,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("codes", &self.codes.len())
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

/// A validated exponential-family strategy: builds one [`ExpFamilyPlayer`] per game.
#[derive(Debug, Clone)]
pub struct ExpFamilyStrategy {
    tables: Arc<Tables>,
    theta: Theta,
    /// Cumulative first-turn class probabilities.
    first_cdf: [f64; CLASSES],
    max_turns: u32,
}

impl ExpFamilyStrategy {
    /// Validates `config` and enumerates `game`'s code space (errors when it is too large).
    pub fn new(game: Game, config: &ExpFamilyConfig) -> Result<ExpFamilyStrategy, ImportanceError> {
        config.validate()?;
        let set = CodeSet::enumerate(game)?;
        let model = PolicyModel::new(game)?;
        let mut by_class: [Vec<u32>; CLASSES] = Default::default();
        for (rank, code) in set.iter().enumerate() {
            by_class[PolicyModel::class_of(code.distinct_colours())].push(rank as u32);
        }
        let packed = PackedCodes::new(game, &set);
        let tables = Arc::new(Tables { codes: set.to_vec(), packed, by_class, model });
        Ok(ExpFamilyStrategy::with_tables(tables, config.theta, config.max_turns))
    }

    fn with_tables(tables: Arc<Tables>, theta: Theta, max_turns: u32) -> ExpFamilyStrategy {
        let p = tables.model.first_class_probabilities(&theta);
        let mut first_cdf = [0.0; CLASSES];
        let mut acc = 0.0;
        for (slot, q) in first_cdf.iter_mut().zip(p) {
            acc += q;
            *slot = acc;
        }
        ExpFamilyStrategy { tables, theta, first_cdf, max_turns }
    }

    /// The same strategy with another theta, sharing the enumerated tables (cheap: what a descent
    /// step uses).
    pub fn with_theta(&self, theta: Theta) -> Result<ExpFamilyStrategy, ImportanceError> {
        theta.validate("theta")?;
        Ok(ExpFamilyStrategy::with_tables(self.tables.clone(), theta, self.max_turns))
    }

    /// The parameters.
    pub fn theta(&self) -> Theta {
        self.theta
    }

    /// The runaway guard.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// The game size.
    pub fn game(&self) -> Game {
        self.tables.model.game()
    }

    /// The counts behind the policy's normalisers.
    pub fn model(&self) -> &PolicyModel {
        &self.tables.model
    }

    /// Every code of the game, in rank order.
    pub fn codes(&self) -> &[Code] {
        &self.tables.codes
    }

    /// A fresh player for one game, as a concrete type (so its [`GameRecord`] can be read).
    pub fn player(&self) -> ExpFamilyPlayer {
        ExpFamilyPlayer {
            strategy: self.clone(),
            seen: 0,
            candidates: None,
            member: Vec::new(),
            first_distinct: None,
            later: Vec::new(),
        }
    }
}

impl Strategy for ExpFamilyStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}

/// One game's player. It follows the history it is shown, whoever chose the turns, so its state is
/// always the consistent set of that history.
#[derive(Debug, Clone)]
pub struct ExpFamilyPlayer {
    strategy: ExpFamilyStrategy,
    /// Turns of the history already filtered into `candidates`.
    seen: usize,
    /// Ranks of the codes consistent with every turn seen; `None` before the first reply (all).
    candidates: Option<Vec<u32>>,
    /// `member[rank]`: whether the code is in `candidates` (built with the first filter).
    member: Vec<bool>,
    /// Distinct colours of the first guess this player chose, if it chose one.
    first_distinct: Option<u8>,
    /// The later turns this player chose.
    later: Vec<LaterTurn>,
}

impl ExpFamilyPlayer {
    /// The record of the game this player played from its first guess, given the driver's outcome;
    /// `None` if the player did not choose the first guess.
    pub fn record(&self, outcome: &GameOutcome) -> Option<GameRecord> {
        let first_distinct = self.first_distinct?;
        Some(GameRecord {
            guesses: outcome.guesses,
            solved: outcome.end == GameEnd::Solved,
            first_distinct,
            later: self.later.clone(),
        })
    }

    /// Filters the consistent set by the history's turns not yet seen (through the oracle: one
    /// score call per code filtered).
    fn catch_up(&mut self, oracle: &mut Oracle<'_>) {
        let codes = &self.strategy.tables.codes;
        while self.seen < oracle.history().len() {
            let turn = oracle.history().turns()[self.seen];
            let kept = match (self.candidates.take(), &self.strategy.tables.packed) {
                (None, Some(packed)) => {
                    self.member = vec![false; codes.len()];
                    oracle.positions_replying(&turn.guess, turn.feedback, packed)
                }
                (candidates, _) => {
                    let mut kept = candidates.unwrap_or_else(|| (0..codes.len() as u32).collect());
                    self.member.resize(codes.len(), true);
                    for &rank in &kept {
                        self.member[rank as usize] = false;
                    }
                    oracle.retain_replying(&turn.guess, turn.feedback, &mut kept, |&rank| {
                        codes[rank as usize]
                    });
                    kept
                }
            };
            for &rank in &kept {
                self.member[rank as usize] = true;
            }
            self.candidates = Some(kept);
            self.seen += 1;
        }
    }

    /// The first guess: a colour class by its weight, then a uniform code of that class.
    fn first_guess(&mut self, rng: &mut LabRng) -> Code {
        let s = &self.strategy;
        let u: f64 = rng.random();
        let nonempty = |c: usize| !s.tables.by_class[c].is_empty();
        let class = (0..CLASSES)
            .find(|&c| nonempty(c) && u < s.first_cdf[c])
            .or_else(|| (0..CLASSES).rev().find(|&c| nonempty(c)))
            .expect("a game has at least one code");
        let ranks = &s.tables.by_class[class];
        let code = s.tables.codes[ranks[rng.random_range(0..ranks.len())] as usize];
        self.first_distinct = Some(code.distinct_colours() as u8);
        code
    }

    /// A later guess: consistent with probability `m e^theta_4 / (m e^theta_4 + N - m)`, uniform
    /// within the chosen side.
    fn later_guess(&mut self, rng: &mut LabRng) -> Code {
        let codes = &self.strategy.tables.codes;
        let candidates = self.candidates.as_deref().unwrap_or(&[]);
        let m = candidates.len();
        let p = self
            .strategy
            .tables
            .model
            .consistent_probability(self.strategy.theta.consistent, m as u64);
        let consistent = rng.random::<f64>() < p;
        let code = if consistent {
            codes[candidates[rng.random_range(0..m)] as usize]
        } else {
            // p < 1 here, so at least one code is inconsistent: rejection terminates.
            loop {
                let rank = rng.random_range(0..codes.len());
                if !self.member[rank] {
                    break codes[rank];
                }
            }
        };
        self.later.push(LaterTurn { candidates: m as u32, consistent });
        code
    }
}

impl Player for ExpFamilyPlayer {
    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        let played = oracle.history().len();
        if played >= self.strategy.max_turns as usize {
            return Err(PlayerError(format!(
                "runaway game: {played} guesses without finding the secret (guard max_turns = {})",
                self.strategy.max_turns
            )));
        }
        self.catch_up(oracle);
        oracle.examine_every_code();
        Ok(if played == 0 { self.first_guess(rng) } else { self.later_guess(rng) })
    }
}
