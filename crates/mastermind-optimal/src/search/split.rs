//! A node searched by every free thread of the rayon pool at once: its guesses handed out in the
//! order the search alone would try them, the first guess's parts searched side by side, one
//! memo and the best total shared.

use super::node::{NodeSummary, OpenNode, Opening, Outcome};
use super::searcher::Searcher;
use crate::SolveOptions;
use crate::context::Context;
use crate::memo::SharedMemo;
use crate::partition::Partition;
use crate::scoring::Candidate;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Sets of at least this many secrets, in a search split between threads, are split again (the
/// parts of their first guess searched side by side); smaller ones are searched by one thread.
pub(crate) const SPLIT_MIN_SECRETS: usize = 64;

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
    /// Counts the nodes of every thread as they are searched, for progress reports.
    pub live_nodes: Option<Arc<AtomicU64>>,
}

impl<'a> Fork<'a> {
    /// A searcher on the calling thread.
    fn searcher(&self) -> Searcher<'a> {
        let options = SolveOptions { progress: None, ..self.options.clone() };
        let mut searcher = Searcher::new(self.ctx, &options, self.start);
        searcher.share_memo(Arc::clone(&self.memo));
        searcher.count_into(self.live_nodes.clone());
        searcher
    }
}

/// The guesses of one node as the threads share them: handed out in order, with the best total
/// found so far (and its guess) and the least bound of those refuted.
struct SharedGuesses<'n> {
    candidates: &'n [Candidate],
    /// Whether `candidates` are sorted by bound (so the first that reaches the best ends them).
    ordering: bool,
    /// The index of the next guess to hand out.
    next: AtomicUsize,
    /// The best total found (the node's budget until one is).
    best: AtomicU32,
    /// The best total with its guess.
    found: Mutex<Option<(u32, u16)>>,
    /// The least bound of the guesses refuted.
    refuted: AtomicU32,
}

impl SharedGuesses<'_> {
    /// One thread's share: takes the next guess until none is left or one of the searchers has
    /// `stopped`, and tries it within the best total known at each of its parts.
    fn try_in_turn(
        &self,
        searcher: &mut Searcher<'_>,
        secrets: &[u16],
        history: &[u16],
        child_depth: u32,
        stopped: &AtomicBool,
    ) {
        let mut history = history.to_vec();
        let mut parts = Partition::default();
        while let Some(&candidate) = self.candidates.get(self.next.fetch_add(1, Ordering::Relaxed))
        {
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            if candidate.bound >= self.best.load(Ordering::Relaxed) {
                self.refuted.fetch_min(candidate.bound, Ordering::Relaxed);
                if self.ordering {
                    // Sorted by bound: every guess after this one is refuted too.
                    break;
                }
                continue;
            }
            let limit = || self.best.load(Ordering::Relaxed);
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
                    self.refuted.fetch_min(total.value, Ordering::Relaxed);
                }
                Some(guess) => self.offer(total.value, guess),
            }
        }
    }

    /// Keeps `guess` of total `value` if it is better than the best found.
    fn offer(&self, value: u32, guess: u16) {
        let mut found = self.found.lock().expect("no search panics holding the best");
        if value < self.best.load(Ordering::Relaxed) {
            self.best.store(value, Ordering::Relaxed);
            *found = Some((value, guess));
        }
    }
}

impl<'a> Searcher<'a> {
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
        let mut best = beta;
        let mut first_found = None;
        // The first guess is tried before any total is known, so trying others beside it would
        // search them on the loose budget: its parts are searched side by side instead.
        if let Some(&first) = candidates.first()
            && first.bound < beta
        {
            let total = self.try_guess_split(secrets, history, first, child_depth, beta, fork);
            if self.stopped {
                return Outcome::at_least(node_lower);
            }
            match total.guess {
                Some(guess) => {
                    best = total.value;
                    first_found = Some((total.value, guess));
                }
                None => refuted_at = refuted_at.min(total.value),
            }
        }
        let shared = SharedGuesses {
            candidates: &candidates,
            ordering,
            next: AtomicUsize::new(usize::from(
                !candidates.is_empty() && candidates[0].bound < beta,
            )),
            best: AtomicU32::new(best),
            found: Mutex::new(first_found),
            refuted: AtomicU32::new(refuted_at),
        };
        let task = |searcher: &mut Searcher<'a>, stopped: &AtomicBool| {
            shared.try_in_turn(searcher, secrets, history, child_depth, stopped);
        };
        if self.on_free_threads(fork, task) {
            return Outcome::at_least(node_lower);
        }
        let refuted_at = shared.refuted.into_inner();
        let summary = NodeSummary { node_lower, refuted_at, key };
        let best = shared.found.into_inner().expect("no search panics holding the best");
        self.close_node(summary, best)
    }

    /// [`try_guess`](Self::try_guess) with the parts searched by every free thread, each part
    /// of at least [`SPLIT_MIN_SECRETS`] split again by [`search_split`](Self::search_split). A
    /// part's budget counts the parts not yet done at their bounds, and those done at their
    /// totals; the guess is refuted once they reach `best`.
    fn try_guess_split(
        &mut self,
        secrets: &[u16],
        history: &[u16],
        candidate: Candidate,
        child_depth: u32,
        best: u32,
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
                let so_far = total.load(Ordering::Relaxed);
                if so_far >= best {
                    refuted.store(true, Ordering::Relaxed);
                    break;
                }
                let part_bound = searcher.size_bound(part.len(), child_depth);
                let part_beta = best - (so_far - part_bound);
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
                if outcome.guess.is_none() || after >= best {
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
}
