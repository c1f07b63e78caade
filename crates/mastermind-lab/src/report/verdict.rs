//! Verdicts: each claim of a paper that a spec can test, judged from the stored data.
//!
//! A claim is a number the paper reports (a mean, with the decimals it prints) or a statement a
//! spec's data can check (which arms share a significance group). Its verdict is computed, never
//! typed. A number is tested by the difference between ours and the paper's, less half a unit of
//! the paper's last printed decimal (rounding), in standard errors (ours, and the paper's own where
//! it gives one): a two-sided normal test, with Holm's correction over the claims of one spec (one
//! family), at alpha = 0.05. Not rejected: *reproduced*. Rejected: an *explained difference* when
//! the spec gives its reason in one sentence, *contradicted* when it does not. An exact value (a
//! deterministic player over every secret) must match within the rounding. A claim the data cannot
//! decide (a single sample, so no standard error, where the values differ) is *not testable*.

use super::table::Table;
use mastermind_stats::{Alternative, holm, normal_two_sided_p, welch_t_test};

/// The family-wise level at which a claim is rejected.
pub const ALPHA: f64 = 0.05;

/// How a claim fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// Ours agrees with the paper's within the uncertainty of both and the paper's rounding.
    Reproduced,
    /// Ours differs, and the spec says why.
    Explained,
    /// Ours differs, and nothing in the spec explains it.
    Contradicted,
    /// The data cannot decide.
    NotTestable,
}

impl Outcome {
    /// Every outcome, in the order of the summary table's columns.
    pub const ALL: [Outcome; 4] =
        [Outcome::Reproduced, Outcome::Explained, Outcome::Contradicted, Outcome::NotTestable];

    /// The outcome as the report writes it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Reproduced => "reproduced",
            Outcome::Explained => "explained difference",
            Outcome::Contradicted => "contradicted",
            Outcome::NotTestable => "not testable",
        }
    }
}

/// One claim and its verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// What the paper claims, e.g. `Entropy: mean guesses`.
    pub claim: String,
    /// Ours, with its 95% confidence interval where there is one.
    pub ours: String,
    /// The paper's value as it prints it.
    pub paper: String,
    /// The difference, ours minus the paper's, in standard errors (none when there is no
    /// standard error).
    pub z: Option<f64>,
    /// The two-sided p-value of the difference (Holm-adjusted within the spec once
    /// [`judge_family`] has run); none for claims that are not a test.
    pub p: Option<f64>,
    /// The verdict.
    pub outcome: Outcome,
    /// One sentence where the claim is not reproduced (empty otherwise).
    pub why: String,
    /// The spec's reason for a difference, if it gives one (shown only when there is one).
    pub explanation: Option<String>,
    /// The difference in words, for a claim the test rejects.
    difference: String,
}

impl Verdict {
    /// A statement's verdict (a comparison decided elsewhere): the paper's words, ours, the outcome
    /// and its sentence.
    pub fn statement(claim: String, ours: String, outcome: Outcome, why: String) -> Verdict {
        Verdict {
            claim,
            ours,
            paper: "holds".to_owned(),
            z: None,
            p: None,
            outcome,
            why,
            explanation: None,
            difference: String::new(),
        }
    }

    /// A statement's verdict from whether it `holds` here: reproduced if it does; otherwise an
    /// explained difference with the spec's reason where it gives one, else contradicted with
    /// `why_not`.
    pub fn judged(
        claim: String,
        ours: String,
        holds: bool,
        explained: Option<&str>,
        why_not: impl FnOnce() -> String,
    ) -> Verdict {
        match (holds, explained) {
            (true, _) => Verdict::statement(claim, ours, Outcome::Reproduced, String::new()),
            (false, Some(reason)) => {
                Verdict::statement(claim, ours, Outcome::Explained, reason.trim().to_owned())
            }
            (false, None) => Verdict::statement(claim, ours, Outcome::Contradicted, why_not()),
        }
    }

    /// Sets the outcome from the p-value `p` (raw or adjusted).
    fn decide(&mut self, p: f64) {
        self.p = Some(p);
        (self.outcome, self.why) = if p >= ALPHA {
            (Outcome::Reproduced, String::new())
        } else if let Some(reason) = &self.explanation {
            (Outcome::Explained, reason.trim().to_owned())
        } else {
            (Outcome::Contradicted, format!("{}, and the spec gives no reason.", self.difference))
        };
    }
}

