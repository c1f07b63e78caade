//! A node of the search before and after its guesses are tried: what the depth, the size bound,
//! a closed form or the memo already tell (`open_node`), the scoring of its guesses, and the
//! outcome remembered when they have been tried (`close_node`).

use super::searcher::Searcher;
use crate::canonical::Relabelling;
use crate::context::{INFEASIBLE, next_depth};
use crate::memo::MemoEntry;
use crate::scoring::{Candidate, Filing, Scored, present_colours, score_candidates};
use std::rc::Rc;

/// Sets this small are never remembered: they are solved in closed form or in one short scan.
const MEMO_MIN_SECRETS: usize = 3;

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
    pub(super) fn exact(value: u32, guess: u16) -> Outcome {
        Outcome { value, guess: Some(guess) }
    }

    pub(super) fn at_least(value: u32) -> Outcome {
        Outcome { value, guess: None }
    }
}

/// A node's search after its prelude: known already, or guesses to try.
pub(super) enum Opening {
    /// The outcome, from the depth, the size bound, a closed form or the memo.
    Known(Outcome),
    /// Guesses to try.
    Open(OpenNode),
}

/// What the closed forms of small sets tell about a set.
pub(super) enum ClosedForm {
    /// The set's outcome.
    Solved(Outcome),
    /// A lower bound on the set's optimum (0 when none is known).
    AtLeast(u32),
}

/// A node whose guesses are to be tried.
pub(super) struct OpenNode {
    /// The guesses worth trying, each with its lower bound.
    pub(super) candidates: Vec<Candidate>,
    /// The node's proved lower bound before any guess is tried.
    pub(super) node_lower: u32,
    /// The least bound of the guesses already refuted (never kept).
    pub(super) refuted_at: u32,
    /// The depth left below the node.
    pub(super) child_depth: u32,
    /// The node's memo key, when the node is remembered.
    pub(super) key: Option<MemoKey>,
    /// The guesses its scoring left unfiled, if any.
    pub(super) unfiled: Option<Unfiled>,
}

/// The guesses of a node left unfiled by its scoring, all at least one above its least bound
/// (see [`Scored::unfiled_from`](crate::scoring::Scored::unfiled_from)): filed only when the
/// guesses at the least bound do not solve the node.
pub(super) struct Unfiled {
    /// The least bound a guess left unfiled can have.
    pub(super) from: u32,
    /// The guesses that were scored (a guess of every class: a scoring defers only then).
    pub(super) kept: Rc<Vec<u16>>,
}

/// What a node's guesses proved when none beat the budget.
pub(super) struct NodeSummary {
    /// The node's proved lower bound before any guess was tried.
    pub(super) node_lower: u32,
    /// The least total proved for a refuted guess.
    pub(super) refuted_at: u32,
    /// The node's memo key, when the node is remembered.
    pub(super) key: Option<MemoKey>,
}

/// What the memo and the closed forms told of a node whose guesses are still to be scored.
struct Recalled {
    /// The node's lower bound so far.
    lower: u32,
    /// Whether the node is remembered (its key is in `memo_key`).
    remember: bool,
    /// The relabelling of its key.
    relabelling: Option<Relabelling>,
}

/// A node's memo key and the relabelling that made it, kept from the node's recall to its
/// close (its children's keys are written in between): a key costs a relabelling and a sort.
pub(super) struct MemoKey {
    key: Box<[u16]>,
    relabelling: Option<Relabelling>,
}

impl Searcher<'_> {
    /// The outcome of a node whose guesses were tried: `best`, the least total found below the
    /// budget with its guess, or else a bound from the refuted guesses; remembered when the
    /// node is.
    pub(super) fn close_node(&mut self, summary: NodeSummary, best: Option<(u32, u16)>) -> Outcome {
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
    pub(super) fn open_node(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &[u16],
        depth_left: u32,
        beta: u32,
    ) -> Opening {
        self.count_node();
        let Recalled { lower, remember, relabelling } =
            match self.known_before_scoring(secrets, pool, depth_left, beta) {
                Ok(recalled) => recalled,
                Err(outcome) => return Opening::Known(outcome),
            };
        let child_depth = next_depth(depth_left);
        let (scored, kept) = self.score_node(secrets, pool, history, child_depth, beta);
        let node_lower = scored.least_bound.max(lower);
        // The key is still in `memo_key`: the scoring wrote none.
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

    /// What a node is known to cost before its guesses are scored: the outcome (`Err`) when
    /// the depth, the size bound, a closed form or the memo settle it against `beta`; otherwise
    /// its lower bound so far and whether it is remembered, with its key left in `memo_key`.
    fn known_before_scoring(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        depth_left: u32,
        beta: u32,
    ) -> Result<Recalled, Outcome> {
        let n = secrets.len();
        if depth_left == 0 {
            return Err(Outcome::at_least(INFEASIBLE));
        }
        if n == 1 {
            return Err(Outcome::exact(1, secrets[0]));
        }
        let mut lower = self.size_bound(n, depth_left);
        if lower >= beta || self.stopped {
            return Err(Outcome::at_least(lower));
        }
        if self.rules.small_nodes {
            match self.closed_form(secrets, depth_left) {
                ClosedForm::Solved(outcome) => return Err(outcome),
                ClosedForm::AtLeast(bound) => {
                    lower = lower.max(bound);
                    if lower >= beta {
                        return Err(Outcome::at_least(lower));
                    }
                }
            }
        }
        let remember = self.rules.memo && n >= MEMO_MIN_SECRETS;
        let mut relabelling = None;
        if remember {
            let entry;
            (entry, relabelling) = self.recall(secrets, pool, depth_left);
            if let Some(entry) = entry {
                self.memo_hits += 1;
                if entry.guess.is_some() || entry.value >= beta {
                    return Err(Outcome { value: entry.value, guess: entry.guess });
                }
                lower = lower.max(entry.value);
            }
        }
        Ok(Recalled { lower, remember, relabelling })
    }

    /// Scores the guesses of a node (one per class, from its pool when guesses are limited to
    /// one) against its budget `beta`; returns the scoring and the guesses scored.
    fn score_node(
        &mut self,
        secrets: &[u16],
        pool: &[u16],
        history: &[u16],
        child_depth: u32,
        beta: u32,
    ) -> (Scored, Rc<Vec<u16>>) {
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
        (scored, kept)
    }

    /// The second scoring of a node: the guesses its first left unfiled, below the budget
    /// `below`.
    pub(super) fn score_unfiled(
        &self,
        secrets: &[u16],
        unfiled: &Unfiled,
        child_depth: u32,
        below: u32,
    ) -> Scored {
        let filing = Filing::rest(unfiled.from, below);
        score_candidates(self.ctx, self.rules, secrets, &unfiled.kept, true, child_depth, filing)
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
        let ctx = self.ctx;
        let relabelling = self.rules.canonical_memo.then(|| Relabelling::of(ctx, secrets));
        let (key, marks) = (&mut self.memo_key, &mut self.key_marks);
        let mut extend = |key: &mut Vec<u16>, codes: &[u16]| match &relabelling {
            Some(r) => r.extend_key(ctx, codes, key, marks),
            None => key.extend_from_slice(codes),
        };
        key.clear();
        key.push(depth_left.min(u32::from(u16::MAX)) as u16);
        extend(key, secrets);
        if self.pool_lags {
            key.push(secrets.len() as u16);
            let every_code = pool.len() == ctx.size();
            key.push(u16::from(every_code));
            if !every_code {
                extend(key, pool);
            }
        }
        relabelling
    }
}
