//! Student-t confidence interval for the mean of one sample.

use statrs::distribution::{ContinuousCDF, StudentsT};

use crate::StatsError;
use crate::moments::{check, mean_and_ss};

/// A two-sided confidence interval for a mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConfidenceInterval {
    /// The confidence level, for example `0.95`.
    pub level: f64,
    /// The sample mean, the centre of the interval.
    pub mean: f64,
    /// Lower end of the interval.
    pub lower: f64,
    /// Upper end of the interval.
    pub upper: f64,
}

impl ConfidenceInterval {
    /// Half the width of the interval (the "±" of a table).
    pub fn half_width(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// The two-sided Student-t confidence interval `mean ± t(n-1, (1+level)/2) · sd/√n` for
/// the mean of `data` (as R's `t.test(data, conf.level = level)$conf.int`).
///
/// A constant sample gives the zero-width interval `[mean, mean]`.
///
/// # Errors
///
/// [`StatsError::InvalidConfidence`] unless `0 < level < 1`;
/// [`StatsError::TooFewObservations`] if `data` has fewer than 2 values;
/// [`StatsError::NonFinite`] or [`StatsError::Overflow`] for unusable values.
pub fn mean_confidence_interval(
    data: &[f64],
    level: f64,
) -> Result<ConfidenceInterval, StatsError> {
    if !(level > 0.0 && level < 1.0) {
        return Err(StatsError::InvalidConfidence(level));
    }
    check("data", data, 2)?;
    let (mean, ss) = mean_and_ss("data", data)?;
    let n = data.len() as f64;
    let se = (ss / (n - 1.0) / n).sqrt();
    // n >= 2, so the degrees of freedom are positive and finite.
    let t = StudentsT::new(0.0, 1.0, n - 1.0)
        .map_err(|_| StatsError::TooFewObservations { sample: "data", needed: 2, got: data.len() })?
        .inverse_cdf((1.0 + level) / 2.0);
    Ok(ConfidenceInterval { level, mean, lower: mean - t * se, upper: mean + t * se })
}

/// The two-sided p-value of a standard normal statistic `z`: `P(|Z| >= |z|)` (as R's
/// `2 * pnorm(-abs(z))`). NaN stays NaN.
pub fn normal_two_sided_p(z: f64) -> f64 {
    use statrs::distribution::Normal;
    if z.is_nan() {
        return f64::NAN;
    }
    2.0 * Normal::standard().cdf(-z.abs())
}

#[cfg(test)]
mod normal_tests {
    use super::normal_two_sided_p;

    #[test]
    fn two_sided_normal_p_values() {
        // R: 2 * pnorm(-1.959964) = 0.05; 2 * pnorm(-3) = 0.002699796.
        assert!((normal_two_sided_p(1.959_963_985) - 0.05).abs() < 1e-9);
        assert!((normal_two_sided_p(-3.0) - 0.002_699_796).abs() < 1e-9);
        assert_eq!(normal_two_sided_p(0.0), 1.0);
    }
}
