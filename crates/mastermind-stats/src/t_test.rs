//! Two-sample t-tests: Welch's unequal-variance test and the pooled (Student) test.

use statrs::distribution::StudentsT;

use crate::moments::{check, mean_and_ss};
use crate::{Alternative, StatsError};

/// The outcome of a two-sample t-test of `x` against `y`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TTestResult {
    /// The t statistic, `(mean_x - mean_y) / standard error`.
    pub t: f64,
    /// Degrees of freedom (fractional for Welch's test).
    pub df: f64,
    /// The p-value under the chosen [`Alternative`].
    pub p_value: f64,
    /// Mean of `x`.
    pub mean_x: f64,
    /// Mean of `y`.
    pub mean_y: f64,
}

/// Welch's t-test, which does not assume equal variances (as R's `t.test(x, y)` and
/// `scipy.stats.ttest_ind(x, y, equal_var=False)`), with Welch-Satterthwaite degrees of
/// freedom.
///
/// One of the samples may be constant; if both are, the test is undefined.
///
/// # Errors
///
/// [`StatsError::TooFewObservations`] if either sample has fewer than 2 values,
/// [`StatsError::NonFinite`] or [`StatsError::Overflow`] for unusable values, and
/// [`StatsError::ZeroVariance`] if both samples are constant.
pub fn welch_t_test(
    x: &[f64],
    y: &[f64],
    alternative: Alternative,
) -> Result<TTestResult, StatsError> {
    check("x", x, 2)?;
    check("y", y, 2)?;
    let (mean_x, ss_x) = mean_and_ss("x", x)?;
    let (mean_y, ss_y) = mean_and_ss("y", y)?;
    let (nx, ny) = (x.len() as f64, y.len() as f64);
    // Squared standard errors of the two means.
    let a = ss_x / (nx - 1.0) / nx;
    let b = ss_y / (ny - 1.0) / ny;
    let se2 = a + b;
    if se2 <= 0.0 {
        return Err(StatsError::ZeroVariance);
    }
    // Welch-Satterthwaite, written with the shares of se2 so that tiny variances
    // cannot underflow to 0/0.
    let (ra, rb) = (a / se2, b / se2);
    let df = 1.0 / (ra * ra / (nx - 1.0) + rb * rb / (ny - 1.0));
    finish(mean_x, mean_y, se2.sqrt(), df, alternative)
}

/// The pooled two-sample t-test, which assumes equal variances (as R's
/// `t.test(x, y, var.equal = TRUE)` and `scipy.stats.ttest_ind(x, y)`), with
/// `n_x + n_y - 2` degrees of freedom.
///
/// # Errors
///
/// [`StatsError::TooFewObservations`] if either sample is empty or both together have
/// fewer than 3 values, [`StatsError::NonFinite`] or [`StatsError::Overflow`] for
/// unusable values, and [`StatsError::ZeroVariance`] if both samples are constant.
pub fn pooled_t_test(
    x: &[f64],
    y: &[f64],
    alternative: Alternative,
) -> Result<TTestResult, StatsError> {
    check("x", x, 1)?;
    check("y", y, 1)?;
    if x.len() + y.len() < 3 {
        return Err(StatsError::TooFewObservations {
            sample: "x and y",
            needed: 3,
            got: x.len() + y.len(),
        });
    }
    let (mean_x, ss_x) = mean_and_ss("x", x)?;
    let (mean_y, ss_y) = mean_and_ss("y", y)?;
    let (nx, ny) = (x.len() as f64, y.len() as f64);
    let df = nx + ny - 2.0;
    let pooled_variance = (ss_x + ss_y) / df;
    let se2 = pooled_variance * (1.0 / nx + 1.0 / ny);
    if se2 <= 0.0 {
        return Err(StatsError::ZeroVariance);
    }
    finish(mean_x, mean_y, se2.sqrt(), df, alternative)
}

/// The t statistic and its p-value, for a positive standard error and positive `df`.
fn finish(
    mean_x: f64,
    mean_y: f64,
    se: f64,
    df: f64,
    alternative: Alternative,
) -> Result<TTestResult, StatsError> {
    let t = (mean_x - mean_y) / se;
    let overflow = StatsError::Overflow { sample: "x and y" };
    // Finite means and a positive `se` give a finite or infinite `t`, never NaN, unless
    // the difference of the means overflowed; the t distribution needs a number.
    if t.is_nan() {
        return Err(overflow);
    }
    // Both callers give `df >= 1`, so this cannot fail; it is not unwrapped all the same.
    let dist = StudentsT::new(0.0, 1.0, df).map_err(|_| overflow)?;
    Ok(TTestResult { t, df, p_value: alternative.p_value(&dist, t), mean_x, mean_y })
}
