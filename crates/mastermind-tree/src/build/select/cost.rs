//! Scoring candidates: the scan of a list block by block, each candidate's parts counted or its
//! partition scored chunk by chunk against the best, and the costs the objective gives them.

use super::{BLOCK, Best, CHUNK, Filter, Prune, Selector};
use crate::build::objective::{TOLERANCE, beats, cannot_beat};
use mastermind_core::words::{MASK_LANES, Packed, Slice, Word, Words};
use mastermind_heuristics::Heuristic;

/// Nodes of at most this many secrets count each candidate's parts first (cheap), and score its
/// full partition only if that many parts could beat the best (but for Worst case scans by
/// multiset, which test the parts themselves, [`Slices`](crate::build::slices::Slices)).
const MASK_SECRETS: usize = 32;
/// Candidates scored ahead of a scan of a large node, to start pruning with a good bound.
const SEEDS: usize = 4;

/// What one scan offers: the candidates in order with their multiset numbers, how a block's
/// candidates are ruled out before they are scored, and the node's secrets they are scored on.
#[derive(Clone, Copy)]
pub(super) struct Offer<'a, W: Word> {
    /// The candidates, in the order they are offered.
    pub(super) candidates: Slice<'a, W>,
    /// Their colour multisets' numbers.
    pub(super) numbers: &'a [u32],
    /// How a block's candidates are ruled out before they are scored.
    pub(super) prune: Prune<'a>,
    /// The node's secrets.
    pub(super) secrets: Slice<'a, W>,
}

impl<W: Word> Selector<W> {
    /// Offers every code of `offer`'s candidates that its pruning keeps against its secrets;
    /// stops once the best cannot be beaten by a candidate of cost at least `bound`.
    pub(super) fn scan(&mut self, offer: Offer<'_, W>, best: &mut Best<W>, bound: f64) {
        let mut survivors = std::mem::take(&mut self.survivors);
        let mut survivor_numbers = std::mem::take(&mut self.survivor_numbers);
        self.scan_with(offer, best, bound, (&mut survivors, &mut survivor_numbers));
        self.survivors = survivors;
        self.survivor_numbers = survivor_numbers;
    }

    /// [`scan`](Self::scan), with buffers for the candidates of a block that survive their
    /// colour multiset's bound and the filter, and for their multiset numbers.
    fn scan_with(
        &mut self,
        offer: Offer<'_, W>,
        best: &mut Best<W>,
        bound: f64,
        (survivors, survivor_numbers): (&mut Words<W>, &mut Vec<u32>),
    ) {
        let Offer { candidates, numbers, prune, secrets } = offer;
        let n = secrets.len();
        // A few candidates spread over the list, scored first, bound the answer's cost from above
        // from the start: a candidate that cannot match their best cannot win either. (They are
        // scored again in their turn, so ties still go to the first in order.) Any candidate of
        // the pool bounds the answer, so the seeds need not pass the filter.
        let seed = if n > MASK_SECRETS && best.cost == f64::INFINITY {
            self.seeds_best(candidates, secrets)
        } else {
            f64::INFINITY
        };
        // The player keeps an earlier candidate that costs up to a tolerance more than a later
        // best, so nothing within a tolerance of the seeds' best may be pruned: the limit leaves
        // twice that margin (pruning drops only bounds at least the limit less half a tolerance).
        let limit = |best: &Best<W>| best.cost.min(seed + 2.0 * TOLERANCE);
        let parts_count = self.parts_count(n);
        let use_masks = parts_count.counted;
        let mut start = 0;
        while start < candidates.len() {
            if cannot_beat(bound, best.cost) {
                return;
            }
            let end = (start + BLOCK).min(candidates.len());
            let block = candidates.range(start, end);
            // Whole colour multisets are ruled out before any of their codes is scored (measured
            // at 5x8: 6-18x fewer scores, 2.7-4x less time, for every node size); the symmetry
            // filter runs only on the candidates that remain.
            survivors.clear();
            survivor_numbers.clear();
            let limit_now = limit(best);
            let block_numbers = &numbers[start..end];
            let dropped = match prune {
                Prune::Bounds(filter) => {
                    let kept = (&mut *survivors, &mut *survivor_numbers);
                    self.keep_within_bounds(block, block_numbers, filter, limit_now, kept)
                }
                Prune::Alive => {
                    self.bounds.narrow_alive(limit_now);
                    self.keep_alive(block, block_numbers, survivors, survivor_numbers)
                }
            };
            self.stats.candidates_scored += dropped;
            self.stats.candidates_pruned += dropped;
            let block = survivors.slice();
            if use_masks {
                self.reply_masks_of(block, secrets);
            }
            for (i, &number) in survivor_numbers.iter().enumerate() {
                let candidate = block.get(i);
                self.stats.candidates_scored += 1;
                let parts = use_masks.then(|| self.masks[i].count_ones() as usize);
                let Some(cost) =
                    self.cost_of(candidate, number, parts, &parts_count, secrets, limit(best))
                else {
                    continue;
                };
                if beats(cost, best.cost) {
                    *best = Best { cost, code: Some(candidate) };
                    if cannot_beat(bound, best.cost) {
                        return;
                    }
                }
            }
            start = end;
        }
    }

