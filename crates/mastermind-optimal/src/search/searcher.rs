//! The depth-first branch and bound over secret sets, on one thread: a [`Searcher`] tries a
//! node's guesses in order, each one's parts smallest first within what the guess has left of
//! the budget, and reads the optimal tree back once a set is solved.

use super::node::{NodeSummary, OpenNode, Opening, Outcome};
use super::queue::CandidateQueue;
use crate::SolveOptions;
use crate::canonical::Marks;
use crate::context::{Context, INFEASIBLE, next_depth};
use crate::guess_lists::GuessLists;
use crate::memo::{Memo, SharedMemo};
use crate::partition::Partition;
use crate::scoring::{Candidate, size_bound};
use crate::{PROGRESS_EVERY, PROGRESS_INTERVAL, Progress, ProgressCallback, Rules, Solution};
use mastermind_core::Feedback;
use mastermind_tree::{Branch, Node, StrategyTree};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Nodes between two looks at the stop flag, the node limit and the clock of progress reports.
const LOOK_EVERY: u64 = 1024;

/// The bounds at the first guess, for progress reports and an early stop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootBounds {
    /// The proved lower bound on the optimum.
    pub lower: u64,
    /// The best total of a complete tree known.
    pub upper: u64,
    /// The first guess of the best tree found by the search (none while the known tree's is
    /// best).
    pub best_guess: Option<u16>,
}

/// One thread's search: the game's tables, the rules, the memo (its own or shared) and the
/// caches and counters of the nodes it searches.
pub(crate) struct Searcher<'a> {
    pub(super) ctx: &'a Context,
    pub(super) rules: Rules,
    pub(super) memo: Memo,
    /// The key of the node being recalled, written in place (see `fill_key`).
    pub(super) memo_key: Vec<u16>,
    /// The scratch bitmap that sorts a large set's key.
    pub(super) key_marks: Marks,
    /// The guesses worth scoring at each node, with what makes them.
    pub(super) guess_lists: GuessLists<'a>,
    /// Partitions of nodes whose search has ended, for the next nodes to reuse their buffers.
    spare_partitions: Vec<Partition>,
    pub(super) nodes: u64,
    pub(super) memo_hits: u64,
    /// The search stops once it has visited this many nodes (looked at every [`LOOK_EVERY`]),
    /// a budget of work that stops it at the same node on every machine.
    node_limit: u64,
    stop: Option<Arc<AtomicBool>>,
    pub(super) stopped: bool,
    /// Counts the nodes searched, [`LOOK_EVERY`] at a time, beside the searches of other
    /// threads and units: what progress reports of a split search show.
    live_nodes: Option<Arc<AtomicU64>>,
    /// Whether guesses are limited to the codes of a pool: those still possible, or with
    /// `pool_lags`, those possible before the latest reply.
    pub(super) consistent_only: bool,
    /// The pool of a node is its parent's secrets (mmstrat's `-po`), not its own.
    pub(super) pool_lags: bool,
    /// When progress was last reported.
    last_report: Instant,
    progress: Option<ProgressCallback>,
    start: Instant,
    /// The root's bounds, kept up to date by a search whose first node is the root.
    pub(crate) root: RootBounds,
}

