//! The choice at one node: the guess the one-ply player would play, found by scoring one
//! candidate per symmetry class, consistent candidates first, and skipping candidates that
//! provably cannot win.
//!
//! The player's rule, restated in the order this module uses it: the best cost wins; among equal
//! costs a consistent code wins (pool `AllPreferConsistent`), then the first in code order. So the
//! consistent candidates are scanned first, in code order, keeping a candidate only when it beats
//! the best so far strictly; then (all-codes pool) every other candidate, kept only when it beats
//! the consistent best strictly. A scan stops once the best reaches the least cost any remaining
//! candidate could have (for example all singletons), and a candidate is dropped as soon as its
//! partial part sizes, or its number of parts, prove that it cannot beat the best. Before any of
//! that, every colour multiset is bounded once per node from how many colours it shares with each
//! secret, and all arrangements of a multiset that cannot beat the best are dropped unscored.

use crate::build::BuildStats;
use crate::build::candidates::{CandidateList, ListKey, SharedLists};
use crate::build::objective::{Objective, TOLERANCE, beats, cannot_beat};
use crate::build::symmetry::Symmetry;
use mastermind_core::local_entropy::PlayedSymbols;
use mastermind_core::words::{MASK_LANES, Packed, Scorer, Slice, Word, Words};
use mastermind_core::{Code, Game};
use mastermind_heuristics::{Best as PlayerBest, Heuristic, Pool};
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::sync::Arc;

/// Secrets scored per chunk before a candidate's partial partition is checked against the best.
const CHUNK: usize = 64;
/// Candidates whose reply sets are computed together (vectorised across candidates).
const BLOCK: usize = 256;
/// Nodes of at most this many secrets count each candidate's parts first (cheap), and score its
/// full partition only if that many parts could beat the best.
const MASK_SECRETS: usize = 160;
/// Candidates scored ahead of a scan of a large node, to start pruning with a good bound.
const SEEDS: usize = 4;

/// The best candidate so far.
#[derive(Debug, Clone, Copy)]
struct Best<W> {
    cost: f64,
    code: Option<Packed<W>>,
}

/// Chooses guesses for one game and one rule; keeps its buffers and candidate lists between nodes.
#[derive(Debug)]
pub(crate) struct Selector<W: Word> {
    game: Game,
    objective: Objective,
    pool: Pool,
    scorer: Scorer,
    /// Replies a consistent candidate can receive (the winning one included).
    replies: usize,
    feedback_count: usize,
    /// Whether reply sets fit a 64-bit mask.
    masks_fit: bool,
    /// Candidate lists by symmetry key, and (for nodes with a stabiliser) by the guesses played,
    /// shared by the build's threads.
    lists: Arc<SharedLists<W>>,
    /// The list last used at each depth, with its symmetry key and guesses: siblings share
    /// their guesses, so most nodes find their list here without the shared store's lock.
    recent: Vec<Option<(ListKey, Arc<CandidateList<W>>)>>,
    kept: Words<W>,
    /// The candidates of a block that their colour multiset's bound did not rule out.
    survivors: Words<W>,
    /// The bound of each colour multiset (by count word) at the current node.
    totals_bounds: HashMap<W, f64, FxBuildHasher>,
    /// The same bounds by the multiset numbers of the node's candidate list (NaN: not yet
    /// computed).
    numbered_bounds: Vec<f64>,
    indices: Vec<u8>,
    masks: Vec<u64>,
    /// Work done so far.
    pub stats: BuildStats,
}

impl<W: Word> Selector<W> {
    /// A selector for `game` (whose codes fit `W`) with `heuristic` over `pool`, taking its
    /// candidate lists from `lists` (one store per build, shared by its threads).
    pub fn new(
        game: Game,
        heuristic: Heuristic,
        pool: Pool,
        codes: usize,
        lists: Arc<SharedLists<W>>,
    ) -> Selector<W> {
        let feedback_count = game.feedback_count();
        Selector {
            game,
            objective: Objective::new(heuristic, codes),
            pool,
            scorer: Scorer::new::<W>(game),
            replies: feedback_count - 1,
            feedback_count,
            masks_fit: feedback_count <= 64,
            lists,
            recent: Vec::new(),
            kept: Words::new(),
            survivors: Words::new(),
            totals_bounds: HashMap::default(),
            numbered_bounds: Vec::new(),
            indices: vec![0; CHUNK],
            masks: vec![0; BLOCK],
            stats: BuildStats::default(),
        }
    }

