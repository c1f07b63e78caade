//! Tests that drive the real `mastermind` binary through its standard input and output.

mod common;
mod errors;
mod help;
mod play;
mod queries;
mod referee;
mod solve;
mod tree;
mod units;
