//! Raising the lower bound of a search too large to finish: every unit's size bound is pushed
//! up by searches with small budgets, which refute cheaply what the size bound cannot.
//!
//! The optimum is at least the least, over first guesses, of the first guess's bound plus what
//! its units are proved to cost beyond their size bounds. A unit searched within its size bound
//! plus `δ` either finds its optimum (exact) or proves at least that much; `δ` doubles while
//! the searches finish, and halves when one runs out of its round's nodes. Rounds work on the
//! first guess whose bound is lowest, since only that one holds the optimum's lower bound down.
//!
//! Every budget is one of work, never of time: a round's unit searches each stop after a number
//! of nodes (doubled after a round that raised nothing), and the rounds go on until the nodes
//! spent reach the caller's budget. Each unit search runs alone on one thread, so the same
//! budget proves the same bounds on any machine and any number of threads; a stop from outside
//! drops the round under way, and the bounds are those of the rounds before it.

use super::plan::{Plan, Searched};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a unit is proved to cost so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitBound {
    /// A proved lower bound on the unit's optimum (its size bound at first).
    pub at_least: u32,
    /// Whether `at_least` is the unit's optimum.
    pub exact: bool,
    /// The next budget step above `at_least`.
    pub step: u32,
}

/// How far the rounds of raising have gone: what a later run continues from, beside the units'
/// bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounds {
    /// Rounds run.
    pub rounds: u32,
    /// Nodes their unit searches visited.
    pub nodes: u64,
    /// The nodes each unit search of the next round may visit.
    pub round_nodes: u64,
}

/// The lower bounds proved for every unit of a plan, and what they give.
#[derive(Debug, Clone)]
pub struct Bounds {
    /// One per unit of the plan.
    pub units: Vec<UnitBound>,
    /// Per first guess: its bound plus its units' proved excess over their size bounds.
    pub first_guesses: Vec<u64>,
    /// The proved lower bound on the optimum: the least of `first_guesses` (the known tree's
    /// total when that is less, since the optimum is at most that).
    pub lower_bound: u64,
    /// Rounds run.
    pub rounds: u32,
    /// Nodes searched by the rounds' unit searches, those stopped at the round's cap included.
    pub nodes: u64,
    /// The nodes each unit search of the next round may visit.
    pub round_nodes: u64,
}

impl Bounds {
    /// Every unit at its size bound: where raising starts.
    pub fn new(plan: &Plan) -> Bounds {
        let units =
            plan.units.iter().map(|u| UnitBound { at_least: u.bound, exact: false, step: 1 });
        let progress = Rounds { rounds: 0, nodes: 0, round_nodes: FIRST_ROUND_NODES };
        Bounds::resume(plan, units.collect(), progress).expect("size bounds fit their own plan")
    }

    /// Bounds proved earlier (for example read back from a file) after the rounds of
    /// `progress`, or `None` when they do not fit `plan` (another number of units, a unit below
    /// its size bound, a step or a cap of zero).
    pub fn resume(plan: &Plan, units: Vec<UnitBound>, progress: Rounds) -> Option<Bounds> {
        let fits = units.len() == plan.units.len()
            && units.iter().zip(&plan.units).all(|(b, u)| b.at_least >= u.bound && b.step >= 1)
            && progress.round_nodes >= 1;
        if !fits {
            return None;
        }
        let Rounds { rounds, nodes, round_nodes } = progress;
        let mut bounds =
            Bounds { units, first_guesses: Vec::new(), lower_bound: 0, rounds, nodes, round_nodes };
        bounds.total(plan);
        Some(bounds)
    }

    /// How far the rounds have gone.
    pub fn progress(&self) -> Rounds {
        Rounds { rounds: self.rounds, nodes: self.nodes, round_nodes: self.round_nodes }
    }

