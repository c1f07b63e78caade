//! Partition statistics: how a candidate guess splits a set of codes by the reply each would give.
//!
//! These are what the one-ply heuristics optimise (entropy, number of parts, expected and largest
//! part size) and what the Evo++ fitness counts. Integer forms are kept where they exist so that
//! candidates that tie in exact arithmetic also tie in code.

use crate::code::Code;
use crate::game::Game;
use crate::packed::PackedCodes;
use crate::score::count_partition_in;

/// The sizes of the parts of a set split by one guess, summarised.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartitionStats {
    /// Size of the set partitioned.
    pub total: u32,
    /// Number of non-empty parts.
    pub parts: u32,
    /// Size of the largest part.
    pub largest: u32,
    /// Sum of squared part sizes (exact; `sum_squares / total` is the expected part size).
    pub sum_squares: u64,
    /// Sum of `s log2 s` over part sizes `s`; `log2 total - sum_xlogx / total` is the entropy.
    /// Equal multisets of sizes can differ here in the last bits; compare with [`ENTROPY_TOLERANCE`].
    pub sum_xlogx: f64,
}

/// Two `sum_xlogx` values closer than this are the same partition entropy. Distinct partitions of
/// sets of up to millions of codes differ by far more; rounding differences are far smaller.
pub const ENTROPY_TOLERANCE: f64 = 1e-9;

impl PartitionStats {
    /// Summarises part sizes (zeros are ignored).
    pub fn from_counts(counts: &[u32]) -> PartitionStats {
        let mut stats =
            PartitionStats { total: 0, parts: 0, largest: 0, sum_squares: 0, sum_xlogx: 0.0 };
        for &s in counts.iter().filter(|&&s| s > 0) {
            stats.total += s;
            stats.parts += 1;
            stats.largest = stats.largest.max(s);
            stats.sum_squares += u64::from(s) * u64::from(s);
            if s > 1 {
                stats.sum_xlogx += f64::from(s) * f64::from(s).log2();
            }
        }
        stats
    }

    /// Shannon entropy of the part sizes, in bits.
    pub fn entropy(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let n = f64::from(self.total);
        n.log2() - self.sum_xlogx / n
    }

    /// Expected size of the part the secret falls in: `sum_squares / total`.
    pub fn expected_size(&self) -> f64 {
        if self.total == 0 { 0.0 } else { self.sum_squares as f64 / f64::from(self.total) }
    }
}

/// A reusable buffer that counts partitions without allocating per candidate.
#[derive(Debug, Clone)]
pub struct PartitionCounter {
    game: Game,
    counts: Vec<u32>,
}

impl PartitionCounter {
    /// A counter for `game`'s replies.
    pub fn new(game: Game) -> PartitionCounter {
        PartitionCounter { game, counts: vec![0; game.feedback_count()] }
    }

    /// Splits `set` by the reply each code would give to `guess`; returns the summary.
    /// Costs `set.len()` feedback computations.
    pub fn stats(&mut self, guess: &Code, set: &[Code]) -> PartitionStats {
        self.counts.fill(0);
        count_partition_in(self.game, guess, set, &mut self.counts);
        PartitionStats::from_counts(&self.counts)
    }

    /// As [`stats`](PartitionCounter::stats), for a set already in packed form (narrow games).
    pub fn stats_packed(&mut self, guess: &Code, set: &PackedCodes) -> PartitionStats {
        self.counts.fill(0);
        set.count_partition(guess, &mut self.counts);
        PartitionStats::from_counts(&self.counts)
    }

    /// The part sizes of the last call to [`stats`](PartitionCounter::stats), by feedback index.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CodeSet;

    #[test]
    fn equal_size_multisets_tie_within_tolerance() {
        // {2,2,2,2} and {4,1,1,1,1} both have entropy 2 bits over 8 codes.
        let a = PartitionStats::from_counts(&[2, 0, 2, 2, 2]);
        let b = PartitionStats::from_counts(&[1, 4, 1, 1, 0, 1]);
        assert_eq!(a.total, 8);
        assert_eq!(b.total, 8);
        assert!((a.sum_xlogx - b.sum_xlogx).abs() < ENTROPY_TOLERANCE);
        assert!((a.entropy() - 2.0).abs() < 1e-12);
        assert_eq!((a.sum_squares, b.sum_squares), (16, 20));
        assert_eq!((a.parts, b.parts), (4, 5));
        assert_eq!((a.largest, b.largest), (2, 4));
    }

    #[test]
    fn first_guess_partition_of_the_classic_game() {
        // AABB splits the 1296 codes into parts whose largest has 256 codes and whose
        // non-empty parts number 13 (Knuth 1977: worst case 256 after 1122).
        let g = Game::CLASSIC;
        let set = CodeSet::enumerate(g).unwrap();
        let mut counter = PartitionCounter::new(g);
        let stats = counter.stats(&Code::parse(g, "AABB").unwrap(), &set);
        assert_eq!(stats.total, 1296);
        assert_eq!(stats.largest, 256);
        assert_eq!(stats.parts, 13);
        // ABCD uses all 14 possible replies.
        assert_eq!(counter.stats(&Code::parse(g, "ABCD").unwrap(), &set).parts, 14);
    }
}
