//! The power analysis: how many samples per arm decide each claim, planned from a pilot that
//! shares no random stream with the runs it plans.
//!
//! Each spec's pilot ([`mastermind_experiments::pilot`]) plays the quick profile's sizes with
//! seeds derived from the spec's by a salt; it is stored under `data/pilot/` like a profile's
//! result (so an interrupted analysis resumes, and a current pilot is not run again) and never
//! rendered into a report. Its claims are judged as the report judges a profile's, paper by paper
//! (the same family level), and for every claim not decided at the pilot the verdict's own power
//! search ([`verdict::Needed`]: the smallest multiple of the samples at which the claim's
//! interval, at the pilot's effect and spread, lies wholly inside or beyond its margin) gives the
//! samples per arm that decide it. Nothing here reads a profile's stored results: the profile's
//! size per arm is the pilot's scaled by the two plans' sizes ([`Task::size`]).
//!
//! A profile's size then follows the rule the specs state: at least what it stores, at most the
//! spec's cap times that (`judging.sample_cap`, 10 when it says nothing); a claim that needs more
//! than the cap, or that no size decides, keeps the stored size and says so.
//!
//! [`Task::size`]: mastermind_experiments::tasks::Task::size

use crate::provenance::Provenance;
use crate::runner;
use crate::store::{self, ResultPaths};
use anyhow::{Context, Result, anyhow};
use mastermind_experiments::pilot::{self, PILOT};
use mastermind_experiments::plan::Plan;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{self, SpecFile};
use mastermind_experiments::tasks::ReportContext;
use mastermind_experiments::workspace::Workspace;
use mastermind_report::counts::{count_of, thousands as count};
use mastermind_report::table::Table;
use mastermind_report::verdict::{self, Needed, Outcome, Verdict};
use std::path::PathBuf;

/// One claim of the analysis: what the pilot saw and what it plans.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimPower {
    /// The paper.
    pub paper: String,
    /// The spec that tests the claim.
    pub spec: String,
    /// The claim as the report names it.
    pub claim: String,
    /// What one sample is (`games`, `runs`).
    pub unit: &'static str,
    /// The pilot's samples per arm.
    pub pilot_samples: usize,
    /// The pilot's difference (ours minus the paper's, or the first arm minus the second), for
    /// a claim with one test.
    pub effect: Option<f64>,
    /// The spread of one of our samples behind that difference (both arms', for a comparison).
    pub sd: Option<f64>,
    /// The decimals the difference is shown with.
    pub digits: usize,
    /// The claim's outcome at the pilot.
    pub outcome: Outcome,
    /// The samples per arm that decide it at the pilot's effect (`None`: decided at the pilot,
    /// or not a claim more samples can decide).
    pub needed: Option<Needed>,
    /// The samples per arm the profile plays.
    pub stored: f64,
    /// The spec's cap, a multiple of `stored`.
    pub cap: f64,
    /// Whether our side has no sampling error (an exact value, such as a tree's total over every
    /// secret): no size moves it, so none is planned.
    pub exact: bool,
}

/// The plan's cell of a claim without sampling error.
const EXACT_PLAN: &str = "as stored (no sampling error)";

/// What the analysis plans for one claim.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Planned {
    /// The stored size decides it (at the pilot, or with no more than it stores).
    Stored,
    /// This many samples per arm, more than stored and within the cap.
    Raise(u64),
    /// It would need more than the cap allows: the stored size stays.
    BeyondCap(u64),
    /// No number of our samples decides it at the pilot's effect.
    Never,
    /// Our side has no sampling error (an exact value, such as a tree's total over every
    /// secret): the stored result is final, and no size is planned.
    Exact,
    /// A claim whose verdict searches no sample size (a statement): the stored size stays.
    Untested,
}

