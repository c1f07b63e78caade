//! Verdicts: each claim of a paper that a spec can test, judged from the stored data.
//!
//! A claim is a number the paper reports (a mean, with the decimals it prints), a comparison it
//! states between two arms, or a statement the data can check (which arms share a significance
//! group). Its verdict is computed, never typed.
//!
//! A number or a comparison is judged by **equivalence**: the difference between ours and the
//! paper's (or between the two arms) gets a Student-t interval from the standard errors of both
//! sides (the paper's own where it gives an sd or a sample size, ours standing in for a missing
//! sd), and the interval is set against a **margin**: the spec's practical margin, with its
//! reason, never tighter than half a unit of the paper's last printed digit. Two exact values (a
//! deterministic player over every secret against a count) must agree within that rounding.
//! The interval inside the margin: *reproduced*; wholly beyond it: *contradicted*; reaching both:
//! *inconclusive* (more games would decide). A paper's claims form one family: each claim's
//! interval is the two one-sided tests' at `ALPHA / m` each, `m` the paper's number of tested
//! claims (Bonferroni), so a verdict does not depend on the spec a claim sits in.
//!
//! A claim not reproduced under the spec's default reading, but reproduced by an arm of the same
//! spec that plays another reading of the paper (see [`Reading`]),
//! is an *explained difference*: measured, and named by its arm. A sentence the spec gives
//! without an arm to measure it is a *hypothesis*, shown beside the verdict and never changing
//! it.

mod numbers;
mod statements;
mod tables;

pub use numbers::{Estimate, Printed, compare, compare_bootstrapped};
pub use statements::{best_within, compare_groups};
pub use tables::{HEADER, row, section_table, sensitivity_table};

use crate::judging::Reading;
use mastermind_stats::equivalence::{Difference, Equivalence, Interval, bonferroni};
use numbers::percentile_interval;
/// How a contradicted claim says that every other reading an arm plays contradicts it too.
const EVERY_READING: &str = "Contradicted under every reading tried";
/// How a contradicted claim says that no other reading an arm plays reproduces it, though one
/// or more leave it undecided (inconclusive, or not testable): it is not contradicted under
/// those.
const NO_READING: &str = "Reproduced under no reading tried";
/// How a contradicted claim says that the spec finds no other reading of the paper for it.
const NO_OTHER: &str = "No other reading of the paper applies";

/// The family-wise level of each paper's claims.
pub const ALPHA: f64 = 0.05;

/// How a claim fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The interval of the difference lies inside the margin (or the statement holds).
    Reproduced,
    /// Not reproduced under the default reading, reproduced under another reading that an arm
    /// of the spec plays.
    Explained,
    /// The interval reaches both inside and beyond the margin: more data would decide.
    Inconclusive,
    /// The interval lies beyond the margin (or the statement fails).
    Contradicted,
    /// The data cannot decide (a single sample, or no data).
    NotTestable,
}

impl Outcome {
    /// Every outcome, in the order of the summary table's columns.
    pub const ALL: [Outcome; 5] = [
        Outcome::Reproduced,
        Outcome::Explained,
        Outcome::Inconclusive,
        Outcome::Contradicted,
        Outcome::NotTestable,
    ];

    /// The outcome as the report writes it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Reproduced => "reproduced",
            Outcome::Explained => "explained (measured)",
            Outcome::Inconclusive => "inconclusive",
            Outcome::Contradicted => "contradicted",
            Outcome::NotTestable => "not testable",
        }
    }
}

/// What a claim says of a difference (ours minus the paper's, or the first arm minus the second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claimed {
    /// Ours equals the paper's number (within the margin).
    Equal,
    /// Two arms are not significantly different: shown by equivalence within the margin.
    NotDifferent,
    /// Two arms differ significantly (either direction).
    Different,
    /// The first arm needs significantly fewer guesses.
    Fewer,
    /// The first arm does not need fewer guesses: any advantage lies within the margin.
    NotFewer,
}

/// The test behind a claim: the difference, and the margin it is judged against.
#[derive(Debug, Clone, PartialEq)]
pub struct Test {
    /// What the claim says of the difference.
    pub claimed: Claimed,
    /// The difference and its standard error.
    pub difference: Difference,
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
    /// The paper's own standard error and its degrees of freedom, where it has one: what no
    /// number of our games can shrink.
    pub paper_error: Option<(f64, Option<f64>)>,
}

