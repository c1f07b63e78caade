//! One turn's search: walk from a start state until a code of cost 0 or the step budget.

use crate::config::{MAX_STEPS, StepCount};
use crate::moves::Kernel;
use crate::walker::Walker;
use mastermind_core::LabRng;

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkEnd {
    /// Steps taken, as the budget counts them.
    pub steps: u64,
    /// Proposals made (equal to `steps` when every proposal is a step).
    pub proposals: u64,
    /// Proposals accepted.
    pub accepted: u64,
    /// Cost of the state the walk started from.
    pub start_cost: u32,
    /// Whether it stopped at a code of cost 0 (a code consistent with every reply fed).
    pub found: bool,
    /// The lowest-cost state visited (the earliest of equal ones), start included.
    pub lowest: [u8; 16],
    /// Its cost.
    pub lowest_cost: u32,
}

/// When only accepted proposals are steps, a walk still stops after this many times its budget in
/// proposals: in a deep local minimum (or with false replies) almost every proposal is rejected,
/// and without a cap one walk could take a billion proposals.
pub const ACCEPTED_PROPOSAL_FACTOR: u64 = 100;

/// Whether a walk stops at the first code of cost 0 or always spends its whole budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkStop {
    /// Stop at the first code of cost 0 (every turn's search, section 4.3.3).
    AtCandidate,
    /// Take the whole budget whatever the cost: a plain M-H run.
    AtBudget,
}

/// Walks from the walker's current state with `kernel` until the cost is 0 (unless `stop` is
/// [`WalkStop::AtBudget`]) or `budget` steps are taken, a step being what `counts` says (with [`StepCount::Accepted`], never more than
/// [`ACCEPTED_PROPOSAL_FACTOR`] times `budget` proposals). The
/// start state counts as one evaluation (its cost against the latest turn was computed when the
/// turn was fed); each proposal counts as the walker's
/// [`CodesSearched`](crate::CodesSearched) setting says.
pub fn walk(
    walker: &mut Walker,
    kernel: &Kernel,
    budget: u64,
    counts: StepCount,
    stop: WalkStop,
    rng: &mut LabRng,
) -> WalkEnd {
    walker.begin_walk();
    let start_cost = walker.cost();
    let mut lowest = [0u8; 16];
    lowest[..walker.state().len()].copy_from_slice(walker.state());
    let mut lowest_cost = start_cost;
    let (mut steps, mut proposals, mut accepted) = (0, 0, 0);
    let cap = match counts {
        StepCount::Proposals => budget,
        StepCount::Accepted => budget.saturating_mul(ACCEPTED_PROPOSAL_FACTOR).min(MAX_STEPS),
    };
    let at_candidate = stop == WalkStop::AtCandidate;
    while !(at_candidate && walker.cost() == 0) && steps < budget && proposals < cap {
        proposals += 1;
        let moved = walker.step(kernel, rng);
        accepted += u64::from(moved);
        if moved || counts == StepCount::Proposals {
            steps += 1;
        }
        if moved && walker.cost() < lowest_cost {
            lowest_cost = walker.cost();
            lowest[..walker.state().len()].copy_from_slice(walker.state());
        }
    }
    WalkEnd {
        steps,
        proposals,
        accepted,
        start_cost,
        found: walker.cost() == 0,
        lowest,
        lowest_cost,
    }
}
