//! The messages of the referee protocol, one line each, and their parsing with typed errors.
//!
//! A line is words separated by spaces: a message name, its fixed words, then `key value` pairs
//! in any order. A reader ignores keys it does not know, so a later version can add keys without
//! breaking a program written for this one; anything else that does not parse is an error that
//! quotes the line. `PROTOCOL.md` at the top of the repository is the same grammar for people.

use mastermind_core::{Feedback, Game};
use std::fmt;
use thiserror::Error;

/// The protocol version this crate speaks, sent in `hello`.
pub const VERSION: u32 = 1;

/// The longest line quoted in an error: a line of garbage is cut here.
const QUOTED_CHARS: usize = 80;

/// A message from the referee to the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToProgram {
    /// The first line: the version, the game and the limits. The program answers `ready`.
    Hello(Hello),
    /// A game begins, with its seed. The program answers with its first guess.
    Game {
        /// The game's id, repeated by every message of the game.
        id: u64,
        /// The seed a program that draws random numbers seeds its generator with.
        seed: u64,
    },
    /// The reply to the program's latest guess; the game goes on and the program answers with
    /// its next guess.
    Reply {
        /// The game's id.
        id: u64,
        /// Black and white pegs.
        feedback: Feedback,
    },
    /// The game is over; the program answers nothing.
    End {
        /// The game's id.
        id: u64,
        /// Solved, or the guess cap reached.
        outcome: Outcome,
        /// The reply to the last guess (all black when solved).
        feedback: Feedback,
    },
}

/// What `hello` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hello {
    /// The protocol version.
    pub version: u32,
    /// Pegs, colours and whether a colour may repeat.
    pub game: Game,
    /// Guesses allowed per game, the winning one included.
    pub max_guesses: u32,
    /// Milliseconds the program has for each answer.
    pub move_ms: u64,
    /// Milliseconds the program has for each whole game.
    pub game_ms: u64,
    /// Bytes the program may write per game (a longer line counts against it too).
    pub output_bytes: u64,
}

/// How a game ended, as `end` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The last guess was the secret.
    Solved,
    /// The guess cap was reached without finding the secret.
    Cap,
}

impl Outcome {
    fn word(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Cap => "cap",
        }
    }
}

/// A message from the program to the referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromProgram {
    /// The answer to `hello`.
    Ready(Ready),
    /// A guess in a game.
    Guess(Guess),
}

/// What `ready` says: all of it optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ready {
    /// The version the program speaks, if it says (it must then be [`VERSION`]).
    pub version: Option<u32>,
    /// A name for the program, one word.
    pub name: Option<String>,
    /// Whether the program wants a fresh process for every game.
    pub process: ProcessUse,
}

/// How many games one process of the program plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProcessUse {
    /// Game after game, as long as it behaves (the default).
    #[default]
    Persistent,
    /// One game, then its standard input is closed and a new process starts the next game.
    PerGame,
}

/// What `guess` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guess {
    /// The game's id.
    pub id: u64,
    /// The code as written (checked against the game by the referee).
    pub code: String,
    /// Candidates the program examined to choose this guess, if it counts them.
    pub evaluations: Option<u64>,
    /// Feedback computations the program made to choose this guess, if it counts them.
    pub score_calls: Option<u64>,
}

/// A line that is not a message of the protocol.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// Nothing but spaces.
    #[error("an empty line")]
    Empty,
    /// The first word names no message that may come here.
    #[error("{line:?} is not a message (expected {expected})")]
    Unknown {
        /// The line, cut to a readable length.
        line: String,
        /// The messages that may come here.
        expected: &'static str,
    },
    /// A fixed word is missing.
    #[error("{line:?} lacks its {field}")]
    Missing {
        /// The line.
        line: String,
        /// What is missing.
        field: &'static str,
    },
    /// A word that must be a whole number is not one.
    #[error("{line:?}: {field} {value:?} is not a whole number")]
    NotANumber {
        /// The line.
        line: String,
        /// The field.
        field: &'static str,
        /// The word found.
        value: String,
    },
    /// A key without its value.
    #[error("{line:?}: the key {key:?} has no value (after the fixed words come key value pairs)")]
    Unpaired {
        /// The line.
        line: String,
        /// The key left alone.
        key: String,
    },
    /// A known key with a value it cannot take.
    #[error("{line:?}: {key} {value:?} is not allowed ({allowed})")]
    BadValue {
        /// The line.
        line: String,
        /// The key.
        key: &'static str,
        /// The value found.
        value: String,
        /// What it may be.
        allowed: &'static str,
    },
}

