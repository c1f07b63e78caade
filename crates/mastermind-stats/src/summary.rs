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