impl<'a> Searcher<'a> {
    /// A searcher of the game of `ctx` under `options`, with its own memo; `start` is when the
    /// whole search started (for progress reports).
    pub(crate) fn new(ctx: &'a Context, options: &SolveOptions, start: Instant) -> Searcher<'a> {
        Searcher {
            ctx,
            rules: options.rules,
            memo: Memo::local(),
            memo_key: Vec::new(),
            key_marks: Marks::new(ctx),
            guess_lists: GuessLists::new(ctx, options.rules),
            spare_partitions: Vec::new(),
            nodes: 0,
            memo_hits: 0,
            node_limit: u64::MAX,
            stop: options.stop.clone(),
            consistent_only: options.consistent_only,
            pool_lags: options.consistent_only && options.possible_before_last_reply,
            stopped: false,
            live_nodes: None,
            last_report: start,
            progress: options.progress.clone(),
            start,
            root: RootBounds { lower: 0, upper: u64::MAX, best_guess: None },
        }
    }

    /// The solution of a search that ends here with `tree`.
    pub(super) fn solution(
        &self,
        tree: StrategyTree,
        total: u64,
        proved: bool,
        lower_bound: u64,
        heuristic_total: Option<u64>,
        start: Instant,
    ) -> Solution {
        Solution {
            tree,
            total,
            proved,
            lower_bound,
            heuristic_total,
            nodes_searched: self.nodes,
            memo_hits: self.memo_hits,
            memo_entries: self.memo.len() as u64,
            elapsed: start.elapsed(),
        }
    }

    /// Shares `memo` with other searches of the same game and options (from here on; what the
    /// search remembered before is dropped).
    pub(crate) fn share_memo(&mut self, memo: Arc<SharedMemo>) {
        self.memo = Memo::Shared(memo);
    }

    /// Stops the search once it has visited `limit` nodes (at the first multiple of
    /// [`LOOK_EVERY`] at or past it): what it has proved by then is a bound, as after a stop.
    pub(crate) fn limit_nodes(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// Adds the nodes searched from here on to `live_nodes` (every [`LOOK_EVERY`]).
    pub(crate) fn count_into(&mut self, live_nodes: Option<Arc<AtomicU64>>) {
        self.live_nodes = live_nodes;
    }

    /// From here on, never stop: for reading back the tree of a set already solved.
    pub(crate) fn ignore_stop(&mut self) {
        self.stop = None;
        self.node_limit = u64::MAX;
        self.stopped = false;
    }

    /// Whether the search saw its stop flag raised or reached its node limit (its results are
    /// then bounds, not optima).
    pub(crate) fn was_stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(super) fn size_bound(&self, n: usize, depth_left: u32) -> u32 {
        size_bound(self.ctx, self.rules, n, depth_left)
    }

    /// The optimum of `secrets` (sorted ranks, consistent with `history`) with `depth_left`
    /// guesses each, if it is below `beta`; otherwise a lower bound of at least `beta`.
    /// With [`SolveOptions::consistent_only`], guesses are taken from `pool` (sorted ranks,
    /// holding `secrets`).
    pub(crate) fn search(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &mut Vec<u16>,
        depth_left: u32,
        beta: u32,
    ) -> Outcome {
        let open = match self.open_node(secrets, pool, history, depth_left, beta) {
            Opening::Known(outcome) => return outcome,
            Opening::Open(open) => open,
        };
        let OpenNode { candidates, node_lower, refuted_at, child_depth, key, unfiled } = open;
        let mut queue = CandidateQueue::new(candidates, unfiled, refuted_at, self.rules.ordering);
        let is_root = history.is_empty();
        let mut best = beta;
        let mut best_guess = None;
        let mut parts = self.spare_partitions.pop().unwrap_or_default();
        while let Some(candidate) = queue.next(self, secrets, child_depth, best) {
            if is_root {
                // Every guess from here on is open at its bound; those before are refuted.
                let open = queue.least_from_last().unwrap_or(best);
                self.root.lower = u64::from(open.min(best).max(node_lower));
            }
            if candidate.bound >= best {
                queue.refute(candidate.bound);
                if self.rules.ordering {
                    break;
                }
                continue;
            }
            let total =
                self.try_guess(secrets, history, &mut parts, candidate, child_depth, || best);
            if self.stopped {
                if is_root {
                    self.root_stopped(&queue, total, best, node_lower);
                }
                return Outcome::at_least(node_lower);
            }
            let Some(guess) = total.guess else {
                queue.refute(total.value);
                continue;
            };
            best = total.value;
            best_guess = Some(guess);
            if is_root {
                self.root_improved(best, guess);
            }
            if best == node_lower {
                break;
            }
        }
        self.spare_partitions.push(parts);
        let summary = NodeSummary { node_lower, refuted_at: queue.refuted_at(), key };
        self.close_node(summary, best_guess.map(|g| (best, g)))
    }

    /// The root's lower bound when the search stops while trying a guess of total at least
    /// `tried`: every guess not yet tried is open at its bound, the one being tried at what its
    /// parts have proved so far; the others are refuted.
    fn root_stopped(&mut self, queue: &CandidateQueue, tried: Outcome, best: u32, node_lower: u32) {
        let open = tried.value.min(queue.least_untried().unwrap_or(INFEASIBLE));
        self.root.lower = u64::from(open.min(best)).max(u64::from(node_lower));
    }

    /// A better first guess `guess` of total `best`: the root's upper bound, reported at once.
    fn root_improved(&mut self, best: u32, guess: u16) {
        self.root.upper = u64::from(best);
        self.root.best_guess = Some(guess);
        self.report();
    }

    /// The total of `candidate` at the node of `secrets` (exact, with the guess, when it stays
    /// below `best()`, read again before each part; otherwise a lower bound at least `best()`
    /// at that moment, or what its parts proved before a stop).
    pub(super) fn try_guess(
        &mut self,
        secrets: &[u16],
        history: &mut Vec<u16>,
        parts: &mut Partition,
        candidate: Candidate,
        child_depth: u32,
        best: impl Fn() -> u32,
    ) -> Outcome {
        parts.split(self.ctx, secrets, candidate.guess);
        let mut total = candidate.bound;
        let mut refuted = false;
        history.push(candidate.guess);
        for part in parts.parts() {
            let limit = best();
            if total >= limit {
                refuted = true;
                break;
            }
            let part_bound = self.size_bound(part.len(), child_depth);
            let part_beta = limit - (total - part_bound);
            let part_pool = if self.pool_lags { secrets } else { part };
            let outcome = self.search(part, part_pool, history, child_depth, part_beta);
            total = total - part_bound + outcome.value;
            if outcome.guess.is_none() || total >= limit {
                refuted = true;
                break;
            }
        }
        history.pop();
        if refuted { Outcome::at_least(total) } else { Outcome::exact(total, candidate.guess) }
    }

    /// Counts a node; every [`LOOK_EVERY`] nodes, looks at the stop flag and the node limit,
    /// and reports progress when it is time.
    #[inline]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes % LOOK_EVERY == 0 {
            self.look_around();
        }
    }

