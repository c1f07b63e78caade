//! [`ProgramConfig`]: a program as a spec (or the command line) names it, with its limits.

use mastermind_core::InvalidParameter;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

/// A program that plays through the referee protocol: the command that starts it and the limits
/// it plays under. In a spec: `Program((command: ["python3", "players/python/knuth.py"]))`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProgramConfig {
    /// The program and its arguments, started without a shell. The lab starts it in the
    /// checkout's root, so a relative path is relative to it.
    pub command: Vec<String>,
    /// Seconds the program has to answer `hello` (loading a library, enumerating codes).
    pub start_seconds: f64,
    /// Seconds the program has for each guess.
    pub move_seconds: f64,
    /// Seconds the program has for each whole game.
    pub game_seconds: f64,
    /// Bytes the program may write in one game (a longer line counts too).
    pub output_bytes: u64,
    /// What a game is expected to take, in seconds, for the budget checked before a run; the
    /// per-game limit when not given (an upper bound).
    pub seconds_per_game: Option<f64>,
    /// Where the program starts (not part of the spec: the lab sets the checkout's root; none is
    /// the current directory).
    #[serde(skip)]
    pub working_dir: Option<PathBuf>,
    /// The guess cap told to the program in `hello` (not part of the spec: the lab sets the
    /// games' cap; none is [`DEFAULT_MAX_GUESSES`](crate::DEFAULT_MAX_GUESSES)).
    #[serde(skip)]
    pub max_guesses: Option<u32>,
}

impl Default for ProgramConfig {
    fn default() -> ProgramConfig {
        ProgramConfig {
            command: Vec::new(),
            start_seconds: 10.0,
            move_seconds: 10.0,
            game_seconds: 120.0,
            output_bytes: 64 * 1024,
            seconds_per_game: None,
            working_dir: None,
            max_guesses: None,
        }
    }
}

/// The longest limit in seconds a configuration may set (a day): beyond it a number is a typo.
const MAX_SECONDS: f64 = 86_400.0;

/// The least output a game may be allowed: every message fits many times over.
const MIN_OUTPUT_BYTES: u64 = 256;

/// The limits of a checked configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// From start to `ready`.
    pub start: Duration,
    /// Per answer.
    pub per_move: Duration,
    /// Per game.
    pub per_game: Duration,
    /// Bytes written per game.
    pub output_bytes: u64,
}

impl ProgramConfig {
    /// A configuration that runs `command` with the default limits.
    pub fn new<S: Into<String>>(command: impl IntoIterator<Item = S>) -> ProgramConfig {
        ProgramConfig {
            command: command.into_iter().map(Into::into).collect(),
            ..ProgramConfig::default()
        }
    }

    /// Checks the command and the limits; the error names the field.
    pub fn limits(&self) -> Result<Limits, InvalidParameter> {
        match self.command.first() {
            None => {
                return Err(InvalidParameter::refused(
                    "command",
                    "[]",
                    "names no program: give the program and its arguments, \
                     e.g. [\"python3\", \"players/python/knuth.py\"]",
                ));
            }
            Some(program) if program.trim().is_empty() => {
                return Err(InvalidParameter::refused("command", "\"\"", "names no program"));
            }
            Some(_) => {}
        }
        let seconds = |field: &str, value: f64| {
            if value.is_finite() && value > 0.0 && value <= MAX_SECONDS {
                Ok(Duration::from_secs_f64(value))
            } else {
                Err(InvalidParameter::new(field, value, "a number of seconds above 0, up to a day"))
            }
        };
        let limits = Limits {
            start: seconds("start_seconds", self.start_seconds)?,
            per_move: seconds("move_seconds", self.move_seconds)?,
            per_game: seconds("game_seconds", self.game_seconds)?,
            output_bytes: self.output_bytes,
        };
        if self.output_bytes < MIN_OUTPUT_BYTES {
            return Err(InvalidParameter::new(
                "output_bytes",
                self.output_bytes,
                &format!("at least {MIN_OUTPUT_BYTES}"),
            ));
        }
        if let Some(estimate) = self.seconds_per_game {
            if !(estimate.is_finite() && estimate >= 0.0) {
                return Err(InvalidParameter::new(
                    "seconds_per_game",
                    estimate,
                    "a number of seconds, 0 or more",
                ));
            }
        }
        Ok(limits)
    }

    /// The command as one line, for messages and summaries.
    pub fn command_line(&self) -> String {
        self.command.join(" ")
    }

    /// Seconds a game is expected to take, for a budget: the estimate given, or the per-game
    /// limit.
    pub fn budget_seconds_per_game(&self) -> f64 {
        self.seconds_per_game.unwrap_or(self.game_seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configuration_is_checked_field_by_field() {
        assert_eq!(ProgramConfig::default().limits().unwrap_err().field, "command");
        let good = ProgramConfig::new(["python3", "knuth.py"]);
        let limits = good.limits().unwrap();
        assert_eq!(limits.per_move, Duration::from_secs(10));
        assert_eq!(good.command_line(), "python3 knuth.py");
        let refused = |config: ProgramConfig| config.limits().unwrap_err().field;
        assert_eq!(refused(ProgramConfig { move_seconds: 0.0, ..good.clone() }), "move_seconds");
        let nan = ProgramConfig { game_seconds: f64::NAN, ..good.clone() };
        assert_eq!(refused(nan), "game_seconds");
        assert_eq!(refused(ProgramConfig { output_bytes: 10, ..good.clone() }), "output_bytes");
        let estimate = ProgramConfig { seconds_per_game: Some(-1.0), ..good.clone() };
        assert_eq!(refused(estimate), "seconds_per_game");
        assert_eq!(good.budget_seconds_per_game(), 120.0);
    }
}
