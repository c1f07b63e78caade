//! Tests of the rank-sum test against scipy and against counts done by hand.
//!
//! Reference values come from scipy 1.17 (`from scipy.stats import mannwhitneyu,
//! permutation_test, rankdata`); the call is in a comment next to each value.

mod common;

use common::assert_close;
use mastermind_stats::{
    Alternative, EXACT_LIMIT, RankSumMethod, StatsError, rank_sum, rank_sum_asymptotic,
    rank_sum_exact,
};

const ALTERNATIVES: [Alternative; 3] =
    [Alternative::TwoSided, Alternative::Less, Alternative::Greater];

/// Nine and ten values without ties.
const X: [f64; 9] = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
const Y: [f64; 10] = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.07, 3.12, 1.28, 0.91];

/// Guess counts with many ties.
const TX: [f64; 8] = [4.0, 5.0, 5.0, 4.0, 6.0, 5.0, 4.0, 5.0];
const TY: [f64; 10] = [5.0, 5.0, 6.0, 4.0, 6.0, 5.0, 5.0, 6.0, 7.0, 6.0];

/// `[f(0), f(1), ..., f(n - 1)]`.
fn seq(n: usize, f: impl Fn(usize) -> f64) -> Vec<f64> {
    (0..n).map(f).collect()
}

#[test]
fn exact_small_case_counted_by_hand() {
    // x = {1, 2}, y = {3, 4, 5}: of the C(5, 2) = 10 equally likely rank sets of x only
    // {1, 2} gives U = 0, so P(U <= 0) = 1/10.
    // mannwhitneyu([1,2], [3,4,5], method="exact", alternative=...) -> 0.2, 0.1, 1.0
    let (x, y) = ([1.0, 2.0], [3.0, 4.0, 5.0]);
    for (alternative, p) in ALTERNATIVES.into_iter().zip([0.2, 0.1, 1.0]) {
        let r = rank_sum(&x, &y, alternative).unwrap();
        assert_eq!(r.method, RankSumMethod::Exact);
        assert_eq!((r.u, r.z), (0.0, None));
        assert_close(r.p_value, p, 1e-15);
    }
}

#[test]
fn exact_with_ties_counted_by_hand() {
    // Pooled {1, 1, 1, 2}: midranks 2, 2, 2, 4, doubled 4, 4, 4, 8. Of the 6 pairs, 3 sum
    // to 8 and 3 to 12 (mean 10). x = {1, 1} sums to 8: P(<= 8) = 1/2, P(>= 8) = 1, and
    // P(|S - 10| >= 2) = 1. U = rank sum 4 minus 2 * 3 / 2 = 1.
    let (x, y) = ([1.0, 1.0], [1.0, 2.0]);
    for (alternative, p) in ALTERNATIVES.into_iter().zip([1.0, 0.5, 1.0]) {
        let r = rank_sum_exact(&x, &y, alternative).unwrap();
        assert_eq!(r.u, 1.0);
        assert_close(r.p_value, p, 1e-15);
    }
}

#[test]
fn no_ties_exact_and_asymptotic_match_scipy() {
    // mannwhitneyu(X, Y, method="exact", alternative=...)
    let exact = [0.09471952196410402, 0.9605533785100349, 0.04735976098205201];
    // mannwhitneyu(X, Y, method="asymptotic", use_continuity=True, alternative=...)
    let asymptotic = [0.09416637543787974, 0.9604103252122147, 0.04708318771893987];
    for (i, alternative) in ALTERNATIVES.into_iter().enumerate() {
        let r = rank_sum(&X, &Y, alternative).unwrap();
        assert_eq!((r.u, r.method), (66.0, RankSumMethod::Exact));
        assert_close(r.p_value, exact[i], 1e-12);
        let r = rank_sum_asymptotic(&X, &Y, alternative).unwrap();
        assert_eq!((r.u, r.method), (66.0, RankSumMethod::Asymptotic));
        assert_close(r.p_value, asymptotic[i], 1e-9);
    }
    // z = (66 - 45 - 0.5) / sqrt(9 * 10 * 20 / 12), positive as x tends to be larger.
    let z = rank_sum_asymptotic(&X, &Y, Alternative::TwoSided).unwrap().z.unwrap();
    assert_close(z, 20.5 / 150.0_f64.sqrt(), 1e-15);
}

