//! The parts an arrangement leaves among a node's secrets (up to 1024, in games of up to 8 pegs),
//! counted from its black pegs against every secret at once: whether one passes a cap (Worst
//! case), and their squared sizes (Expected size).
//!
//! The node's secrets are bits of one to sixteen words. For each peg and colour, a mask holds the
//! secrets with that colour at that peg, so an arrangement's black pegs against every secret are
//! the sum of its pegs' masks, added bit by bit into four masks (one per binary digit of the
//! count). The arrangement's multiset fixes each secret's total; the secrets of one total split
//! by black pegs, and a part is the secrets of one total with one count, counted by `popcnt`.
//! [`Slices::first_within`] tests a multiset's arrangements one after another this way, in
//! about a hundred word operations a word each, where scoring each secret and counting its reply
//! takes one or two nanoseconds a secret; the part that ruled out one arrangement is tested
//! first on the next.
//!
//! The same counts give Expected size its cost, the parts' squared sizes summed
//! ([`Slices::squares`]), where scoring would visit every secret.
//!
//! For Worst case, most arrangements are ruled out more cheaply still, by [`Slices::sieve`]: the black pegs an
//! arrangement scores against the secrets of one total, summed, must lie between the least and
//! the most the total's parts allow under the cap (the lowest black-peg counts filled first,
//! then the highest), and a [`PegTable`] of that total's secrets by peg and colour gives the sums
//! of eight arrangements in a few byte shuffles. Measured at 8x5 Knuth, the sieve rules out 78%
//! of the 1.34 billion arrangements the scans reach, and the test all but 35 thousand of the 290
//! million left.

use crate::build::blacks::total_range;
use mastermind_core::Game;
use mastermind_core::words::{PegRange, PegTable, Slice, Word};
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A set of a node's secrets, one bit each: `u64` for up to 64 secrets, `u128` for up to 128.
pub(crate) trait Secrets:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Secrets a set can hold.
    const CAPACITY: usize;
    /// The set of secret `j` alone.
    fn one(j: usize) -> Self;
    /// How many secrets the set holds.
    fn len(self) -> u32;
}

