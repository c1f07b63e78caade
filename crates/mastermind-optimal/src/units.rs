//! The search split into independent units, so that it can run on every core and across
//! machines, and be resumed after a kill.
//!
//! A unit is one first guess and one reply to it: the secrets that give that reply, to be solved
//! exactly within a budget. Every budget follows from one number fixed before any unit runs, the
//! total of a known tree (the upper bound `U`): a unit of first guess `g` may cost at most what
//! leaves `g`'s total below `U` when every other part of `g` costs its size bound. So each unit's
//! result depends only on the unit, never on which units ran before it or beside it, and the
//! merged tree is the same on one thread, on many, or from shards run on different machines.
//!
//! A first guess whose every unit is solved has an exact total; one with a unit refuted costs at
//! least `U`, more than the known tree. The optimum is the least exact total (ties go to the
//! first guess in the search's order), proved once every first guess is either exact or
//! refuted. A first guess whose bound already reaches `U` has no units.

use crate::context::{Context, INFEASIBLE, UNLIMITED, next_depth};
use crate::heuristic::heuristic_tree;
use crate::memo::SharedMemo;
use crate::partition::Partition;
use crate::scoring::{class_representatives, present_colours, score_candidates, size_bound};
use crate::search::{Searcher, consistent_optimum};
use crate::{
    CONSISTENT_BOUND_MIN_CODES, PROGRESS_INTERVAL, Progress, Solution, SolveError, SolveOptions,
};
use mastermind_core::{Code, Feedback, Game};
use mastermind_tree::{Branch, Node, StrategyTree};
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The units of one search: its first guesses, in the order the search tries them, and the
/// parts below each.
pub struct Plan {
    ctx: Context,
    options: SolveOptions,
    /// The depth budget of the root (`UNLIMITED` without a limit).
    depth: u32,
    /// The total of the known tree every budget is set from.
    upper_bound: u64,
    /// The proved lower bound before any unit runs: the least bound of any first guess.
    lower_bound: u64,
    /// The known tree itself, the answer if the search is stopped before a first guess is exact.
    known: StrategyTree,
    first_guesses: Vec<FirstGuess>,
    units: Vec<Unit>,
}

/// A first guess of the plan: one guess per class of equivalent guesses at the root.
#[derive(Debug, Clone)]
pub struct FirstGuess {
    /// The guess (code rank).
    rank: u16,
    /// The guess.
    pub guess: Code,
    /// Its lower bound: the number of codes plus the size bound of every part.
    pub bound: u64,
    /// Its units, indices into [`Plan::units`].
    pub units: Range<usize>,
}

/// One unit: the secrets that give `reply` to a first guess, solved within `budget`.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Its index in the plan.
    pub index: usize,
    /// Its first guess, an index into [`Plan::first_guesses`].
    pub first_guess: usize,
    /// The reply its secrets give to the first guess.
    pub reply: Feedback,
    /// The secrets (code ranks, sorted).
    secrets: Vec<u16>,
    /// The size bound of its secrets, already counted in the first guess's bound.
    pub bound: u32,
    /// The unit is solved if its optimum is below this; otherwise it refutes its first guess.
    pub budget: u32,
}

/// What a unit found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitOutcome {
    /// The optimum of the unit's secrets, below its budget, and a tree that achieves it: the
    /// guesses of its nodes in preorder, the parts of a node in reply order.
    Solved {
        /// The optimal total of guesses over the unit's secrets (after the first guess).
        total: u32,
        /// The tree's guesses (code ranks) in preorder.
        guesses: Vec<u16>,
    },
    /// The optimum reaches the budget: at least `at_least` guesses.
    Refuted {
        /// A proved lower bound, at least the budget.
        at_least: u32,
    },
}

/// A unit's outcome and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitResult {
    /// The unit's index in the plan.
    pub unit: usize,
    /// What it found.
    pub outcome: UnitOutcome,
    /// Nodes its search visited.
    pub nodes: u64,
    /// Wall time of its search, in seconds.
    pub seconds: f64,
}