#[test]
fn exact_conditional_on_ties_matches_scipy_permutation_test() {
    // w = lambda a, b: rankdata(np.concatenate([a, b]))[:len(a)].sum()
    // permutation_test((TX, TY), w, permutation_type="independent",
    //                  n_resamples=np.inf, alternative="less" / "greater").pvalue
    // Two-sided, |W - E W| with E W = 8 * 19 / 2:
    // permutation_test((TX, TY), lambda a, b: abs(w(a, b) - 76),
    //                  permutation_type="independent", n_resamples=np.inf,
    //                  alternative="greater").pvalue
    // (all three also confirmed by enumerating the 43758 subsets with itertools).
    // The null distribution is not symmetric here, so the two-sided value is not twice
    // the smaller tail (0.1005).
    let expected = [0.08821244115361762, 0.05023081493669729, 0.9817633347045112];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = rank_sum(&TX, &TY, alternative).unwrap();
        assert_eq!((r.u, r.method), (20.5, RankSumMethod::Exact));
        assert_close(r.p_value, p, 1e-12);
        // Swapping the samples swaps the one-sided tails and keeps the two-sided value.
        let swapped = rank_sum(&TY, &TX, alternative).unwrap();
        assert_eq!(swapped.u, 80.0 - 20.5);
        let mirrored = match alternative {
            Alternative::Less => rank_sum(&TX, &TY, Alternative::Greater),
            Alternative::Greater => rank_sum(&TX, &TY, Alternative::Less),
            Alternative::TwoSided => rank_sum(&TX, &TY, Alternative::TwoSided),
        };
        assert_close(swapped.p_value, mirrored.unwrap().p_value, 1e-14);
    }
}

#[test]
fn ties_asymptotic_matches_scipy() {
    // mannwhitneyu(TX, TY, method="asymptotic", use_continuity=True, alternative=...)
    let expected = [0.07230068866689104, 0.03615034433344552, 0.9707418901520808];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = rank_sum_asymptotic(&TX, &TY, alternative).unwrap();
        assert_eq!(r.u, 20.5);
        assert_close(r.p_value, p, 1e-9);
    }
}

#[test]
fn mid_size_exact_without_ties_matches_scipy() {
    // x = [(37*i) % 101 + 0.5 for i in range(30)]; y = [(53*j) % 97 for j in range(40)]
    // mannwhitneyu(x, y, method="exact", alternative=...)
    let x = seq(30, |i| ((37 * i) % 101) as f64 + 0.5);
    let y = seq(40, |j| ((53 * j) % 97) as f64);
    let expected = [0.5049479910877711, 0.751288175677616, 0.25247399554388555];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = rank_sum(&x, &y, alternative).unwrap();
        assert_eq!((r.u, r.method), (657.0, RankSumMethod::Exact));
        assert_close(r.p_value, p, 1e-12);
    }
}

#[test]
fn large_samples_with_ties_use_the_normal_approximation() {
    // x = [3 + (7*i) % 5 for i in range(200)]; y = [3 + (11*j) % 6 for j in range(300)]
    // mannwhitneyu(x, y, method="asymptotic", use_continuity=True, alternative=...)
    let x = seq(200, |i| (3 + (7 * i) % 5) as f64);
    let y = seq(300, |j| (3 + (11 * j) % 6) as f64);
    let expected = [0.001338764320486671, 0.0006693821602433355, 0.9993321093721397];
    for (alternative, p) in ALTERNATIVES.into_iter().zip(expected) {
        let r = rank_sum(&x, &y, alternative).unwrap();
        assert_eq!((r.u, r.method), (25000.0, RankSumMethod::Asymptotic));
        assert!(r.z.unwrap() < 0.0);
        assert_close(r.p_value, p, 1e-9);
    }
}

#[test]
fn automatic_choice_follows_the_documented_rule() {
    // 60 * (60 + 70) = 7800 > EXACT_LIMIT: asymptotic.
    // x = [(37*i) % 101 for i in range(60)]; y = [(53*j) % 97 + 5 for j in range(70)]
    // mannwhitneyu(x, y, method="asymptotic", alternative="two-sided") -> 2015, 0.693102109486446
    let x = seq(60, |i| ((37 * i) % 101) as f64);
    let y = seq(70, |j| ((53 * j) % 97 + 5) as f64);
    let r = rank_sum(&x, &y, Alternative::TwoSided).unwrap();
    assert_eq!((r.u, r.method), (2015.0, RankSumMethod::Asymptotic));
    assert_close(r.p_value, 0.693102109486446, 1e-9);
    assert_eq!(
        rank_sum_exact(&x, &y, Alternative::TwoSided),
        Err(StatsError::ExactTooLarge { n1: 60, n2: 70, limit: EXACT_LIMIT })
    );
    // 50 * 100 = 5000 and 3 * 1603 = 4809 are still exact.
    let fifty = seq(50, |i| i as f64);
    let r = rank_sum(&fifty, &fifty, Alternative::TwoSided).unwrap();
    assert_eq!(r.method, RankSumMethod::Exact);
    assert_close(r.p_value, 1.0, 1e-12);
    let r = rank_sum(&[1.0, 2.0, 3.0], &seq(1600, |i| i as f64), Alternative::Less).unwrap();
    assert_eq!(r.method, RankSumMethod::Exact);
}