impl ClaimPower {
    /// What the analysis plans for the claim.
    pub fn planned(&self) -> Planned {
        if self.exact {
            return Planned::Exact;
        }
        match self.needed {
            None if matches!(self.outcome, Outcome::Reproduced | Outcome::Contradicted) => {
                Planned::Stored
            }
            None => Planned::Untested,
            Some(Needed::Never) => Planned::Never,
            Some(Needed::Games { per_arm, .. }) if per_arm as f64 <= self.stored => Planned::Stored,
            Some(Needed::Games { per_arm, .. }) if per_arm as f64 <= self.cap * self.stored => {
                Planned::Raise(per_arm)
            }
            Some(Needed::Games { per_arm, .. }) => Planned::BeyondCap(per_arm),
        }
    }

    /// The claim's row of [`Analysis::claims_table`].
    fn cells(&self) -> Vec<String> {
        let d = self.digits;
        let effect = self.effect.map_or_else(|| "–".to_owned(), |e| format!("{e:+.d$}"));
        let named = [self.paper.clone(), self.spec.clone(), self.claim.clone()];
        let outcome = self.outcome.name().to_owned();
        let rest = match self.planned() {
            Planned::Exact => ClaimPower::exact_cells(effect, outcome),
            planned => self.sampled_cells(planned, effect, outcome),
        };
        named.into_iter().chain(rest).collect()
    }

    /// The cells after the claim's name for a claim without sampling error: nothing to pilot,
    /// size or cap.
    fn exact_cells(effect: String, outcome: String) -> [String; 8] {
        let dash = || "–".to_owned();
        let exact = || "exact".to_owned();
        let plan = EXACT_PLAN.to_owned();
        [exact(), effect, "0".to_owned(), outcome, dash(), exact(), dash(), plan]
    }

    /// The cells after the claim's name for a claim with a sampling error of ours.
    fn sampled_cells(&self, planned: Planned, effect: String, outcome: String) -> [String; 8] {
        let d = self.digits;
        let sd = self.sd.map_or_else(|| "–".to_owned(), |s| format!("{s:.prec$}", prec = d + 1));
        let needed = match self.needed {
            None if matches!(self.outcome, Outcome::Reproduced | Outcome::Contradicted) => {
                "decided".to_owned()
            }
            None => "–".to_owned(),
            Some(Needed::Never) => "none".to_owned(),
            Some(Needed::Games { per_arm, .. }) => count(per_arm),
        };
        [
            count_of(self.pilot_samples as u64, self.unit),
            effect,
            sd,
            outcome,
            needed,
            count_of(self.stored as u64, self.unit),
            format!("{}x ({})", self.cap, count((self.cap * self.stored).round() as u64)),
            self.plan_cell(planned),
        ]
    }

    /// The plan's cell: the samples per arm the profile should play, and why.
    fn plan_cell(&self, planned: Planned) -> String {
        let stored = self.stored as u64;
        match planned {
            Planned::Stored => format!("{} (as stored)", count(stored)),
            Planned::Raise(per_arm) => {
                format!("{} ({:.1}x)", count(per_arm), per_arm as f64 / self.stored)
            }
            Planned::BeyondCap(per_arm) => format!(
                "{} (needs {:.0}x, beyond the cap)",
                count(stored),
                per_arm as f64 / self.stored
            ),
            Planned::Never => format!("{} (no size decides it)", count(stored)),
            Planned::Untested => format!("{} (no size searched)", count(stored)),
            Planned::Exact => EXACT_PLAN.to_owned(),
        }
    }

    /// The multiple of the stored size the plan asks for (1 unless it raises it).
    pub fn factor(&self) -> f64 {
        match self.planned() {
            Planned::Raise(per_arm) => per_arm as f64 / self.stored,
            _ => 1.0,
        }
    }
}

/// The analysis of a set of specs for one profile.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The profile whose sizes are planned.
    pub profile: Profile,
    /// Every tested claim, by paper and spec.
    pub claims: Vec<ClaimPower>,
    /// The pilots run now (the others were current), with their seconds.
    pub ran: Vec<(String, f64)>,
}

