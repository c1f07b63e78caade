//! Equivalence by two one-sided tests: does a difference lie inside a margin, outside it, or
//! does its interval straddle the margin?
//!
//! A reproduction asks whether our number and a paper's agree *within a margin that matters*, not
//! whether a test fails to reject their equality: with ten run means almost anything "is not
//! rejected", and with 100 000 games a 0.2% difference is. The two one-sided tests (TOST) answer
//! the right question. With the `1 - 2 alpha` confidence interval of the difference:
//!
//! - [`Equivalence::Inside`]: the interval lies inside `[-margin, margin]` (both one-sided tests
//!   reject a difference of the margin or more, each at `alpha`);
//! - [`Equivalence::Outside`]: the interval lies wholly beyond the margin on one side (a
//!   difference larger than the margin is shown, one-sided, at `alpha`);
//! - [`Equivalence::Straddles`]: neither; more data would decide.
//!
//! ```
//! use mastermind_stats::equivalence::{Difference, Equivalence};
//!
//! // Ours 4.41 (SE 0.004, 9 df) against a paper's exact 4.408, margin 0.02.
//! let d = Difference { estimate: 4.41 - 4.408, se: 0.004, df: Some(9.0) };
//! assert_eq!(d.interval(0.05).against(0.02), Equivalence::Inside);
//! // Against 4.470 the whole interval is 0.04 or more below: outside.
//! let d = Difference { estimate: 4.41 - 4.470, se: 0.004, df: Some(9.0) };
//! assert_eq!(d.interval(0.05).against(0.02), Equivalence::Outside);
//! ```

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// Where a difference's interval lies relative to `[-margin, margin]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Equivalence {
    /// The whole interval lies inside the margin: equivalence is shown.
    Inside,
    /// The whole interval lies beyond the margin on one side: a difference larger than the
    /// margin is shown.
    Outside,
    /// The interval reaches both inside and beyond the margin: the data cannot decide.
    Straddles,
}

/// A difference between two estimates (ours minus the reference) with its standard error and, for
/// a Student-t interval, its degrees of freedom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// The estimated difference.
    pub estimate: f64,
    /// Its standard error; zero for a difference of exact values.
    pub se: f64,
    /// Degrees of freedom of a Student-t interval; `None` for a normal one (large samples).
    pub df: Option<f64>,
}

impl Difference {
    /// The difference between two means, each with its standard error and degrees of freedom
    /// (`None`: a normal estimate, or an exact value with zero standard error). The degrees of
    /// freedom combine by Welch and Satterthwaite's rule; a normal part keeps the result normal
    /// unless its standard error is zero.
    pub fn of_means(ours: (f64, f64, Option<f64>), theirs: (f64, f64, Option<f64>)) -> Difference {
        let (m1, se1, df1) = ours;
        let (m2, se2, df2) = theirs;
        let se = (se1 * se1 + se2 * se2).sqrt();
        let df = welch_satterthwaite((se1, df1), (se2, df2));
        Difference { estimate: m1 - m2, se, df }
    }

    /// The two-sided `1 - 2 alpha` confidence interval: the interval of the two one-sided
    /// tests at level `alpha` each.
    pub fn interval(&self, alpha: f64) -> Interval {
        let q = quantile(1.0 - alpha, self.df);
        let half = if self.se > 0.0 { q * self.se } else { 0.0 };
        Interval { lower: self.estimate - half, upper: self.estimate + half, alpha }
    }
}

/// The Welch-Satterthwaite degrees of freedom of a sum of two independent estimates; a part with
/// zero standard error does not count, a normal part (`None`) with a positive one makes the sum
/// normal.
fn welch_satterthwaite(a: (f64, Option<f64>), b: (f64, Option<f64>)) -> Option<f64> {
    let parts: Vec<(f64, Option<f64>)> = [a, b].into_iter().filter(|(se, _)| *se > 0.0).collect();
    if parts.is_empty() {
        return None;
    }
    let mut numerator = 0.0;
    let mut denominator = 0.0;
    for (se, df) in &parts {
        let v = se * se;
        numerator += v;
        denominator += v * v / (*df)?;
    }
    Some(numerator * numerator / denominator)
}

/// Degrees of freedom beyond which Student's t is the standard normal to well under a part in a
/// thousand at any level the report uses (and beyond which statrs' numerical inverse is slow).
const NORMAL_BEYOND_DF: f64 = 1e5;

/// The `p` quantile of Student's t with `df` degrees of freedom, or of the standard normal.
///
/// statrs inverts Student's t numerically (a search over its distribution function, about a
/// millisecond a call unoptimised), and the verdicts ask for the same few quantiles thousands of
/// times (one level per paper, a handful of degrees of freedom), so each thread remembers the
/// quantiles it has computed: the same arguments give the same bits, computed once.
pub fn quantile(p: f64, df: Option<f64>) -> f64 {
    let df = df.filter(|d| d.is_finite() && *d > 0.0 && *d <= NORMAL_BEYOND_DF);
    let key = (p.to_bits(), df.map(f64::to_bits));
    if let Some(known) = KNOWN_QUANTILES.with_borrow(|known| known.get(&key).copied()) {
        return known;
    }
    let value = match df.map(|d| StudentsT::new(0.0, 1.0, d)) {
        Some(Ok(t)) => t.inverse_cdf(p),
        _ => Normal::standard().inverse_cdf(p),
    };
    KNOWN_QUANTILES.with_borrow_mut(|known| {
        if known.len() >= KNOWN_QUANTILES_KEPT {
            known.clear();
        }
        known.insert(key, value);
    });
    value
}

