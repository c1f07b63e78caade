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
//! and both are equal), and each shelf holds at most a number of bytes that grows with the code
//! set: a new list that would pass it removes the lists used least recently.
//!
//! Each code carries the number of its colour multiset, and a list keeps the positions of each
//! multiset's codes, so a scan bounds each multiset once and, when few survive, gathers only
//! their codes. A base list also keeps its codes grouped by multiset, side by side, for a scan
//! that offers one multiset at a time; a filtered list keeps only the layout its build scans
//! ([`Layout`]): in code order a copy of its codes, by multiset only the index of each of its
//! codes in its base list's grouped layout (4 bytes a code where a copy took 20; 6x9 Knuth's
//! peak fell from 312 to 165 MiB, its time level).

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
/// layouts; a filtered list holds the one its build scans ([`Layout`]): in code order a copy of
/// its codes, by multiset only the indices of its codes in its base list's grouped layout.
#[derive(Debug, Default)]
pub(crate) struct CandidateList<W> {
    /// The candidates (empty in a list laid out by multiset only).
    pub words: Words<W>,
    /// The multiset number of each candidate (empty in a list laid out by multiset only).
    pub multiset: Vec<u32>,
    /// How many candidates the list holds.
    len: usize,
    /// The multisets the list holds, each with its range of `positions` (of `members` in a
    /// filtered list laid out by multiset).
    groups: Vec<(u32, Range<u32>)>,
    /// Positions in `words`, grouped by multiset, ascending within a group (a base list's).
    positions: Vec<u32>,
    /// The candidates in the order of `positions`: each multiset's codes side by side, for a
    /// scan that reads one multiset at a time (a base list's).
    grouped: Words<W>,
    /// A filtered list laid out by multiset: the base list it was filtered from, and the
    /// indices of the codes it keeps in that list's grouped layout, ascending. Four bytes a
    /// code where a copy of the codes and their positions took twenty.
    members: Option<(Arc<CandidateList<W>>, Vec<u32>)>,
}

/// A list's candidates grouped by multiset, as a scan by multiset reads them: index `k` of a
/// group's range is a code and its position in code order. A base list's are side by side;
/// a filtered list's are read through its indices into its base list's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grouped<'l, W> {
    codes: Slice<'l, W>,
    positions: &'l [u32],
    members: Option<&'l [u32]>,
}

impl<'l, W: Word> Grouped<'l, W> {
    /// Where candidate `k` lies in `codes` and `positions`.
    #[inline(always)]
    fn at(&self, k: usize) -> usize {
        match self.members {
            Some(members) => members[k] as usize,
            None => k,
        }
    }

    /// Candidate `k`.
    #[inline(always)]
    pub fn code(&self, k: usize) -> Packed<W> {
        self.codes.get(self.at(k))
    }

    /// The position of candidate `k` in code order.
    #[inline(always)]
    pub fn position(&self, k: usize) -> u32 {
        self.positions[self.at(k)]
    }

    /// The candidates of `range` and their positions as slices, when they lie side by side
    /// (a base list); `None` for a filtered list, whose candidates are read one by one.
    #[inline]
    pub fn contiguous(&self, range: Range<usize>) -> Option<(Slice<'l, W>, &'l [u32])> {
        if self.members.is_some() {
            return None;
        }
        Some((self.codes.range(range.start, range.end), &self.positions[range]))
    }