    /// The number of reply indices of the game.
    pub fn feedback_count(&self) -> usize {
        self.feedback_count
    }

    /// The scorer of the game.
    pub fn scorer(&self) -> Scorer {
        self.scorer
    }

    /// The guess for a node whose secrets (in code order, at least one) are `secrets`, reached by
    /// playing `guesses`.
    pub fn choose(&mut self, secrets: Slice<'_, W>, guesses: &[[u8; 16]]) -> Packed<W> {
        let n = secrets.len();
        if self.objective.heuristic() == Heuristic::LocalEntropy {
            return self.choose_by_local_entropy(secrets, guesses);
        }
        if n <= 2 {
            // One secret: play it. Two: the first splits them into the win and a singleton, and
            // nothing does better.
            return secrets.get(0);
        }
        self.stats.nodes += 1;
        self.totals_bounds.clear();
        let symmetry = Symmetry::new(self.game, guesses, self.present_colours(secrets));
        let mut best = Best { cost: f64::INFINITY, code: None };
        let consistent_bound = self.objective.bound_from_parts(n, n.min(self.replies));
        if symmetry.keeps_every_secret() {
            self.scan(secrets, None, secrets, &mut best, consistent_bound);
        } else {
            let pegs = usize::from(self.game.pegs());
            let mut kept = std::mem::take(&mut self.kept);
            kept.clear();
            for i in 0..n {
                let code = secrets.get(i);
                if symmetry.is_representative(&code.colours(pegs)) {
                    kept.push(code);
                }
            }
            self.scan(kept.slice(), None, secrets, &mut best, consistent_bound);
            self.kept = kept;
        }
        let other_bound = self.objective.bound_from_parts(n, n.min(self.replies - 1));
        if self.pool == Pool::AllPreferConsistent && !cannot_beat(other_bound, best.cost) {
            let candidates = self.candidates(&symmetry, guesses);
            self.numbered_bounds.clear();
            self.numbered_bounds.resize(candidates.multisets, f64::NAN);
            let numbers = Some(candidates.multiset.as_slice());
            self.scan(candidates.words.slice(), numbers, secrets, &mut best, other_bound);
        }
        best.code.expect("a node of three or more secrets has a consistent candidate")
    }

    /// The LocalEntropy player's choice: the first consistent code of highest local entropy next
    /// to the guesses played (no partition, so no symmetry or bounds are needed), ranked with the
    /// player's own [`PlayerBest`] and [`PlayedSymbols`].
    fn choose_by_local_entropy(
        &mut self,
        secrets: Slice<'_, W>,
        guesses: &[[u8; 16]],
    ) -> Packed<W> {
        let n = secrets.len();
        if n == 1 {
            return secrets.get(0);
        }
        self.stats.nodes += 1;
        let pegs = usize::from(self.game.pegs());
        let played = PlayedSymbols::from_codes(
            guesses
                .iter()
                .map(|g| Code::from_valid_colours(self.game, &g[..pegs]))
                .collect::<Vec<_>>()
                .iter(),
        );
        let mut best = PlayerBest::new();
        for i in 0..n {
            best.offer(i, played.entropy_with(&secrets.get(i).code(self.game)));
        }
        self.stats.candidates_scored += n as u64;
        secrets.get(best.indices()[0])
    }