/// How many quantiles a thread remembers before it forgets them all (a bisection over sample
/// sizes asks for ever new degrees of freedom; a report asks for a few hundred distinct ones).
const KNOWN_QUANTILES_KEPT: usize = 4096;

thread_local! {
    /// The quantiles this thread has computed, by the bits of `p` and of the degrees of freedom.
    static KNOWN_QUANTILES: std::cell::RefCell<std::collections::HashMap<(u64, Option<u64>), f64>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// A two-sided interval of a difference, at `1 - 2 alpha`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub lower: f64,
    /// Upper end.
    pub upper: f64,
    /// The one-sided level of each of the two tests.
    pub alpha: f64,
}

impl Interval {
    /// Where the interval lies relative to `[-margin, margin]` (an end on the margin counts as
    /// inside: the margin is the largest difference that does not matter).
    pub fn against(&self, margin: f64) -> Equivalence {
        if self.lower >= -margin && self.upper <= margin {
            Equivalence::Inside
        } else if self.lower > margin || self.upper < -margin {
            Equivalence::Outside
        } else {
            Equivalence::Straddles
        }
    }

    /// Whether the whole interval lies below `bound`.
    pub fn below(&self, bound: f64) -> bool {
        self.upper < bound
    }

    /// Whether the whole interval lies above `bound`.
    pub fn above(&self, bound: f64) -> bool {
        self.lower > bound
    }
}

/// The one-sided level of each claim when `claims` claims share a family-wise level `alpha`
/// (Bonferroni: `alpha / claims`).
pub fn bonferroni(alpha: f64, claims: usize) -> f64 {
    alpha / claims.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_match_r() {
        // R: qt(0.95, 9) = 1.833113; qnorm(0.975) = 1.959964; qt(0.999, 20) = 3.551808.
        assert!((quantile(0.95, Some(9.0)) - 1.833_113).abs() < 1e-5);
        assert!((quantile(0.975, None) - 1.959_964).abs() < 1e-5);
        assert!((quantile(0.999, Some(20.0)) - 3.551_808).abs() < 1e-5);
        // Far out in its degrees of freedom, t is the normal.
        assert!((quantile(0.9999, Some(1e7)) - quantile(0.9999, None)).abs() < 1e-9);
        assert!((quantile(0.9999, Some(1e5)) - quantile(0.9999, None)).abs() < 1e-3);
    }

    #[test]
    fn three_states() {
        let at = |estimate: f64| Difference { estimate, se: 0.01, df: None }.interval(0.05);
        // Half-width 1.645 * 0.01 = 0.0164.
        assert_eq!(at(0.0).against(0.015), Equivalence::Straddles);
        assert_eq!(at(0.0).against(0.02), Equivalence::Inside);
        assert_eq!(at(0.05).against(0.03), Equivalence::Outside);
        assert_eq!(at(-0.05).against(0.03), Equivalence::Outside);
        assert_eq!(at(0.03).against(0.03), Equivalence::Straddles);
    }

    #[test]
    fn exact_values_have_a_point_interval() {
        let d = Difference::of_means((4.476, 0.0, None), (4.476, 0.0, None));
        assert_eq!(d.interval(0.001).against(0.0005), Equivalence::Inside);
        let d = Difference::of_means((4.4771, 0.0, None), (4.476, 0.0, None));
        assert_eq!(d.interval(0.001).against(0.0005), Equivalence::Outside);
    }

    #[test]
    fn welch_satterthwaite_degrees_of_freedom() {
        // Equal SE, 9 df each: (2v)^2 / (2 v^2 / 9) = 18.
        let d = Difference::of_means((1.0, 0.1, Some(9.0)), (0.0, 0.1, Some(9.0)));
        assert!((d.df.unwrap() - 18.0).abs() < 1e-9);
        assert!((d.se - 0.02f64.sqrt()).abs() < 1e-12);
        // An exact reference leaves our own degrees of freedom.
        let d = Difference::of_means((1.0, 0.1, Some(9.0)), (0.0, 0.0, None));
        assert_eq!(d.df, Some(9.0));
        // A normal part with a positive SE makes the difference normal.
        let d = Difference::of_means((1.0, 0.1, Some(9.0)), (0.0, 0.1, None));
        assert_eq!(d.df, None);
    }

    #[test]
    fn a_t_interval_is_wider_than_a_normal_one_on_few_runs() {
        let t = Difference { estimate: 0.0, se: 0.01, df: Some(9.0) }.interval(0.025);
        let z = Difference { estimate: 0.0, se: 0.01, df: None }.interval(0.025);
        assert!(t.upper > z.upper);
        assert!((t.upper - 0.022_62).abs() < 1e-4, "{t:?}");
    }
}