impl Test {
    /// The outcome at one-sided level `alpha`, with the interval it was read from.
    fn judge(&self, alpha: f64) -> (Outcome, Interval) {
        let interval = match &self.bootstrap {
            Some(replicates) => percentile_interval(replicates, alpha),
            None => self.difference.interval(alpha),
        };
        let m = self.margin;
        if self.censored.is_some_and(|share| share > 0.0) {
            let outcome =
                if interval.above(m) { Outcome::Contradicted } else { Outcome::Inconclusive };
            return (outcome, interval);
        }
        let outcome = match self.claimed {
            Claimed::Equal | Claimed::NotDifferent => match interval.against(m) {
                Equivalence::Inside => Outcome::Reproduced,
                Equivalence::Outside => Outcome::Contradicted,
                Equivalence::Straddles => Outcome::Inconclusive,
            },
            Claimed::Different if interval.above(0.0) || interval.below(0.0) => Outcome::Reproduced,
            Claimed::Different if interval.against(m) == Equivalence::Inside => {
                Outcome::Contradicted
            }
            Claimed::Fewer if interval.below(0.0) => Outcome::Reproduced,
            Claimed::Fewer if interval.lower >= -m => Outcome::Contradicted,
            Claimed::NotFewer if interval.lower >= -m => Outcome::Reproduced,
            Claimed::NotFewer if interval.below(-m) => Outcome::Contradicted,
            _ => Outcome::Inconclusive,
        };
        (outcome, interval)
    }

    /// The sentence that says why a claim is not reproduced.
    fn why(&self, outcome: Outcome, interval: &Interval) -> String {
        let d = self.digits;
        let range = format!("[{:+.d$}, {:+.d$}]", interval.lower, interval.upper);
        let level = 100.0 * (1.0 - 2.0 * interval.alpha);
        let margin = format!("±{:.m$}", self.margin, m = d.max(1));
        if let Some(share) = self.censored.filter(|&s| s > 0.0) {
            let capped = format!(
                "{:.1}% of the runs stopped at the cap, so ours is a lower bound",
                100.0 * share
            );
            return match outcome {
                Outcome::Contradicted => format!(
                    "{capped}, and even that lies beyond the margin {margin}: the {level:.2}% \
                     interval of the difference is {range}."
                ),
                _ => format!(
                    "{capped}: the true difference is at least {range} ({level:.2}%), which the \
                     margin {margin} cannot decide; a higher cap would."
                ),
            };
        }
        match (outcome, self.claimed) {
            (Outcome::Reproduced, _) => String::new(),
            (_, Claimed::Equal) if self.difference.se == 0.0 => format!(
                "Exact values: ours is {:.d$} {} the paper's, beyond its rounding {margin}.",
                self.difference.estimate.abs(),
                if self.difference.estimate > 0.0 { "above" } else { "below" },
            ),
            (Outcome::Contradicted, Claimed::Equal | Claimed::NotDifferent) => format!(
                "The {level:.2}% interval of the difference, {range}, lies beyond the margin \
                 {margin}."
            ),
            (Outcome::Contradicted, Claimed::Fewer) => format!(
                "The first arm does not need fewer guesses by more than the margin: the \
                 {level:.2}% interval {range} lies above -{:.m$}.",
                self.margin,
                m = d.max(1)
            ),
            (Outcome::Contradicted, Claimed::Different) => format!(
                "No difference beyond the margin: the {level:.2}% interval {range} lies within \
                 {margin}."
            ),
            (Outcome::Contradicted, Claimed::NotFewer) => format!(
                "The first arm needs fewer guesses by more than the margin: the {level:.2}% \
                 interval {range} lies below -{:.m$}.",
                self.margin,
                m = d.max(1)
            ),
            _ => {
                // With ours exact, would the paper's own error still straddle the margin?
                let floor = self.paper_error.map_or(0.0, |(se, df)| {
                    mastermind_stats::equivalence::quantile(1.0 - interval.alpha, df) * se
                });
                let estimate = self.difference.estimate.abs();
                if floor > 0.0 && estimate + floor > self.margin && estimate - floor < self.margin {
                    format!(
                        "The {level:.2}% interval of the difference, {range}, reaches both inside \
                         and beyond the margin {margin}, and the paper's own standard error alone \
                         (±{floor:.d$} at this level) would keep it there: no number of our games \
                         can decide it."
                    )
                } else {
                    format!(
                        "The {level:.2}% interval of the difference, {range}, reaches both inside \
                         and beyond the margin {margin}: more games would decide."
                    )
                }
            }
        }
    }
}

