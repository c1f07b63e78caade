//! How many games would decide an undecided claim: the smallest multiple of our games at which,
//! with the effect and spread observed, the claim's interval lies wholly inside or wholly beyond
//! its margin. The paper's own error is what the paper ran and never shrinks; a claim that stays
//! undecided with our error at zero cannot be decided by any number of our games.

use super::Outcome;

/// The largest multiple of our games searched before a claim is called undecidable at the
/// observed effect (a claim decided only beyond it is, for any experiment, undecidable).
const LARGEST_FACTOR: f64 = 1e9;

/// The multiple of the stored games a spec may ask for before it must argue a larger one.
pub const DEFAULT_CAP: f64 = 10.0;

/// What more games would do to an undecided claim, at the effect observed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Needed {
    /// This many samples per arm (games, runs or run means, as stored), `factor` times ours,
    /// would decide it, as `outcome`.
    Games {
        /// Samples per arm.
        per_arm: u64,
        /// The multiple of ours.
        factor: f64,
        /// The outcome they would give.
        outcome: Outcome,
    },
    /// No number of our games decides it at the observed effect (the paper's own error, or an
    /// effect on the margin itself, keeps the interval across it).
    Never,
}

/// Whether an outcome settles the claim.
fn decided(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Reproduced | Outcome::Contradicted)
}

/// The games that decide a claim whose outcome at `scale` times our `samples` games is
/// `outcome_at(scale)`, which at a fixed effect is monotone in the scale (once decided, it stays
/// decided the same way: see the rule's tests). `None` when the claim is decided already.
pub fn needed(samples: usize, outcome_at: impl Fn(f64) -> Outcome) -> Option<Needed> {
    if decided(outcome_at(1.0)) {
        return None;
    }
    if !decided(outcome_at(f64::INFINITY)) {
        return Some(Needed::Never);
    }
    // Double until decided, then bisect to within 1%.
    let mut high = 2.0;
    while !decided(outcome_at(high)) {
        high *= 2.0;
        if high > LARGEST_FACTOR {
            return Some(Needed::Never);
        }
    }
    let mut low = high / 2.0;
    while high / low > 1.01 {
        let middle = (low * high).sqrt();
        if decided(outcome_at(middle)) {
            high = middle;
        } else {
            low = middle;
        }
    }
    let per_arm = (high * samples as f64).ceil() as u64;
    Some(Needed::Games { per_arm, factor: high, outcome: outcome_at(high) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::test::{Claimed, Side, Test};

    fn equal_to_paper(mean: f64, se: f64, paper_se: f64) -> Test {
        Test {
            claimed: Claimed::Equal,
            first: Side { mean, se, df: None, ours: true },
            second: Side { mean: 0.0, se: paper_se, df: None, ours: false },
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
    fn the_games_needed_follow_the_square_root_law() {
        // At alpha 0.025 (z = 1.96), an effect of 0.01 needs a half-width of 0.01: se 0.0051.
        let t = equal_to_paper(0.01, 0.0102, 0.0);
        let found = needed(t.samples, |s| t.outcome_at(0.025, s).0).unwrap();
        let Needed::Games { factor, outcome, per_arm } = found else { panic!("{found:?}") };
        assert_eq!(outcome, Outcome::Reproduced);
        assert!((factor - 4.0).abs() / 4.0 < 0.02, "{factor}");
        assert!((400..=410).contains(&per_arm), "{per_arm}");
        // A difference beyond the margin is decided the other way.
        let t = equal_to_paper(0.03, 0.0102, 0.0);
        let Some(Needed::Games { outcome, .. }) = self::needed(100, |s| t.outcome_at(0.025, s).0)
        else {
            panic!()
        };
        assert_eq!(outcome, Outcome::Contradicted);
    }

    #[test]
    fn the_papers_own_error_can_make_a_claim_undecidable() {
        let t = equal_to_paper(0.005, 0.01, 0.01);
        assert_eq!(self::needed(100, |s| t.outcome_at(0.025, s).0), Some(Needed::Never));
        let decided = equal_to_paper(0.0, 0.001, 0.0);
        assert_eq!(self::needed(100, |s| decided.outcome_at(0.025, s).0), None);
    }
}
