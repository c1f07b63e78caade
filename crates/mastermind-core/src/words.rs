//! Codes as two machine words (peg bytes and unary colour counts), generic over the word width,
//! and the one scoring kernel every packed scorer of the lab runs.
//!
//! The layout is [`Code`]'s own: byte `i` of the peg word holds `colour + 1` of peg `i` (unused
//! high bytes are zero); bit `c * pegs + k` of the count word is set for the `k`-th occurrence
//! of colour `c`. Black pegs are the zero bytes of the xor of two peg words
//! ([`Word::zero_bytes`]), correct colours the popcount of the and of two count words.
//!
//! A game whose codes fit 64 bits (at most 8 pegs and `colours x pegs <= 64`) is scored in `u64`
//! words, which halves the work and lets batch loops vectorise; larger games up to 16 pegs and
//! `colours x pegs <= 128` use `u128`. [`Words`] keeps codes as two parallel word arrays
//! (structure of arrays), [`Slice`] borrows a run of them, and [`Scorer`] scores one code against
//! another, one guess against many ([`Scorer::indices`]), or a few candidates against many
//! secrets at once ([`Scorer::reply_masks`]). A [`PegTable`] sums a value per peg and colour
//! over eight codes at once.

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;
mod peg_table;

pub use peg_table::{PegRange, PegTable};

use crate::code::Code;
use crate::game::Game;
use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A machine word wide enough for one game's peg bytes and colour counts (`u64` or `u128`).
pub trait Word:
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
    /// The low bits of a 128-bit word (all of it for `u128`).
    fn truncate(wide: u128) -> Self;
    /// The word as 128 bits.
    fn widen(self) -> u128;
    /// Whether the game's codes fit this word.
    fn fits(game: Game) -> bool;
    /// `words` as `u64`s when this word is `u64` (for kernels written for that width).
    fn as_u64(words: &[Self]) -> Option<&[u64]>;
    /// `words` as `u128`s when this word is `u128` (for kernels written for that width).
    fn as_u128(words: &[Self]) -> Option<&[u128]>;

    /// Number of zero bytes: with `self` the xor of two peg words, the matching pegs plus the
    /// unused high bytes. The high bit of each byte of the mask below is set exactly when that
    /// byte of `self` is zero (no carry crosses a byte, since each byte adds at most `0x7f` to
    /// `0x7f`).
    #[inline(always)]
    fn zero_bytes(self) -> u32 {
        (!((self & Self::LOW7).add(Self::LOW7) | self | Self::LOW7)).ones()
    }
}

macro_rules! word {
    ($t:ty, $as_u64:expr, $as_u128:expr) => {
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
            #[inline(always)]
            fn truncate(wide: u128) -> Self {
                wide as $t
            }
            #[inline(always)]
            fn widen(self) -> u128 {
                u128::from(self)
            }
            fn fits(game: Game) -> bool {
                u32::from(game.pegs()) <= Self::BYTES
                    && u32::from(game.pegs()) * u32::from(game.colours()) <= <$t>::BITS
            }
            #[inline(always)]
            fn as_u64(words: &[Self]) -> Option<&[u64]> {
                $as_u64(words)
            }
            #[inline(always)]
            fn as_u128(words: &[Self]) -> Option<&[u128]> {
                $as_u128(words)
            }
        }
    };
}
word!(u64, Some, |_| None);
word!(u128, |_| None, Some);

/// A code as its two words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Packed<W> {
    /// Byte `i` holds `colour + 1` of peg `i`; unused high bytes are zero.
    pub pegs: W,
    /// Bit `c * pegs + k` is set for the `k`-th occurrence (from 0) of colour `c`.
    pub counts: W,
}

impl<W: Word> Packed<W> {
    /// Encodes colours (`0..colours`, one per peg); the game must fit `W`.
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

    /// The words of a code whose game fits `W`: the code's own words, narrowed to `W`.
    #[inline(always)]
    pub fn from_code(code: &Code) -> Packed<W> {
        Packed { pegs: W::truncate(code.peg_word()), counts: W::truncate(code.count_word()) }
    }

    /// The colour of peg `i`.
    #[inline(always)]
    pub fn colour(&self, i: usize) -> u8 {
        self.pegs.byte(i).wrapping_sub(1)
    }