/// The arm a verdict belongs to, where the spec names the reading of the paper it plays.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingTag {
    /// The reading's name.
    pub name: String,
    /// The arm that plays it.
    pub arm: String,
    /// Which sentence of the paper supports it.
    pub because: String,
    /// Whether this is an alternative reading (judged against another arm's paper numbers and
    /// shown in the sensitivity table only) rather than the default one.
    pub alternative: bool,
}

impl ReadingTag {
    /// The tag of `arm` playing `reading`.
    pub fn of(arm: &str, reading: &Reading) -> ReadingTag {
        ReadingTag {
            name: reading.name.to_string(),
            arm: arm.to_owned(),
            because: reading.because.to_string(),
            alternative: reading.of.is_some(),
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
    /// The paper's value as it prints it (or `holds` for a statement).
    pub paper: String,
    /// The test behind a number or a comparison (none for a statement).
    pub test: Option<Test>,
    /// The interval the outcome was read from, once judged.
    pub interval: Option<Interval>,
    /// The verdict.
    pub outcome: Outcome,
    /// One sentence where the claim is not reproduced (empty otherwise).
    pub why: String,
    /// The spec's unmeasured hypothesis for a difference, if it gives one.
    pub hypothesis: Option<String>,
    /// The reading of the paper the claim's arm plays, where the spec names one.
    pub reading: Option<ReadingTag>,
    /// The paper's table this claim repeats, where the spec says so: judged, but counted where
    /// it is first made.
    pub cites: Option<String>,
    /// Why no other reading of the paper applies to this claim, where the spec says so (shown
    /// in its sensitivity table).
    pub no_other_reading: Option<String>,
}

impl Verdict {
    /// A statement's verdict (decided elsewhere): the paper's words, ours, the outcome and its
    /// sentence.
    pub fn statement(claim: String, ours: String, outcome: Outcome, why: String) -> Verdict {
        Verdict {
            claim,
            ours,
            paper: "holds".to_owned(),
            test: None,
            interval: None,
            outcome,
            why,
            hypothesis: None,
            reading: None,
            cites: None,
            no_other_reading: None,
        }
    }

    /// A statement's verdict from whether it `holds` here: reproduced if it does, contradicted
    /// with `why_not` if not; `hypothesis` is the spec's unmeasured reason, shown beside it.
    pub fn judged(
        claim: String,
        ours: String,
        holds: bool,
        hypothesis: Option<&str>,
        why_not: impl FnOnce() -> String,
    ) -> Verdict {
        let mut verdict = if holds {
            Verdict::statement(claim, ours, Outcome::Reproduced, String::new())
        } else {
            Verdict::statement(claim, ours, Outcome::Contradicted, why_not())
        };
        verdict.hypothesis = hypothesis.map(|h| h.trim().to_owned());
        verdict
    }

    /// A comparison's verdict: `claimed` of `difference` (first arm minus second), against
    /// `margin`. Undecided until [`judge_family`] (or [`Verdict::decide`]) runs.
    pub fn comparison(
        claim: String,
        ours: String,
        claimed: Claimed,
        difference: Difference,
        (margin, margin_reason): (f64, String),
    ) -> Verdict {
        let test = Test {
            claimed,
            difference,
            margin,
            margin_reason,
            digits: 3,
            censored: None,
            bootstrap: None,
            paper_error: None,
        };
        Verdict {
            test: Some(test),
            ..Verdict::statement(claim, ours, Outcome::NotTestable, String::new())
        }
    }

    /// Adds the spec's unmeasured hypothesis for a difference.
    pub fn with_hypothesis(mut self, hypothesis: Option<&str>) -> Verdict {
        self.hypothesis = hypothesis.map(|h| h.trim().to_owned()).filter(|h| !h.is_empty());
        self
    }

    /// Marks the claim's samples as censored: `share` of them stopped at a cap, so ours is a
    /// lower bound (the median, where fewer than half are capped, is shown beside it).
    pub fn censored(mut self, share: f64, median: f64) -> Verdict {
        if share > 0.0 {
            if let Some(test) = &mut self.test {
                test.censored = Some(share);
            }
            let median =
                if share >= 0.5 { "at the cap".to_owned() } else { format!("{median:.0}") };
            self.ours = format!("≥ {} (median {median}; {:.1}% capped)", self.ours, 100.0 * share);
        }
        self
    }

    /// Marks the claim as a repetition of one the paper makes in `table` (counted there).
    pub fn citing(mut self, table: Option<&str>) -> Verdict {
        if let Some(table) = table {
            self.claim = format!("{} (cites {table})", self.claim);
            self.cites = Some(table.to_owned());
        }
        self
    }

    /// Tags the verdict with the reading its arm plays.
    pub fn with_reading(mut self, reading: Option<ReadingTag>) -> Verdict {
        self.reading = reading;
        self
    }

    /// Whether the verdict is one of the spec's own claims (not an alternative reading's).
    pub fn is_claim(&self) -> bool {
        !self.reading.as_ref().is_some_and(|r| r.alternative)
    }

    /// Decides a tested claim at one-sided level `alpha` per side; a statement keeps its outcome.
    pub fn decide(&mut self, alpha: f64) {
        let Some(test) = &self.test else { return };
        let (outcome, interval) = test.judge(alpha);
        self.why = test.why(outcome, &interval);
        self.outcome = outcome;
        self.interval = Some(interval);
    }
}

/// Judges one spec's claims as a family: [`decide_family`], then [`name_readings`].
pub fn judge_family(verdicts: &mut [&mut Verdict]) {
    decide_family(verdicts);
    name_readings(verdicts, &[]);
}

/// Decides one paper's claims as a family: every tested claim (and every alternative reading's)
/// at `ALPHA / m` per side, `m` the number of the paper's own claims with a sampling error.
pub fn decide_family(verdicts: &mut [&mut Verdict]) {
    // Exact values have no sampling error, so they take no share of the level.
    let sampled = |v: &Verdict| v.test.as_ref().is_some_and(|t| t.difference.se > 0.0);
    let tested =
        verdicts.iter().filter(|v| v.is_claim() && v.cites.is_none() && sampled(v)).count();
    let alpha = bonferroni(ALPHA, tested);
    for v in verdicts.iter_mut() {
        v.decide(alpha);
    }
}

/// Names, within one spec, what its other readings give: a claim not reproduced under its
/// default reading but reproduced under an alternative one becomes an explained difference,
/// naming the reading and its arm; a contradicted claim lists every reading tried. Readings
/// are matched by claim text, which is unique within a spec but not across a paper's specs
/// (two tables may both claim "with subset: mean guesses"); `cited` adds the readings that
/// other specs try of this spec's table (their claims cite it), already matched to its text.
pub fn name_readings(verdicts: &mut [&mut Verdict], cited: &[Verdict]) {
    // Only the alternative readings are read here, and only the claims are changed below.
    let readings: Vec<&Verdict> =
        verdicts.iter().map(|v| &**v).chain(cited).filter(|v| !v.is_claim()).collect();
    let reproduced_readings: Vec<(String, ReadingTag)> = readings
        .iter()
        .filter(|v| v.outcome == Outcome::Reproduced)
        .filter_map(|v| v.reading.clone().map(|r| (v.claim.clone(), r)))
        .collect();
    let alternatives: Vec<(String, String, Outcome)> = readings
        .iter()
        .filter_map(|v| v.reading.as_ref().map(|r| (v.claim.clone(), r.name.clone(), v.outcome)))
        .collect();
    for v in verdicts.iter_mut().filter(|v| v.is_claim()) {
        if !matches!(v.outcome, Outcome::Contradicted | Outcome::Inconclusive) {
            continue;
        }
        if let Some((_, r)) = reproduced_readings.iter().find(|(claim, _)| *claim == v.claim) {
            v.why = format!(
                "Reproduced under the reading \"{}\" (arm {}). Under the default: {}",
                r.name, r.arm, v.why
            );
            v.outcome = Outcome::Explained;
        }
    }
    // A contradicted claim says what the other readings gave: none reproduces it, and whether
    // every one contradicts it or some leave it undecided.
    for v in verdicts.iter_mut().filter(|v| v.is_claim() && v.outcome == Outcome::Contradicted) {
        let tried: Vec<(&str, Outcome)> = alternatives
            .iter()
            .filter(|(claim, _, _)| *claim == v.claim)
            .map(|(_, name, outcome)| (name.as_str(), *outcome))
            .collect();
        // A statement keeps its sentence when the family is judged again: say it once.
        if !tried.is_empty() && !names_readings(&v.why) {
            let sentence = if tried.iter().all(|(_, o)| *o == Outcome::Contradicted) {
                EVERY_READING
            } else {
                NO_READING
            };
            let listed: Vec<String> =
                tried.iter().map(|(name, outcome)| format!("{name}: {}", outcome.name())).collect();
            v.why =
                format!("{} {sentence} ({}; see the sensitivity table).", v.why, listed.join("; "));
        } else if tried.is_empty() && v.no_other_reading.is_some() && !v.why.contains(NO_OTHER) {
            v.why = format!("{} {NO_OTHER} (the sensitivity table says why).", v.why);
        }
    }
}

/// Marks the claims the spec says no other reading of the paper applies to, with its reason.
/// An entry that names no claim of the spec is an error naming the claims there are, so that a
/// renamed claim cannot silently lose its reason.
pub fn mark_single_readings(
    verdicts: &mut [Verdict],
    entries: &[crate::judging::NoOtherReading],
) -> Result<(), String> {
    for entry in entries {
        let mut found = false;
        for v in verdicts.iter_mut().filter(|v| v.is_claim() && v.claim == entry.claim.as_str()) {
            v.no_other_reading = Some(entry.because.as_str().trim().to_owned());
            found = true;
        }
        if !found {
            let claims: Vec<&str> =
                verdicts.iter().filter(|v| v.is_claim()).map(|v| v.claim.as_str()).collect();
            return Err(format!(
                "judging.no_other_reading names the claim {:?}, which this spec does not make; \
                 its claims are: {}",
                entry.claim.as_str(),
                claims.join(" | ")
            ));
        }
    }
    Ok(())
}

/// Whether a claim is contradicted with neither an arm of another reading (in its spec, or in a
/// spec citing its table, which [`name_readings`] has listed) nor the spec's reason why no other
/// reading applies: a disagreement nobody has chased down.
pub fn unchased(verdicts: &[Verdict]) -> Vec<&Verdict> {
    verdicts
        .iter()
        .filter(|v| v.is_claim() && v.outcome == Outcome::Contradicted)
        .filter(|v| v.no_other_reading.is_none())
        .filter(|v| !verdicts.iter().any(|o| !o.is_claim() && o.claim == v.claim))
        .filter(|v| !names_readings(&v.why))
        .collect()
}

/// Whether a claim's explanation already lists the other readings tried ([`name_readings`]).
fn names_readings(why: &str) -> bool {
    why.contains(EVERY_READING) || why.contains(NO_READING)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::Margin;

    fn label(text: &str) -> crate::values::Label {
        text.to_owned().try_into().unwrap()
    }

    fn finite(value: f64) -> crate::values::Finite {
        value.try_into().unwrap()
    }

    fn printed(value: f64) -> Printed {
        Printed::new(value, 3)
    }

    fn margin(absolute: f64) -> Margin {
        Margin { absolute: Some(finite(absolute)), relative: None, because: label("test") }
    }

    fn decided(mut v: Verdict, alpha: f64) -> Verdict {
        v.decide(alpha);
        v
    }

    fn run_means(mean: f64, se: f64) -> Estimate {
        Estimate { mean, se: Some(se), df: Some(9.0) }
    }

    #[test]
    fn a_value_inside_the_margin_is_reproduced_and_one_beyond_it_contradicted() {
        let ours = run_means(4.41, 0.004);
        let judge = |paper: f64| {
            decided(compare("m".into(), ours, printed(paper), Some(&margin(0.02))), 0.05)
        };
        let v = judge(4.408);
        assert_eq!(v.outcome, Outcome::Reproduced);
        assert_eq!(v.ours, "4.4100 [4.4022, 4.4178]");
        let far = judge(4.470);
        assert_eq!(far.outcome, Outcome::Contradicted);
        assert!(far.why.contains("lies beyond the margin ±0.0200"), "{}", far.why);
        let near = judge(4.428);
        assert_eq!(near.outcome, Outcome::Inconclusive, "{near:?}");
        assert!(near.why.contains("more games would decide"));
    }

    #[test]
    fn a_t_interval_decides_few_runs_more_cautiously_than_a_normal_one() {
        let paper = printed(4.428);
        let t =
            decided(compare("m".into(), run_means(4.41, 0.004), paper, Some(&margin(0.03))), 0.05);
        let normal = Estimate { df: None, ..run_means(4.41, 0.004) };
        let z = decided(compare("m".into(), normal, paper, Some(&margin(0.03))), 0.05);
        assert!(t.interval.unwrap().lower < z.interval.unwrap().lower);
    }

    #[test]
    fn a_hypothesis_never_changes_a_verdict() {
        let v = compare("m".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)))
            .with_hypothesis(Some("Ties differ."));
        let v = decided(v, 0.05);
        assert_eq!(v.outcome, Outcome::Contradicted);
        assert_eq!(v.hypothesis.as_deref(), Some("Ties differ."));
    }

