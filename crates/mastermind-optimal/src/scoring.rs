//! Scoring the guesses of a node: which guesses to consider (one per equivalence class) and the
//! lower bound each one's partition gives.

use crate::Rules;
use crate::context::{Context, INFEASIBLE, SizeBound};
use crate::counting::{BLOCK, for_each_block};
use crate::symmetry::AbsentColours;

/// One guess at a node, with the lower bound its partition gives.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    /// The node's size plus the size bound of every non-winning part.
    pub bound: u32,
    /// Whether the guess is one of the node's secrets.
    pub consistent: bool,
    /// The guess (code rank).
    pub guess: u16,
}

impl Candidate {
    /// The order of trial: least bound first, consistent guesses first among equals, then code
    /// order.
    pub fn order_key(&self) -> u64 {
        (u64::from(self.bound) << 32) | (u64::from(!self.consistent) << 16) | u64::from(self.guess)
    }
}

/// Which guesses of a node a scoring files as open: those whose bound is at least `from` and
/// below `below` (the node's budget).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Filing {
    /// Guesses whose bound is below this were filed by an earlier scoring of the node.
    pub from: u32,
    /// The budget: guesses whose bound reaches it are only counted in
    /// [`Scored::least_closed`].
    pub below: u32,
    /// Whether the scoring may file only the guesses at the least bound, and leave the others
    /// for a second scoring (see [`Scored::unfiled_from`]).
    pub may_defer: bool,
}

impl Filing {
    /// Every guess below the budget `below`, in one scoring.
    pub fn every(below: u32) -> Filing {
        Filing { from: 0, below, may_defer: false }
    }

    /// The guesses below the budget `below`, those above the least bound possibly left for a
    /// second scoring.
    pub fn least_first(below: u32) -> Filing {
        Filing { from: 0, below, may_defer: true }
    }

    /// The guesses with bounds from `from` up to the budget `below`: the second scoring of a
    /// node whose first left them unfiled.
    pub fn rest(from: u32, below: u32) -> Filing {
        Filing { from, below, may_defer: false }
    }
}

/// The guesses of a node that can still beat a budget, and the bounds of the others.
pub(crate) struct Scored {
    /// Guesses filed (see [`Filing`]), in the order of `kept`.
    pub open: Vec<Candidate>,
    /// The least bound of any guess ([`INFEASIBLE`] if none splits the node within the depth).
    pub least_bound: u32,
    /// The least bound of the guesses left out for reaching the budget.
    pub least_closed: u32,
    /// Guesses whose bound is at least this and below the budget were left unfiled (only with
    /// [`Filing::may_defer`]; [`INFEASIBLE`] when none were): a second scoring with
    /// [`Filing::rest`] files them.
    pub unfiled_from: u32,
}

impl Scored {
    fn new(capacity: usize) -> Scored {
        Scored {
            open: Vec::with_capacity(capacity),
            least_bound: INFEASIBLE,
            least_closed: INFEASIBLE,
            unfiled_from: INFEASIBLE,
        }
    }

    /// Files one guess (its bound below [`INFEASIBLE`]).
    #[inline]
    fn offer(&mut self, candidate: Candidate, filing: Filing) {
        self.least_bound = self.least_bound.min(candidate.bound);
        if candidate.bound < filing.from {
            return;
        }
        if candidate.bound < filing.below {
            self.open.push(candidate);
        } else {
            self.least_closed = self.least_closed.min(candidate.bound);
        }
    }
}

/// The colours held by at least one of `secrets`, bit `c` for colour `c`.
pub(crate) fn present_colours(ctx: &Context, secrets: &[u16]) -> u32 {
    secrets.iter().fold(0u32, |m, &s| m | ctx.colour_masks[usize::from(s)])
}

/// Whether the absent-colour test keeps guess `g`.
pub(crate) fn holds_none(ctx: &Context, g: u16, absent: AbsentColours) -> bool {
    let g = usize::from(g);
    absent.keeps(ctx.pegs, &ctx.colour_rows[g], ctx.colour_masks[g])
}

