//! Exact analyses of the code space that need no simulation.

use crate::code::Code;
use crate::codeset::CodeSet;
use crate::partition::PartitionCounter;

/// The expected share of the code set still consistent after playing `guess` first, over a
/// uniformly random secret: `sum over replies of (part size / n)^2` (Snyder's Table 1).
pub fn expected_share_left(set: &CodeSet, guess: &Code) -> f64 {
    let mut counter = PartitionCounter::new(set.game());
    let stats = counter.stats(guess, set);
    let n = set.len() as f64;
    stats.sum_squares as f64 / (n * n)
}
