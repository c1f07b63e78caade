//! The exact optimum of Mastermind: the strategy tree with the fewest total guesses over all
//! secrets (work in progress).
#![deny(missing_docs)]
