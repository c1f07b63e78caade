//! The other side of the protocol: any player of the lab, driven from the referee's lines, so a
//! program written with the lab's own players can be refereed like a foreign one (and the two
//! paths compared: a deterministic player gives the same games either way).

use crate::protocol::{FromProgram, Guess, Hello, ProtocolError, Ready, ToProgram, VERSION};
use mastermind_core::{Code, Counters, Game, History, LabRng, Oracle, Player};
use rand::SeedableRng;
use std::io::{BufRead, Write};
use thiserror::Error;

/// Why serving stopped before the referee closed the input.
#[derive(Debug, Error)]
pub enum ServeError {
    /// Reading or writing failed.
    #[error("reading or writing the protocol: {0}")]
    Io(#[from] std::io::Error),
    /// A line of the referee's did not parse.
    #[error("the referee's line does not parse: {0}")]
    Protocol(#[from] ProtocolError),
    /// The first line was not `hello`, or a later one was.
    #[error("{line:?} where {expected} was due")]
    Unexpected {
        /// The line.
        line: String,
        /// What was due.
        expected: &'static str,
    },
    /// The referee speaks another version.
    #[error("the referee speaks protocol version {0}, this program version {VERSION}")]
    Version(u32),
    /// A message named another game than the one in play.
    #[error("a message for game {got} while game {playing} is in play")]
    WrongGame {
        /// The game in play.
        playing: u64,
        /// The id the message named.
        got: u64,
    },
    /// The player cannot play this game.
    #[error("the player cannot play {game}: {reason}")]
    Refused {
        /// The game.
        game: Game,
        /// Why.
        reason: String,
    },
    /// The player gave up in a game.
    #[error("the player gave up in game {id}: {reason}")]
    GaveUp {
        /// The game's id.
        id: u64,
        /// Why.
        reason: String,
    },
}

/// Makes a fresh player for each game.
pub type NewPlayer = Box<dyn Fn() -> Box<dyn Player>>;

/// A game in play.
struct InPlay {
    id: u64,
    player: Box<dyn Player>,
    rng: LabRng,
    history: History,
    counters: Counters,
    last: Option<Code>,
}

/// Answers the referee on `input` and `output` until the input ends: `hello` is answered with
/// `ready` (with `ready`'s fields as given) once `prepare` has made the player for the game it
/// names; each game gets a fresh player whose random stream is seeded with the game's seed, and
/// each guess carries the evaluations and score calls the player's oracle counted for it.
/// Returns the number of games started.
pub fn serve(
    mut input: impl BufRead,
    mut output: impl Write,
    ready: Ready,
    prepare: impl FnOnce(&Hello) -> Result<NewPlayer, String>,
) -> Result<u64, ServeError> {
    let Some(line) = next_line(&mut input)? else { return Ok(0) };
    let ToProgram::Hello(hello) = ToProgram::parse(&line)? else {
        return Err(ServeError::Unexpected { line, expected: "hello" });
    };
    if hello.version != VERSION {
        return Err(ServeError::Version(hello.version));
    }
    let new_player =
        prepare(&hello).map_err(|reason| ServeError::Refused { game: hello.game, reason })?;
    writeln!(output, "{}", FromProgram::Ready(Ready { version: Some(VERSION), ..ready }))?;
    output.flush()?;
    let mut games = 0;
    let mut in_play: Option<InPlay> = None;
    while let Some(line) = next_line(&mut input)? {
        let message = ToProgram::parse(&line)?;
        match message {
            ToProgram::Hello(_) => {
                return Err(ServeError::Unexpected { line, expected: "game, reply or end" });
            }
            ToProgram::Game { id, seed } => {
                games += 1;
                let mut game = InPlay {
                    id,
                    player: new_player(),
                    rng: LabRng::seed_from_u64(seed),
                    history: History::new(hello.game),
                    counters: Counters::default(),
                    last: None,
                };
                write_guess(&mut game, &mut output)?;
                in_play = Some(game);
            }
            ToProgram::Reply { id, feedback } => {
                let game = playing(&mut in_play, id, &line)?;
                if let Some(last) = game.last {
                    game.history.push(last, feedback);
                }
                write_guess(game, &mut output)?;
            }
            ToProgram::End { id, .. } => {
                playing(&mut in_play, id, &line)?;
                in_play = None;
            }
        }
    }
    Ok(games)
}

/// The game in play, which `id` must name.
fn playing<'a>(
    in_play: &'a mut Option<InPlay>,
    id: u64,
    line: &str,
) -> Result<&'a mut InPlay, ServeError> {
    match in_play {
        Some(game) if game.id != id => Err(ServeError::WrongGame { playing: game.id, got: id }),
        Some(game) => Ok(game),
        None => Err(ServeError::Unexpected { line: line.to_owned(), expected: "game" }),
    }
}

/// The player's next guess, written with what choosing it cost.
fn write_guess(game: &mut InPlay, output: &mut impl Write) -> Result<(), ServeError> {
    let before = game.counters;
    let mut oracle = Oracle::new(&game.history, &mut game.counters);
    let code = game
        .player
        .next_guess(&mut oracle, &mut game.rng)
        .map_err(|e| ServeError::GaveUp { id: game.id, reason: e.0 })?;
    game.last = Some(code);
    let guess = Guess {
        id: game.id,
        code: code.to_string(),
        evaluations: Some(game.counters.evaluations - before.evaluations),
        score_calls: Some(game.counters.score_calls - before.score_calls),
    };
    writeln!(output, "{}", FromProgram::Guess(guess))?;
    output.flush()?;
    Ok(())
}

/// The next line without its line end, or `None` at the end of the input.
fn next_line(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim_end_matches(['\n', '\r']).to_owned()))
}
