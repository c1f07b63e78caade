//! The search split into independent units, so that it can run on every core and across
//! machines, and be resumed after a kill.
//!
//! A unit is one first guess and one reply to it: the secrets that give that reply, to be solved
//! exactly within a budget. Every budget follows from one number fixed before any unit runs, the
//! total of a known tree (the upper bound `U`): a unit of first guess `g` may cost at most what
//! leaves `g`'s total below `U` when every other part of `g` costs its size bound. Searched
//! within that budget and alone ([`Sharing::Nothing`]), each unit's result depends only on the
//! unit, never on which units ran before it or beside it, and the merged tree is the same on one
//! thread, on many, or from shards run on different machines. Searched within budgets shrunk to
//! the best total found, sharing one memo ([`Sharing::MemoAndBounds`]), the units do far less
//! work; a unit refuted within a shrunk budget then holds a lower bound, not a refutation.
//!
//! A first guess whose every unit is solved has an exact total; one with a unit refuted within
//! its own budget costs at least `U`, more than the known tree; one whose units' bounds pass the
//! best exact total is out. The optimum is the least exact total (ties go to the first guess in
//! the search's order), proved once every other first guess is out. A first guess whose bound
//! already reaches `U` has no units. Lower bounds raised for the units ([`raise_lower_bound`])
//! count too, where no result says more ([`Board::add_floors`]). Results are kept by a
//! [`UnitStore`] through the caller's [`UnitFiles`].

mod board;
mod bounds;
mod files;
mod plan;
mod run;
mod schedule;
mod shard;
mod store;
mod tree_codec;
mod watch;

pub use board::{Board, Standing};
pub use bounds::{Bounds, FIRST_ROUND_NODES, Rounds, UnitBound, raise_lower_bound};
pub use files::{InMemoryFiles, UnitFiles};
pub use plan::{FirstGuess, Plan, Unit, UnitOutcome, UnitResult};
pub(crate) use run::solve_shared;
pub use run::{Selection, Sharing, run, run_selected};
pub use shard::Shard;
pub use store::{Loaded, REFUSED_SUFFIX, Stamp, StoreError, UnitStore};
