//! Sums over a code's pegs of a value chosen by each peg's colour, tested against ranges eight
//! codes at a time.
//!
//! A [`PegTable`] holds one small value (at most 255) for each peg and colour of a game of up
//! to 8 pegs and 15 colours. A code's sum is the values of its colours at its pegs added up.
//! [`PegTable::mark_outside`] marks which of a run of peg words have a sum outside the range of
//! some of several tables ([`PegRange`]). With AVX2 that is four byte shuffles (eight beyond 7
//! colours) and one `vpsadbw` per four codes and table, against eight dependent table reads per
//! code and table in the portable loop; both give the same bits.
//!
//! The table is laid out for the shuffle, whose index is four bits: up to 7 colours, one 16-byte
//! row per pair of pegs `2k, 2k + 1`, indexed by `8 (peg % 2) + byte`; beyond, one row per peg,
//! indexed by `byte`. A peg's `byte` is its byte of the peg word (`colour + 1`, or zero for an
//! unused peg, whose value is zero). Each row is stored twice, once per 128-bit half of a
//! 256-bit register.

use crate::game::Game;

/// Values by peg and colour for codes of up to 8 pegs and 15 colours, each at most 255.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PegTable {
    /// Pegs that share a row: 2 up to 7 colours, 1 beyond.
    pub(super) pegs_per_row: usize,
    /// `rows[peg / pegs_per_row][(16 / pegs_per_row) (peg % pegs_per_row) + byte]`, repeated
    /// in bytes 16 to 31 (rows past `8 / pegs_per_row` unused).
    pub(super) rows: [[u8; 32]; 8],
}

/// A table and the range its sums must keep to ([`PegTable::mark_outside`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PegRange {
    /// The values summed.
    pub table: PegTable,
    /// The least sum in range.
    pub low: u32,
    /// The most sum in range.
    pub high: u32,
}

impl PegTable {
    /// Whether `game`'s codes fit a table: at most 8 pegs and 15 colours.
    pub fn fits(game: Game) -> bool {
        game.pegs() <= 8 && game.colours() <= 15
    }

    /// The table of `value(peg, colour)` for the `pegs` pegs and `colours` colours of a game
    /// that [`fits`](Self::fits), or `None` when some value passes 255.
    pub fn new(
        pegs: usize,
        colours: usize,
        mut value: impl FnMut(usize, usize) -> u32,
    ) -> Option<PegTable> {
        debug_assert!(pegs <= 8 && colours <= 15);
        let pegs_per_row = if colours <= 7 { 2 } else { 1 };
        let mut rows = [[0u8; 32]; 8];
        for peg in 0..pegs {
            for colour in 0..colours {
                let byte = u8::try_from(value(peg, colour)).ok()?;
                let slot = 16 / pegs_per_row * (peg % pegs_per_row) + colour + 1;
                rows[peg / pegs_per_row][slot] = byte;
                rows[peg / pegs_per_row][16 + slot] = byte;
            }
        }
        Some(PegTable { pegs_per_row, rows })
    }

    /// The sum over the pegs of the peg word `pegs` (byte `i`: `colour + 1` of peg `i`, or
    /// zero).
    #[inline]
    pub fn sum(&self, pegs: u64) -> u32 {
        (0..8)
            .map(|peg| {
                let byte = usize::from((pegs >> (8 * peg)) as u8);
                let per_row = self.pegs_per_row;
                u32::from(self.rows[peg / per_row][16 / per_row * (peg % per_row) + byte])
            })
            .sum()
    }