    /// The colours of the first `pegs` pegs (zero past them).
    pub fn colours(&self, pegs: usize) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (i, slot) in out[..pegs].iter_mut().enumerate() {
            *slot = self.colour(i);
        }
        out
    }

    /// Back to a [`Code`] of `game` (whose codes fit `W`, so that a code's own words are these,
    /// widened).
    pub fn code(&self, game: Game) -> Code {
        debug_assert!(W::fits(game));
        let code = Code::from_words(self.pegs.widen(), self.counts.widen());
        debug_assert_eq!(code, {
            let pegs = usize::from(game.pegs());
            Code::from_valid_colours(game, &self.colours(pegs)[..pegs])
        });
        code
    }
}

/// Codes as two parallel word arrays (structure of arrays).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Words<W> {
    /// The peg words, one per code.
    pub pegs: Vec<W>,
    /// The count words, one per code.
    pub counts: Vec<W>,
}

impl<W: Word> Words<W> {
    /// An empty list.
    pub fn new() -> Words<W> {
        Words { pegs: Vec::new(), counts: Vec::new() }
    }

    /// The words of `codes`, whose game must fit `W`.
    pub fn from_codes(codes: &[Code]) -> Words<W> {
        let mut words = Words::new();
        words.refill(codes);
        words
    }