/// A set in one machine word of `BITS` secrets.
macro_rules! word_of_secrets {
    ($word:ty) => {
        impl Secrets for $word {
            const CAPACITY: usize = <$word>::BITS as usize;
            #[inline(always)]
            fn one(j: usize) -> $word {
                1 << j
            }
            #[inline(always)]
            fn len(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

word_of_secrets!(u64);
word_of_secrets!(u128);

/// A node's secrets by peg and colour, and the secrets of each total with one multiset, in
/// sets of type `S`.
#[derive(Debug)]
pub(crate) struct BlackSlices<S> {
    pegs: usize,
    /// Slots per peg in `at`: a peg byte is `colour + 1`, from 1 to the number of colours.
    stride: usize,
    /// `at[peg * stride + colour + 1]`: the secrets holding `colour` at `peg`, one bit each.
    at: Vec<S>,
    /// The totals with the multiset last split for that hold a secret, busiest first: the
    /// total, its secrets, and how many.
    totals: Vec<(usize, S, u32)>,
    /// Whether the game's codes fit a [`PegTable`].
    tables_fit: bool,
    /// The cap `ranges` hold (`u32::MAX`: none).
    ranges_cap: u32,
    /// For each of `totals` with more secrets than `ranges_cap`, its secrets by peg and colour
    /// and the least and the most black-peg sum its parts allow under that cap (least above
    /// most: none); none for a total with a count above 255, which a table cannot hold.
    ranges: Vec<PegRange>,
}

impl<S: Secrets> BlackSlices<S> {
    /// Empty tables for `game`.
    pub fn new(game: Game) -> BlackSlices<S> {
        let pegs = usize::from(game.pegs());
        let stride = usize::from(game.colours()) + 1;
        BlackSlices {
            pegs,
            stride,
            at: vec![S::default(); pegs * stride],
            totals: Vec::new(),
            tables_fit: PegTable::fits(game),
            ranges_cap: u32::MAX,
            ranges: Vec::new(),
        }
    }

    /// Takes a new node's `secrets` (at most [`Secrets::CAPACITY`]), secret `j` as bit `j`.
    pub fn start<W: Word>(&mut self, secrets: Slice<'_, W>) {
        debug_assert!(secrets.len() <= S::CAPACITY);
        self.at.fill(S::default());
        for (j, &word) in secrets.pegs.iter().enumerate() {
            for peg in 0..self.pegs {
                let slot = &mut self.at[peg * self.stride + usize::from(word.byte(peg))];
                *slot = *slot | S::one(j);
            }
        }
        self.totals.clear();
    }

    /// Splits the node's `secrets` (those of [`start`](Self::start)) by their total with the
    /// multiset whose count word is `counts`.
    pub fn split<W: Word>(&mut self, counts: W, secrets: Slice<'_, W>) {
        let mut by_total = [S::default(); 17];
        for (j, &secret) in secrets.counts.iter().enumerate() {
            let slot = &mut by_total[(counts & secret).ones() as usize];
            *slot = *slot | S::one(j);
        }
        self.totals.clear();
        for (t, &set) in by_total[..=self.pegs].iter().enumerate() {
            if set != S::default() {
                self.totals.push((t, set, set.len()));
            }
        }
        // Busiest first: most secrets per black-peg count a part of that total can have.
        let load = |&(t, _, m): &(usize, S, u32)| m.div_ceil(t as u32 + 1);
        self.totals.sort_by_key(|total| std::cmp::Reverse(load(total)));
        self.ranges_cap = u32::MAX;
    }

    /// Marks in `marks` (bit `i % 64` of `marks[i / 64]`, which must cover every code) the
    /// arrangements `codes[i]` (peg words, of the multiset last split for) whose black pegs
    /// against the secrets of some total sum to more or less than that total's parts allow under
    /// `cap`: each has a part above the cap.
    pub fn sieve(&mut self, codes: &[u64], cap: u32, marks: &mut [u64]) {
        if self.ranges_cap != cap {
            self.ranges_cap = cap;
            self.ranges.clear();
            // Only the totals a part could overflow, each table made when its total is.
            for &(t, set, m) in self.totals.iter().filter(|&&(_, _, m)| self.tables_fit && m > cap)
            {
                let count = |peg: usize, colour: usize| {
                    (self.at[peg * self.stride + colour + 1] & set).len()
                };
                let Some(table) = PegTable::new(self.pegs, self.stride - 1, count) else {
                    continue;
                };
                let clamp = |sum: i64| sum.min(i64::from(u32::MAX)) as u32;
                let (low, high) = match total_range(t, m, self.pegs, cap) {
                    Some((lo, hi)) => (clamp(lo), clamp(hi)),
                    None => (1, 0),
                };
                self.ranges.push(PegRange { table, low, high });
            }
        }
        PegTable::mark_outside(codes, &self.ranges, marks);
    }

    /// The first arrangement of `pegs` (of the multiset last split for), from index `from`,
    /// that `marks` leaves unmarked and that leaves no part above its cap ([`Caps`]); and how
    /// many arrangements were tested.
    fn first_within<W: Word>(
        &self,
        pegs: &[W],
        marks: &[u64],
        from: usize,
        caps: Caps,
    ) -> (Option<usize>, u64) {
        let (tight_before, tight_after) = (self.tight(caps.before), self.tight(caps.after));
        // The part that ruled out the last arrangement, tested first: arrangements of one
        // multiset met one after another mostly overflow the same part (at 8x5 Knuth, one test
        // in about 1.5 rules an arrangement out, against 2.8 in order).
        let mut killer = (S::default(), 0);
        let mut tested = 0;
        for i in Unmarked::new(marks, from, pegs.len()) {
            tested += 1;
            let (cap, tight) = if i < caps.switch {
                (caps.before, &tight_before.0[..tight_before.1])
            } else {
                (caps.after, &tight_after.0[..tight_after.1])
            };
            match self.overflowing_part(pegs[i], tight, cap, killer) {
                Some(part) => killer = part,
                None => return (Some(i), tested),
            }
        }
        (None, tested)
    }

    /// The sum of the squared sizes of the parts the arrangement with peg word `pegs` (of the
    /// multiset last split for) leaves among the node's secrets, its Expected size cost, or
    /// `None` once the parts counted reach `bar`.
    fn squares<W: Word>(&self, pegs: W, bar: u64) -> Option<u64> {
        let by_black = self.by_black(pegs);
        let mut sum = 0;
        // The busiest totals first, whose parts weigh most.
        for &(t, set, m) in &self.totals {
            let mut left = m;
            for black in 0..=t {
                if left <= 1 {
                    // One secret left is one part of one; none, no part.
                    sum += u64::from(left);
                    break;
                }
                let size = (by_black.with(black) & set).len();
                sum += u64::from(size) * u64::from(size);
                left -= size;
            }
            if sum >= bar {
                return None;
            }
        }
        Some(sum)
    }

    /// The node's secrets by the black pegs the arrangement with peg word `pegs` scores against
    /// them.
    #[inline(always)]
    fn by_black<W: Word>(&self, pegs: W) -> ByBlack<S> {
        let mut matches = [S::default(); 8];
        for (peg, slot) in matches.iter_mut().enumerate().take(self.pegs) {
            *slot = self.at[peg * self.stride + usize::from(pegs.byte(peg))];
        }
        ByBlack::of_digits(add_eight(matches))
    }

    /// The totals, busiest first, whose secrets with the multiset last split for outnumber
    /// `cap`, so that one of their parts could overflow it: the total and its secrets.
    fn tight(&self, cap: u32) -> ([(usize, S); 17], usize) {
        let mut tight = [(0, S::default()); 17];
        let mut len = 0;
        for &(t, set, m) in &self.totals {
            if m > cap {
                tight[len] = (t, set);
                len += 1;
            }
        }
        (tight, len)
    }

    /// A part of more than `cap` secrets that the arrangement with peg word `pegs` (of the
    /// multiset last split for) leaves, as a total's secrets and a black-peg count: `first` if
    /// it is one, else the first of the `tight` totals' (from [`tight`](Self::tight)).
    #[inline(always)]
    fn overflowing_part<W: Word>(
        &self,
        pegs: W,
        tight: &[(usize, S)],
        cap: u32,
        first: (S, usize),
    ) -> Option<(S, usize)> {
        let by_black = self.by_black(pegs);
        let overflows = |(set, black): (S, usize)| (by_black.with(black) & set).len() > cap;
        if overflows(first) {
            return Some(first);
        }
        tight
            .iter()
            .find_map(|&(t, set)| (0..=t).map(|black| (set, black)).find(|&part| overflows(part)))
    }
}

/// A node's secrets by the black pegs one arrangement scores against them, from the count's
/// binary digits.
struct ByBlack<S> {
    /// The secrets with 0 to 3 black pegs modulo 4.
    low: [S; 4],
    /// The secrets with 0, 4 or 8 black pegs less that.
    high: [S; 3],
}

impl<S: Secrets> ByBlack<S> {
    /// From the digits of every secret's count (bit `j` of `digits[k]`: digit `k` of secret
    /// `j`'s).
    #[inline(always)]
    fn of_digits(digits: [S; 4]) -> ByBlack<S> {
        let [one, two, four, eight] = digits;
        ByBlack {
            low: [!one & !two, one & !two, !one & two, one & two],
            high: [!four & !eight, four & !eight, !four & eight],
        }
    }

    /// The secrets with `black` black pegs (at most 8).
    #[inline(always)]
    fn with(&self, black: usize) -> S {
        self.low[black & 3] & self.high[black >> 2]
    }
}

/// The caps of [`Slices::first_within`]: `before` for the arrangements below index `switch`,
/// `after` for the others.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Caps {
    /// The first index capped by `after`.
    pub switch: usize,
    /// The largest part allowed below `switch`.
    pub before: u32,
    /// The largest part allowed from `switch` on.
    pub after: u32,
}

/// The indices below `len`, from `from` on, whose bit is clear in marks (bit `i % 64` of
/// `marks[i / 64]`), in order.
struct Unmarked<'m> {
    marks: &'m [u64],
    len: usize,
    /// The word of `marks` being read, and its clear bits not yet returned.
    word: usize,
    clear: u64,
}

impl<'m> Unmarked<'m> {
    fn new(marks: &'m [u64], from: usize, len: usize) -> Unmarked<'m> {
        let word = from / 64;
        let clear = marks.get(word).map_or(0, |&bits| !bits & (u64::MAX << (from % 64)));
        Unmarked { marks, len, word, clear }
    }
}

impl Iterator for Unmarked<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.clear == 0 {
            self.word += 1;
            if self.word * 64 >= self.len {
                return None;
            }
            self.clear = !self.marks[self.word];
        }
        let i = self.word * 64 + self.clear.trailing_zeros() as usize;
        self.clear &= self.clear - 1;
        (i < self.len).then_some(i)
    }
}

/// A set of up to `64 K` secrets in `K` words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Many<const K: usize>([u64; K]);

impl<const K: usize> Default for Many<K> {
    fn default() -> Many<K> {
        Many([0; K])
    }
}

impl<const K: usize> BitAnd for Many<K> {
    type Output = Many<K>;
    #[inline(always)]
    fn bitand(self, other: Many<K>) -> Many<K> {
        Many(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl<const K: usize> BitOr for Many<K> {
    type Output = Many<K>;
    #[inline(always)]
    fn bitor(self, other: Many<K>) -> Many<K> {
        Many(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl<const K: usize> BitXor for Many<K> {
    type Output = Many<K>;
    #[inline(always)]
    fn bitxor(self, other: Many<K>) -> Many<K> {
        Many(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

impl<const K: usize> Not for Many<K> {
    type Output = Many<K>;
    #[inline(always)]
    fn not(self) -> Many<K> {
        Many(self.0.map(|word| !word))
    }
}

impl<const K: usize> Secrets for Many<K> {
    const CAPACITY: usize = 64 * K;
    #[inline(always)]
    fn one(j: usize) -> Many<K> {
        let mut words = [0; K];
        words[j / 64] = 1 << (j % 64);
        Many(words)
    }
    #[inline(always)]
    fn len(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }
}

/// Calls `method(args)` on the [`BlackSlices`] of the current node's width.
macro_rules! on_width {
    ($slices:ident, $method:ident($($arg:expr),*)) => {
        match $slices.words {
            1 => $slices.one.$method($($arg),*),
            2 => $slices.two.$method($($arg),*),
            4 => $slices.four.$method($($arg),*),
            8 => $slices.eight.$method($($arg),*),
            _ => $slices.sixteen.$method($($arg),*),
        }
    };
}

/// [`BlackSlices`] in the narrowest sets that hold a node (one, two, four, eight or sixteen
/// words; sixteen made 6x9 Irving take 0.90 of the CPU time it took with at most eight, Knuth
/// 0.99), and
/// the multiset its secrets are split for.
#[derive(Debug)]
pub(crate) struct Slices {
    one: BlackSlices<u64>,
    two: BlackSlices<u128>,
    four: BlackSlices<Many<4>>,
    eight: BlackSlices<Many<8>>,
    sixteen: BlackSlices<Many<16>>,
    /// The words a set of the current node takes.
    words: usize,
    /// The multiset number the node's secrets were last split for.
    split_for: Option<u32>,
    /// Peg words narrowed to 64 bits for the sieve, when the game's words are wider.
    narrow: Vec<u64>,
}

impl Slices {
    /// The most secrets a node may hold.
    pub const MAX_SECRETS: usize = Many::<16>::CAPACITY;

    /// Tables for `game`, when its codes have at most 8 pegs (black pegs are counted in four
    /// binary digits).
    pub fn of_game(game: Game) -> Option<Slices> {
        (game.pegs() <= 8).then(|| Slices {
            one: BlackSlices::new(game),
            two: BlackSlices::new(game),
            four: BlackSlices::new(game),
            eight: BlackSlices::new(game),
            sixteen: BlackSlices::new(game),
            words: 1,
            split_for: None,
            narrow: Vec::new(),
        })
    }

    /// Takes a new node's `secrets`, at most [`MAX_SECRETS`](Self::MAX_SECRETS).
    pub fn start<W: Word>(&mut self, secrets: Slice<'_, W>) {
        self.words = secrets.len().div_ceil(64).next_power_of_two();
        self.split_for = None;
        on_width!(self, start(secrets))
    }

    /// Splits the node's `secrets` by their totals with multiset `number`, whose count word is
    /// `counts`, unless they were last split for it.
    pub fn split<W: Word>(&mut self, number: u32, counts: W, secrets: Slice<'_, W>) {
        if self.split_for == Some(number) {
            return;
        }
        self.split_for = Some(number);
        on_width!(self, split(counts, secrets))
    }

    /// [`BlackSlices::sieve`] for the arrangements `pegs` of the multiset split for, into
    /// `marks` (bit `i % 64` of `marks[i / 64]` for `pegs[i]`; cleared first). The sieve reads
    /// peg words of 64 bits: a game whose count words need 128 (8x9) has its peg words
    /// narrowed first, its pegs (at most 8) all in their low 64 bits.
    pub fn sieve<W: Word>(&mut self, pegs: &[W], cap: u32, marks: &mut Vec<u64>) {
        marks.clear();
        marks.resize(pegs.len().div_ceil(64), 0);
        let mut narrow = std::mem::take(&mut self.narrow);
        let codes = match W::as_u64(pegs) {
            Some(codes) => codes,
            None => {
                narrow.clear();
                narrow.extend(pegs.iter().map(|&word| word.widen() as u64));
                &narrow[..]
            }
        };
        on_width!(self, sieve(codes, cap, marks));
        self.narrow = narrow;
    }

    /// [`BlackSlices::squares`]: the Expected size cost of the arrangement with peg word `pegs`
    /// (of the multiset split for), or `None` once it reaches `bar`.
    pub fn squares<W: Word>(&self, pegs: W, bar: u64) -> Option<u64> {
        on_width!(self, squares(pegs, bar))
    }

    /// [`BlackSlices::first_within`]: the first arrangement of `pegs` (of the multiset split
    /// for), from index `from`, that `marks` leaves unmarked (bit `i % 64` of `marks[i / 64]`)
    /// and that leaves no part above its cap; and how many arrangements were tested.
    pub fn first_within<W: Word>(
        &self,
        pegs: &[W],
        marks: &[u64],
        from: usize,
        caps: Caps,
    ) -> (Option<usize>, u64) {
        on_width!(self, first_within(pegs, marks, from, caps))
    }
}

/// The bitwise sums of eight masks: bit `j` of `digits[k]` is digit `k` of how many of the
/// masks have bit `j` set (at most 8, four digits), by full and half adders.
#[inline(always)]
fn add_eight<S: Secrets>(masks: [S; 8]) -> [S; 4] {
    let full = |a: S, b: S, c: S| (a ^ b ^ c, (a & b) | (c & (a ^ b)));
    let (s1, c1) = full(masks[0], masks[1], masks[2]);
    let (s2, c2) = full(masks[3], masks[4], masks[5]);
    let (s3, c3) = full(s1, s2, masks[6]);
    let (ones, c4) = (s3 ^ masks[7], s3 & masks[7]);
    // Four carries of weight two.
    let (s5, c5) = full(c1, c2, c3);
    let (twos, c6) = (s5 ^ c4, s5 & c4);
    // Two carries of weight four.
    let (fours, eights) = (c5 ^ c6, c5 & c6);
    [ones, twos, fours, eights]
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::words::{Packed, Words};
    use mastermind_core::{Code, CodeSet, score::score_index};

    #[test]
    fn eight_masks_add_up_bit_by_bit() {
        let masks = [0xff, 0xfe, 0xfc, 0xf8, 0xf0, 0xe0, 0xc0, 0x80u64];
        let digits = add_eight(masks);
        for j in 0..8 {
            let count = (0..4).map(|k| (digits[k] >> j & 1) << k).sum::<u64>();
            assert_eq!(count, j + 1);
        }
    }

    /// Whole multisets of arrangements against spreads of node sets of several games, of every
    /// width: an arrangement's squares are those of its parts counted reply by reply; it passes
    /// the test exactly when its largest part is within the cap; the sieve marks only
    /// arrangements above it; and `first_within` finds the first unmarked arrangement within
    /// its cap, from any start, with either cap on either side of the switch.
    #[test]
    fn slices_count_the_parts_that_scoring_counts() {
        for (pegs, colours) in [(4u32, 6u32), (5, 3), (8, 2), (3, 7), (6, 4), (4, 9)] {
            let game = Game::new(pegs, colours).unwrap();
            let codes = CodeSet::enumerate(game).unwrap().to_vec();
            let mut slices = Slices::of_game(game).unwrap();
            let (mut within, mut beyond, mut sieved, mut marks) = (0, 0, 0, Vec::new());
            let sizes = [(3usize, 101usize), (17, 13), (64, 5), (65, 3), (128, 2), (200, 1)];
            for (size, stride) in sizes.into_iter().chain([(512, 1), (1024, 1)]) {
                let node: Vec<_> = codes.iter().step_by(stride).take(size).cloned().collect();
                let secrets = Words::<u64>::from_codes(&node);
                slices.start(secrets.slice());
                for (number, candidate) in (0u32..).zip(codes.iter().step_by(37).take(24)) {
                    let counts = Packed::<u64>::from_code(candidate).counts;
                    let arrangements: Vec<u64> = codes
                        .iter()
                        .map(Packed::<u64>::from_code)
                        .filter(|code| code.counts == counts)
                        .map(|code| code.pegs)
                        .collect();
                    let parts: Vec<Vec<u32>> = codes
                        .iter()
                        .filter(|code| Packed::<u64>::from_code(code).counts == counts)
                        .map(|arrangement| {
                            let mut parts = vec![0u32; game.feedback_count()];
                            for secret in &node {
                                parts[score_index(secret, arrangement)] += 1;
                            }
                            parts
                        })
                        .collect();
                    let largest: Vec<u32> =
                        parts.iter().map(|parts| *parts.iter().max().unwrap()).collect();
                    slices.split(number, counts, secrets.slice());
                    // The Expected size cost, the parts' squares, exactly; none from its bar.
                    for (pegs, parts) in arrangements.iter().zip(&parts) {
                        let squares: u64 = parts.iter().map(|&s| u64::from(s * s)).sum();
                        assert_eq!(slices.squares(*pegs, u64::MAX), Some(squares), "{game}");
                        assert_eq!(slices.squares(*pegs, squares + 1), Some(squares), "{game}");
                        assert_eq!(slices.squares(*pegs, squares), None, "{game}");
                    }
                    let most = *largest.iter().max().unwrap();
                    for cap in 0..most + 2 {
                        let caps = Caps { switch: 0, before: cap, after: cap };
                        for (i, &pegs) in arrangements.iter().enumerate() {
                            let found = slices.first_within(&[pegs], &[0], 0, caps).0;
                            assert_eq!(found.is_some(), largest[i] <= cap, "{game} cap {cap}");
                            within += usize::from(found.is_some());
                            beyond += usize::from(found.is_none());
                        }
                        slices.sieve(&arrangements, cap, &mut marks);
                        for (i, &most) in largest.iter().enumerate() {
                            let marked = marks[i / 64] >> (i % 64) & 1 == 1;
                            assert!(!marked || most > cap, "{game} {candidate} cap {cap}");
                            sieved += usize::from(marked);
                        }
                        let len = arrangements.len();
                        for (from, switch) in [(0, 0), (0, len / 2), (len / 3, len), (len - 1, 1)] {
                            let caps = Caps { switch, before: cap + 1, after: cap };
                            let unmarked = |i: usize| marks[i / 64] >> (i % 64) & 1 == 0;
                            let fits = |i: usize| {
                                largest[i] <= if i < switch { caps.before } else { caps.after }
                            };
                            let first = (from..len).find(|&i| unmarked(i) && fits(i));
                            let tested = (from..first.map_or(len, |i| i + 1))
                                .filter(|&i| unmarked(i))
                                .count() as u64;
                            let got = slices.first_within(&arrangements, &marks, from, caps);
                            assert_eq!(got, (first, tested), "{game} {candidate} cap {cap}");
                        }
                    }
                }
            }
            assert!(within > 0 && beyond > 0, "{game}");
            assert!(PegTable::fits(game) == (sieved > 0), "{game}: sieve {sieved}");
        }
    }

    /// A game whose codes take 128-bit words (8x9's count words do) is sieved as the same codes
    /// in 64-bit words are, and its sieve marks some: its peg words are narrowed, not skipped.
    #[test]
    fn wide_words_are_sieved_like_narrow_ones() {
        let game = Game::new(4, 6).unwrap();
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let node: Vec<_> = codes.iter().step_by(3).take(300).cloned().collect();
        let (narrow, wide) = (Words::<u64>::from_codes(&node), Words::<u128>::from_codes(&node));
        let (mut by_narrow, mut by_wide) =
            (Slices::of_game(game).unwrap(), Slices::of_game(game).unwrap());
        by_narrow.start(narrow.slice());
        by_wide.start(wide.slice());
        let mut marked = 0;
        for (number, candidate) in (0u32..).zip(codes.iter().step_by(29)) {
            let same_multiset = |code: &&Code| {
                Packed::<u64>::from_code(code).counts == Packed::<u64>::from_code(candidate).counts
            };
            let arrangements: Vec<&Code> = codes.iter().filter(same_multiset).collect();
            let narrow_pegs: Vec<u64> =
                arrangements.iter().map(|c| Packed::<u64>::from_code(c).pegs).collect();
            let wide_pegs: Vec<u128> =
                arrangements.iter().map(|c| Packed::<u128>::from_code(c).pegs).collect();
            by_narrow.split(number, Packed::<u64>::from_code(candidate).counts, narrow.slice());
            by_wide.split(number, Packed::<u128>::from_code(candidate).counts, wide.slice());
            for cap in [4, 8, 16, 32] {
                let (mut narrow_marks, mut wide_marks) = (Vec::new(), Vec::new());
                by_narrow.sieve(&narrow_pegs, cap, &mut narrow_marks);
                by_wide.sieve(&wide_pegs, cap, &mut wide_marks);
                assert_eq!(wide_marks, narrow_marks, "{candidate} cap {cap}");
                marked += narrow_marks.iter().map(|m| m.count_ones()).sum::<u32>();
            }
        }
        assert!(marked > 0, "the sieve marked nothing");
    }

    #[test]
    fn games_of_more_than_eight_pegs_have_no_slices() {
        assert!(Slices::of_game(Game::new(8, 9).unwrap()).is_some());
        assert!(Slices::of_game(Game::new(9, 2).unwrap()).is_none());
    }
}