/// Runs (or reuses) the pilot of every spec in `paths` and plans `profile`'s sizes from it. The
/// family level of a paper counts the claims of the specs given, so give every spec of a paper
/// (`power` without a prefix gives them all).
pub fn analyse(
    workspace: &Workspace,
    paths: &[PathBuf],
    profile: Profile,
    force: bool,
) -> Result<Analysis> {
    let provenance = Provenance::of_checkout(&workspace.root);
    let root = workspace.experiments();
    let mut judged: Vec<(Plan, Plan, Vec<Verdict>)> = Vec::new();
    let mut ran = Vec::new();
    for path in paths {
        let spec: SpecFile = spec::load(&root, path).map_err(|e| anyhow!("{e}"))?;
        let confirmatory = spec::validate(&spec, profile).map_err(|e| anyhow!("{e}"))?;
        let pilot = pilot::pilot_plan(&spec).map_err(|e| anyhow!("{e}"))?;
        let (was_run, seconds) = runner::run_into(workspace, &pilot, &provenance, PILOT, force)?;
        if was_run {
            eprintln!("pilot    {} ({seconds:.1} s)", pilot.name);
            ran.push((pilot.name.clone(), seconds));
        }
        let paths = ResultPaths::new(&workspace.data(), PILOT, &pilot.name);
        let (frame, _) = store::read_result(&paths)?;
        let title = format!("{} — {}", pilot.raw.paper, pilot.raw.section);
        let context = ReportContext { title: &title, judging: &pilot.raw.judging };
        let rendered = pilot
            .task
            .report(&context, &frame)
            .with_context(|| format!("judging the pilot of {}", pilot.name))?;
        judged.push((pilot, confirmatory, rendered.verdicts));
    }
    // The paper is the family, as in the report.
    let mut papers: Vec<String> = judged.iter().map(|(p, _, _)| p.raw.paper.to_string()).collect();
    papers.sort();
    papers.dedup();
    for paper in &papers {
        let mut family: Vec<&mut Verdict> = judged
            .iter_mut()
            .filter(|(p, _, _)| p.raw.paper.as_str() == paper)
            .flat_map(|(_, _, verdicts)| verdicts.iter_mut())
            .collect();
        verdict::decide_family(&mut family);
    }
    let mut claims = Vec::new();
    for (pilot, confirmatory, verdicts) in &judged {
        let scale = confirmatory.task.size() as f64 / pilot.task.size().max(1) as f64;
        let cap = pilot.raw.judging.cap();
        for v in verdicts.iter().filter(|v| v.is_claim() && v.cites.is_none()) {
            if let Some(claim) = claim_power(pilot, v, scale, cap) {
                claims.push(claim);
            }
        }
    }
    Ok(Analysis { profile, claims, ran })
}

/// The power row of one judged claim of `pilot` (none for a claim with neither a test nor parts).
fn claim_power(pilot: &Plan, v: &Verdict, scale: f64, cap: f64) -> Option<ClaimPower> {
    let (unit, samples, effect, sd, digits) = match (&v.test, &v.parts) {
        (Some(test), _) => {
            let difference = test.difference();
            let ours: f64 = [test.first, test.second]
                .iter()
                .filter(|s| s.ours)
                .map(|s| s.se * s.se)
                .sum::<f64>()
                .sqrt();
            let sd = ours * (test.samples as f64).sqrt();
            (test.unit, test.samples, Some(difference.estimate), Some(sd), test.digits)
        }
        (None, Some(parts)) => {
            let unit = parts.parts.first().map_or("games", |p| p.test.unit);
            let digits = parts.parts.first().map_or(3, |p| p.test.digits);
            (unit, parts.samples(), None, None, digits)
        }
        (None, None) => return None,
    };
    Some(ClaimPower {
        paper: pilot.raw.paper.to_string(),
        spec: pilot.name.clone(),
        claim: v.claim.clone(),
        unit,
        pilot_samples: samples,
        effect,
        sd,
        digits,
        outcome: v.outcome,
        needed: v.needed,
        stored: (samples as f64 * scale).round(),
        cap,
        exact: !v.sampled(),
    })
}

