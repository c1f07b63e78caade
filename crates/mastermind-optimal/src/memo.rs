//! The memo of solved and refuted sets: one search's own map, or one map that the searches of
//! several threads share. Either holds at most [`MEMO_BYTES`] of keys and entries.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex};

/// The most memory a memo's entries take (their keys counted by length) before it is thinned.
/// A search on one thread, and each unit of a split search that shares nothing, has a memo of
/// its own; the threads of a shared search share one.
pub const MEMO_BYTES: usize = 2 << 30;

/// What an entry takes beside its key's codes: the map's slot (the key's pointer and length,
/// the entry, a control byte, the free slots of a map at most 7/8 full) and the key's own
/// allocation (its header and rounding).
const ENTRY_OVERHEAD: usize = 48;

/// Locks of a shared memo: enough that two threads seldom wait for each other.
const SHARDS: usize = 64;

/// A remembered set: its exact optimum and a first guess, or a lower bound.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MemoEntry {
    /// The exact optimum (with `guess`) or a proved lower bound (without).
    pub value: u32,
    /// A first guess achieving `value`, when it is exact (in the key's labels).
    pub guess: Option<u16>,
}

/// Solved and refuted sets by key (the depth left, then the canonical secrets).
pub(crate) enum Memo {
    /// One search's own map.
    Local(BoundedMap),
    /// A map shared by the searches of several threads.
    Shared(Arc<SharedMemo>),
}

impl Memo {
    /// An empty memo of one search.
    pub fn local() -> Memo {
        Memo::Local(BoundedMap::new(MEMO_BYTES))
    }

    /// The entry of `key`.
    pub fn get(&self, key: &[u16]) -> Option<MemoEntry> {
        match self {
            Memo::Local(map) => map.get(key),
            Memo::Shared(shared) => shared.get(key),
        }
    }

    /// Remembers `entry` for `key` (see [`BoundedMap::insert`]).
    pub fn insert(&mut self, key: Box<[u16]>, entry: MemoEntry) {
        match self {
            Memo::Local(map) => map.insert(key, entry),
            Memo::Shared(shared) => shared.insert(key, entry),
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        match self {
            Memo::Local(map) => map.len(),
            Memo::Shared(shared) => shared.len(),
        }
    }
}

/// A map of sets that keeps the memory its entries take under a limit.
pub(crate) struct BoundedMap {
    map: FxHashMap<Box<[u16]>, MemoEntry>,
    /// What the entries take, counted as [`entry_bytes`].
    bytes: usize,
    /// The most they may take.
    limit: usize,
}

/// What an entry of key `key` is counted to take.
fn entry_bytes(key: &[u16]) -> usize {
    ENTRY_OVERHEAD + std::mem::size_of_val(key)
}

impl BoundedMap {
    fn new(limit: usize) -> BoundedMap {
        BoundedMap { map: FxHashMap::default(), bytes: 0, limit }
    }

    fn get(&self, key: &[u16]) -> Option<MemoEntry> {
        self.map.get(key).copied()
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    /// Remembers `entry` for `key`, keeping what is known best: an exact entry over a bound,
    /// the larger of two bounds (a set can be reached again with another budget, by the same
    /// search or another thread's). When the entries would pass the limit, bounds go first,
    /// solved sets only if that frees less than half (they are searched again if needed;
    /// nothing the search proves depends on them).
    fn insert(&mut self, key: Box<[u16]>, entry: MemoEntry) {
        if let Some(known) = self.map.get_mut(&key) {
            if known.guess.is_none() && (entry.guess.is_some() || entry.value > known.value) {
                *known = entry;
            }
            return;
        }
        let bytes = entry_bytes(&key);
        if self.bytes + bytes > self.limit {
            self.map.retain(|_, e| e.guess.is_some());
            self.bytes = self.map.keys().map(|k| entry_bytes(k)).sum();
            if self.bytes + bytes > self.limit / 2 {
                self.map = FxHashMap::default();
                self.bytes = 0;
            }
        }
        self.bytes += bytes;
        self.map.insert(key, entry);
    }
}

/// A memo behind [`SHARDS`] locks, picked by the key's hash, each holding its share of
/// [`MEMO_BYTES`].
pub struct SharedMemo {
    shards: Vec<Mutex<BoundedMap>>,
}

impl Default for SharedMemo {
    fn default() -> SharedMemo {
        let share = MEMO_BYTES / SHARDS;
        SharedMemo { shards: (0..SHARDS).map(|_| Mutex::new(BoundedMap::new(share))).collect() }
    }
}

impl SharedMemo {
    fn shard(&self, key: &[u16]) -> &Mutex<BoundedMap> {
        let hash = FxBuildHasher.hash_one(key);
        // The high bits: FxHash's low bits are weak.
        &self.shards[(hash >> 58) as usize % SHARDS]
    }

    fn get(&self, key: &[u16]) -> Option<MemoEntry> {
        self.shard(key).lock().expect("no search panics holding the memo").get(key)
    }

    fn insert(&self, key: Box<[u16]>, entry: MemoEntry) {
        let mut map = self.shard(&key).lock().expect("no search panics holding the memo");
        map.insert(key, entry);
    }

    fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().expect("no search panics holding the memo").len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_map_drops_its_bounds_first_and_keeps_the_best_entry_of_a_key() {
        let key = |k: u16| -> Box<[u16]> { vec![k; 10].into_boxed_slice() };
        let per_entry = entry_bytes(&key(0));
        let mut map = BoundedMap::new(12 * per_entry);
        for k in 0..4 {
            map.insert(key(k), MemoEntry { value: 7, guess: Some(k) });
        }
        for k in 4..12 {
            map.insert(key(k), MemoEntry { value: 3, guess: None });
        }
        // A larger bound replaces a smaller one; a bound never replaces an exact entry.
        map.insert(key(5), MemoEntry { value: 4, guess: None });
        map.insert(key(0), MemoEntry { value: 9, guess: None });
        assert_eq!(map.get(&key(5)).map(|e| e.value), Some(4));
        assert_eq!(map.get(&key(0)).map(|e| e.guess), Some(Some(0)));
        assert_eq!(map.len(), 12);
        // One more entry passes the limit: the bounds go, the solved sets stay.
        map.insert(key(12), MemoEntry { value: 3, guess: None });
        assert_eq!(map.len(), 5);
        assert!((0..4).all(|k| map.get(&key(k)).is_some()) && map.get(&key(12)).is_some());
        assert_eq!(map.bytes, 5 * per_entry);
        // When the solved sets alone fill half the limit, everything goes.
        for k in 13..21 {
            map.insert(key(k), MemoEntry { value: 7, guess: Some(k) });
        }
        assert_eq!(map.len(), 1);
    }
}
