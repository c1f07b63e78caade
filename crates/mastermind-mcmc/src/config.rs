//! The configuration of the Metropolis-Hastings player as an experiment spec writes it, and its
//! validation.
//!
//! Every field has the thesis's value as its default, so `MhConfig::default()` (or `()` in RON) is
//! Snyder's final "M-H algorithm": theta = 2, swap probability 0.5, no subset permutation, the step
//! budget of her eq. (38), swaps only once a reply's pegs have totalled the code length, and the
//! three-turn stuck rule. The thesis's parameters are the config's fields; the readings of what it
//! leaves open that a spec compares are grouped apart in [`MhReadings`] (each documented where it
//! is declared, with the spec that stores the comparison), so a spec reads
//! `MetropolisHastings((theta: 1.0, readings: (step: AcceptedMove)))`.
//!
//! What the thesis leaves open and this player fixes, without an option since no spec compares
//! the alternatives:
//!
//! - A turn counts as "no improvement" for the stuck rule when its walk spent its whole budget
//!   without finding a code of cost 0: our reading of "unable to make any progress in its search
//!   by the end of the stopping time".
//! - The stuck rule's restart walks between re-fed turns are usual walks: each stops at the first
//!   code of cost 0.
//! - A walk that spends its budget plays its current state; each turn's walk starts at the last
//!   guess (section 4.3: "begin the random walk for each turn in the last state (code) guessed").

use crate::moves::SubsetMove;
use mastermind_core::{Game, InvalidParameter, check_probability};
use serde::{Deserialize, Serialize};

/// The most steps one walk may take, whatever the budget says (about a minute of walking).
pub const MAX_STEPS: u64 = 1_000_000_000;

/// How long one random walk (one turn's search) may run, in proposals. A walk always stops early
/// at the first code of cost 0 (a code consistent with every reply).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Budget {
    /// `round(exp(slope (pegs + colours) + intercept))` steps: Snyder's eq. (38) with
    /// `slope = 0.30`, `intercept = 2.89` (361 steps at 6/4, 7259 at 10/10).
    Formula {
        /// Slope of log steps against pegs + colours, in `[0, 5]`.
        slope: f64,
        /// Intercept of log steps, in `[-50, 50]`.
        intercept: f64,
    },
    /// A fixed number of steps per walk, as in the budget sweep of the thesis's Table 4.
    Fixed {
        /// Steps per walk, in `1..=MAX_STEPS`.
        steps: u64,
    },
    /// Walk until a code of cost 0 is found (the "optimal" runs of Table 4), but never more than
    /// `cap` steps: with false replies there may be no such code. Since every walk stops at the
    /// first cost-0 code anyway, the player walks exactly as with `Fixed { steps: cap }`; the
    /// separate name records the intent in specs and reports, and the lab's budget check
    /// estimates such a walk by the steps it takes rather than by its cap.
    UntilCandidate {
        /// Safety cap on the steps of one walk, in `1..=MAX_STEPS`.
        cap: u64,
    },
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Formula { slope: 0.30, intercept: 2.89 }
    }
}

impl Budget {
    /// Checks the budget's numbers; the error's field is within `budget`.
    pub fn validate(&self) -> Result<(), InvalidParameter> {
        match *self {
            Budget::Formula { slope, intercept } => {
                if !(slope.is_finite() && (0.0..=5.0).contains(&slope)) {
                    return Err(InvalidParameter::new("budget.slope", slope, "in [0, 5]"));
                }
                if !(intercept.is_finite() && (-50.0..=50.0).contains(&intercept)) {
                    return Err(InvalidParameter::new(
                        "budget.intercept",
                        intercept,
                        "in [-50, 50]",
                    ));
                }
            }
            Budget::Fixed { steps } => {
                if !(1..=MAX_STEPS).contains(&steps) {
                    return Err(InvalidParameter::new(
                        "budget.steps",
                        steps,
                        "in 1..=1_000_000_000",
                    ));
                }
            }
            Budget::UntilCandidate { cap } => {
                if !(1..=MAX_STEPS).contains(&cap) {
                    return Err(InvalidParameter::new("budget.cap", cap, "in 1..=1_000_000_000"));
                }
            }
        }
        Ok(())
    }

    /// The step limit of one walk in `game`, clamped to `1..=MAX_STEPS`.
    pub fn steps_for(&self, game: Game) -> u64 {
        match *self {
            Budget::Formula { slope, intercept } => {
                let x = f64::from(game.pegs()) + f64::from(game.colours());
                let steps = (slope * x + intercept).exp().round();
                if steps >= MAX_STEPS as f64 { MAX_STEPS } else { (steps as u64).max(1) }
            }
            Budget::Fixed { steps } => steps,
            Budget::UntilCandidate { cap } => cap,
        }
    }
}

