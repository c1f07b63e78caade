//! `mastermind`: play, solve, suggest and export from the command line (work in progress).

fn main() {}
