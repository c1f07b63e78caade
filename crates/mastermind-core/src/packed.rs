//! Codes of a narrow game in structure-of-arrays form, for scoring one guess against many with
//! the kernel of [`words`](crate::words).
//!
//! For games of at most 8 pegs with `colours x pegs <= 64` (4x6 up to 6x9) both packed words of a
//! [`Code`] fit 64 bits. Kept as two plain `u64` arrays, the per-code work of a batch score is a
//! handful of lane-wise operations that the compiler turns into SIMD, popcounts included; the
//! array-of-`Code` form ([`count_partition`](crate::score::count_partition)) cannot be vectorised
//! because each code is two interleaved 128-bit words.

use crate::code::Code;
use crate::game::Game;
use crate::words::{Packed, Scorer, Word, Words};

/// Feedback indices are computed this many codes at a time before they are counted.
const CHUNK: usize = 256;

/// The codes of one narrow game as two arrays of 64-bit words ([`Words<u64>`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PackedCodes {
    words: Words<u64>,
}

impl PackedCodes {
    /// Whether `game` is narrow enough for this form.
    pub fn fits(game: Game) -> bool {
        u64::fits(game)
    }

    /// The codes of `game` in packed form, or `None` when the game is too wide.
    pub fn new(game: Game, codes: &[Code]) -> Option<PackedCodes> {
        let mut packed = PackedCodes::default();
        packed.refill(game, codes).then_some(packed)
    }

    /// Replaces the contents with `codes` (reusing the allocation); false when the game is too
    /// wide, in which case the contents are unchanged.
    pub fn refill(&mut self, game: Game, codes: &[Code]) -> bool {
        if !Self::fits(game) {
            return false;
        }
        self.words.refill(codes);
        true
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there are no codes.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The codes as word arrays.
    pub fn words(&self) -> &Words<u64> {
        &self.words
    }

    /// Writes the dense feedback index of every code against `guess` into `out` (as long as the
    /// set). `guess` must belong to the same game.
    pub fn score_indices(&self, guess: &Code, out: &mut [u8]) {
        assert_eq!(out.len(), self.len(), "one output slot per code");
        let scorer = Scorer::for_pegs::<u64>(guess.len() as u32);
        scorer.indices(Packed::from_code(guess), self.words.slice(), out);
    }

    /// Adds one to `counts[index]` for the feedback index of every code against `guess`: the
    /// partition of the set by `guess`. `counts` needs the game's `feedback_count()` slots.
    pub fn count_partition(&self, guess: &Code, counts: &mut [u32]) {
        let scorer = Scorer::for_pegs::<u64>(guess.len() as u32);
        let guess = Packed::from_code(guess);
        let codes = self.words.slice();
        let mut indices = [0u8; CHUNK];
        let mut spare = [[0u32; 45]; 3];
        let mut start = 0;
        while start < self.len() {
            let end = (start + CHUNK).min(self.len());
            let indices = &mut indices[..end - start];
            scorer.indices(guess, codes.range(start, end), indices);
            // Four histograms in turn keep neighbours that land in one part from waiting on each
            // other's increments; 45 slots are the most an 8-peg game has.
            let mut quads = indices.chunks_exact(4);
            for q in &mut quads {
                counts[usize::from(q[0])] += 1;
                spare[0][usize::from(q[1])] += 1;
                spare[1][usize::from(q[2])] += 1;
                spare[2][usize::from(q[3])] += 1;
            }
            for &i in quads.remainder() {
                counts[usize::from(i)] += 1;
            }
            start = end;
        }
        for histogram in &spare {
            for (c, s) in counts.iter_mut().zip(histogram) {
                *c += s;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::score_index;
    use crate::seed::rng_for;
    use rand::RngExt;

    #[test]
    fn agrees_with_the_scalar_scorer_on_every_narrow_size() {
        for (pegs, colours) in
            [(1, 2), (3, 5), (4, 6), (4, 8), (5, 8), (5, 9), (6, 9), (8, 8), (2, 26)]
        {
            let game = Game::new(pegs, colours).unwrap();
            let mut rng = rng_for(5, &[u64::from(pegs), u64::from(colours)]);
            let size = game.size().unwrap();
            let codes: Vec<Code> =
                (0..1031).map(|_| Code::from_rank(game, rng.random_range(0..size))).collect();
            let packed = PackedCodes::new(game, &codes).unwrap();
            for guess in codes.iter().take(40) {
                let mut out = vec![0u8; codes.len()];
                packed.score_indices(guess, &mut out);
                let mut expected = vec![0u32; game.feedback_count()];
                for (code, &i) in codes.iter().zip(&out) {
                    assert_eq!(
                        usize::from(i),
                        score_index(guess, code),
                        "{game}: {guess} vs {code}"
                    );
                    expected[usize::from(i)] += 1;
                }
                let mut counts = vec![0u32; game.feedback_count()];
                packed.count_partition(guess, &mut counts);
                assert_eq!(counts, expected, "{game}, guess {guess}");
            }
        }
    }

    #[test]
    fn wide_games_are_refused() {
        assert!(!PackedCodes::fits(Game::new(9, 4).unwrap()));
        assert!(!PackedCodes::fits(Game::new(7, 10).unwrap()));
        assert!(PackedCodes::new(Game::new(10, 10).unwrap(), &[]).is_none());
        assert!(PackedCodes::fits(Game::new(6, 9).unwrap()));
    }
}
