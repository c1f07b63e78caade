//! The plan of a split search: its first guesses, their units and the budgets, and the search
//! of one unit.

use super::tree_codec::preorder;
use crate::context::{Context, UNLIMITED, next_depth};
use crate::guess_lists::GuessLists;
use crate::memo::SharedMemo;
use crate::partition::Partition;
use crate::scoring::{Filing, present_colours, score_candidates, size_bound};
use crate::search::{Fork, Prepared, SPLIT_MIN_SECRETS, Searcher, prepare_search};
use crate::{SolveError, SolveOptions};
use mastermind_core::{Code, Feedback, Game};
use mastermind_tree::StrategyTree;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

/// The units of one search: its first guesses, in the order the search tries them, and the
/// parts below each.
pub struct Plan {
    pub(super) ctx: Context,
    pub(super) options: SolveOptions,
    /// The depth budget of the root (`UNLIMITED` without a limit).
    pub(super) depth: u32,
    /// The total of the known tree every budget is set from.
    pub(super) upper_bound: u64,
    /// The proved lower bound before any unit runs: the least bound of any first guess.
    pub(super) lower_bound: u64,
    /// The known tree itself, the answer if the search is stopped before a first guess is exact.
    pub(super) known: StrategyTree,
    pub(super) first_guesses: Vec<FirstGuess>,
    pub(super) units: Vec<Unit>,
}

/// A first guess of the plan: one guess per class of equivalent guesses at the root.
#[derive(Debug, Clone)]
pub struct FirstGuess {
    /// The guess (code rank).
    pub(super) rank: u16,
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
    pub(super) secrets: Vec<u16>,
    /// The size bound of its secrets, already counted in the first guess's bound.
    pub bound: u32,
    /// The unit is solved if its optimum is below this; otherwise it refutes its first guess.
    pub budget: u32,
}

impl Unit {
    /// How many secrets the unit holds.
    pub fn size(&self) -> usize {
        self.secrets.len()
    }
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
    /// The optimum reaches the budget the unit was searched within: at least `at_least`
    /// guesses. Within the unit's own budget, that refutes its first guess; within a smaller one
    /// (a search that shares the best total found), it is a lower bound on the unit.
    Refuted {
        /// A proved lower bound, at least the budget searched within.
        at_least: u32,
    },
}

/// How one unit is searched.
pub(super) struct UnitSearch<'a> {
    /// The unit is solved if its optimum is below this; otherwise refuted.
    pub budget: u32,
    /// The memo shared with other units (and their threads), or none: a memo of its own.
    pub memo: Option<&'a Arc<SharedMemo>>,
    /// Raised to stop the search.
    pub stop: Option<Arc<AtomicBool>>,
    /// The search stops after this many nodes (see [`Searcher::limit_nodes`]).
    pub node_limit: u64,
    /// Counts the nodes as they are searched, for progress reports.
    pub live_nodes: Option<&'a Arc<AtomicU64>>,
}

impl UnitSearch<'_> {
    /// A search within `budget`, alone, without a limit or a stop.
    pub fn within(budget: u32) -> UnitSearch<'static> {
        UnitSearch { budget, memo: None, stop: None, node_limit: u64::MAX, live_nodes: None }
    }
}

/// What one search of a unit proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Searched {
    /// Its optimum, below the budget.
    Exact(u32),
    /// A lower bound, at least the budget.
    AtLeast(u32),
    /// Stopped (by the flag or the node limit) before either.
    Stopped,
}

