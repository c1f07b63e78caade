//! The all-codes candidate lists of one build: made once, shared by every thread, grouped by
//! colour multiset.
//!
//! A base list holds the codes canonical under a node's free colours and, in games without
//! repeats, its zero colours (and, at the root, of sorted shape); it depends on those colours and
//! on whether the node is the root. With repeats, zero colours collapse onto the smallest, so a
//! code holding another zero colour is ruled out by its multiset alone: the scan drops it with
//! its multiset's bound, and base lists do not depend on the zero colours (a few lists serve
//! every node). A filtered list keeps the codes of a base list canonical under the zero colours
//! that the stabiliser of the history keeps, so it also depends on the zero colours and that
//! stabiliser: one serves a whole family of siblings, and every family whose history has the
//! same stabiliser (8x5 Most parts made 751 filtered lists when they were keyed by the guesses
//! played, for 129 distinct stabilisers).
//! Lists are made outside the lock (two threads may make the same one; the first stored is kept,
//! and both are equal), and the store is emptied when it would hold more than a few times the
//! code set.
//!
//! Each code carries the number of its colour multiset, and a list keeps the positions of each
//! multiset's codes, so a scan bounds each multiset once and, when few survive, gathers only
//! their codes. A base list also keeps its codes grouped by multiset, side by side, for a scan
//! that offers one multiset at a time; a filtered list keeps only the layout its build scans
//! ([`Layout`]), so that its memory is not doubled.

use mastermind_core::words::{Packed, Slice, Word, Words};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// What a base list depends on: the listed zero and the free colours (bit masks) and whether it
/// is the root ([`Symmetry::list_key`](crate::build::symmetry::Symmetry::list_key)).
pub(crate) type BaseKey = (u32, u32, bool);

/// What a candidate list depends on: for a base list its [`BaseKey`] and nothing more; for a
/// filtered list its node's key ([`Symmetry::key`](crate::build::symmetry::Symmetry::key), zero
/// colours included) and the stabiliser that filters it
/// ([`Symmetry::group_key`](crate::build::symmetry::Symmetry::group_key)), whatever history it
/// stabilises.
pub(crate) type ListKey = (BaseKey, Vec<u8>);

/// Candidates in code order, each with the number of its colour multiset, and the positions of
/// each multiset's candidates with the candidates in that order. A base list holds both
/// layouts; a filtered list holds the one its build scans ([`Layout`]).
#[derive(Debug, Default)]
pub(crate) struct CandidateList<W> {
    /// The candidates (empty in a list laid out by multiset only).
    pub words: Words<W>,
    /// The multiset number of each candidate (empty in a list laid out by multiset only).
    pub multiset: Vec<u32>,
    /// How many candidates the list holds.
    len: usize,
    /// The multisets the list holds, each with its range of `positions`.
    groups: Vec<(u32, Range<u32>)>,
    /// Positions in `words` (in a filtered list laid out by multiset, in the base list it was
    /// filtered from), grouped by multiset, ascending within a group.
    positions: Vec<u32>,
    /// The candidates in the order of `positions`: each multiset's codes side by side, for a
    /// scan that reads one multiset at a time.
    grouped: Words<W>,
}

/// Which layout a filtered list keeps: the one its build's scans read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Code order, with each candidate's multiset number ([`CandidateList::words`]).
    CodeOrder,
    /// Grouped by multiset ([`CandidateList::group_ranges`], [`CandidateList::grouped`]).
    ByMultiset,
}

impl<W: Word> CandidateList<W> {
    /// The candidates of this list (a base list, which holds both layouts) that `keep`
    /// accepts, in `layout`. Laid out by multiset, the kept codes keep their positions in this
    /// list, which order them as code order does.
    pub fn filtered(
        &self,
        layout: Layout,
        mut keep: impl FnMut(Packed<W>) -> bool,
    ) -> CandidateList<W> {
        let mut kept = CandidateList::default();
        match layout {
            Layout::CodeOrder => {
                for i in 0..self.len() {
                    let code = self.words.slice().get(i);
                    if keep(code) {
                        kept.words.push(code);
                        kept.multiset.push(self.multiset[i]);
                    }
                }
                kept.len = kept.multiset.len();
            }
            Layout::ByMultiset => {
                let grouped = self.grouped.slice();
                for (number, range) in &self.groups {
                    let start = kept.positions.len() as u32;
                    for i in range.start as usize..range.end as usize {
                        let code = grouped.get(i);
                        if keep(code) {
                            kept.grouped.push(code);
                            kept.positions.push(self.positions[i]);
                        }
                    }
                    let end = kept.positions.len() as u32;
                    if end > start {
                        kept.groups.push((*number, start..end));
                    }
                }
                kept.len = kept.positions.len();
            }
        }
        kept
    }

