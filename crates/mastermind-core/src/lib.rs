//! The scoring core of mastermind-lab: codes, feedback, consistency, partitions and the game driver.
//!
//! Everything every player in the lab needs, and nothing any one of them owns:
//!
//! - [`Game`]: a game size (`pegs x colours`), validated once.
//! - [`Code`]: a combination of coloured pegs in a packed form that scores in a few nanoseconds.
//! - [`Feedback`]: black and white pegs, with a dense index for counting partitions.
//! - [`score`](score::score) and the batch forms in [`score`](mod@score): the feedback function that sits under
//!   every experiment, checked against a plain [`reference_score`](score::reference_score).
//! - [`CodeSet`]: enumeration of the whole code space where it fits in memory.
//! - [`History`]: the turns played so far, consistency and distance to consistency.
//! - [`local_entropy`]: the local entropy of a candidate next to the guesses played (Runarsson &
//!   Merelo 2009, eq. 3).
//! - [`PackedCodes`]: the codes of a narrow game (up to 8 pegs) as two word arrays, scored
//!   against one guess with SIMD.
//! - [`words`]: codes as two machine words (`u64` or `u128`), and the one packed scoring kernel
//!   ([`Scorer`](words::Scorer)) under every batch scorer of the lab.
//! - [`equivalence`]: guess equivalence at a node (the stabiliser of the history, free and
//!   absent colours), which the exhaustive players use to score one guess per class.
//! - [`partition`]: partition statistics of a candidate guess against a set of codes, and the
//!   stable counting sort by reply ([`ReplySort`]) that splits a node's secrets.
//! - [`codemakers`]: the lying codemaker of the p-false game and the scripted one of fixed games.
//! - [`driver`]: the loop that plays one game, owns the counters (`guesses`, `evaluations`,
//!   `score_calls`, time) and hands players a counted [`Oracle`].
//! - [`InvalidParameter`]: the one error a player configuration is rejected with, naming the
//!   field by its path.
//! - [`seed`]: the RNG type of the whole lab and the derivation of per-game streams.
//! - [`progress`]: the [`Progress`](progress::Progress) a long computation counts its units
//!   into, shown by whoever runs it.
//!
//! Invariants: the core does no I/O, reads no clock except the driver's wall time per game, and
//! never draws randomness except from an RNG passed in explicitly.
#![deny(missing_docs)]

pub mod analysis;
pub mod code;
pub mod codemakers;
pub mod codeset;
pub mod driver;
pub mod equivalence;
pub mod feedback;
pub mod game;
pub mod history;
pub mod local_entropy;
pub mod packed;
pub mod parameter;
pub mod partition;
pub mod progress;
pub mod score;
pub mod seed;
pub mod words;

pub use code::Code;
pub use codemakers::lying::{FalseReplies, LiarError, LyingCodemaker, ReplyPool, false_reply_pool};
pub use codemakers::scripted::{Script, ScriptedCodemaker};
pub use codeset::CodeSet;
pub use driver::{
    Codemaker, Counters, FedTurns, GameEnd, GameOutcome, Oracle, Player, PlayerError, SecretOracle,
    Strategy, TruthfulCodemaker, play_game,
};
pub use feedback::Feedback;
pub use game::{Game, GameError};
pub use history::{History, Turn};
pub use packed::PackedCodes;
pub use parameter::{InvalidParameter, check_probability};
pub use partition::{PartitionCounter, PartitionStats, ReplySort};
pub use score::score;
pub use seed::{LabRng, derive_seed, rng_for};
