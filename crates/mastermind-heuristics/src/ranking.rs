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
}
