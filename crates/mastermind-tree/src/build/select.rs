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
//! When few candidates of the all-codes list survive that, only those are tested against the
//! stabiliser of the history, as the scan reaches them; otherwise the scan reads the list the
//! stabiliser filtered, made once per family of siblings. With integer costs (every heuristic
//! but Entropy) either scan goes multiset by multiset, the least bound first: the answer, the
//! least cost and then the first in code order, does not depend on the order of the offers, and
//! every multiset that can no longer win is skipped whole ([`Selector::scan_by_multiset`]).
//! Entropy's tolerance makes the order matter, so its few survivors are gathered in code order.
//! With Worst case, an arrangement is also ruled out by the black pegs it scores: in nodes of
//! up to 1024 secrets (games of up to 8 pegs) a scan by multiset sieves each multiset's
//! arrangements all at once by their black-peg sums total by total, then tests the survivors'
//! parts against the cap all at once, secrets as bits ([`Slices`], [`sliced`]), so that only an
//! arrangement that beats the limit is scored; in larger nodes by sums and squares
//! ([`BlackSums`]). Expected size, in the same nodes, counts an arrangement's parts the same
//! way instead of scoring it secret by secret. The all-codes scan is skipped when the node's
//! secrets of one multiset show that no code can beat the consistent best ([`Alike`]), or
//! replaced, in a node of up to 16 secrets whose consistent best leaves a part of two, by a walk
//! in code order to the first code that splits them into singletons ([`SplitSearch`]).

use crate::build::BuildStats;
use crate::build::alike::Alike;
use crate::build::blacks::{BlackSums, TotalSums};
use crate::build::candidates::{BaseKey, CandidateList, Layout, ListKey, SharedLists};
use crate::build::multisets::{Multisets, NodeBounds};
use crate::build::objective::{Objective, TOLERANCE, beats, cannot_beat};
use crate::build::replies::MultisetReplies;
use crate::build::singletons::{Search, SplitSearch};
use crate::build::slices::Slices;
use crate::build::symmetry::Symmetry;
use mastermind_core::equivalence::Stabiliser;
use mastermind_core::local_entropy::PlayedSymbols;
use mastermind_core::words::{MASK_LANES, Packed, Scorer, Slice, Word, Words};
use mastermind_core::{Code, Game};
use mastermind_heuristics::{Best as PlayerBest, Heuristic, Pool};
use sliced::Arranged;
use std::sync::Arc;

mod sliced;

/// Secrets scored per chunk before a candidate's partial partition is checked against the best.
/// The check (Entropy's sums `s log2 s` over every reply and a logarithm) cost about as much as
/// scoring 64 secrets; measured against 64, paired: 5x8 Entropy and Expected size 0.93, Knuth
/// level, 4x6 0.98-0.99 (512 was no better overall).
const CHUNK: usize = 256;
/// Candidates whose reply sets are computed together (vectorised across candidates).
const BLOCK: usize = 256;
/// Nodes of at most this many secrets count each candidate's parts first (cheap), and score its
/// full partition only if that many parts could beat the best (but for Worst case scans by
/// multiset, which test the parts themselves, [`Slices`]).
const MASK_SECRETS: usize = 32;
/// The all-codes scan gathers its surviving multisets' candidates (a sort of their positions)
/// when they are fewer than one in this many of the base list, and otherwise scans the whole list
/// filtered by the stabiliser.
const SPARSE_GATHER: usize = 16;
/// Nodes of at most this many secrets bound a multiset only when the scan reaches one of its
/// codes (it often stops early), not every multiset of the list first.
const LAZY_SECRETS: usize = 4;
/// Worst case scans by multiset in nodes of at least this many secrets score them ordered by
/// total ([`TotalSums::group`]).
const BY_CLASS_SECRETS: usize = 48;
/// Candidates scored ahead of a scan of a large node, to start pruning with a good bound.
const SEEDS: usize = 4;
/// Expected size scores by [`Slices`] the codes of a multiset with at least this many codes in
/// the list: fewer do not pay for splitting the secrets by their totals with it (at 4x6,
/// whose multisets hold at most 24 codes, every multiset at once made Irving 4% slower; 8 and
/// 16 measured level there, and 8 was 1-2% faster than 16 at 5x8).
const SQUARED_CODES: usize = 8;

