//! The size of a game: number of pegs, number of colours and whether a code may repeat a colour,
//! validated once.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest number of pegs a [`Code`](crate::Code) can hold.
pub const MAX_PEGS: u8 = 16;
/// The largest number of colours (codes print colours as the letters `A..=Z`).
pub const MAX_COLOURS: u8 = 26;

/// Why a game size or a code was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The number of pegs is outside `1..=16`.
    #[error("a game has 1 to {MAX_PEGS} pegs, not {0}")]
    Pegs(u32),
    /// The number of colours is outside `2..=26`.
    #[error("a game has 2 to {MAX_COLOURS} colours, not {0}")]
    Colours(u32),
    /// A game without repeated colours needs at least as many colours as pegs.
    #[error(
        "a game without repeated colours needs at least as many colours as pegs: {pegs} pegs, \
         {colours} colours"
    )]
    TooFewColoursWithoutRepeats {
        /// Pegs of the game.
        pegs: u32,
        /// Colours of the game.
        colours: u32,
    },
    /// A code repeats a colour in a game whose codes may not.
    #[error(
        "the code {text:?} repeats the colour {letter:?}; this game's codes use each colour at most once"
    )]
    RepeatedColour {
        /// The code as written.
        text: String,
        /// The first repeated colour.
        letter: char,
    },
    /// The code space is too large to enumerate within the given limit (`size` saturates at
    /// `u64::MAX`; the message gives the true count).
    #[error(
        "the {pegs} pegs x {colours} colours game has {} codes, more than the {limit} that may be \
         held in memory ({bytes} bytes each); use a player that does not enumerate the code set, or a \
         smaller game",
        code_count(*pegs, *colours, *size)
    )]
    TooLargeToEnumerate {
        /// Pegs of the game.
        pegs: u8,
        /// Colours of the game.
        colours: u8,
        /// The number of codes ([`Game::size`]), saturated at `u64::MAX`.
        size: u64,
        /// The enumeration limit in codes.
        limit: u64,
        /// Memory per code.
        bytes: usize,
    },
    /// A code's text has the wrong length for the game.
    #[error("the code {text:?} has {len} pegs; this game has {pegs}")]
    CodeLength {
        /// The code as written.
        text: String,
        /// Its length.
        len: usize,
        /// Pegs of the game.
        pegs: u8,
    },
    /// A code's text uses a letter that is not a colour of the game.
    #[error("the code {text:?} uses {letter:?}, but this game's colours are A to {last}")]
    CodeColour {
        /// The code as written.
        text: String,
        /// The offending character.
        letter: char,
        /// The last valid colour letter.
        last: char,
    },
}

/// A game size: `pegs` positions, each one of `colours` colours, and whether a code may use a
/// colour more than once (Mastermind: yes, `colours ^ pegs` codes; Bulls and Cows: no,
/// `colours! / (colours - pegs)!` codes).
///
/// The papers disagree on notation; this type always says pegs first, as in `4x6` for classic
/// Mastermind (Snyder writes the same game as `6/4`). A game without repeats prints as
/// `4x10 no-repeat`.
///
/// Guesses and secrets are codes of the same game: in a game without repeats neither repeats a
/// colour. Feedback and consistency do not depend on the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawGame", into = "RawGame")]
pub struct Game {
    pegs: u8,
    colours: u8,
    repeats: bool,
}

/// The serialised form of [`Game`], validated on conversion; `repeats: true` (the default) is
/// omitted, so every game written before the rule existed reads and writes as it did.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    pegs: u32,
    colours: u32,
    #[serde(default = "repeats_by_default", skip_serializing_if = "is_true")]
    repeats: bool,
}

fn repeats_by_default() -> bool {
    true
}

fn is_true(repeats: &bool) -> bool {
    *repeats
}

impl TryFrom<RawGame> for Game {
    type Error = GameError;
    fn try_from(raw: RawGame) -> Result<Self, GameError> {
        Game::with_rule(raw.pegs, raw.colours, raw.repeats)
    }
}

impl From<Game> for RawGame {
    fn from(game: Game) -> Self {
        RawGame { pegs: game.pegs.into(), colours: game.colours.into(), repeats: game.repeats }
    }
}

