//! Tests of Welch's and the pooled t-test against scipy 1.17
//! (`from scipy.stats import ttest_ind, ttest_ind_from_stats`).

mod common;

use common::assert_close;
use mastermind_stats::{Alternative, StatsError, pooled_t_test, welch_t_test};

const ALTERNATIVES: [Alternative; 3] =
    [Alternative::TwoSided, Alternative::Less, Alternative::Greater];

const X: [f64; 9] = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
const Y: [f64; 10] = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.07, 3.12, 1.28, 0.91];

/// `[f(0), f(1), ..., f(n - 1)]`.
fn seq(n: usize, f: impl Fn(usize) -> f64) -> Vec<f64> {
    (0..n).map(f).collect()
}

#[test]
fn welch_small_samples_match_scipy() {
    // ttest_ind(X, Y, equal_var=False, alternative=...) -> statistic, df, pvalue
    let expected = [0.1782527390384593, 0.9108736304807703, 0.08912636951922966];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = welch_t_test(&X, &Y, alternative).unwrap();
        assert_close(r.t, 1.4043822852405088, 1e-13);
        assert_close(r.df, 16.961026726399375, 1e-13);
        assert_close(r.p_value, p, 1e-10);
        assert_close(r.mean_x, 1.7666666666666666, 1e-15);
        assert_close(r.mean_y, 1.2903, 1e-15);
    }
}

#[test]
fn pooled_small_samples_match_scipy() {
    // ttest_ind(X, Y, equal_var=True, alternative=...) -> statistic, df, pvalue
    let expected = [0.17967039926792183, 0.9101648003660391, 0.08983519963396092];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = pooled_t_test(&X, &Y, alternative).unwrap();
        assert_close(r.t, 1.3994171964524023, 1e-13);
        assert_eq!(r.df, 17.0);
        assert_close(r.p_value, p, 1e-10);
    }
}

#[test]
fn unequal_sizes_and_variances_match_scipy() {
    // x = [3 + (7*i) % 5 for i in range(200)]; y = [3 + (11*j) % 6 * 2 for j in range(30)]
    let x = seq(200, |i| (3 + (7 * i) % 5) as f64);
    let y = seq(30, |j| (3 + (11 * j) % 6 * 2) as f64);
    // ttest_ind(x, y, equal_var=False, alternative="two-sided" / "less")
    let r = welch_t_test(&x, &y, Alternative::TwoSided).unwrap();
    assert_close(r.t, -4.6718482562803825, 1e-13);
    assert_close(r.df, 30.464287350295123, 1e-13);
    assert_close(r.p_value, 5.690891991157303e-05, 1e-9);
    let r = welch_t_test(&x, &y, Alternative::Less).unwrap();
    assert_close(r.p_value, 2.8454459955786514e-05, 1e-9);
    // ttest_ind(x, y, equal_var=True, alternative="two-sided" / "less")
    let r = pooled_t_test(&x, &y, Alternative::TwoSided).unwrap();
    assert_close(r.t, -8.448308294769923, 1e-13);
    assert_eq!(r.df, 228.0);
    assert_close(r.p_value, 3.5008874160366757e-15, 1e-9);
    let r = pooled_t_test(&x, &y, Alternative::Less).unwrap();
    assert_close(r.p_value, 1.7504437080183378e-15, 1e-9);
}

#[test]
fn welch_detects_a_small_difference_in_large_samples() {
    // 50000 games per player, mean 4.6183 against 4.6480 guesses, sd 0.88: alternate
    // mean ± c with c = 0.88 * sqrt((n-1)/n), which has exactly that mean and sample sd.
    let n = 50_000;
    let c = 0.88 * ((n as f64 - 1.0) / n as f64).sqrt();
    let sign = |i: usize| if i % 2 == 0 { 1.0 } else { -1.0 };
    let x = seq(n, |i| 4.6183 + c * sign(i));
    let y = seq(n, |i| 4.6480 + c * sign(i));
    // ttest_ind(x, y, equal_var=False, alternative="less") on those arrays
    //   -> -5.33634355153415, 99998.0, 4.752270176855982e-08
    // ttest_ind_from_stats(4.6183, 0.88, 50000, 4.6480, 0.88, 50000, equal_var=False,
    //   alternative="less") -> -5.336343551534151, 4.7522701768559496e-08
    let r = welch_t_test(&x, &y, Alternative::Less).unwrap();
    assert_close(r.t, -5.33634355153415, 1e-9);
    assert_close(r.df, 99998.0, 1e-9);
    assert_close(r.p_value, 4.752270176855982e-08, 1e-6);
    // ttest_ind(x, y, equal_var=False) -> p 9.504540353711964e-08
    let r = welch_t_test(&x, &y, Alternative::TwoSided).unwrap();
    assert_close(r.p_value, 9.504540353711964e-08, 1e-6);
    // The other direction is all but certain, and not rounded to exactly 1 - tiny.
    let r = welch_t_test(&x, &y, Alternative::Greater).unwrap();
    assert_close(r.p_value, 1.0 - 4.752270176855982e-08, 1e-12);
}

#[test]
fn one_constant_sample_is_fine_for_welch() {
    // ttest_ind([1, 2, 3, 4], [5, 5, 5], equal_var=False)
    //   -> t = -3.872983346207417, df = 3 (all the variance is in x), p = 0.030466291662170977
    let r = welch_t_test(&[1.0, 2.0, 3.0, 4.0], &[5.0; 3], Alternative::TwoSided).unwrap();
    assert_close(r.df, 3.0, 1e-14);
    assert_close(r.t, -3.872983346207417, 1e-14);
    assert_close(r.p_value, 0.030466291662170977, 1e-10);
}

#[test]
fn bad_input_is_an_error() {
    let two = Alternative::TwoSided;
    assert_eq!(welch_t_test(&[1.0, 1.0], &[2.0, 2.0, 2.0], two), Err(StatsError::ZeroVariance));
    assert_eq!(pooled_t_test(&[1.0], &[2.0, 2.0], two), Err(StatsError::ZeroVariance));
    assert_eq!(
        welch_t_test(&[1.0], &[2.0, 3.0], two),
        Err(StatsError::TooFewObservations { sample: "x", needed: 2, got: 1 })
    );
    assert_eq!(
        pooled_t_test(&[1.0], &[2.0], two),
        Err(StatsError::TooFewObservations { sample: "x and y", needed: 3, got: 2 })
    );
    assert!(matches!(
        pooled_t_test(&[1.0, 2.0], &[], two),
        Err(StatsError::TooFewObservations { sample: "y", .. })
    ));
    assert!(matches!(
        welch_t_test(&[1.0, f64::NAN], &[2.0, 3.0], two),
        Err(StatsError::NonFinite { sample: "x", index: 1, .. })
    ));
    assert!(matches!(
        welch_t_test(&[f64::MAX, -f64::MAX], &[2.0, 3.0], two),
        Err(StatsError::Overflow { sample: "x" })
    ));
    // A sample of one value is fine for the pooled test (it adds nothing to the variance).
    // ttest_ind([1], [2, 3, 4]) -> t = -1.7320508075688774, df = 2, p = 0.22540333075851665
    let r = pooled_t_test(&[1.0], &[2.0, 3.0, 4.0], two).unwrap();
    assert_eq!(r.df, 2.0);
    assert_close(r.t, -1.7320508075688774, 1e-14);
    assert_close(r.p_value, 0.22540333075851665, 1e-10);
}
