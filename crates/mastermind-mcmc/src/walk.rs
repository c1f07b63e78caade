//! One turn's search: walk from a start state until a code of cost 0 or the step budget.

use crate::config::{MAX_STEPS, PROPOSALS_PER_ACCEPTED_MOVE, Step};
use crate::moves::Kernel;
use crate::walker::Walker;
use mastermind_core::{LabRng, Oracle};

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkEnd {
    /// Proposals made, accepted or not.
    pub steps: u64,
    /// Proposals accepted.
    pub accepted: u64,
    /// Whether it stopped at a code of cost 0 (a code consistent with every reply fed).
    pub found: bool,
}

/// Walks from the walker's current state with `kernel` until the cost is 0 or `budget` steps
/// are taken, a step being a proposal or an accepted move ([`Step`]; at most
/// [`PROPOSALS_PER_ACCEPTED_MOVE`] proposals per step of the budget for the latter); never more
/// than [`MAX_STEPS`] proposals. The `oracle` counts the start state as one evaluation (its cost
/// against the latest turn was computed when the turn was fed), and so each proposal.
pub fn walk(
    walker: &mut Walker,
    oracle: &mut Oracle<'_>,
    kernel: &Kernel,
    budget: u64,
    step: Step,
    rng: &mut LabRng,
) -> WalkEnd {
    walker.begin_walk(oracle);
    let (mut steps, mut accepted) = (0, 0);
    let counted = |steps: u64, accepted: u64| match step {
        Step::Proposal => steps,
        Step::AcceptedMove => accepted,
    };
    let most_proposals = match step {
        Step::Proposal => budget,
        Step::AcceptedMove => budget.saturating_mul(PROPOSALS_PER_ACCEPTED_MOVE),
    }
    .min(MAX_STEPS);
    while walker.cost() != 0 && counted(steps, accepted) < budget && steps < most_proposals {
        steps += 1;
        accepted += u64::from(walker.step(kernel, oracle, rng));
    }
    WalkEnd { steps, accepted, found: walker.cost() == 0 }
}