    /// Replaces the contents with the words of `codes` (reusing the allocation).
    pub fn refill(&mut self, codes: &[Code]) {
        self.clear();
        self.pegs.extend(codes.iter().map(|c| W::truncate(c.peg_word())));
        self.counts.extend(codes.iter().map(|c| W::truncate(c.count_word())));
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

    /// Whether there are no codes.
    pub fn is_empty(&self) -> bool {
        self.pegs.is_empty()
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

/// A borrowed run of codes as two word slices of equal length.
#[derive(Debug, Clone, Copy)]
pub struct Slice<'a, W> {
    /// The peg words.
    pub pegs: &'a [W],
    /// The count words.
    pub counts: &'a [W],
}

impl<'a, W: Word> Slice<'a, W> {
    /// Number of codes.
    pub fn len(&self) -> usize {
        self.pegs.len()
    }

    /// Whether there are no codes.
    pub fn is_empty(&self) -> bool {
        self.pegs.is_empty()
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

/// Scores codes of one game held in words: the game's padding (unused high bytes, which the
/// xor of two peg words always shows as zero) is fixed once.
#[derive(Debug, Clone, Copy)]
pub struct Scorer {
    padding: u32,
}

impl Scorer {
    /// The scorer of `game`'s codes in words of type `W`.
    pub fn new<W: Word>(game: Game) -> Scorer {
        Scorer::for_pegs::<W>(u32::from(game.pegs()))
    }

    /// The scorer of codes of `pegs` pegs in words of type `W`.
    #[inline(always)]
    pub fn for_pegs<W: Word>(pegs: u32) -> Scorer {
        Scorer { padding: W::BYTES - pegs }
    }

    /// Black pegs of `a` against `b`.
    #[inline(always)]
    pub fn blacks<W: Word>(&self, a: Packed<W>, b: Packed<W>) -> u32 {
        (a.pegs ^ b.pegs).zero_bytes() - self.padding
    }

    /// Correct colours (black plus white) of `a` against `b`.
    #[inline(always)]
    pub fn correct<W: Word>(a: Packed<W>, b: Packed<W>) -> u32 {
        (a.counts & b.counts).ones()
    }

    /// The dense feedback index ([`Feedback::index`](crate::Feedback::index)) of `a` against `b`.
    #[inline(always)]
    pub fn index<W: Word>(&self, a: Packed<W>, b: Packed<W>) -> u32 {
        let total = Scorer::correct(a, b);
        total * (total + 1) / 2 + self.blacks(a, b)
    }

    /// Writes the feedback index of every code of `codes` against `guess` into `out` (at least
    /// as long as `codes`).
    #[inline]
    pub fn indices<W: Word>(&self, guess: Packed<W>, codes: Slice<'_, W>, out: &mut [u8]) {
        let out = &mut out[..codes.len()];
        // The codes a vector kernel scores (whole fours of 64- or 128-bit words), the rest below.
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        let scored = {
            let used = W::BYTES - self.padding;
            if let Some((guess_pegs, guess_counts, pegs, counts)) =
                as_width(guess, codes, W::as_u64)
            {
                avx2::indices(guess_pegs, guess_counts, pegs, counts, used, out)
            } else if let Some((guess_pegs, guess_counts, pegs, counts)) =
                as_width(guess, codes, W::as_u128)
            {
                avx2::indices_wide(guess_pegs, guess_counts, pegs, counts, used, out)
            } else {
                0
            }
        };
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        let scored = 0;
        let rest = codes.range(scored, codes.len());
        for ((slot, &pegs), &counts) in out[scored..].iter_mut().zip(rest.pegs).zip(rest.counts) {
            *slot = self.index(guess, Packed { pegs, counts }) as u8;
        }
    }

    /// A bit for the reply of `a` against `b`: distinct replies get distinct bits (`8 total +
    /// black` up to 7 pegs, the dense index beyond), so the bits set over a node's secrets count
    /// a candidate's parts. Needs at most 9 pegs.
    #[inline(always)]
    fn reply_bit<W: Word>(&self, a: Packed<W>, b: Packed<W>) -> u64 {
        let base = self.reply_base::<W>(Scorer::correct(a, b));
        1u64 << (u32::from(base) + self.blacks(a, b))
    }

    /// The bit [`reply_masks`](Self::reply_masks) gives the reply of `total` correct colours
    /// and no black peg; the same total with `black` black pegs has bit `base + black`. Needs
    /// at most 9 pegs.
    #[inline(always)]
    pub fn reply_base<W: Word>(&self, total: u32) -> u8 {
        let base = if self.padding + 7 >= W::BYTES { total << 3 } else { total * (total + 1) / 2 };
        base as u8
    }

    /// [`reply_masks`](Self::reply_masks) for candidates that share one colour multiset, whose
    /// correct colours against each secret are therefore known before any arrangement: secret
    /// `j` (peg word `secret_pegs[j]`) gives the reply bit `bases[j] + black`, `bases[j]` being
    /// the [`reply_base`](Self::reply_base) of its total with the multiset. Only the black pegs
    /// are counted, a third of the work of a whole reply. Needs at most 9 pegs.
    #[inline]
    pub fn black_masks<W: Word>(
        &self,
        candidates: Slice<'_, W>,
        secret_pegs: &[W],
        bases: &[u8],
        masks: &mut [u64],
    ) {
        let len = candidates.len();
        debug_assert!(len <= MASK_LANES);
        debug_assert_eq!(secret_pegs.len(), bases.len());
        let mut pegs = [candidates.pegs[0]; MASK_LANES];
        pegs[..len].copy_from_slice(candidates.pegs);
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if let (Some(pegs), Some(secret_pegs)) = (W::as_u64(&pegs), W::as_u64(secret_pegs)) {
            let pegs = pegs.try_into().expect("MASK_LANES words");
            let used = W::BYTES - self.padding;
            let acc = avx2::black_masks(pegs, secret_pegs, bases, used);
            masks[..len].copy_from_slice(&acc[..len]);
            return;
        }
        let mut acc = [0u64; MASK_LANES];
        for (&secret, &base) in secret_pegs.iter().zip(bases) {
            let secret = Packed { pegs: secret, counts: W::default() };
            for (mask, &pegs) in acc.iter_mut().zip(&pegs) {
                let candidate = Packed { pegs, counts: W::default() };
                *mask |= 1u64 << (u32::from(base) + self.blacks(candidate, secret));
            }
        }
        masks[..len].copy_from_slice(&acc[..len]);
    }

    /// For each candidate (at least one, at most [`MASK_LANES`]), the set of replies the
    /// `secrets` give it, as bits: `masks[i].count_ones()` is candidate `i`'s number of parts.
    /// The candidates stay in registers while the secrets stream past (vectorised across the
    /// candidates). Needs at most 9 pegs.
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
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if let (Some(pegs), Some(counts), Some(secret_pegs), Some(secret_counts)) = (
            W::as_u64(&pegs),
            W::as_u64(&counts),
            W::as_u64(secrets.pegs),
            W::as_u64(secrets.counts),
        ) {
            let pegs = pegs.try_into().expect("MASK_LANES words");
            let counts = counts.try_into().expect("MASK_LANES words");
            let used = W::BYTES - self.padding;
            let acc = avx2::reply_masks(pegs, counts, secret_pegs, secret_counts, used);
            masks[..len].copy_from_slice(&acc[..len]);
            return;
        }
        masks[..len].copy_from_slice(&self.portable_reply_masks(&pegs, &counts, secrets)[..len]);
    }

    /// [`reply_masks`](Self::reply_masks) of [`MASK_LANES`] candidates, vectorised by the
    /// compiler across them.
    #[inline]
    fn portable_reply_masks<W: Word>(
        &self,
        pegs: &[W; MASK_LANES],
        counts: &[W; MASK_LANES],
        secrets: Slice<'_, W>,
    ) -> [u64; MASK_LANES] {
        let mut acc = [0u64; MASK_LANES];
        for (&sp, &sc) in secrets.pegs.iter().zip(secrets.counts) {
            let secret = Packed { pegs: sp, counts: sc };
            for lane in 0..MASK_LANES {
                acc[lane] |=
                    self.reply_bit(Packed { pegs: pegs[lane], counts: counts[lane] }, secret);
            }
        }
        acc
    }
}

/// A guess's peg and count words, then the peg and count words of the codes it scores, all of
/// one machine width `V`.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
type AtWidth<'c, V> = (V, V, &'c [V], &'c [V]);

/// `guess` and `codes` as words of the width `cast` reads (`Word::as_u64` or `Word::as_u128`),
/// when `W` is that width.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn as_width<'c, W: Word, V: Copy>(
    guess: Packed<W>,
    codes: Slice<'c, W>,
    cast: fn(&[W]) -> Option<&[V]>,
) -> Option<AtWidth<'c, V>> {
    let guess_pegs = cast(std::slice::from_ref(&guess.pegs))?[0];
    let guess_counts = cast(std::slice::from_ref(&guess.counts))?[0];
    Some((guess_pegs, guess_counts, cast(codes.pegs)?, cast(codes.counts)?))
}

/// Candidates whose reply sets [`Scorer::reply_masks`] computes in one pass over the secrets.
pub const MASK_LANES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CodeSet;
    use crate::score::score_index;

