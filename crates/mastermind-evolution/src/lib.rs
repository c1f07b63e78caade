//! Evolutionary Mastermind players, on shared operators.
//!
//! Four algorithms from four papers, built from one set of parts so that a reader finds one
//! tournament selection and one two-point crossover in the workspace:
//!
//! - [`eda`]: the estimation of distribution algorithm of Runarsson & Merelo (2009), fitness `f`
//!   (distance to consistency) or `f_l` (local entropy over it), playing the first consistent code
//!   it finds (Table 3).
//! - [`evo`]: Evo++ of Merelo, Mora, Runarsson & Cotta: a GA that fills a set of consistent codes
//!   scored by Most parts, with Breeder_Diverser and endgames.
//! - [`justus`]: Justus's genetic algorithm, where every candidate is a query to the secret; not a
//!   codebreaker in the driver's sense, so it has its own [`justus::run`].
//! - [`shc`]: the stochastic hill-climber of Temporel & Kovacs, with and without the code tracker.
//!
//! Shared parts: local entropy (eq. 3 of Runarsson & Merelo, from the core crate),
//! [`population`] (individuals and the per-turn fitness cache that fixes what an evaluation is),
//! [`operators`] (tournament, two-point crossover, single-point mutation, permutation), [`rates`]
//! (operator priorities normalised to rates), [`restart`] (stagnation and restarts), [`palette`]
//! (colours still allowed after no-peg replies) and [`first_guess`].
//!
//! Every player is configured by a serde struct (unknown fields rejected, missing fields taking the
//! paper's values) validated into a [`Strategy`](mastermind_core::Strategy) for one game. The crate
//! does no I/O, reads no clock and draws randomness only from the RNG it is given.
#![deny(missing_docs)]
// The unit tests build histories and check counts with the raw scorers that the crate's
// clippy.toml refuses to the players (the library itself is linted without this).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_types))]

pub mod eda;
mod error;
pub mod evo;
pub mod first_guess;
pub mod justus;
pub mod operators;
pub mod palette;
pub mod population;
pub mod rates;
pub mod restart;
pub mod shc;

pub use eda::{EdaConfig, EdaFitness, EdaPlayer, EdaStrategy};
pub use evo::{EvoConfig, EvoPlayer, EvoStrategy, Selection};
pub use justus::{Generation, JustusConfig, JustusRun, JustusStrategy, ParentPool};
pub use mastermind_core::local_entropy::{PlayedSymbols, local_entropy};
pub use shc::{ShcConfig, ShcPlayer, ShcStrategy};
