//! A Worst case bound for one arrangement, from the black pegs it scores over a node's secrets.
//!
//! A candidate's multiset fixes `m[t]`, how many secrets share `t` colours with it
//! ([`NodeBounds::totals`](crate::build::multisets::NodeBounds::totals)), and its arrangement
//! fixes `B`, the black pegs it scores summed over the secrets: the secrets holding its colour
//! at each peg, summed over the pegs, which a table of the node's colours by peg gives in a few
//! lookups. The secrets sharing `t` colours split by black pegs into parts `(t, b)`, `b` in
//! `0..=t` (not `pegs - 1` with the full total, and at most one secret with `b = pegs`). If no
//! part may hold more than `cap` secrets, the `m[t]` secrets of total `t` score between `lo_t`
//! black pegs (the lowest parts filled first) and `hi_t` (the highest first). So a candidate
//! whose `B` lies outside `[sum lo_t, sum hi_t]` has a part larger than `cap`: its largest part,
//! the Worst case cost, exceeds `cap`, and it is ruled out without scoring a secret.
//!
//! The multiset bound is this test without `B` (some `m[t]` exceeds its parts' capacity), so
//! the test only adds to it. Measured at 6x7 Knuth, it rules out two thirds of the candidates
//! the multiset bound let through and scoring then rejected.

use mastermind_core::Game;
use mastermind_core::words::{Packed, Slice, Word};

/// One node's table of colours by peg, and the range of black-peg sums each multiset allows
/// under the last cap it was asked about.
#[derive(Debug)]
pub(crate) struct BlackSums {
    pegs: usize,
    /// Slots per peg in `at`: a peg byte is `colour + 1`, from 1 to the number of colours.
    stride: usize,
    /// `at[peg * stride + colour + 1]`: how many of the node's secrets hold `colour` at `peg`.
    at: Vec<u32>,
    /// By multiset number: the cap, then the least and the most black-peg sum that cap allows
    /// (`u32::MAX` as the cap: none computed at this node).
    ranges: Vec<(u32, u32, u32)>,
}

/// No range computed.
const UNSET: u32 = u32::MAX;

impl BlackSums {
    /// Tables for `game`, whose colour multisets number `multisets`.
    pub fn new(game: Game, multisets: usize) -> BlackSums {
        let pegs = usize::from(game.pegs());
        let stride = usize::from(game.colours()) + 1;
        BlackSums {
            pegs,
            stride,
            at: vec![0; pegs * stride],
            ranges: vec![(UNSET, 0, 0); multisets],
        }
    }

    /// Counts the colours by peg of a new node's `secrets` and forgets the last node's ranges.
    pub fn start<W: Word>(&mut self, secrets: Slice<'_, W>) {
        self.at.fill(0);
        for &word in secrets.pegs {
            for peg in 0..self.pegs {
                self.at[peg * self.stride + usize::from(word.byte(peg))] += 1;
            }
        }
        for range in &mut self.ranges {
            range.0 = UNSET;
        }
    }

    /// The black pegs `candidate` scores, summed over the node's secrets.
    #[inline(always)]
    pub fn black_sum<W: Word>(&self, candidate: Packed<W>) -> u32 {
        let mut sum = 0;
        for peg in 0..self.pegs {
            sum += self.at[peg * self.stride + usize::from(candidate.pegs.byte(peg))];
        }
        sum
    }

    /// Whether `candidate`, of multiset `number` whose totals at this node are `totals`
    /// (`totals[t]`: secrets sharing `t` colours with it), has a part of more than `cap`
    /// secrets.
    #[inline]
    pub fn exceeds<W: Word>(
        &mut self,
        candidate: Packed<W>,
        number: u32,
        totals: &[u32],
        cap: u32,
    ) -> bool {
        let range = &mut self.ranges[number as usize];
        if range.0 != cap {
            *range = match black_range(totals, cap) {
                Some((lo, hi)) => (cap, lo, hi),
                // No arrangement fits: an empty range.
                None => (cap, 1, 0),
            };
        }
        let (_, lo, hi) = *range;
        let sum = self.black_sum(candidate);
        sum < lo || sum > hi
    }
}