    /// `codes` with their multiset numbers `multiset` (below `numbers`), grouped.
    pub fn numbered(codes: Words<W>, multiset: Vec<u32>, numbers: usize) -> CandidateList<W> {
        // A counting sort of the positions by multiset number.
        let mut starts = vec![0u32; numbers + 1];
        for &number in &multiset {
            starts[number as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let groups = (0..numbers)
            .filter(|&m| starts[m + 1] > starts[m])
            .map(|m| (m as u32, starts[m]..starts[m + 1]))
            .collect();
        let mut next = starts;
        let mut positions = vec![0u32; multiset.len()];
        for (position, &number) in multiset.iter().enumerate() {
            positions[next[number as usize] as usize] = position as u32;
            next[number as usize] += 1;
        }
        let mut grouped = Words::new();
        for &position in &positions {
            grouped.push(codes.slice().get(position as usize));
        }
        CandidateList { len: multiset.len(), words: codes, multiset, groups, positions, grouped }
    }

    /// Candidates in the list.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Each multiset of the list, with the range of its candidates' positions in
    /// [`positions`](Self::positions).
    pub fn group_ranges(&self) -> &[(u32, Range<u32>)] {
        &self.groups
    }

    /// The positions of the list's candidates, grouped by multiset, ascending within a group:
    /// code order among them, though a list laid out by multiset only keeps its base list's.
    pub fn positions(&self) -> &[u32] {
        &self.positions
    }

    /// The list's candidates in the order of [`positions`](Self::positions).
    pub fn grouped(&self) -> Slice<'_, W> {
        self.grouped.slice()
    }

    /// Each multiset of the list, with the positions of its candidates (ascending).
    pub fn groups(&self) -> impl Iterator<Item = (u32, &[u32])> {
        self.groups.iter().map(|(number, range)| {
            (*number, &self.positions[range.start as usize..range.end as usize])
        })
    }
}

/// The lists of one build, shared by its threads.
#[derive(Debug)]
pub(crate) struct SharedLists<W> {
    store: Mutex<Store<W>>,
}

/// Base lists and filtered lists on separate shelves, so that the many filtered lists, which
/// fill their shelf and empty it again, never evict the few base lists every node starts from.
#[derive(Debug)]
struct Store<W> {
    base: Shelf<W>,
    filtered: Shelf<W>,
}

/// Lists up to a total number of codes; emptied when a new list would pass it.
#[derive(Debug)]
struct Shelf<W> {
    lists: HashMap<ListKey, Arc<CandidateList<W>>>,
    codes: usize,
    limit: usize,
}

impl<W> Shelf<W> {
    fn new(limit: usize) -> Shelf<W> {
        Shelf { lists: HashMap::new(), codes: 0, limit }
    }
}

impl<W: Word> SharedLists<W> {
    /// An empty store for a game of `codes` codes.
    pub fn new(codes: usize) -> SharedLists<W> {
        // Base lists take 24 bytes a code (at 8 pegs or fewer), filtered lists 20: about 260
        // bytes per code of the game in all, beside 2^21 and 2^20 codes for small games.
        let (base, filtered) = (4 * codes + (1 << 21), 8 * codes + (1 << 20));
        SharedLists {
            store: Mutex::new(Store { base: Shelf::new(base), filtered: Shelf::new(filtered) }),
        }
    }

