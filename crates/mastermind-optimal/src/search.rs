//! The depth-first branch and bound over secret sets, and the public entry point [`solve`].

use crate::canonical::Relabelling;
use crate::context::{Context, INFEASIBLE, UNLIMITED, next_depth};
use crate::guess_lists::GuessLists;
use crate::heuristic::heuristic_tree;
use crate::memo::{Memo, MemoEntry, SharedMemo};
use crate::partition::Partition;
use crate::scoring::{Candidate, Filing, Scored, present_colours, score_candidates, size_bound};
use crate::{
    CONSISTENT_BOUND_MIN_CODES, PROGRESS_EVERY, PROGRESS_INTERVAL, Progress, ProgressCallback,
    Rules, Solution, SolveError, SolveOptions,
};
use mastermind_core::{Feedback, Game};
use mastermind_tree::{Branch, Node, StrategyTree};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// Guesses picked by selection at a node before the rest are sorted.
const SELECTED_BEFORE_SORT: usize = 3;

/// Sets of at least this many secrets, in a search split between threads, are split again (the
/// parts of their first guess searched side by side); smaller ones are searched by one thread.
pub(crate) const SPLIT_MIN_SECRETS: usize = 64;

/// Sets this small are never remembered: they are solved in closed form or in one short scan.
const MEMO_MIN_SECRETS: usize = 3;

/// Finds the strategy tree with the fewest total guesses over all secrets of `game`, guesses
/// taken from every code, with at most `options.max_depth` guesses per secret when set.
///
/// The search is exact: with [`Solution::proved`] true, no strategy has a smaller total. When
/// stopped early through [`SolveOptions::stop`], the solution holds the best complete tree known
/// (the heuristic tree if the search has not beaten it), with `proved` false and the proved
/// lower bound.
///
/// With [`SolveOptions::parallel`], the search runs on every thread of the current rayon pool
/// (see [`units`](crate::units)).
pub fn solve(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    if options.parallel && rayon::current_num_threads() > 1 {
        crate::units::solve_shared(game, options)
    } else {
        solve_alone(game, options)
    }
}

/// What every search of `game` starts from: the shared tables with their part bounds for the
/// depth searched (`UNLIMITED` without a limit), every code, and the best tree known before
/// the search (see [`known_tree`]). Fails when the game is too large or the size bound alone
/// rules the depth limit out.
pub(crate) fn prepare_search(
    game: Game,
    options: &SolveOptions,
) -> Result<(Context, u32, Vec<u16>, StrategyTree), SolveError> {
    let mut ctx = Context::new(game).ok_or(SolveError::TooLarge { game })?;
    // An optimal tree never plays a guess that splits nothing, so no secret needs more guesses
    // than there are codes: a larger limit is no limit (and would only size tables per depth).
    let depth = options.max_depth.filter(|&d| (d as usize) < ctx.size()).unwrap_or(UNLIMITED);
    ctx.prepare_part_bounds(options.rules.size_bound, depth);
    let all: Vec<u16> = (0..ctx.size() as u16).collect();
    if depth != UNLIMITED && ctx.bound.total(all.len(), depth) >= INFEASIBLE {
        return Err(SolveError::Infeasible { game, max_depth: depth });
    }
    let known = known_tree(&ctx, options, &all, depth);
    Ok((ctx, depth, all, known))
}

/// The best tree before the search: the heuristic tree or, on games of more than
/// [`CONSISTENT_BOUND_MIN_CODES`] codes where [`Rules::consistent_upper_bound`] applies, the
/// optimum among consistent guesses when that is smaller.
fn known_tree(ctx: &Context, options: &SolveOptions, all: &[u16], depth: u32) -> StrategyTree {
    let heuristic = heuristic_tree(ctx, options, all, depth);
    if options.rules.heuristic_upper_bound
        && options.rules.consistent_upper_bound
        && !options.consistent_only
        && ctx.size() > CONSISTENT_BOUND_MIN_CODES
        && let Some(better) = consistent_optimum(ctx.game, options, depth)
        && better.total_guesses() < heuristic.total_guesses()
    {
        return better;
    }
    heuristic
}

