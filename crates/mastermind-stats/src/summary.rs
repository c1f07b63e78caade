//! Descriptive summary of one sample: size, extremes, mean, median and standard deviation.

use crate::StatsError;
use crate::moments::{check, mean_and_ss};

/// The descriptive statistics a result table shows for one sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Number of observations.
    pub n: usize,
    /// Smallest observation.
    pub min: f64,
    /// Largest observation.
    pub max: f64,
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (the mean of the two middle values when `n` is even).
    pub median: f64,
    /// Sample standard deviation (denominator `n - 1`); `None` when `n == 1`, where it
    /// is undefined.
    pub sd: Option<f64>,
}

impl Summary {
    /// Summarises `data`.
    ///
    /// # Errors
    ///
    /// [`StatsError::TooFewObservations`] if `data` is empty,
    /// [`StatsError::NonFinite`] if it holds NaN or an infinity, and
    /// [`StatsError::Overflow`] if its values are too large to average.
    pub fn from_slice(data: &[f64]) -> Result<Self, StatsError> {
        check("data", data, 1)?;
        let (mean, ss) = mean_and_ss("data", data)?;
        let mut sorted = data.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            // Halve before adding so that two huge values cannot overflow.
            sorted[n / 2 - 1] / 2.0 + sorted[n / 2] / 2.0
        };
        Ok(Self {
            n,
            min: sorted[0],
            max: sorted[n - 1],
            mean,
            median,
            sd: (n > 1).then(|| (ss / (n - 1) as f64).sqrt()),
        })
    }

    /// Standard error of the mean, `sd / sqrt(n)`; `None` when `n == 1`.
    pub fn standard_error(&self) -> Option<f64> {
        self.sd.map(|sd| sd / (self.n as f64).sqrt())
    }
}

/// The `q` quantile of `sorted` (ascending) by nearest rank: the smallest value with at least a
/// share `q` of the sample at or below it (`q` clamped to the sample; `None` when it is empty).
/// The one definition of a quantile in the workspace: a bootstrap's percentile interval and a
/// histogram's cut-off both read it.
pub fn nearest_rank(sorted: &[f64], q: f64) -> Option<f64> {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied()
}

#[cfg(test)]
mod nearest_rank_tests {
    use super::nearest_rank;

    #[test]
    fn the_nearest_rank_is_a_value_of_the_sample() {
        let sorted = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(nearest_rank(&sorted, 0.5), Some(2.0));
        assert_eq!(nearest_rank(&sorted, 0.51), Some(3.0));
        assert_eq!(nearest_rank(&sorted, 0.0), Some(1.0));
        assert_eq!(nearest_rank(&sorted, 1.0), Some(4.0));
        assert_eq!(nearest_rank(&[], 0.5), None);
    }
}
