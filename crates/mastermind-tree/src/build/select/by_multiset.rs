//! The scan by multiset: the alive multisets in order of their bound, each multiset's
//! arrangements sieved and scored together, the scan stopped once no multiset can win.

use super::cost::{PartsCount, largest_part_allowed, least_losing_cost};
use super::{Best, Filter, Selector};
use crate::build::blacks::TotalSums;
use crate::build::candidates::{CandidateList, Grouped};
use crate::build::objective::cannot_beat;
use crate::build::slices::Slices;
use mastermind_core::words::{MASK_LANES, Packed, Slice, Word, Words};
use mastermind_heuristics::Heuristic;
use std::ops::Range;

/// Worst case scans by multiset in nodes of at least this many secrets score them ordered by
/// total ([`TotalSums::group`](crate::build::blacks::TotalSums::group)).
const BY_CLASS_SECRETS: usize = 48;
/// Expected size scores by [`Slices`](crate::build::slices::Slices) the codes of a multiset with at least this many codes in
/// the list: fewer do not pay for splitting the secrets by their totals with it (at 4x6,
/// whose multisets hold at most 24 codes, every multiset at once made Irving 4% slower; 8 and
/// 16 measured level there, and 8 was 1-2% faster than 16 at 5x8).
const SQUARED_CODES: usize = 8;
/// A scan by total makes each multiset's tables of colours by peg from the tables of the
/// secrets' own multisets ([`TotalSums::tables`]) when the node holds at least this many
/// secrets per distinct multiset, and otherwise secret by secret ([`TotalSums::group`]).
const TABLES_BY_MULTISET: usize = 4;