/// [`solve`] on one thread.
pub(crate) fn solve_alone(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let start_time = Instant::now();
    let (ctx, depth, all, heuristic) = prepare_search(game, options)?;
    let mut searcher = Searcher::new(&ctx, options, start_time);
    let infeasible = || SolveError::Infeasible { game, max_depth: depth };
    let heuristic_fits = depth == UNLIMITED || heuristic.max_guesses() <= depth;
    let heuristic_total =
        (options.rules.heuristic_upper_bound && heuristic_fits).then(|| heuristic.total_guesses());
    let beta = heuristic_total.map_or(INFEASIBLE, |t| t as u32 + 1);
    let root_lower = u64::from(size_bound(&ctx, options.rules, all.len(), depth));
    searcher.root = RootBounds {
        lower: root_lower,
        upper: heuristic_total.unwrap_or(u64::MAX),
        best_guess: None,
    };

    let outcome = searcher.search(&all, &all, &mut Vec::new(), depth, beta);
    if searcher.stopped {
        // The best complete tree: the first guess that beat the heuristic, with parts the memo
        // holds as solved, or else the heuristic tree.
        let tree = match searcher.root.best_guess {
            Some(guess) if options.rules.memo => {
                searcher.ignore_stop();
                let root = searcher.build(&all, &all, &mut Vec::new(), depth, Some(guess));
                StrategyTree::new(game, root).map_err(SolveError::Tree)?
            }
            _ if heuristic_fits => heuristic,
            _ => return Err(infeasible()),
        };
        let total = tree.total_guesses();
        let lower = searcher.root.lower.min(total);
        return Ok(searcher.solution(tree, total, false, lower, heuristic_total, start_time));
    }
    let Some(_) = outcome.guess else {
        return Err(infeasible());
    };
    let root = searcher.build(&all, &all, &mut Vec::new(), depth, None);
    let tree = StrategyTree::new(game, root).map_err(SolveError::Tree)?;
    let total = u64::from(outcome.value);
    debug_assert_eq!(tree.total_guesses(), total);
    Ok(searcher.solution(tree, total, true, total, heuristic_total, start_time))
}

/// The best tree among consistent guesses within `depth` (the optimum, or the best found if the
/// search is stopped), as a first upper bound for the unconstrained search; `None` when no such
/// tree keeps the depth limit.
fn consistent_optimum(game: Game, options: &SolveOptions, depth: u32) -> Option<StrategyTree> {
    let consistent = SolveOptions {
        consistent_only: true,
        max_depth: (depth != UNLIMITED).then_some(depth),
        progress: None,
        ..options.clone()
    };
    solve(game, &consistent).ok().map(|s| s.tree)
}

/// What a search of one set returns: with `guess` set, `value` is the exact optimum and `guess`
/// a first guess achieving it; without, `value` is a proved lower bound (at least the budget
/// asked for, unless the search was stopped).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Outcome {
    /// The exact optimum (with `guess`) or a lower bound (without).
    pub value: u32,
    /// A first guess achieving `value`, when it is exact.
    pub guess: Option<u16>,
}

impl Outcome {
    fn exact(value: u32, guess: u16) -> Outcome {
        Outcome { value, guess: Some(guess) }
    }

    fn at_least(value: u32) -> Outcome {
        Outcome { value, guess: None }
    }
}

/// A node's search after its prelude: known already, or guesses to try.
enum Opening {
    /// The outcome, from the depth, the size bound, a closed form or the memo.
    Known(Outcome),
    /// Guesses to try.
    Open(OpenNode),
}

/// What the closed forms of small sets tell about a set.
enum ClosedForm {
    /// The set's outcome.
    Solved(Outcome),
    /// A lower bound on the set's optimum (0 when none is known).
    AtLeast(u32),
}

/// A node whose guesses are to be tried.
struct OpenNode {
    /// The guesses worth trying, each with its lower bound.
    candidates: Vec<Candidate>,
    /// The node's proved lower bound before any guess is tried.
    node_lower: u32,
    /// The least bound of the guesses already refuted (never kept).
    refuted_at: u32,
    /// The depth left below the node.
    child_depth: u32,
    /// The node's memo key, when the node is remembered.
    key: Option<MemoKey>,
    /// The guesses its scoring left unfiled, if any.
    unfiled: Option<Unfiled>,
}

