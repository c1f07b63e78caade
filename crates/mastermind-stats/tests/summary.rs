//! Tests of `Summary` and `mean_confidence_interval` against values from numpy/scipy.

mod common;

use common::assert_close;
use mastermind_stats::{StatsError, Summary, mean_confidence_interval};

/// Nine values used for the summary and the confidence interval (R's `x` of the
/// `wilcox.test` help page).
const X: [f64; 9] = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];

#[test]
fn summary_of_nine_values() {
    let s = Summary::from_slice(&X).unwrap();
    assert_eq!(s.n, 9);
    assert_eq!(s.min, 0.50);
    assert_eq!(s.max, 3.06);
    // np.mean(X), np.median(X), np.std(X, ddof=1)
    assert_close(s.mean, 1.7666666666666666, 1e-15);
    assert_eq!(s.median, 1.68);
    assert_close(s.sd.unwrap(), 0.7155941587240634, 1e-14);
    // scipy.stats.sem(X)
    assert_close(s.standard_error().unwrap(), 0.7155941587240634 / 3.0, 1e-14);
}

#[test]
fn summary_median_of_even_count_and_single_value() {
    let s = Summary::from_slice(&[4.0, 1.0, 3.0, 2.0]).unwrap();
    assert_eq!((s.median, s.mean), (2.5, 2.5));
    // var = (2.25 + 0.25 + 0.25 + 2.25) / 3
    assert_close(s.sd.unwrap(), (5.0_f64 / 3.0).sqrt(), 1e-15);

    let one = Summary::from_slice(&[7.0]).unwrap();
    assert_eq!((one.n, one.min, one.max, one.mean, one.median), (1, 7.0, 7.0, 7.0, 7.0));
    assert_eq!(one.sd, None);
    assert_eq!(one.standard_error(), None);
}

#[test]
fn summary_rejects_empty_and_non_finite() {
    assert_eq!(
        Summary::from_slice(&[]),
        Err(StatsError::TooFewObservations { sample: "data", needed: 1, got: 0 })
    );
    assert!(matches!(
        Summary::from_slice(&[1.0, f64::NAN]),
        Err(StatsError::NonFinite { index: 1, .. })
    ));
    assert!(matches!(
        Summary::from_slice(&[f64::NEG_INFINITY]),
        Err(StatsError::NonFinite { index: 0, .. })
    ));
    assert_eq!(
        Summary::from_slice(&[f64::MAX, f64::MAX]),
        Err(StatsError::Overflow { sample: "data" })
    );
}

#[test]
fn confidence_interval_of_mean() {
    // scipy.stats.t.interval(0.95, df=8, loc=np.mean(X), scale=scipy.stats.sem(X))
    let ci = mean_confidence_interval(&X, 0.95).unwrap();
    assert_close(ci.lower, 1.2166123036181211, 1e-9);
    assert_close(ci.upper, 2.316721029715212, 1e-9);
    assert_close(ci.mean, 1.7666666666666666, 1e-15);
    // scipy.stats.t.ppf(0.975, 8) * scipy.stats.sem(X)
    assert_close(ci.half_width(), 2.306004135204166 * 0.7155941587240634 / 3.0, 1e-9);
    // scipy.stats.t.interval(0.99, df=8, loc=np.mean(X), scale=scipy.stats.sem(X))
    let ci = mean_confidence_interval(&X, 0.99).unwrap();
    assert_close(ci.lower, 0.9663014751470329, 1e-9);
    assert_close(ci.upper, 2.5670318581863003, 1e-9);
}

#[test]
fn confidence_interval_edge_cases() {
    let constant = mean_confidence_interval(&[5.0, 5.0, 5.0], 0.95).unwrap();
    assert_eq!((constant.lower, constant.upper), (5.0, 5.0));
    for level in [0.0, 1.0, -0.5, f64::NAN] {
        assert!(matches!(
            mean_confidence_interval(&X, level),
            Err(StatsError::InvalidConfidence(_))
        ));
    }
    assert!(matches!(
        mean_confidence_interval(&[1.0], 0.95),
        Err(StatsError::TooFewObservations { needed: 2, got: 1, .. })
    ));
}