/// The thesis's remedy for a walk caught in a local minimum (section 4.3.5): after `turns`
/// consecutive turns whose walk spent its whole budget without finding a code of cost 0, restart
/// the search at a uniform code and re-feed it the turns played, latest first.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StuckRule {
    /// Whether the rule is applied at all (default true).
    pub enabled: bool,
    /// Consecutive turns without improvement that make the player stuck, in `1..=1000`
    /// (default 3).
    pub turns: u32,
}

impl Default for StuckRule {
    fn default() -> StuckRule {
        StuckRule { enabled: true, turns: 3 }
    }
}

/// Which replies switch the proposal to permutations only (with `permutations_after_full_reply`).
/// The thesis says "whenever a reply with the total number of black and white pegs equalling the
/// number of pegs in the codes is received, the proposal scheme changes to simply P(pair
/// permutation) = 1.0" and does not say whether it ever changes back. In the truthful game both
/// readings play the same games (every later guess is a permutation of that reply's guess, so every
/// later reply is full too); with false replies they differ, since a false full reply can come for
/// a guess with the wrong colours, and a false partial reply can follow a true full one. The
/// Figure 11 spec (`experiments/snyder/case-3-figure-11.ron`) stores both on the 20%-false 6/4
/// game, with the rule in restart walks too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FullReplyScope {
    /// Only while the latest reply is full.
    Latest,
    /// (Default: the thesis's "changes to".) From the first full reply to the end of the game;
    /// the stuck rule's restart walks follow `full_reply_rule_in_restarts`.
    #[default]
    Latched,
}

/// How the cost of a code is aggregated over the turns played. The thesis's eq. (35) writes
/// `Cost = B_abs + W_abs + 2 T_abs` with `B_abs` and `W_abs` defined "for each turn i", and does not
/// say how the turns are combined. The Table 5 spec (`experiments/snyder/case-2-table-5.ron`)
/// stores both readings from 5/3 to 10/8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum CostScale {
    /// (Default.) The sum over turns: the target is `exp(-theta sum_i cost_i)`.
    #[default]
    Sum,
    /// The mean over turns: the target is `exp(-theta sum_i cost_i / turns)`, so the walk's
    /// preference for low cost does not sharpen as the game goes on.
    Mean,
}

/// What one step of the budget is. The thesis never defines it: "each step consists of a proposal
/// of a new state and a subsequent acceptance or rejection of the proposed state" (section 2)
/// reads as one proposal, while "allowing for the usual number of search steps" and the budgets
/// of Table 4 (200-2000 steps where a proposal-counting walk needs 100-600) leave room for a step
/// that moves the walk. The Table 4 and Table 5 specs store both readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Step {
    /// (Default: the usual M-H iteration count.) One proposal, accepted or not.
    #[default]
    Proposal,
    /// One accepted move: rejected proposals do not count against the budget. A walk still
    /// stops after [`PROPOSALS_PER_ACCEPTED_MOVE`] times its budget in proposals (and never
    /// after more than [`MAX_STEPS`]): a walk whose proposals are accepted less than once in a
    /// hundred is stuck, and would otherwise run for minutes in a local minimum.
    AcceptedMove,
}

/// Under [`Step::AcceptedMove`], the most proposals a walk makes per step of its budget.
pub const PROPOSALS_PER_ACCEPTED_MOVE: u64 = 100;

impl Step {
    /// Whether this is the default, one step per proposal (left out when a config is written).
    pub fn is_proposal(&self) -> bool {
        *self == Step::Proposal
    }
}

/// The readings of what the thesis leaves open, which specs compare: each field is one open
/// choice, documented at its type with the spec that stores the comparison. The default is the
/// reading this player takes when a spec names none.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MhReadings {
    /// Whether the switch to permutations lasts while the latest reply is full or for the rest of
    /// the game.
    pub full_reply_scope: FullReplyScope,
    /// Whether the stuck rule's restart walks follow the full-reply rule too, as if each re-fed
    /// reply were "received" again (default false: restart walks use the full kernel). The thesis
    /// says the restart "began as though no information had been obtained" and does not say.
    pub full_reply_rule_in_restarts: bool,
    /// Never play a code already played (default false, as in the thesis). The thesis has no such
    /// rule: its section 4.3.7 describes stuck games playing "the same code over and over again".
    /// Replaying only ever happens after a walk spends its budget; the Figure 11 spec compares the
    /// rule in the 20%-false game.
    pub avoid_replays: bool,
    /// How the cost is aggregated over turns.
    pub cost_scale: CostScale,
    /// What the subset permutation does to the pegs it picks (with `p_subset` > 0).
    #[serde(skip_serializing_if = "SubsetMove::is_random_permutation")]
    pub subset_move: SubsetMove,
    /// What one step of the budget is: a proposal (default) or an accepted move.
    #[serde(skip_serializing_if = "Step::is_proposal")]
    pub step: Step,
}