impl<W: Word> Selector<W> {
    /// Offers the codes of `list` (a whole list, whose multisets are bounded and marked alive)
    /// that `filter` keeps, multiset by multiset, those of least bound first, when costs are
    /// integers; no candidate of the list can cost less than `bound` unless it is consistent.
    ///
    /// With integer costs the player's answer does not depend on the order the candidates are
    /// offered in. A code of the list replaces the consistent best only with a lower cost, and
    /// among the codes that do, the least cost wins, then the first in code order (the least
    /// position in `list`). So the multisets likeliest to win are scored first, and a multiset
    /// whose bound cannot beat the best, nor tie it at an earlier position, is skipped whole,
    /// wherever its codes lie in the list. A consistent code of the list never replaces the
    /// consistent best, so `bound` applies to every code that can.
    pub(super) fn scan_by_multiset(
        &mut self,
        list: &CandidateList<W>,
        filter: Filter<'_>,
        (secrets, numbers): (Slice<'_, W>, &[u32]),
        best: &mut Best<W>,
        bound: f64,
    ) {
        let order = self.multisets_by_bound(list, bound);
        let mut pass = self.start_pass(list, filter, (secrets, numbers));
        let mut kept = KeptBatch::default();
        let mut scan = MultisetScan::default();
        self.multiset_replies.forget();
        let grouped = list.by_multiset();
        for &(least, number, ref range) in &order {
            let (from, to) = (range.start as usize, range.end as usize);
            if !scan.may_win(least, grouped.position(from), best) {
                // Positions ascend and the best only improves, so nothing in this multiset can
                // win; nor can any later multiset (whose bound is no less) unless this bound
                // ties a list best, at an earlier position.
                if least > best.cost || scan.best_at.is_none() {
                    break;
                }
                continue;
            }
            let group = (least, number, from..to);
            match pass.slices.as_mut().filter(|_| pass.worst_case) {
                Some(slices) => {
                    self.offer_by_slices(slices, list, filter, group, secrets, best, &mut scan)
                }
                None => self.offer_multiset(&mut pass, &mut kept, group, best, &mut scan),
            }
        }
        self.end_pass(pass);
        let skipped = list.len() as u64 - scan.offered - scan.symmetric;
        self.stats.candidates_scored += skipped;
        self.stats.candidates_pruned += skipped;
        self.order = order;
    }

    /// The alive multisets of `list`: each one's bound (at least `bound`), number and range of
    /// positions, least bound first, then first in the list.
    fn multisets_by_bound(
        &mut self,
        list: &CandidateList<W>,
        bound: f64,
    ) -> Vec<(f64, u32, Range<u32>)> {
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        for (number, range) in list.group_ranges() {
            if self.bounds.alive()[*number as usize] {
                order.push((self.bounds.bound(*number).max(bound), *number, range.clone()));
            }
        }
        order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.2.start.cmp(&b.2.start)));
        order
    }

    /// How the scan of `list` against `secrets` (whose multiset numbers are `numbers`) scores
    /// each multiset: takes the selector's buffers, which [`end_pass`](Self::end_pass) gives
    /// back.
    fn start_pass<'a>(
        &mut self,
        list: &'a CandidateList<W>,
        filter: Filter<'a>,
        (secrets, numbers): (Slice<'a, W>, &'a [u32]),
    ) -> MultisetPass<'a, W> {
        let n = secrets.len();
        // Worst case in nodes its slices hold: a multiset's arrangements are sieved all at once
        // and tested one by one, every part at once ([`Slices`](crate::build::slices::Slices));
        // counting parts first (reply masks) no longer pays. Expected size there counts each
        // arrangement's parts at once.
        let mut slices = if n <= Slices::MAX_SECRETS { self.slices.take() } else { None };
        let worst_case = self.objective.heuristic() == Heuristic::WorstCase;
        // Expected size takes the secrets as bits only once a multiset needs them.
        let mut started = false;
        if let Some(slices) = slices.as_mut().filter(|_| worst_case) {
            slices.start(secrets);
            started = true;
        }
        let parts_count = self.parts_count(n);
        let use_masks = parts_count.counted && !(worst_case && slices.is_some());
        // Worst case in large nodes (or games of more than 8 pegs): each multiset's candidates
        // are scored against the secrets ordered by their total with it, the total likeliest
        // to hold the largest part first.
        let by_class_wanted = n >= BY_CLASS_SECRETS && !use_masks && slices.is_none();
        MultisetPass {
            list,
            filter,
            secrets,
            numbers,
            slices,
            started,
            worst_case,
            parts_count,
            use_masks,
            by_class_wanted,
            by_class: std::mem::take(&mut self.by_class),
            total_sums: self.total_sums.take(),
            by_multiset_tables: None,
            tabled_for: None,
            ordered_for: None,
            reach: (f64::NAN, 0),
            alone: 0,
        }
    }

    /// Gives back the buffers [`start_pass`](Self::start_pass) took.
    fn end_pass(&mut self, pass: MultisetPass<'_, W>) {
        self.by_class = pass.by_class;
        self.total_sums = pass.total_sums;
        if pass.slices.is_some() {
            self.slices = pass.slices;
        }
    }

    /// Offers the codes of one multiset that the pass's filter keeps, batch by batch, until
    /// none left can win. The multiset comes as its bound, its number and its range in the list,
    /// whose first code may win.
    #[inline]
    fn offer_multiset(
        &mut self,
        pass: &mut MultisetPass<'_, W>,
        kept: &mut KeptBatch<W>,
        (least, number, range): (f64, u32, Range<usize>),
        best: &mut Best<W>,
        scan: &mut MultisetScan,
    ) {
        let pegs = usize::from(self.game.pegs());
        let grouped = pass.list.by_multiset();
        let mut next = range.start;
        while next < range.end {
            let Some((batch, positions)) =
                kept.next(grouped, pass.filter, pegs, (&mut next, range.end), scan)
            else {
                return;
            };
            if !scan.may_win(least, positions[0], best) {
                return;
            }
            if pass.use_masks && self.out_of_reach(pass, number, batch, positions[0], best, scan) {
                continue;
            }
            for (i, &position) in positions.iter().enumerate() {
                if !scan.may_win(least, position, best) {
                    break;
                }
                scan.offered += 1;
                self.stats.candidates_scored += 1;
                let limit = scan.limit(position, best);
                let candidate = batch.get(i);
                let parts =
                    pass.use_masks.then(|| (self.masks[i].count_ones() + pass.alone) as usize);
                let multiset = (number, range.len());
                if let Some(cost) = self.cost_in_multiset(pass, candidate, multiset, parts, limit) {
                    scan.offer(cost, candidate, position, best);
                }
            }
        }
    }

    /// With reply masks: counts the parts of every code of `batch` (of multiset `number`, the
    /// first at `first`) into the masks, and whether none has the parts to beat even the batch's
    /// loosest limit, its first position's (a tie included, if that position could win one).
    /// A batch out of reach is counted as offered, and passed whole.
    #[inline]
    fn out_of_reach(
        &mut self,
        pass: &mut MultisetPass<'_, W>,
        number: u32,
        batch: Slice<'_, W>,
        first: u32,
        best: &Best<W>,
        scan: &mut MultisetScan,
    ) -> bool {
        let loosest = scan.limit(first, best);
        let counts = self.multisets.counts(number);
        let replies = &mut self.multiset_replies;
        self.stats.scores += replies.split(number, counts, pass.secrets, self.scorer);
        let masks = &mut self.masks[..batch.len()];
        self.stats.scores += replies.masks(batch, self.scorer, masks);
        pass.alone = replies.alone();
        if pass.reach.0 != loosest {
            pass.reach = (loosest, pass.parts_count.to_win(loosest));
        }
        if masks.iter().any(|m| m.count_ones() + pass.alone >= pass.reach.1) {
            return false;
        }
        scan.offered += batch.len() as u64;
        self.stats.candidates_scored += batch.len() as u64;
        if !pass.parts_count.whole_cost {
            self.stats.candidates_pruned += batch.len() as u64;
        }
        true
    }

    /// The cost of `candidate`, of a multiset given as its number and its count of codes in the
    /// list, or `None` once it cannot beat `limit`; `parts` is its number of parts when counted.
    #[inline(always)]
    fn cost_in_multiset(
        &mut self,
        pass: &mut MultisetPass<'_, W>,
        candidate: Packed<W>,
        (number, codes): (u32, usize),
        parts: Option<usize>,
        limit: f64,
    ) -> Option<f64> {
        let secrets = pass.secrets;
        let scored = match &mut pass.total_sums {
            Some(sums) if pass.by_class_wanted => {
                let counts = self.multisets.counts(number);
                let totals = self.bounds.totals(number);
                if pass.tabled_for != Some(number) {
                    let by_multiset = *pass.by_multiset_tables.get_or_insert_with(|| {
                        let distinct =
                            sums.take_multisets(secrets, pass.numbers, self.multisets.len());
                        secrets.len() >= distinct * TABLES_BY_MULTISET
                    });
                    if by_multiset {
                        sums.tables(counts, totals);
                    } else {
                        sums.group(counts, totals, secrets, &mut pass.by_class);
                        pass.ordered_for = Some(number);
                    }
                    pass.tabled_for = Some(number);
                }
                if sums.exceeds(candidate, largest_part_allowed(limit)) {
                    self.stats.candidates_pruned += 1;
                    return None;
                }
                if pass.ordered_for != Some(number) {
                    sums.order(counts, totals, secrets, &mut pass.by_class);
                    pass.ordered_for = Some(number);
                }
                pass.by_class.slice()
            }
            _ => secrets,
        };
        // Expected size: every part counted at once, in a multiset with the codes to pay for
        // splitting the secrets by their totals with it.
        let Some(slices) = pass.slices.as_mut().filter(|_| codes >= SQUARED_CODES) else {
            return self.cost_of(candidate, number, parts, &pass.parts_count, scored, limit);
        };
        if let Some(parts) = parts
            && cannot_beat(pass.parts_count.least[parts], limit)
        {
            self.stats.candidates_pruned += 1;
            return None;
        }
        if !pass.started {
            slices.start(secrets);
            pass.started = true;
        }
        slices.split(number, self.multisets.counts(number), secrets);
        let cost = slices.squares(candidate.pegs, least_losing_cost(limit));
        if cost.is_none() {
            self.stats.candidates_pruned += 1;
        }
        cost.map(|cost| cost as f64)
    }
}

