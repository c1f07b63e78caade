//! The test behind a numeric claim: two sides of a difference, the margin, and the one rule that
//! turns an interval into an outcome, at the games stored or at any multiple of them.
//!
//! Every kind of claim is decided against the margin, never by a test that merely fails to
//! reject: an equality by equivalence (the interval inside `±m`), a difference by lying wholly
//! beyond `±m`, "fewer" by lying wholly below `-m`, "not fewer" by lying wholly above `-m`. At a
//! fixed effect, more games only narrow the interval around the same estimate, so no claim can
//! pass from reproduced to contradicted or back as the games grow (the tests below sweep it).

use super::Outcome;
use super::numbers::percentile_interval;
use mastermind_stats::equivalence::{Difference, Equivalence, Interval, quantile};

/// What a claim says of a difference (ours minus the paper's, or the first arm minus the second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claimed {
    /// Ours equals the paper's number (within the margin).
    Equal,
    /// Two arms are not different: shown by equivalence within the margin.
    NotDifferent,
    /// Two arms differ by more than the margin (either direction).
    Different,
    /// The first arm needs fewer guesses by more than the margin.
    Fewer,
    /// The first arm does not need fewer guesses: any advantage lies within the margin.
    NotFewer,
}

/// One side of a difference: a mean, its standard error and degrees of freedom, and whether it
/// is ours (more of our games shrink its error) or the paper's (fixed by what the paper ran).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    /// The mean.
    pub mean: f64,
    /// Its standard error (zero for an exact value or a number judged as a point).
    pub se: f64,
    /// Degrees of freedom of the standard error (`None`: normal, or exact).
    pub df: Option<f64>,
    /// Whether the side is ours: its error shrinks as our games grow.
    pub ours: bool,
}

impl Side {
    /// The side at `scale` times our games: an error of ours shrinks by `sqrt(scale)` and its
    /// degrees of freedom grow with the samples; the paper's side is what the paper ran.
    fn at(self, scale: f64) -> Side {
        if !self.ours || scale == 1.0 {
            return self;
        }
        if scale.is_infinite() {
            return Side { se: 0.0, df: None, ..self };
        }
        let df = self.df.map(|df| (df + 1.0) * scale - 1.0);
        Side { se: self.se / scale.sqrt(), df, ..self }
    }
}

/// How the paper's number came to have the error it is judged with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperPrecision {
    /// The paper states no sample size: its number is judged as a point, with no error of its
    /// own (what it would be is not known, so none is invented).
    Point,
    /// The paper states its sample size `n`; the standard deviation is its own where it prints
    /// one (`sd_printed`), ours standing in where it does not.
    Sample {
        /// The paper's sample size, from its text.
        n: u64,
        /// Whether the paper prints the standard deviation used.
        sd_printed: bool,
    },
    /// An exact count or table value (no sampling error on either side).
    Exact,
}

/// The test behind a claim: the difference of two sides, and the margin it is judged against.
#[derive(Debug, Clone, PartialEq)]
pub struct Test {
    /// What the claim says of the difference.
    pub claimed: Claimed,
    /// Ours, or the first arm.
    pub first: Side,
    /// The paper's number, or the second arm.
    pub second: Side,
    /// The margin: the largest difference that does not matter.
    pub margin: f64,
    /// Why the margin is what it is (the spec's reason, or the paper's rounding).
    pub margin_reason: String,
    /// How many decimals the difference is shown with.
    pub digits: usize,
    /// The share of our samples stopped at a cap before they ended (a censored quantity): our
    /// mean is then only a lower bound, so the claim can be contradicted (ours above the paper's
    /// beyond the margin) but never reproduced.
    pub censored: Option<f64>,
    /// Bootstrap replicates of the difference, for a quantity without a standard error (a
    /// threshold read off a curve): its interval is then their percentiles.
    pub bootstrap: Option<Vec<f64>>,
    /// How many samples of ours stand behind each of our sides (games, runs or run means): what
    /// a multiple of the games is counted in.
    pub samples: usize,
    /// What one of those samples is, as the report says it (`games`, `runs`).
    pub unit: &'static str,
    /// Where the paper's error comes from, for a claim against a paper's number.
    pub paper: Option<PaperPrecision>,
}

