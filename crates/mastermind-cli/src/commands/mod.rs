//! One module per command of the `mastermind` binary.

pub mod codes;
pub mod completions;
pub mod play;
pub mod program;
pub mod referee;
pub mod score;
pub mod solve;
pub mod suggest;
pub mod tree;
pub mod tree_pieces;
pub mod tree_steps;
pub mod tree_units;
pub mod turns;
