//! The size of a game: number of pegs and number of colours, validated once.

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
    /// The code space is too large to enumerate within the given limit (`size` saturates at
    /// `u64::MAX`; the message gives the true count).
    #[error(
        "the {pegs} pegs x {colours} colours game has {} codes, more than the {limit} that may be \
         held in memory ({bytes} bytes each); use a player that does not enumerate the code set, or a \
         smaller game",
        code_count(*pegs, *colours)
    )]
    TooLargeToEnumerate {
        /// Pegs of the game.
        pegs: u8,
        /// Colours of the game.
        colours: u8,
        /// `colours ^ pegs`, saturated at `u64::MAX`.
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
    #[error("the code {text:?} uses {letter:?}, but this game's colours are A..={last}")]
    CodeColour {
        /// The code as written.
        text: String,
        /// The offending character.
        letter: char,
        /// The last valid colour letter.
        last: char,
    },
}

/// A game size: `pegs` positions, each one of `colours` colours (search space `colours ^ pegs`).
///
/// The papers disagree on notation; this type always says pegs first, as in `4x6` for classic
/// Mastermind (Snyder writes the same game as `6/4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawGame", into = "RawGame")]
pub struct Game {
    pegs: u8,
    colours: u8,
}

/// The serialised form of [`Game`], validated on conversion.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    pegs: u32,
    colours: u32,
}

impl TryFrom<RawGame> for Game {
    type Error = GameError;
    fn try_from(raw: RawGame) -> Result<Self, GameError> {
        Game::new(raw.pegs, raw.colours)
    }
}

impl From<Game> for RawGame {
    fn from(game: Game) -> Self {
        RawGame { pegs: game.pegs.into(), colours: game.colours.into() }
    }
}

impl Game {
    /// Classic Mastermind: 4 pegs, 6 colours.
    pub const CLASSIC: Game = Game { pegs: 4, colours: 6 };

    /// A validated game size.
    pub fn new(pegs: u32, colours: u32) -> Result<Game, GameError> {
        if !(1..=u32::from(MAX_PEGS)).contains(&pegs) {
            return Err(GameError::Pegs(pegs));
        }
        if !(2..=u32::from(MAX_COLOURS)).contains(&colours) {
            return Err(GameError::Colours(colours));
        }
        Ok(Game { pegs: pegs as u8, colours: colours as u8 })
    }

    /// Number of pegs (positions) in a code.
    pub fn pegs(self) -> u8 {
        self.pegs
    }

    /// Number of colours.
    pub fn colours(self) -> u8 {
        self.colours
    }

    /// Size of the code space, `colours ^ pegs`, or `None` if it overflows `u64`.
    pub fn size(self) -> Option<u64> {
        u64::from(self.colours).checked_pow(u32::from(self.pegs))
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
        write!(f, "{}x{}", self.pegs, self.colours)
    }
}

/// `colours ^ pegs` as text: exact while it fits in a `u64`, else `colours^pegs ≈ 4.4e22`.
fn code_count(pegs: u8, colours: u8) -> String {
    match u64::from(colours).checked_pow(u32::from(pegs)) {
        Some(n) => n.to_string(),
        None => format!("{colours}^{pegs} ≈ {:.1e}", f64::from(colours).powi(i32::from(pegs))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