    /// Colours used by some secret, as a bit mask.
    fn present_colours(&self, secrets: Slice<'_, W>) -> u32 {
        let union = secrets.counts.iter().fold(W::default(), |acc, &c| acc | c);
        let union = Packed { pegs: W::default(), counts: union };
        let pegs = u32::from(self.game.pegs());
        let mut present = 0u32;
        // Bit `c * pegs` of a count word is set when colour `c` occurs at least once.
        let probe = |c: u32| {
            let bit = W::shifted(1, c * pegs);
            union.counts & bit != W::default()
        };
        for c in 0..u32::from(self.game.colours()) {
            if probe(c) {
                present |= 1 << c;
            }
        }
        present
    }

    /// Every candidate of the all-codes pool that needs scoring at a node with `symmetry`, reached
    /// by playing `guesses`.
    fn candidates(&mut self, symmetry: &Symmetry, guesses: &[[u8; 16]]) -> Arc<CandidateList<W>> {
        let depth = guesses.len();
        let filtered = symmetry.has_group();
        // The guesses played are part of the key only when the stabiliser filters the list.
        let played: &[[u8; 16]] = if filtered { guesses } else { &[] };
        if let Some(Some(((key, recent_played), list))) = self.recent.get(depth)
            && *key == symmetry.key()
            && recent_played == played
        {
            return Arc::clone(list);
        }
        let base_key: ListKey = (symmetry.key(), Vec::new());
        let mut list = self.lists.get(base_key, || CandidateList::numbered(symmetry.generate()));
        let key: ListKey = (symmetry.key(), played.to_vec());
        if filtered {
            let pegs = usize::from(self.game.pegs());
            let base = list;
            list = self.lists.get(key.clone(), || {
                base.filtered(|code| symmetry.passes_group(&code.colours(pegs)))
            });
        }
        if self.recent.len() <= depth {
            self.recent.resize_with(depth + 1, || None);
        }
        self.recent[depth] = Some((key, Arc::clone(&list)));
        list
    }

    /// Offers every code of `candidates` (in order) against `secrets`; stops once the best
    /// cannot be beaten by a candidate of cost at least `bound`. `numbers`, when given, holds each
    /// candidate's multiset number in `numbered_bounds`.
    fn scan(
        &mut self,
        candidates: Slice<'_, W>,
        numbers: Option<&[u32]>,
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
    ) {
        let mut survivors = std::mem::take(&mut self.survivors);
        self.scan_with(candidates, numbers, secrets, best, bound, &mut survivors);
        self.survivors = survivors;
    }

