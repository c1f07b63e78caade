//! Codes as two machine words (peg bytes and unary colour counts) and the batch scoring kernels
//! the builder runs in its inner loops.
//!
//! The encoding is the core's packed one, rebuilt here from public data so that the builder can
//! keep a node's secrets and a list of candidates as plain word arrays, score them in chunks (and
//! stop early), and vectorise across candidates as well as across secrets:
//! byte `i` of the peg word holds `colour + 1` of peg `i`; bit `c * pegs + k` of the count word is
//! set for the `k`-th occurrence of colour `c`. Black pegs are the zero bytes of the xor of two peg
//! words, correct colours the popcount of the and of two count words.

use mastermind_core::{Code, Game};
use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A machine word wide enough for one game's peg bytes and colour counts (`u64` or `u128`).
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + std::hash::Hash
    + Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + 'static
{
    /// Bytes in the word.
    const BYTES: u32;
    /// `0x7f` in every byte.
    const LOW7: Self;
    /// Number of set bits.
    fn ones(self) -> u32;
    /// Wrapping addition.
    fn add(self, other: Self) -> Self;
    /// `value` shifted left by `shift` bits.
    fn shifted(value: u8, shift: u32) -> Self;
    /// Byte `i`.
    fn byte(self, i: usize) -> u8;
    /// Whether the game's codes fit this word.
    fn fits(game: Game) -> bool;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BYTES: u32 = <$t>::BITS / 8;
            const LOW7: Self = <$t>::from_ne_bytes([0x7f; <$t>::BITS as usize / 8]);
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn shifted(value: u8, shift: u32) -> Self {
                <$t>::from(value) << shift
            }
            #[inline(always)]
            fn byte(self, i: usize) -> u8 {
                (self >> (8 * i)) as u8
            }
            fn fits(game: Game) -> bool {
                u32::from(game.pegs()) <= Self::BYTES
                    && u32::from(game.pegs()) * u32::from(game.colours()) <= <$t>::BITS
            }
        }
    };
}
word!(u64);
word!(u128);

/// A code as its two words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Packed<W> {
    pub pegs: W,
    pub counts: W,
}

impl<W: Word> Packed<W> {
    /// Encodes colours (`0..colours`, one per peg).
    pub fn from_colours(colours: &[u8]) -> Packed<W> {
        let pegs = colours.len() as u32;
        let mut seen = [0u8; 32];
        let mut packed = Packed::<W>::default();
        for (i, &c) in colours.iter().enumerate() {
            packed.pegs = packed.pegs | W::shifted(c + 1, 8 * i as u32);
            let bit = u32::from(c) * pegs + u32::from(seen[usize::from(c)]);
            packed.counts = packed.counts | W::shifted(1, bit);
            seen[usize::from(c)] += 1;
        }
        packed
    }

    /// Encodes a code.
    pub fn from_code(code: &Code) -> Packed<W> {
        let (colours, len) = code.to_array();
        Packed::from_colours(&colours[..len])
    }

    /// The colour of peg `i`.
    #[inline(always)]
    pub fn colour(&self, i: usize) -> u8 {
        self.pegs.byte(i).wrapping_sub(1)
    }

    /// The colours of the first `pegs` pegs.
    pub fn colours(&self, pegs: usize) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (i, slot) in out[..pegs].iter_mut().enumerate() {
            *slot = self.colour(i);
        }
        out
    }

    /// Back to a [`Code`].
    pub fn code(&self, game: Game) -> Code {
        let pegs = usize::from(game.pegs());
        Code::from_valid_colours(game, &self.colours(pegs)[..pegs])
    }
}

/// Codes as two parallel word arrays (structure of arrays), in code order unless said otherwise.
#[derive(Debug, Clone, Default)]
pub(crate) struct Words<W> {
    pub pegs: Vec<W>,
    pub counts: Vec<W>,
}

impl<W: Word> Words<W> {
    /// An empty list.
    pub fn new() -> Words<W> {
        Words { pegs: Vec::new(), counts: Vec::new() }
    }

    /// Appends one code.
    pub fn push(&mut self, code: Packed<W>) {
        self.pegs.push(code.pegs);
        self.counts.push(code.counts);
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.pegs.len()
    }

    /// The whole list as a slice.
    pub fn slice(&self) -> Slice<'_, W> {
        Slice { pegs: &self.pegs, counts: &self.counts }
    }

    /// Removes every code.
    pub fn clear(&mut self) {
        self.pegs.clear();
        self.counts.clear();
    }
}

/// A borrowed run of codes as two word slices.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slice<'a, W> {
    pub pegs: &'a [W],
    pub counts: &'a [W],
}

impl<'a, W: Word> Slice<'a, W> {
    /// Number of codes.
    pub fn len(&self) -> usize {
        self.pegs.len()
    }