    /// How many candidates at the start of `range` have a position for which `pred` holds,
    /// `pred` holding for a prefix of the range (positions ascend within a group).
    pub fn partition_point(&self, range: Range<usize>, mut pred: impl FnMut(u32) -> bool) -> usize {
        let (mut low, mut high) = (range.start, range.end);
        while low < high {
            let middle = low + (high - low) / 2;
            if pred(self.position(middle)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        low - range.start
    }
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
    /// The candidates of `base` (a base list, which holds both layouts) that `keep` accepts, in
    /// `layout`. Laid out by multiset, the kept codes are read from `base`, whose positions
    /// order them as code order does.
    pub fn filtered(
        base: &Arc<CandidateList<W>>,
        layout: Layout,
        mut keep: impl FnMut(Packed<W>) -> bool,
    ) -> CandidateList<W> {
        debug_assert!(base.members.is_none(), "a filtered list is made from a base list");
        let mut kept = CandidateList::default();
        match layout {
            Layout::CodeOrder => {
                for i in 0..base.len() {
                    let code = base.words.slice().get(i);
                    if keep(code) {
                        kept.words.push(code);
                        kept.multiset.push(base.multiset[i]);
                    }
                }
                kept.len = kept.multiset.len();
                // Kept while the store holds it: no room left over from growing.
                kept.words.pegs.shrink_to_fit();
                kept.words.counts.shrink_to_fit();
                kept.multiset.shrink_to_fit();
            }
            Layout::ByMultiset => {
                let grouped = base.grouped.slice();
                let mut members = Vec::new();
                for (number, range) in &base.groups {
                    let start = members.len() as u32;
                    for i in range.start..range.end {
                        if keep(grouped.get(i as usize)) {
                            members.push(i);
                        }
                    }
                    let end = members.len() as u32;
                    if end > start {
                        kept.groups.push((*number, start..end));
                    }
                }
                kept.len = members.len();
                members.shrink_to_fit();
                kept.groups.shrink_to_fit();
                kept.members = Some((Arc::clone(base), members));
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
        let mut grouped = Words {
            pegs: Vec::with_capacity(positions.len()),
            counts: Vec::with_capacity(positions.len()),
        };
        for &position in &positions {
            grouped.push(codes.slice().get(position as usize));
        }
        CandidateList {
            len: multiset.len(),
            words: codes,
            multiset,
            groups,
            positions,
            grouped,
            members: None,
        }
    }

    /// The bytes the list holds on the heap (its own, not its base list's).
    pub fn heap_bytes(&self) -> usize {
        let words = |w: &Words<W>| (w.pegs.capacity() + w.counts.capacity()) * size_of::<W>();
        let members = self.members.as_ref().map_or(0, |(_, m)| m.capacity());
        words(&self.words)
            + words(&self.grouped)
            + (self.multiset.capacity() + self.positions.capacity() + members) * size_of::<u32>()
            + self.groups.capacity() * size_of::<(u32, Range<u32>)>()
    }

    /// Candidates in the list.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Each multiset of the list, with the range of its candidates in
    /// [`by_multiset`](Self::by_multiset).
    pub fn group_ranges(&self) -> &[(u32, Range<u32>)] {
        &self.groups
    }

    /// The list's candidates grouped by multiset (a base list's, or a filtered list's laid out
    /// by multiset), each with its position in code order: ascending within a group, code order
    /// among them, though a filtered list's are its base list's positions.
    pub fn by_multiset(&self) -> Grouped<'_, W> {
        match &self.members {
            Some((base, members)) => Grouped {
                codes: base.grouped.slice(),
                positions: &base.positions,
                members: Some(members),
            },
            None => {
                Grouped { codes: self.grouped.slice(), positions: &self.positions, members: None }
            }
        }
    }

    /// Each multiset of a base list, with the positions of its candidates (ascending).
    pub fn groups(&self) -> impl Iterator<Item = (u32, &[u32])> {
        debug_assert!(self.members.is_none(), "a base list's groups");
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

/// Base lists and filtered lists on separate shelves, so that the many filtered lists never
/// evict the few base lists every node starts from.
#[derive(Debug)]
struct Store<W> {
    base: Shelf<W>,
    filtered: Shelf<W>,
}

/// Lists up to a number of bytes; when a new list would pass it, the lists used least recently
/// make room.
#[derive(Debug)]
struct Shelf<W> {
    lists: HashMap<ListKey, Stored<W>>,
    bytes: usize,
    limit: usize,
    /// Counts the shelf's uses: a list's last use is the count when it was last handed out.
    clock: u64,
}

/// A list on a shelf, its size and its last use.
#[derive(Debug)]
struct Stored<W> {
    list: Arc<CandidateList<W>>,
    bytes: usize,
    used: u64,
}

impl<W: Word> Shelf<W> {
    fn new(limit: usize) -> Shelf<W> {
        Shelf { lists: HashMap::new(), bytes: 0, limit, clock: 0 }
    }

    /// The list stored under `key`, marked as just used.
    fn take(&mut self, key: &ListKey) -> Option<Arc<CandidateList<W>>> {
        self.clock += 1;
        let stored = self.lists.get_mut(key)?;
        stored.used = self.clock;
        Some(Arc::clone(&stored.list))
    }

    /// Stores `list` under `key`, first removing the lists used least recently until it fits
    /// (a list larger than the whole shelf is stored alone). A list a node still scans stays
    /// alive until the node lets it go.
    fn store(&mut self, key: ListKey, list: &Arc<CandidateList<W>>) {
        let bytes = list.heap_bytes();
        while self.bytes + bytes > self.limit {
            let Some(oldest) =
                self.lists.iter().min_by_key(|(_, stored)| stored.used).map(|(key, _)| key.clone())
            else {
                break;
            };
            let removed = self.lists.remove(&oldest).expect("the key was just found");
            self.bytes -= removed.bytes;
        }
        self.bytes += bytes;
        let stored = Stored { list: Arc::clone(list), bytes, used: self.clock };
        self.lists.insert(key, stored);
    }
}

/// Bytes the base lists may hold per code of the game: four times the code set at 40 bytes a
/// code (both layouts, at 8 pegs or fewer), the limit the builder had in codes. Games of few
/// colours hold far less (6x9 Knuth: 6 lists of 1.13 million codes in all), but a game of many
/// colours lists the codes of each set of free colours its nodes meet: at 4x24 Knuth, a shelf
/// of 2.4 times the code set rebuilt its lists over and over and took three times the CPU time.
const BASE_BYTES_PER_CODE: usize = 160;
/// Bytes the base lists may hold whatever the game (2^21 codes of 40 bytes), so that small
/// games keep every list.
const BASE_SHELF_BYTES: usize = 80 << 20;
/// Bytes the filtered lists may hold per code of the game: eight times the code set in lists
/// laid out by multiset (4 bytes a code), 1.6 times in code order (20 bytes, Entropy's).
const FILTERED_BYTES_PER_CODE: usize = 32;
/// Bytes the filtered lists may hold whatever the game.
const FILTERED_SHELF_BYTES: usize = 32 << 20;

impl<W: Word> SharedLists<W> {
    /// An empty store for a game of `codes` codes (its shelves' limits grow with the game).
    pub fn new(codes: usize) -> SharedLists<W> {
        let (base, filtered) = Self::limits(codes);
        SharedLists {
            store: Mutex::new(Store { base: Shelf::new(base), filtered: Shelf::new(filtered) }),
        }
    }

    /// The most bytes of lists the two shelves hold for a game of `codes` codes.
    fn limits(codes: usize) -> (usize, usize) {
        let shelf =
            |per_code: usize, fixed: usize| codes.saturating_mul(per_code).saturating_add(fixed);
        (
            shelf(BASE_BYTES_PER_CODE, BASE_SHELF_BYTES),
            shelf(FILTERED_BYTES_PER_CODE, FILTERED_SHELF_BYTES),
        )
    }

    /// The list stored under `key`, made by `make` (outside the lock) if missing.
    pub fn get(
        &self,
        key: ListKey,
        make: impl FnOnce() -> CandidateList<W>,
    ) -> Arc<CandidateList<W>> {
        if let Some(list) = Self::shelf(&mut self.lock(), &key).take(&key) {
            return list;
        }
        let list = Arc::new(make());
        let mut store = self.lock();
        let shelf = Self::shelf(&mut store, &key);
        if let Some(stored) = shelf.take(&key) {
            return stored;
        }
        shelf.store(key, &list);
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
        let list = Arc::new(CandidateList::numbered(some, numbers, multisets.len()));
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
        let kept = CandidateList::filtered(&list, Layout::CodeOrder, keep);
        assert!(kept.len() < list.len() && !kept.words.is_empty());
        assert_eq!(kept.groups().count(), 0);
        for i in 0..kept.len() {
            assert_eq!(kept.words.pegs[i] % 3, 0);
            assert_eq!(kept.words.counts[i], multisets.counts(kept.multiset[i]));
        }
        // Laid out by multiset: the same codes, each multiset's side by side, each once, at
        // its position in the base list.
        let grouped = CandidateList::filtered(&list, Layout::ByMultiset, keep);
        assert_eq!(grouped.len(), kept.len());
        assert!(grouped.words.is_empty());
        let view = grouped.by_multiset();
        assert!(view.contiguous(0..1).is_none(), "read through the base list");
        let mut seen = vec![false; list.len()];
        for (number, range) in grouped.group_ranges() {
            let range = range.start as usize..range.end as usize;
            let positions: Vec<u32> = range.clone().map(|k| view.position(k)).collect();
            assert!(positions.windows(2).all(|w| w[0] < w[1]), "ascending");
            let first_half = |at: u32| at < positions[positions.len() / 2];
            assert_eq!(view.partition_point(range.clone(), first_half), positions.len() / 2);
            for (k, &p) in range.zip(&positions) {
                assert_eq!(list.multiset[p as usize], *number);
                assert_eq!(view.code(k), list.words.slice().get(p as usize));
                assert!(keep(view.code(k)));
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

    #[test]
    fn a_full_shelf_makes_room_by_removing_the_lists_used_least_recently() {
        let game = mastermind_core::Game::new(3, 4).unwrap();
        let multisets = Multisets::of_game(game);
        let list = || {
            let all = codes(game);
            let numbers = multisets.numbers(all.slice());
            Arc::new(CandidateList::numbered(all, numbers, multisets.len()))
        };
        let bytes = list().heap_bytes();
        // Room for two lists.
        let mut shelf = Shelf::<u64>::new(2 * bytes + bytes / 2);
        let key = |k: u32| -> ListKey { ((k, 0, false), Vec::new()) };
        shelf.store(key(1), &list());
        shelf.store(key(2), &list());
        assert!(shelf.take(&key(1)).is_some(), "1 is now used after 2");
        shelf.store(key(3), &list());
        assert!(shelf.take(&key(2)).is_none(), "2, the least recently used, made room");
        assert!(shelf.take(&key(1)).is_some() && shelf.take(&key(3)).is_some());
        assert_eq!(shelf.bytes, 2 * bytes);
        // A list larger than the shelf is kept alone.
        let mut small = Shelf::<u64>::new(bytes / 2);
        small.store(key(1), &list());
        small.store(key(2), &list());
        assert_eq!(small.lists.len(), 1);
        assert!(small.take(&key(2)).is_some());
    }
}