impl MhReadings {
    /// Whether every reading is the default (left out when a config is written).
    pub fn is_default(&self) -> bool {
        *self == MhReadings::default()
    }
}

/// The configuration of [`MhStrategy`](crate::MhStrategy): Snyder's M-H player, the thesis's
/// parameters apart from its `readings`.
///
/// Specs write the readings inside `readings: (...)`; a spec written before they were grouped
/// gives them beside the parameters (`cost_scale: Mean`), which is still read (never written),
/// unless `readings` is given too.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "wire::MhConfigWire", into = "wire::MhConfigWire")]
pub struct MhConfig {
    /// Model parameter: the walk targets `exp(-theta cost)`. Finite, in `(0, 1000]`; default 2
    /// (the thesis's final choice; its Figure 5 and Table 3 use 5, its Table 4 uses 1).
    pub theta: f64,
    /// Probability that a proposal swaps two pegs rather than recolouring one, in `[0, 1]`
    /// (default 0.5). With a subset permutation, this splits the remaining `1 - p_subset`.
    pub p_swap: f64,
    /// Probability of the thesis's extra "subset permutation" move, in `[0, 1]` (default 0; the
    /// thesis's Table 3 tries 0.1, giving 0.1 / 0.45 / 0.45).
    pub p_subset: f64,
    /// Steps per walk (see `readings.step` for what a step is).
    pub budget: Budget,
    /// After a reply whose black and white pegs total the code length, propose only permutations
    /// (section 4.3.3; default true).
    pub permutations_after_full_reply: bool,
    /// The restart rule for a walk stuck in a local minimum.
    pub stuck: StuckRule,
    /// The readings of what the thesis leaves open.
    pub readings: MhReadings,
}

impl Default for MhConfig {
    fn default() -> MhConfig {
        MhConfig {
            theta: 2.0,
            p_swap: 0.5,
            p_subset: 0.0,
            budget: Budget::default(),
            permutations_after_full_reply: true,
            stuck: StuckRule::default(),
            readings: MhReadings::default(),
        }
    }
}

/// The configuration as RON and JSON write it: the parameters, the grouped readings, and the
/// readings as specs wrote them before they were grouped (read, never written).
mod wire {
    use super::{Budget, CostScale, FullReplyScope, MhConfig, MhReadings, Step, StuckRule};
    use crate::moves::SubsetMove;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "MhConfig", deny_unknown_fields, default)]
    pub(super) struct MhConfigWire {
        theta: f64,
        p_swap: f64,
        p_subset: f64,
        budget: Budget,
        permutations_after_full_reply: bool,
        stuck: StuckRule,
        #[serde(skip_serializing_if = "MhReadings::is_default")]
        readings: MhReadings,
        #[serde(skip_serializing, deserialize_with = "given")]
        full_reply_scope: Option<FullReplyScope>,
        #[serde(skip_serializing, deserialize_with = "given")]
        full_reply_rule_in_restarts: Option<bool>,
        #[serde(skip_serializing, deserialize_with = "given")]
        avoid_replays: Option<bool>,
        #[serde(skip_serializing, deserialize_with = "given")]
        cost_scale: Option<CostScale>,
        #[serde(skip_serializing, deserialize_with = "given")]
        subset_move: Option<SubsetMove>,
        #[serde(skip_serializing, deserialize_with = "given")]
        step: Option<Step>,
    }

    /// A field written before the readings were grouped: its bare value, read as given
    /// (RON would otherwise ask for `Some(...)` around it).
    fn given<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        T::deserialize(d).map(Some)
    }

    impl Default for MhConfigWire {
        fn default() -> MhConfigWire {
            MhConfigWire::from(MhConfig::default())
        }
    }

    impl From<MhConfig> for MhConfigWire {
        fn from(c: MhConfig) -> MhConfigWire {
            MhConfigWire {
                theta: c.theta,
                p_swap: c.p_swap,
                p_subset: c.p_subset,
                budget: c.budget,
                permutations_after_full_reply: c.permutations_after_full_reply,
                stuck: c.stuck,
                readings: c.readings,
                full_reply_scope: None,
                full_reply_rule_in_restarts: None,
                avoid_replays: None,
                cost_scale: None,
                subset_move: None,
                step: None,
            }
        }
    }

    impl TryFrom<MhConfigWire> for MhConfig {
        type Error = String;

        fn try_from(w: MhConfigWire) -> Result<MhConfig, String> {
            let flat = [
                ("full_reply_scope", w.full_reply_scope.is_some()),
                ("full_reply_rule_in_restarts", w.full_reply_rule_in_restarts.is_some()),
                ("avoid_replays", w.avoid_replays.is_some()),
                ("cost_scale", w.cost_scale.is_some()),
                ("subset_move", w.subset_move.is_some()),
                ("step", w.step.is_some()),
            ];
            let given: Vec<&str> =
                flat.iter().filter(|(_, given)| *given).map(|(name, _)| *name).collect();
            if !given.is_empty() && !w.readings.is_default() {
                return Err(format!(
                    "the reading(s) {} stand beside `readings`: write every reading inside \
                     `readings: (...)`",
                    given.join(", ")
                ));
            }
            let d = w.readings;
            let readings = MhReadings {
                full_reply_scope: w.full_reply_scope.unwrap_or(d.full_reply_scope),
                full_reply_rule_in_restarts: w
                    .full_reply_rule_in_restarts
                    .unwrap_or(d.full_reply_rule_in_restarts),
                avoid_replays: w.avoid_replays.unwrap_or(d.avoid_replays),
                cost_scale: w.cost_scale.unwrap_or(d.cost_scale),
                subset_move: w.subset_move.unwrap_or(d.subset_move),
                step: w.step.unwrap_or(d.step),
            };
            Ok(MhConfig {
                theta: w.theta,
                p_swap: w.p_swap,
                p_subset: w.p_subset,
                budget: w.budget,
                permutations_after_full_reply: w.permutations_after_full_reply,
                stuck: w.stuck,
                readings,
            })
        }
    }
}