impl Plan {
    /// Plans the search of `game` under `options` (depth limit, consistent guesses only, rules):
    /// builds the known tree that sets the budgets, scores every first guess and splits each
    /// one that can beat the known tree into its units.
    pub fn new(game: Game, options: &SolveOptions) -> Result<Plan, SolveError> {
        let mut ctx = Context::new(game).ok_or(SolveError::TooLarge { game })?;
        let depth = options.max_depth.filter(|&d| (d as usize) < ctx.size()).unwrap_or(UNLIMITED);
        ctx.prepare_part_bounds(options.rules.size_bound, depth);
        let infeasible = SolveError::Infeasible { game, max_depth: depth };
        let all: Vec<u16> = (0..ctx.size() as u16).collect();
        if depth != UNLIMITED && ctx.bound.total(all.len(), depth) >= INFEASIBLE {
            return Err(infeasible);
        }
        let mut known = heuristic_tree(&ctx, options, &all, depth);
        // As on one thread: above this size the consistent optimum is the better start.
        if options.rules.consistent_upper_bound
            && !options.consistent_only
            && ctx.size() > CONSISTENT_BOUND_MIN_CODES
            && let Some(better) = consistent_optimum(game, options, depth)
            && better.total_guesses() < known.total_guesses()
        {
            known = better;
        }
        if depth != UNLIMITED && known.max_guesses() > depth {
            // The budgets need a tree within the limit to start from.
            return Err(SolveError::NoKnownTree { game, max_depth: depth });
        }
        let upper_bound = known.total_guesses();
        let beta = upper_bound as u32 + 1;
        let child_depth = next_depth(depth);
        let present = present_colours(&ctx, &all);
        let kept = class_representatives(&ctx, options.rules, &[], present);
        let scored = score_candidates(&ctx, options.rules, &all, &kept, child_depth, beta);
        let lower_bound = u64::from(scored.least_bound.min(beta));
        let mut open = scored.open;
        open.sort_unstable_by_key(|c| c.order_key());

        let mut first_guesses = Vec::with_capacity(open.len());
        let mut units = Vec::new();
        let mut parts = Partition::default();
        for candidate in open {
            parts.split(&ctx, &all, candidate.guess);
            let start = units.len();
            let mut split = parts.parts_in_reply_order();
            // Large parts first: they take longest, and starting them early balances threads.
            split.sort_by_key(|(reply, part)| (std::cmp::Reverse(part.len()), *reply));
            for (reply, secrets) in split {
                let bound = size_bound(&ctx, options.rules, secrets.len(), child_depth);
                units.push(Unit {
                    index: units.len(),
                    first_guess: first_guesses.len(),
                    reply: Feedback::from_index(reply),
                    bound,
                    budget: beta - (candidate.bound - bound),
                    secrets,
                });
            }
            first_guesses.push(FirstGuess {
                rank: candidate.guess,
                guess: ctx.codes[usize::from(candidate.guess)],
                bound: u64::from(candidate.bound),
                units: start..units.len(),
            });
        }
        Ok(Plan {
            ctx,
            options: options.clone(),
            depth,
            upper_bound,
            lower_bound,
            known,
            first_guesses,
            units,
        })
    }

    /// The game planned.
    pub fn game(&self) -> Game {
        self.ctx.game
    }

    /// The total of the known tree that sets every budget.
    pub fn upper_bound(&self) -> u64 {
        self.upper_bound
    }

    /// The proved lower bound before any unit runs.
    pub fn lower_bound(&self) -> u64 {
        self.lower_bound
    }

    /// The first guesses that can beat the known tree, in the search's order.
    pub fn first_guesses(&self) -> &[FirstGuess] {
        &self.first_guesses
    }

    /// Every unit, the units of one first guess together, largest first.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Solves unit `index`, or returns `None` if `stop` was raised before it finished.
    pub fn solve_unit(&self, index: usize, stop: Option<Arc<AtomicBool>>) -> Option<UnitResult> {
        self.solve_unit_within(index, self.units[index].budget, None, stop)
    }

