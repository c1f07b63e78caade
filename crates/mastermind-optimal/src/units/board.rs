//! Where the units of a search stand, and what follows: each first guess's total or bound, the
//! best tree, the proof.

use super::bounds::Bounds;
use super::plan::{Plan, UnitOutcome, UnitResult};
use super::schedule::Standings;
use super::store::StoreError;
use super::tree_codec::rebuild;
use crate::{Progress, Solution, SolveError};
use mastermind_tree::{Branch, Node, StrategyTree};
use std::time::Instant;

/// Where the units of a search stand: what each first guess is known to cost.
pub struct Board<'a> {
    plan: &'a Plan,
    results: Vec<Option<UnitResult>>,
    /// Per unit, a proved lower bound from elsewhere (raised bounds), at least its size bound.
    floors: Vec<u32>,
}

impl<'a> Board<'a> {
    /// A board with no unit done.
    pub fn new(plan: &'a Plan) -> Board<'a> {
        let floors = plan.units.iter().map(|u| u.bound).collect();
        Board { plan, results: vec![None; plan.units.len()], floors }
    }

    /// Counts the lower bounds raised for the plan's units (see
    /// [`raise_lower_bound`](super::raise_lower_bound)) where no result says more: a first
    /// guess whose units' bounds pass the best total is out without being searched, and the
    /// budgets of a search that shares the best total count them.
    pub fn add_floors(&mut self, bounds: &Bounds) {
        for (floor, raised) in self.floors.iter_mut().zip(&bounds.units) {
            *floor = (*floor).max(raised.at_least);
        }
    }

    /// Records a unit's result.
    pub fn record(&mut self, result: UnitResult) {
        let index = result.unit;
        self.results[index] = Some(result);
    }

    /// The results recorded so far.
    pub fn results(&self) -> &[Option<UnitResult>] {
        &self.results
    }

    /// Whether unit `index` has a result that holds within its own budget: solved, or refuted
    /// within it (by its search or a raised bound). (A unit refuted within a smaller budget, by a search that shared the best
    /// total, has only a lower bound; it is searched again if its first guess is still in.)
    pub fn is_settled(&self, index: usize) -> bool {
        let at_least = match self.results[index].as_ref().map(|r| &r.outcome) {
            Some(UnitOutcome::Solved { .. }) => return true,
            Some(UnitOutcome::Refuted { at_least }) => self.floors[index].max(*at_least),
            None => self.floors[index],
        };
        at_least >= self.plan.units[index].budget
    }

    /// What first guess `index` is known to cost: its lower bound from the units done, and
    /// whether that is exact (every unit solved) or it is refuted (a unit reached its budget).
    pub fn standing(&self, index: usize) -> Standing {
        let first = &self.plan.first_guesses[index];
        let mut lower = first.bound;
        let mut solved = 0;
        let mut refuted = false;
        for unit in &self.plan.units[first.units.clone()] {
            let floor = self.floors[unit.index];
            let at_least = match self.results[unit.index].as_ref().map(|r| &r.outcome) {
                Some(UnitOutcome::Solved { total, .. }) => {
                    solved += 1;
                    *total
                }
                Some(UnitOutcome::Refuted { at_least }) => floor.max(*at_least),
                None => floor,
            };
            lower += u64::from(at_least - unit.bound);
            refuted |= at_least >= unit.budget;
        }
        Standing { lower, exact: solved == first.units.len(), refuted }
    }

    /// The best exact first guess so far: its index and total (the least total, ties to the
    /// first in the plan's order).
    pub fn best(&self) -> Option<(usize, u64)> {
        (0..self.plan.first_guesses.len())
            .filter_map(|i| {
                let standing = self.standing(i);
                standing.exact.then_some((i, standing.lower))
            })
            .min_by_key(|&(i, total)| (total, i))
    }

    /// Whether first guess `index` can no longer be the answer: refuted, or its lower bound
    /// passes the best exact total (or equals it and it comes later in the order).
    pub fn is_out(&self, index: usize) -> bool {
        let standing = self.standing(index);
        if standing.refuted {
            return true;
        }
        match self.best() {
            Some((best, total)) => {
                index != best
                    && (standing.lower > total || (standing.lower == total && index > best))
            }
            None => false,
        }
    }

    /// The proved lower bound on the optimum: the least lower bound of a first guess still in,
    /// or the known tree's total when every first guess is refuted (then it is optimal).
    pub fn lower_bound(&self) -> u64 {
        (0..self.plan.first_guesses.len())
            .filter(|&i| !self.standing(i).refuted)
            .map(|i| self.standing(i).lower)
            .min()
            .unwrap_or(self.plan.upper_bound)
            .min(self.plan.upper_bound)
            .max(self.plan.lower_bound)
    }

    /// Whether the optimum is proved: some first guess is exact and every other is out, or
    /// every first guess is refuted (then no tree beats the known one).
    pub fn is_proved(&self) -> bool {
        let count = self.plan.first_guesses.len();
        match self.best() {
            Some((best, _)) => (0..count).all(|i| i == best || self.is_out(i)),
            None => (0..count).all(|i| self.standing(i).refuted),
        }
    }

    /// Units with a result that holds within their own budget (see
    /// [`is_settled`](Self::is_settled)).
    pub fn units_done(&self) -> usize {
        (0..self.results.len()).filter(|&u| self.is_settled(u)).count()
    }

    /// A progress report of the board, with the nodes `searched` so far by this run (the units
    /// done and those in flight).
    pub(super) fn progress(&self, start: Instant, searched: u64) -> Progress {
        let upper = self.best().map_or(self.plan.upper_bound, |(_, total)| total);
        Progress {
            nodes: searched,
            lower_bound: self.lower_bound().min(upper),
            upper_bound: upper,
            elapsed: start.elapsed(),
            units: (self.units_done() as u64, self.plan.units.len() as u64),
        }
    }

    /// The best tree known: the best exact first guess with its units' trees, or the known
    /// tree. Fails only if a unit's tree does not rebuild (a corrupt part file).
    pub fn tree(&self) -> Result<StrategyTree, SolveError> {
        let Some((best, _)) = self.best() else {
            return Ok(self.plan.known.clone());
        };
        let ctx = &self.plan.ctx;
        let first = &self.plan.first_guesses[best];
        let mut branches = Vec::new();
        for unit in &self.plan.units[first.units.clone()] {
            let Some(UnitOutcome::Solved { guesses, .. }) =
                self.results[unit.index].as_ref().map(|r| &r.outcome)
            else {
                unreachable!("an exact first guess has every unit solved");
            };
            let node = rebuild(ctx, &unit.secrets, guesses)
                .ok_or(SolveError::CorruptUnit { unit: unit.index })?;
            branches.push(Branch { reply: unit.reply, node });
        }
        branches.sort_by_key(|b| b.reply.index());
        let root = Node { guess: first.guess, secrets: ctx.size() as u32, branches };
        StrategyTree::new(ctx.game, root).map_err(SolveError::Tree)
    }

    /// The proved optimum from the board's results: fails, naming them, while units are missing
    /// that the proof needs; the merged tree is replayed against every secret.
    pub fn merge(&self) -> Result<Solution, StoreError> {
        let start = Instant::now();
        if !self.is_proved() {
            let units = &self.plan.units;
            let missing: Vec<usize> = (0..units.len())
                .filter(|&u| !self.is_settled(u) && !self.is_out(units[u].first_guess))
                .collect();
            return Err(StoreError::Incomplete { missing, total: units.len() });
        }
        let solution = self.solution(start).map_err(|e| StoreError::Merge(e.to_string()))?;
        solution.tree.verify().map_err(|e| StoreError::Merge(e.to_string()))?;
        Ok(solution)
    }

    /// The solution the board holds: the best tree, proved or not, with the lower bound.
    pub fn solution(&self, start: Instant) -> Result<Solution, SolveError> {
        let tree = self.tree()?;
        let total = tree.total_guesses();
        let proved = self.is_proved();
        let done = self.results.iter().flatten();
        Ok(Solution {
            total,
            proved,
            lower_bound: if proved { total } else { self.lower_bound().min(total) },
            heuristic_total: Some(self.plan.upper_bound),
            nodes_searched: done.clone().map(|r| r.nodes).sum(),
            memo_hits: 0,
            memo_entries: 0,
            elapsed: start.elapsed(),
            tree,
        })
    }
}

/// What one first guess is known to cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// A proved lower bound on its total (exact when `exact`).
    pub lower: u64,
    /// Every unit is solved: `lower` is its total.
    pub exact: bool,
    /// A unit reached its budget: it cannot beat the known tree.
    pub refuted: bool,
}

impl Standings for Board<'_> {
    fn best_known(&self) -> bool {
        self.best().is_some()
    }

    fn is_out(&self, index: usize) -> bool {
        Board::is_out(self, index)
    }

    fn is_decided(&self, index: usize) -> bool {
        self.standing(index).exact || Board::is_out(self, index)
    }
}
