//! Feedback: black pegs (right colour, right place) and white pegs (right colour, wrong place).

use std::fmt;

/// The codemaker's reply to a guess.
///
/// Every feedback has a dense [`index`](Feedback::index) that does not depend on the game size:
/// with `s = black + white`, `index = s (s + 1) / 2 + black`. A game of `p` pegs uses the indices
/// `0..(p + 1)(p + 2) / 2`, so partition counts fit a small array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Feedback {
    /// Pegs of the right colour in the right place.
    pub black: u8,
    /// Pegs of the right colour in the wrong place.
    pub white: u8,
}

impl Feedback {
    /// A feedback of `black` and `white` pegs.
    pub const fn new(black: u8, white: u8) -> Feedback {
        Feedback { black, white }
    }

    /// The winning reply of a `pegs`-peg game: all black.
    pub const fn all_black(pegs: u8) -> Feedback {
        Feedback { black: pegs, white: 0 }
    }

    /// Black plus white: the number of correct colours.
    pub const fn total(self) -> u8 {
        self.black + self.white
    }

    /// The dense index, `s (s + 1) / 2 + black` with `s = black + white`.
    pub const fn index(self) -> usize {
        dense_index(self.black as u32, self.total() as u32)
    }

    /// The feedback with the given dense index (the inverse of [`Feedback::index`]).
    pub fn from_index(index: usize) -> Feedback {
        // s is the largest integer with s (s + 1) / 2 <= index.
        let mut s = ((((8 * index + 1) as f64).sqrt() - 1.0) / 2.0) as usize;
        while (s + 1) * (s + 2) / 2 <= index {
            s += 1;
        }
        while s * (s + 1) / 2 > index {
            s -= 1;
        }
        let black = index - s * (s + 1) / 2;
        Feedback { black: black as u8, white: (s - black) as u8 }
    }

    /// Whether a `pegs`-peg game can ever give this reply. `(pegs - 1, 1)` is impossible: if all
    /// colours but one are in place, the last one must be too.
    pub const fn is_possible(self, pegs: u8) -> bool {
        let total = self.black as u16 + self.white as u16;
        total <= pegs as u16 && !(self.black + 1 == pegs && self.white == 1)
    }

    /// Every black/white pair of a `pegs`-peg game (at most `pegs` pegs in all), the impossible
    /// `(pegs - 1, 1)` included, in index order.
    pub fn all(pegs: u8) -> impl Iterator<Item = Feedback> {
        let count = (usize::from(pegs) + 1) * (usize::from(pegs) + 2) / 2;
        (0..count).map(Feedback::from_index)
    }

    /// Every possible reply of a `pegs`-peg game, in index order.
    pub fn all_possible(pegs: u8) -> impl Iterator<Item = Feedback> {
        Feedback::all(pegs).filter(move |f| f.is_possible(pegs))
    }
}

/// The dense index of a feedback with `black` black pegs and `total` correct colours.
#[inline(always)]
pub(crate) const fn dense_index(black: u32, total: u32) -> usize {
    (total * (total + 1) / 2 + black) as usize
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}B{}W", self.black, self.white)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_is_dense() {
        let mut seen = [false; 153];
        for black in 0..=16u8 {
            for white in 0..=(16 - black) {
                let f = Feedback::new(black, white);
                assert_eq!(Feedback::from_index(f.index()), f);
                assert!(!seen[f.index()]);
                seen[f.index()] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn classic_game_has_fourteen_possible_replies() {
        assert_eq!(Feedback::all_possible(4).count(), 14);
        assert_eq!(Feedback::all(4).count(), 15);
        assert!(Feedback::all(4).all(|f| f.total() <= 4));
        assert!(!Feedback::new(3, 1).is_possible(4));
        assert!(Feedback::new(4, 0).is_possible(4));
        assert!(Feedback::new(0, 4).is_possible(4));
        assert!(!Feedback::new(2, 3).is_possible(4));
    }
}