    #[test]
    fn exact_values_allow_only_the_papers_rounding() {
        let wide = margin(0.1);
        let judge = |ours: f64| {
            decided(compare("t".into(), Estimate::exact(ours), printed(4.476), Some(&wide)), 0.05)
                .outcome
        };
        assert_eq!(judge(4.4761), Outcome::Reproduced);
        assert_eq!(judge(4.4771), Outcome::Contradicted);
        let one_run = Estimate { mean: 4.5, se: None, df: None };
        assert_eq!(compare("m".into(), one_run, printed(4.4), None).outcome, Outcome::NotTestable);
    }

    #[test]
    fn a_censored_mean_is_a_lower_bound_and_never_reproduces() {
        let about = Printed { unit: Some(100.0), ..Printed::new(6400.0, 0) };
        let margin = Margin { absolute: None, relative: Some(finite(0.1)), because: label("test") };
        let judge = |mean: f64, share: f64| {
            let ours = Estimate { mean, se: Some(50.0), df: Some(999.0) };
            let v = compare("w".into(), ours, about, Some(&margin)).censored(share, mean);
            decided(v, 0.05)
        };
        // Capped runs only make the true mean larger: far above is still contradicted.
        let far = judge(19_800.0, 0.987);
        assert_eq!(far.outcome, Outcome::Contradicted);
        assert!(far.ours.contains("98.7% capped"), "{}", far.ours);
        // On the paper's number, a lower bound cannot show agreement.
        assert_eq!(judge(6_400.0, 0.02).outcome, Outcome::Inconclusive);
        assert_eq!(judge(6_400.0, 0.0).outcome, Outcome::Reproduced);
    }