    /// Recomputes the first guesses' bounds and the optimum's.
    fn total(&mut self, plan: &Plan) {
        self.first_guesses = plan
            .first_guesses
            .iter()
            .map(|first| {
                let excess: u64 = plan.units[first.units.clone()]
                    .iter()
                    .map(|u| u64::from(self.units[u.index].at_least - u.bound))
                    .sum();
                first.bound + excess
            })
            .collect();
        let least = self.first_guesses.iter().copied().min().unwrap_or(plan.upper_bound);
        self.lower_bound = least.min(plan.upper_bound).max(plan.lower_bound);
    }
}

/// The nodes a unit's search may visit in a round at first: a search within its step that
/// visits more is stopped, keeps its bound and halves its step. The cap doubles after a round
/// that raised nothing, so that large units are eventually given the work they need.
pub const FIRST_ROUND_NODES: u64 = 1 << 20;

/// Raises the plan's lower bound from `bounds` until the nodes spent (counted from the first
/// round of `bounds`) reach `node_budget`, or the lowest first guess is exact, or `stop` is
/// raised: in each round, every unit of the first guess with the lowest bound is searched within
/// its proved bound plus its step, at most [`Bounds::round_nodes`] nodes each, on the rayon
/// pool. `report` is called after every round. A round stopped from outside is dropped whole.
pub fn raise_lower_bound(
    plan: &Plan,
    mut bounds: Bounds,
    node_budget: u64,
    stop: Option<Arc<AtomicBool>>,
    report: impl Fn(&Bounds),
) -> Bounds {
    let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    while bounds.nodes < node_budget && !stopped() {
        let Some(open) = lowest_open_units(plan, &bounds) else {
            break;
        };
        let cap = bounds.round_nodes;
        let found: Vec<(usize, UnitBound, u64)> = open
            .par_iter()
            .map(|&u| {
                let (raised, nodes) = raise_unit(plan, u, bounds.units[u], cap, stop.clone());
                (u, raised, nodes)
            })
            .collect();
        if stopped() {
            break;
        }
        let before = bounds.lower_bound;
        let raised_any = found.iter().any(|&(u, b, _)| b.at_least > bounds.units[u].at_least);
        for (u, raised, nodes) in found {
            bounds.units[u] = raised;
            bounds.nodes += nodes;
        }
        if !raised_any {
            bounds.round_nodes = bounds.round_nodes.saturating_mul(2);
        }
        bounds.rounds += 1;
        bounds.total(plan);
        debug_assert!(bounds.lower_bound >= before);
        report(&bounds);
    }
    bounds
}

/// The units not yet exact of the first guess with the lowest bound, or `None` when there is
/// nothing left to raise (that first guess is exact, or every first guess passes the known
/// tree).
fn lowest_open_units(plan: &Plan, bounds: &Bounds) -> Option<Vec<usize>> {
    let lowest = (0..plan.first_guesses.len())
        .filter(|&i| bounds.first_guesses[i] <= plan.upper_bound)
        .min_by_key(|&i| (bounds.first_guesses[i], i))?;
    let open: Vec<usize> =
        plan.first_guesses[lowest].units.clone().filter(|&u| !bounds.units[u].exact).collect();
    (!open.is_empty()).then_some(open)
}

/// One round's search of unit `unit`, known to cost at least `known`: within its bound plus its
/// step and at most `cap` nodes. Returns what it then costs at least, and the nodes spent.
fn raise_unit(
    plan: &Plan,
    unit: usize,
    known: UnitBound,
    cap: u64,
    stop: Option<Arc<AtomicBool>>,
) -> (UnitBound, u64) {
    let budget = known.at_least.saturating_add(known.step);
    let (searched, nodes) = plan.bound_unit(unit, budget, cap, stop);
    let raised = match searched {
        Searched::Exact(total) => UnitBound { at_least: total, exact: true, step: known.step },
        Searched::AtLeast(at_least) => UnitBound {
            at_least: at_least.max(known.at_least),
            exact: false,
            step: known.step.saturating_mul(2),
        },
        // Out of nodes: a smaller step next round.
        Searched::Stopped => UnitBound { step: (known.step / 2).max(1), ..known },
    };
    (raised, nodes)
}
