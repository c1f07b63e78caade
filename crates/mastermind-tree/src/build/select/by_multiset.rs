//! The scan by multiset: the alive multisets in order of their bound, each multiset's
//! arrangements sieved and scored together, the scan stopped once no multiset can win.

use super::cost::{largest_part_allowed, least_losing_cost};
use super::{Best, Filter, Selector};
use crate::build::candidates::CandidateList;
use crate::build::objective::cannot_beat;
use crate::build::slices::Slices;
use mastermind_core::words::{MASK_LANES, Packed, Slice, Word};
use mastermind_heuristics::Heuristic;

/// Worst case scans by multiset in nodes of at least this many secrets score them ordered by
/// total ([`TotalSums::group`](crate::build::blacks::TotalSums::group)).
const BY_CLASS_SECRETS: usize = 48;
/// Expected size scores by [`Slices`](crate::build::slices::Slices) the codes of a multiset with at least this many codes in
/// the list: fewer do not pay for splitting the secrets by their totals with it (at 4x6,
/// whose multisets hold at most 24 codes, every multiset at once made Irving 4% slower; 8 and
/// 16 measured level there, and 8 was 1-2% faster than 16 at 5x8).
const SQUARED_CODES: usize = 8;

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
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
    ) {
        let n = secrets.len();
        let pegs = usize::from(self.game.pegs());
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        for (number, range) in list.group_ranges() {
            if self.bounds.alive()[*number as usize] {
                order.push((self.bounds.bound(*number).max(bound), *number, range.clone()));
            }
        }
        order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.2.start.cmp(&b.2.start)));
        // Worst case in nodes its slices hold: a multiset's arrangements are sieved all at once
        // and tested one by one, every part at once ([`Slices`](crate::build::slices::Slices)); counting parts first (reply
        // masks) no longer pays. Expected size there counts each arrangement's parts at once.
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
        let most_parts = parts_count.whole_cost;
        let mut scan = MultisetScan::default();
        // Worst case in large nodes (or games of more than 8 pegs): each multiset's candidates
        // are scored against the secrets ordered by their total with it, the total likeliest
        // to hold the largest part first.
        let by_class_wanted = n >= BY_CLASS_SECRETS && !use_masks && slices.is_none();
        let mut by_class = std::mem::take(&mut self.by_class);
        let mut total_sums = self.total_sums.take();
        let mut ordered_for = None;
        // A limit, and the fewest parts a candidate needs to come under it.
        let mut reach = (f64::NAN, 0u32);
        // A batch of the codes the filter keeps, when it keeps fewer than all.
        let mut kept_pegs = [W::default(); MASK_LANES];
        let mut kept_counts = [W::default(); MASK_LANES];
        let mut kept_positions = [0u32; MASK_LANES];
        self.multiset_replies.forget();
        // The batch's secrets alone with their total: parts its masks do not show.
        let mut alone = 0;
        let grouped = list.by_multiset();
        'multisets: for &(least, number, ref range) in &order {
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
            if let Some(slices) = slices.as_mut().filter(|_| worst_case) {
                let group = (least, number, from..to);
                self.offer_by_slices(slices, list, filter, group, secrets, best, &mut scan);
                continue;
            }
            let mut next = from;
            while next < to {
                // The next batch: up to `MASK_LANES` codes of this multiset that `filter` keeps.
                let end = (next + MASK_LANES).min(to);
                let side_by_side = match filter {
                    Filter::Every => grouped.contiguous(next..end),
                    _ => None,
                };
                let (batch, positions) = if let Some(batch) = side_by_side {
                    next = end;
                    batch
                } else {
                    let mut len = 0;
                    while next < to && len < MASK_LANES {
                        let code = grouped.code(next);
                        if filter.keeps(code, pegs) {
                            kept_pegs[len] = code.pegs;
                            kept_counts[len] = code.counts;
                            kept_positions[len] = grouped.position(next);
                            len += 1;
                        } else {
                            scan.symmetric += 1;
                        }
                        next += 1;
                    }
                    if len == 0 {
                        continue 'multisets;
                    }
                    let batch = Slice { pegs: &kept_pegs[..len], counts: &kept_counts[..len] };
                    (batch, &kept_positions[..len])
                };
                if !scan.may_win(least, positions[0], best) {
                    continue 'multisets;
                }
                if use_masks {
                    // The batch's loosest limit, its first position's (a tie included, if that
                    // position could win one): a batch is passed whole only when none of its
                    // candidates has the parts to beat even that.
                    let loosest = scan.limit(positions[0], best);
                    let counts = self.multisets.counts(number);
                    let replies = &mut self.multiset_replies;
                    self.stats.scores += replies.split(number, counts, secrets, self.scorer);
                    let masks = &mut self.masks[..batch.len()];
                    self.stats.scores += replies.masks(batch, self.scorer, masks);
                    alone = replies.alone();
                    if reach.0 != loosest {
                        reach = (loosest, parts_count.to_win(loosest));
                    }
                    if masks.iter().all(|m| m.count_ones() + alone < reach.1) {
                        scan.offered += batch.len() as u64;
                        self.stats.candidates_scored += batch.len() as u64;
                        if !most_parts {
                            self.stats.candidates_pruned += batch.len() as u64;
                        }
                        continue;
                    }
                }
                for (i, &position) in positions.iter().enumerate() {
                    if !scan.may_win(least, position, best) {
                        break;
                    }
                    scan.offered += 1;
                    self.stats.candidates_scored += 1;
                    let limit = scan.limit(position, best);
                    let candidate = batch.get(i);
                    let parts = use_masks.then(|| (self.masks[i].count_ones() + alone) as usize);
                    let scored = match &mut total_sums {
                        Some(sums) if by_class_wanted => {
                            if ordered_for != Some(number) {
                                let counts = self.multisets.counts(number);
                                let totals = self.bounds.totals(number);
                                sums.group(counts, totals, secrets, &mut by_class);
                                ordered_for = Some(number);
                            }
                            if sums.exceeds(candidate, largest_part_allowed(limit)) {
                                self.stats.candidates_pruned += 1;
                                continue;
                            }
                            by_class.slice()
                        }
                        _ => secrets,
                    };
                    // Expected size: every part counted at once, in a multiset with the codes to
                    // pay for splitting the secrets by their totals with it.
                    let cost = match slices.as_mut().filter(|_| to - from >= SQUARED_CODES) {
                        Some(slices) => {
                            if let Some(parts) = parts
                                && cannot_beat(parts_count.least[parts], limit)
                            {
                                self.stats.candidates_pruned += 1;
                                continue;
                            }
                            if !started {
                                slices.start(secrets);
                                started = true;
                            }
                            slices.split(number, self.multisets.counts(number), secrets);
                            let cost = slices.squares(candidate.pegs, least_losing_cost(limit));
                            if cost.is_none() {
                                self.stats.candidates_pruned += 1;
                            }
                            cost.map(|cost| cost as f64)
                        }
                        None => self.cost_of(candidate, number, parts, &parts_count, scored, limit),
                    };
                    let Some(cost) = cost else {
                        continue;
                    };
                    scan.offer(cost, candidate, position, best);
                }
            }
        }
        self.by_class = by_class;
        self.total_sums = total_sums;
        if slices.is_some() {
            self.slices = slices;
        }
        let skipped = list.len() as u64 - scan.offered - scan.symmetric;
        self.stats.candidates_scored += skipped;
        self.stats.candidates_pruned += skipped;
        self.order = order;
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