    #[test]
    fn a_threshold_is_judged_on_the_percentiles_of_its_bootstrap() {
        let grid = Printed { unit: Some(100.0), ..Printed::new(400.0, 0) };
        // Noise decides the threshold: half the replicates land on 400, half on 500.
        let noisy: Vec<f64> = (0..1000).map(|i| if i % 2 == 0 { 400.0 } else { 500.0 }).collect();
        let v = decided(compare_bootstrapped("t".into(), 500.0, &noisy, grid, None), 0.05);
        assert_eq!(v.outcome, Outcome::Inconclusive, "{v:?}");
        assert!(v.ours.contains("bootstrap"), "{}", v.ours);
        // Every replicate at 400: reproduced; every one at 700: contradicted.
        let at = |x: f64| vec![x; 1000];
        let v = decided(compare_bootstrapped("t".into(), 400.0, &at(400.0), grid, None), 0.05);
        assert_eq!(v.outcome, Outcome::Reproduced);
        let v = decided(compare_bootstrapped("t".into(), 700.0, &at(700.0), grid, None), 0.05);
        assert_eq!(v.outcome, Outcome::Contradicted);
    }

    #[test]
    fn an_undecided_claim_says_when_only_the_paper_could_decide_it() {
        // Ten run means on each side, the paper's sd printed: Runarsson & Merelo's tables.
        let paper = printed(4.400).with_sample(Some(0.012), 10);
        let judge = |mean: f64| {
            let v = compare("m".into(), run_means(mean, 0.0038), paper, Some(&margin(0.022)));
            decided(v, 0.00125)
        };
        let near = judge(4.41);
        assert_eq!(near.outcome, Outcome::Inconclusive);
        assert!(near.why.contains("no number of our games can decide it"), "{}", near.why);
        let close = judge(4.404);
        assert_eq!(close.outcome, Outcome::Inconclusive);
        assert!(close.why.contains("more games would decide"), "{}", close.why);
    }