    /// Sets bit `i % 64` of `marks[i / 64]` (which must cover every code) for each code `i`
    /// of `codes` (peg words) that sums outside the range of some of `ranges`, whose tables are
    /// of one game (one layout); other bits are left as they are.
    pub fn mark_outside(codes: &[u64], ranges: &[PegRange], marks: &mut [u64]) {
        debug_assert!(
            ranges.windows(2).all(|w| w[0].table.pegs_per_row == w[1].table.pegs_per_row)
        );
        debug_assert!(marks.len() * 64 >= codes.len());
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            super::avx2::mark_outside(codes, ranges, marks)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            PegTable::mark_portable(codes, ranges, marks)
        }
    }

    /// [`mark_outside`](Self::mark_outside), one code and one range at a time.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
    fn mark_portable(codes: &[u64], ranges: &[PegRange], marks: &mut [u64]) {
        for (i, &code) in codes.iter().enumerate() {
            let beyond = |range: &PegRange| {
                let sum = range.table.sum(code);
                sum < range.low || sum > range.high
            };
            if ranges.iter().any(beyond) {
                marks[i / 64] |= 1 << (i % 64);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CodeSet;
    use crate::seed::rng_for;
    use crate::words::Packed;
    use rand::RngExt;

    /// Over every code of games up to 8 pegs and 15 colours, in runs of 1 to 150 codes, with
    /// random tables and ranges (one, two or three at once) and random marks already set,
    /// `mark_outside` adds exactly the codes whose sum, added up peg by peg, leaves some range,
    /// and keeps the marks it found.
    #[test]
    fn mark_outside_marks_the_sums_out_of_some_range() {
        let mut rng = rng_for(0x5ea5, &[8]);
        let games = [(8u32, 5u32), (7, 7), (4, 6), (3, 2), (8, 2), (1, 7), (7, 8), (4, 15), (2, 9)];
        for (pegs, colours) in games {
            let game = Game::new(pegs, colours).unwrap();
            assert!(PegTable::fits(game));
            let (p, c) = (pegs as usize, colours as usize);
            let tables: Vec<Vec<u32>> =
                (0..3).map(|_| (0..p * c).map(|_| rng.random_range(0..=255)).collect()).collect();
            let codes: Vec<u64> = CodeSet::enumerate(game)
                .unwrap()
                .iter()
                .map(|code| Packed::<u64>::from_code(code).pegs)
                .collect();
            let (mut marked, mut start, mut round) = (0, 0, 0);
            while start < codes.len() {
                let run = &codes[start..(start + 1 + round * 37 % 150).min(codes.len())];
                start += run.len();
                round += 1;
                let ranges: Vec<PegRange> = tables[..1 + round % 3]
                    .iter()
                    .map(|values| {
                        let table = PegTable::new(p, c, |peg, k| values[peg * c + k]).unwrap();
                        let low = rng.random_range(0..=255 * pegs);
                        let high = rng.random_range(low.saturating_sub(60)..=low + 900);
                        PegRange { table, low, high }
                    })
                    .collect();
                let before: Vec<u64> = (0..run.len().div_ceil(64))
                    .map(|_| rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>())
                    .collect();
                let mut marks = before.clone();
                PegTable::mark_outside(run, &ranges, &mut marks);
                let mut portable = before.clone();
                PegTable::mark_portable(run, &ranges, &mut portable);
                assert_eq!(marks, portable, "{game}");
                for (i, &code) in run.iter().enumerate() {
                    let colour = |peg: usize| usize::from((code >> (8 * peg)) as u8) - 1;
                    let out = ranges.iter().zip(&tables).any(|(range, values)| {
                        let sum: u32 = (0..p).map(|peg| values[peg * c + colour(peg)]).sum();
                        assert_eq!(range.table.sum(code), sum, "{game}");
                        sum < range.low || sum > range.high
                    });
                    let was = before[i / 64] >> (i % 64) & 1 == 1;
                    assert_eq!(marks[i / 64] >> (i % 64) & 1 == 1, out || was, "{game}: {code:x}");
                    marked += usize::from(out && !was);
                }
            }
            assert!(marked > 0, "{game}: no code marked");
            let mut marks = vec![0; codes.len().div_ceil(64)];
            PegTable::mark_outside(&codes, &[], &mut marks);
            assert!(marks.iter().all(|&m| m == 0), "no range, no mark");
        }
    }

    #[test]
    fn values_above_a_byte_make_no_table() {
        assert!(PegTable::new(2, 2, |peg, colour| (peg * 199 + colour * 56) as u32).is_some());
        assert!(PegTable::new(2, 2, |peg, colour| (peg * 199 + colour * 56 + 1) as u32).is_none());
        assert!(!PegTable::fits(Game::new(9, 5).unwrap()));
        assert!(PegTable::fits(Game::new(4, 15).unwrap()));
        assert!(!PegTable::fits(Game::new(4, 16).unwrap()));
    }
}
