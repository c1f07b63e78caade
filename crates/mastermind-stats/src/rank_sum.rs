//! The Wilcoxon rank-sum / Mann-Whitney U test for two independent samples.
//!
//! The pooled observations are ranked, tied values sharing the mean of their ranks
//! (midranks), and `U` is the rank sum of `x` minus its least possible value
//! `n1 (n1 + 1) / 2`: the number of pairs `(x_i, y_j)` with `x_i > y_j`, ties counting
//! one half. It is R's `wilcox.test(x, y)$statistic` and scipy's
//! `mannwhitneyu(x, y).statistic`.
//!
//! # Which p-value
//!
//! - **Exact** ([`rank_sum_exact`]): the permutation distribution of the rank sum
//!   conditional on the observed tie pattern, counted by a dynamic program over doubled
//!   midranks (which are integers). Without ties this is the classical exact
//!   Mann-Whitney distribution (R's `wilcox.test(exact = TRUE)`, scipy's
//!   `method="exact"`); with ties it is what R's `coin::wilcox_test(distribution =
//!   "exact")` and `exactRankTests::wilcox.exact` give. The two-sided p-value is
//!   `P(|W - E W| >= |w - E W|)`, which for the symmetric no-tie distribution equals
//!   `min(1, 2 min(P(W <= w), P(W >= w)))`.
//! - **Asymptotic** ([`rank_sum_asymptotic`]): the normal approximation with the tie
//!   correction of the variance and a continuity correction of 1/2, as R's
//!   `wilcox.test(x, y, exact = FALSE, correct = TRUE)` and scipy's
//!   `mannwhitneyu(x, y, method="asymptotic", use_continuity=True)`.
//! - [`rank_sum`] chooses: exact when `min(n1, n2) * (n1 + n2) <= EXACT_LIMIT` (5000;
//!   this includes every case with both samples of at most 50 observations, and stays a
//!   few milliseconds of work), asymptotic otherwise.
//!
//! When every observation is the same value, every permutation gives the same `U`; the
//! p-value is then 1 for every alternative (and `z`, for the asymptotic method, is 0).

use statrs::distribution::Normal;

use crate::moments::check;
use crate::{Alternative, StatsError};

/// [`rank_sum`] uses the exact distribution when `min(n1, n2) * (n1 + n2)` is at most
/// this, and [`rank_sum_exact`] refuses larger samples.
pub const EXACT_LIMIT: usize = 5000;

/// How the p-value of a rank-sum test was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RankSumMethod {
    /// The exact permutation distribution, conditional on ties.
    Exact,
    /// The normal approximation with tie and continuity corrections.
    Asymptotic,
}

/// The outcome of a rank-sum test of `x` against `y`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankSumResult {
    /// The Mann-Whitney `U` of `x` (a multiple of 1/2 when there are ties).
    pub u: f64,
    /// The continuity-corrected standard normal deviate of `U`, signed so that it is
    /// positive when `x` tends to be larger; `None` for the exact method.
    pub z: Option<f64>,
    /// The p-value under the chosen [`Alternative`].
    pub p_value: f64,
    /// Which method gave the p-value.
    pub method: RankSumMethod,
}

/// The rank-sum test with the p-value method chosen by size: exact when
/// `min(n1, n2) * (n1 + n2) <= EXACT_LIMIT`, asymptotic otherwise (see the
/// [module documentation](self)).
///
/// # Errors
///
/// [`StatsError::TooFewObservations`] if a sample is empty and
/// [`StatsError::NonFinite`] if one holds NaN or an infinity.
pub fn rank_sum(
    x: &[f64],
    y: &[f64],
    alternative: Alternative,
) -> Result<RankSumResult, StatsError> {
    if exact_cost(x.len(), y.len()) <= EXACT_LIMIT {
        rank_sum_exact(x, y, alternative)
    } else {
        rank_sum_asymptotic(x, y, alternative)
    }
}

