//! Statistics for comparing Mastermind players: summaries, two-sample tests and the
//! grouping of players into statistically indistinguishable sets.
//!
//! Everything here is a pure function of `&[f64]` slices: no I/O, no randomness. Bad
//! input (empty samples, NaN, infinities, zero variance where it matters) gives a
//! [`StatsError`] or a documented result, never a panic.
//!
//! - [`summary`]: [`Summary`] (n, min, max, mean, median, sample standard deviation).
//! - [`confidence`]: a Student-t confidence interval for a mean.
//! - [`mod@rank_sum`]: the Wilcoxon rank-sum / Mann-Whitney U test, exact or asymptotic.
//! - [`t_test`]: Welch's and the pooled (Student) two-sample t-tests.
//! - [`groups`]: sorting samples by mean and drawing the "not significantly different"
//!   lines of a result table, with a compact letter display, optionally after correcting the
//!   family of pairwise tests for multiple comparisons.
//! - [`multiple`]: Holm's correction of a family of p-values.
//! - [`equivalence`]: two one-sided tests of a difference against a margin, with three outcomes.
//!
//! ```
//! use mastermind_stats::{Alternative, PairTest, Summary, group_samples, rank_sum};
//!
//! // Guesses per game of three players.
//! let knuth = [5.0, 4.0, 5.0, 4.0, 5.0, 5.0, 4.0, 5.0, 4.0, 5.0];
//! let random = [6.0, 7.0, 6.0, 5.0, 7.0, 6.0, 8.0, 6.0, 7.0, 6.0];
//! let entropy = [4.0, 5.0, 4.0, 5.0, 4.0, 5.0, 5.0, 4.0, 4.0, 5.0];
//!
//! assert_eq!(Summary::from_slice(&knuth)?.median, 5.0);
//! // Does Knuth's player need fewer guesses than the random one?
//! assert!(rank_sum(&knuth, &random, Alternative::Less)?.p_value < 0.001);
//!
//! let grouping = group_samples(&[knuth, random, entropy], 0.05, PairTest::RankSum)?;
//! assert_eq!(grouping.order(), [2, 0, 1]);
//! assert_eq!(grouping.letters()?, ["a", "b", "a"]);
//! # Ok::<(), mastermind_stats::StatsError>(())
//! ```
#![deny(missing_docs)]

pub mod confidence;
pub mod equivalence;
pub mod error;
pub mod groups;
mod moments;
pub mod multiple;
pub mod rank_sum;
pub mod summary;
pub mod t_test;

pub use confidence::{ConfidenceInterval, mean_confidence_interval, normal_two_sided_p};
pub use error::StatsError;
pub use groups::{Grouping, PairTest, group_samples, group_samples_by, group_samples_corrected};
pub use multiple::{Correction, holm};
pub use rank_sum::{
    EXACT_LIMIT, RankSumMethod, RankSumResult, rank_sum, rank_sum_asymptotic, rank_sum_exact,
};
pub use summary::{Summary, nearest_rank};
pub use t_test::{TTestResult, pooled_t_test, welch_t_test};

use statrs::distribution::ContinuousCDF;

/// The alternative hypothesis of a two-sample test of `x` against `y`.
///
/// `Less` means "`x` tends to be smaller than `y`" (for Mastermind: player `x` needs
/// fewer guesses), `Greater` the opposite, and `TwoSided` either direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Alternative {
    /// `x` and `y` differ in either direction.
    #[default]
    TwoSided,
    /// `x` tends to be smaller than `y`.
    Less,
    /// `x` tends to be larger than `y`.
    Greater,
}

impl Alternative {
    /// The p-value of the statistic `stat` under a null distribution `dist` symmetric
    /// about 0, using the survival function for upper tails so that tiny p-values keep
    /// their precision.
    fn p_value<D: ContinuousCDF<f64, f64>>(self, dist: &D, stat: f64) -> f64 {
        match self {
            Alternative::Greater => dist.sf(stat),
            Alternative::Less => dist.cdf(stat),
            Alternative::TwoSided => (2.0 * dist.sf(stat.abs())).min(1.0),
        }
    }
}