impl Game {
    /// Classic Mastermind: 4 pegs, 6 colours.
    pub const CLASSIC: Game = Game { pegs: 4, colours: 6, repeats: true };

    /// Bulls and Cows: 4 pegs, 10 colours (the digits), no colour repeated (5040 codes).
    pub const BULLS_AND_COWS: Game = Game { pegs: 4, colours: 10, repeats: false };

    /// A validated game size whose codes may repeat colours.
    pub fn new(pegs: u32, colours: u32) -> Result<Game, GameError> {
        Game::with_rule(pegs, colours, true)
    }

    /// A validated game size whose codes use each colour at most once.
    pub fn without_repeats(pegs: u32, colours: u32) -> Result<Game, GameError> {
        Game::with_rule(pegs, colours, false)
    }

    /// A validated game size, with codes that may repeat colours when `repeats` is true.
    pub fn with_rule(pegs: u32, colours: u32, repeats: bool) -> Result<Game, GameError> {
        if !(1..=u32::from(MAX_PEGS)).contains(&pegs) {
            return Err(GameError::Pegs(pegs));
        }
        if !(2..=u32::from(MAX_COLOURS)).contains(&colours) {
            return Err(GameError::Colours(colours));
        }
        if !repeats && pegs > colours {
            return Err(GameError::TooFewColoursWithoutRepeats { pegs, colours });
        }
        Ok(Game { pegs: pegs as u8, colours: colours as u8, repeats })
    }

    /// Whether a code may use a colour more than once.
    pub fn repeats(self) -> bool {
        self.repeats
    }

    /// Number of pegs (positions) in a code.
    pub fn pegs(self) -> u8 {
        self.pegs
    }

    /// Number of colours.
    pub fn colours(self) -> u8 {
        self.colours
    }

    /// Size of the code space, or `None` if it overflows `u64`: `colours ^ pegs` with repeats,
    /// `colours! / (colours - pegs)!` without.
    pub fn size(self) -> Option<u64> {
        code_space(self.pegs, self.colours, self.repeats)
    }

    /// Size of the code space as a float, for estimates: exact up to 2^53 and never overflowing
    /// (`1e40` codes is a number, not `None`).
    pub fn size_estimate(self) -> f64 {
        let colours = f64::from(self.colours);
        if self.repeats {
            colours.powi(i32::from(self.pegs))
        } else {
            (0..self.pegs).map(|i| colours - f64::from(i)).product()
        }
    }

    /// Number of ways to fill `free` more pegs after `used` pegs are set: the weight of one step
    /// of a code's lexicographic rank at the peg `pegs - free`.
    pub(crate) fn completions(self, used: u8) -> u64 {
        let free = self.pegs - used;
        if self.repeats {
            u64::from(self.colours).pow(u32::from(free))
        } else {
            (0..free).map(|i| u64::from(self.colours - used - i)).product()
        }
    }

    /// Whether `colours` (one per peg) keep this game's rule on repeated colours.
    pub fn allows(self, colours: &[u8]) -> bool {
        self.repeats || first_repeat(colours).is_none()
    }

    /// Number of dense feedback indices, `(pegs + 1)(pegs + 2) / 2`, the impossible
    /// `(pegs - 1, 1)` included (its count is always zero).
    pub fn feedback_count(self) -> usize {
        let p = usize::from(self.pegs);
        (p + 1) * (p + 2) / 2
    }

    /// Whether the colour-count form of a code fits the packed scorer (`colours x pegs <= 128`).
    /// Every size in the reproduced papers does; larger games score through a slower path.
    pub(crate) fn packs_colours(self) -> bool {
        u32::from(self.colours) * u32::from(self.pegs) <= 128
    }
}

impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.pegs, self.colours)?;
        if !self.repeats {
            write!(f, " no-repeat")?;
        }
        Ok(())
    }
}

/// The first colour that `colours` uses twice, if any.
pub(crate) fn first_repeat(colours: &[u8]) -> Option<u8> {
    let mut seen = 0u32;
    for &c in colours {
        if seen & 1 << c != 0 {
            return Some(c);
        }
        seen |= 1 << c;
    }
    None
}