    fn agrees<W: Word>(game: Game) {
        let codes = CodeSet::enumerate(game).unwrap();
        let scorer = Scorer::new::<W>(game);
        let step = (codes.len() / 60).max(1);
        for a in codes.iter().step_by(step) {
            let pa = Packed::<W>::from_code(a);
            let (colours, len) = a.to_array();
            assert_eq!(Packed::<W>::from_colours(&colours[..len]), pa, "{game}: {a}");
            assert_eq!(pa.code(game), *a);
            for b in codes.iter().step_by(step / 2 + 1) {
                let pb = Packed::<W>::from_code(b);
                assert_eq!(scorer.index(pa, pb) as usize, score_index(a, b), "{game}: {a} {b}");
            }
        }
    }

    /// Every code of `game` in words, one by one and as one set, with the game's scorer.
    fn every_code<W: Word>(game: Game) -> (Scorer, Vec<Packed<W>>, Words<W>) {
        let codes = CodeSet::enumerate(game).unwrap();
        let words: Vec<Packed<W>> = codes.iter().map(Packed::<W>::from_code).collect();
        let mut all = Words::new();
        words.iter().for_each(|&code| all.push(code));
        (Scorer::new::<W>(game), words, all)
    }

    /// `indices` (vectorised on CPUs with AVX2) against `index`, one pair at a time, over runs
    /// of every length up to a few registers.
    fn indices_agree<W: Word>(game: Game) {
        let (scorer, words, all) = every_code::<W>(game);
        let step = (words.len() / 40).max(1);
        for (g, &guess) in words.iter().enumerate().step_by(step) {
            let start = (g * 7) % words.len();
            let end = words.len().min(start + 1 + g % 13);
            let mut out = vec![0u8; end - start];
            scorer.indices(guess, all.slice().range(start, end), &mut out);
            for (j, &index) in out.iter().enumerate() {
                let expected = scorer.index(guess, words[start + j]);
                assert_eq!(u32::from(index), expected, "{game}: {g} against {}", start + j);
            }
        }
    }