    /// Code `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Packed<W> {
        Packed { pegs: self.pegs[i], counts: self.counts[i] }
    }

    /// Codes `start..end`.
    #[inline(always)]
    pub fn range(&self, start: usize, end: usize) -> Slice<'a, W> {
        Slice { pegs: &self.pegs[start..end], counts: &self.counts[start..end] }
    }
}

/// Scores one guess against many codes: the game's padding (unused high bytes) is fixed once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scorer {
    padding: u32,
}

impl Scorer {
    /// The scorer of `game`'s codes in words of type `W`.
    pub fn new<W: Word>(game: Game) -> Scorer {
        Scorer { padding: W::BYTES - u32::from(game.pegs()) }
    }

    /// The dense feedback index ([`Feedback::index`](mastermind_core::Feedback::index)) of `a`
    /// against `b`.
    #[inline(always)]
    pub fn index<W: Word>(&self, a: Packed<W>, b: Packed<W>) -> u32 {
        let x = a.pegs ^ b.pegs;
        let zero = !((x & W::LOW7).add(W::LOW7) | x | W::LOW7);
        let black = zero.ones() - self.padding;
        let total = (a.counts & b.counts).ones();
        total * (total + 1) / 2 + black
    }

    /// Writes the feedback index of every code of `codes` against `guess` into `out`.
    #[inline]
    pub fn indices<W: Word>(&self, guess: Packed<W>, codes: Slice<'_, W>, out: &mut [u8]) {
        let out = &mut out[..codes.len()];
        for ((slot, &pegs), &counts) in out.iter_mut().zip(codes.pegs).zip(codes.counts) {
            *slot = self.index(guess, Packed { pegs, counts }) as u8;
        }
    }

    /// A bit for the reply of `a` against `b`: distinct replies get distinct bits (`8 total +
    /// black` up to 7 pegs, the dense index beyond), so the bits set over a node's secrets count
    /// a candidate's parts. Needs at most 9 pegs.
    #[inline(always)]
    fn reply_bit<W: Word>(&self, a: Packed<W>, b: Packed<W>) -> u64 {
        let x = a.pegs ^ b.pegs;
        let zero = !((x & W::LOW7).add(W::LOW7) | x | W::LOW7);
        let black = zero.ones() - self.padding;
        let total = (a.counts & b.counts).ones();
        let bit = if self.padding + 7 >= W::BYTES {
            (total << 3) | black
        } else {
            total * (total + 1) / 2 + black
        };
        1u64 << bit
    }

    /// For each candidate (at most [`MASK_LANES`]), the set of replies the `secrets` give it, as
    /// bits (see `reply_bit`): `masks[i].count_ones()` is candidate `i`'s number of parts.
    /// The candidates stay in registers while the secrets stream past (vectorised across the
    /// candidates).
    #[inline]
    pub fn reply_masks<W: Word>(
        &self,
        candidates: Slice<'_, W>,
        secrets: Slice<'_, W>,
        masks: &mut [u64],
    ) {
        let len = candidates.len();
        debug_assert!(len <= MASK_LANES);
        let mut pegs = [candidates.pegs[0]; MASK_LANES];
        let mut counts = [candidates.counts[0]; MASK_LANES];
        pegs[..len].copy_from_slice(candidates.pegs);
        counts[..len].copy_from_slice(candidates.counts);
        let mut acc = [0u64; MASK_LANES];
        for (&sp, &sc) in secrets.pegs.iter().zip(secrets.counts) {
            let secret = Packed { pegs: sp, counts: sc };
            for lane in 0..MASK_LANES {
                acc[lane] |=
                    self.reply_bit(Packed { pegs: pegs[lane], counts: counts[lane] }, secret);
            }
        }
        masks[..len].copy_from_slice(&acc[..len]);
    }
}

/// Candidates whose reply sets [`Scorer::reply_masks`] computes in one pass over the secrets.
pub(crate) const MASK_LANES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::CodeSet;
    use mastermind_core::score::score_index;

    fn agrees<W: Word>(game: Game) {
        let codes = CodeSet::enumerate(game).unwrap();
        let scorer = Scorer::new::<W>(game);
        let step = (codes.len() / 60).max(1);
        for a in codes.iter().step_by(step) {
            let pa = Packed::<W>::from_code(a);
            assert_eq!(pa.code(game), *a);
            for b in codes.iter().step_by(step / 2 + 1) {
                let pb = Packed::<W>::from_code(b);
                assert_eq!(scorer.index(pa, pb) as usize, score_index(a, b), "{game}: {a} {b}");
            }
        }
    }

    #[test]
    fn word_scores_agree_with_the_core() {
        for (pegs, colours) in [(1, 2), (2, 2), (3, 5), (4, 6), (5, 8), (6, 9), (8, 8)] {
            agrees::<u64>(Game::new(pegs, colours).unwrap());
            agrees::<u128>(Game::new(pegs, colours).unwrap());
        }
        for (pegs, colours) in [(4, 20), (12, 3), (16, 2)] {
            agrees::<u128>(Game::new(pegs, colours).unwrap());
        }
    }
}