/// Applies Holm's correction to the p-values of one spec's claims (one family) and decides each
/// claim again from its adjusted p-value. Claims without a p-value keep their outcome.
pub fn judge_family(verdicts: &mut [Verdict]) {
    let tested: Vec<usize> = (0..verdicts.len()).filter(|&i| verdicts[i].p.is_some()).collect();
    let raw: Vec<f64> = tested.iter().map(|&i| verdicts[i].p.unwrap_or(f64::NAN)).collect();
    for (&i, adjusted) in tested.iter().zip(holm(&raw)) {
        verdicts[i].decide(adjusted);
    }
}

/// An estimate of ours: a mean and its standard error (zero for an exact value, such as a
/// deterministic player's mean over every secret; `None` when it cannot be estimated).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub se: Option<f64>,
}

impl Estimate {
    /// The mean of `samples` and its standard error (`sd / sqrt(n)`, none below two samples).
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
        Some(Estimate { mean, se })
    }

    /// An exact value (no sampling error).
    pub fn exact(value: f64) -> Estimate {
        Estimate { mean: value, se: Some(0.0) }
    }
}

/// A number the paper prints: its value, the decimals it prints, and its standard error when the
/// paper gives one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Printed {
    /// The value.
    pub value: f64,
    /// Decimals printed.
    pub decimals: u32,
    /// The unit the paper rounded to, when coarser than its last decimal ("about 6400" is
    /// rounded to 100); half of it is allowed for rounding.
    pub unit: Option<f64>,
    /// The paper's standard error of the value, if it gives one.
    pub se: Option<f64>,
}

impl Printed {
    /// `value` as printed with `decimals` decimals, without a standard error.
    pub fn new(value: f64, decimals: u32) -> Printed {
        Printed { value, decimals, unit: None, se: None }
    }

    /// Half a unit of the last place the paper printed: what its rounding may hide.
    fn rounding(&self) -> f64 {
        0.5 * self.unit.unwrap_or_else(|| 10f64.powi(-(self.decimals as i32)))
    }
}

/// The verdict on the claim that the paper's `paper` is the value we estimate as `ours`;
/// `explained` is the spec's sentence for a difference, if it has one. The p-value is the raw
/// one; [`judge_family`] corrects it.
pub fn compare(claim: String, ours: Estimate, paper: Printed, explained: Option<&str>) -> Verdict {
    let digits = paper.decimals as usize;
    let rounding = paper.rounding();
    let difference = ours.mean - paper.value;
    let beyond_rounding = (difference.abs() - rounding).max(0.0);
    let se = ours.se.map(|s| (s * s + paper.se.map_or(0.0, |p| p * p)).sqrt());
    let ours_text = match ours.se {
        Some(s) if s > 0.0 => format!(
            "{:.prec$} [{:.prec$}, {:.prec$}]",
            ours.mean,
            ours.mean - 1.96 * s,
            ours.mean + 1.96 * s,
            prec = digits + 1
        ),
        // An exact count prints as one; an exact mean with one decimal more than the paper's.
        _ if digits == 0 => format!("{:.0}", ours.mean),
        _ => format!("{:.prec$}", ours.mean, prec = digits + 1),
    };
    let z = se.filter(|&s| s > 0.0).map(|s| difference / s);
    let direction = if difference > 0.0 { "above" } else { "below" };
    let size =
        z.map_or_else(|| "exact values".to_owned(), |z| format!("{:.1} standard errors", z.abs()));
    let mut verdict = Verdict {
        claim,
        ours: ours_text,
        paper: format!("{:.digits$}", paper.value),
        z,
        p: None,
        outcome: Outcome::NotTestable,
        why: String::new(),
        explanation: explained.map(str::to_owned),
        difference: format!(
            "Ours is {:.prec$} {direction} the paper's ({size})",
            difference.abs(),
            prec = if digits == 0 { 0 } else { digits + 1 }
        ),
    };
    match se {
        Some(s) if s > 0.0 => verdict.decide(normal_two_sided_p(beyond_rounding / s)),
        Some(_) => verdict.decide(if beyond_rounding > 0.0 { 0.0 } else { 1.0 }),
        None if beyond_rounding == 0.0 => verdict.outcome = Outcome::Reproduced,
        None => {
            verdict.why = "One sample gives no standard error, and the values differ by more \
                           than the paper's rounding."
                .to_owned();
        }
    }
    verdict
}