/// A line cut for quoting.
fn quoted(line: &str) -> String {
    if line.chars().count() <= QUOTED_CHARS {
        line.to_owned()
    } else {
        let cut: String = line.chars().take(QUOTED_CHARS).collect();
        format!("{cut}...")
    }
}

/// A line split into its message name, fixed words and key value pairs.
struct Words<'a> {
    line: &'a str,
    words: Vec<&'a str>,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Result<Words<'a>, ProtocolError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        if words.is_empty() {
            return Err(ProtocolError::Empty);
        }
        Ok(Words { line, words })
    }

    fn name(&self) -> &'a str {
        self.words[0]
    }

    /// The fixed word at `index` (the name is 0).
    fn fixed(&self, index: usize, field: &'static str) -> Result<&'a str, ProtocolError> {
        self.words
            .get(index)
            .copied()
            .ok_or_else(|| ProtocolError::Missing { line: quoted(self.line), field })
    }

    fn number<T: std::str::FromStr>(
        &self,
        value: &str,
        field: &'static str,
    ) -> Result<T, ProtocolError> {
        // Signs are refused: a count or an id is written in digits alone.
        let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        match value.parse() {
            Ok(n) if digits => Ok(n),
            _ => Err(ProtocolError::NotANumber {
                line: quoted(self.line),
                field,
                value: quoted(value),
            }),
        }
    }

    /// The key value pairs after `fixed` fixed words.
    fn pairs(&self, fixed: usize) -> Result<Vec<(&'a str, &'a str)>, ProtocolError> {
        let rest = &self.words[fixed.min(self.words.len())..];
        if rest.len() % 2 == 1 {
            return Err(ProtocolError::Unpaired {
                line: quoted(self.line),
                key: quoted(rest[rest.len() - 1]),
            });
        }
        Ok(rest.chunks(2).map(|pair| (pair[0], pair[1])).collect())
    }

    fn unknown(&self, expected: &'static str) -> ProtocolError {
        ProtocolError::Unknown { line: quoted(self.line), expected }
    }

    fn bad(&self, key: &'static str, value: &str, allowed: &'static str) -> ProtocolError {
        ProtocolError::BadValue { line: quoted(self.line), key, value: quoted(value), allowed }
    }
}

