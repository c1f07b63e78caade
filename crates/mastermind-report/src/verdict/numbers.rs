//! Numbers: our estimate against the paper's printed value, and thresholds from a bootstrap.

use super::test::{Claimed, PaperPrecision, Side, Test};
use super::{Outcome, Verdict};
use crate::judging::Margin;
use mastermind_stats::equivalence::Interval;

/// The percentile interval of bootstrap `replicates` at `alpha` and `1 - alpha` (the replicates'
/// order statistics, nearest rank).
pub(super) fn percentile_interval(replicates: &[f64], alpha: f64) -> Interval {
    let mut sorted = replicates.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |p: f64| mastermind_stats::nearest_rank(&sorted, p).unwrap_or(f64::NAN);
    Interval { lower: at(alpha), upper: at(1.0 - alpha), alpha }
}

/// The verdict on a threshold the paper reports (`paper`, rounded to its grid) against ours,
/// `ours`, with `replicates` of ours from a bootstrap of `games` games per point of the curve;
/// judged within `margin` (never tighter than half the grid's step).
pub fn compare_bootstrapped(
    claim: String,
    ours: f64,
    (replicates, games): (&[f64], usize),
    paper: Printed,
    margin: Option<&Margin>,
) -> Verdict {
    let mut verdict = compare(claim, Estimate::exact(ours), paper, margin);
    let spread = Estimate::of(replicates).and_then(|e| e.sd());
    if let (Some(test), Some(sd)) = (&mut verdict.test, spread) {
        test.first.se = sd;
        test.bootstrap = Some(replicates.iter().map(|r| r - paper.value).collect());
        test.samples = games;
        test.paper = Some(paper.precision);
        let rounding = paper.rounding();
        match margin.filter(|m| m.of(paper.value) > rounding) {
            Some(m) => {
                test.margin = m.of(paper.value);
                test.margin_reason = m.because.trim().to_owned();
            }
            None => test.margin_reason = "half the step of the grid of budgets".to_owned(),
        }
        let central = percentile_interval(replicates, 0.025);
        verdict.ours =
            format!("{ours:.0} [{:.0}, {:.0}] (bootstrap)", central.lower, central.upper);
    }
    verdict
}

/// An estimate of ours: a mean, its standard error (zero for an exact value, such as a
/// deterministic player's mean over every secret; `None` when it cannot be estimated) and the
/// degrees of freedom of a t interval (`None`: exact or normal).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub se: Option<f64>,
    /// Degrees of freedom of its standard error.
    pub df: Option<f64>,
}

impl Estimate {
    /// The mean of `samples`, its standard error (`sd / sqrt(n)`, none below two samples) and
    /// `n - 1` degrees of freedom.
    pub fn of(samples: &[f64]) -> Option<Estimate> {
        let n = samples.len();
        if n == 0 {
            return None;
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        let se = (n >= 2).then(|| {
            let ss: f64 = samples.iter().map(|x| (x - mean) * (x - mean)).sum();
            (ss / (n - 1) as f64 / n as f64).sqrt()
        });
        Some(Estimate { mean, se, df: (n >= 2).then(|| (n - 1) as f64) })
    }

    /// An exact value (no sampling error).
    pub fn exact(value: f64) -> Estimate {
        Estimate { mean: value, se: Some(0.0), df: None }
    }

    /// The sample standard deviation behind the standard error (none for an exact value).
    pub fn sd(&self) -> Option<f64> {
        Some(self.se? * (self.df? + 1.0).sqrt())
    }

    /// The number of samples behind it (one for an exact value).
    pub fn samples(&self) -> usize {
        self.df.map_or(1, |df| (df + 1.0).round() as usize)
    }

    /// Ours as one side of a difference.
    pub fn side(&self) -> Side {
        Side { mean: self.mean, se: self.se.unwrap_or(0.0), df: self.df, ours: true }
    }
}

/// A number the paper prints: its value, the decimals it prints, and its standard error where
/// the paper states its sample size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Printed {
    /// The value.
    pub value: f64,
    /// Decimals printed (as the spec writes the number: `4.40` has two).
    pub decimals: u32,
    /// The unit the paper rounded to, when coarser than its last decimal ("about 6400" is
    /// rounded to 100); half of it is allowed for rounding.
    pub unit: Option<f64>,
    /// The paper's standard error of the value, if known.
    pub se: Option<f64>,
    /// Degrees of freedom of that standard error (`None`: normal).
    pub df: Option<f64>,
    /// Where that error comes from.
    pub precision: PaperPrecision,
}

