//! The memo of solved and refuted sets: one search's own map, or one map that the searches of
//! several threads share.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex};

/// The most sets a memo holds before it is thinned (some 3 GiB at the key sizes of 4x8).
const MEMO_LIMIT: usize = 1 << 24;

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
    Local(FxHashMap<Box<[u16]>, MemoEntry>),
    /// A map shared by the searches of several threads.
    Shared(Arc<SharedMemo>),
}

impl Memo {
    /// An empty memo of one search.
    pub fn local() -> Memo {
        Memo::Local(FxHashMap::default())
    }

    /// The entry of `key`.
    pub fn get(&self, key: &[u16]) -> Option<MemoEntry> {
        match self {
            Memo::Local(map) => map.get(key).copied(),
            Memo::Shared(shared) => shared.get(key),
        }
    }

    /// Remembers `entry` for `key` (see [`insert_bounded`]).
    pub fn insert(&mut self, key: Box<[u16]>, entry: MemoEntry) {
        match self {
            Memo::Local(map) => insert_bounded(map, key, entry, MEMO_LIMIT),
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

/// Remembers `entry` for `key` in a map of at most `limit` entries, keeping what is known best:
/// an exact entry over a bound, the larger of two bounds (a set can be reached again with
/// another budget, by the same search or another thread's). When the map is full, bounds go
/// first, solved sets only if that is not enough (they are searched again if needed; nothing
/// the search proves depends on them).
fn insert_bounded(
    map: &mut FxHashMap<Box<[u16]>, MemoEntry>,
    key: Box<[u16]>,
    entry: MemoEntry,
    limit: usize,
) {
    if let Some(known) = map.get(&key)
        && (known.guess.is_some() || (entry.guess.is_none() && known.value >= entry.value))
    {
        return;
    }
    if map.len() >= limit {
        map.retain(|_, e| e.guess.is_some());
        if map.len() >= limit / 2 {
            map.clear();
        }
    }
    map.insert(key, entry);
}

/// A memo behind [`SHARDS`] locks, picked by the key's hash.
pub struct SharedMemo {
    shards: Vec<Mutex<FxHashMap<Box<[u16]>, MemoEntry>>>,
}

impl Default for SharedMemo {
    fn default() -> SharedMemo {
        SharedMemo { shards: (0..SHARDS).map(|_| Mutex::default()).collect() }
    }
}

impl SharedMemo {
    fn shard(&self, key: &[u16]) -> &Mutex<FxHashMap<Box<[u16]>, MemoEntry>> {
        let hash = FxBuildHasher.hash_one(key);
        // The high bits: FxHash's low bits are weak.
        &self.shards[(hash >> 58) as usize % SHARDS]
    }

    fn get(&self, key: &[u16]) -> Option<MemoEntry> {
        self.shard(key).lock().expect("no search panics holding the memo").get(key).copied()
    }

    fn insert(&self, key: Box<[u16]>, entry: MemoEntry) {
        let mut map = self.shard(&key).lock().expect("no search panics holding the memo");
        insert_bounded(&mut map, key, entry, MEMO_LIMIT / SHARDS);
    }

    fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().expect("no search panics holding the memo").len()).sum()
    }
}