impl FromProgram {
    /// Parses a line the program wrote (without its line end).
    pub fn parse(line: &str) -> Result<FromProgram, ProtocolError> {
        let words = Words::new(line)?;
        match words.name() {
            "ready" => {
                let mut ready = Ready::default();
                for (key, value) in words.pairs(1)? {
                    match key {
                        "version" => ready.version = Some(words.number(value, "version")?),
                        "name" => ready.name = Some(value.to_owned()),
                        "process" => {
                            ready.process = match value {
                                "persistent" => ProcessUse::Persistent,
                                "per-game" => ProcessUse::PerGame,
                                _ => {
                                    return Err(words.bad(
                                        "process",
                                        value,
                                        "persistent or per-game",
                                    ));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                Ok(FromProgram::Ready(ready))
            }
            "guess" => {
                let id = words.number(words.fixed(1, "game id")?, "the game id")?;
                let code = words.fixed(2, "code")?.to_owned();
                let mut guess = Guess { id, code, evaluations: None, score_calls: None };
                for (key, value) in words.pairs(3)? {
                    match key {
                        "evaluations" => {
                            guess.evaluations = Some(words.number(value, key_of(key))?)
                        }
                        "score-calls" => {
                            guess.score_calls = Some(words.number(value, key_of(key))?)
                        }
                        _ => {}
                    }
                }
                Ok(FromProgram::Guess(guess))
            }
            _ => Err(words.unknown("ready or guess")),
        }
    }
}

/// The static name of a known key (for error messages).
fn key_of(key: &str) -> &'static str {
    match key {
        "evaluations" => "evaluations",
        "score-calls" => "score-calls",
        _ => "value",
    }
}

impl ToProgram {
    /// Parses a line the referee wrote (without its line end): what a program written in Rust
    /// reads.
    pub fn parse(line: &str) -> Result<ToProgram, ProtocolError> {
        let words = Words::new(line)?;
        match words.name() {
            "hello" => Ok(ToProgram::Hello(hello(&words, line)?)),
            "game" => {
                let id = words.number(words.fixed(1, "game id")?, "the game id")?;
                let mut seed = None;
                for (key, value) in words.pairs(2)? {
                    if key == "seed" {
                        seed = Some(words.number(value, "seed")?);
                    }
                }
                let seed =
                    seed.ok_or(ProtocolError::Missing { line: quoted(line), field: "seed" })?;
                Ok(ToProgram::Game { id, seed })
            }
            "reply" => {
                let id = words.number(words.fixed(1, "game id")?, "the game id")?;
                let feedback = feedback(&words, 2)?;
                Ok(ToProgram::Reply { id, feedback })
            }
            "end" => {
                let id = words.number(words.fixed(1, "game id")?, "the game id")?;
                let outcome = match words.fixed(2, "outcome")? {
                    "solved" => Outcome::Solved,
                    "cap" => Outcome::Cap,
                    other => return Err(words.bad("outcome", other, "solved or cap")),
                };
                let feedback = feedback(&words, 3)?;
                Ok(ToProgram::End { id, outcome, feedback })
            }
            _ => Err(words.unknown("hello, game, reply or end")),
        }
    }
}

/// The fields of a `hello` line (`line`, split into `words`): the game and the limits.
fn hello(words: &Words<'_>, line: &str) -> Result<Hello, ProtocolError> {
    let mut fields: [Option<u64>; 8] = [None; 8];
    const KEYS: [&str; 8] = [
        "version",
        "pegs",
        "colours",
        "repeats",
        "max-guesses",
        "move-ms",
        "game-ms",
        "output-bytes",
    ];
    for (key, value) in words.pairs(1)? {
        let Some(slot) = KEYS.iter().position(|k| *k == key) else { continue };
        fields[slot] = Some(if key == "repeats" {
            match value {
                "yes" => 1,
                "no" => 0,
                _ => return Err(words.bad("repeats", value, "yes or no")),
            }
        } else {
            words.number(value, KEYS[slot])?
        });
    }
    let get = |slot: usize| {
        fields[slot].ok_or_else(|| ProtocolError::Missing { line: quoted(line), field: KEYS[slot] })
    };
    let version = get(0)?;
    let (pegs, colours, repeats) = (get(1)?, get(2)?, get(3)? == 1);
    let pegs_u32 = u32::try_from(pegs).unwrap_or(u32::MAX);
    let colours_u32 = u32::try_from(colours).unwrap_or(u32::MAX);
    let game = if repeats {
        Game::new(pegs_u32, colours_u32)
    } else {
        Game::without_repeats(pegs_u32, colours_u32)
    }
    .map_err(|_| words.bad("pegs", &format!("{pegs}x{colours}"), "a game of the lab"))?;
    Ok(Hello {
        version: u32::try_from(version).unwrap_or(u32::MAX),
        game,
        max_guesses: u32::try_from(get(4)?).unwrap_or(u32::MAX),
        move_ms: get(5)?,
        game_ms: get(6)?,
        output_bytes: get(7)?,
    })
}

/// Black and white pegs at fixed words `at` and `at + 1`.
fn feedback(words: &Words<'_>, at: usize) -> Result<Feedback, ProtocolError> {
    let black: u8 = words.number(words.fixed(at, "black pegs")?, "black pegs")?;
    let white: u8 = words.number(words.fixed(at + 1, "white pegs")?, "white pegs")?;
    Ok(Feedback::new(black, white))
}

impl fmt::Display for ToProgram {
    /// The line as sent, without its line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToProgram::Hello(h) => write!(
                f,
                "hello version {} pegs {} colours {} repeats {} max-guesses {} move-ms {} \
                 game-ms {} output-bytes {}",
                h.version,
                h.game.pegs(),
                h.game.colours(),
                if h.game.repeats() { "yes" } else { "no" },
                h.max_guesses,
                h.move_ms,
                h.game_ms,
                h.output_bytes
            ),
            ToProgram::Game { id, seed } => write!(f, "game {id} seed {seed}"),
            ToProgram::Reply { id, feedback } => {
                write!(f, "reply {id} {} {}", feedback.black, feedback.white)
            }
            ToProgram::End { id, outcome, feedback } => {
                write!(f, "end {id} {} {} {}", outcome.word(), feedback.black, feedback.white)
            }
        }
    }
}

impl fmt::Display for FromProgram {
    /// The line as a program writes it, without its line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromProgram::Ready(ready) => {
                write!(f, "ready")?;
                if let Some(version) = ready.version {
                    write!(f, " version {version}")?;
                }
                if let Some(name) = &ready.name {
                    write!(f, " name {name}")?;
                }
                if ready.process == ProcessUse::PerGame {
                    write!(f, " process per-game")?;
                }
                Ok(())
            }
            FromProgram::Guess(guess) => {
                write!(f, "guess {} {}", guess.id, guess.code)?;
                if let Some(n) = guess.evaluations {
                    write!(f, " evaluations {n}")?;
                }
                if let Some(n) = guess.score_calls {
                    write!(f, " score-calls {n}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_round_trip_to_program(message: ToProgram, line: &str) {
        assert_eq!(message.to_string(), line);
        assert_eq!(ToProgram::parse(line), Ok(message));
    }

    #[test]
    fn every_referee_message_is_written_and_read_back() {
        let hello = Hello {
            version: VERSION,
            game: Game::without_repeats(4, 10).unwrap(),
            max_guesses: 12,
            move_ms: 2000,
            game_ms: 30000,
            output_bytes: 4096,
        };
        check_round_trip_to_program(
            ToProgram::Hello(hello),
            "hello version 1 pegs 4 colours 10 repeats no max-guesses 12 move-ms 2000 \
             game-ms 30000 output-bytes 4096",
        );
        check_round_trip_to_program(ToProgram::Game { id: 3, seed: 42 }, "game 3 seed 42");
        let feedback = Feedback::new(1, 2);
        check_round_trip_to_program(ToProgram::Reply { id: 3, feedback }, "reply 3 1 2");
        let outcome = Outcome::Cap;
        check_round_trip_to_program(ToProgram::End { id: 3, outcome, feedback }, "end 3 cap 1 2");
    }

    #[test]
    fn a_program_may_add_keys_in_any_order_and_unknown_ones_are_ignored() {
        let line = "guess 7 AABB  score-calls 12 mood happy evaluations 3\r";
        let FromProgram::Guess(guess) = FromProgram::parse(line).unwrap() else { panic!() };
        assert_eq!((guess.id, guess.code.as_str()), (7, "AABB"));
        assert_eq!((guess.evaluations, guess.score_calls), (Some(3), Some(12)));
        let ready = FromProgram::parse("ready process per-game name knuth.py").unwrap();
        let expected =
            Ready { version: None, name: Some("knuth.py".into()), process: ProcessUse::PerGame };
        assert_eq!(ready, FromProgram::Ready(expected));
        assert_eq!(FromProgram::parse("ready"), Ok(FromProgram::Ready(Ready::default())));
        let game = ToProgram::parse("game 1 future 9 seed 5").unwrap();
        assert_eq!(game, ToProgram::Game { id: 1, seed: 5 });
    }

    #[test]
    fn what_is_not_a_message_is_refused_with_the_line_quoted() {
        let refused = |line: &str| FromProgram::parse(line).unwrap_err().to_string();
        assert_eq!(FromProgram::parse("   "), Err(ProtocolError::Empty));
        assert!(refused("hello there").contains("\"hello there\" is not a message"));
        assert!(refused("guess").contains("lacks its game id"));
        assert!(refused("guess 1").contains("lacks its code"));
        assert!(refused("guess -1 AABB").contains("\"-1\" is not a whole number"));
        assert!(refused("guess 1 AABB evaluations").contains("has no value"));
        assert!(refused("guess 1 AABB evaluations many").contains("\"many\" is not a whole"));
        assert!(refused("ready process sometimes").contains("persistent or per-game"));
        let long = "x".repeat(500);
        let message = refused(&long);
        assert!(message.len() < 200 && message.contains("..."), "{message}");
        assert!(
            ToProgram::parse("hello version 1 pegs 4").unwrap_err().to_string().contains("colours")
        );
        assert!(
            ToProgram::parse("end 1 won 4 0").unwrap_err().to_string().contains("solved or cap")
        );
    }
}