/// The number of codes, or `None` past `u64`.
fn code_space(pegs: u8, colours: u8, repeats: bool) -> Option<u64> {
    if repeats {
        u64::from(colours).checked_pow(u32::from(pegs))
    } else {
        (0..pegs).try_fold(1u64, |n, i| n.checked_mul(u64::from(colours - i)))
    }
}

/// The number of codes as text: exact while it fits in a `u64` (`size`), else an estimate from
/// above (`colours ^ pegs`).
fn code_count(pegs: u8, colours: u8, size: u64) -> String {
    if size != u64::MAX {
        size.to_string()
    } else {
        format!("at most {:.1e}", f64::from(colours).powi(i32::from(pegs)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_estimate_counts_a_games_own_codes() {
        for game in [Game::CLASSIC, Game::BULLS_AND_COWS, Game::without_repeats(5, 7).unwrap()] {
            assert_eq!(game.size_estimate(), game.size().unwrap() as f64, "{game}");
        }
        assert_eq!(Game::BULLS_AND_COWS.size_estimate(), 5040.0);
        let widest = Game::new(16, 26).unwrap();
        assert_eq!(widest.size(), None, "26^16 overflows u64");
        assert!(widest.size_estimate() > 4e22);
    }

    #[test]
    fn sizes_of_the_papers_games() {
        for (p, k, size) in
            [(4, 6, 1296u64), (4, 8, 4096), (5, 8, 32768), (6, 9, 531441), (10, 4, 1 << 20)]
        {
            assert_eq!(Game::new(p, k).unwrap().size(), Some(size));
        }
        assert_eq!(Game::new(16, 26).unwrap().size(), None);
    }

    #[test]
    fn sizes_without_repeats_are_falling_factorials() {
        assert_eq!(Game::BULLS_AND_COWS.size(), Some(5040));
        assert_eq!(Game::without_repeats(4, 10), Ok(Game::BULLS_AND_COWS));
        assert_eq!(Game::without_repeats(3, 6).unwrap().size(), Some(120));
        assert_eq!(Game::without_repeats(6, 6).unwrap().size(), Some(720));
        assert_eq!(Game::without_repeats(5, 8).unwrap().size(), Some(6720));
        assert_eq!(Game::without_repeats(16, 26).unwrap().size(), None);
        assert_eq!(Game::BULLS_AND_COWS.to_string(), "4x10 no-repeat");
        assert_eq!(Game::CLASSIC.to_string(), "4x6");
    }

    #[test]
    fn refuses_more_pegs_than_colours_without_repeats() {
        let err = Game::without_repeats(5, 4).unwrap_err();
        assert_eq!(err, GameError::TooFewColoursWithoutRepeats { pegs: 5, colours: 4 });
        assert!(err.to_string().contains("at least as many colours as pegs"), "{err}");
        assert!(Game::new(5, 4).is_ok());
    }

    #[test]
    fn the_rule_is_omitted_from_specs_unless_it_forbids_repeats() {
        let classic = ron::to_string(&Game::CLASSIC).unwrap();
        assert_eq!(classic, "(pegs:4,colours:6)");
        assert_eq!(ron::from_str::<Game>("(pegs: 4, colours: 6)").unwrap(), Game::CLASSIC);
        let bulls = ron::to_string(&Game::BULLS_AND_COWS).unwrap();
        assert_eq!(bulls, "(pegs:4,colours:10,repeats:false)");
        assert_eq!(ron::from_str::<Game>(&bulls).unwrap(), Game::BULLS_AND_COWS);
        let refused = ron::from_str::<Game>("(pegs: 7, colours: 6, repeats: false)").unwrap_err();
        assert!(refused.to_string().contains("at least as many colours"), "{refused}");
    }

    #[test]
    fn rejects_out_of_range_sizes() {
        assert_eq!(Game::new(0, 6), Err(GameError::Pegs(0)));
        assert_eq!(Game::new(17, 6), Err(GameError::Pegs(17)));
        assert_eq!(Game::new(4, 1), Err(GameError::Colours(1)));
        assert_eq!(Game::new(4, 27), Err(GameError::Colours(27)));
    }

    #[test]
    fn feedback_counts() {
        assert_eq!(Game::CLASSIC.feedback_count(), 15);
        assert_eq!(Game::new(16, 26).unwrap().feedback_count(), 153);
    }
}