impl Analysis {
    /// Every claim as a table: the pilot's effect and spread, the samples per arm that decide
    /// it, and what the profile stores and may ask for.
    pub fn claims_table(&self) -> Table {
        let profile = self.profile.name();
        let mut table = Table::new(
            format!(
                "**Power analysis ({profile} profile).** Each claim judged on its pilot (the quick \
                 profile's sizes, seeds derived from the spec's by a salt: no stream in common \
                 with any stored run), at its paper's family level; the samples per arm that \
                 decide it at the pilot's difference and spread, by the verdict rule in force; \
                 and the size the {profile} profile takes: what it stores, raised to what decides \
                 the claim, never beyond the spec's cap."
            ),
            &[
                "paper",
                "spec",
                "claim",
                "pilot n",
                "pilot difference",
                "sd of a sample",
                "at the pilot",
                "per arm to decide",
                "stored",
                "cap",
                "plan",
            ],
        );
        for c in &self.claims {
            table.row(c.cells());
        }
        table
    }

    /// One line per spec whose size the analysis raises: the largest multiple its claims ask
    /// for, and the claim that asks for it.
    pub fn specs_table(&self) -> Table {
        let mut table = Table::new(
            format!(
                "**Sizes planned for the {} profile.** Each spec whose claims need more samples \
                 than it stores, by the largest multiple any of its claims asks for within the \
                 spec's cap.",
                self.profile.name()
            ),
            &["spec", "claim that asks most", "stored per arm", "planned per arm", "multiple"],
        );
        let mut specs: Vec<&str> = self.claims.iter().map(|c| c.spec.as_str()).collect();
        specs.dedup();
        for spec in specs {
            let most = self
                .claims
                .iter()
                .filter(|c| c.spec == spec)
                .max_by(|a, b| a.factor().total_cmp(&b.factor()));
            let Some(most) = most.filter(|c| c.factor() > 1.0) else { continue };
            let Planned::Raise(per_arm) = most.planned() else { continue };
            table.row(vec![
                spec.to_owned(),
                most.claim.clone(),
                count_of(most.stored as u64, most.unit),
                count_of(per_arm, most.unit),
                format!("{:.2}x", most.factor()),
            ]);
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(needed: Option<Needed>, outcome: Outcome) -> ClaimPower {
        ClaimPower {
            paper: "P".into(),
            spec: "p/s".into(),
            claim: "c".into(),
            unit: "games",
            pilot_samples: 100,
            effect: Some(0.01),
            sd: Some(1.0),
            digits: 3,
            outcome,
            needed,
            stored: 1000.0,
            cap: 10.0,
            exact: false,
        }
    }

    #[test]
    fn a_plan_raises_the_size_only_within_the_cap() {
        let games =
            |per_arm| Some(Needed::Games { per_arm, factor: 1.0, outcome: Outcome::Reproduced });
        let inconclusive = Outcome::Inconclusive;
        assert_eq!(claim(None, Outcome::Reproduced).planned(), Planned::Stored);
        assert_eq!(claim(games(800), inconclusive).planned(), Planned::Stored);
        assert_eq!(claim(games(4800), inconclusive).planned(), Planned::Raise(4800));
        assert!((claim(games(4800), inconclusive).factor() - 4.8).abs() < 1e-12);
        assert_eq!(claim(games(10_001), inconclusive).planned(), Planned::BeyondCap(10_001));
        assert_eq!(claim(Some(Needed::Never), inconclusive).planned(), Planned::Never);
        assert_eq!(claim(None, Outcome::NotTestable).planned(), Planned::Untested);
        let exact = ClaimPower { exact: true, ..claim(games(4800), inconclusive) };
        assert_eq!(exact.planned(), Planned::Exact, "no size moves an exact value");
    }
}
