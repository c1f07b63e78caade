//! A one-ply player's tree built in pieces: one piece per reply to the first guess, each built,
//! stored and checked on its own, then merged into the whole tree's totals (or the tree itself).
//!
//! The subtrees under the first guess's replies are independent (a node's choice depends on its
//! history alone), so each is a unit of work: a process builds any of them, in any order, with
//! memory for that piece's secrets and the game's candidate lists only. [`PiecePlan`] names the
//! pieces of one tree (the first guess, and each reply with its number of secrets, found by
//! scoring every code with the plain definition of a reply); [`PiecePlan::build`] builds one;
//! [`PiecePlan::encode`] turns it into bytes, [`PiecePlan::check`] reads them back and
//! [`PiecePlan::merge`] adds the checked pieces into the whole tree's totals.
//!
//! A piece's bytes are one line of JSON, then the body:
//! - the header names the tree it belongs to ([`Stamp`]: format, game, player, first guess,
//!   number of pieces, the crate's version), the piece (its index, reply and secrets), what it
//!   holds (total guesses, the secrets solved at each depth, nodes), what building it cost
//!   ([`BuildStats`]) and how long it took ([`PieceRun`], measured by the caller), and the
//!   body's length and checksum;
//! - the body is the guess of every node in preorder (children in reply order) as its rank in
//!   the game, little-endian in as few bytes as the game's largest rank needs, except where the
//!   secrets decide it: a node of one secret plays it, and (for partition heuristics) a node of
//!   two plays the first in code order.
//!
//! Reading a piece trusts nothing in it: the body's length and checksum, then a replay of every
//! secret of the piece through the guesses with the plain definition of a reply (blacks
//! position by position, colours by counts), which rebuilds the subtree and its totals; the
//! header's totals must equal the replay's. So a piece truncated, edited, or from another game,
//! player or version is refused, and the error names the piece and what is wrong. The caller
//! (the `mastermind` binary) reads and writes the files; this module only turns pieces into
//! bytes and back.

mod format;
mod plan;
mod replay;
mod steps;

pub use format::{PieceHeader, PieceRun, PieceSummary, Stamp, fingerprint};
pub use plan::{Merged, Part, PiecePlan, PieceRecord};
pub use steps::{PieceSteps, StepOf, StepRecord};

use crate::build::BuildError;
use thiserror::Error;

pub use crate::build::{BuildStats, BuiltStep};

/// Why a piece was refused, or a merge could not be made. Every variant that concerns one piece
/// names it (`name`: what the caller called it, a file's path).
#[derive(Debug, Error)]
pub enum PieceError {
    /// The plan could not be made (the configuration has no tree, the game is too large).
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The piece's bytes are not a piece, or not a whole one.
    #[error("{name}: {what}")]
    Damaged {
        /// The piece's name.
        name: String,
        /// What is wrong with it.
        what: String,
    },
    /// The piece belongs to another tree: another game, player, first guess or version.
    #[error(
        "{name}: the piece belongs to another tree ({field}: {found} in the piece, {expected} \
         here); use another folder, or remove it to start again"
    )]
    OtherTree {
        /// The piece's name.
        name: String,
        /// The first field of the stamp that differs.
        field: &'static str,
        /// Its value in the piece.
        found: String,
        /// Its value in this plan.
        expected: String,
    },
    /// A piece's index is outside the plan.
    #[error("piece {index} does not exist: the tree has {pieces} pieces (0 to {last})", last = pieces - 1)]
    NoSuchPiece {
        /// The index asked for.
        index: usize,
        /// The plan's number of pieces.
        pieces: usize,
    },
    /// A merge was asked for while pieces are missing.
    #[error(
        "{} of {} pieces are missing (first: {}); build them, then merge again",
        missing.len(),
        pieces,
        missing.iter().take(8).map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
    )]
    Missing {
        /// The missing pieces' indices.
        missing: Vec<usize>,
        /// The plan's number of pieces.
        pieces: usize,
    },
    /// The caller could not store a step as it was built (its message says why).
    #[error("{0}")]
    Store(String),
    /// A built piece cannot be written in the format (a bug of the builder).
    #[error("the piece cannot be written: {0}")]
    Unwritable(String),
    /// The merged totals do not add up to the game (a bug, or pieces edited consistently).
    #[error("the merged tree is wrong: {0}")]
    Merge(String),
}