/// The rank-sum test with the exact p-value, conditional on ties (see the
/// [module documentation](self)).
///
/// # Errors
///
/// As [`rank_sum`], and [`StatsError::ExactTooLarge`] when
/// `min(n1, n2) * (n1 + n2) > EXACT_LIMIT`.
pub fn rank_sum_exact(
    x: &[f64],
    y: &[f64],
    alternative: Alternative,
) -> Result<RankSumResult, StatsError> {
    let ranked = Ranked::new(x, y)?;
    let (n1, n2) = (x.len(), y.len());
    if exact_cost(n1, n2) > EXACT_LIMIT {
        return Err(StatsError::ExactTooLarge { n1, n2, limit: EXACT_LIMIT });
    }
    // Count over subsets of the smaller sample's size: the rank sum of `y` determines
    // that of `x`, and the table is smaller.
    let x_is_small = n1 <= n2;
    let m = n1.min(n2);
    let observed = if x_is_small {
        ranked.doubled_sum_x
    } else {
        ranked.doubled_total() - ranked.doubled_sum_x
    };
    let tails = Tails::count(&ranked.doubled, m, observed);
    let (lower, upper) =
        if x_is_small { (tails.lower, tails.upper) } else { (tails.upper, tails.lower) };
    let p_value = match alternative {
        Alternative::Less => lower,
        Alternative::Greater => upper,
        Alternative::TwoSided => tails.two_sided,
    };
    Ok(RankSumResult {
        u: ranked.u(),
        z: None,
        p_value: p_value.min(1.0),
        method: RankSumMethod::Exact,
    })
}

/// The rank-sum test with the normal approximation, tie-corrected variance and
/// continuity correction (see the [module documentation](self)).
///
/// # Errors
///
/// As [`rank_sum`].
pub fn rank_sum_asymptotic(
    x: &[f64],
    y: &[f64],
    alternative: Alternative,
) -> Result<RankSumResult, StatsError> {
    let ranked = Ranked::new(x, y)?;
    let u = ranked.u();
    let (n1, n2) = (x.len() as f64, y.len() as f64);
    let n = ranked.doubled.len() as u128;
    // Var U = n1 n2 / 12 * ((N + 1) - sum(t^3 - t) / (N (N - 1))), with the bracket
    // computed exactly in integers so that "all values tied" gives exactly zero.
    let bracket = (n + 1) * n * (n - 1) - ranked.tie_term;
    if bracket == 0 {
        return Ok(RankSumResult {
            u,
            z: Some(0.0),
            p_value: 1.0,
            method: RankSumMethod::Asymptotic,
        });
    }
    let variance = n1 * n2 / 12.0 * bracket as f64 / (n * (n - 1)) as f64;
    let deviation = u - n1 * n2 / 2.0;
    let correction = match alternative {
        Alternative::Greater => 0.5,
        Alternative::Less => -0.5,
        Alternative::TwoSided if deviation > 0.0 => 0.5,
        Alternative::TwoSided if deviation < 0.0 => -0.5,
        Alternative::TwoSided => 0.0,
    };
    let z = (deviation - correction) / variance.sqrt();
    let p_value = alternative.p_value(&Normal::standard(), z);
    Ok(RankSumResult { u, z: Some(z), p_value, method: RankSumMethod::Asymptotic })
}

/// The measure of the exact distribution's work and table size that `EXACT_LIMIT` bounds.
fn exact_cost(n1: usize, n2: usize) -> usize {
    n1.min(n2).saturating_mul(n1.saturating_add(n2))
}

/// The pooled sample ranked with doubled midranks.
struct Ranked {
    /// Doubled midranks of all observations, in ascending order.
    doubled: Vec<u64>,
    /// Sum of the doubled midranks of `x`.
    doubled_sum_x: u64,
    /// Number of observations in `x`.
    n1: u64,
    /// `sum(t^3 - t)` over the groups of `t` tied observations.
    tie_term: u128,
}