/// The guesses played to reach a node, one colour array each.
type Played = Vec<[u8; 16]>;

/// A filtered list, with the guesses and the node key it was last used for.
type RecentFiltered<W> = (Played, BaseKey, Arc<CandidateList<W>>);

/// Which candidates of a scan the node's symmetry lets through to scoring (the others have a
/// smaller code in their class, scored in their place).
#[derive(Debug, Clone, Copy)]
enum Filter<'s> {
    /// Every candidate.
    Every,
    /// The representatives of every relation ([`Symmetry::is_representative`]).
    Representatives(&'s Symmetry),
    /// Codes already canonical under the zero and free colours that the stabiliser keeps
    /// ([`Symmetry::passes_group`]).
    Stabiliser(&'s Symmetry),
}

impl Filter<'_> {
    /// Whether `candidate` is scored.
    #[inline]
    fn keeps<W: Word>(self, candidate: Packed<W>, pegs: usize) -> bool {
        match self {
            Filter::Every => true,
            Filter::Representatives(symmetry) => {
                symmetry.is_representative(&candidate.colours(pegs))
            }
            Filter::Stabiliser(symmetry) => symmetry.passes_group_packed(candidate),
        }
    }
}

/// How a scan rules out a block's candidates before scoring them.
#[derive(Debug, Clone, Copy)]
enum Prune<'s> {
    /// By each candidate's multiset bound (computed on first use), then the symmetry filter.
    Bounds(Filter<'s>),
    /// By the multisets [`NodeBounds::mark_alive`] marked (every multiset of the list is bounded
    /// already), marked again when the best improves: a pass without branches.
    Alive,
}

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
    /// The game's number of codes.
    codes: u64,
    feedback_count: usize,
    /// Whether reply sets fit a 64-bit mask.
    masks_fit: bool,
    /// Candidate lists by symmetry key, shared by the build's threads.
    lists: Arc<SharedLists<W>>,
    /// The base list last used at each depth, with its symmetry key: siblings mostly share
    /// their key, so most nodes find their list here without the shared store's lock.
    recent_base: Vec<Option<(BaseKey, Arc<CandidateList<W>>)>>,
    /// The filtered list last used at each depth, with its node's key and guesses (siblings
    /// share their guesses).
    recent_filtered: Vec<Option<RecentFiltered<W>>>,
    /// The game's colour multisets.
    multisets: Arc<Multisets<W>>,
    /// The stabiliser last found at each depth, with the guesses played.
    groups: Vec<Option<(Played, Arc<Stabiliser>)>>,
    /// The current node's bound per multiset, and the multisets that can still beat the best.
    bounds: NodeBounds<W>,
    /// Worst case only: the least largest part every code leaves among the node's secrets of
    /// one multiset, which can make its all-codes scan needless.
    alike: Option<Alike>,
    /// Worst case only: the first code that splits a small node into singletons, when only such
    /// a code can beat the consistent best.
    singletons: Option<SplitSearch>,
    /// Worst case only: the current node's black pegs by peg and colour, which rule out
    /// arrangements the multiset bound lets through.
    blacks: Option<BlackSums>,
    /// One bit per position of the candidate list, set for the candidates whose multiset
    /// survived its bound.
    marks: Vec<u64>,
    /// Those candidates, in code order, and their multiset numbers.
    gathered: Words<W>,
    gathered_numbers: Vec<u32>,
    /// The candidates of a block that their colour multiset's bound and the symmetry let
    /// through.
    survivors: Words<W>,
    /// The node's secrets in the order a Worst case scan by multiset scores them
    /// ([`TotalSums::group`]).
    by_class: Words<W>,
    /// Worst case only: the black pegs of `by_class`, total by total.
    total_sums: Option<TotalSums>,
    /// Worst case and Expected size (games of up to 8 pegs): an arrangement's parts counted all
    /// at once, in nodes of up to [`Slices::MAX_SECRETS`].
    slices: Option<Slices>,
    /// The codes of one multiset a scan with `slices` offers.
    arranged: Arranged<W>,
    /// The multiset numbers of `survivors`.
    survivor_numbers: Vec<u32>,
    indices: Vec<u8>,
    masks: Vec<u64>,
    /// A scan by multiset's secrets split by their totals with the multiset it is at.
    multiset_replies: MultisetReplies<W>,
    /// The alive multisets of a scan by multiset: bound, number and range of positions.
    order: Vec<(f64, u32, std::ops::Range<u32>)>,
    /// Work done so far.
    pub stats: BuildStats,
}

