//! The error type shared by every summary and test in this crate.

use thiserror::Error;

/// Why a statistic could not be computed from the data it was given.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum StatsError {
    /// A sample has fewer observations than the statistic needs.
    #[error("sample `{sample}` has {got} observation(s), but at least {needed} are needed")]
    TooFewObservations {
        /// Which sample: `"data"`, `"x"`, `"y"` or `"x and y"`.
        sample: &'static str,
        /// How many observations the statistic needs.
        needed: usize,
        /// How many the sample has.
        got: usize,
    },
    /// A sample contains NaN or an infinity.
    #[error("sample `{sample}` has the non-finite value {value} at position {index}")]
    NonFinite {
        /// Which sample: `"data"`, `"x"` or `"y"`.
        sample: &'static str,
        /// Position of the first offending value.
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// The values are so large that sums or squared deviations overflow `f64`.
    #[error("sample `{sample}` has values too large for its mean and variance to stay finite")]
    Overflow {
        /// Which sample: `"data"`, `"x"` or `"y"`.
        sample: &'static str,
    },
    /// Both samples are constant, so the t statistic would divide by zero.
    #[error("both samples have zero variance, so the t statistic is undefined")]
    ZeroVariance,
    /// A significance level outside the open interval (0, 1).
    #[error("significance level must lie strictly between 0 and 1, got {0}")]
    InvalidAlpha(f64),
    /// A confidence level outside the open interval (0, 1).
    #[error("confidence level must lie strictly between 0 and 1, got {0}")]
    InvalidConfidence(f64),
    /// A pairwise test supplied to the grouping returned something that is not a
    /// probability.
    #[error("a pairwise test returned {0}, which is not a p-value in [0, 1]")]
    InvalidPValue(f64),
    /// The exact rank-sum distribution was requested for samples too large for it.
    #[error(
        "exact rank-sum distribution for sizes {n1} and {n2} is too costly: \
         min(n1, n2) * (n1 + n2) must be at most {limit}"
    )]
    ExactTooLarge {
        /// Size of `x`.
        n1: usize,
        /// Size of `y`.
        n2: usize,
        /// The limit on `min(n1, n2) * (n1 + n2)`.
        limit: usize,
    },
    /// More groups than the 52 letters `a`-`z`, `A`-`Z` can label.
    #[error("{groups} groups cannot be labelled with the 52 letters a-z, A-Z")]
    TooManyGroups {
        /// How many groups there are.
        groups: usize,
    },
    /// One of several samples given to the grouping is unusable.
    #[error("sample {index} cannot be used")]
    Sample {
        /// Index of the sample in the caller's slice.
        index: usize,
        /// What is wrong with it.
        source: Box<StatsError>,
    },
    /// The pairwise test failed on two of the samples given to the grouping.
    #[error("the pairwise test of samples {first} and {second} failed")]
    Pair {
        /// Index of the first sample in the caller's slice.
        first: usize,
        /// Index of the second sample in the caller's slice.
        second: usize,
        /// Why the test failed.
        source: Box<StatsError>,
    },
}