    /// Solves unit `index` within `budget` (at most the unit's own), with `memo` shared with
    /// other units when given.
    fn solve_unit_within(
        &self,
        index: usize,
        budget: u32,
        memo: Option<&Arc<SharedMemo>>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Option<UnitResult> {
        let start = Instant::now();
        let unit = &self.units[index];
        let first = &self.first_guesses[unit.first_guess];
        let options = SolveOptions { progress: None, stop, ..self.options.clone() };
        let mut searcher = Searcher::new(&self.ctx, &options, start);
        if let Some(memo) = memo {
            searcher.share_memo(Arc::clone(memo));
        }
        let all;
        let pool: &[u16] = if self.pool_lags() {
            all = (0..self.ctx.size() as u16).collect::<Vec<u16>>();
            &all
        } else {
            &unit.secrets
        };
        let child_depth = next_depth(self.depth);
        let mut history = vec![first.rank];
        let outcome = searcher.search(&unit.secrets, pool, &mut history, child_depth, budget);
        if searcher.was_stopped() {
            return None;
        }
        let outcome = match outcome.guess {
            Some(_) => {
                let node = searcher.build(&unit.secrets, pool, &mut history, child_depth, None);
                let mut guesses = Vec::new();
                preorder(&self.ctx, &node, &mut guesses);
                UnitOutcome::Solved { total: outcome.value, guesses }
            }
            None => UnitOutcome::Refuted { at_least: outcome.value },
        };
        Some(UnitResult {
            unit: index,
            outcome,
            nodes: searcher.nodes(),
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    fn pool_lags(&self) -> bool {
        self.options.consistent_only && self.options.possible_before_last_reply
    }
}

/// Appends the guesses of `node`'s tree in preorder (children in reply order, as a tree keeps
/// them).
fn preorder(ctx: &Context, node: &Node, out: &mut Vec<u16>) {
    out.push(ctx.rank_of_row(&row_of(&node.guess)));
    for branch in &node.branches {
        preorder(ctx, &branch.node, out);
    }
}

/// A code's colours padded to 8 pegs, as the context keeps them.
fn row_of(code: &Code) -> [u8; 8] {
    let mut row = [0u8; 8];
    for (slot, colour) in row.iter_mut().zip(code.colours()) {
        *slot = colour;
    }
    row
}

/// Rebuilds the tree over `secrets` whose guesses are `guesses` in preorder, or `None` when the
/// list does not describe such a tree (too short, or a guess that splits nothing).
fn rebuild(
    ctx: &Context,
    secrets: &[u16],
    guesses: &mut impl Iterator<Item = u16>,
) -> Option<Node> {
    let guess = guesses.next()?;
    if usize::from(guess) >= ctx.size() {
        return None;
    }
    let mut parts = Partition::default();
    parts.split(ctx, secrets, guess);
    let mut branches = Vec::new();
    for (reply, part) in parts.parts_in_reply_order() {
        if part.len() == secrets.len() {
            return None;
        }
        let node = rebuild(ctx, &part, guesses)?;
        branches.push(Branch { reply: Feedback::from_index(reply), node });
    }
    Some(Node { guess: ctx.codes[usize::from(guess)], secrets: secrets.len() as u32, branches })
}

/// Where the units of a search stand: what each first guess is known to cost.
pub struct Board<'a> {
    plan: &'a Plan,
    results: Vec<Option<UnitResult>>,
}

impl<'a> Board<'a> {
    /// A board with no unit done.
    pub fn new(plan: &'a Plan) -> Board<'a> {
        Board { plan, results: vec![None; plan.units.len()] }
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

    /// What first guess `index` is known to cost: its lower bound from the units done, and
    /// whether that is exact (every unit solved) or it is refuted (a unit reached its budget).
    pub fn standing(&self, index: usize) -> Standing {
        let first = &self.plan.first_guesses[index];
        let mut lower = first.bound;
        let mut solved = 0;
        let mut refuted = false;
        for unit in &self.plan.units[first.units.clone()] {
            match self.results[unit.index].as_ref().map(|r| &r.outcome) {
                Some(UnitOutcome::Solved { total, .. }) => {
                    lower += u64::from(total - unit.bound);
                    solved += 1;
                }
                Some(UnitOutcome::Refuted { at_least }) => {
                    lower += u64::from(at_least.saturating_sub(unit.bound));
                    refuted = true;
                }
                None => {}
            }
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

    /// Units with a result.
    pub fn units_done(&self) -> usize {
        self.results.iter().flatten().count()
    }

    /// A progress report of the board (nodes of the units done).
    fn progress(&self, start: Instant) -> Progress {
        let upper = self.best().map_or(self.plan.upper_bound, |(_, total)| total);
        Progress {
            nodes: self.results.iter().flatten().map(|r| r.nodes).sum(),
            lower_bound: self.lower_bound().min(upper),
            upper_bound: upper,
            elapsed: start.elapsed(),
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
            let node = rebuild(ctx, &unit.secrets, &mut guesses.iter().copied())
                .ok_or(SolveError::CorruptUnit { unit: unit.index })?;
            branches.push(Branch { reply: unit.reply, node });
        }
        branches.sort_by_key(|b| b.reply.index());
        let root = Node { guess: first.guess, secrets: ctx.size() as u32, branches };
        StrategyTree::new(ctx.game, root).map_err(SolveError::Tree)
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

/// How the units of one run share what they learn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// Every unit searches alone within its planned budget, so its result depends on the unit
    /// only: the same tree on any number of threads, shards and machines (and the mode whose
    /// results can be stored and merged).
    Nothing,
    /// The units share one memo, and a unit's budget shrinks to what can still beat the best
    /// first guess solved: far less work, the same optimum, but which of several optimal
    /// trees is returned can depend on timing.
    MemoAndBounds,
}

/// Solves every unit of `plan` that can still matter, on the current rayon pool, and returns
/// the board. Units start in the plan's order; a unit whose first guess is out is skipped, and
/// running units of a first guess that drops out are stopped. `stop` ends the whole search.
pub fn run(plan: &Plan, sharing: Sharing, stop: Option<Arc<AtomicBool>>) -> Board<'_> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let board = Mutex::new(Board::new(plan));
    let flags: Vec<Arc<AtomicBool>> =
        plan.first_guesses.iter().map(|_| Arc::new(AtomicBool::new(false))).collect();
    let next = AtomicUsize::new(0);
    let memo = Arc::new(SharedMemo::default());
    let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    let workers_done = AtomicBool::new(false);
    let start = Instant::now();
    let worker = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= plan.units.len() || stopped() {
                return;
            }
            let first = plan.units[index].first_guess;
            if board.lock().expect("no unit panics").is_out(first) {
                continue;
            }
            let unit = &plan.units[index];
            let budget = match (sharing, board.lock().expect("no unit panics").best()) {
                (Sharing::MemoAndBounds, Some((_, best))) => {
                    // Ties with the best stay solvable: the order decides between them.
                    let beat = best + 1 - (plan.first_guesses[first].bound - u64::from(unit.bound));
                    unit.budget.min(u32::try_from(beat).unwrap_or(u32::MAX))
                }
                _ => unit.budget,
            };
            let memo = (sharing == Sharing::MemoAndBounds).then_some(&memo);
            let flag = Some(Arc::clone(&flags[first]));
            let Some(result) = plan.solve_unit_within(index, budget, memo, flag) else {
                continue;
            };
            let mut board = board.lock().expect("no unit panics");
            let best_before = board.best();
            board.record(result);
            if board.best() != best_before
                && let Some(progress) = &plan.options.progress
            {
                progress(&board.progress(start));
            }
            for (i, flag) in flags.iter().enumerate() {
                if board.is_out(i) {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
    };
    let threads = rayon::current_num_threads();
    std::thread::scope(|scope| {
        // The searches read one flag each: a stop of the whole search raises them all. Progress
        // is reported from here too, so no search waits for it. (A thread of its own: on the
        // rayon pool it would take a worker's place.)
        scope.spawn(|| {
            let mut last_report = Instant::now();
            let mut raised = false;
            while !workers_done.load(Ordering::Relaxed) {
                if !raised && stopped() {
                    flags.iter().for_each(|f| f.store(true, Ordering::Relaxed));
                    raised = true;
                }
                if let Some(progress) = &plan.options.progress
                    && last_report.elapsed() >= PROGRESS_INTERVAL
                {
                    last_report = Instant::now();
                    let report = board.lock().expect("no unit panics").progress(start);
                    progress(&report);
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        rayon::scope(|workers| {
            for _ in 0..threads {
                workers.spawn(|_| worker());
            }
        });
        workers_done.store(true, Ordering::Relaxed);
    });
    board.into_inner().expect("no unit panics")
}

/// [`solve`](crate::solve) on every thread of the current rayon pool: the plan's units, sharing
/// one memo and the best total. The search alone (one thread) when no known tree keeps the
/// depth limit, since the units' budgets need one.
pub(crate) fn solve_shared(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let plan = match Plan::new(game, options) {
        Err(SolveError::NoKnownTree { .. }) => return crate::search::solve_alone(game, options),
        other => other?,
    };
    let board = run(&plan, Sharing::MemoAndBounds, options.stop.clone());
    board.solution(start)
}
