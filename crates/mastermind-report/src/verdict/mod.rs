//! Verdicts: each claim of a paper that a spec can test, judged from the stored data.
//!
//! A claim is a number the paper reports (a mean, with the decimals it prints), a comparison it
//! states between two arms, or a claim made of such comparisons (which arms share a significance
//! group, which point of a sweep is best). Its verdict is computed, never typed.
//!
//! A number or a comparison is judged against a **margin** (the spec's practical margin, with its
//! reason, never tighter than half a unit of the paper's last printed digit) by the one rule of
//! [`test`]: an equality by equivalence, a difference, "fewer" or "not fewer" by where the
//! interval lies against the margin, so that no claim is ever decided by a test that merely fails
//! to reject, and none can flip between reproduced and contradicted as our games grow. The
//! interval is the Student-t interval of the difference from the standard errors of both sides:
//! ours, and the paper's own where the paper states its sample size (its sd where it prints one,
//! ours standing in where it does not; a paper that states no sample size is judged as a point,
//! and the verdict says so). A paper's claims form one family: each claim's interval is the two
//! one-sided tests' at `ALPHA / m` each, `m` the paper's number of tested claims (Bonferroni), so
//! a verdict does not depend on the spec a claim sits in.
//!
//! Six outcomes ([`Outcome`]): *reproduced*, *explained* (reproduced under another reading an arm
//! plays), *agrees within the paper's precision* (not significantly different, and the paper's
//! own error alone wider than the margin: no replication could reproduce it), *inconclusive*
//! (with which way it leans and how many games would decide it), *contradicted*, *not testable*.
//!
//! A verdict's parts are data ([`Verdict`]: the test or the parts, the outcome, the lean, the
//! games needed, the readings tried); its sentence is rendered from them ([`Verdict::why`]). A
//! sentence the spec gives without an arm to measure it is a *hypothesis*, shown beside the
//! verdict and never changing it.

mod numbers;
mod parts;
mod power;
mod render;
mod statements;
mod tables;
mod test;
mod wording;

pub use numbers::{Estimate, Printed, compare, compare_bootstrapped};
pub use parts::{Part, Parts, Rule};
pub use power::{DEFAULT_CAP, Needed};
pub use statements::{ArmSamples, MarginOf, best_within, compare_groups, sides};
pub use tables::{HEADER, row, section_table, sensitivity_table};
pub use test::{Claimed, PaperPrecision, Side, Test, decide};
pub use wording::Wording;

use crate::judging::Reading;
use mastermind_stats::equivalence::{Difference, Interval, bonferroni};

/// The family-wise level of each paper's claims.
pub const ALPHA: f64 = 0.05;

/// How a claim fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The interval of the difference lies inside the margin (or beyond it, for a claimed
    /// difference), or every part of the claim holds.
    Reproduced,
    /// Not reproduced under the default reading, reproduced under another reading that an arm
    /// of the spec plays.
    Explained,
    /// Not significantly different from the paper's number, and the paper's own error alone
    /// gives an interval wider than the margin: no number of our games could reproduce it.
    /// Counted apart, never as reproduced.
    WithinPaperPrecision,
    /// The interval reaches both inside and beyond the margin: more games might decide.
    Inconclusive,
    /// The interval lies beyond the margin (or inside it, for a claimed difference), or some part
    /// of the claim fails.
    Contradicted,
    /// The data cannot decide (a single sample, or no data).
    NotTestable,
}

impl Outcome {
    /// Every outcome, in the order of the summary table's columns.
    pub const ALL: [Outcome; 6] = [
        Outcome::Reproduced,
        Outcome::Explained,
        Outcome::WithinPaperPrecision,
        Outcome::Inconclusive,
        Outcome::Contradicted,
        Outcome::NotTestable,
    ];

    /// The outcome as the report writes it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Reproduced => "reproduced",
            Outcome::Explained => "explained (measured)",
            Outcome::WithinPaperPrecision => "agrees within the paper's precision",
            Outcome::Inconclusive => "inconclusive",
            Outcome::Contradicted => "contradicted",
            Outcome::NotTestable => "not testable",
        }
    }
}

/// Which way an inconclusive interval leans: whether it excludes zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lean {
    /// The interval includes zero: not significantly different.
    NoDifference,
    /// The interval lies above zero: ours (or the first arm) significantly above.
    Above,
    /// The interval lies below zero: ours (or the first arm) significantly below.
    Below,
}