    #[test]
    fn indices_agree_with_one_score_at_a_time() {
        // 10x3: peg words past 64 bits; 4x17: count words past 64 bits.
        for (pegs, colours) in
            [(1, 2), (3, 5), (4, 6), (5, 8), (7, 3), (8, 5), (6, 9), (10, 3), (4, 17)]
        {
            let game = Game::new(pegs, colours).unwrap();
            if u64::fits(game) {
                indices_agree::<u64>(game);
            }
            indices_agree::<u128>(game);
        }
        indices_agree::<u64>(Game::BULLS_AND_COWS);
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

    /// `reply_masks` against its contract (one bit per distinct reply) and, bit for bit,
    /// against the portable kernel, which it replaces on CPUs with AVX2.
    fn masks_count_parts<W: Word>(game: Game) {
        let (scorer, words, all) = every_code::<W>(game);
        let step = (words.len() / 97).max(1);
        for first in (0..words.len()).step_by(step * MASK_LANES) {
            let lanes = (first..words.len()).step_by(step).take(MASK_LANES).collect::<Vec<_>>();
            let mut candidates = Words::new();
            lanes.iter().for_each(|&i| candidates.push(words[i]));
            for secrets in [all.slice().range(0, words.len().min(40)), all.slice()] {
                let mut masks = [0u64; MASK_LANES];
                scorer.reply_masks(candidates.slice(), secrets, &mut masks[..lanes.len()]);
                let mut pegs = [candidates.pegs[0]; MASK_LANES];
                let mut counts = [candidates.counts[0]; MASK_LANES];
                pegs[..lanes.len()].copy_from_slice(&candidates.pegs);
                counts[..lanes.len()].copy_from_slice(&candidates.counts);
                let portable = scorer.portable_reply_masks(&pegs, &counts, secrets);
                for (lane, &i) in lanes.iter().enumerate() {
                    let mut replies: Vec<u32> = (0..secrets.len())
                        .map(|j| scorer.index(words[i], secrets.get(j)))
                        .collect();
                    replies.sort_unstable();
                    replies.dedup();
                    assert_eq!(
                        masks[lane].count_ones() as usize,
                        replies.len(),
                        "{game}: lane {lane}"
                    );
                    assert_eq!(masks[lane], portable[lane], "{game}: lane {lane}");
                }
            }
        }
    }

    /// `black_masks` of one multiset's arrangements, with each secret's base bit from its
    /// total, gives the masks of `reply_masks`.
    fn black_masks_match_reply_masks<W: Word>(game: Game) {
        let (scorer, words, _) = every_code::<W>(game);
        let step = (words.len() / 53).max(1);
        let secrets: Vec<Packed<W>> = words.iter().copied().step_by(step / 3 + 1).collect();
        let mut all = Words::new();
        secrets.iter().for_each(|&code| all.push(code));
        for (first, &head) in words.iter().enumerate().step_by(step) {
            // The next arrangements of `head`'s multiset, up to a full set of lanes.
            let mut candidates = Words::new();
            words[first..]
                .iter()
                .filter(|code| code.counts == head.counts)
                .take(MASK_LANES)
                .for_each(|&code| candidates.push(code));
            let bases: Vec<u8> = secrets
                .iter()
                .map(|&secret| scorer.reply_base::<W>(Scorer::correct(head, secret)))
                .collect();
            let mut by_blacks = [0u64; MASK_LANES];
            let mut whole = [0u64; MASK_LANES];
            let lanes = candidates.len();
            scorer.black_masks(candidates.slice(), &all.pegs, &bases, &mut by_blacks[..lanes]);
            scorer.reply_masks(candidates.slice(), all.slice(), &mut whole[..lanes]);
            assert_eq!(by_blacks, whole, "{game}: arrangements of {:?}", head.code(game));
        }
    }

    #[test]
    fn black_masks_are_reply_masks_within_a_multiset() {
        for (pegs, colours) in [(1, 2), (3, 5), (4, 6), (5, 8), (7, 3), (8, 3), (8, 5), (9, 3)] {
            let game = Game::new(pegs, colours).unwrap();
            if u64::fits(game) {
                black_masks_match_reply_masks::<u64>(game);
            }
            black_masks_match_reply_masks::<u128>(game);
        }
    }

    #[test]
    fn reply_masks_count_each_candidates_parts() {
        for (pegs, colours) in [(1, 2), (3, 5), (4, 6), (5, 8), (7, 3), (8, 3), (8, 4), (9, 3)] {
            let game = Game::new(pegs, colours).unwrap();
            if u64::fits(game) {
                masks_count_parts::<u64>(game);
            }
            masks_count_parts::<u128>(game);
        }
        masks_count_parts::<u64>(Game::BULLS_AND_COWS);
    }

    #[test]
    fn codes_without_repeats_encode_alike() {
        agrees::<u64>(Game::BULLS_AND_COWS);
        agrees::<u128>(Game::BULLS_AND_COWS);
    }
}
