//! The guesses a node of the exact search scores: one per class of equivalent guesses (the
//! history's symmetry group and the node's absent colours), limited to a pool when there is one,
//! with the lists that make them remembered for the nodes that follow.

use crate::Rules;
use crate::context::Context;
use crate::scoring::holds_none;
use crate::symmetry::{AbsentColours, GuessClasses, Representatives};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// Histories whose symmetry group is remembered at most (each entry holds up to one guess list).
const HISTORY_CACHE_ENTRIES: usize = 4096;

/// A shared set of guesses.
type Guesses = Rc<Representatives>;

/// A group whose representatives are found by testing guesses one at a time, each tested once.
struct TestedGroup {
    classes: GuessClasses,
    /// The codes that relabelling the unused colours leaves unchanged.
    relabelled: Guesses,
    /// Per code: 0 untested, 1 a representative, 2 not.
    verdicts: RefCell<Vec<u8>>,
}

impl TestedGroup {
    /// Whether code `g` (of colours `row`) represents its class.
    fn represents(&self, g: u16, row: &[u8; 8]) -> bool {
        if !self.relabelled.contains(g) {
            return false;
        }
        let mut verdicts = self.verdicts.borrow_mut();
        let verdict = &mut verdicts[usize::from(g)];
        if *verdict == 0 {
            *verdict = if self.classes.is_smallest_image(row) { 1 } else { 2 };
        }
        *verdict == 1
    }
}

/// A group's representatives (held, so that the address in the key stays theirs) and those
/// that pass an absent-colour test.
type AbsentFiltered = (Guesses, Rc<Vec<u16>>);

/// Lists of representatives that pass an absent-colour test remembered at most.
const ABSENT_CACHE_ENTRIES: usize = 1024;

/// The key of an absent-colour test of a group: the group's address and the test.
type AbsentKey = (usize, AbsentColours);

/// A history's group as a node uses it: its representatives listed, or, for a node that takes
/// its guesses from a pool while no list is remembered, a test for each guess of the pool (a
/// pool is much smaller than the list of every representative).
#[derive(Clone)]
enum Group {
    /// Every representative.
    Listed(Guesses),
    /// The codes that relabelling the unused colours leaves unchanged, of which the
    /// representatives are those that pass the group's test.
    Tested(Rc<TestedGroup>),
}

/// The guess lists of one search (one thread), and the caches behind them.
pub(crate) struct GuessLists<'a> {
    ctx: &'a Context,
    rules: Rules,
    /// Per depth: the last history seen there and its group.
    group_cache: Vec<Option<(Vec<u16>, Group)>>,
    /// The representatives of a group that pass an absent-colour test, by group and test (nodes
    /// of one history often hold the same colours; a bounded cache, emptied when full).
    absent_cache: FxHashMap<AbsentKey, AbsentFiltered>,
    /// The codes that relabelling the unused colours leaves unchanged, by the unused colours.
    relabel_cache: FxHashMap<u32, Guesses>,
    /// Groups' representatives by the sorted guesses of the history.
    history_cache: FxHashMap<Vec<u16>, Guesses>,
    every_code: Guesses,
}

