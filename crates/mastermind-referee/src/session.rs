//! [`Session`]: a program that has answered `hello`, played one message at a time.
//!
//! Every answer is checked here: it must come in time, fit the output limit, parse, be a guess
//! (not `ready` again), name the game being played and be a code of the game. The first failure
//! is the game's error; the caller then drops the session, which kills the program.

use crate::config::{Limits, ProgramConfig};
use crate::error::RefereeError;
use crate::process::{Deadline, Process};
use crate::protocol::{FromProgram, Hello, Outcome, ProcessUse, Ready, ToProgram, VERSION};
use mastermind_core::{Code, Feedback, Game};
use std::time::{Duration, Instant};

/// A guess as the referee accepts it: a code of the game, and the program's own counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The code.
    pub code: Code,
    /// Candidates examined for it, as the program reports them (0 when it does not).
    pub evaluations: u64,
    /// Feedback computations for it, as the program reports them (0 when it does not).
    pub score_calls: u64,
    /// Whether the program reported evaluations.
    pub reports_evaluations: bool,
}

/// A started program.
pub struct Session {
    process: Process,
    limits: Limits,
    game: Game,
    ready: Ready,
    /// The game being played and its deadline.
    playing: Option<(u64, Instant)>,
}

impl Session {
    /// Starts `config`'s program, says hello for `game` with a cap of `max_guesses`, and waits
    /// for `ready`. Any failure is [`RefereeError::CannotRun`] or [`RefereeError::NeverReady`].
    pub fn start(
        config: &ProgramConfig,
        limits: Limits,
        game: Game,
        max_guesses: u32,
    ) -> Result<Session, RefereeError> {
        let command = config.command_line();
        let process =
            Process::spawn(&config.command, config.working_dir.as_deref(), limits.output_bytes)
                .map_err(|e| RefereeError::CannotRun {
                    command: command.clone(),
                    reason: e.to_string(),
                })?;
        let mut session = Session { process, limits, game, ready: Ready::default(), playing: None };
        let hello = Hello {
            version: VERSION,
            game,
            max_guesses,
            move_ms: millis(limits.per_move),
            game_ms: millis(limits.per_game),
            output_bytes: limits.output_bytes,
        };
        session
            .handshake(hello)
            .map_err(|cause| RefereeError::NeverReady { command, cause: Box::new(cause) })?;
        Ok(session)
    }

    fn handshake(&mut self, hello: Hello) -> Result<(), RefereeError> {
        self.process.send(&ToProgram::Hello(hello).to_string())?;
        let deadline = Deadline {
            by: Instant::now() + self.limits.start,
            error: |limit| RefereeError::StartTimeout { limit },
            limit: self.limits.start,
        };
        let line = self.process.receive(deadline)?;
        match FromProgram::parse(&line).map_err(RefereeError::Garbage)? {
            FromProgram::Ready(ready) => {
                if let Some(spoken) = ready.version.filter(|v| *v != VERSION) {
                    return Err(RefereeError::Version { spoken, speaks: VERSION });
                }
                self.ready = ready;
                Ok(())
            }
            FromProgram::Guess(_) => Err(RefereeError::Unexpected { line, expected: "ready" }),
        }
    }

    /// What the program said in `ready`.
    pub fn ready(&self) -> &Ready {
        &self.ready
    }

    /// Whether the program may play another game after this one.
    pub fn persistent(&self) -> bool {
        self.ready.process == ProcessUse::Persistent
    }

    /// Starts game `id` with `seed`; the program's first guess.
    pub fn begin(&mut self, id: u64, seed: u64) -> Result<Move, RefereeError> {
        self.playing = Some((id, Instant::now() + self.limits.per_game));
        self.process.reset_output();
        self.process.send(&ToProgram::Game { id, seed }.to_string())?;
        self.answer(id)
    }

    /// Sends the reply to the latest guess of the game being played; the next guess.
    pub fn reply(&mut self, feedback: Feedback) -> Result<Move, RefereeError> {
        let id = self.current();
        self.process.send(&ToProgram::Reply { id, feedback }.to_string())?;
        self.answer(id)
    }

    /// Tells the program the game is over.
    pub fn end(&mut self, outcome: Outcome, feedback: Feedback) -> Result<(), RefereeError> {
        let id = self.current();
        self.playing = None;
        self.process.send(&ToProgram::End { id, outcome, feedback }.to_string())
    }

    fn current(&self) -> u64 {
        self.playing.map_or(0, |(id, _)| id)
    }

    /// The program's answer in game `id`, checked.
    fn answer(&mut self, id: u64) -> Result<Move, RefereeError> {
        let game_by = self.playing.map_or_else(Instant::now, |(_, by)| by);
        let deadline = Deadline::answer(self.limits.per_move, game_by, self.limits.per_game);
        let line = self.process.receive(deadline)?;
        let guess = match FromProgram::parse(&line).map_err(RefereeError::Garbage)? {
            FromProgram::Guess(guess) => guess,
            FromProgram::Ready(_) => {
                return Err(RefereeError::Unexpected { line, expected: "a guess" });
            }
        };
        if guess.id != id {
            return Err(RefereeError::WrongGame { expected: id, got: guess.id });
        }
        let code = Code::parse(self.game, &guess.code).map_err(|e| RefereeError::InvalidCode {
            code: guess.code.clone(),
            game: self.game.to_string(),
            reason: e.to_string(),
        })?;
        Ok(Move {
            code,
            evaluations: guess.evaluations.unwrap_or(0),
            score_calls: guess.score_calls.unwrap_or(0),
            reports_evaluations: guess.evaluations.is_some(),
        })
    }

    /// Kills the program now (after a failure).
    pub fn kill(self) {
        self.process.kill();
    }
}

fn millis(limit: Duration) -> u64 {
    u64::try_from(limit.as_millis()).unwrap_or(u64::MAX)
}