impl Ranked {
    /// Ranks the pooled sample after checking that both samples are non-empty and finite.
    fn new(x: &[f64], y: &[f64]) -> Result<Self, StatsError> {
        check("x", x, 1)?;
        check("y", y, 1)?;
        let mut pooled: Vec<(f64, bool)> =
            x.iter().map(|&v| (v, true)).chain(y.iter().map(|&v| (v, false))).collect();
        pooled.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut doubled = Vec::with_capacity(pooled.len());
        let mut doubled_sum_x = 0;
        let mut tie_term = 0;
        let mut start = 0;
        while start < pooled.len() {
            let value = pooled[start].0;
            // `== value` (not total order) so that 0.0 and -0.0 tie.
            let len = pooled[start..].iter().take_while(|p| p.0 == value).count();
            // Ranks start+1 ..= start+len; twice their mean is an integer.
            let score = (2 * start + len + 1) as u64;
            let in_x = pooled[start..start + len].iter().filter(|p| p.1).count() as u64;
            doubled.extend(std::iter::repeat_n(score, len));
            doubled_sum_x += score * in_x;
            let t = len as u128;
            tie_term += t * t * t - t;
            start += len;
        }
        Ok(Self { doubled, doubled_sum_x, n1: x.len() as u64, tie_term })
    }

    /// Sum of all doubled midranks, `N (N + 1)`.
    fn doubled_total(&self) -> u64 {
        let n = self.doubled.len() as u64;
        n * (n + 1)
    }

    /// The Mann-Whitney `U` of `x`: its rank sum minus `n1 (n1 + 1) / 2`.
    fn u(&self) -> f64 {
        (self.doubled_sum_x - self.n1 * (self.n1 + 1)) as f64 / 2.0
    }
}

/// Tail probabilities of the sum of `m` scores drawn without replacement.
struct Tails {
    /// `P(S <= observed)`.
    lower: f64,
    /// `P(S >= observed)`.
    upper: f64,
    /// `P(|S - E S| >= |observed - E S|)`.
    two_sided: f64,
}

impl Tails {
    /// Counts, for every subset of `m` of the `scores` (ascending), the sum of its
    /// scores, and returns the tails at `observed`.
    fn count(scores: &[u64], m: usize, observed: u64) -> Self {
        let max_sum: u64 = scores.iter().rev().take(m).sum();
        let width = max_sum as usize + 1;
        // ways[k * width + s]: number of k-subsets of the scores seen so far summing to s.
        let mut ways = vec![0.0_f64; (m + 1) * width];
        ways[0] = 1.0;
        // Largest sum reachable with k of the scores seen so far; scores come in
        // ascending order, so that is the sum of the last k of them.
        let mut reach = vec![0_usize; m + 1];
        for (i, &score) in scores.iter().enumerate() {
            let score = score as usize;
            for k in (1..=m.min(i + 1)).rev() {
                let top = reach[k - 1] + score;
                let (before, row) = ways.split_at_mut(k * width);
                let prev = &before[(k - 1) * width..];
                for s in score..=top {
                    row[s] += prev[s - score];
                }
                reach[k] = top;
            }
        }
        let dist = &ways[m * width..];
        let total: f64 = dist.iter().sum();
        let observed = observed as usize;
        // E S = m (N + 1) in doubled units.
        let mean = m * (scores.len() + 1);
        let far = observed.abs_diff(mean);
        let mut tails = Self { lower: 0.0, upper: 0.0, two_sided: 0.0 };
        for (s, &w) in dist.iter().enumerate().filter(|(_, w)| **w > 0.0) {
            if s <= observed {
                tails.lower += w;
            }
            if s >= observed {
                tails.upper += w;
            }
            if s.abs_diff(mean) >= far {
                tails.two_sided += w;
            }
        }
        tails.lower /= total;
        tails.upper /= total;
        tails.two_sided /= total;
        tails
    }
}
