//! A Worst case scan's offer of one colour multiset's codes in a node that [`Slices`] holds.
//!
//! The codes that may still win (all of them, or those before a list best when the multiset's
//! bound only ties it) are sieved all at once by their black-peg sums under the loosest limit
//! among them, then tested one by one, every part at once, from each code the last test passed;
//! only a code within its cap is scored. Measured at 8x5 Knuth, the sieve rules out 78% of the
//! 1.34 billion codes the scans offer and the tests all but 35 thousand of the 290 million
//! left.

use super::by_multiset::MultisetScan;
use super::cost::largest_part_allowed;
use super::{Best, Filter, Selector};
use crate::build::candidates::CandidateList;
use crate::build::slices::{Caps, Slices};
use mastermind_core::words::{Slice, Word, Words};
use std::ops::Range;

/// The codes of one multiset that a scan with slices offers when a filter keeps fewer than all,
/// with their positions, and the marks of those its sieve rules out: kept between multisets,
/// so that a scan does not allocate.
#[derive(Debug)]
pub(super) struct Arranged<W> {
    codes: Words<W>,
    positions: Vec<u32>,
    marks: Vec<u64>,
}

impl<W: Word> Default for Arranged<W> {
    fn default() -> Arranged<W> {
        Arranged { codes: Words::new(), positions: Vec::new(), marks: Vec::new() }
    }
}

impl<W: Word> Selector<W> {
    /// Offers the codes of one multiset of `list` that `filter` keeps and that may still win,
    /// for Worst case in a node that `slices` holds (started for `secrets`). The multiset comes
    /// as its bound, its number and its range in `list`, whose first code may win.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn offer_by_slices(
        &mut self,
        slices: &mut Slices,
        list: &CandidateList<W>,
        filter: Filter<'_>,
        (least, number, range): (f64, u32, Range<usize>),
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        scan: &mut MultisetScan,
    ) {
        let mut arranged = std::mem::take(&mut self.arranged);
        let Arranged { codes: kept, positions: kept_at, marks } = &mut arranged;
        let grouped = list.by_multiset();
        // A bound that does not beat the best ties it at most: only codes before a list best
        // may win.
        let cut = if least < best.cost {
            range.len()
        } else {
            grouped.partition_point(range.clone(), |at| scan.ties(at))
        };
        let offered = range.start..range.start + cut;
        let side_by_side = match filter {
            Filter::Every => grouped.contiguous(offered.clone()),
            _ => None,
        };
        let (codes, positions) = if let Some(side_by_side) = side_by_side {
            side_by_side
        } else {
            kept.pegs.clear();
            kept.counts.clear();
            kept_at.clear();
            let pegs = usize::from(self.game.pegs());
            for k in offered {
                let (code, at) = (grouped.code(k), grouped.position(k));
                if filter.keeps(code, pegs) {
                    kept.push(code);
                    kept_at.push(at);
                } else {
                    scan.symmetric += 1;
                }
            }
            (kept.slice(), &kept_at[..])
        };
        if let Some(&first) = positions.first() {
            // Sieved under the loosest limit, the first code's: a code ruled out under it is
            // ruled out under its own, which is never looser.
            slices.split(number, self.multisets.counts(number), secrets);
            let loosest = largest_part_allowed(scan.limit(first, best));
            slices.sieve(codes.pegs, loosest, marks);
            let mut offered = positions.len();
            let mut from = 0;
            loop {
                let caps = Caps {
                    switch: positions.partition_point(|&at| scan.ties(at)),
                    before: largest_part_allowed(best.cost + 1.0),
                    after: largest_part_allowed(best.cost),
                };
                let (found, tested) = slices.first_within(codes.pegs, marks, from, caps);
                self.stats.candidates_pruned += tested - u64::from(found.is_some());
                let Some(i) = found else { break };
                from = i + 1;
                let (candidate, position) = (codes.get(i), positions[i]);
                let limit = scan.limit(position, best);
                let Some(cost) = self.cost_unmasked(candidate, number, secrets, limit) else {
                    continue;
                };
                scan.offer(cost, candidate, position, best);
                if scan.best_at == Some(position) && least >= best.cost {
                    // The codes left come after the new best and cannot beat it.
                    offered = i + 1;
                    break;
                }
            }
            scan.offered += offered as u64;
            self.stats.candidates_scored += offered as u64;
            self.stats.candidates_pruned += marked_before(marks, offered);
        }
        self.arranged = arranged;
    }
}

/// How many of the first `len` bits of `marks` (bit `i % 64` of `marks[i / 64]`) are set.
fn marked_before(marks: &[u64], len: usize) -> u64 {
    let whole = (len / 64).min(marks.len());
    let mut count: u64 = marks[..whole].iter().map(|m| u64::from(m.count_ones())).sum();
    if len % 64 != 0
        && let Some(last) = marks.get(whole)
    {
        count += u64::from((last & ((1 << (len % 64)) - 1)).count_ones());
    }
    count
}

#[cfg(test)]
mod tests {
    use super::marked_before;

    #[test]
    fn marks_are_counted_below_a_length() {
        let marks = [u64::MAX, 0b1011];
        assert_eq!(marked_before(&marks, 0), 0);
        assert_eq!(marked_before(&marks, 63), 63);
        assert_eq!(marked_before(&marks, 64), 64);
        assert_eq!(marked_before(&marks, 66), 66);
        assert_eq!(marked_before(&marks, 67), 66);
        assert_eq!(marked_before(&marks, 128), 67);
    }
}