/// What a scan by multiset carries from one multiset to the next: its inputs, how it scores,
/// and the selector's buffers it holds meanwhile.
struct MultisetPass<'a, W> {
    list: &'a CandidateList<W>,
    filter: Filter<'a>,
    secrets: Slice<'a, W>,
    /// The secrets' multiset numbers.
    numbers: &'a [u32],
    /// The node's secrets as bits, when the node is small enough for them.
    slices: Option<Slices>,
    /// Whether `slices` has taken the secrets.
    started: bool,
    worst_case: bool,
    parts_count: PartsCount,
    /// Whether each batch's parts are counted (reply masks) before its codes are scored.
    use_masks: bool,
    /// Whether each multiset's codes are scored against the secrets ordered by their totals.
    by_class_wanted: bool,
    /// The secrets in that order, for the multiset `ordered_for`.
    by_class: Words<W>,
    total_sums: Option<TotalSums>,
    /// Whether `total_sums` makes each multiset's tables from the secrets' own multisets'
    /// (decided at the first multiset that needs tables).
    by_multiset_tables: Option<bool>,
    /// The multiset `total_sums` holds the tables of.
    tabled_for: Option<u32>,
    ordered_for: Option<u32>,
    /// A limit, and the fewest parts a candidate needs to come under it.
    reach: (f64, u32),
    /// The last batch's secrets alone with their total: parts its masks do not show.
    alone: u32,
}