impl<'a> GuessLists<'a> {
    /// Empty caches for the game of `ctx` under `rules`.
    pub fn new(ctx: &'a Context, rules: Rules) -> GuessLists<'a> {
        GuessLists {
            ctx,
            rules,
            group_cache: Vec::new(),
            absent_cache: FxHashMap::default(),
            relabel_cache: FxHashMap::default(),
            history_cache: FxHashMap::default(),
            every_code: Rc::new(Representatives::new(ctx.size(), (0..ctx.size() as u16).collect())),
        }
    }

    /// One guess per equivalence class after `history` at a node whose secrets hold the colours
    /// `present` (the history's group, then the absent colours; see [`crate::symmetry`]), in
    /// rank order; only those in `pool` (sorted ranks, closed under the history's group) when
    /// given, found by a pass over the pool. The group's part is remembered per depth: the parts
    /// of one guess share their history and are searched one after another.
    pub fn representatives(
        &mut self,
        history: &[u16],
        present: u32,
        pool: Option<&[u16]>,
    ) -> Rc<Vec<u16>> {
        let ctx = self.ctx;
        let absent = ctx.absent_colours(self.rules.absent_colours, present);
        let group = if self.rules.symmetry {
            self.group_at(history, pool.is_none())
        } else {
            Group::Listed(Rc::clone(&self.every_code))
        };
        let row = |g: u16| &ctx.colour_rows[usize::from(g)];
        match (pool, group) {
            (Some(pool), Group::Listed(group)) => {
                let kept = pool.iter().copied().filter(|&g| group.contains(g));
                Rc::new(kept.filter(|&g| holds_none(ctx, g, absent)).collect())
            }
            (Some(pool), Group::Tested(group)) => {
                let kept = pool.iter().copied().filter(|&g| holds_none(ctx, g, absent));
                Rc::new(kept.filter(|&g| group.represents(g, row(g))).collect())
            }
            (None, Group::Listed(group)) if absent.is_trivial() => Rc::clone(&group.codes),
            (None, Group::Listed(group)) => {
                let key = (Rc::as_ptr(&group) as usize, absent);
                if let Some((_, kept)) = self.absent_cache.get(&key) {
                    return Rc::clone(kept);
                }
                let kept = group.codes.iter().copied().filter(|&g| holds_none(ctx, g, absent));
                let kept = Rc::new(kept.collect::<Vec<u16>>());
                if self.absent_cache.len() >= ABSENT_CACHE_ENTRIES {
                    self.absent_cache.clear();
                }
                self.absent_cache.insert(key, (group, Rc::clone(&kept)));
                kept
            }
            (None, Group::Tested(_)) => unreachable!("a node without a pool gets a list"),
        }
    }

    /// The group of `history`, remembered per depth; listed when `listed` is asked.
    fn group_at(&mut self, history: &[u16], listed: bool) -> Group {
        let level = history.len();
        if self.group_cache.len() <= level {
            self.group_cache.resize_with(level + 1, || None);
        }
        if let Some((seen, group)) = &self.group_cache[level]
            && seen == history
            && (!listed || matches!(group, Group::Listed(_)))
        {
            return group.clone();
        }
        let group = self.group_of(history, listed);
        self.group_cache[level] = Some((history.to_vec(), group.clone()));
        group
    }

    /// The group of `history`: the codes that represent their class of the history's symmetry
    /// group, starting from the codes that the relabelling of unused colours leaves unchanged,
    /// remembered per set of unused colours (deep in the tree the relabelling is usually all that
    /// is left of the group). Unless `listed` is asked, a group whose list is not remembered is
    /// given as a test.
    fn group_of(&mut self, history: &[u16], listed: bool) -> Group {
        let ctx = self.ctx;
        let history_rows: Vec<[u8; 8]> =
            history.iter().map(|&g| ctx.colour_rows[usize::from(g)]).collect();
        let classes = GuessClasses::new(ctx.pegs, ctx.colours, &history_rows);
        let relabelled = self.relabel_cache.entry(classes.unused()).or_insert_with(|| {
            let codes = (0..ctx.size() as u16).filter(|&g| {
                classes.is_relabelling_representative(&ctx.colour_rows[usize::from(g)])
            });
            Rc::new(Representatives::new(ctx.size(), codes.collect()))
        });
        if !classes.permutes_pegs_or_used_colours() {
            return Group::Listed(Rc::clone(relabelled));
        }
        // The group depends on the set of guesses played, and the same few sets come back at
        // every node of the upper levels: remember them (a bounded cache, emptied when full).
        let mut key = history.to_vec();
        key.sort_unstable();
        if let Some(kept) = self.history_cache.get(&key) {
            return Group::Listed(Rc::clone(kept));
        }
        if !listed {
            let verdicts = RefCell::new(vec![0; ctx.size()]);
            let relabelled = Rc::clone(relabelled);
            return Group::Tested(Rc::new(TestedGroup { classes, relabelled, verdicts }));
        }
        let kept = relabelled
            .codes
            .iter()
            .copied()
            .filter(|&g| classes.is_smallest_image(&ctx.colour_rows[usize::from(g)]));
        let kept: Guesses = Rc::new(Representatives::new(ctx.size(), kept.collect()));
        if self.history_cache.len() >= HISTORY_CACHE_ENTRIES {
            self.history_cache.clear();
        }
        self.history_cache.insert(key, Rc::clone(&kept));
        Group::Listed(kept)
    }
}