impl MhConfig {
    /// Checks every field; the error names the first field out of range.
    pub fn validate(&self) -> Result<(), InvalidParameter> {
        if !(self.theta.is_finite() && self.theta > 0.0 && self.theta <= 1000.0) {
            return Err(InvalidParameter::new("theta", self.theta, "finite, in (0, 1000]"));
        }
        check_probability("p_swap", self.p_swap)?;
        check_probability("p_subset", self.p_subset)?;
        if self.p_subset == 0.0 && !self.readings.subset_move.is_random_permutation() {
            let reason = "has no effect without a subset permutation (p_subset > 0); remove it";
            return Err(InvalidParameter::refused("readings.subset_move", "CyclicShift", reason));
        }
        self.budget.validate()?;
        if !(1..=1000).contains(&self.stuck.turns) {
            return Err(InvalidParameter::new("stuck.turns", self.stuck.turns, "in 1..=1000"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thesis_budgets() {
        let b = Budget::default();
        let steps = |p, k| b.steps_for(Game::new(p, k).unwrap());
        // exp(0.30 x + 2.89) for x = 8, 10, 14, 20.
        assert_eq!(steps(3, 5), 198);
        assert_eq!(steps(4, 6), 361);
        assert_eq!(steps(6, 8), 1200);
        assert_eq!(steps(10, 10), 7259);
        assert_eq!(Budget::Fixed { steps: 300 }.steps_for(Game::CLASSIC), 300);
        let huge = Budget::Formula { slope: 5.0, intercept: 50.0 };
        assert_eq!(huge.steps_for(Game::CLASSIC), MAX_STEPS);
    }

    #[test]
    fn validation_names_the_field() {
        let bad = |c: MhConfig| c.validate().unwrap_err().field;
        let ok = MhConfig::default();
        assert!(ok.validate().is_ok());
        assert_eq!(bad(MhConfig { theta: 0.0, ..ok }), "theta");
        assert_eq!(bad(MhConfig { theta: f64::NAN, ..ok }), "theta");
        assert_eq!(bad(MhConfig { p_swap: 1.5, ..ok }), "p_swap");
        assert_eq!(bad(MhConfig { p_subset: -0.1, ..ok }), "p_subset");
        let shift = MhReadings { subset_move: SubsetMove::CyclicShift, ..MhReadings::default() };
        assert_eq!(bad(MhConfig { readings: shift, ..ok }), "readings.subset_move");
        assert!(MhConfig { readings: shift, p_subset: 0.1, ..ok }.validate().is_ok());
        assert_eq!(bad(MhConfig { budget: Budget::Fixed { steps: 0 }, ..ok }), "budget.steps");
        assert_eq!(bad(MhConfig { budget: Budget::UntilCandidate { cap: 0 }, ..ok }), "budget.cap");
        let slope = Budget::Formula { slope: -1.0, intercept: 0.0 };
        assert_eq!(bad(MhConfig { budget: slope, ..ok }), "budget.slope");
        let stuck = StuckRule { turns: 0, ..StuckRule::default() };
        assert_eq!(bad(MhConfig { stuck, ..ok }), "stuck.turns");
    }
}