#[test]
fn tiny_p_values_keep_their_precision() {
    // x = [float(i) for i in range(1000)]; y = [i + 300.0 for i in range(1000)]
    // mannwhitneyu(x, y, method="asymptotic", alternative="two-sided" / "less")
    let x = seq(1000, |i| i as f64);
    let y = seq(1000, |i| i as f64 + 300.0);
    let two = rank_sum(&x, &y, Alternative::TwoSided).unwrap();
    assert_eq!(two.u, 245000.0);
    assert_close(two.p_value, 8.471440560928777e-87, 1e-9);
    let less = rank_sum(&x, &y, Alternative::Less).unwrap();
    assert_close(less.p_value, 4.235720280464388e-87, 1e-9);
    // Exact tails keep full relative precision too: P(U = 0) = 1 / C(100, 50).
    // 1 / scipy.special.comb(100, 50, exact=True) -> 9.911653021418339e-30
    // mannwhitneyu(range(50), range(50, 100), method="exact", alternative="less")
    //   -> 9.911653021418343e-30
    let (a, b) = (seq(50, |i| i as f64), seq(50, |i| i as f64 + 50.0));
    let r = rank_sum(&a, &b, Alternative::Less).unwrap();
    assert_eq!((r.u, r.method), (0.0, RankSumMethod::Exact));
    assert_close(r.p_value, 9.911653021418339e-30, 1e-12);
}

#[test]
fn all_values_tied_gives_p_value_one() {
    let (x, y) = ([5.0; 4], [5.0; 6]);
    for alternative in ALTERNATIVES {
        for r in [
            rank_sum_exact(&x, &y, alternative).unwrap(),
            rank_sum_asymptotic(&x, &y, alternative).unwrap(),
        ] {
            assert_eq!((r.u, r.p_value), (12.0, 1.0));
        }
        assert_eq!(rank_sum_asymptotic(&x, &y, alternative).unwrap().z, Some(0.0));
    }
}

#[test]
fn bad_input_is_an_error() {
    assert_eq!(
        rank_sum(&[], &[1.0], Alternative::TwoSided),
        Err(StatsError::TooFewObservations { sample: "x", needed: 1, got: 0 })
    );
    assert!(matches!(
        rank_sum_asymptotic(&[1.0], &[2.0, f64::NAN], Alternative::Less),
        Err(StatsError::NonFinite { sample: "y", index: 1, .. })
    ));
    assert!(matches!(
        rank_sum_exact(&[f64::INFINITY], &[2.0], Alternative::Less),
        Err(StatsError::NonFinite { sample: "x", index: 0, .. })
    ));
}

#[test]
fn exact_matches_brute_force_enumeration_for_many_tie_patterns() {
    // Independent of the dynamic program: enumerate every way of choosing which pooled
    // observations are "x", with doubled midranks 2 * (number smaller) + (number
    // equal) + 1 computed naively.
    for n1 in 1..=6 {
        for n2 in 1..=6 {
            for levels in [2, 3, 5, 97] {
                let x = seq(n1, |i| ((7 * i + 3) % levels) as f64);
                let y = seq(n2, |j| ((5 * j + 1) % levels) as f64);
                let pooled: Vec<f64> = x.iter().chain(&y).copied().collect();
                let doubled: Vec<i64> = pooled
                    .iter()
                    .map(|v| {
                        let smaller = pooled.iter().filter(|w| *w < v).count();
                        let equal = pooled.iter().filter(|w| *w == v).count();
                        (2 * smaller + equal + 1) as i64
                    })
                    .collect();
                let n = pooled.len();
                let mean = (n1 * (n + 1)) as i64;
                let observed: i64 = doubled[..n1].iter().sum();
                let (mut total, mut less, mut greater, mut two) = (0, 0, 0, 0);
                for mask in 0_u32..1 << n {
                    if mask.count_ones() as usize != n1 {
                        continue;
                    }
                    let s: i64 = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| doubled[i]).sum();
                    total += 1;
                    less += i32::from(s <= observed);
                    greater += i32::from(s >= observed);
                    two += i32::from((s - mean).abs() >= (observed - mean).abs());
                }
                for (alternative, count) in ALTERNATIVES.into_iter().zip([two, less, greater]) {
                    let r = rank_sum_exact(&x, &y, alternative).unwrap();
                    assert_close(r.p_value, f64::from(count) / f64::from(total), 1e-13);
                    assert_eq!(r.u, (observed - (n1 * (n1 + 1)) as i64) as f64 / 2.0);
                }
            }
        }
    }
}
