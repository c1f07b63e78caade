//! [`ProgramStrategy`]: a program as one of the lab's players, through the core's `Strategy` and
//! `Player`, so that the driver plays it, counts it and times it like any other.
//!
//! A strategy keeps the programs that are between games (one per thread that played, at most),
//! so a program is started once per worker, not once per game, unless it asks for a fresh
//! process each game (`ready process per-game`). A game's player takes an idle program or starts
//! one when it is made, before the driver's clock starts, so a game's time never counts a
//! program's start; it gives the program back when the game is over. A program that failed is
//! killed instead, and the next game starts a new one. If a program cannot start, every later game of the strategy fails
//! with that first error at once, without trying again.
//!
//! Each game's seed is the first number drawn from the game's own stream, so a program that
//! seeds its generator with it plays the same games whatever the number of threads.

use crate::config::{Limits, ProgramConfig};
use crate::error::RefereeError;
use crate::protocol::Outcome;
use crate::session::{Move, Session};
use mastermind_core::{
    Code, Feedback, Game, GameEnd, History, InvalidParameter, LabRng, Oracle, Player, PlayerError,
    Strategy,
};
use rand::Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The guess cap told to a program when its caller gives none.
pub const DEFAULT_MAX_GUESSES: u32 = 100;

/// A program, validated for one game, with its idle processes.
pub struct ProgramStrategy {
    pool: Arc<Pool>,
}

/// What the players of one strategy share.
struct Pool {
    config: ProgramConfig,
    limits: Limits,
    game: Game,
    max_guesses: u32,
    idle: Mutex<Vec<Session>>,
    start_failure: Mutex<Option<RefereeError>>,
    next_id: AtomicU64,
    name: Mutex<Option<String>>,
}

impl ProgramStrategy {
    /// Checks `config` for `game`, whose guess cap is `max_guesses` (told to the program in
    /// `hello`). No program is started until a game needs one.
    pub fn new(
        config: ProgramConfig,
        game: Game,
        max_guesses: u32,
    ) -> Result<ProgramStrategy, InvalidParameter> {
        let limits = config.limits()?;
        if max_guesses == 0 {
            return Err(InvalidParameter::new("max_guesses", 0, "at least 1"));
        }
        let pool = Pool {
            config,
            limits,
            game,
            max_guesses,
            idle: Mutex::new(Vec::new()),
            start_failure: Mutex::new(None),
            next_id: AtomicU64::new(1),
            name: Mutex::new(None),
        };
        Ok(ProgramStrategy { pool: Arc::new(pool) })
    }

    /// The name the program gave in `ready`, once one has started and given one.
    pub fn program_name(&self) -> Option<String> {
        self.pool.name.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Starts a program and waits for its `ready`, to learn early whether it starts at all; the
    /// program is kept for the first game.
    pub fn warm_up(&self) -> Result<(), RefereeError> {
        let session = self.pool.checkout()?;
        self.pool.checkin(session);
        Ok(())
    }
}

impl Strategy for ProgramStrategy {
    /// A player holding its program already (an idle one, or one started now), so that the
    /// game's time, which the driver measures from its first guess, does not count the start.
    fn new_player(&self) -> Box<dyn Player> {
        let (session, failure) = match self.pool.checkout() {
            Ok(session) => (Some(session), None),
            Err(error) => (None, Some(error)),
        };
        Box::new(ProgramPlayer { pool: Arc::clone(&self.pool), session, failure, started: false })
    }
}

impl Pool {
    /// An idle program, or a new one.
    fn checkout(&self) -> Result<Session, RefereeError> {
        if let Some(first) = &*self.start_failure.lock().unwrap_or_else(PoisonError::into_inner) {
            return Err(RefereeError::StartFailed(Box::new(first.clone())));
        }
        if let Some(session) = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop() {
            return Ok(session);
        }
        match Session::start(&self.config, self.limits, self.game, self.max_guesses) {
            Ok(session) => {
                if let Some(name) = &session.ready().name {
                    self.name
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(name.clone());
                }
                Ok(session)
            }
            Err(e) => {
                self.start_failure
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert_with(|| e.clone());
                Err(e)
            }
        }
    }

    /// Keeps a program that finished its game well, unless it asked for one game a process.
    fn checkin(&self, session: Session) {
        if session.persistent() {
            self.idle.lock().unwrap_or_else(PoisonError::into_inner).push(session);
        }
    }
}

/// One game of a program.
struct ProgramPlayer {
    pool: Arc<Pool>,
    /// The program, until the game is over or the program fails.
    session: Option<Session>,
    /// Why no program could be had, told at the first guess.
    failure: Option<RefereeError>,
    started: bool,
}

impl ProgramPlayer {
    fn next_move(&mut self, history: &History, rng: &mut LabRng) -> Result<Move, RefereeError> {
        if let Some(failure) = self.failure.take() {
            return Err(failure);
        }
        let Some(session) = &mut self.session else {
            unreachable!("a player whose program failed is not asked again")
        };
        if !self.started {
            self.started = true;
            let id = self.pool.next_id.fetch_add(1, Ordering::Relaxed);
            return session.begin(id, rng.next_u64());
        }
        session.reply(history.last().map_or(Feedback::default(), |turn| turn.feedback))
    }
}

impl Drop for ProgramPlayer {
    /// A program that never began its game goes back to the pool; one left mid-game is closed.
    fn drop(&mut self) {
        if let Some(session) = self.session.take() {
            if !self.started {
                self.pool.checkin(session);
            }
        }
    }
}

impl Player for ProgramPlayer {
    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        match self.next_move(oracle.history(), rng) {
            Ok(answer) => {
                oracle.stated_by_program(answer.evaluations, answer.score_calls);
                Ok(answer.code)
            }
            Err(error) => {
                if let Some(session) = self.session.take() {
                    session.kill();
                }
                Err(PlayerError(error.to_string()))
            }
        }
    }

    fn game_over(&mut self, end: &GameEnd, history: &History) {
        let Some(mut session) = self.session.take() else { return };
        let outcome = if *end == GameEnd::Solved { Outcome::Solved } else { Outcome::Cap };
        let feedback = history.last().map_or(Feedback::default(), |turn| turn.feedback);
        match session.end(outcome, feedback) {
            Ok(()) => self.pool.checkin(session),
            Err(_) => session.kill(),
        }
    }
}
