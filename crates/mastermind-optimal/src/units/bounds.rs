//! Raising the lower bound of a search too large to finish: every unit's size bound is pushed
//! up by searches with small budgets, which refute cheaply what the size bound cannot.
//!
//! The optimum is at least the least, over first guesses, of the first guess's bound plus what
//! its units are proved to cost beyond their size bounds. A unit searched within its size bound
//! plus `δ` either finds its optimum (exact) or proves at least that much; `δ` doubles while
//! the searches stay cheap, and halves when one runs past the round's time. Rounds work on the
//! first guess whose bound is lowest, since only that one holds the optimum's lower bound down.

use super::plan::{Plan, UnitOutcome};
use super::watch::while_watching;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
    /// Nodes searched by the unit searches that finished (stopped ones are not counted).
    pub nodes: u64,
}

impl Bounds {
    /// Every unit at its size bound: where raising starts.
    pub fn new(plan: &Plan) -> Bounds {
        let units =
            plan.units.iter().map(|u| UnitBound { at_least: u.bound, exact: false, step: 1 });
        Bounds::resume(plan, units.collect(), 0, 0).expect("size bounds fit their own plan")
    }

    /// Bounds proved earlier (for example read back from a file), or `None` when they do not
    /// fit `plan` (another number of units, or a unit below its size bound).
    pub fn resume(plan: &Plan, units: Vec<UnitBound>, rounds: u32, nodes: u64) -> Option<Bounds> {
        let fits = units.len() == plan.units.len()
            && units.iter().zip(&plan.units).all(|(b, u)| b.at_least >= u.bound && b.step >= 1);
        if !fits {
            return None;
        }
        let mut bounds = Bounds { units, first_guesses: Vec::new(), lower_bound: 0, rounds, nodes };
        bounds.total(plan);
        Some(bounds)
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

/// The longest a round may take at first: a unit whose search within its step runs past it is
/// stopped, keeps its bound and halves its step. The cap doubles after a round that raised
/// nothing, so that large units are eventually given the time they need.
const FIRST_ROUND_CAP: Duration = Duration::from_secs(5);

/// Raises the plan's lower bound from `bounds` until `limit` has passed (or `stop` is raised):
/// in each round, every unit of the first guess with the lowest bound is searched within its
/// proved bound plus its step, on the rayon pool. `report` is called after every round.
pub fn raise_lower_bound(
    plan: &Plan,
    mut bounds: Bounds,
    limit: Duration,
    stop: Option<Arc<AtomicBool>>,
    report: impl Fn(&Bounds),
) -> Bounds {
    let start = Instant::now();
    let stopped =
        || start.elapsed() >= limit || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    // The flag of the round under way, and when that round must end (milliseconds from start).
    let round_flag = Mutex::new(Arc::new(AtomicBool::new(false)));
    let round_end = AtomicU64::new(u64::MAX);
    let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let mut cap = FIRST_ROUND_CAP;
    // The searches read their round's flag: raised at the round's end, at the limit, or on
    // the caller's stop.
    let watch = || {
        if stopped() || millis(start.elapsed()) >= round_end.load(Ordering::Relaxed) {
            round_flag.lock().expect("no round panics").store(true, Ordering::Relaxed);
        }
    };
    while_watching(watch, || {
        while !stopped() {
            let Some(lowest) = (0..plan.first_guesses.len())
                .filter(|&i| bounds.first_guesses[i] <= plan.upper_bound)
                .min_by_key(|&i| (bounds.first_guesses[i], i))
            else {
                break;
            };
            let open: Vec<usize> = plan.first_guesses[lowest]
                .units
                .clone()
                .filter(|&u| !bounds.units[u].exact)
                .collect();
            if open.is_empty() {
                break; // that first guess is exact: nothing below it to prove
            }
            let flag = Arc::new(AtomicBool::new(false));
            *round_flag.lock().expect("no round panics") = Arc::clone(&flag);
            round_end.store(millis(start.elapsed() + cap), Ordering::Relaxed);
            let found: Vec<(usize, UnitBound, u64)> = open
                .par_iter()
                .map(|&u| {
                    let known = bounds.units[u];
                    let budget = known.at_least.saturating_add(known.step);
                    let result = plan.solve_unit_within(u, budget, None, Some(Arc::clone(&flag)));
                    let nodes = result.as_ref().map_or(0, |r| r.nodes);
                    let raised = match result.map(|r| r.outcome) {
                        Some(UnitOutcome::Solved { total, .. }) => {
                            UnitBound { at_least: total, exact: true, step: known.step }
                        }
                        Some(UnitOutcome::Refuted { at_least }) => UnitBound {
                            at_least: at_least.max(known.at_least),
                            exact: false,
                            step: known.step.saturating_mul(2),
                        },
                        // Out of time: a smaller step next round.
                        None => UnitBound { step: (known.step / 2).max(1), ..known },
                    };
                    (u, raised, nodes)
                })
                .collect();
            let before = bounds.lower_bound;
            let raised_any = found.iter().any(|&(u, b, _)| b.at_least > bounds.units[u].at_least);
            for (u, raised, nodes) in found {
                bounds.units[u] = raised;
                bounds.nodes += nodes;
            }
            if !raised_any {
                cap = cap.saturating_mul(2);
            }
            bounds.rounds += 1;
            bounds.total(plan);
            debug_assert!(bounds.lower_bound >= before);
            report(&bounds);
        }
    });
    bounds
}