impl Test {
    /// The difference at the games stored.
    pub fn difference(&self) -> Difference {
        self.difference_at(1.0)
    }

    /// The difference at `scale` times our games (its estimate unchanged).
    pub(super) fn difference_at(&self, scale: f64) -> Difference {
        let (a, b) = (self.first.at(scale), self.second.at(scale));
        Difference::of_means((a.mean, a.se, a.df), (b.mean, b.se, b.df))
    }

    /// The interval at one-sided level `alpha`, at `scale` times our games. A bootstrap's
    /// percentile interval narrows around its estimate as `1 / sqrt(scale)`.
    pub(super) fn interval_at(&self, alpha: f64, scale: f64) -> Interval {
        match &self.bootstrap {
            Some(replicates) => {
                let at_one = percentile_interval(replicates, alpha);
                let estimate = self.difference().estimate;
                let shrink = if scale.is_infinite() { 0.0 } else { 1.0 / scale.sqrt() };
                Interval {
                    lower: estimate + (at_one.lower - estimate) * shrink,
                    upper: estimate + (at_one.upper - estimate) * shrink,
                    alpha,
                }
            }
            None => self.difference_at(scale).interval(alpha),
        }
    }

    /// The half-width the paper's own error alone gives the interval at level `alpha`: what no
    /// number of our games can shrink (none for a comparison of two arms of ours).
    pub fn paper_half_width(&self, alpha: f64) -> Option<f64> {
        let side = [self.first, self.second].into_iter().find(|s| !s.ours && s.se > 0.0)?;
        Some(quantile(1.0 - alpha, side.df) * side.se)
    }

    /// The outcome at one-sided level `alpha`, at `scale` times our games, with its interval.
    pub(super) fn outcome_at(&self, alpha: f64, scale: f64) -> (Outcome, Interval) {
        let interval = self.interval_at(alpha, scale);
        let m = self.margin;
        if self.censored.is_some_and(|share| share > 0.0) {
            let outcome =
                if interval.above(m) { Outcome::Contradicted } else { Outcome::Inconclusive };
            return (outcome, interval);
        }
        let outcome = decide(self.claimed, &interval, m);
        // Agreement no replication could show: not significantly different, and the paper's own
        // band alone at least as wide as the margin.
        let equality = matches!(self.claimed, Claimed::Equal | Claimed::NotDifferent);
        let paper_wider = self.paper_half_width(alpha).is_some_and(|h| h >= m);
        if outcome == Outcome::Inconclusive
            && equality
            && paper_wider
            && interval.lower <= 0.0
            && interval.upper >= 0.0
        {
            return (Outcome::WithinPaperPrecision, interval);
        }
        (outcome, interval)
    }
}