impl Lean {
    /// The lean of an interval.
    pub fn of(interval: &Interval) -> Lean {
        if interval.lower > 0.0 {
            Lean::Above
        } else if interval.upper < 0.0 {
            Lean::Below
        } else {
            Lean::NoDifference
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

/// The other readings a claim was tried under, once its paper is judged.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Readings {
    /// The reading that reproduces a claim the default reading does not, with the default's
    /// outcome (the claim is then *explained*).
    pub explained_by: Option<(ReadingTag, Outcome)>,
    /// Every other reading tried of a contradicted claim, with its outcome.
    pub tried: Vec<(String, Outcome)>,
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
    /// The test behind a number or a comparison.
    pub test: Option<Test>,
    /// The parts of a claim made of comparisons (groups, a sweep's best point).
    pub parts: Option<Parts>,
    /// Why a statement is judged without a margin (an exact ordering, an exact count), where it
    /// has neither a test nor parts.
    pub no_margin: Option<String>,
    /// The interval the outcome was read from, once judged.
    pub interval: Option<Interval>,
    /// The verdict.
    pub outcome: Outcome,
    /// Which way an undecided interval leans.
    pub lean: Option<Lean>,
    /// How many games would decide an undecided claim.
    pub needed: Option<Needed>,
    /// The multiple of our games the spec allows itself before it must argue a larger run.
    pub cap: f64,
    /// A statement's own sentence where it is not reproduced (what the data shows instead).
    pub note: String,
    /// The other readings of the paper this claim was tried under.
    pub readings: Readings,
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
    /// A verdict with its outcome already known (not testable, say) and `note` as its sentence.
    pub fn statement(claim: String, ours: String, outcome: Outcome, note: String) -> Verdict {
        Verdict {
            claim,
            ours,
            paper: "holds".to_owned(),
            test: None,
            parts: None,
            no_margin: None,
            interval: None,
            outcome,
            lean: None,
            needed: None,
            cap: DEFAULT_CAP,
            note,
            readings: Readings::default(),
            hypothesis: None,
            reading: None,
            cites: None,
            no_other_reading: None,
        }
    }

    /// A statement judged without a margin, for the reason `no_margin` (an exact ordering of
    /// fitted weights, an exact count): reproduced if it `holds`, contradicted with `why_not` if
    /// not; `hypothesis` is the spec's unmeasured reason, shown beside it.
    pub fn exact_statement(
        claim: String,
        ours: String,
        holds: bool,
        no_margin: &str,
        why_not: impl FnOnce() -> String,
    ) -> Verdict {
        let mut verdict = if holds {
            Verdict::statement(claim, ours, Outcome::Reproduced, String::new())
        } else {
            Verdict::statement(claim, ours, Outcome::Contradicted, why_not())
        };
        verdict.no_margin = Some(no_margin.trim().to_owned());
        verdict
    }

    /// A comparison's verdict: `claimed` of the first arm minus the second, each its mean and
    /// standard error (with degrees of freedom) over `samples` samples of ours, against
    /// `margin`. Undecided until [`judge_family`] (or [`Verdict::decide`]) runs.
    pub fn comparison(
        claim: String,
        ours: String,
        claimed: Claimed,
        (first, second, samples): (Side, Side, usize),
        (margin, margin_reason): (f64, String),
    ) -> Verdict {
        let test = Test {
            claimed,
            first,
            second,
            margin,
            margin_reason,
            digits: 3,
            censored: None,
            bootstrap: None,
            samples,
            unit: "games",
            paper: None,
        };
        Verdict {
            test: Some(test),
            ..Verdict::statement(claim, ours, Outcome::NotTestable, String::new())
        }
    }

    /// A claim made of `parts`: undecided until judged with its paper.
    pub fn of_parts(claim: String, ours: String, paper: String, parts: Parts) -> Verdict {
        let mut verdict = Verdict::statement(claim, ours, Outcome::NotTestable, String::new());
        verdict.paper = paper;
        verdict.parts = Some(parts);
        verdict
    }

    /// Adds the spec's unmeasured hypothesis for a difference.
    pub fn with_hypothesis(mut self, hypothesis: Option<&str>) -> Verdict {
        self.hypothesis = hypothesis.map(|h| h.trim().to_owned()).filter(|h| !h.is_empty());
        self
    }

    /// Says what one of our samples is (`runs`, `games`), for the games an undecided claim needs.
    pub fn counting(mut self, unit: &'static str) -> Verdict {
        if let Some(test) = &mut self.test {
            test.unit = unit;
        }
        self
    }

    /// Sets the multiple of our games the spec allows itself (its `judging`), for the games an
    /// undecided claim needs.
    pub fn with_cap(mut self, cap: f64) -> Verdict {
        self.cap = cap;
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

    /// Whether the claim is set against a number the paper prints (a claim of a spec's own,
    /// comparing two of its arms, or a statement, is not).
    pub fn quotes_paper(&self) -> bool {
        let quotes = |t: &Test| t.paper.is_some();
        self.test.as_ref().is_some_and(quotes)
            || self.parts.as_ref().is_some_and(|p| p.parts.iter().any(|part| quotes(&part.test)))
    }

    /// Whether the claim has a sampling error (and so takes a share of its paper's level, and
    /// more samples could move it); an exact value's claim has none.
    pub fn sampled(&self) -> bool {
        let of = |t: &Test| t.difference().se > 0.0 || t.bootstrap.is_some();
        self.test.as_ref().is_some_and(of)
            || self.parts.as_ref().is_some_and(|p| p.parts.iter().any(|part| of(&part.test)))
    }

    /// Decides a tested claim at one-sided level `alpha` per side (its share of the paper's
    /// level); a statement keeps its outcome.
    pub fn decide(&mut self, alpha: f64) {
        self.readings = Readings::default();
        self.lean = None;
        self.needed = None;
        if let Some(test) = &self.test {
            let (outcome, interval) = test.outcome_at(alpha, 1.0);
            self.outcome = outcome;
            self.interval = Some(interval);
            if matches!(outcome, Outcome::Inconclusive | Outcome::WithinPaperPrecision) {
                self.lean = Some(Lean::of(&interval));
                self.needed = power::needed(test.samples, |s| test.outcome_at(alpha, s).0);
            }
        } else if let Some(parts) = &mut self.parts {
            self.outcome = parts.decide(alpha);
            if self.outcome == Outcome::Inconclusive {
                let parts = &*parts;
                self.needed = power::needed(parts.samples(), |s| parts.outcome_at(alpha, s));
            }
        }
    }

    /// The difference and its standard error, for a claim with one test.
    pub fn difference(&self) -> Option<Difference> {
        self.test.as_ref().map(Test::difference)
    }

    /// The sentence that says why the claim is not reproduced (with the readings tried), or what
    /// a reader must know of a reproduced one (a paper judged as a point); empty otherwise.
    pub fn why(&self) -> String {
        self.wording().to_string()
    }

    /// [`Verdict::why`] with its numbers kept apart from its wording, so that verdicts saying
    /// the same thing of different numbers can be told apart from those saying something else.
    pub fn wording(&self) -> Wording {
        render::wording(self)
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
    let tested = verdicts.iter().filter(|v| v.is_claim() && v.cites.is_none() && v.sampled());
    let alpha = bonferroni(ALPHA, tested.count());
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
    let reproduced: Vec<(String, ReadingTag)> = readings
        .iter()
        .filter(|v| v.outcome == Outcome::Reproduced)
        .filter_map(|v| v.reading.clone().map(|r| (v.claim.clone(), r)))
        .collect();
    let alternatives: Vec<(String, String, Outcome)> = readings
        .iter()
        .filter_map(|v| v.reading.as_ref().map(|r| (v.claim.clone(), r.name.clone(), v.outcome)))
        .collect();
    for v in verdicts.iter_mut().filter(|v| v.is_claim()) {
        let undecided = matches!(
            v.outcome,
            Outcome::Contradicted | Outcome::Inconclusive | Outcome::WithinPaperPrecision
        );
        if !undecided {
            continue;
        }
        if let Some((_, r)) = reproduced.iter().find(|(claim, _)| *claim == v.claim) {
            v.readings.explained_by = Some((r.clone(), v.outcome));
            v.outcome = Outcome::Explained;
        }
    }
    for v in verdicts.iter_mut().filter(|v| v.is_claim() && v.outcome == Outcome::Contradicted) {
        v.readings.tried = alternatives
            .iter()
            .filter(|(claim, _, _)| *claim == v.claim)
            .map(|(_, name, outcome)| (name.clone(), *outcome))
            .collect();
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
        .filter(|v| v.readings.tried.is_empty())
        .collect()
}

#[cfg(test)]
mod tests;