    #[test]
    fn a_margin_is_never_tighter_than_the_rounding() {
        let about = Printed { unit: Some(100.0), ..Printed::new(6400.0, 0) };
        let ours = Estimate { mean: 6000.0, se: Some(100.0), df: None };
        let v = compare("m".into(), ours, about, Some(&margin(1.0)));
        assert_eq!(v.test.unwrap().margin, 50.0);
    }

    #[test]
    fn without_an_sd_the_papers_sample_size_and_our_sd_give_its_error() {
        // Temporel & Kovacs print no sd and no number of games: the spec assumes one.
        let ours = Estimate { mean: 6.30, se: Some(0.01), df: Some(999.0) };
        let alone = compare("m".into(), ours, printed(6.33), Some(&margin(0.05)));
        let assumed = printed(6.33).with_sample(ours.sd(), 1000);
        let both = compare("m".into(), ours, assumed, Some(&margin(0.05)));
        let (alone, both) = (decided(alone, 0.05), decided(both, 0.05));
        assert_eq!(alone.outcome, Outcome::Reproduced, "{alone:?}");
        assert_eq!(both.outcome, Outcome::Inconclusive, "{both:?}");
        assert!((ours.sd().unwrap() - 0.01 * 1000f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn a_verdict_does_not_depend_on_how_many_claims_share_its_spec() {
        // The family is the paper: the same claims split over one spec or three judge alike.
        let ours = Estimate { mean: 4.022, se: Some(0.005), df: Some(99.0) };
        let claim = |value: f64| compare("m".into(), ours, printed(value), Some(&margin(0.01)));
        let claims: Vec<Verdict> = [4.0, 4.02, 4.03, 4.05, 4.01].map(claim).to_vec();
        let mut together = claims.clone();
        judge_family(&mut together.iter_mut().collect::<Vec<_>>());
        let (mut a, mut b, mut c) =
            (claims[..1].to_vec(), claims[1..3].to_vec(), claims[3..].to_vec());
        let mut paper: Vec<&mut Verdict> =
            a.iter_mut().chain(b.iter_mut()).chain(c.iter_mut()).collect();
        judge_family(&mut paper);
        let split: Vec<Verdict> = a.into_iter().chain(b).chain(c).collect();
        let outcomes = |v: &[Verdict]| v.iter().map(|v| v.outcome).collect::<Vec<_>>();
        assert_eq!(outcomes(&together), outcomes(&split));
        // Bonferroni over five: each side at 0.01.
        assert!((together[0].interval.unwrap().alpha - 0.01).abs() < 1e-12);
    }

    #[test]
    fn a_reading_that_reproduces_explains_the_default_and_is_named() {
        let default =
            compare("E: mean".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)));
        let reading = Reading {
            of: Some(label("E")),
            name: label("pooled prior"),
            because: label("sec. II"),
        };
        let other =
            compare("E: mean".into(), run_means(4.468, 0.004), printed(4.470), Some(&margin(0.02)))
                .with_reading(Some(ReadingTag::of("E pooled", &reading)));
        let mut both = [default, other];
        judge_family(&mut both.iter_mut().collect::<Vec<_>>());
        assert_eq!(both[0].outcome, Outcome::Explained);
        assert!(both[0].why.contains("\"pooled prior\" (arm E pooled)"), "{}", both[0].why);
        assert_eq!(both[1].outcome, Outcome::Reproduced);
        // Only the spec's own claim is listed; the reading is in the sensitivity table.
        assert_eq!(section_table(&both).rows.len(), 1);
        assert_eq!(sensitivity_table(&both).unwrap().rows.len(), 2);
    }

    #[test]
    fn a_contradiction_names_every_reading_tried_or_the_reason_none_applies() {
        let claim = || {
            compare("E: mean".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)))
        };
        let reading =
            Reading { of: Some(label("E")), name: label("pooled prior"), because: label("II") };
        let other =
            compare("E: mean".into(), run_means(4.62, 0.004), printed(4.470), Some(&margin(0.02)))
                .with_reading(Some(ReadingTag::of("E pooled", &reading)));
        let mut tried = [claim(), other];
        // Judged twice (alone, then with its paper): the sentence is said once.
        judge_family(&mut tried.iter_mut().collect::<Vec<_>>());
        judge_family(&mut tried.iter_mut().collect::<Vec<_>>());
        assert_eq!(tried[0].outcome, Outcome::Contradicted);
        assert_eq!(tried[0].why.matches(EVERY_READING).count(), 1, "{}", tried[0].why);
        assert!(tried[0].why.contains("pooled prior: contradicted"), "{}", tried[0].why);
        assert!(unchased(&tried).is_empty());