/// The one rule: the outcome of `claimed` for an interval of the difference against margin `m`.
pub fn decide(claimed: Claimed, interval: &Interval, m: f64) -> Outcome {
    use Outcome::{Contradicted, Inconclusive, Reproduced};
    match claimed {
        Claimed::Equal | Claimed::NotDifferent => match interval.against(m) {
            Equivalence::Inside => Reproduced,
            Equivalence::Outside => Contradicted,
            Equivalence::Straddles => Inconclusive,
        },
        Claimed::Different => match interval.against(m) {
            Equivalence::Outside => Reproduced,
            Equivalence::Inside => Contradicted,
            Equivalence::Straddles => Inconclusive,
        },
        Claimed::Fewer if interval.below(-m) => Reproduced,
        Claimed::Fewer if interval.lower >= -m => Contradicted,
        Claimed::NotFewer if interval.lower >= -m => Reproduced,
        Claimed::NotFewer if interval.below(-m) => Contradicted,
        Claimed::Fewer | Claimed::NotFewer => Inconclusive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(mean: f64, se: f64) -> Side {
        Side { mean, se, df: Some(99.0), ours: true }
    }

    fn test(claimed: Claimed, first: Side, second: Side) -> Test {
        Test {
            claimed,
            first,
            second,
            margin: 0.02,
            margin_reason: "test".into(),
            digits: 3,
            censored: None,
            bootstrap: None,
            samples: 100,
            unit: "games",
            paper: None,
        }
    }

    #[test]
    fn more_games_shrink_only_our_side() {
        let paper = Side { mean: 4.0, se: 0.01, df: Some(9.0), ours: false };
        let t = test(Claimed::Equal, ours(4.01, 0.02), paper);
        let at = |scale| t.difference_at(scale).se;
        assert!((at(4.0) - (0.01f64.powi(2) + 0.01f64.powi(2)).sqrt()).abs() < 1e-12);
        assert!((at(f64::INFINITY) - 0.01).abs() < 1e-12);
        assert_eq!(t.difference_at(4.0).estimate, t.difference().estimate);
    }

    #[test]
    fn agreement_the_papers_own_band_hides_has_an_outcome_of_its_own() {
        // The paper's se alone gives a band wider than the margin: not reproducible, ever.
        let wide = Side { mean: 4.0, se: 0.02, df: None, ours: false };
        let t = test(Claimed::Equal, ours(4.001, 0.001), wide);
        assert_eq!(t.outcome_at(0.025, 1.0).0, Outcome::WithinPaperPrecision);
        assert_eq!(t.outcome_at(0.025, f64::INFINITY).0, Outcome::WithinPaperPrecision);
        // A difference the paper's band cannot hide is still only inconclusive, or contradicted
        // once it lies beyond the margin by more than that band.
        let t = test(Claimed::Equal, ours(4.05, 0.001), wide);
        assert_eq!(t.outcome_at(0.025, 1.0).0, Outcome::Inconclusive);
        let t = test(Claimed::Equal, ours(4.10, 0.001), wide);
        assert_eq!(t.outcome_at(0.025, 1.0).0, Outcome::Contradicted);
    }

    /// Every kind of claim, at a fixed effect, as our games grow from 2 to 2^23 times a pilot's:
    /// an outcome, once reproduced or contradicted, never turns into the other.
    #[test]
    fn no_verdict_flips_as_the_games_grow_at_a_fixed_effect() {
        let kinds = [
            Claimed::Equal,
            Claimed::NotDifferent,
            Claimed::Different,
            Claimed::Fewer,
            Claimed::NotFewer,
        ];
        let papers = [
            Side { mean: 0.0, se: 0.0, df: None, ours: false },
            Side { mean: 0.0, se: 0.004, df: Some(9.0), ours: false },
            // A paper whose own band alone is wider than the margin.
            Side { mean: 0.0, se: 0.01, df: Some(9.0), ours: false },
            Side { mean: 0.0, se: 0.1, df: Some(999.0), ours: true },
        ];
        for claimed in kinds {
            for second in papers {
                for step in -30..=30 {
                    let effect = f64::from(step) * 0.002;
                    let t = test(claimed, ours(effect, 0.1), second);
                    let mut decided: Option<Outcome> = None;
                    for power in (1..=24).step_by(2) {
                        let scale = f64::from(1u32 << power);
                        let (outcome, _) = t.outcome_at(0.0025, scale);
                        if matches!(outcome, Outcome::Reproduced | Outcome::Contradicted) {
                            if let Some(before) = decided {
                                assert_eq!(
                                    before, outcome,
                                    "{claimed:?} at effect {effect} with {second:?} flipped at \
                                     scale {scale}"
                                );
                            }
                            decided = Some(outcome);
                        } else {
                            assert!(
                                decided.is_none(),
                                "{claimed:?} at effect {effect} fell back to {outcome:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn differs_and_fewer_hold_only_beyond_the_margin() {
        let zero = Side { mean: 0.0, se: 0.0, df: None, ours: false };
        // Significant (the interval excludes zero) but within the margin: contradicted.
        let small = test(Claimed::Different, ours(0.01, 0.001), zero);
        assert_eq!(small.outcome_at(0.025, 1.0).0, Outcome::Contradicted);
        let fewer = test(Claimed::Fewer, ours(-0.01, 0.001), zero);
        assert_eq!(fewer.outcome_at(0.025, 1.0).0, Outcome::Contradicted);
        let far = test(Claimed::Fewer, ours(-0.05, 0.001), zero);
        assert_eq!(far.outcome_at(0.025, 1.0).0, Outcome::Reproduced);
    }
}
