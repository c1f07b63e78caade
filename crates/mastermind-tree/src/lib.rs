//! Strategy trees: a deterministic Mastermind player written out over every secret at once.
//!
//! A deterministic player (ties broken by a fixed rule, no random stream) chooses its next guess
//! from the history alone, so the whole strategy is one tree: a [`Node`] holds the guess played
//! after its history, and one child per reply other than the winning one. Playing every secret of
//! a game is then one walk of the tree instead of one game per secret.
//!
//! - [`StrategyTree`]: the tree of one game, its totals, depth distribution, node count, the
//!   guess for any history, and the guesses each secret needs.
//! - [`StrategyTree::verify`]: replays every secret through the tree with the plain
//!   [`reference_score`](mastermind_core::score::reference_score), trusting nothing the builder did.
//!
//! Invariants: the tree is immutable once validated by [`StrategyTree::new`]; every secret of the
//! game reaches exactly one node whose guess it is.
#![deny(missing_docs)]

mod build;
pub mod export;
mod preset;
mod tree;

pub use build::{BuildError, BuildStats, build_tree, choose_guess};
pub use preset::Preset;
pub use tree::{Branch, Node, StrategyTree, TreeError};