    fn look_around(&mut self) {
        if let Some(live_nodes) = &self.live_nodes {
            live_nodes.fetch_add(LOOK_EVERY, Ordering::Relaxed);
        }
        let flag_raised = self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
        if flag_raised || self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes % PROGRESS_EVERY == 0 || self.last_report.elapsed() >= PROGRESS_INTERVAL {
            self.last_report = Instant::now();
            self.report();
        }
    }

    /// Sends a progress report of the root's bounds, if anyone listens.
    fn report(&self) {
        if let Some(progress) = &self.progress {
            progress(&Progress {
                nodes: self.nodes,
                lower_bound: self.root.lower,
                upper_bound: self.root.upper,
                elapsed: self.start.elapsed(),
                units: (0, 0),
            });
        }
    }

    /// The optimal tree below a set already solved (every node is found again in the memo, or
    /// searched again when the memo is off).
    /// `first_guess`, when given, replaces the search at this node (its parts must be solved).
    pub(crate) fn build(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &mut Vec<u16>,
        depth_left: u32,
        first_guess: Option<u16>,
    ) -> Node {
        let ctx = self.ctx;
        let guess = first_guess.unwrap_or_else(|| {
            let outcome = self.search(secrets, pool, history, depth_left, INFEASIBLE);
            outcome.guess.expect("a solved set has a first guess")
        });
        let child_depth = next_depth(depth_left);
        let mut parts = Partition::default();
        parts.split(ctx, secrets, guess);
        let mut branches = Vec::new();
        history.push(guess);
        for (reply, part) in parts.parts_in_reply_order() {
            let part_pool = if self.pool_lags { secrets } else { &part };
            let node = self.build(&part, part_pool, history, child_depth, None);
            branches.push(Branch { reply: Feedback::from_index(reply), node });
        }
        history.pop();
        Node { guess: ctx.codes[usize::from(guess)], secrets: secrets.len() as u32, branches }
    }
}
