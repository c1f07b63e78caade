//! The exact optimum of Mastermind: the strategy tree with the fewest total guesses over all
//! secrets, proved by a depth-first branch and bound, optionally under a maximum depth.
//!
//! # How the search works
//!
//! The cost of a node is the total number of guesses its secrets still need: its own guess counts
//! once for every secret at the node, plus the cost of every non-winning part the guess leaves.
//! The search ([`solve`]) tries guesses from every code of the game, not only the consistent
//! ones, and keeps a guess only while a lower bound on its cost stays below the best total known
//! (each part is searched with the budget the guess has left; parts are searched smallest first,
//! since their exact costs are cheap and often refute the guess before the large parts are
//! touched):
//!
//! - **Size bound** ([`Rules::size_bound`]): a guess wins at most one secret and splits the rest
//!   into at most `b = p (p + 3) / 2 - 1` parts, so `n` secrets need at least the total of a tree
//!   with one secret at depth 1, `b` at depth 2, `b²` at depth 3, ... A guess's bound is the sum
//!   of its parts' bounds; the node's bound is the best of its guesses' bounds.
//! - **Upper bound first** ([`Rules::heuristic_upper_bound`]): a one-ply tree (the guess with the
//!   least size bound at every node) gives the first total to beat.
//! - **Guess equivalence** ([`Rules::symmetry`], [`Rules::absent_colours`]): one guess per class
//!   of guesses that the history's peg and colour symmetries, or colours absent from every
//!   remaining secret, make equal (see the `symmetry` module).
//! - **Memoisation** ([`Rules::memo`], [`Rules::canonical_memo`]): solved and refuted sets are
//!   remembered by a canonical form of their secrets under colour and peg permutations.
//! - **Candidate order** ([`Rules::ordering`]): guesses are tried in order of their bound, so the
//!   first found are good and the rest are cut off together.
//! - **Small nodes in closed form** ([`Rules::small_nodes`]): one or two secrets, and a set that a
//!   consistent guess splits into singletons (or singletons and one pair).
//!
//! Each rule can be switched off; the optimum must not change (the tests check it).
//!
//! # Beyond one search
//!
//! [`units`] splits the search into independent units (a first guess and a reply), for every
//! core ([`SolveOptions::parallel`]) and for shards whose results the caller stores (the crate
//! does no file I/O: see [`units::UnitFiles`]), resumed after a kill and merged; [`solve_worst_case`] finds the least maximum number of guesses any strategy keeps and
//! the optimum within it.
//!
//! # What makes it fast
//!
//! Nearly all the time goes into scoring every guess against the secrets of a node. The replies
//! of all codes to each other are one table (`codes²` bytes: 100 MB at 4x10, 1 GiB at 5x8;
//! [`memory_estimate`] says what a game needs, and codes are ranked in a `u16`, hence
//! [`MAX_CODES`]); it is symmetric, so the replies of one secret to every guess are one contiguous row, and counting
//! replies for a block of guesses is a byte compare per reply over that row, which the compiler
//! vectorises. At nodes of at most `b + 1` secrets every part's bound is `2k - 1`, so a guess's
//! bound needs only the set of replies it gets, a bit-or per secret. The history's symmetry
//! group is worked out once per set of guesses played.
#![deny(missing_docs)]

mod canonical;
mod context;
mod counting;
mod guess_lists;
mod heuristic;
mod memo;
mod partition;
mod scoring;
mod search;
mod symmetry;
pub mod units;
mod worst_case;

use mastermind_core::Game;
use mastermind_tree::{StrategyTree, TreeError};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use thiserror::Error;

pub use context::MAX_CODES;
pub use memo::MEMO_BYTES;
pub use search::solve;
pub use worst_case::solve_worst_case;

