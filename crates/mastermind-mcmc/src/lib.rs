//! Snyder's Metropolis-Hastings Mastermind player and the lying codemaker of the p-false game.
//!
//! Source: L. Snyder, "Mastermind by importance sampling and Metropolis-Hastings", Chapter 4,
//! Case 2 (the M-H player) and Case 3 (false replies).
//!
//! - [`cost()`](fn@cost): the thesis's cost of a code, eq. (35): per played turn,
//!   `|black diff| + |white diff| + 2 |total diff|` between the reply received and the reply the
//!   guess would get if the code were the secret. Zero exactly for consistent codes.
//! - [`Walker`]: a Metropolis-Hastings walk targeting `exp(-theta cost)`, with the cost updated
//!   incrementally: a move touches one, two or a few pegs, so each turn's test response changes by
//!   a few comparisons against per-turn colour counts. One step costs tens of nanoseconds at 6/4.
//! - [`Kernel`]: the proposal: swap two pegs with `p_swap`, else recolour one; the optional
//!   subset permutation; permutations only after a reply whose pegs total the code length.
//! - [`MhStrategy`] / [`MhPlayer`]: the player (first guess uniform, one walk per turn from the
//!   last guess, stop at the first cost-0 code or at the step budget of eq. (38), the three-turn
//!   stuck rule with restart and re-feeding). Configured by [`MhConfig`], whose defaults are the
//!   thesis's final "M-H algorithm" (theta = 2).
//! - [`table7_scripts`]: the six predetermined games of Table 7, played by the core's
//!   [`ScriptedCodemaker`](mastermind_core::ScriptedCodemaker) (the p-false game's codemaker is
//!   the core's [`LyingCodemaker`](mastermind_core::LyingCodemaker) too).
//!
//! Counters, with the meaning the whole lab gives them, are the core's
//! [`Oracle`](mastermind_core::Oracle)'s: the walker and the from-scratch cost score through the
//! oracle they are handed and keep no count of their own.
//!
//! - `evaluations` = the thesis's "codes searched": one per code whose cost was computed, that is
//!   one per M-H proposal (a swap of two equal pegs included: the walk examined that proposal)
//!   plus one per walk for its start state, plus the proposals and draws of replay avoidance.
//! - `score_calls`: one per turn per cost computed. An incremental update of a turn's test
//!   response is one score call (it stands for the feedback it replaces); a proposal equal to the
//!   current code costs none; recomputing a state from scratch costs one per turn.
//!
//! Where the thesis is ambiguous, the choice made is documented on the item concerned:
//! [`config`] (what a step is, what "no improvement" means, and the readings a spec compares),
//! [`player`] (what re-feeding means, replay avoidance), [`moves`] (the subset permutation),
//! [`script`] (what fixed lies are when guesses differ).
//!
//! Invariants: no I/O, no clock, no global state; every random draw comes from an RNG passed in
//! (the player's) or owned (a codemaker's, seeded when built).
#![deny(missing_docs)]
// The unit tests build histories and check counts with the raw scorers that the crate's
// clippy.toml refuses to the players (the library itself is linted without this).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_types))]

pub mod config;
pub mod cost;
pub mod moves;
pub mod player;
pub mod script;
mod walk;
pub mod walker;

pub use config::{
    Budget, CostScale, FullReplyScope, MAX_STEPS, MhConfig, PROPOSALS_PER_ACCEPTED_MOVE, Step,
    StuckRule,
};
pub use cost::{cost, reply_cost};
pub use moves::{Kernel, Move, SubsetMove};
pub use player::{MhPlayer, MhStats, MhStrategy, TurnTrace};
pub use script::table7_scripts;
pub use walker::Walker;