    /// The least cost among a few candidates spread over `candidates` (scored against
    /// `secrets`), infinite if none has one.
    fn seeds_best(&mut self, candidates: Slice<'_, W>, secrets: Slice<'_, W>) -> f64 {
        let mut seed = f64::INFINITY;
        let step = candidates.len().div_ceil(SEEDS).max(1);
        for i in (step / 2..candidates.len()).step_by(step) {
            self.stats.candidates_scored += 1;
            if let Some(cost) = self.evaluate(candidates.get(i), secrets, seed) {
                seed = seed.min(cost);
            }
        }
        seed
    }

    /// Pushes onto `survivors` (and their numbers onto `survivor_numbers`) the codes of `block`
    /// whose multiset's bound can beat `limit` and that `filter` keeps; returns how many the
    /// bound dropped.
    #[inline]
    fn keep_within_bounds(
        &mut self,
        block: Slice<'_, W>,
        numbers: &[u32],
        filter: Filter<'_>,
        limit: f64,
        (survivors, survivor_numbers): (&mut Words<W>, &mut Vec<u32>),
    ) -> u64 {
        let pegs = usize::from(self.game.pegs());
        let mut dropped = 0;
        for (i, &number) in numbers.iter().enumerate() {
            let candidate = block.get(i);
            if cannot_beat(self.bounds.bound(number), limit) {
                dropped += 1;
            } else if filter.keeps(candidate, pegs) {
                survivors.push(candidate);
                survivor_numbers.push(number);
            }
        }
        dropped
    }

    /// Fills the first `block.len()` reply masks with the replies each code of `block` gets
    /// from `secrets`.
    fn reply_masks_of(&mut self, block: Slice<'_, W>, secrets: Slice<'_, W>) {
        for lanes in (0..block.len()).step_by(MASK_LANES) {
            let upto = (lanes + MASK_LANES).min(block.len());
            let masks = &mut self.masks[lanes..upto];
            self.scorer.reply_masks(block.range(lanes, upto), secrets, masks);
        }
        self.stats.scores += (block.len() * secrets.len()) as u64;
    }

    /// Whether a node of `n` secrets counts its candidates' parts first, and what their number
    /// tells: reply sets must fit a mask, and Most parts counts them at every node (they are its
    /// whole cost), the others only in nodes of up to [`MASK_SECRETS`].
    pub(super) fn parts_count(&self, n: usize) -> PartsCount {
        let whole_cost = self.objective.heuristic() == Heuristic::MostParts;
        let counted = self.masks_fit && (whole_cost || n <= MASK_SECRETS);
        let mut least = [0.0f64; 65];
        if counted {
            // A candidate has at most one part per reply and per secret, and at most 64 parts.
            let most = n.min(self.feedback_count).min(64);
            for (parts, least) in least[..=most].iter_mut().enumerate() {
                *least = self.objective.bound_from_parts(n, parts);
            }
        }
        PartsCount { counted, whole_cost, least }
    }

    /// The cost of `candidate` (of multiset `number`, bounded at this node) against `secrets`,
    /// or `None` once it cannot beat `limit`. With reply masks, `parts` is its number of parts
    /// ([`PartsCount`]): for Most parts the whole cost, for the others a bound checked before
    /// any scoring. With Worst case, its black pegs are checked too ([`BlackSums`]).
    #[inline(always)]
    pub(super) fn cost_of(
        &mut self,
        candidate: Packed<W>,
        number: u32,
        parts: Option<usize>,
        parts_count: &PartsCount,
        secrets: Slice<'_, W>,
        limit: f64,
    ) -> Option<f64> {
        if let Some(parts) = parts {
            let least = parts_count.least[parts];
            if parts_count.whole_cost {
                return Some(least);
            }
            if cannot_beat(least, limit) {
                self.stats.candidates_pruned += 1;
                return None;
            }
        }
        self.cost_unmasked(candidate, number, secrets, limit)
    }

