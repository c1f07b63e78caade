//! A code (a combination of coloured pegs) in the packed form the scorer works on.

use crate::game::{Game, GameError, first_repeat};
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
        check_repeats(game, colours, &text)?;
        Ok(Code::from_valid_colours(game, colours))
    }

    /// The code whose peg and count words are these (of a game that packs its colours).
    pub(crate) fn from_words(pegs: u128, counts: u128) -> Code {
        Code { pegs, counts }
    }

    /// A code from colours known to be valid for `game` (checked in debug builds only).
    pub fn from_valid_colours(game: Game, colours: &[u8]) -> Code {
        debug_assert_eq!(colours.len(), usize::from(game.pegs()));
        debug_assert!(colours.iter().all(|&c| c < game.colours()));
        debug_assert!(game.allows(colours), "{game} codes may not repeat a colour");
        let pegs = peg_word(colours);
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
        check_repeats(game, &colours, text)?;
        Ok(Code::from_valid_colours(game, &colours))
    }

    /// The code of lexicographic rank `rank` among the game's codes (`0` is `AA..A`, or `ABC..`
    /// without repeats), the inverse of [`Code::rank`].
    pub fn from_rank(game: Game, mut rank: u64) -> Code {
        let pegs = usize::from(game.pegs());
        let mut colours = [0u8; 16];
        if game.repeats() {
            let k = u64::from(game.colours());
            for slot in colours[..pegs].iter_mut().rev() {
                *slot = (rank % k) as u8;
                rank /= k;
            }
        } else {
            let mut used = 0u32;
            for (i, slot) in colours[..pegs].iter_mut().enumerate() {
                let weight = game.completions(i as u8 + 1);
                *slot = nth_unused(used, (rank / weight) as u32);
                rank %= weight;
                used |= 1 << *slot;
            }
        }
        Code::from_valid_colours(game, &colours[..pegs])
    }

    /// A uniformly random code of the game, each peg's colour drawn in turn, first peg first.
    ///
    /// With repeats, one `random_range(0..colours)` per peg (so a stream gives the same codes
    /// wherever it is used); without, peg `i` draws `random_range(0..colours - i)` and takes that
    /// colour among those not yet used.
    pub fn random(game: Game, rng: &mut impl RngExt) -> Code {
        let pegs = usize::from(game.pegs());
        if game.repeats() {
            // Both words built as the colours are drawn, in registers (as `peg_word` and
            // `unary_counts` would from the drawn colours; a test holds them equal).
            if !game.packs_colours() {
                let mut peg_word = 0u128;
                for i in 0..pegs {
                    peg_word |= u128::from(rng.random_range(0..game.colours()) + 1) << (8 * i);
                }
                return Code { pegs: peg_word, counts: 0 };
            }
            let block = u32::from(game.pegs());
            let (mut peg_word, mut counts) = (0u128, 0u128);
            for i in 0..pegs {
                let c = rng.random_range(0..game.colours());
                peg_word |= u128::from(c + 1) << (8 * i);
                counts = counted(counts, u32::from(c), block);
            }
            return Code { pegs: peg_word, counts };
        }
        let mut colours = [0u8; 16];
        let mut used = 0u32;
        for (i, slot) in colours[..pegs].iter_mut().enumerate() {
            *slot = nth_unused(used, u32::from(rng.random_range(0..game.colours() - i as u8)));
            used |= 1 << *slot;
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

    /// Lexicographic rank among the game's codes (`AA..A` is 0): an index into
    /// [`CodeSet`](crate::CodeSet). Without repeats, peg `i` weighs the colours below its own
    /// that no earlier peg uses, times the ways to fill the pegs after it.
    pub fn rank(&self, game: Game) -> u64 {
        if game.repeats() {
            let k = u64::from(game.colours());
            self.colours().fold(0u64, |acc, c| acc * k + u64::from(c))
        } else {
            let mut used = 0u32;
            let mut rank = 0u64;
            for (i, c) in self.colours().enumerate() {
                let below_unused = (!used & ((1u32 << c) - 1)).count_ones();
                rank += u64::from(below_unused) * game.completions(i as u8 + 1);
                used |= 1 << c;
            }
            rank
        }
    }

    /// This code with position `i` set to `colour`.
    pub fn with_colour(&self, game: Game, i: usize, colour: u8) -> Code {
        debug_assert!(i < self.len() && colour < game.colours());
        let old = self.colour(i);
        if old == colour {
            return *self;
        }
        let pegs = (self.pegs & !(0xff << (8 * i))) | (u128::from(colour + 1) << (8 * i));
        if !game.packs_colours() {
            return Code { pegs, counts: 0 };
        }
        // One occurrence of `old` leaves (the top bit of its run) and one of `colour` joins.
        let n = u32::from(game.pegs());
        let run = |counts: u128, c: u8| (counts >> (u32::from(c) * n)) & ((1u128 << n) - 1);
        let mut counts = self.counts;
        counts &= !(1u128 << (u32::from(old) * n + run(counts, old).count_ones() - 1));
        counts |= 1u128 << (u32::from(colour) * n + run(counts, colour).count_ones());
        Code { pegs, counts }
    }

    /// The code that takes the pegs at `positions` (bit `i` for position `i`) from this code and
    /// the others from `other`, of the same game (a crossover's child). The colour counts are
    /// recomputed only when the child is neither parent.
    pub fn splice(&self, game: Game, other: &Code, positions: u32) -> Code {
        debug_assert!(positions < 1 << game.pegs());
        let mask = u128::from(BYTE_MASKS[(positions & 0xff) as usize])
            | u128::from(BYTE_MASKS[(positions >> 8 & 0xff) as usize]) << 64;
        let pegs = (self.pegs & mask) | (other.pegs & !mask);
        if pegs == self.pegs {
            *self
        } else if pegs == other.pegs {
            *other
        } else {
            Code::from_pegs(game, pegs)
        }
    }

    /// This code's colours in another order, `colours` (which must hold the same colours as
    /// many times): the colour counts are kept, only the pegs are rebuilt.
    pub fn rearranged(&self, colours: &[u8]) -> Code {
        debug_assert_eq!(colours.len(), self.len());
        debug_assert!({
            let (mut a, len) = self.to_array();
            let mut b = colours.to_vec();
            a[..len].sort_unstable();
            b.sort_unstable();
            a[..len] == b[..]
        });
        Code { pegs: peg_word(colours), counts: self.counts }
    }

    /// The code whose peg word is `pegs` (byte `i` holding colour + 1 of position `i`).
    fn from_pegs(game: Game, pegs: u128) -> Code {
        let counts = if game.packs_colours() { unary_counts_of_pegs(game.pegs(), pegs) } else { 0 };
        Code { pegs, counts }
    }

    /// This code with peg `i` set to `colour`, within the game's rule: with repeats it is
    /// [`with_colour`](Self::with_colour); without, the peg that held `colour` (if another did)
    /// takes peg `i`'s old colour, so the colours stay distinct (a swap).
    pub fn with_colour_keeping_rule(&self, game: Game, i: usize, colour: u8) -> Code {
        if game.repeats() {
            return self.with_colour(game, i, colour);
        }
        let (mut cs, len) = self.to_array();
        if let Some(j) = cs[..len].iter().position(|&c| c == colour) {
            cs[j] = cs[i];
        }
        cs[i] = colour;
        Code::from_valid_colours(game, &cs[..len])
    }

    /// This code with positions `i` and `j` swapped.
    pub fn with_swap(&self, game: Game, i: usize, j: usize) -> Code {
        debug_assert!(i < usize::from(game.pegs()) && j < usize::from(game.pegs()));
        let (a, b) = (self.pegs >> (8 * i) & 0xff, self.pegs >> (8 * j) & 0xff);
        let pegs = self.pegs ^ ((a ^ b) << (8 * i)) ^ ((a ^ b) << (8 * j));
        // The same colours as many times: the counts do not change.
        Code { pegs, counts: self.counts }
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

/// The `n`-th colour (from 0) whose bit is clear in `used`.
fn nth_unused(used: u32, n: u32) -> u8 {
    let mut free = !used;
    for _ in 0..n {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

/// Refuses colours that repeat where the game forbids it.
fn check_repeats(game: Game, colours: &[u8], text: &str) -> Result<(), GameError> {
    match first_repeat(colours) {
        Some(c) if !game.repeats() => Err(GameError::RepeatedColour {
            text: text.to_owned(),
            letter: (b'A' + c.min(25)) as char,
        }),
        _ => Ok(()),
    }
}

/// For each set of eight positions (bit `i` for position `i`), the word whose byte `i` is all
/// ones exactly when position `i` is in the set.
const BYTE_MASKS: [u64; 256] = {
    let mut masks = [0u64; 256];
    let mut set = 0;
    while set < 256 {
        let mut i = 0;
        while i < 8 {
            if set & (1 << i) != 0 {
                masks[set] |= 0xff << (8 * i);
            }
            i += 1;
        }
        set += 1;
    }
    masks
};

/// The peg word of `colours`: byte `i` holds `colours[i] + 1`.
fn peg_word(colours: &[u8]) -> u128 {
    // Shifted into two 64-bit halves in registers: bytes written to a buffer and read back as
    // wider words stalled each code on the forwarding of the narrower stores (half the time of
    // making a 4x6 code, by perf).
    let (mut low, mut high) = (0u64, 0u64);
    for (i, &c) in colours.iter().enumerate().take(16) {
        let byte = u64::from(c + 1) << (8 * (i % 8));
        let in_high = 0u64.wrapping_sub((i / 8) as u64);
        low |= byte & !in_high;
        high |= byte & in_high;
    }
    u128::from(low) | (u128::from(high) << 64)
}

/// The unary colour-count word: bit `c * pegs + k` for the `k`-th occurrence of colour `c`.
fn unary_counts(pegs: u8, colours: &[u8]) -> u128 {
    let block = u32::from(pegs);
    colours.iter().fold(0, |counts, &c| counted(counts, u32::from(c), block))
}

/// The count word `counts` (blocks of `block` bits, one a colour) with one more peg of `colour`.
///
/// Colour `c`'s block holds its `n` pegs met so far as `n` low ones. Adding the block's lowest
/// bit carries into bit `n`, which the block has room for (`n < block`), and or-ing the old block
/// back restores the ones below: one add a peg in a register, where a count per colour kept in
/// memory made each peg wait for the store of the one before.
#[inline(always)]
fn counted(counts: u128, colour: u32, block: u32) -> u128 {
    counts | counts.wrapping_add(1u128 << (colour * block))
}

/// [`unary_counts`] of the colours a peg word holds, read from the word in a register (byte `i`
/// is colour + 1 of peg `i`).
fn unary_counts_of_pegs(pegs: u8, word: u128) -> u128 {
    let block = u32::from(pegs);
    (0..block).fold(0, |counts, i| {
        let colour = (word >> (8 * i)) as u32 & 0xff;
        counted(counts, colour - 1, block)
    })
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

    /// The count word holds, for each colour, as many low bits of its block as the code has
    /// pegs of that colour, for every code of games that pack their counts (every 4x4 code and
    /// random codes of larger games, up to 16 pegs and colours): the definition, counted colour
    /// by colour.
    #[test]
    fn count_words_hold_each_colour_in_unary() {
        use crate::seed::rng_for;
        let by_definition = |pegs: u8, colours: &[u8]| -> u128 {
            let mut word = 0u128;
            for &c in colours {
                let n = colours.iter().filter(|&&other| other == c).count() as u32;
                word |= ((1u128 << n) - 1) << (u32::from(c) * u32::from(pegs));
            }
            word
        };
        let mut colours = [0u8; 4];
        for n in 0..256u32 {
            for (peg, slot) in colours.iter_mut().enumerate() {
                *slot = ((n >> (2 * peg)) & 3) as u8;
            }
            assert_eq!(unary_counts(4, &colours), by_definition(4, &colours), "{colours:?}");
        }
        for (pegs, colours) in [(4u8, 6u8), (5, 8), (6, 9), (8, 9), (8, 16), (16, 8), (10, 10)] {
            let game = Game::new(pegs.into(), colours.into()).unwrap();
            assert!(game.packs_colours());
            let mut rng = rng_for(0xc0de, &[u64::from(pegs), u64::from(colours)]);
            for _ in 0..2_000 {
                let code = Code::random(game, &mut rng);
                let (array, _) = code.to_array();
                let p = usize::from(pegs);
                assert_eq!(code.count_word(), by_definition(pegs, &array[..p]), "{code}");
            }
        }
    }

    /// The fast constructors give exactly the code built from its colours, counts included,
    /// in games that pack their colour counts and in games too large to.
    #[test]
    fn fast_constructors_equal_building_from_colours() {
        use crate::seed::rng_for;
        for (pegs, colours, repeats) in
            [(4, 6, true), (4, 8, true), (6, 8, true), (10, 10, true), (16, 9, true), (5, 8, false)]
        {
            let g = if repeats {
                Game::new(pegs, colours)
            } else {
                Game::without_repeats(pegs, colours)
            };
            let g = g.unwrap();
            let p = pegs as usize;
            let mut rng = rng_for(31, &[u64::from(pegs), u64::from(colours)]);
            for _ in 0..5_000 {
                let mut same_draws = rng.clone();
                let a = Code::random(g, &mut rng);
                if repeats {
                    let drawn: Vec<u8> =
                        (0..p).map(|_| same_draws.random_range(0..g.colours())).collect();
                    assert_eq!(a, Code::from_valid_colours(g, &drawn), "{g}: {drawn:?}");
                }
                let b = Code::random(g, &mut rng);
                let (ca, _) = a.to_array();
                let (cb, _) = b.to_array();
                let (i, j) = (rng.random_range(0..p), rng.random_range(0..p));
                let mut swapped = ca;
                swapped.swap(i, j);
                assert_eq!(a.with_swap(g, i, j), Code::from_valid_colours(g, &swapped[..p]));
                let mut reversed = ca;
                reversed[..p].reverse();
                assert_eq!(
                    a.rearranged(&reversed[..p]),
                    Code::from_valid_colours(g, &reversed[..p])
                );
                if repeats {
                    let c = rng.random_range(0..g.colours());
                    let mut changed = ca;
                    changed[i] = c;
                    assert_eq!(a.with_colour(g, i, c), Code::from_valid_colours(g, &changed[..p]));
                    let positions: u32 = rng.random_range(0..1u32 << p);
                    let child: Vec<u8> = (0..p)
                        .map(|k| if positions & (1 << k) != 0 { ca[k] } else { cb[k] })
                        .collect();
                    assert_eq!(a.splice(g, &b, positions), Code::from_valid_colours(g, &child));
                }
            }
        }
    }

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
    fn ranks_without_repeats_are_dense_and_lexicographic() {
        for game in [Game::BULLS_AND_COWS, Game::without_repeats(3, 3).unwrap()] {
            let size = game.size().unwrap();
            let codes: Vec<Code> = (0..size).map(|r| Code::from_rank(game, r)).collect();
            for (r, c) in codes.iter().enumerate() {
                assert_eq!(c.rank(game), r as u64);
                assert_eq!(c.distinct_colours() as usize, c.len(), "{c} repeats a colour");
            }
            assert!(codes.windows(2).all(|w| w[0] < w[1]), "not in letter order");
        }
        let g = Game::BULLS_AND_COWS;
        assert_eq!(Code::from_rank(g, 0).to_string(), "ABCD");
        assert_eq!(Code::from_rank(g, 5039).to_string(), "JIHG");
    }

    #[test]
    fn refuses_repeated_colours_where_the_game_forbids_them() {
        let g = Game::BULLS_AND_COWS;
        let err = Code::parse(g, "ABCA").unwrap_err();
        assert_eq!(err, GameError::RepeatedColour { text: "ABCA".into(), letter: 'A' });
        assert!(Code::from_colours(g, &[1, 2, 2, 3]).is_err());
        assert!(Code::parse(g, "JBCA").is_ok());
        assert!(Code::parse(Game::new(4, 10).unwrap(), "ABCA").is_ok());
    }

    #[test]
    fn random_codes_without_repeats_are_uniform() {
        let g = Game::without_repeats(3, 4).unwrap();
        let mut rng = crate::rng_for(7, &[]);
        let mut counts = [0u32; 24];
        for _ in 0..24_000 {
            counts[Code::random(g, &mut rng).rank(g) as usize] += 1;
        }
        // 1000 expected per code; 5 standard deviations is about 160.
        assert!(counts.iter().all(|&n| (840..=1160).contains(&n)), "{counts:?}");
    }

    #[test]
    fn setting_a_colour_keeps_the_rule() {
        let g = Game::BULLS_AND_COWS;
        let code = Code::parse(g, "ABCD").unwrap();
        // C is at peg 2: it moves to peg 0 and A takes its place.
        assert_eq!(code.with_colour_keeping_rule(g, 0, 2).to_string(), "CBAD");
        assert_eq!(code.with_colour_keeping_rule(g, 0, 7).to_string(), "HBCD");
        assert_eq!(code.with_colour_keeping_rule(g, 1, 1), code);
        let classic = Code::parse(Game::CLASSIC, "ABCD").unwrap();
        assert_eq!(classic.with_colour_keeping_rule(Game::CLASSIC, 0, 2).to_string(), "CBCD");
    }

    #[test]
    fn edits() {
        let g = Game::CLASSIC;
        let c = Code::parse(g, "ABCD").unwrap();
        assert_eq!(c.with_swap(g, 0, 3).to_string(), "DBCA");
        assert_eq!(c.with_colour(g, 1, 5).to_string(), "AFCD");
    }
}
