//! The referee protocol: any program, in any language, plays the lab's games over its standard
//! input and output, one line a message (`PROTOCOL.md` at the top of the repository is the
//! protocol for the people who write such programs).
//!
//! - [`protocol`]: the messages, their text, and their parsing with typed errors.
//! - [`ProgramConfig`] ([`config`]): a program as a spec names it, with its limits.
//! - [`ProgramStrategy`] ([`player`]): a program as a core `Strategy`, so the driver plays,
//!   counts and times it like any player; one process per worker, kept between games.
//! - [`session`]: one started program, every answer checked (time, output, grammar, game id,
//!   code); [`process`]: the child process, never able to block the referee.
//! - [`RefereeError`] ([`error`]): every misbehaviour, one variant each; a game that meets one
//!   ends with it, and the program is killed.
//! - [`reaper`]: every running program, killed on Ctrl-C.
//! - [`serve`](serve::serve): the program's side, for the lab's own players.
//!
//! Invariants: a program never blocks the referee for longer than its limits (every read has a
//! deadline, every write is queued); a program is killed and waited for when it fails, when its
//! strategy is dropped and on Ctrl-C; the referee trusts nothing a program writes.
#![deny(missing_docs)]

pub mod config;
pub mod error;
pub mod player;
pub mod process;
pub mod protocol;
pub mod reaper;
pub mod serve;
pub mod session;

pub use config::{Limits, ProgramConfig};
pub use error::RefereeError;
pub use player::{DEFAULT_MAX_GUESSES, ProgramStrategy};
pub use protocol::{ProtocolError, VERSION};
