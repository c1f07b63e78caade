//! Scores candidates by their partition of a set and keeps the equally best ones.

use crate::config::Heuristic;
use mastermind_core::PartitionStats;
use mastermind_core::partition::ENTROPY_TOLERANCE;

/// The value a partition heuristic maximises: exact integers where they exist, `-sum s log2 s`
/// for entropy. (Random and LocalEntropy score no partition.)
pub(crate) fn value(heuristic: Heuristic, stats: &PartitionStats) -> f64 {
    match heuristic {
        Heuristic::Entropy => -stats.sum_xlogx,
        Heuristic::MostParts => f64::from(stats.parts),
        Heuristic::ExpectedSize => -(stats.sum_squares as f64),
        Heuristic::WorstCase => -f64::from(stats.largest),
        Heuristic::Random | Heuristic::LocalEntropy => 0.0,
    }
}

/// The part sizes of every candidate of a turn, kept for the pooled prior of Expected size.
///
/// With `prior: Pooled` a candidate's score depends on every candidate's partition, so the sizes
/// are kept until all candidates are counted. The score `sum_bw p_bw s_ibw` with
/// `p_bw = sum_i s_ibw / sum_ibw s_ibw` is computed without the common denominator, as the exact
/// integer `sum_bw (sum_i s_ibw) s_ibw`, so that equal scores tie exactly.
#[derive(Debug, Clone, Default)]
pub(crate) struct PartTable {
    /// Replies per candidate (the length of one row).
    width: usize,
    /// Row after row, one per candidate in the order offered.
    sizes: Vec<u32>,
    /// Per reply, the sum of its part sizes over the rows.
    pooled: Vec<u64>,
}

impl PartTable {
    /// Empties the table for a turn whose partitions have `width` replies.
    pub fn clear(&mut self, width: usize) {
        self.width = width;
        self.sizes.clear();
        self.pooled.clear();
        self.pooled.resize(width, 0);
    }

    /// Appends one candidate's part sizes, by feedback index.
    pub fn push(&mut self, counts: &[u32]) {
        debug_assert_eq!(counts.len(), self.width);
        self.sizes.extend_from_slice(counts);
        for (total, &size) in self.pooled.iter_mut().zip(counts) {
            *total += u64::from(size);
        }
    }

    /// Each candidate's value under the pooled prior (higher is better: the negated weighted
    /// sum), in the order the rows were pushed.
    pub fn pooled_values(&self) -> impl Iterator<Item = f64> + '_ {
        self.sizes.chunks_exact(self.width.max(1)).map(|row| {
            let weighted: u64 =
                row.iter().zip(&self.pooled).map(|(&size, &total)| u64::from(size) * total).sum();
            // Exact as an f64 while below 2^53: the candidates times the scored set squared.
            -(weighted as f64)
        })
    }
}

/// The equally best candidates seen so far, by index, in the order offered.
///
/// Integer-valued heuristics differ by at least one between distinct values, so the entropy
/// tolerance below only ever merges entropy values that are equal in exact arithmetic.
#[derive(Debug, Clone, Default)]
pub struct Best {
    value: f64,
    indices: Vec<usize>,
}

impl Best {
    /// An empty record.
    pub fn new() -> Best {
        Best { value: f64::NEG_INFINITY, indices: Vec::new() }
    }

    /// Offers candidate `index` with `value` (higher is better).
    pub fn offer(&mut self, index: usize, value: f64) {
        if value > self.value + ENTROPY_TOLERANCE {
            self.value = value;
            self.indices.clear();
            self.indices.push(index);
        } else if value >= self.value - ENTROPY_TOLERANCE {
            self.indices.push(index);
        }
    }

    /// The indices of the equally best candidates, in the order offered.
    pub fn indices(&self) -> &[usize] {
        &self.indices
    }

    /// The best value.
    pub fn value(&self) -> f64 {
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_entropies_from_different_size_multisets_tie() {
        let mut best = Best::new();
        let a = PartitionStats::from_counts(&[2, 2, 2, 2]);
        let b = PartitionStats::from_counts(&[4, 1, 1, 1, 1]);
        let c = PartitionStats::from_counts(&[3, 3, 1, 1]);
        best.offer(0, value(Heuristic::Entropy, &a));
        best.offer(1, value(Heuristic::Entropy, &c));
        best.offer(2, value(Heuristic::Entropy, &b));
        assert_eq!(best.indices(), &[0, 2]);
    }

    #[test]
    fn integer_heuristics_tie_exactly() {
        let a = PartitionStats::from_counts(&[3, 1, 1, 1]);
        let b = PartitionStats::from_counts(&[2, 2, 1, 1]);
        let c = PartitionStats::from_counts(&[2, 2, 2]);
        for (heuristic, winners) in [
            (Heuristic::MostParts, vec![0, 1]),
            (Heuristic::ExpectedSize, vec![1]),
            (Heuristic::WorstCase, vec![1, 2]),
        ] {
            let mut best = Best::new();
            for (i, s) in [a, b, c].iter().enumerate() {
                best.offer(i, value(heuristic, s));
            }
            assert_eq!(best.indices(), winners.as_slice(), "{heuristic:?}");
        }
    }

    #[test]
    fn the_pooled_prior_weighs_parts_by_the_replies_frequency_over_all_candidates() {
        // Three candidates over three replies. Pooled sizes per reply: 4, 3, 2 (9 in all).
        // Own parts: sum s^2 = 9, 5, 5; pooled: 3*4 = 12, 1*4+2*3 = 10, 1*3+2*2 = 7.
        let rows: [&[u32]; 3] = [&[3, 0, 0], &[1, 2, 0], &[0, 1, 2]];
        let mut table = PartTable::default();
        table.clear(3);
        for row in rows {
            table.push(row);
        }
        let values: Vec<f64> = table.pooled_values().collect();
        assert_eq!(values, vec![-12.0, -10.0, -7.0]);
        // Own parts tie the last two candidates; the pooled prior prefers the third, whose big
        // part falls on the reply that is rarest over all candidates.
        let mut best = Best::new();
        for (i, v) in values.into_iter().enumerate() {
            best.offer(i, v);
        }
        assert_eq!(best.indices(), &[2]);
    }
}