/// The verdict on a paper's significance groups: two arms share a group in the paper exactly when
/// they share one here. `paper` and `ours` are each arm's label with its group letters (arms the
/// paper does not group are left out); `explained` is the spec's sentence for a difference.
pub fn compare_groups(
    paper: &[(String, String)],
    ours: &[(String, String)],
    explained: Option<&str>,
) -> Option<Verdict> {
    if paper.len() < 2 {
        return None;
    }
    let letters_of = |list: &[(String, String)], label: &str| {
        list.iter().find(|(l, _)| l == label).map(|(_, g)| g.clone())
    };
    let share = |a: &str, b: &str| a.chars().any(|c| b.contains(c));
    let mut disagreements = Vec::new();
    let mut testable = true;
    for (i, (a, pa)) in paper.iter().enumerate() {
        for (b, pb) in &paper[i + 1..] {
            match (letters_of(ours, a), letters_of(ours, b)) {
                (Some(oa), Some(ob)) if oa != "–" && ob != "–" => {
                    let (theirs, here) = (share(pa, pb), share(&oa, &ob));
                    if theirs != here {
                        let said = if theirs { "together" } else { "apart" };
                        let found = if here { "together" } else { "apart" };
                        disagreements
                            .push(format!("{a} and {b} ({said} in the paper, {found} here)"));
                    }
                }
                _ => testable = false,
            }
        }
    }
    let describe = |list: &[(String, String)]| {
        paper
            .iter()
            .filter_map(|(label, _)| letters_of(list, label).map(|g| format!("{label} {g}")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (outcome, why) = if !testable {
        (Outcome::NotTestable, "Some arms have no significance test here.".to_owned())
    } else if disagreements.is_empty() {
        (Outcome::Reproduced, String::new())
    } else if let Some(reason) = explained {
        (Outcome::Explained, format!("{}: {}", disagreements.join("; "), reason.trim()))
    } else {
        (Outcome::Contradicted, format!("{}.", disagreements.join("; ")))
    };
    Some(Verdict {
        claim: "significance groups".to_owned(),
        ours: describe(ours),
        paper: describe(paper),
        z: None,
        p: None,
        outcome,
        why,
        explanation: explained.map(str::to_owned),
        difference: String::new(),
    })
}

/// The verdict on "a sweep does best between `lo` and `hi`" (fewer is better), from each swept
/// point's `x` and samples: it holds when some point in the range is beaten by no other point,
/// by one-sided Welch tests against every other point, Holm-corrected at [`ALPHA`] (picking the
/// best of many noisy means would otherwise make almost any other point look beaten).
pub fn best_within(
    claim: String,
    points: &[(f64, Vec<f64>)],
    (lo, hi): (f64, f64),
    explained: Option<&str>,
) -> Verdict {
    let points: Vec<&(f64, Vec<f64>)> = points.iter().filter(|(_, s)| !s.is_empty()).collect();
    let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
    let Some((best_x, best)) =
        points.iter().map(|p| (p.0, &p.1)).min_by(|a, b| mean(a.1).total_cmp(&mean(b.1)))
    else {
        return Verdict::statement(
            claim,
            "–".into(),
            Outcome::NotTestable,
            "No point has data.".into(),
        );
    };
    let unbeaten = |x: f64, samples: &[f64]| {
        let p: Vec<f64> = points
            .iter()
            .filter(|(other, _)| *other != x)
            .map(|(_, o)| {
                welch_t_test(o, samples, Alternative::Less).map_or(f64::NAN, |t| t.p_value)
            })
            .collect();
        holm(&p).iter().all(|&adjusted| adjusted.is_nan() || adjusted >= ALPHA)
    };
    let holds = points.iter().any(|(x, s)| (lo..=hi).contains(x) && unbeaten(*x, s));
    let ours = format!("lowest mean at {best_x} ({:.2})", mean(best));
    Verdict::judged(claim, ours, holds, explained, || {
        format!(
            "Every point from {lo} to {hi} is beaten by another point (one-sided Welch tests, \
             Holm-corrected, alpha = {ALPHA}), and the spec gives no reason."
        )
    })
}

/// A spec's verdicts as a table for its section.
pub fn section_table(verdicts: &[Verdict]) -> Table {
    let mut table = Table::new(
        "**Verdicts.** Each claim of the paper that this spec tests, judged from the stored data \
         (see the report's opening for the rules).",
        &["claim", "ours (95% CI)", "paper", "difference (SE)", "p (Holm)", "verdict", "why"],
    );
    for v in verdicts {
        table.row(row(v));
    }
    table
}

/// The cells of one verdict: claim, ours, paper, difference, p-value, outcome, explanation.
pub fn row(v: &Verdict) -> Vec<String> {
    vec![
        v.claim.clone(),
        v.ours.clone(),
        v.paper.clone(),
        v.z.map_or_else(|| "–".to_owned(), |z| format!("{z:+.1}")),
        match v.p {
            Some(p) if p < 1e-4 => format!("{p:.1e}"),
            Some(p) => format!("{p:.4}"),
            None => "–".to_owned(),
        },
        v.outcome.name().to_owned(),
        if v.why.is_empty() { "–".to_owned() } else { v.why.clone() },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(value: f64) -> Printed {
        Printed::new(value, 3)
    }

    #[test]
    fn a_value_within_two_standard_errors_is_reproduced() {
        let ours = Estimate { mean: 4.41, se: Some(0.005) };
        let v = compare("m".into(), ours, printed(4.408), None);
        assert_eq!(v.outcome, Outcome::Reproduced);
        assert!((v.z.unwrap() - 0.4).abs() < 1e-9);
        assert_eq!(v.ours, "4.4100 [4.4002, 4.4198]");
        let far = compare("m".into(), ours, printed(4.470), None);
        assert_eq!(far.outcome, Outcome::Contradicted);
        assert!(far.why.contains("0.0600 below the paper's (12.0 standard errors)"), "{}", far.why);
        let told = compare("m".into(), ours, printed(4.470), Some("Ties differ."));
        assert_eq!((told.outcome, told.why.as_str()), (Outcome::Explained, "Ties differ."));
    }

    #[test]
    fn exact_values_allow_only_the_papers_rounding() {
        let v = compare("total".into(), Estimate::exact(4.4761), printed(4.476), None);
        assert_eq!(v.outcome, Outcome::Reproduced);
        let v = compare("total".into(), Estimate::exact(4.4771), printed(4.476), None);
        assert_eq!(v.outcome, Outcome::Contradicted);
        let one_run = Estimate { mean: 4.5, se: None };
        assert_eq!(compare("m".into(), one_run, printed(4.4), None).outcome, Outcome::NotTestable);
    }

    #[test]
    fn the_papers_standard_error_widens_the_band() {
        let ours = Estimate { mean: 4.40, se: Some(0.003) };
        let tight = compare("m".into(), ours, printed(4.42), None);
        assert_eq!(tight.outcome, Outcome::Contradicted);
        let wide = Printed { se: Some(0.01), ..printed(4.42) };
        assert_eq!(compare("m".into(), ours, wide, None).outcome, Outcome::Reproduced);
    }

    #[test]
    fn holm_keeps_a_lone_borderline_difference_among_many_claims() {
        // z = 2.2 alone is rejected (p = 0.028); among ten claims Holm needs p < 0.005.
        let ours = Estimate { mean: 4.022, se: Some(0.01) };
        let mut family =
            vec![compare("m".into(), ours, Printed { decimals: 4, ..printed(4.0) }, None)];
        assert_eq!(family[0].outcome, Outcome::Contradicted);
        for _ in 0..9 {
            family.push(compare("n".into(), ours, printed(4.022), None));
        }
        judge_family(&mut family);
        assert!(family.iter().all(|v| v.outcome == Outcome::Reproduced), "{family:?}");
        assert!((family[0].p.unwrap() - 10.0 * normal_two_sided_p(2.195)).abs() < 1e-12);
    }

    #[test]
    fn groups_agree_pair_by_pair() {
        let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
        };
        let paper = pairs(&[("E", "a"), ("M", "a"), ("X", "b"), ("W", "b"), ("R", "c")]);
        let same = pairs(&[("E", "a"), ("M", "ab"), ("X", "b"), ("W", "b"), ("R", "c")]);
        // M shares a letter with both E and X here: E-M agree, M-X differ.
        let v = compare_groups(&paper, &same, None).unwrap();
        assert_eq!(v.outcome, Outcome::Contradicted);
        assert!(v.why.contains("M and X (apart in the paper, together here)"), "{}", v.why);
        let exact = pairs(&[("E", "a"), ("M", "a"), ("X", "b"), ("W", "b"), ("R", "c")]);
        assert_eq!(compare_groups(&paper, &exact, None).unwrap().outcome, Outcome::Reproduced);
        let untested = pairs(&[("E", "–"), ("M", "a"), ("X", "b"), ("W", "b"), ("R", "c")]);
        assert_eq!(compare_groups(&paper, &untested, None).unwrap().outcome, Outcome::NotTestable);
    }
}