        // A reading that leaves the claim undecided does not contradict it: the sentence says
        // only that no reading reproduces it.
        let noisy =
            Reading { of: Some(label("E")), name: label("fewer runs"), because: label("II") };
        let undecided =
            compare("E: mean".into(), run_means(4.47, 0.05), printed(4.470), Some(&margin(0.02)))
                .with_reading(Some(ReadingTag::of("E noisy", &noisy)));
        let mut mixed = [claim(), tried[1].clone(), undecided];
        judge_family(&mut mixed.iter_mut().collect::<Vec<_>>());
        judge_family(&mut mixed.iter_mut().collect::<Vec<_>>());
        assert_eq!(mixed[0].outcome, Outcome::Contradicted);
        assert_eq!(mixed[2].outcome, Outcome::Inconclusive);
        assert!(!mixed[0].why.contains(EVERY_READING), "{}", mixed[0].why);
        assert_eq!(mixed[0].why.matches(NO_READING).count(), 1, "{}", mixed[0].why);
        assert!(mixed[0].why.contains("pooled prior: contradicted"), "{}", mixed[0].why);
        assert!(mixed[0].why.contains("fewer runs: inconclusive"), "{}", mixed[0].why);
        assert!(unchased(&mixed).is_empty());

        // Alone, the contradiction is unchased until the spec says why no reading applies.
        let mut alone = [claim()];
        judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
        assert_eq!(unchased(&alone).len(), 1);
        assert!(sensitivity_table(&alone).is_none());
        let entry = |claim: &str| crate::judging::NoOtherReading {
            claim: label(claim),
            because: label("The paper defines E once."),
        };
        let error = mark_single_readings(&mut alone, &[entry("E: means")]).unwrap_err();
        assert!(error.contains("its claims are: E: mean"), "{error}");
        mark_single_readings(&mut alone, &[entry("E: mean")]).unwrap();
        assert!(unchased(&alone).is_empty());
        judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
        judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
        assert_eq!(alone[0].why.matches(NO_OTHER).count(), 1, "{}", alone[0].why);
        let table = sensitivity_table(&alone).unwrap();
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[1][1], "no other reading applies");
        assert_eq!(table.rows[1][6], "The paper defines E once.");
    }

    /// A comparison of two arms whose difference is `estimate` (standard error 0.01, margin
    /// 0.02), judged alone at alpha = 0.05.
    fn judged_comparison(claimed: Claimed, estimate: f64) -> Verdict {
        let difference = Difference { estimate, se: 0.01, df: Some(18.0) };
        let margin = (0.02, "test".to_owned());
        decided(Verdict::comparison("c".into(), String::new(), claimed, difference, margin), 0.05)
    }

    #[test]
    fn a_contradicted_comparison_says_where_its_interval_lies() {
        let why = |claimed, estimate| {
            let v = judged_comparison(claimed, estimate);
            assert_eq!(v.outcome, Outcome::Contradicted);
            v.why
        };
        // Fewer claimed, the first arm needs more: its interval is above -margin, not within it.
        let fewer = why(Claimed::Fewer, 0.04);
        assert!(fewer.starts_with("The first arm does not need fewer guesses"), "{fewer}");
        assert!(fewer.contains("lies above -0.020."), "{fewer}");
        let different = why(Claimed::Different, 0.0);
        assert!(different.contains("lies within ±0.020."), "{different}");
    }

    #[test]
    fn comparisons_have_three_outcomes() {
        let judge = |claimed, estimate| judged_comparison(claimed, estimate).outcome;
        assert_eq!(judge(Claimed::Fewer, -0.05), Outcome::Reproduced);
        assert_eq!(judge(Claimed::Fewer, 0.01), Outcome::Contradicted);
        assert_eq!(judge(Claimed::Fewer, -0.015), Outcome::Inconclusive);
        assert_eq!(judge(Claimed::NotDifferent, 0.0), Outcome::Reproduced);
        assert_eq!(judge(Claimed::NotDifferent, 0.01), Outcome::Inconclusive);
        assert_eq!(judge(Claimed::NotDifferent, 0.06), Outcome::Contradicted);
        assert_eq!(judge(Claimed::NotFewer, 0.03), Outcome::Reproduced);
        assert_eq!(judge(Claimed::NotFewer, -0.06), Outcome::Contradicted);
        assert_eq!(judge(Claimed::Different, 0.05), Outcome::Reproduced);
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