/// The least and the most black pegs, summed over secrets whose totals are `totals` (one slot
/// per total, the last the full one), when no part holds more than `cap` secrets; `None` when
/// some total has more secrets than its parts can hold.
pub(crate) fn black_range(totals: &[u32], cap: u32) -> Option<(u32, u32)> {
    let pegs = totals.len() - 1;
    let (mut lo, mut hi) = (0u64, 0u64);
    for (t, &m) in totals.iter().enumerate() {
        if m == 0 {
            continue;
        }
        // Parts (t, b) with their capacity, b ascending.
        let capacity = |b: usize| -> u64 {
            if t == pegs && pegs > 0 && b == pegs - 1 {
                0
            } else if t == pegs && b == pegs {
                u64::from(cap.min(1))
            } else {
                u64::from(cap)
            }
        };
        let mut left = u64::from(m);
        for b in 0..=t {
            let k = left.min(capacity(b));
            lo += k * b as u64;
            left -= k;
        }
        if left > 0 {
            return None;
        }
        let mut left = u64::from(m);
        for b in (0..=t).rev() {
            let k = left.min(capacity(b));
            hi += k * b as u64;
            left -= k;
        }
    }
    Some((lo.min(u64::from(u32::MAX)) as u32, hi.min(u64::from(u32::MAX)) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::CodeSet;
    use mastermind_core::score::{score, score_index};
    use mastermind_core::words::Words;

    /// Every candidate against a spread of node sets of 4x3 and 3x5: whenever the test rules a
    /// candidate out at a cap, its largest part exceeds that cap, and at the cap one below the
    /// largest part the test rules out some candidates.
    #[test]
    fn ruled_out_candidates_have_a_part_above_the_cap() {
        for (pegs, colours) in [(4u32, 3u32), (3, 5)] {
            let game = Game::new(pegs, colours).unwrap();
            let codes = CodeSet::enumerate(game).unwrap().to_vec();
            let mut ruled_out = 0;
            for step in [1, 2, 3, 5, 7] {
                for offset in 0..step {
                    let node: Vec<_> = codes.iter().skip(offset).step_by(step).cloned().collect();
                    let words = Words::<u64>::from_codes(&node);
                    let mut sums = BlackSums::new(game, 1);
                    sums.start(words.slice());
                    for candidate in &codes {
                        let mut parts = vec![0u32; game.feedback_count()];
                        let mut totals = vec![0u32; pegs as usize + 1];
                        for secret in &node {
                            parts[score_index(secret, candidate)] += 1;
                            let reply = score(secret, candidate);
                            totals[usize::from(reply.black + reply.white)] += 1;
                        }
                        let largest = *parts.iter().max().unwrap();
                        let packed = Packed::<u64>::from_code(candidate);
                        for cap in 0..largest + 2 {
                            sums.ranges[0].0 = UNSET;
                            let exceeds = sums.exceeds(packed, 0, &totals, cap);
                            assert!(!exceeds || largest > cap, "{game} {candidate} cap {cap}");
                            ruled_out += usize::from(exceeds && cap + 1 == largest);
                        }
                    }
                }
            }
            assert!(ruled_out > 0, "{pegs}x{colours}: never rules out a candidate at its cap");
        }
    }

    #[test]
    fn a_total_beyond_its_parts_has_no_range() {
        // Four secrets sharing one colour fill parts (1, 0) and (1, 1) of two each at most.
        assert_eq!(black_range(&[0, 4, 0], 2), Some((2, 2)));
        assert_eq!(black_range(&[0, 5, 0], 2), None);
        // The full total: never `pegs - 1` black pegs, at most one secret with all of them.
        assert_eq!(black_range(&[0, 0, 3], 2), Some((2, 2)));
        assert_eq!(black_range(&[0, 0, 2], 5), Some((0, 2)));
    }
}