/// The guesses of a node left unfiled by its scoring, all at least one above its least bound
/// (see [`Scored::unfiled_from`](crate::scoring::Scored::unfiled_from)): filed only when the
/// guesses at the least bound do not solve the node.
struct Unfiled {
    /// The least bound a guess left unfiled can have.
    from: u32,
    /// The guesses that were scored (a guess of every class: a scoring defers only then).
    kept: Rc<Vec<u16>>,
}

/// What a node's guesses proved when none beat the budget.
struct NodeSummary {
    /// The node's proved lower bound before any guess was tried.
    node_lower: u32,
    /// The least total proved for a refuted guess.
    refuted_at: u32,
    /// The node's memo key, when the node is remembered.
    key: Option<MemoKey>,
}

/// A node's memo key and the relabelling that made it, kept from the node's recall to its
/// close (its children's keys are written in between): a key costs a relabelling and a sort.
struct MemoKey {
    key: Box<[u16]>,
    relabelling: Option<Relabelling>,
}

/// The bounds at the first guess, for progress reports and an early stop.
#[derive(Debug, Clone, Copy)]
struct RootBounds {
    lower: u64,
    upper: u64,
    /// The first guess of the best tree found by the search (none while the heuristic's is best).
    best_guess: Option<u16>,
}

/// What a search on another thread starts from: the game's tables, the options and the memo it
/// shares (each thread then keeps its own caches).
pub(crate) struct Fork<'a> {
    /// The game's tables.
    pub ctx: &'a Context,
    /// The options of the search (their stop flag included).
    pub options: SolveOptions,
    /// The memo every thread shares.
    pub memo: Arc<SharedMemo>,
    /// When the search started.
    pub start: Instant,
}

impl<'a> Fork<'a> {
    /// A searcher on the calling thread.
    fn searcher(&self) -> Searcher<'a> {
        let options = SolveOptions { progress: None, ..self.options.clone() };
        let mut searcher = Searcher::new(self.ctx, &options, self.start);
        searcher.share_memo(Arc::clone(&self.memo));
        searcher
    }
}

