//! A code (a combination of coloured pegs) in the packed form the scorer works on.

use crate::game::{Game, GameError};
use rand::RngExt;
use std::fmt;

/// A combination of `pegs` coloured pegs, colour `0` printed as `A`.
///
/// Two packed words make scoring a handful of instructions (see [`score`](crate::score::score)):
///
/// - `pegs`: byte `i` holds `colour + 1` of position `i`; unused high bytes are zero, so the number
///   of pegs is implied and equal codes of equal length compare equal.
/// - `counts`: the colour counts in unary. For the `k`-th occurrence (from 0) of colour `c`, bit
///   `c * pegs + k` is set, so `popcount(a.counts & b.counts)` is the number of correct colours,
///   black plus white. It exists only when `colours x pegs <= 128` (every game of the papers);
///   otherwise it is zero and the scorer counts colours directly.
///
/// Codes order as their letter strings do (`AAAA < AAAB < ... < FFFF`) within one game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code {
    pegs: u128,
    counts: u128,
}

impl Code {
    /// A code from colour numbers (`0..colours`), one per peg.
    pub fn from_colours(game: Game, colours: &[u8]) -> Result<Code, GameError> {
        let text: String = colours.iter().map(|&c| (b'A' + c.min(25)) as char).collect();
        if colours.len() != usize::from(game.pegs()) {
            return Err(GameError::CodeLength { text, len: colours.len(), pegs: game.pegs() });
        }
        if let Some(&bad) = colours.iter().find(|&&c| c >= game.colours()) {
            return Err(GameError::CodeColour {
                text,
                letter: (b'A' + bad.min(25)) as char,
                last: (b'A' + game.colours() - 1) as char,
            });
        }
        Ok(Code::from_valid_colours(game, colours))
    }

    /// A code from colours known to be valid for `game` (checked in debug builds only).
    pub fn from_valid_colours(game: Game, colours: &[u8]) -> Code {
        debug_assert_eq!(colours.len(), usize::from(game.pegs()));
        debug_assert!(colours.iter().all(|&c| c < game.colours()));
        let mut pegs = 0u128;
        for (i, &c) in colours.iter().enumerate() {
            pegs |= u128::from(c + 1) << (8 * i);
        }
        let counts = if game.packs_colours() { unary_counts(game.pegs(), colours) } else { 0 };
        Code { pegs, counts }
    }

    /// Parses a code written as letters, `A` for colour 0 (case-insensitive).
    pub fn parse(game: Game, text: &str) -> Result<Code, GameError> {
        let mut colours = Vec::with_capacity(text.len());
        for ch in text.trim().chars() {
            let up = ch.to_ascii_uppercase();
            if !up.is_ascii_uppercase() || (up as u8 - b'A') >= game.colours() {
                return Err(GameError::CodeColour {
                    text: text.to_owned(),
                    letter: ch,
                    last: (b'A' + game.colours() - 1) as char,
                });
            }
            colours.push(up as u8 - b'A');
        }
        if colours.len() != usize::from(game.pegs()) {
            return Err(GameError::CodeLength {
                text: text.to_owned(),
                len: colours.len(),
                pegs: game.pegs(),
            });
        }
        Ok(Code::from_valid_colours(game, &colours))
    }

    /// The code of lexicographic rank `rank` (`0` is `AA..A`), the inverse of [`Code::rank`].
    pub fn from_rank(game: Game, mut rank: u64) -> Code {
        let k = u64::from(game.colours());
        let mut colours = [0u8; 16];
        for slot in colours[..usize::from(game.pegs())].iter_mut().rev() {
            *slot = (rank % k) as u8;
            rank /= k;
        }
        Code::from_valid_colours(game, &colours[..usize::from(game.pegs())])
    }

    /// A uniformly random code: each peg's colour drawn in turn, first peg first, with one
    /// `random_range(0..colours)` per peg (so a stream gives the same codes wherever it is used).
    pub fn random(game: Game, rng: &mut impl RngExt) -> Code {
        let mut colours = [0u8; 16];
        let pegs = usize::from(game.pegs());
        for slot in &mut colours[..pegs] {
            *slot = rng.random_range(0..game.colours());
        }
        Code::from_valid_colours(game, &colours[..pegs])
    }

    /// Number of pegs.
    #[inline]
    pub fn len(&self) -> usize {
        16 - (self.pegs.leading_zeros() / 8) as usize
    }

    /// Always false: a code has at least one peg. Present because `len` is.
    pub fn is_empty(&self) -> bool {
        self.pegs == 0
    }

    /// The colour (`0..colours`) at position `i`.
    #[inline]
    pub fn colour(&self, i: usize) -> u8 {
        ((self.pegs >> (8 * i)) as u8).wrapping_sub(1)
    }