    /// The list stored under `key`, made by `make` (outside the lock) if missing.
    pub fn get(
        &self,
        key: ListKey,
        make: impl FnOnce() -> CandidateList<W>,
    ) -> Arc<CandidateList<W>> {
        if let Some(list) = Self::shelf(&mut self.lock(), &key).lists.get(&key) {
            return Arc::clone(list);
        }
        let list = Arc::new(make());
        let mut store = self.lock();
        let shelf = Self::shelf(&mut store, &key);
        if let Some(stored) = shelf.lists.get(&key) {
            return Arc::clone(stored);
        }
        if shelf.codes + list.len() > shelf.limit {
            shelf.lists.clear();
            shelf.codes = 0;
        }
        shelf.codes += list.len();
        shelf.lists.insert(key, Arc::clone(&list));
        list
    }

    /// The shelf that holds `key`'s list.
    fn shelf<'s>(store: &'s mut Store<W>, key: &ListKey) -> &'s mut Shelf<W> {
        if key.1.is_empty() { &mut store.base } else { &mut store.filtered }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store<W>> {
        // A panic elsewhere leaves the lists whole: each is inserted complete.
        self.store.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::multisets::Multisets;

    fn codes(game: mastermind_core::Game) -> Words<u64> {
        let mut words = Words::new();
        for code in mastermind_core::CodeSet::enumerate(game).unwrap().iter() {
            words.push(Packed::from_code(code));
        }
        words
    }

    #[test]
    fn groups_hold_each_position_once_under_its_multiset() {
        let all = codes(mastermind_core::Game::new(3, 4).unwrap());
        let multisets = Multisets::of_game(mastermind_core::Game::new(3, 4).unwrap());
        // Every other code, so that positions and code indices differ.
        let mut some = Words::new();
        for i in (0..all.len()).step_by(2) {
            some.push(all.slice().get(i));
        }
        let numbers = multisets.numbers(some.slice());
        let list = CandidateList::numbered(some, numbers, multisets.len());
        let mut seen = vec![false; list.len()];
        for (number, positions) in list.groups() {
            assert!(!positions.is_empty());
            assert!(positions.windows(2).all(|w| w[0] < w[1]), "ascending");
            for &p in positions {
                assert_eq!(list.multiset[p as usize], number);
                assert_eq!(list.words.counts[p as usize], multisets.counts(number));
                assert!(!std::mem::replace(&mut seen[p as usize], true), "one group per position");
            }
        }
        assert!(seen.iter().all(|&s| s));
        let keep = |code: Packed<u64>| code.pegs % 3 == 0;
        let kept = list.filtered(Layout::CodeOrder, keep);
        assert!(kept.len() < list.len() && !kept.words.is_empty());
        assert_eq!(kept.groups().count(), 0);
        for i in 0..kept.len() {
            assert_eq!(kept.words.pegs[i] % 3, 0);
            assert_eq!(kept.words.counts[i], multisets.counts(kept.multiset[i]));
        }
        // Laid out by multiset: the same codes, each multiset's side by side, each once, at
        // its position in the base list.
        let grouped = list.filtered(Layout::ByMultiset, keep);
        assert_eq!(grouped.len(), kept.len());
        assert!(grouped.words.is_empty());
        let mut seen = vec![false; list.len()];
        for (number, range) in grouped.group_ranges() {
            let positions = &grouped.positions()[range.start as usize..range.end as usize];
            assert!(positions.windows(2).all(|w| w[0] < w[1]), "ascending");
            for (i, &p) in (range.start as usize..).zip(positions) {
                assert_eq!(list.multiset[p as usize], *number);
                assert_eq!(grouped.grouped().get(i), list.words.slice().get(p as usize));
                assert!(keep(grouped.grouped().get(i)));
                assert!(!std::mem::replace(&mut seen[p as usize], true));
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), kept.len());
    }

    #[test]
    fn a_list_is_made_once_and_shared() {
        let lists = SharedLists::<u64>::new(64);
        let game = mastermind_core::Game::new(3, 4).unwrap();
        let multisets = Multisets::of_game(game);
        let key: ListKey = ((0, 0, false), Vec::new());
        let all = codes(game);
        let numbers = multisets.numbers(all.slice());
        let first =
            lists.get(key.clone(), || CandidateList::numbered(all, numbers, multisets.len()));
        let second = lists.get(key, || unreachable!("the list is stored"));
        assert!(Arc::ptr_eq(&first, &second));
    }
}