pub(crate) struct Searcher<'a> {
    ctx: &'a Context,
    rules: Rules,
    memo: Memo,
    memo_key: Vec<u16>,
    /// The guesses worth scoring at each node, with what makes them.
    guess_lists: GuessLists<'a>,
    /// Partitions of nodes whose search has ended, for the next nodes to reuse their buffers.
    spare_partitions: Vec<Partition>,
    nodes: u64,
    memo_hits: u64,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// Whether guesses are limited to the codes of a pool: those still possible, or with
    /// `pool_lags`, those possible before the latest reply.
    consistent_only: bool,
    /// The pool of a node is its parent's secrets (mmstrat's `-po`), not its own.
    pool_lags: bool,
    /// When progress was last reported.
    last_report: Instant,
    progress: Option<ProgressCallback>,
    start: Instant,
    root: RootBounds,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(ctx: &'a Context, options: &SolveOptions, start: Instant) -> Searcher<'a> {
        Searcher {
            ctx,
            rules: options.rules,
            memo: Memo::local(),
            memo_key: Vec::new(),
            guess_lists: GuessLists::new(ctx, options.rules),
            spare_partitions: Vec::new(),
            nodes: 0,
            memo_hits: 0,
            stop: options.stop.clone(),
            consistent_only: options.consistent_only,
            pool_lags: options.consistent_only && options.possible_before_last_reply,
            stopped: false,
            last_report: start,
            progress: options.progress.clone(),
            start,
            root: RootBounds { lower: 0, upper: u64::MAX, best_guess: None },
        }
    }

    fn solution(
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

    /// From here on, never stop: for reading back the tree of a set already solved.
    pub(crate) fn ignore_stop(&mut self) {
        self.stop = None;
        self.stopped = false;
    }

    /// Whether the search saw its stop flag raised (its results are then bounds, not optima).
    pub(crate) fn was_stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn size_bound(&self, n: usize, depth_left: u32) -> u32 {
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
        let OpenNode { mut candidates, node_lower, mut refuted_at, child_depth, key, mut unfiled } =
            open;
        let is_root = history.is_empty();
        let mut best = beta;
        let mut best_guess = None;
        let mut parts = self.spare_partitions.pop().unwrap_or_default();
        // The next candidate to try.
        let mut position = 0;
        loop {
            if position == candidates.len() {
                // The guesses left unfiled come after every filed one, in order of trial.
                match unfiled.take() {
                    Some(rest) if rest.from < best => {
                        let first_new = candidates.len();
                        let scored = self.score_unfiled(secrets, &rest, child_depth, best);
                        refuted_at = refuted_at.min(scored.least_closed);
                        candidates.extend(scored.open);
                        if self.rules.ordering && position > SELECTED_BEFORE_SORT {
                            candidates[first_new..].sort_unstable_by_key(Candidate::order_key);
                        }
                        if position == candidates.len() {
                            break;
                        }
                    }
                    Some(rest) => {
                        refuted_at = refuted_at.min(rest.from);
                        break;
                    }
                    None => break,
                }
            }
            let index = position;
            position += 1;
            if self.rules.ordering {
                // Selection for the first few, then a sort: most nodes try one or two guesses.
                if index < SELECTED_BEFORE_SORT {
                    let next = (index..candidates.len())
                        .min_by_key(|&i| candidates[i].order_key())
                        .expect("index is in range");
                    candidates.swap(index, next);
                } else if index == SELECTED_BEFORE_SORT {
                    // Only guesses below the best can still be tried: they are sorted, and the
                    // others moved behind them, unsorted (the first of them ends the loop), with
                    // their least bound counted as refuted now, as that break would count it.
                    let rest = &mut candidates[index..];
                    let mut live = 0;
                    for i in 0..rest.len() {
                        if rest[i].bound < best {
                            rest.swap(live, i);
                            live += 1;
                        } else {
                            refuted_at = refuted_at.min(rest[i].bound);
                        }
                    }
                    rest[..live].sort_unstable_by_key(Candidate::order_key);
                }
            }
            let candidate = candidates[index];
            if is_root {
                // Every guess from here on is open at its bound; those before are refuted.
                let open = candidates[index..].iter().map(|c| c.bound).min().unwrap_or(best);
                self.root.lower = u64::from(open.min(best).max(node_lower));
            }
            if candidate.bound >= best {
                refuted_at = refuted_at.min(candidate.bound);
                if self.rules.ordering {
                    break;
                }
                continue;
            }
            let total =
                self.try_guess(secrets, history, &mut parts, candidate, child_depth, || best);
            if self.stopped {
                if is_root {
                    // Every guess not yet tried is open at its bound, the one being tried at
                    // what its parts have proved so far; the others are refuted.
                    let untried = candidates[index + 1..].iter().map(|c| c.bound).min();
                    let open = total.value.min(untried.unwrap_or(INFEASIBLE));
                    self.root.lower = u64::from(open.min(best)).max(u64::from(node_lower));
                }
                return Outcome::at_least(node_lower);
            }
            if total.guess.is_none() {
                refuted_at = refuted_at.min(total.value);
                continue;
            }
            best = total.value;
            best_guess = Some(candidate.guess);
            if is_root {
                self.root.upper = u64::from(best);
                self.root.best_guess = Some(candidate.guess);
                self.report();
            }
            if best == node_lower {
                break;
            }
        }
        self.spare_partitions.push(parts);
        let summary = NodeSummary { node_lower, refuted_at, key };
        self.close_node(summary, best_guess.map(|g| (best, g)))
    }

    /// [`search`](Self::search) of one node whose guesses are tried by every thread of the rayon
    /// pool that is free, each with its own searcher from `fork` (all sharing one memo), taking
    /// the guesses in the order the search alone would. The best total is shared, so a thread's
    /// budgets tighten as soon as another finds a better guess. The optimum is the same; among
    /// guesses of equal total, the one found first is kept.
    pub(crate) fn search_split(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &[u16],
        depth_left: u32,
        beta: u32,
        fork: &Fork<'a>,
    ) -> Outcome {
        let open = match self.open_node(secrets, pool, history, depth_left, beta) {
            Opening::Known(outcome) => return outcome,
            Opening::Open(open) => open,
        };
        let OpenNode { mut candidates, node_lower, mut refuted_at, child_depth, key, unfiled } =
            open;
        if let Some(rest) = unfiled {
            // The guesses are handed out in order to every thread: all of them are filed now.
            // (Not at present: only nodes of at most `b + 1` secrets defer, fewer than
            // `SPLIT_MIN_SECRETS` up to 8 pegs.)
            let scored = self.score_unfiled(secrets, &rest, child_depth, beta);
            refuted_at = refuted_at.min(scored.least_closed);
            candidates.extend(scored.open);
        }
        let ordering = self.rules.ordering;
        if ordering {
            candidates.sort_unstable_by_key(Candidate::order_key);
        }
        let best = AtomicU32::new(beta);
        let mut first_found = None;
        let mut tried = 0;
        // The first guess is tried before any total is known, so trying others beside it would
        // search them on the loose budget: its parts are searched side by side instead.
        if let Some(&first) = candidates.first()
            && first.bound < beta
        {
            let total = self.try_guess_split(secrets, history, first, child_depth, &best, fork);
            if self.stopped {
                return Outcome::at_least(node_lower);
            }
            match total.guess {
                Some(guess) => {
                    best.store(total.value, Ordering::Relaxed);
                    first_found = Some((total.value, guess));
                }
                None => refuted_at = refuted_at.min(total.value),
            }
            tried = 1;
        }
        let found = Mutex::new(first_found);
        let refuted = AtomicU32::new(refuted_at);
        let next = AtomicUsize::new(tried);
        let task = |searcher: &mut Searcher<'a>, stopped: &AtomicBool| {
            let mut history = history.to_vec();
            let mut parts = Partition::default();
            while let Some(&candidate) = candidates.get(next.fetch_add(1, Ordering::Relaxed)) {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                if candidate.bound >= best.load(Ordering::Relaxed) {
                    refuted.fetch_min(candidate.bound, Ordering::Relaxed);
                    if ordering {
                        // Sorted by bound: every guess after this one is refuted too.
                        break;
                    }
                    continue;
                }
                let limit = || best.load(Ordering::Relaxed);
                let total = searcher.try_guess(
                    secrets,
                    &mut history,
                    &mut parts,
                    candidate,
                    child_depth,
                    limit,
                );
                if searcher.stopped {
                    break;
                }
                match total.guess {
                    None => {
                        refuted.fetch_min(total.value, Ordering::Relaxed);
                    }
                    Some(guess) => {
                        let mut found = found.lock().expect("no search panics holding the best");
                        if total.value < best.load(Ordering::Relaxed) {
                            best.store(total.value, Ordering::Relaxed);
                            *found = Some((total.value, guess));
                        }
                    }
                }
            }
        };
        if self.on_free_threads(fork, task) {
            return Outcome::at_least(node_lower);
        }
        let summary = NodeSummary { node_lower, refuted_at: refuted.into_inner(), key };
        let best = found.into_inner().expect("no search panics holding the best");
        self.close_node(summary, best)
    }

    /// [`try_guess`](Self::try_guess) with the parts searched by every free thread, each part of at least [`SPLIT_MIN_SECRETS`] split again by
    /// [`search_split`](Self::search_split). A part's budget counts the parts not yet done at
    /// their bounds, and those done at their totals.
    fn try_guess_split(
        &mut self,
        secrets: &[u16],
        history: &[u16],
        candidate: Candidate,
        child_depth: u32,
        best: &AtomicU32,
        fork: &Fork<'a>,
    ) -> Outcome {
        let mut partition = Partition::default();
        partition.split(self.ctx, secrets, candidate.guess);
        // Smallest first, as the search alone takes them: their exact totals tighten the budgets
        // of the large parts, and refute a guess that cannot win before those are searched. (At
        // 4x9, largest first balanced the threads better but searched 12% more nodes, and took
        // as long.)
        let parts: Vec<&[u16]> = partition.parts().collect();
        let total = AtomicU32::new(candidate.bound);
        let refuted = AtomicBool::new(false);
        let next = AtomicUsize::new(0);
        let pool_lags = self.pool_lags;
        let task = |searcher: &mut Searcher<'a>, stopped: &AtomicBool| {
            let mut history = history.to_vec();
            history.push(candidate.guess);
            while let Some(&part) = parts.get(next.fetch_add(1, Ordering::Relaxed)) {
                if refuted.load(Ordering::Relaxed) || stopped.load(Ordering::Relaxed) {
                    break;
                }
                let limit = best.load(Ordering::Relaxed);
                let so_far = total.load(Ordering::Relaxed);
                if so_far >= limit {
                    refuted.store(true, Ordering::Relaxed);
                    break;
                }
                let part_bound = searcher.size_bound(part.len(), child_depth);
                let part_beta = limit - (so_far - part_bound);
                let part_pool = if pool_lags { secrets } else { part };
                let outcome = if part.len() >= SPLIT_MIN_SECRETS {
                    searcher.search_split(part, part_pool, &history, child_depth, part_beta, fork)
                } else {
                    searcher.search(part, part_pool, &mut history, child_depth, part_beta)
                };
                if searcher.stopped {
                    break;
                }
                let added = outcome.value - part_bound;
                let after = total.fetch_add(added, Ordering::Relaxed) + added;
                if outcome.guess.is_none() || after >= best.load(Ordering::Relaxed) {
                    refuted.store(true, Ordering::Relaxed);
                    break;
                }
            }
        };
        let stopped = self.on_free_threads(fork, task);
        let total = total.into_inner();
        if refuted.into_inner() || stopped {
            Outcome::at_least(total)
        } else {
            Outcome::exact(total, candidate.guess)
        }
    }

    /// Runs `task` on every thread of the rayon pool that is free (this one at least), each
    /// with its own searcher from `fork`, and counts their nodes and memo hits in this search.
    /// `task` also gets a flag raised once one of the searchers has stopped (it should end
    /// then). Returns whether one stopped, and then this search is stopped too.
    fn on_free_threads(
        &mut self,
        fork: &Fork<'a>,
        task: impl Fn(&mut Searcher<'a>, &AtomicBool) + Sync,
    ) -> bool {
        let stopped = AtomicBool::new(false);
        let work = AtomicU64::new(0);
        let hits = AtomicU64::new(0);
        let run = || {
            let mut searcher = fork.searcher();
            task(&mut searcher, &stopped);
            if searcher.stopped {
                stopped.store(true, Ordering::Relaxed);
            }
            work.fetch_add(searcher.nodes, Ordering::Relaxed);
            hits.fetch_add(searcher.memo_hits, Ordering::Relaxed);
        };
        rayon::scope(|scope| {
            for _ in 0..rayon::current_num_threads() {
                scope.spawn(|_| run());
            }
        });
        self.nodes += work.into_inner();
        self.memo_hits += hits.into_inner();
        let stopped = stopped.into_inner();
        if stopped {
            self.stopped = true;
        }
        stopped
    }

    /// The total of `candidate` at the node of `secrets` (exact, with the guess, when it stays
    /// below `best()`, read again before each part; otherwise a lower bound at least `best()`
    /// at that moment, or what its parts proved before a stop).
    fn try_guess(
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

    /// The outcome of a node whose guesses were tried: `best`, the least total found below the
    /// budget with its guess, or else a bound from the refuted guesses; remembered when the
    /// node is.
    fn close_node(&mut self, summary: NodeSummary, best: Option<(u32, u16)>) -> Outcome {
        let outcome = match best {
            Some((total, guess)) => Outcome::exact(total, guess),
            // Capped: a weaker bound, still at least the budget, and sums of bounds stay small.
            None => Outcome::at_least(summary.refuted_at.max(summary.node_lower).min(INFEASIBLE)),
        };
        if let Some(MemoKey { key, relabelling }) = summary.key {
            let entry = MemoEntry { value: outcome.value, guess: outcome.guess };
            self.memo.insert(key, self.relabel_entry(relabelling, entry));
        }
        outcome
    }

    /// Everything a node's search does before it tries its guesses: the outcome, when the
    /// depth, the size bound, a closed form or the memo already give it; otherwise the guesses
    /// worth trying with their bounds.
    fn open_node(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &[u16],
        depth_left: u32,
        beta: u32,
    ) -> Opening {
        self.count_node();
        let n = secrets.len();
        if depth_left == 0 {
            return Opening::Known(Outcome::at_least(INFEASIBLE));
        }
        if n == 1 {
            return Opening::Known(Outcome::exact(1, secrets[0]));
        }
        let mut lower = self.size_bound(n, depth_left);
        if lower >= beta || self.stopped {
            return Opening::Known(Outcome::at_least(lower));
        }
        if self.rules.small_nodes {
            match self.closed_form(secrets, depth_left) {
                ClosedForm::Solved(outcome) => return Opening::Known(outcome),
                ClosedForm::AtLeast(bound) => {
                    lower = lower.max(bound);
                    if lower >= beta {
                        return Opening::Known(Outcome::at_least(lower));
                    }
                }
            }
        }
        let remember = self.rules.memo && n >= MEMO_MIN_SECRETS;
        // The key stays in `memo_key` until the guesses are scored.
        let mut relabelling = None;
        if remember {
            let entry;
            (entry, relabelling) = self.recall(secrets, pool, depth_left);
            if let Some(entry) = entry {
                self.memo_hits += 1;
                if entry.guess.is_some() || entry.value >= beta {
                    return Opening::Known(Outcome { value: entry.value, guess: entry.guess });
                }
                lower = lower.max(entry.value);
            }
        }

        let child_depth = next_depth(depth_left);
        let present = present_colours(self.ctx, secrets);
        // The symmetries that fix the history map the possible codes onto themselves (and those
        // possible before the latest reply, which they fix too), so a class of guesses is in the
        // pool or not as a whole, and so is its representative.
        let pool = (self.consistent_only && pool.len() < self.ctx.size()).then_some(pool);
        let kept = self.guess_lists.representatives(history, present, pool);
        let every_class = pool.is_none();
        // Out of order, a guess left unfiled would be tried later than its place.
        let filing =
            if self.rules.ordering { Filing::least_first(beta) } else { Filing::every(beta) };
        let scored = score_candidates(
            self.ctx,
            self.rules,
            secrets,
            &kept,
            every_class,
            child_depth,
            filing,
        );
        let node_lower = scored.least_bound.max(lower);
        let key = remember.then(|| MemoKey { key: self.memo_key.as_slice().into(), relabelling });
        if node_lower >= beta {
            if let Some(MemoKey { key, .. }) = key {
                self.memo.insert(key, MemoEntry { value: node_lower, guess: None });
            }
            return Opening::Known(Outcome::at_least(node_lower));
        }
        Opening::Open(OpenNode {
            candidates: scored.open,
            node_lower,
            // Guesses whose bound reaches the budget were never kept; their least bound is part
            // of the proved bound if every guess is refuted.
            refuted_at: scored.least_closed,
            child_depth,
            key,
            unfiled: (scored.unfiled_from < INFEASIBLE)
                .then_some(Unfiled { from: scored.unfiled_from, kept }),
        })
    }

    /// The second scoring of a node: the guesses its first left unfiled, below the budget
    /// `below`.
    fn score_unfiled(
        &self,
        secrets: &[u16],
        unfiled: &Unfiled,
        child_depth: u32,
        below: u32,
    ) -> Scored {
        let filing = Filing::rest(unfiled.from, below);
        score_candidates(self.ctx, self.rules, secrets, &unfiled.kept, true, child_depth, filing)
    }

    /// Counts a node, looks at the stop flag every 1024 nodes and reports progress.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes % 1024 == 0 {
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
            if self.nodes % PROGRESS_EVERY == 0 || self.last_report.elapsed() >= PROGRESS_INTERVAL {
                self.last_report = Instant::now();
                self.report();
            }
        }
    }

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

    /// Two secrets, or a consistent guess that leaves singletons (total `2n - 1`, the size
    /// bound) or singletons and one pair (total `2n`, optimal when no guess of the first kind
    /// exists: any other guess leaves at least `n` more guesses).
    ///
    /// When neither kind of guess exists (looked for at sets no larger than the number of
    /// replies, with two guesses left), the set costs at least `2n`: a part of `k` secrets costs
    /// at least `2k - 1`, so a consistent guess, which then leaves at most `n - 3` parts of its
    /// `n - 1` other secrets, costs at least `n + 2 (n - 1) - (n - 3) = 2n + 1`, and a guess that
    /// is not a secret leaves `n` secrets needing at least one more guess each. So a budget of
    /// `2n` refutes the set without scoring a guess.
    fn closed_form(&self, secrets: &[u16], depth_left: u32) -> ClosedForm {
        let n = secrets.len();
        if n == 2 {
            return ClosedForm::Solved(if depth_left >= 2 {
                Outcome::exact(3, secrets[0])
            } else {
                Outcome::at_least(INFEASIBLE)
            });
        }
        if depth_left < 2 || n > self.ctx.feedback_count {
            return ClosedForm::AtLeast(0);
        }
        // With `n - 1` secrets left after a winning guess, `n - 1` distinct replies mean
        // singletons and `n - 2` mean singletons and exactly one pair.
        let mut near = None;
        let win_bit = 1u64 << self.ctx.win;
        for &guess in secrets {
            let replies = self.ctx.replies_to(guess);
            let seen = secrets.iter().fold(0u64, |m, &s| m | 1 << replies[usize::from(s)]);
            let parts = (seen & !win_bit).count_ones() as usize;
            if parts == n - 1 {
                return ClosedForm::Solved(Outcome::exact(2 * n as u32 - 1, guess));
            }
            if parts == n - 2 && near.is_none() {
                near = Some(guess);
            }
        }
        match near {
            Some(guess) if depth_left >= 3 => {
                ClosedForm::Solved(Outcome::exact(2 * n as u32, guess))
            }
            _ => ClosedForm::AtLeast(2 * n as u32),
        }
    }

    /// The memo's entry for `secrets` (its guess mapped back from the key's labels), with the
    /// relabelling of its key, which is left in `memo_key`.
    fn recall(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        depth_left: u32,
    ) -> (Option<MemoEntry>, Option<Relabelling>) {
        let relabelling = self.fill_key(secrets, pool, depth_left);
        let entry = self.memo.get(self.memo_key.as_slice()).map(|entry| MemoEntry {
            guess: entry.guess.map(|g| relabelling.map_or(g, |r| r.invert(self.ctx, g))),
            ..entry
        });
        (entry, relabelling)
    }

    /// `entry` of a node, its guess written in the labels of the node's key.
    fn relabel_entry(&self, relabelling: Option<Relabelling>, entry: MemoEntry) -> MemoEntry {
        let guess = entry.guess.map(|g| relabelling.map_or(g, |r| r.apply(self.ctx, g)));
        MemoEntry { guess, ..entry }
    }

    /// Writes the memo key of `secrets` (the depth left, then the secrets or, with
    /// [`Rules::canonical_memo`], their canonical images) and returns the relabelling used.
    ///
    /// When the pool lags, a set's optimum also depends on its pool (its parent's secrets), so
    /// the key goes on with the pool under the same relabelling (a symmetry of the game maps
    /// both, and the optimum with them): the set's size, then a mark for the whole code set
    /// (the pool below the first guess) or the pool's images.
    fn fill_key(&mut self, secrets: &[u16], pool: &[u16], depth_left: u32) -> Option<Relabelling> {
        self.memo_key.clear();
        self.memo_key.push(depth_left.min(u32::from(u16::MAX)) as u16);
        let relabelling = self.rules.canonical_memo.then(|| Relabelling::of(self.ctx, secrets));
        let extend = |key: &mut Vec<u16>, codes: &[u16]| match &relabelling {
            Some(r) => r.extend_key(self.ctx, codes, key),
            None => key.extend_from_slice(codes),
        };
        extend(&mut self.memo_key, secrets);
        if self.pool_lags {
            self.memo_key.push(secrets.len() as u16);
            let every_code = pool.len() == self.ctx.size();
            self.memo_key.push(u16::from(every_code));
            if !every_code {
                extend(&mut self.memo_key, pool);
            }
        }
        relabelling
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