/// The guesses of `kept` that split `secrets`, each with its lower bound (the node's size plus
/// the size bound of each non-winning part). `every_class` tells that `kept` holds a guess of
/// every class of equivalent guesses (guesses are not limited to a pool), so that the least
/// bound of every code is the least bound of `kept`. Which guesses are filed as open is
/// `filing`'s choice.
pub(crate) fn score_candidates(
    ctx: &Context,
    rules: Rules,
    secrets: &[u16],
    kept: &[u16],
    every_class: bool,
    child_depth: u32,
    filing: Filing,
) -> Scored {
    let n = secrets.len();
    // Reply sets fit a `u32` up to 6 pegs (28 replies).
    if n <= ctx.bound.branching() + 1 && child_depth >= 2 && ctx.feedback_count <= 32 {
        return score_small(ctx, rules, secrets, kept, every_class, filing);
    }
    let win = usize::from(ctx.win);
    let part_bounds = ctx.part_bounds(child_depth);
    // Parts of up to `linear` secrets are bounded by `2k - 1` (one guess each to find and at
    // most one more for the rest: the size bound of a part no larger than a split can finish).
    // A guess whose non-winning parts are all that small is bounded by
    // `n + 2 (n - wins) - parts`, from two sums the whole block computes at once; only a guess
    // with a larger part looks its parts' bounds up one by one.
    let linear = (1..=n).take_while(|&k| part_bounds[k] == 2 * k as u32 - 1).last().unwrap_or(0);
    let linear = if part_bounds[0] == 0 { linear } else { 0 };
    let mut out = Scored::new(kept.len());
    let mut parts = [0u16; BLOCK];
    let mut largest = [0u16; BLOCK];
    // The next guess of `kept` to offer: blocks come in rank order, and hold every kept guess.
    let mut next = 0;
    for_each_block(ctx, secrets, kept, |guesses, counts, stride| {
        let width = guesses.len();
        let (parts, largest) = (&mut parts[..width], &mut largest[..width]);
        parts.fill(0);
        largest.fill(0);
        for &reply in &ctx.possible_replies {
            let reply = usize::from(reply);
            if reply == win {
                continue;
            }
            let lane = &counts[reply * stride..][..width];
            for ((parts, largest), &count) in parts.iter_mut().zip(largest.iter_mut()).zip(lane) {
                *parts += u16::from(count != 0);
                *largest = (*largest).max(count);
            }
        }
        let wins = &counts[win * stride..][..width];
        for (i, &g) in guesses.iter().enumerate() {
            if kept.get(next) != Some(&g) {
                continue;
            }
            next += 1;
            // A guess that leaves every secret in one part splits nothing.
            if usize::from(largest[i]) == n {
                continue;
            }
            let bound = if usize::from(largest[i]) <= linear {
                (3 * n - 2 * usize::from(wins[i])) as u32 - u32::from(parts[i])
            } else {
                // At most 45 terms of at most INFEASIBLE: no overflow.
                let lanes = ctx.possible_replies.iter().map(|&r| usize::from(r));
                let part_sum: u32 = lanes
                    .filter(|&r| r != win)
                    .map(|r| part_bounds[usize::from(counts[r * stride + i])])
                    .sum();
                n as u32 + part_sum
            };
            if bound < INFEASIBLE {
                let candidate = Candidate { bound, consistent: wins[i] > 0, guess: g };
                out.offer(candidate, filing);
            }
        }
    });
    out
}

/// Codes searched together for the guesses at a small node's least bound.
const LEAST_RUN: usize = 64;

/// [`score_candidates`] for a node of at most `b + 1` secrets with at least two guesses left
/// after this one. Every part then holds at most `b + 1` secrets, whose size bound is `2k - 1`,
/// so a guess's bound needs only the set of replies it gets: with `w` = 1 if it wins, and
/// `parts` non-winning replies, the bound is `n + 2 (n - w) - parts`.
///
/// Most such nodes are solved by one of the guesses at their least bound, so with
/// [`Filing::may_defer`] and a guess of every class kept, only those are filed.
fn score_small(
    ctx: &Context,
    rules: Rules,
    secrets: &[u16],
    kept: &[u16],
    every_class: bool,
    filing: Filing,
) -> Scored {
    // As in the counting of large nodes: when most codes are wanted, every code is scored from
    // contiguous rows (vectorised), else the wanted ones are gathered.
    let dense = kept.len() * 4 >= ctx.size();
    let scored = if dense { ctx.size() } else { kept.len() };
    // One allocation holds the packed bounds and, after them, the least bound of each run of
    // codes.
    let mut buffer = vec![0u32; scored + scored.div_ceil(LEAST_RUN)];
    let (packed, run_least) = buffer.split_at_mut(scored);
    pack_small_bounds(ctx, rules, secrets, kept, dense, packed);
    // Most small nodes are refuted by their least bound alone, and with a guess of every class
    // kept that is the least bound of every code: a vectorised pass, and no guess filed. The
    // pass keeps the least bound of each run of codes, where the guesses at the least are then
    // looked for.
    let mut unfiled_from = INFEASIBLE;
    if dense && every_class {
        for (least, run) in run_least.iter_mut().zip(packed.chunks(LEAST_RUN)) {
            *least = run.iter().map(|&packed| packed >> 1).min().unwrap_or(u32::MAX);
        }
        let least = run_least.iter().copied().min().unwrap_or(u32::MAX).min(INFEASIBLE);
        if least >= filing.below {
            return Scored {
                open: Vec::new(),
                least_bound: least,
                least_closed: least,
                unfiled_from,
            };
        }
        if filing.may_defer && least + 1 < filing.below {
            unfiled_from = least + 1;
        }
    }
    let deferring = unfiled_from < INFEASIBLE;
    let mut out = Scored::new(if deferring { 16 } else { kept.len() });
    let mut file = |packed: u32, guess: u16| {
        if packed != u32::MAX {
            let candidate = Candidate { bound: packed >> 1, consistent: packed & 1 == 1, guess };
            out.offer(candidate, filing);
        }
    };
    if deferring {
        // Only the few guesses at the least bound are filed: in the runs that hold it, the codes
        // at it that are in `kept`.
        let least = unfiled_from - 1;
        let runs = packed.chunks(LEAST_RUN).zip(run_least.iter().copied()).enumerate();
        for (run_index, (run, _)) in runs.filter(|(_, (_, run_least))| *run_least == least) {
            for (i, &packed) in run.iter().enumerate() {
                let g = (run_index * LEAST_RUN + i) as u16;
                if packed >> 1 == least && kept.binary_search(&g).is_ok() {
                    file(packed, g);
                }
            }
        }
        out.unfiled_from = unfiled_from;
    } else if dense {
        for &g in kept {
            file(packed[usize::from(g)], g);
        }
    } else {
        for (&packed, &g) in packed.iter().zip(kept) {
            file(packed, g);
        }
    }
    out
}