    /// [`cost_of`](Self::cost_of) without a count of parts.
    #[inline(always)]
    pub(super) fn cost_unmasked(
        &mut self,
        candidate: Packed<W>,
        number: u32,
        secrets: Slice<'_, W>,
        limit: f64,
    ) -> Option<f64> {
        if let Some(blacks) = &mut self.blacks
            && limit.is_finite()
        {
            let cap = largest_part_allowed(limit);
            if blacks.exceeds(candidate, number, self.bounds.totals(number), cap) {
                self.stats.candidates_pruned += 1;
                return None;
            }
        }
        self.evaluate(candidate, secrets, limit)
    }

    /// The cost of `candidate`'s partition of `secrets`, or `None` as soon as its partial
    /// partition shows it cannot beat `best`.
    fn evaluate(&mut self, candidate: Packed<W>, secrets: Slice<'_, W>, best: f64) -> Option<f64> {
        if self.feedback_count <= SMALL_HISTOGRAM {
            self.evaluate_in::<SMALL_HISTOGRAM>(candidate, secrets, best)
        } else {
            self.evaluate_in::<LARGE_HISTOGRAM>(candidate, secrets, best)
        }
    }

    /// [`evaluate`](Self::evaluate) with histograms of `H` slots (at least the game's reply
    /// indices; a power of two).
    #[inline(always)]
    fn evaluate_in<const H: usize>(
        &mut self,
        candidate: Packed<W>,
        secrets: Slice<'_, W>,
        best: f64,
    ) -> Option<f64> {
        let n = secrets.len();
        // Two histograms in turn, so that neighbours landing in one part do not wait on each
        // other's increments; indices are masked to the histogram size (no bounds checks).
        let mut first = [0u32; H];
        let mut second = [0u32; H];
        let mut counts = [0u32; H];
        let slots = self.feedback_count;
        let worst_case = self.objective.heuristic() == Heuristic::WorstCase;
        let mut start = 0;
        while start < n {
            let end = (start + CHUNK).min(n);
            let indices = &mut self.indices[..end - start];
            self.scorer.indices(candidate, secrets.range(start, end), indices);
            let mut pairs = indices.chunks_exact(2);
            for pair in &mut pairs {
                first[usize::from(pair[0]) % H] += 1;
                second[usize::from(pair[1]) % H] += 1;
            }
            for &i in pairs.remainder() {
                first[usize::from(i) % H] += 1;
            }
            self.stats.scores += (end - start) as u64;
            start = end;
            if start >= n {
                break;
            }
            let least = if worst_case {
                // The largest part, over every slot (unused ones are zero) so that the loop
                // has a fixed length and vectorises.
                let mut largest = 0;
                for (a, b) in first.iter().zip(&second) {
                    largest = largest.max(a + b);
                }
                f64::from(largest)
            } else {
                for ((count, a), b) in counts[..slots].iter_mut().zip(&first).zip(&second) {
                    *count = a + b;
                }
                self.objective.partial_bound(&counts[..slots], n - start, self.replies)
            };
            if cannot_beat(least, best) {
                self.stats.candidates_pruned += 1;
                return None;
            }
        }
        for ((count, a), b) in counts[..slots].iter_mut().zip(&first).zip(&second) {
            *count = a + b;
        }
        Some(self.objective.cost(&counts[..slots]))
    }
}

/// How a node uses its candidates' numbers of parts ([`Selector::parts_count`]).
#[derive(Debug)]
pub(super) struct PartsCount {
    /// Whether each candidate's parts are counted (reply masks) before it is scored.
    pub(super) counted: bool,
    /// Whether the number of parts is the whole cost (Most parts), not only a bound on it.
    pub(super) whole_cost: bool,
    /// The least cost of a partition of the node's secrets into each number of parts (when
    /// `counted`); it falls as parts grow.
    pub(super) least: [f64; 65],
}

impl PartsCount {
    /// The fewest parts a candidate needs for its least cost to come under `limit`: fewer
    /// parts cannot beat it.
    pub(super) fn to_win(&self, limit: f64) -> u32 {
        self.least.iter().position(|&least| !cannot_beat(least, limit)).unwrap_or(65) as u32
    }
}

/// The largest part a Worst case candidate may have and still beat (a finite) `limit`: the
/// least integer cost that cannot, less one.
pub(super) fn largest_part_allowed(limit: f64) -> u32 {
    u32::try_from(least_losing_cost(limit)).unwrap_or(u32::MAX).saturating_sub(1)
}

/// The least integer cost that cannot beat `limit` ([`cannot_beat`]; saturating).
pub(super) fn least_losing_cost(limit: f64) -> u64 {
    (limit - TOLERANCE / 2.0).ceil().max(0.0) as u64
}

/// Histogram slots for games of up to 9 pegs (at most 55 reply indices).
const SMALL_HISTOGRAM: usize = 64;

/// Histogram slots for every game of up to 16 pegs (at most 153 reply indices).
const LARGE_HISTOGRAM: usize = 256;