/// A batch of up to [`MASK_LANES`] codes of one multiset that a filter keeps, when it keeps
/// fewer than all, with their positions in the list.
struct KeptBatch<W> {
    pegs: [W; MASK_LANES],
    counts: [W; MASK_LANES],
    positions: [u32; MASK_LANES],
}

impl<W: Word> Default for KeptBatch<W> {
    fn default() -> KeptBatch<W> {
        KeptBatch {
            pegs: [W::default(); MASK_LANES],
            counts: [W::default(); MASK_LANES],
            positions: [0; MASK_LANES],
        }
    }
}

impl<W: Word> KeptBatch<W> {
    /// The next batch of `grouped` from `*next` (which it moves past) up to `to`: the codes side
    /// by side when the filter keeps every one, else those it keeps, gathered here (those it
    /// drops counted as symmetric in `scan`); `None` when it keeps none up to `to`.
    #[inline]
    fn next<'b>(
        &'b mut self,
        grouped: Grouped<'b, W>,
        filter: Filter<'_>,
        pegs: usize,
        (next, to): (&mut usize, usize),
        scan: &mut MultisetScan,
    ) -> Option<(Slice<'b, W>, &'b [u32])> {
        let end = (*next + MASK_LANES).min(to);
        if let Filter::Every = filter
            && let Some(batch) = grouped.contiguous(*next..end)
        {
            *next = end;
            return Some(batch);
        }
        let mut len = 0;
        while *next < to && len < MASK_LANES {
            let code = grouped.code(*next);
            if filter.keeps(code, pegs) {
                self.pegs[len] = code.pegs;
                self.counts[len] = code.counts;
                self.positions[len] = grouped.position(*next);
                len += 1;
            } else {
                scan.symmetric += 1;
            }
            *next += 1;
        }
        (len > 0).then(|| {
            let batch = Slice { pegs: &self.pegs[..len], counts: &self.counts[..len] };
            (batch, &self.positions[..len])
        })
    }
}

/// How far a scan by multiset ([`Selector::scan_by_multiset`]) has come.
#[derive(Debug, Default)]
pub(super) struct MultisetScan {
    /// The position in the list of the best, when the best is a code of the list.
    pub(super) best_at: Option<u32>,
    /// Codes offered.
    pub(super) offered: u64,
    /// Codes the filter dropped (not counted as candidates).
    pub(super) symmetric: u64,
}

impl MultisetScan {
    /// Whether a candidate at `position` whose cost is at least `least` can still win: with a
    /// lower cost than the best, or the same cost at an earlier position than a list best.
    fn may_win<W>(&self, least: f64, position: u32, best: &Best<W>) -> bool {
        least < best.cost || (least == best.cost && self.ties(position))
    }

    /// Whether a candidate at `position` wins with the cost of a list best (it comes first).
    pub(super) fn ties(&self, position: u32) -> bool {
        self.best_at.is_some_and(|at| position < at)
    }

    /// The cost a candidate at `position` must come under to win: one more than the best's
    /// before a list best, so that a tie wins.
    pub(super) fn limit<W>(&self, position: u32, best: &Best<W>) -> f64 {
        if self.ties(position) { best.cost + 1.0 } else { best.cost }
    }

    /// Offers `candidate`, at `position`, of cost `cost`: it becomes the best if it wins.
    pub(super) fn offer<W>(
        &mut self,
        cost: f64,
        candidate: Packed<W>,
        position: u32,
        best: &mut Best<W>,
    ) {
        if cost < best.cost || (self.ties(position) && cost == best.cost) {
            *best = Best { cost, code: Some(candidate) };
            self.best_at = Some(position);
        }
    }
}