/// Fills `packed` (zeros) with each guess's bound at a small node (see [`score_small`]), shifted
/// left by one with whether it wins in the low bit, or `u32::MAX` for a guess that splits
/// nothing: every code's (`dense`) or `kept`'s, in order.
fn pack_small_bounds(
    ctx: &Context,
    rules: Rules,
    secrets: &[u16],
    kept: &[u16],
    dense: bool,
    packed: &mut [u32],
) {
    // First the set of replies each guess gets, a bit per reply.
    for &s in secrets {
        let replies = ctx.replies_to(s);
        if dense {
            for (seen, &reply) in packed.iter_mut().zip(replies) {
                *seen |= 1 << reply;
            }
        } else {
            for (seen, &g) in packed.iter_mut().zip(kept) {
                *seen |= 1 << replies[usize::from(g)];
            }
        }
    }
    // Then each reply set becomes its guess's bound, in one pass (vectorised).
    let n = secrets.len() as u32;
    let win_bit = 1u32 << ctx.win;
    for seen in packed.iter_mut() {
        let wins = u32::from(*seen & win_bit != 0);
        let parts = (*seen & !win_bit).count_ones();
        let bound = if rules.size_bound { 3 * n - 2 * wins - parts } else { 2 * n - wins };
        *seen = if wins == 0 && parts == 1 { u32::MAX } else { bound << 1 | wins };
    }
}

/// The lower bound for `n` secrets with `depth_left` guesses, under the rules.
pub(crate) fn size_bound(ctx: &Context, rules: Rules, n: usize, depth_left: u32) -> u32 {
    if rules.size_bound {
        ctx.bound.total(n, depth_left)
    } else {
        SizeBound::trivial(n, depth_left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::UNLIMITED;
    use mastermind_core::Game;

    /// The guesses of a first scoring that defers, and of the second, are every guess below the
    /// budget, in the same order of trial.
    #[test]
    fn deferred_filing_files_every_guess_in_two_scorings() {
        let mut ctx = Context::new(Game::new(4, 6).unwrap()).unwrap();
        ctx.prepare_part_bounds(true, UNLIMITED);
        let rules = Rules::default();
        let (mut deferred_nodes, mut closed_nodes) = (0, 0);
        // Small sets of secrets spread over the codes, scored with every code kept.
        for start in 0..40u16 {
            let secrets: Vec<u16> = (0..9).map(|i| (start * 7 + i * 131) % 1296).collect();
            let mut secrets = secrets;
            secrets.sort_unstable();
            secrets.dedup();
            let kept: Vec<u16> = (0..1296).collect();
            // A budget some guesses reach, so that some are closed.
            let budget = 2 * secrets.len() as u32 + 3;
            let score = |filing| score_candidates(&ctx, rules, &secrets, &kept, true, 4, filing);
            let every = score(Filing::every(budget));
            let first = score(Filing::least_first(budget));
            let mut filed = first.open.clone();
            let mut least_closed = first.least_closed;
            if first.unfiled_from < INFEASIBLE {
                deferred_nodes += 1;
                let least = first.open.iter().map(|c| c.bound).min().unwrap();
                assert!(first.open.iter().all(|c| c.bound == least));
                assert_eq!(first.unfiled_from, least + 1);
                let second = score(Filing::rest(first.unfiled_from, budget));
                filed.extend(second.open);
                least_closed = second.least_closed;
            }
            let key = |c: &Candidate| c.order_key();
            let mut expected = every.open.clone();
            expected.sort_unstable_by_key(key);
            filed.sort_unstable_by_key(key);
            let expected: Vec<u64> = expected.iter().map(key).collect();
            let filed: Vec<u64> = filed.iter().map(key).collect();
            assert_eq!(filed, expected, "secrets {secrets:?}");
            assert_eq!(least_closed, every.least_closed);
            closed_nodes += usize::from(every.least_closed < INFEASIBLE);
            assert_eq!(first.least_bound, every.least_bound);
        }
        assert!(deferred_nodes > 0, "no scoring deferred a guess");
        assert!(closed_nodes > 0, "no scoring closed a guess");
    }
}
