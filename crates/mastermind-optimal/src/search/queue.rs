//! The order in which a node tries its guesses: least bound first, consistent guesses first
//! among equals, then code order. Most nodes try one or two guesses, so the first few are picked
//! by selection and only then are the rest sorted; the guesses a first scoring left unfiled (see
//! [`Scored::unfiled_from`](crate::scoring::Scored::unfiled_from)) are filed once every filed
//! one has been tried, and only if they can still beat the best total.

use super::node::Unfiled;
use super::searcher::Searcher;
use crate::scoring::Candidate;

/// Guesses picked by selection at a node before the rest are sorted.
const SELECTED_BEFORE_SORT: usize = 3;

/// A node's guesses in order of trial, and the least bound of those passed over.
pub(super) struct CandidateQueue {
    candidates: Vec<Candidate>,
    /// The next candidate to hand out.
    position: usize,
    /// The guesses the node's first scoring left unfiled.
    unfiled: Option<Unfiled>,
    /// Whether guesses go least bound first ([`Rules::ordering`](crate::Rules::ordering)); off,
    /// they go in code order.
    ordering: bool,
    /// The least bound of the guesses refuted so far (never tried, or tried and refuted).
    refuted_at: u32,
}

impl CandidateQueue {
    /// The queue of `candidates` (and of `unfiled`, later), with `refuted_at` the least bound of
    /// the guesses the scoring already left out.
    pub fn new(
        candidates: Vec<Candidate>,
        unfiled: Option<Unfiled>,
        refuted_at: u32,
        ordering: bool,
    ) -> CandidateQueue {
        CandidateQueue { candidates, position: 0, unfiled, ordering, refuted_at }
    }

    /// Counts a guess of total at least `bound` as refuted.
    pub fn refute(&mut self, bound: u32) {
        self.refuted_at = self.refuted_at.min(bound);
    }

    /// The least bound of every guess refuted (see [`refute`](Self::refute)).
    pub fn refuted_at(&self) -> u32 {
        self.refuted_at
    }

    /// The next guess to try while the best total is `best` (its bound may reach `best`: the
    /// caller then refutes it), or `None` when no guess is left. `searcher` files the guesses
    /// left unfiled when their turn comes (`secrets` is the node's, `child_depth` the depth
    /// below it).
    pub fn next(
        &mut self,
        searcher: &Searcher<'_>,
        secrets: &[u16],
        child_depth: u32,
        best: u32,
    ) -> Option<Candidate> {
        if self.position == self.candidates.len()
            && !self.file_unfiled(searcher, secrets, child_depth, best)
        {
            return None;
        }
        let index = self.position;
        self.position += 1;
        if self.ordering {
            self.order_from(index, best);
        }
        Some(self.candidates[index])
    }

    /// The least bound of the guess handed out last and those after it (every guess before it
    /// is refuted), if any.
    pub fn least_from_last(&self) -> Option<u32> {
        let last = self.position.saturating_sub(1);
        self.candidates[last..].iter().map(|c| c.bound).min()
    }

    /// The least bound of the guesses not yet handed out, if any.
    pub fn least_untried(&self) -> Option<u32> {
        self.candidates[self.position..].iter().map(|c| c.bound).min()
    }

    /// Files the guesses left unfiled, which come after every filed one in order of trial, if
    /// they can still beat `best`; whether any guess was added.
    fn file_unfiled(
        &mut self,
        searcher: &Searcher<'_>,
        secrets: &[u16],
        child_depth: u32,
        best: u32,
    ) -> bool {
        let Some(rest) = self.unfiled.take() else {
            return false;
        };
        if rest.from >= best {
            self.refute(rest.from);
            return false;
        }
        let first_new = self.candidates.len();
        let scored = searcher.score_unfiled(secrets, &rest, child_depth, best);
        self.refute(scored.least_closed);
        self.candidates.extend(scored.open);
        if self.ordering && self.position > SELECTED_BEFORE_SORT {
            self.candidates[first_new..].sort_unstable_by_key(Candidate::order_key);
        }
        self.position < self.candidates.len()
    }

    /// Puts the guess to try at `index` in its place: by selection for the first few, then,
    /// once, by a sort of the rest.
    fn order_from(&mut self, index: usize, best: u32) {
        let candidates = &mut self.candidates;
        if index < SELECTED_BEFORE_SORT {
            let next = (index..candidates.len())
                .min_by_key(|&i| candidates[i].order_key())
                .expect("index is in range");
            candidates.swap(index, next);
        } else if index == SELECTED_BEFORE_SORT {
            // Only guesses below the best can still be tried: they are sorted, and the others
            // moved behind them, unsorted (the first of them ends the node's loop), with their
            // least bound counted as refuted now, as that end would count it.
            let rest = &mut candidates[index..];
            let mut live = 0;
            let mut refuted_at = self.refuted_at;
            for i in 0..rest.len() {
                if rest[i].bound < best {
                    rest.swap(live, i);
                    live += 1;
                } else {
                    refuted_at = refuted_at.min(rest[i].bound);
                }
            }
            rest[..live].sort_unstable_by_key(Candidate::order_key);
            self.refuted_at = refuted_at;
        }
    }
}
