//! Input validation and the mean / sum of squared deviations that the summaries and
//! t-tests share.

use crate::StatsError;

/// Checks that `data` has at least `needed` values and that all of them are finite.
pub(crate) fn check(sample: &'static str, data: &[f64], needed: usize) -> Result<(), StatsError> {
    if data.len() < needed {
        return Err(StatsError::TooFewObservations { sample, needed, got: data.len() });
    }
    match data.iter().position(|v| !v.is_finite()) {
        Some(index) => Err(StatsError::NonFinite { sample, index, value: data[index] }),
        None => Ok(()),
    }
}

/// Mean and sum of squared deviations from the mean, by two passes (the second also
/// refines the mean), for a non-empty slice of finite values.
pub(crate) fn mean_and_ss(sample: &'static str, data: &[f64]) -> Result<(f64, f64), StatsError> {
    let n = data.len() as f64;
    let rough = data.iter().sum::<f64>() / n;
    let mean = rough + data.iter().map(|v| v - rough).sum::<f64>() / n;
    let ss = data.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>();
    if mean.is_finite() && ss.is_finite() {
        Ok((mean, ss))
    } else {
        Err(StatsError::Overflow { sample })
    }
}