    /// The colours of all pegs, position 0 first.
    pub fn colours(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        (0..self.len()).map(|i| self.colour(i))
    }

    /// The colours as a fixed array (positions past [`len`](Code::len) are zero) and the length.
    pub fn to_array(&self) -> ([u8; 16], usize) {
        let mut out = [0u8; 16];
        let len = self.len();
        for (i, slot) in out[..len].iter_mut().enumerate() {
            *slot = self.colour(i);
        }
        (out, len)
    }

    /// Lexicographic rank within `game` (`AA..A` is 0): an index into [`CodeSet`](crate::CodeSet).
    pub fn rank(&self, game: Game) -> u64 {
        let k = u64::from(game.colours());
        self.colours().fold(0u64, |acc, c| acc * k + u64::from(c))
    }

    /// This code with position `i` set to `colour`.
    pub fn with_colour(&self, game: Game, i: usize, colour: u8) -> Code {
        let (mut cs, len) = self.to_array();
        cs[i] = colour;
        Code::from_valid_colours(game, &cs[..len])
    }

    /// This code with positions `i` and `j` swapped.
    pub fn with_swap(&self, game: Game, i: usize, j: usize) -> Code {
        let (mut cs, len) = self.to_array();
        cs.swap(i, j);
        Code::from_valid_colours(game, &cs[..len])
    }

    /// Number of distinct colours used (1 for `AAAA`, 3 for `AABC`).
    pub fn distinct_colours(&self) -> u32 {
        let mut seen = 0u32;
        for c in self.colours() {
            seen |= 1 << c;
        }
        seen.count_ones()
    }

    /// The packed peg word (byte `i` = colour of peg `i` + 1).
    #[inline(always)]
    pub(crate) fn peg_word(&self) -> u128 {
        self.pegs
    }

    /// The unary colour-count word, zero when the game is too large to pack it.
    #[inline(always)]
    pub(crate) fn count_word(&self) -> u128 {
        self.counts
    }
}

/// The unary colour-count word: bit `c * pegs + k` for the `k`-th occurrence of colour `c`.
fn unary_counts(pegs: u8, colours: &[u8]) -> u128 {
    let mut seen = [0u8; 26];
    let mut word = 0u128;
    for &c in colours {
        let bit = u32::from(c) * u32::from(pegs) + u32::from(seen[usize::from(c)]);
        word |= 1u128 << bit;
        seen[usize::from(c)] += 1;
    }
    word
}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Code {
    /// Letter order (`AAAB < AABA`): compares pegs from position 0.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.pegs.swap_bytes().cmp(&other.pegs.swap_bytes())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.colours() {
            write!(f, "{}", (b'A' + c) as char)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Code({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_prints_and_ranks() {
        let g = Game::CLASSIC;
        let c = Code::parse(g, "AABC").unwrap();
        assert_eq!(c.to_string(), "AABC");
        assert_eq!(c.len(), 4);
        assert_eq!(c.rank(g), 8);
        assert_eq!(Code::from_rank(g, 8), c);
        assert_eq!(Code::from_rank(g, 1295).to_string(), "FFFF");
        assert_eq!(c.distinct_colours(), 3);
        assert_eq!(Code::parse(g, "aabc").unwrap(), c);
    }

    #[test]
    fn rejects_bad_codes() {
        let g = Game::CLASSIC;
        assert!(matches!(Code::parse(g, "AAB"), Err(GameError::CodeLength { len: 3, .. })));
        assert!(matches!(Code::parse(g, "AABG"), Err(GameError::CodeColour { letter: 'G', .. })));
        assert!(matches!(Code::parse(g, "AA1B"), Err(GameError::CodeColour { letter: '1', .. })));
        assert!(Code::from_colours(g, &[0, 0, 6, 1]).is_err());
    }

    #[test]
    fn order_is_letter_order() {
        let g = Game::CLASSIC;
        let mut codes: Vec<Code> = (0..1296).map(|r| Code::from_rank(g, r)).collect();
        codes.reverse();
        codes.sort();
        for (r, c) in codes.iter().enumerate() {
            assert_eq!(c.rank(g), r as u64);
        }
    }

    #[test]
    fn sixteen_pegs_keep_their_length() {
        let g = Game::new(16, 26).unwrap();
        let c = Code::from_rank(g, 12345);
        assert_eq!(c.len(), 16);
        assert_eq!(Code::parse(g, &c.to_string()).unwrap(), c);
        assert_eq!(c.count_word(), 0, "16x26 does not pack colour counts");
    }

    #[test]
    fn edits() {
        let g = Game::CLASSIC;
        let c = Code::parse(g, "ABCD").unwrap();
        assert_eq!(c.with_swap(g, 0, 3).to_string(), "DBCA");
        assert_eq!(c.with_colour(g, 1, 5).to_string(), "AFCD");
    }
}
