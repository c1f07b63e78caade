//! One turn's search: walk from a start state until a code of cost 0 or the step budget.

use crate::moves::Kernel;
use crate::walker::Walker;
use mastermind_core::LabRng;

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkEnd {
    /// Steps taken.
    pub steps: u64,
    /// Cost of the state the walk started from.
    pub start_cost: u32,
    /// Whether it stopped at a code of cost 0 (a code consistent with every reply fed).
    pub found: bool,
    /// The lowest-cost state visited (the earliest of equal ones), start included.
    pub lowest: [u8; 16],
    /// Its cost.
    pub lowest_cost: u32,
}

/// Walks from the walker's current state with `kernel` until the cost is 0 or `budget` steps are
/// taken. The start state counts as one evaluation (its cost against the latest turn was
/// computed when the turn was fed); each step counts its own.
pub fn walk(walker: &mut Walker, kernel: &Kernel, budget: u64, rng: &mut LabRng) -> WalkEnd {
    walker.count_evaluations(1);
    let start_cost = walker.cost();
    let mut lowest = [0u8; 16];
    lowest[..walker.state().len()].copy_from_slice(walker.state());
    let mut lowest_cost = start_cost;
    let mut steps = 0;
    while walker.cost() > 0 && steps < budget {
        steps += 1;
        if walker.step(kernel, rng) && walker.cost() < lowest_cost {
            lowest_cost = walker.cost();
            lowest[..walker.state().len()].copy_from_slice(walker.state());
        }
    }
    WalkEnd { steps, start_cost, found: walker.cost() == 0, lowest, lowest_cost }
}
