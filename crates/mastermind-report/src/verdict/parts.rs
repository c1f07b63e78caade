//! Claims made of parts: a paper's significance groups (every pair of arms together or apart) and
//! a sweep's best point (one point not beaten by more than the margin by any other). Each part is
//! a [`Test`] decided by the one rule; the claim combines the parts' outcomes, so it is no more
//! decided by a failure to reject than a single number is.

use super::Outcome;
use super::test::Test;
use mastermind_stats::equivalence::Interval;

/// One part of a claim: a comparison of two arms, with its own outcome once decided.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// What the part compares, as the report writes it (`Entropy and Most parts: together`).
    pub label: String,
    /// The test behind it.
    pub test: Test,
    /// Its outcome, once decided.
    pub outcome: Outcome,
    /// The interval it was decided on, once decided.
    pub interval: Option<Interval>,
}

impl Part {
    /// An undecided part.
    pub fn new(label: String, test: Test) -> Part {
        Part { label, test, outcome: Outcome::NotTestable, interval: None }
    }
}

/// How the parts' outcomes make the claim's.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    /// Every part must hold (a group's pairs): reproduced when all are, contradicted when one is.
    All,
    /// Some candidate must hold all of its parts (a sweep's best point: a point in the paper's
    /// range beaten by no other): reproduced when one candidate's parts all are, contradicted when
    /// every candidate has a contradicted part. Each candidate is named, with its parts' indices.
    AnyCandidate(Vec<(String, Vec<usize>)>),
}

/// The parts of a claim and how they combine.
#[derive(Debug, Clone, PartialEq)]
pub struct Parts {
    /// The parts.
    pub parts: Vec<Part>,
    /// How they combine.
    pub rule: Rule,
}

impl Parts {
    /// The one-sided level of each part when the claim has level `alpha`: the claim's share split
    /// evenly over its parts (Bonferroni within the claim), so a claim of many parts is no easier
    /// to decide either way than one of few.
    pub fn part_alpha(&self, alpha: f64) -> f64 {
        alpha / self.parts.len().max(1) as f64
    }

    /// Decides every part at the claim's level `alpha`; returns the claim's outcome.
    pub fn decide(&mut self, alpha: f64) -> Outcome {
        let part_alpha = self.part_alpha(alpha);
        for part in &mut self.parts {
            let (outcome, interval) = part.test.outcome_at(part_alpha, 1.0);
            part.outcome = outcome;
            part.interval = Some(interval);
        }
        let outcomes: Vec<Outcome> = self.parts.iter().map(|p| p.outcome).collect();
        self.combine(&outcomes)
    }

    /// The claim's outcome at `scale` times our games, at the claim's level `alpha`.
    pub fn outcome_at(&self, alpha: f64, scale: f64) -> Outcome {
        let part_alpha = self.part_alpha(alpha);
        let outcomes: Vec<Outcome> =
            self.parts.iter().map(|p| p.test.outcome_at(part_alpha, scale).0).collect();
        self.combine(&outcomes)
    }

    /// Our samples per arm behind the parts (the largest, where arms differ).
    pub fn samples(&self) -> usize {
        self.parts.iter().map(|p| p.test.samples).max().unwrap_or(0)
    }

    fn combine(&self, outcomes: &[Outcome]) -> Outcome {
        if outcomes.is_empty() {
            return Outcome::NotTestable;
        }
        match &self.rule {
            Rule::All => match holding(outcomes.iter().copied()) {
                Holding::All => Outcome::Reproduced,
                Holding::Fails => Outcome::Contradicted,
                Holding::Undecided => Outcome::Inconclusive,
            },
            Rule::AnyCandidate(candidates) => {
                let each: Vec<Holding> = candidates
                    .iter()
                    .map(|(_, ids)| holding(ids.iter().map(|&i| outcomes[i])))
                    .collect();
                if each.is_empty() {
                    Outcome::NotTestable
                } else if each.contains(&Holding::All) {
                    Outcome::Reproduced
                } else if each.iter().all(|h| *h == Holding::Fails) {
                    Outcome::Contradicted
                } else {
                    Outcome::Inconclusive
                }
            }
        }
    }
}

/// How a set of parts stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holding {
    /// Every part holds.
    All,
    /// Some part fails.
    Fails,
    /// None fails, but some are undecided.
    Undecided,
}

/// How the parts with `outcomes` stand together.
fn holding(outcomes: impl Iterator<Item = Outcome>) -> Holding {
    let mut all = true;
    for outcome in outcomes {
        match outcome {
            Outcome::Contradicted => return Holding::Fails,
            Outcome::Reproduced => {}
            _ => all = false,
        }
    }
    if all { Holding::All } else { Holding::Undecided }
}
