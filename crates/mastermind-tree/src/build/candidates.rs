//! The all-codes candidate lists of one build: made once, shared by every thread, each code
//! numbered by its colour multiset.
//!
//! A list depends on the node's zero and free colours, whether the node is the root, and (when
//! the history's stabiliser filters it) the guesses played; siblings share their guesses, so a
//! filtered list serves a whole family. Lists are made outside the lock (two threads may make the
//! same one; the first stored is kept, and both are equal), and the store is emptied when it
//! would hold more than a few times the code set.
//!
//! Each code carries the number of its colour multiset (numbered in the unfiltered list, and kept
//! by every list filtered from it), so a scan keeps one bound per multiset in a vector, not in a
//! hash map keyed by the count word.

use mastermind_core::words::{Packed, Word, Words};
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a candidate list depends on: the zero and free colours, whether it is the root, and the
/// guesses played when their stabiliser filters the list (empty otherwise).
pub(crate) type ListKey = ((u32, u32, bool), Vec<[u8; 16]>);

/// Candidates in code order, each with the number of its colour multiset.
#[derive(Debug, Default)]
pub(crate) struct CandidateList<W> {
    /// The candidates.
    pub words: Words<W>,
    /// The multiset number of each candidate (below `multisets`).
    pub multiset: Vec<u32>,
    /// How many multiset numbers the list (and every list filtered from it) uses.
    pub multisets: usize,
}

impl<W: Word> CandidateList<W> {
    /// `codes` numbered by multiset, in order of first appearance.
    pub fn numbered(codes: Words<W>) -> CandidateList<W> {
        let mut number: HashMap<W, u32, FxBuildHasher> = HashMap::default();
        let multiset = codes
            .counts
            .iter()
            .map(|&counts| {
                let next = number.len() as u32;
                *number.entry(counts).or_insert(next)
            })
            .collect();
        CandidateList { words: codes, multiset, multisets: number.len() }
    }

    /// The candidates of this list that `keep` accepts, with their numbers.
    pub fn filtered(&self, mut keep: impl FnMut(Packed<W>) -> bool) -> CandidateList<W> {
        let mut kept =
            CandidateList { words: Words::new(), multiset: Vec::new(), multisets: self.multisets };
        for i in 0..self.len() {
            let code = self.words.slice().get(i);
            if keep(code) {
                kept.words.push(code);
                kept.multiset.push(self.multiset[i]);
            }
        }
        kept
    }

    /// Candidates in the list.
    pub fn len(&self) -> usize {
        self.multiset.len()
    }
}

/// The lists of one build, shared by its threads.
#[derive(Debug)]
pub(crate) struct SharedLists<W> {
    store: Mutex<Store<W>>,
}

#[derive(Debug)]
struct Store<W> {
    lists: HashMap<ListKey, Arc<CandidateList<W>>>,
    codes: usize,
    limit: usize,
}

impl<W: Word> SharedLists<W> {
    /// An empty store for a game of `codes` codes.
    pub fn new(codes: usize) -> SharedLists<W> {
        SharedLists {
            store: Mutex::new(Store {
                lists: HashMap::new(),
                codes: 0,
                limit: 16 * codes + (1 << 20),
            }),
        }
    }

    /// The list stored under `key`, made by `make` (outside the lock) if missing.
    pub fn get(
        &self,
        key: ListKey,
        make: impl FnOnce() -> CandidateList<W>,
    ) -> Arc<CandidateList<W>> {
        if let Some(list) = self.lock().lists.get(&key) {
            return Arc::clone(list);
        }
        let list = Arc::new(make());
        let mut store = self.lock();
        if let Some(stored) = store.lists.get(&key) {
            return Arc::clone(stored);
        }
        if store.codes + list.len() > store.limit {
            store.lists.clear();
            store.codes = 0;
        }
        store.codes += list.len();
        store.lists.insert(key, Arc::clone(&list));
        list
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store<W>> {
        // A panic elsewhere leaves the lists whole: each is inserted complete.
        self.store.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(game: mastermind_core::Game) -> Words<u64> {
        let mut words = Words::new();
        for code in mastermind_core::CodeSet::enumerate(game).unwrap().iter() {
            words.push(Packed::from_code(code));
        }
        words
    }

    #[test]
    fn equal_numbers_mean_equal_multisets() {
        let list = CandidateList::numbered(codes(mastermind_core::Game::new(3, 4).unwrap()));
        // 3 pegs over 4 colours: C(6, 3) = 20 multisets.
        assert_eq!(list.multisets, 20);
        for i in 0..list.len() {
            for j in 0..list.len() {
                let same = list.words.counts[i] == list.words.counts[j];
                assert_eq!(list.multiset[i] == list.multiset[j], same);
            }
        }
        let kept = list.filtered(|code| code.pegs % 3 == 0);
        assert_eq!(kept.multisets, 20);
        assert!(kept.len() < list.len() && !kept.words.is_empty());
        for i in 0..kept.len() {
            assert_eq!(kept.words.pegs[i] % 3, 0);
            let j = (0..list.len()).find(|&j| list.words.pegs[j] == kept.words.pegs[i]).unwrap();
            assert_eq!(kept.multiset[i], list.multiset[j]);
        }
    }

    #[test]
    fn a_list_is_made_once_and_shared() {
        let lists = SharedLists::<u64>::new(64);
        let game = mastermind_core::Game::new(3, 4).unwrap();
        let key: ListKey = ((0, 0, false), Vec::new());
        let first = lists.get(key.clone(), || CandidateList::numbered(codes(game)));
        let second = lists.get(key, || unreachable!("the list is stored"));
        assert!(Arc::ptr_eq(&first, &second));
    }
}
