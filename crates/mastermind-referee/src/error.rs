//! [`RefereeError`]: every way a program can fail a game, one variant each.

use crate::protocol::ProtocolError;
use std::time::Duration;
use thiserror::Error;

/// Why a game (or every game of a program that cannot start) failed. The referee stops the
/// program at the first one, so that a misbehaving process never plays on; the next game starts
/// a fresh one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RefereeError {
    /// The command could not be run at all (no such file, not executable).
    #[error("the program never started: `{command}` cannot be run: {reason}")]
    CannotRun {
        /// The command line.
        command: String,
        /// What the operating system said.
        reason: String,
    },
    /// The program ran but did not answer `hello` with `ready`.
    #[error("the program never started: `{command}` did not answer hello: {cause}")]
    NeverReady {
        /// The command line.
        command: String,
        /// What went wrong instead.
        cause: Box<RefereeError>,
    },
    /// The program spoke another version of the protocol.
    #[error("the program speaks protocol version {spoken}, the referee version {speaks}")]
    Version {
        /// The version in its `ready`.
        spoken: u32,
        /// The referee's.
        speaks: u32,
    },
    /// No `ready` within the time to start.
    #[error("start time limit: no answer within {} s (a program that writes `ready` without flushing its output looks like this)", seconds(*limit))]
    StartTimeout {
        /// The limit.
        limit: Duration,
    },
    /// No answer within the time for one move.
    #[error("move time limit: no answer within {} s", seconds(*limit))]
    MoveTimeout {
        /// The limit.
        limit: Duration,
    },
    /// The game went on past the time for one game.
    #[error("game time limit: the game was not over within {} s", seconds(*limit))]
    GameTimeout {
        /// The limit.
        limit: Duration,
    },
    /// The program wrote more in one game than it may.
    #[error("output limit: the program wrote more than {limit} bytes in one game{}", if *in_one_line { " (in one line)" } else { "" })]
    OutputFlood {
        /// The limit in bytes.
        limit: u64,
        /// Whether a single line passed it.
        in_one_line: bool,
    },
    /// A line that is not a message of the protocol.
    #[error("garbage: {0}")]
    Garbage(ProtocolError),
    /// A message of the protocol where another was due (`ready` in a game, say).
    #[error("unexpected message: {line:?} where {expected} was due")]
    Unexpected {
        /// The line.
        line: String,
        /// What was due.
        expected: &'static str,
    },
    /// A guess that is not a code of the game.
    #[error("invalid code: {code:?} is not a code of {game}: {reason}")]
    InvalidCode {
        /// The code as written.
        code: String,
        /// The game.
        game: String,
        /// Why.
        reason: String,
    },
    /// A guess for another game than the one being played.
    #[error("wrong game: a guess for game {got} while game {expected} is being played")]
    WrongGame {
        /// The game being played.
        expected: u64,
        /// The id the guess named.
        got: u64,
    },
    /// The program's output ended (it exited, or closed its standard output) mid-game.
    #[error("the program ended mid-game ({status}){}", stderr_tail(stderr))]
    Exited {
        /// Its exit status, as the operating system gives it.
        status: String,
        /// The end of what it wrote on its standard error.
        stderr: String,
    },
    /// The referee could not write to the program (its input closed).
    #[error("the program stopped reading its input ({reason}){}", stderr_tail(stderr))]
    Unwritable {
        /// What the operating system said.
        reason: String,
        /// The end of what it wrote on its standard error.
        stderr: String,
    },
    /// An earlier start of the same program failed: every game of the arm carries that error
    /// without starting the program again.
    #[error("{0}")]
    StartFailed(Box<RefereeError>),
}

impl RefereeError {
    /// A short, stable name of the failure (`timeout-move`, `garbage`, ...), for tables and
    /// tests.
    pub fn kind(&self) -> &'static str {
        match self {
            RefereeError::CannotRun { .. } | RefereeError::NeverReady { .. } => "never-started",
            RefereeError::Version { .. } => "version",
            RefereeError::StartTimeout { .. } => "start-timeout",
            RefereeError::MoveTimeout { .. } => "move-timeout",
            RefereeError::GameTimeout { .. } => "game-timeout",
            RefereeError::OutputFlood { .. } => "output-flood",
            RefereeError::Garbage(_) => "garbage",
            RefereeError::Unexpected { .. } => "unexpected",
            RefereeError::InvalidCode { .. } => "invalid-code",
            RefereeError::WrongGame { .. } => "wrong-game",
            RefereeError::Exited { .. } | RefereeError::Unwritable { .. } => "crash",
            RefereeError::StartFailed(first) => first.kind(),
        }
    }
}

fn seconds(limit: Duration) -> String {
    let s = limit.as_secs_f64();
    if s.fract() == 0.0 { format!("{s:.0}") } else { format!("{s}") }
}

fn stderr_tail(stderr: &str) -> String {
    let trimmed = stderr.trim();
    if trimmed.is_empty() {
        String::new()
    } else {
        format!("; its standard error ended with: {trimmed}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_failure_first() {
        let timeout = RefereeError::MoveTimeout { limit: Duration::from_millis(1500) };
        assert_eq!(timeout.to_string(), "move time limit: no answer within 1.5 s");
        assert_eq!(timeout.kind(), "move-timeout");
        let crash =
            RefereeError::Exited { status: "exit status: 3".into(), stderr: "boom\n".into() };
        assert_eq!(
            crash.to_string(),
            "the program ended mid-game (exit status: 3); its standard error ended with: boom"
        );
        let cause = Box::new(crash.clone());
        let never = RefereeError::NeverReady { command: "./p".into(), cause };
        assert_eq!(never.kind(), "never-started");
        assert!(never.to_string().starts_with("the program never started: `./p`"));
        assert_eq!(RefereeError::StartFailed(Box::new(never.clone())).kind(), "never-started");
        assert_eq!(
            RefereeError::StartFailed(Box::new(never.clone())).to_string(),
            never.to_string()
        );
    }
}
