//! Strategy trees: a deterministic Mastermind player written out over every secret at once.
//!
//! A deterministic player (ties broken by a fixed rule, no random stream) chooses its next guess
//! from the history alone, so the whole strategy is one tree: a [`Node`] holds the guess played
//! after its history, and one child per reply other than the winning one. Playing every secret of
//! a game is then one walk of the tree instead of one game per secret.
//!
//! - [`StrategyTree`]: the tree of one game, its totals, depth distribution, node count, the
//!   guess for any history, and the guesses each secret needs.
//! - [`StrategyTree::verify`]: replays every secret through the tree with the plain definition of
//!   a reply (the one [`reference_score`](mastermind_core::score::reference_score) implements),
//!   trusting nothing the builder did.
//! - [`build_tree`]: the tree of a deterministic one-ply player (`mastermind_heuristics`), exactly
//!   as that player plays, built by scoring one candidate per symmetry class and skipping
//!   candidates that provably cannot be chosen; [`choose_guess`]: the same choice for one history.
//! - [`Preset`]: the named players (Knuth, Irving, Kooi, entropy, and their consistent-only
//!   variants) that the lab and the command line share.
//! - [`export`]: JSON (which imports back), the contest text grammar and GraphViz DOT.
//! - [`pieces`]: the tree built in pieces, one per reply to the first guess, each turned into
//!   bytes stamped with its tree and read back only after a replay of its secrets, and merged
//!   into the whole tree's totals.
//!
//! Invariants: the tree is immutable once validated by [`StrategyTree::new`] (or built by
//! [`build_tree`], whose trees hold the same shape by construction); every secret of the
//! game reaches exactly one node whose guess it is; a built tree does not depend on the number of
//! threads (every choice is a function of the history alone).
#![deny(missing_docs)]

mod build;
pub mod export;
pub mod pieces;
mod player;
mod preset;
mod tree;

pub use build::{
    BYTES_PER_CODE, BuildError, BuildProgress, BuildStats, MAX_BUILD_CODES, PIECE_BYTES_PER_SECRET,
    PIECE_GAME_BYTES_PER_CODE, build_tree, build_tree_with_progress, check_config, choose_guess,
    memory_estimate, piece_memory_estimate,
};
pub use player::{TreePlayer, TreeStrategy};
pub use preset::Preset;
pub use tree::{Branch, Node, StrategyTree, TreeError};