/// The pruning rules of the search, one switch each. All are on by default; switching any off
/// must leave the optimum unchanged and only make the search slower.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Lower bounds from the number of secrets and replies (off: every secret costs at least one
    /// guess, the weakest true bound).
    pub size_bound: bool,
    /// One guess per class under the peg and colour permutations that fix the history.
    pub symmetry: bool,
    /// Colours held by no remaining secret are interchangeable in a guess.
    pub absent_colours: bool,
    /// Remember solved nodes (and refuted bounds) by their secret set.
    pub memo: bool,
    /// Key the memo by a canonical form of the set under colour and peg permutations, so that
    /// equivalent sets reached in different places share one entry (needs `memo`).
    pub canonical_memo: bool,
    /// Start from the total of a heuristic tree built first.
    pub heuristic_upper_bound: bool,
    /// On games of more than [`CONSISTENT_BOUND_MIN_CODES`] codes, start, where it is smaller,
    /// from the optimum among consistent guesses, searched first (a far smaller search; needs
    /// `heuristic_upper_bound`; no effect on a search itself limited to consistent guesses).
    pub consistent_upper_bound: bool,
    /// Try guesses in increasing order of their lower bound (off: in code order).
    pub ordering: bool,
    /// Solve one or two secrets, and sets a consistent guess splits into singletons (or
    /// singletons and one pair), without scanning every guess.
    pub small_nodes: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            size_bound: true,
            symmetry: true,
            absent_colours: true,
            memo: true,
            canonical_memo: true,
            heuristic_upper_bound: true,
            consistent_upper_bound: true,
            ordering: true,
            small_nodes: true,
        }
    }
}

impl Rules {
    /// Every rule off: a plain exhaustive search over all guesses (still depth-first with the
    /// cut-off at the best total found, which is what makes it a search and not an enumeration).
    pub fn none() -> Rules {
        Rules {
            size_bound: false,
            symmetry: false,
            absent_colours: false,
            memo: false,
            canonical_memo: false,
            heuristic_upper_bound: false,
            consistent_upper_bound: false,
            ordering: false,
            small_nodes: false,
        }
    }
}

/// A report on a running search, sent now and then to [`SolveOptions::progress`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The proved lower bound on the optimal total.
    pub lower_bound: u64,
    /// The best total of a complete tree known so far.
    pub upper_bound: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// A search in units: the units with a result, and the plan's number of units (both zero
    /// for the search on one thread).
    pub units: (u64, u64),
}

/// A callback that receives [`Progress`] reports.
pub type ProgressCallback = Arc<dyn Fn(&Progress) + Send + Sync>;

/// How to search.
#[derive(Clone, Default)]
pub struct SolveOptions {
    /// At most this many guesses for every secret (`None`: no limit).
    pub max_depth: Option<u32>,
    /// Which pruning rules are on.
    pub rules: Rules,
    /// Guess only codes that could still be the secret ("possibility only"): the optimum of
    /// the consistent players, at least the unconstrained one.
    pub consistent_only: bool,
    /// With `consistent_only`: a guess need only have been possible before the latest reply,
    /// so the second guess is any code. This is the rule of mmstrat's `-po` (fancidev's solver
    /// draws a node's guesses from its parent's secrets); it is kept to compare with that
    /// solver. A set's optimum then depends on its parent's secrets too, and the memo keys on
    /// both.
    pub possible_before_last_reply: bool,
    /// Called with a report every [`PROGRESS_EVERY`] nodes or [`PROGRESS_INTERVAL`], whichever
    /// comes first, and whenever a better tree is found
    /// (changes of the lower bound alone are reported with the next periodic report).
    pub progress: Option<ProgressCallback>,
    /// Search on every thread of the current rayon pool: the units of [`units::Plan`] share one
    /// memo and the best total found. The optimum and the proof are the same as on one thread;
    /// which of several optimal trees is returned can change from run to run, so results that
    /// must be reproducible search on one thread (the default).
    pub parallel: bool,
    /// When set to true, the search stops soon and returns its best tree with
    /// [`Solution::proved`] false.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Nodes between two progress reports. (The stop flag is read more often, every 1024 nodes.)
pub const PROGRESS_EVERY: u64 = 1 << 20;

/// The fewest codes a game needs before [`Rules::consistent_upper_bound`] applies. Measured on
/// 4x6, 5x5, 4x7 and 4x8: the search visits exactly as many nodes with that bound as without
/// (its move ordering finds the optimum's first guess at once), so below this size the extra
/// search only costs time (0.03 s at 4x6, 0.6 s at 4x8); above it a search is long, and the
/// consistent optimum's tree is the best one it has when stopped (5x6: 36 920 against the
/// heuristic's 37 460).
pub const CONSISTENT_BOUND_MIN_CODES: usize = 4096;

/// The longest time between two progress reports (read with the stop flag, every 1024 nodes).
pub const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

impl fmt::Debug for SolveOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveOptions")
            .field("max_depth", &self.max_depth)
            .field("consistent_only", &self.consistent_only)
            .field("possible_before_last_reply", &self.possible_before_last_reply)
            .field("rules", &self.rules)
            .field("parallel", &self.parallel)
            .field("progress", &self.progress.is_some())
            .field("stop", &self.stop)
            .finish()
    }
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The best tree found: optimal when [`proved`](Self::proved). A stopped search returns the
    /// first guess that beat the heuristic tree with its solved parts (when the memo is on), or
    /// else the heuristic tree.
    pub tree: StrategyTree,
    /// The tree's total number of guesses over all secrets.
    pub total: u64,
    /// Whether the search finished, so that `total` is the optimum.
    pub proved: bool,
    /// The proved lower bound on the optimum (equal to `total` when proved).
    pub lower_bound: u64,
    /// The total of the heuristic tree that gave the first upper bound (`None` when that rule is
    /// off or its tree breaks the depth limit).
    pub heuristic_total: Option<u64>,
    /// Nodes searched: every call of the recursive search, including single secrets, sets solved
    /// in closed form, memo hits and the final pass that reads the tree back from the memo; the
    /// heuristic tree built first is not counted.
    pub nodes_searched: u64,
    /// Nodes answered from the memo.
    pub memo_hits: u64,
    /// Entries of the memo at the end: (guesses left, canonical secret set) pairs that survived
    /// thinning.
    pub memo_entries: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
}