    /// [`scan`](Self::scan), with a buffer for the candidates of a block that survive their
    /// colour multiset's bound.
    fn scan_with(
        &mut self,
        candidates: Slice<'_, W>,
        numbers: Option<&[u32]>,
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
        survivors: &mut Words<W>,
    ) {
        let n = secrets.len();
        // A few candidates spread over the list, scored first, bound the answer's cost from above
        // from the start: a candidate that cannot match their best cannot win either. (They are
        // scored again in their turn, so ties still go to the first in order.)
        let mut seed = f64::INFINITY;
        if n > MASK_SECRETS && best.cost == f64::INFINITY {
            let step = candidates.len().div_ceil(SEEDS).max(1);
            for i in (step / 2..candidates.len()).step_by(step) {
                self.stats.candidates_scored += 1;
                if let Some(cost) = self.evaluate(candidates.get(i), secrets, seed) {
                    seed = seed.min(cost);
                }
            }
        }
        // The player keeps an earlier candidate that costs up to a tolerance more than a later
        // best, so nothing within a tolerance of the seeds' best may be pruned: the limit leaves
        // twice that margin (pruning drops only bounds at least the limit less half a tolerance).
        let limit = |best: &Best<W>| best.cost.min(seed + 2.0 * TOLERANCE);
        let most_parts = self.objective.heuristic() == Heuristic::MostParts;
        let use_masks = self.masks_fit && (most_parts || n <= MASK_SECRETS);
        let mut least_by_parts = [0.0f64; 65];
        if use_masks {
            for (parts, least) in least_by_parts.iter_mut().enumerate() {
                *least = self.objective.bound_from_parts(n, parts);
            }
        }
        let mut start = 0;
        while start < candidates.len() {
            if cannot_beat(bound, best.cost) {
                return;
            }
            let end = (start + BLOCK).min(candidates.len());
            let block = candidates.range(start, end);
            // Whole colour multisets are ruled out before any of their codes is scored (measured
            // at 5x8: 6-18x fewer scores, 2.7-4x less time, for every node size).
            survivors.clear();
            let limit_now = limit(best);
            for i in 0..block.len() {
                let candidate = block.get(i);
                let least = match numbers {
                    Some(numbers) => self.numbered_bound(numbers[start + i], candidate, secrets),
                    None => self.totals_bound(candidate.counts, secrets),
                };
                if !cannot_beat(least, limit_now) {
                    survivors.push(candidate);
                }
            }
            let dropped = (block.len() - survivors.len()) as u64;
            self.stats.candidates_scored += dropped;
            self.stats.candidates_pruned += dropped;
            let block = survivors.slice();
            if use_masks {
                for lanes in (0..block.len()).step_by(MASK_LANES) {
                    let upto = (lanes + MASK_LANES).min(block.len());
                    let masks = &mut self.masks[lanes..upto];
                    self.scorer.reply_masks(block.range(lanes, upto), secrets, masks);
                }
                self.stats.scores += (block.len() * n) as u64;
            }
            for i in 0..block.len() {
                let candidate = block.get(i);
                self.stats.candidates_scored += 1;
                let cost = if use_masks {
                    let parts = self.masks[i].count_ones() as usize;
                    let least = least_by_parts[parts];
                    if most_parts {
                        least
                    } else if cannot_beat(least, limit(best)) {
                        self.stats.candidates_pruned += 1;
                        continue;
                    } else {
                        match self.evaluate(candidate, secrets, limit(best)) {
                            Some(cost) => cost,
                            None => continue,
                        }
                    }
                } else {
                    match self.evaluate(candidate, secrets, limit(best)) {
                        Some(cost) => cost,
                        None => continue,
                    }
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

    /// [`totals_bound`](Self::totals_bound) of `candidate`, whose multiset is number `number`
    /// of the node's candidate list: looked up in a vector after the first time.
    #[inline(always)]
    fn numbered_bound(&mut self, number: u32, candidate: Packed<W>, secrets: Slice<'_, W>) -> f64 {
        let known = self.numbered_bounds[number as usize];
        if !known.is_nan() {
            return known;
        }
        let bound = self.totals_bound(candidate.counts, secrets);
        self.numbered_bounds[number as usize] = bound;
        bound
    }

    /// The least cost of any candidate whose colour count word is `counts` at the node of
    /// `secrets` ([`Objective::bound_from_totals`]), computed once per multiset and node.
    fn totals_bound(&mut self, counts: W, secrets: Slice<'_, W>) -> f64 {
        if let Some(&bound) = self.totals_bounds.get(&counts) {
            return bound;
        }
        let pegs = usize::from(self.game.pegs());
        let mut totals = [0u32; 17];
        for &secret in secrets.counts {
            totals[(counts & secret).ones() as usize] += 1;
        }
        self.stats.scores += secrets.len() as u64;
        let bound = self.objective.bound_from_totals(&totals[..=pegs]);
        self.totals_bounds.insert(counts, bound);
        bound
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
            for ((count, a), b) in counts[..slots].iter_mut().zip(&first).zip(&second) {
                *count = a + b;
            }
            if start < n {
                let least = self.objective.partial_bound(&counts[..slots], n - start, self.replies);
                if cannot_beat(least, best) {
                    self.stats.candidates_pruned += 1;
                    return None;
                }
            }
        }
        Some(self.objective.cost(&counts[..slots]))
    }
}

/// Histogram slots for games of up to 9 pegs (at most 55 reply indices).
const SMALL_HISTOGRAM: usize = 64;
/// Histogram slots for every game of up to 16 pegs (at most 153 reply indices).
const LARGE_HISTOGRAM: usize = 256;