impl Printed {
    /// `value` as printed with `decimals` decimals, judged as a point until the paper's sample
    /// size is given ([`Printed::with_sample`]).
    pub fn new(value: f64, decimals: u32) -> Printed {
        Printed {
            value,
            decimals,
            unit: None,
            se: None,
            df: None,
            precision: PaperPrecision::Point,
        }
    }

    /// The paper's standard error over the `n` samples its text states (`None`: it states none,
    /// and the number stays a point): from the sd it prints, `printed_sd`, or ours, `our_sd`,
    /// standing in where it prints none. The paper's `n` is never ours.
    pub fn with_sample(
        self,
        n: Option<u64>,
        printed_sd: Option<f64>,
        our_sd: Option<f64>,
    ) -> Printed {
        let Some(n) = n.filter(|&n| n >= 2) else { return self };
        let precision = PaperPrecision::Sample { n, sd_printed: printed_sd.is_some() };
        match printed_sd.or(our_sd) {
            Some(sd) => Printed {
                se: Some(sd / (n as f64).sqrt()),
                df: Some((n - 1) as f64),
                precision,
                ..self
            },
            None => Printed { precision, ..self },
        }
    }

    /// Half a unit of the last place the paper printed: what its rounding may hide.
    pub fn rounding(&self) -> f64 {
        0.5 * self.unit.unwrap_or_else(|| 10f64.powi(-(self.decimals as i32)))
    }

    /// The paper's side of a difference.
    fn side(&self) -> Side {
        Side { mean: self.value, se: self.se.unwrap_or(0.0), df: self.df, ours: false }
    }
}

/// The verdict on the claim that the paper's `paper` is the value we estimate as `ours`, within
/// the spec's `margin` (never tighter than the paper's rounding; exact values on both sides are
/// held to the rounding alone). Undecided until [`judge_family`](super::judge_family) (or
/// [`Verdict::decide`]) runs; a claim without a standard error is decided at once.
pub fn compare(claim: String, ours: Estimate, paper: Printed, margin: Option<&Margin>) -> Verdict {
    let digits = paper.decimals as usize;
    let rounding = paper.rounding();
    let ours_text = match ours.se {
        Some(s) if s > 0.0 => {
            let half = 1.96 * s;
            format!(
                "{:.prec$} [{:.prec$}, {:.prec$}]",
                ours.mean,
                ours.mean - half,
                ours.mean + half,
                prec = digits + 1
            )
        }
        // An exact count prints as one; an exact mean with one decimal more than the paper's.
        _ if digits == 0 => format!("{:.0}", ours.mean),
        _ => format!("{:.prec$}", ours.mean, prec = digits + 1),
    };
    let mut verdict = Verdict::statement(claim, ours_text, Outcome::NotTestable, String::new());
    verdict.paper = format!("{:.digits$}", paper.value);
    let Some(se) = ours.se else {
        let difference = (ours.mean - paper.value).abs();
        if difference <= rounding {
            verdict.outcome = Outcome::Reproduced;
            verdict.no_margin = Some("one sample: held to the paper's rounding".to_owned());
        } else {
            verdict.note = "One sample gives no standard error, and the values differ by more \
                            than the paper's rounding."
                .to_owned();
        }
        return verdict;
    };
    let exact = se == 0.0 && paper.se.is_none_or(|s| s == 0.0);
    let (value, reason) = match margin {
        _ if exact => (rounding, "exact values: the paper's rounding".to_owned()),
        Some(m) => {
            let wanted = m.of(paper.value);
            if wanted >= rounding {
                (wanted, m.because.trim().to_owned())
            } else {
                (
                    rounding,
                    format!(
                        "the paper's rounding (wider than the spec's margin: {})",
                        m.because.trim()
                    ),
                )
            }
        }
        None => (rounding, "the paper's rounding (the spec states no margin)".to_owned()),
    };
    let digits = if digits == 0 { 0 } else { digits + 1 };
    verdict.test = Some(Test {
        claimed: Claimed::Equal,
        first: ours.side(),
        second: paper.side(),
        margin: value,
        margin_reason: reason,
        digits,
        censored: None,
        bootstrap: None,
        samples: ours.samples(),
        unit: "games",
        paper: Some(if exact { PaperPrecision::Exact } else { paper.precision }),
    });
    verdict
}
