//! Enumeration of a game's whole code space, where it fits in memory.

use crate::code::Code;
use crate::game::{Game, GameError};
use std::ops::Deref;

/// The default most codes [`CodeSet::enumerate`] will hold: 2^24 codes, 512 MiB.
pub const DEFAULT_ENUMERATION_LIMIT: u64 = 1 << 24;

/// Every code of a game, in lexicographic order, so that `set[code.rank(game)] == code` (with or
/// without repeated colours).
#[derive(Debug, Clone)]
pub struct CodeSet {
    game: Game,
    codes: Vec<Code>,
}

impl CodeSet {
    /// Enumerates the game's codes if there are at most [`DEFAULT_ENUMERATION_LIMIT`] of them.
    pub fn enumerate(game: Game) -> Result<CodeSet, GameError> {
        CodeSet::enumerate_within(game, DEFAULT_ENUMERATION_LIMIT)
    }

    /// Enumerates the game's codes if there are at most `limit`, or says why not.
    pub fn enumerate_within(game: Game, limit: u64) -> Result<CodeSet, GameError> {
        let size = game.size().filter(|&s| s <= limit).ok_or(GameError::TooLargeToEnumerate {
            pegs: game.pegs(),
            colours: game.colours(),
            size: game.size().unwrap_or(u64::MAX),
            limit,
            bytes: std::mem::size_of::<Code>(),
        })?;
        if !game.repeats() {
            let codes = (0..size).map(|rank| Code::from_rank(game, rank)).collect();
            return Ok(CodeSet { game, codes });
        }
        let pegs = usize::from(game.pegs());
        let mut colours = vec![0u8; pegs];
        let mut codes = Vec::with_capacity(size as usize);
        // An odometer over the colours: cheaper than dividing out every rank.
        for _ in 0..size {
            codes.push(Code::from_valid_colours(game, &colours));
            for slot in colours.iter_mut().rev() {
                *slot += 1;
                if *slot < game.colours() {
                    break;
                }
                *slot = 0;
            }
        }
        Ok(CodeSet { game, codes })
    }

    /// The game this set enumerates.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The codes, in rank order.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }
}

impl Deref for CodeSet {
    type Target = [Code];
    fn deref(&self) -> &[Code] {
        &self.codes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerates_in_rank_order() {
        let g = Game::new(3, 5).unwrap();
        let set = CodeSet::enumerate(g).unwrap();
        assert_eq!(set.len(), 125);
        for (r, c) in set.iter().enumerate() {
            assert_eq!(c.rank(g), r as u64);
            assert_eq!(*c, Code::from_rank(g, r as u64));
        }
    }

    #[test]
    fn enumerates_bulls_and_cows() {
        let g = Game::BULLS_AND_COWS;
        let set = CodeSet::enumerate(g).unwrap();
        assert_eq!(set.len(), 5040);
        let every = CodeSet::enumerate(Game::new(4, 10).unwrap()).unwrap();
        let distinct: Vec<Code> = every
            .iter()
            .filter(|c| c.distinct_colours() == 4)
            .map(|c| Code::from_colours(g, &c.colours().collect::<Vec<_>>()).unwrap())
            .collect();
        assert_eq!(set.codes(), &distinct[..]);
    }

    #[test]
    fn refuses_a_space_too_large_with_a_clear_error() {
        let g = Game::new(10, 10).unwrap();
        let err = CodeSet::enumerate(g).unwrap_err();
        assert!(matches!(err, GameError::TooLargeToEnumerate { size: 10_000_000_000, .. }));
        let text = err.to_string();
        assert!(text.contains("10 pegs x 10 colours") && text.contains("10000000000"), "{text}");
        let huge = Game::new(16, 26).unwrap();
        assert!(matches!(
            CodeSet::enumerate(huge),
            Err(GameError::TooLargeToEnumerate { size: u64::MAX, .. })
        ));
    }
}
