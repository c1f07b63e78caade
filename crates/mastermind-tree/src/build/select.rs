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
use crate::build::candidates::{BaseKey, CandidateList, SharedLists};
use crate::build::multisets::{Multisets, NodeBounds};
use crate::build::objective::{Objective, cannot_beat};
use crate::build::replies::MultisetReplies;
use crate::build::singletons::{Search, SplitSearch};
use crate::build::slices::Slices;
use crate::build::symmetry::Symmetry;
use mastermind_core::equivalence::Stabiliser;
use mastermind_core::local_entropy::PlayedSymbols;
use mastermind_core::words::{Packed, Scorer, Slice, Word, Words};
use mastermind_core::{Code, Game};
use mastermind_heuristics::{Best as PlayerBest, Heuristic, Pool};
use sliced::Arranged;
use std::sync::Arc;

mod by_multiset;
mod cost;
mod lists;
mod sliced;

use cost::Offer;

/// Secrets scored per chunk before a candidate's partial partition is checked against the best.
/// The check (Entropy's sums `s log2 s` over every reply and a logarithm) cost about as much as
/// scoring 64 secrets; measured against 64, paired: 5x8 Entropy and Expected size 0.93, Knuth
/// level, 4x6 0.98-0.99 (512 was no better overall).
const CHUNK: usize = 256;
/// Candidates whose reply sets are computed together (vectorised across candidates).
const BLOCK: usize = 256;

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
        let offer = Offer { candidates: secrets, numbers, prune: Prune::Bounds(filter), secrets };
        self.scan(offer, &mut best, consistent_bound);
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
                _ => {
                    let node = (secrets, numbers);
                    self.scan_all_codes(&symmetry, guesses, node, &mut best, other_bound)
                }
            }
        }
        self.stats.scores += std::mem::take(&mut self.bounds.visited);
        best.code.expect("a node of three or more secrets has a consistent candidate")
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
}

/// Keeps `value` as what a selector last used at `depth` (one slot per depth of its path).
fn remember<T>(slots: &mut Vec<Option<T>>, depth: usize, value: T) {
    if slots.len() <= depth {
        slots.resize_with(depth + 1, || None);
    }
    slots[depth] = Some(value);
}