/// Whether the exact search can take `game` (its size and pegs), without building its tables:
/// what [`solve`] refuses as [`SolveError::TooLarge`], said in microseconds. Whether the machine
/// has the memory is [`memory_estimate`]'s question.
pub fn check_game(game: Game) -> Result<(), SolveError> {
    let fits = game.size().is_some_and(|size| size <= MAX_CODES as u64) && game.pegs() <= 8;
    if fits { Ok(()) } else { Err(SolveError::TooLarge { game }) }
}

/// The most memory a search of `game` holds, in bytes (`None` for a game it does not take):
/// the reply table (a byte for every pair of codes), the tables per code, the caches of guess
/// lists of two threads, and one memo at its limit ([`MEMO_BYTES`]). A search on more threads,
/// or split into units that share nothing, holds a memo per thread, each thinned at the same
/// limit; measured peaks stay well below this (4x9: 186 MB).
pub fn memory_estimate(game: Game) -> Option<u64> {
    check_game(game).ok()?;
    let codes = game.size()?;
    // Per code: its code, colours, ranks and masks in the context, a few lists of ranks.
    let per_code = 96;
    // Per thread: up to 4096 remembered guess lists of a bitmap and up to every rank each.
    let guess_lists = 2 * 4096 * (codes / 8 + 2 * codes).min(1 << 30);
    Some(codes * codes + per_code * codes + guess_lists + MEMO_BYTES as u64)
}

/// Why a search could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The game has more codes than a rank holds, or more than 8 pegs.
    #[error(
        "{game} has too many codes for the exact search (at most {MAX_CODES} codes and 8 pegs)"
    )]
    TooLarge {
        /// The game asked for.
        game: Game,
    },
    /// No strategy solves every secret within the depth limit.
    #[error("no strategy for {game} solves every secret within {max_depth} guesses")]
    Infeasible {
        /// The game asked for.
        game: Game,
        /// The depth limit asked for.
        max_depth: u32,
    },
    /// A search for the worst-case optimum was stopped before it found a feasible depth.
    #[error("the search for the worst-case optimum of {game} was stopped before it settled")]
    Stopped {
        /// The game asked for.
        game: Game,
    },
    /// A split search needs a known tree within the depth limit to set its units' budgets, and
    /// the heuristic found none.
    #[error("no known tree of {game} keeps within {max_depth} guesses to set the units' budgets")]
    NoKnownTree {
        /// The game asked for.
        game: Game,
        /// The depth limit asked for.
        max_depth: u32,
    },
    /// A unit's stored tree does not describe a tree over its secrets (a damaged part file).
    #[error("the tree stored for unit {unit} does not fit its secrets")]
    CorruptUnit {
        /// The unit's index in the plan.
        unit: usize,
    },
    /// The tree built from the search failed its shape check (a bug). The message includes the
    /// tree's error, which is therefore not also its [`source`](std::error::Error::source).
    #[error("the tree built from the search is malformed: {0}")]
    Tree(TreeError),
}