impl<W: Word> Selector<W> {
    /// A selector for `game` (whose codes fit `W`, their multisets numbered by `multisets`)
    /// with `objective` over `pool`, taking its candidate lists from `lists` (one store per
    /// build, shared by its threads).
    pub fn new(
        game: Game,
        objective: Objective,
        pool: Pool,
        multisets: Arc<Multisets<W>>,
        lists: Arc<SharedLists<W>>,
    ) -> Selector<W> {
        let feedback_count = game.feedback_count();
        let pegs = usize::from(game.pegs());
        let heuristic = objective.heuristic();
        let mut bounds = NodeBounds::new(objective.clone(), Arc::clone(&multisets), pegs);
        let blacks = (heuristic == Heuristic::WorstCase).then(|| {
            bounds.keep_totals();
            BlackSums::new(game, multisets.len())
        });
        Selector {
            game,
            objective,
            pool,
            scorer: Scorer::new::<W>(game),
            replies: feedback_count - 1,
            codes: game.size().unwrap_or(u64::MAX),
            feedback_count,
            masks_fit: feedback_count <= 64,
            lists,
            recent_base: Vec::new(),
            recent_filtered: Vec::new(),
            multisets,
            groups: Vec::new(),
            bounds,
            total_sums: blacks.is_some().then(|| TotalSums::new(game)),
            slices: matches!(heuristic, Heuristic::WorstCase | Heuristic::ExpectedSize)
                .then(|| Slices::of_game(game))
                .flatten(),
            arranged: Arranged::default(),
            alike: blacks.is_some().then(|| Alike::new(game)),
            singletons: blacks.is_some().then(|| SplitSearch::new(game)),
            blacks,
            marks: Vec::new(),
            gathered: Words::new(),
            gathered_numbers: Vec::new(),
            survivors: Words::new(),
            survivor_numbers: Vec::new(),
            by_class: Words::new(),
            indices: vec![0; CHUNK],
            masks: vec![0; BLOCK],
            multiset_replies: MultisetReplies::default(),
            order: Vec::new(),
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

    /// The guess for a node whose secrets (in code order, at least one) are `secrets`, with
    /// their multiset numbers `numbers`, reached by playing `guesses`.
    pub fn choose(
        &mut self,
        secrets: Slice<'_, W>,
        numbers: &[u32],
        guesses: &[[u8; 16]],
    ) -> Packed<W> {
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
        // Lists and groups kept for deeper nodes belong to families already built: let them go,
        // so that a selector holds at most one family's lists per depth of the current path.
        let depth = guesses.len();
        self.recent_base.truncate(depth + 1);
        self.recent_filtered.truncate(depth + 1);
        self.groups.truncate(depth + 1);
        let group = self.group(guesses);
        let present = self.present_colours(secrets);
        let symmetry = Symmetry::with_group(self.game, guesses, present, group);
        self.bounds.start(numbers, symmetry.collapsed_zeros());
        if let Some(blacks) = &mut self.blacks {
            blacks.start(secrets);
        }
        let mut best = Best { cost: f64::INFINITY, code: None };
        let consistent_bound = self.objective.bound_from_parts(n, n.min(self.replies));
        let filter = if symmetry.keeps_every_secret() {
            Filter::Every
        } else {
            Filter::Representatives(&symmetry)
        };
        self.scan(secrets, numbers, Prune::Bounds(filter), secrets, &mut best, consistent_bound);
        // A node that holds every code (the root) has offered them all already.
        let others = self.pool == Pool::AllPreferConsistent && (n as u64) < self.codes;
        let mut other_bound = self.objective.bound_from_parts(n, n.min(self.replies - 1));
        if let Some(alike) = &mut self.alike
            && others
            && !cannot_beat(other_bound, best.cost)
        {
            // Enough to show that no code beats the consistent best: its largest part.
            let enough = best.cost as u32;
            let groups = self.bounds.secret_multisets();
            let least = alike.least_largest_part(secrets, numbers, groups, enough);
            other_bound = other_bound.max(f64::from(least));
        }
        if others && !cannot_beat(other_bound, best.cost) {
            // Only singletons beat a largest part of two: the first code that makes them.
            let split = match &mut self.singletons {
                Some(search) if best.cost == 2.0 => search.first(secrets),
                _ => None,
            };
            match split {
                Some((found, tried)) => {
                    if let Search::Found(code) = found {
                        best = Best { cost: 1.0, code: Some(code) };
                    }
                    self.stats.candidates_scored += tried;
                    self.stats.scores += tried * n as u64;
                }
                _ => self.scan_all_codes(&symmetry, guesses, secrets, &mut best, other_bound),
            }
        }
        self.stats.scores += std::mem::take(&mut self.bounds.visited);
        best.code.expect("a node of three or more secrets has a consistent candidate")
    }

    /// Offers the all-codes candidates of a node with `symmetry`, reached by playing `guesses`.
    ///
    /// Each multiset of the base list is bounded first. When few of its codes survive, they are
    /// tested against the stabiliser one by one, read from the base list (gathered in code order
    /// for Entropy); otherwise the list filtered by the stabiliser (made once per family of
    /// siblings) is scanned whole.
    fn scan_all_codes(
        &mut self,
        symmetry: &Symmetry,
        guesses: &[[u8; 16]],
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
    ) {
        let depth = guesses.len();
        let base = self.base_list(symmetry, depth);
        let filter =
            if symmetry.has_group() { Filter::Stabiliser(symmetry) } else { Filter::Every };
        if secrets.len() <= LAZY_SECRETS {
            // The scan usually stops within a few codes: the stabiliser tests them one by one.
            let words = base.words.slice();
            self.scan(words, &base.multiset, Prune::Bounds(filter), secrets, best, bound);
            return;
        }
        let alive_codes = self.bounds.mark_alive(base.groups(), best.cost);
        let sparse = alive_codes * SPARSE_GATHER < base.len();
        if self.objective.has_integer_costs() {
            // Few survivors are read from the base list and tested against the stabiliser as
            // they come; many are read from the list the stabiliser filtered.
            if sparse {
                self.scan_by_multiset(&base, filter, secrets, best, bound);
            } else {
                let list = self.whole_list(symmetry, guesses, base);
                self.scan_by_multiset(&list, Filter::Every, secrets, best, bound);
            }
            return;
        }
        if sparse {
            let dropped = (base.len() - alive_codes) as u64;
            self.stats.candidates_scored += dropped;
            self.stats.candidates_pruned += dropped;
            self.gather(&base);
            let gathered = std::mem::take(&mut self.gathered);
            let numbers = std::mem::take(&mut self.gathered_numbers);
            self.scan(gathered.slice(), &numbers, Prune::Bounds(filter), secrets, best, bound);
            self.gathered = gathered;
            self.gathered_numbers = numbers;
        } else {
            let list = self.whole_list(symmetry, guesses, base);
            let words = list.words.slice();
            self.scan(words, &list.multiset, Prune::Alive, secrets, best, bound);
        }
    }

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
    fn scan_by_multiset(
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
        // and tested one by one, every part at once ([`Slices`]); counting parts first (reply
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

    /// The candidates a scan of the whole list offers: `base` filtered by the stabiliser when
    /// the history has one, `base` itself otherwise.
    fn whole_list(
        &mut self,
        symmetry: &Symmetry,
        guesses: &[[u8; 16]],
        base: Arc<CandidateList<W>>,
    ) -> Arc<CandidateList<W>> {
        if symmetry.has_group() { self.filtered_list(symmetry, guesses, &base) } else { base }
    }

    /// Copies into `survivors` the codes of `block` (multiset numbers `numbers`) whose multiset
    /// is alive, and their numbers into `survivor_numbers`; returns how many it dropped.
    fn keep_alive(
        &self,
        block: Slice<'_, W>,
        numbers: &[u32],
        survivors: &mut Words<W>,
        survivor_numbers: &mut Vec<u32>,
    ) -> u64 {
        let len = block.len();
        survivors.pegs.resize(len, W::default());
        survivors.counts.resize(len, W::default());
        survivor_numbers.resize(len, 0);
        let kept = copy_alive(
            block,
            numbers,
            self.bounds.alive(),
            (&mut survivors.pegs[..len], &mut survivors.counts[..len]),
            &mut survivor_numbers[..len],
        );
        survivors.pegs.truncate(kept);
        survivors.counts.truncate(kept);
        survivor_numbers.truncate(kept);
        (len - kept) as u64
    }

    /// Gathers into `gathered` (in code order) the codes of `list` whose multiset is alive.
    fn gather(&mut self, list: &CandidateList<W>) {
        // The alive positions are marked in a bit set and read back in order: cheaper than
        // sorting them once there are more than a few per 64 codes of the list.
        self.marks.clear();
        self.marks.resize(list.len().div_ceil(64), 0);
        for (number, positions) in list.groups() {
            if self.bounds.alive()[number as usize] {
                for &position in positions {
                    self.marks[position as usize / 64] |= 1 << (position % 64);
                }
            }
        }
        self.gathered.clear();
        self.gathered_numbers.clear();
        for (word, &marks) in self.marks.iter().enumerate() {
            let mut marks = marks;
            while marks != 0 {
                let position = word * 64 + marks.trailing_zeros() as usize;
                marks &= marks - 1;
                self.gathered.push(list.words.slice().get(position));
                self.gathered_numbers.push(list.multiset[position]);
            }
        }
    }

    /// The stabiliser of `guesses`, found once for a family of siblings.
    fn group(&mut self, guesses: &[[u8; 16]]) -> Arc<Stabiliser> {
        let depth = guesses.len();
        if let Some(Some((played, group))) = self.groups.get(depth)
            && played == guesses
        {
            return Arc::clone(group);
        }
        let group = Arc::new(Symmetry::group(self.game, guesses));
        remember(&mut self.groups, depth, (guesses.to_vec(), Arc::clone(&group)));
        group
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

    /// The base list of a node with `symmetry` at `depth`: its all-codes candidates before the
    /// stabiliser.
    fn base_list(&mut self, symmetry: &Symmetry, depth: usize) -> Arc<CandidateList<W>> {
        let key = symmetry.list_key();
        if let Some(Some((recent_key, list))) = self.recent_base.get(depth)
            && *recent_key == key
        {
            return Arc::clone(list);
        }
        let multisets = &self.multisets;
        let list = self.lists.get((key, Vec::new()), || {
            let (codes, numbers) = symmetry.generate(multisets);
            CandidateList::numbered(codes, numbers, multisets.len())
        });
        remember(&mut self.recent_base, depth, (key, Arc::clone(&list)));
        list
    }

    /// The codes of `base` canonical under the node's zero colours that the stabiliser of
    /// `guesses` keeps, made once per stabiliser (and the node's key).
    fn filtered_list(
        &mut self,
        symmetry: &Symmetry,
        guesses: &[[u8; 16]],
        base: &Arc<CandidateList<W>>,
    ) -> Arc<CandidateList<W>> {
        let depth = guesses.len();
        if let Some(Some((played, key, list))) = self.recent_filtered.get(depth)
            && *key == symmetry.key()
            && played == guesses
        {
            return Arc::clone(list);
        }
        // Families whose histories have one stabiliser share a list.
        let key: ListKey = (symmetry.key(), symmetry.group_key());
        let collapsed_zeros = symmetry.collapsed_zeros::<W>();
        let layout =
            if self.objective.has_integer_costs() { Layout::ByMultiset } else { Layout::CodeOrder };
        let list = self.lists.get(key.clone(), || {
            CandidateList::filtered(base, layout, |code| {
                code.counts & collapsed_zeros == W::default() && symmetry.passes_group_packed(code)
            })
        });
        let recent = (guesses.to_vec(), symmetry.key(), Arc::clone(&list));
        remember(&mut self.recent_filtered, depth, recent);
        list
    }

    /// Offers every code of `candidates` (in order, with their multiset numbers `numbers`) that
    /// `filter` keeps against `secrets`; stops once the best cannot be beaten by a candidate of
    /// cost at least `bound`.
    fn scan(
        &mut self,
        candidates: Slice<'_, W>,
        numbers: &[u32],
        prune: Prune<'_>,
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
    ) {
        let mut survivors = std::mem::take(&mut self.survivors);
        let mut survivor_numbers = std::mem::take(&mut self.survivor_numbers);
        self.scan_with(
            candidates,
            numbers,
            prune,
            secrets,
            best,
            bound,
            (&mut survivors, &mut survivor_numbers),
        );
        self.survivors = survivors;
        self.survivor_numbers = survivor_numbers;
    }

    /// [`scan`](Self::scan), with buffers for the candidates of a block that survive their
    /// colour multiset's bound and the filter, and for their multiset numbers.
    #[allow(clippy::too_many_arguments)]
    fn scan_with(
        &mut self,
        candidates: Slice<'_, W>,
        numbers: &[u32],
        prune: Prune<'_>,
        secrets: Slice<'_, W>,
        best: &mut Best<W>,
        bound: f64,
        (survivors, survivor_numbers): (&mut Words<W>, &mut Vec<u32>),
    ) {
        let n = secrets.len();
        let pegs = usize::from(self.game.pegs());
        // A few candidates spread over the list, scored first, bound the answer's cost from above
        // from the start: a candidate that cannot match their best cannot win either. (They are
        // scored again in their turn, so ties still go to the first in order.) Any candidate of
        // the pool bounds the answer, so the seeds need not pass the filter.
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
            let dropped = match prune {
                Prune::Bounds(filter) => {
                    let mut dropped = 0;
                    for i in 0..block.len() {
                        let candidate = block.get(i);
                        let number = numbers[start + i];
                        let least = self.bounds.bound(number);
                        if cannot_beat(least, limit_now) {
                            dropped += 1;
                        } else if filter.keeps(candidate, pegs) {
                            survivors.push(candidate);
                            survivor_numbers.push(number);
                        }
                    }
                    dropped
                }
                Prune::Alive => {
                    self.bounds.narrow_alive(limit_now);
                    self.keep_alive(block, &numbers[start..end], survivors, survivor_numbers)
                }
            };
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

    /// Whether a node of `n` secrets counts its candidates' parts first, and what their number
    /// tells: reply sets must fit a mask, and Most parts counts them at every node (they are its
    /// whole cost), the others only in nodes of up to [`MASK_SECRETS`].
    fn parts_count(&self, n: usize) -> PartsCount {
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
    fn cost_of(
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
    fn cost_unmasked(
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

/// Copies the codes of `block` whose multiset (numbered by `numbers`) is marked in `alive` to
/// the front of `kept_pegs` and `kept_counts`, and their numbers to the front of
/// `kept_numbers` (each as long as `block`), in order, without a branch per code; returns how
/// many it copied.
///
/// Out of line on purpose: inside the scan, the loop's pointers were spilled to the stack and
/// reloaded for every code.
#[inline(never)]
fn copy_alive<W: Word>(
    block: Slice<'_, W>,
    numbers: &[u32],
    alive: &[bool],
    (kept_pegs, kept_counts): (&mut [W], &mut [W]),
    kept_numbers: &mut [u32],
) -> usize {
    let mut kept = 0;
    for ((&pegs, &counts), &number) in block.pegs.iter().zip(block.counts).zip(numbers) {
        // Written always, kept only when alive (`kept` never passes the code's index).
        kept_pegs[kept] = pegs;
        kept_counts[kept] = counts;
        kept_numbers[kept] = number;
        kept += usize::from(alive[number as usize]);
    }
    kept
}

/// How far a scan by multiset ([`Selector::scan_by_multiset`]) has come.
#[derive(Debug, Default)]
struct MultisetScan {
    /// The position in the list of the best, when the best is a code of the list.
    best_at: Option<u32>,
    /// Codes offered.
    offered: u64,
    /// Codes the filter dropped (not counted as candidates).
    symmetric: u64,
}

impl MultisetScan {
    /// Whether a candidate at `position` whose cost is at least `least` can still win: with a
    /// lower cost than the best, or the same cost at an earlier position than a list best.
    fn may_win<W>(&self, least: f64, position: u32, best: &Best<W>) -> bool {
        least < best.cost || (least == best.cost && self.ties(position))
    }

    /// Whether a candidate at `position` wins with the cost of a list best (it comes first).
    fn ties(&self, position: u32) -> bool {
        self.best_at.is_some_and(|at| position < at)
    }

    /// The cost a candidate at `position` must come under to win: one more than the best's
    /// before a list best, so that a tie wins.
    fn limit<W>(&self, position: u32, best: &Best<W>) -> f64 {
        if self.ties(position) { best.cost + 1.0 } else { best.cost }
    }

    /// Offers `candidate`, at `position`, of cost `cost`: it becomes the best if it wins.
    fn offer<W>(&mut self, cost: f64, candidate: Packed<W>, position: u32, best: &mut Best<W>) {
        if cost < best.cost || (self.ties(position) && cost == best.cost) {
            *best = Best { cost, code: Some(candidate) };
            self.best_at = Some(position);
        }
    }
}

/// How a node uses its candidates' numbers of parts ([`Selector::parts_count`]).
#[derive(Debug)]
struct PartsCount {
    /// Whether each candidate's parts are counted (reply masks) before it is scored.
    counted: bool,
    /// Whether the number of parts is the whole cost (Most parts), not only a bound on it.
    whole_cost: bool,
    /// The least cost of a partition of the node's secrets into each number of parts (when
    /// `counted`); it falls as parts grow.
    least: [f64; 65],
}

impl PartsCount {
    /// The fewest parts a candidate needs for its least cost to come under `limit`: fewer
    /// parts cannot beat it.
    fn to_win(&self, limit: f64) -> u32 {
        self.least.iter().position(|&least| !cannot_beat(least, limit)).unwrap_or(65) as u32
    }
}

/// The largest part a Worst case candidate may have and still beat (a finite) `limit`: the
/// least integer cost that cannot, less one.
fn largest_part_allowed(limit: f64) -> u32 {
    u32::try_from(least_losing_cost(limit)).unwrap_or(u32::MAX).saturating_sub(1)
}

/// The least integer cost that cannot beat `limit` ([`cannot_beat`]; saturating).
fn least_losing_cost(limit: f64) -> u64 {
    (limit - TOLERANCE / 2.0).ceil().max(0.0) as u64
}

/// Keeps `value` as what a selector last used at `depth` (one slot per depth of its path).
fn remember<T>(slots: &mut Vec<Option<T>>, depth: usize, value: T) {
    if slots.len() <= depth {
        slots.resize_with(depth + 1, || None);
    }
    slots[depth] = Some(value);
}

/// Histogram slots for games of up to 9 pegs (at most 55 reply indices).
const SMALL_HISTOGRAM: usize = 64;
/// Histogram slots for every game of up to 16 pegs (at most 153 reply indices).
const LARGE_HISTOGRAM: usize = 256;
