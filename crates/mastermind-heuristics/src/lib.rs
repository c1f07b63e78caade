//! One-ply Mastermind strategies: score every candidate by how it would split the codes still
//! possible, and play the best.
//!
//! The strategies of Runarsson & Merelo (2009), Table 2 and Tables 4-6:
//!
//! | [`Heuristic`] | plays the candidate with |
//! |---|---|
//! | `Entropy` | the largest Shannon entropy of the part sizes |
//! | `MostParts` | the most non-empty parts |
//! | `ExpectedSize` | the smallest expected part size (sum of squared sizes / n; or with `prior: Pooled`, part sizes weighed by the replies' frequencies over all candidates) |
//! | `WorstCase` | the smallest largest part |
//! | `Random` | (no score) a uniformly random consistent code |
//! | `LocalEntropy` | the largest local entropy next to the guesses played (no partition) |
//!
//! A [`OnePlyConfig`] chooses the heuristic, the first guess, the candidate [`Pool`], the
//! [`Ties`] rule and an optional [`Subset`] of at most `mu` consistent codes (what an evolutionary
//! algorithm, which only holds a few consistent codes, can partition). Validating it against a game
//! gives a [`OnePlyStrategy`], which builds a fresh player per game.
//!
//! Ties are exact where an integer form exists (parts, largest part, sum of squared sizes); entropy
//! compares `sum s log2 s` with [`ENTROPY_TOLERANCE`](mastermind_core::partition::ENTROPY_TOLERANCE)
//! so that partitions with equal multisets of sizes tie.
#![deny(missing_docs)]
// The unit tests build histories and check counts with the raw scorers that the crate's
// clippy.toml refuses to the players (the library itself is linted without this).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_types))]

mod config;
mod player;
mod ranking;

pub use config::{Heuristic, OnePlyConfig, PartitionOver, Pool, Prior, Subset, Ties};
pub use player::{OnePlyPlayer, OnePlyStrategy};
pub use ranking::Best;