/// A unit's outcome and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitResult {
    /// The unit's index in the plan.
    pub unit: usize,
    /// The budget it was searched within: the unit's own, or less when the search shared the
    /// best total found.
    pub budget: u32,
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
        let Prepared { ctx, depth, all, known } = prepare_search(game, options)?;
        if depth != UNLIMITED && known.max_guesses() > depth {
            // The budgets need a tree within the limit to start from.
            return Err(SolveError::NoKnownTree { game, max_depth: depth });
        }
        let upper_bound = known.total_guesses();
        let beta = upper_bound as u32 + 1;
        let child_depth = next_depth(depth);
        let present = present_colours(&ctx, &all);
        let kept = GuessLists::new(&ctx, options.rules).representatives(&[], present, None);
        let filing = Filing::every(beta);
        let scored = score_candidates(&ctx, options.rules, &all, &kept, true, child_depth, filing);
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

    /// The known tree whose total sets every budget (the best tree before any unit runs).
    pub fn known_tree(&self) -> &StrategyTree {
        &self.known
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

    /// Solves unit `index` as `how` says (its budget at most the unit's own); `None` when its
    /// stop flag was raised first.
    pub(super) fn solve_unit(&self, index: usize, how: &UnitSearch<'_>) -> Option<UnitResult> {
        let start = Instant::now();
        let (searched, mut searcher) = self.search_unit(index, how);
        let outcome = match searched {
            Searched::Stopped => return None,
            Searched::AtLeast(at_least) => UnitOutcome::Refuted { at_least },
            Searched::Exact(total) => {
                // The unit is solved: reading its tree back must not stop half-way (a stop now
                // would leave a solved set without its guess).
                searcher.ignore_stop();
                let unit = &self.units[index];
                let pool = self.unit_pool(unit);
                let mut history = vec![self.first_guesses[unit.first_guess].rank];
                let child_depth = next_depth(self.depth);
                let node = searcher.build(&unit.secrets, &pool, &mut history, child_depth, None);
                let mut guesses = Vec::new();
                preorder(&self.ctx, &node, &mut guesses);
                UnitOutcome::Solved { total, guesses }
            }
        };
        Some(UnitResult {
            unit: index,
            budget: how.budget,
            outcome,
            nodes: searcher.nodes(),
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    /// What a search of unit `index` within `budget` proves when it may visit at most
    /// `node_limit` nodes, alone (its own memo, one thread): the same on every machine and
    /// every pool. Returns it with the nodes visited; a raised `stop` gives
    /// [`Searched::Stopped`] as the limit does.
    pub(super) fn bound_unit(
        &self,
        index: usize,
        budget: u32,
        node_limit: u64,
        stop: Option<Arc<AtomicBool>>,
    ) -> (Searched, u64) {
        let how = UnitSearch { node_limit, stop, ..UnitSearch::within(budget) };
        let (searched, searcher) = self.search_unit(index, &how);
        (searched, searcher.nodes())
    }

    /// Searches unit `index` as `how` says; returns what it proved and the searcher, which
    /// holds the solved sets.
    fn search_unit(&self, index: usize, how: &UnitSearch<'_>) -> (Searched, Searcher<'_>) {
        let start = Instant::now();
        let unit = &self.units[index];
        let first = &self.first_guesses[unit.first_guess];
        let options =
            SolveOptions { progress: None, stop: how.stop.clone(), ..self.options.clone() };
        let mut searcher = Searcher::new(&self.ctx, &options, start);
        searcher.limit_nodes(how.node_limit);
        searcher.count_into(how.live_nodes.cloned());
        if let Some(memo) = how.memo {
            searcher.share_memo(Arc::clone(memo));
        }
        let pool = self.unit_pool(unit);
        let child_depth = next_depth(self.depth);
        let mut history = vec![first.rank];
        let (secrets, budget) = (&unit.secrets, how.budget);
        let outcome = match how.memo {
            Some(memo) if secrets.len() >= SPLIT_MIN_SECRETS => {
                // Threads with no unit left to start help with this one's guesses.
                let memo = Arc::clone(memo);
                let live_nodes = how.live_nodes.cloned();
                let fork = Fork { ctx: &self.ctx, options, memo, start, live_nodes };
                searcher.search_split(secrets, &pool, &history, child_depth, budget, &fork)
            }
            _ => searcher.search(secrets, &pool, &mut history, child_depth, budget),
        };
        let searched = match outcome.guess {
            _ if searcher.was_stopped() => Searched::Stopped,
            Some(_) => Searched::Exact(outcome.value),
            None => Searched::AtLeast(outcome.value),
        };
        (searched, searcher)
    }

    /// The codes a unit's first node may guess from when guesses are limited to a pool: its
    /// secrets, or every code when the pool lags (the pool below the first guess).
    fn unit_pool(&self, unit: &Unit) -> Vec<u16> {
        if self.pool_lags() {
            (0..self.ctx.size()).map(|r| r as u16).collect()
        } else {
            unit.secrets.clone()
        }
    }

    fn pool_lags(&self) -> bool {
        self.options.consistent_only && self.options.possible_before_last_reply
    }
}
