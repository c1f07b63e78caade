//! Partition statistics: how a candidate guess splits a set of codes by the reply each would give.
//!
//! These are what the one-ply heuristics optimise (entropy, number of parts, expected and largest
//! part size) and what the Evo++ fitness counts. Integer forms are kept where they exist so that
//! candidates that tie in exact arithmetic also tie in code.

use crate::code::Code;
use crate::game::Game;
use crate::packed::PackedCodes;
use crate::score::count_partition_in;

/// The sizes of the parts of a set split by one guess, summarised.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartitionStats {
    /// Size of the set partitioned.
    pub total: u32,
    /// Number of non-empty parts.
    pub parts: u32,
    /// Size of the largest part.
    pub largest: u32,
    /// Sum of squared part sizes (exact; `sum_squares / total` is the expected part size).
    pub sum_squares: u64,
    /// Sum of `s log2 s` over part sizes `s`; `log2 total - sum_xlogx / total` is the entropy.
    /// Equal multisets of sizes can differ here in the last bits; compare with [`ENTROPY_TOLERANCE`].
    pub sum_xlogx: f64,
}

/// Two `sum_xlogx` values closer than this are the same partition entropy. Distinct partitions of
/// sets of up to millions of codes differ by far more; rounding differences are far smaller.
pub const ENTROPY_TOLERANCE: f64 = 1e-9;

impl PartitionStats {
    /// Summarises part sizes (zeros are ignored).
    pub fn from_counts(counts: &[u32]) -> PartitionStats {
        let mut stats =
            PartitionStats { total: 0, parts: 0, largest: 0, sum_squares: 0, sum_xlogx: 0.0 };
        for &s in counts.iter().filter(|&&s| s > 0) {
            stats.total += s;
            stats.parts += 1;
            stats.largest = stats.largest.max(s);
            stats.sum_squares += u64::from(s) * u64::from(s);
            if s > 1 {
                stats.sum_xlogx += f64::from(s) * f64::from(s).log2();
            }
        }
        stats
    }

    /// Shannon entropy of the part sizes, in bits.
    pub fn entropy(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let n = f64::from(self.total);
        n.log2() - self.sum_xlogx / n
    }

    /// Expected size of the part the secret falls in: `sum_squares / total`.
    pub fn expected_size(&self) -> f64 {
        if self.total == 0 { 0.0 } else { self.sum_squares as f64 / f64::from(self.total) }
    }
}

/// A reusable buffer that counts partitions without allocating per candidate.
#[derive(Debug, Clone)]
pub struct PartitionCounter {
    game: Game,
    counts: Vec<u32>,
}

impl PartitionCounter {
    /// A counter for `game`'s replies.
    pub fn new(game: Game) -> PartitionCounter {
        PartitionCounter { game, counts: vec![0; game.feedback_count()] }
    }

    /// Splits `set` by the reply each code would give to `guess`; returns the summary.
    /// Costs `set.len()` feedback computations.
    pub fn stats(&mut self, guess: &Code, set: &[Code]) -> PartitionStats {
        self.counts.fill(0);
        count_partition_in(self.game, guess, set, &mut self.counts);
        PartitionStats::from_counts(&self.counts)
    }

    /// As [`stats`](PartitionCounter::stats), for a set already in packed form (narrow games).
    pub fn stats_packed(&mut self, guess: &Code, set: &PackedCodes) -> PartitionStats {
        self.counts.fill(0);
        set.count_partition(guess, &mut self.counts);
        PartitionStats::from_counts(&self.counts)
    }

    /// The part sizes of the last call to [`stats`](PartitionCounter::stats), by feedback index.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
}

/// A stable counting sort by reply: items are grouped into parts by their reply index, each part
/// keeping the items' order, part `0` first. It is how a node's secrets are split by the guess
/// played, whatever form the secrets take.
///
/// [`sort`](Self::sort) counts the parts, then tells its caller where each item goes (the
/// scatter is the caller's, so items may be one array or several parallel ones);
/// [`sort_into`](Self::sort_into) does both for one array. The part sizes and bounds stay
/// readable until the next sort. Reply indices are bytes (a game has at most 153 replies) and
/// the tables fixed arrays of `N` slots: with the default 256 they are indexed without bounds
/// checks, while a caller that makes one sort per node of a search and knows its game's replies
/// are few (at most 45 up to 8 pegs) picks a smaller `N`, cheaper to create.
#[derive(Debug, Clone)]
pub struct ReplySort<const N: usize = 256> {
    sizes: [u32; N],
    /// During the scatter the next free slot of each part; afterwards the end of each part.
    ends: [u32; N],
    /// The number of replies of the last sort.
    replies: usize,
}

impl<const N: usize> Default for ReplySort<N> {
    fn default() -> ReplySort<N> {
        ReplySort { sizes: [0; N], ends: [0; N], replies: 0 }
    }
}

impl<const N: usize> ReplySort<N> {
    /// An empty sort.
    pub fn new() -> ReplySort<N> {
        ReplySort::default()
    }

    /// Counts the parts of `replies` (each below `reply_count`, at most `N`) and sets each part's
    /// first slot.
    #[inline(always)]
    fn count(&mut self, replies: impl Iterator<Item = u8>, reply_count: usize) {
        self.replies = reply_count;
        self.sizes[..reply_count].fill(0);
        for r in replies {
            debug_assert!(usize::from(r) < reply_count, "reply {r} of {reply_count}");
            self.sizes[usize::from(r)] += 1;
        }
        let mut at = 0;
        for (end, &size) in self.ends.iter_mut().zip(&self.sizes[..reply_count]) {
            *end = at;
            at += size;
        }
    }

    /// The slot of the next item of reply `r`.
    #[inline(always)]
    fn next_slot(&mut self, r: u8) -> usize {
        let end = &mut self.ends[usize::from(r)];
        *end += 1;
        *end as usize - 1
    }

    /// Sorts items whose reply indices (each below `reply_count`) are `replies`, in item order:
    /// calls `place(k, slot)` once for every item `k`, with `slot` its position in the sorted
    /// order. `replies` is walked twice.
    #[inline]
    pub fn sort<I>(&mut self, replies: I, reply_count: usize, mut place: impl FnMut(usize, usize))
    where
        I: IntoIterator<Item = u8>,
        I::IntoIter: Clone,
    {
        let replies = replies.into_iter();
        self.count(replies.clone(), reply_count);
        for (k, r) in replies.enumerate() {
            place(k, self.next_slot(r));
        }
    }

    /// Sorts `items` by `reply` (each below `reply_count`) into `out`, which must be as long.
    #[inline]
    pub fn sort_into<T: Copy>(
        &mut self,
        items: &[T],
        reply: impl Fn(&T) -> u8,
        reply_count: usize,
        out: &mut [T],
    ) {
        assert_eq!(items.len(), out.len(), "one output slot per item");
        self.count(items.iter().map(&reply), reply_count);
        for item in items {
            out[self.next_slot(reply(item))] = *item;
        }
    }

    /// The number of items of each reply, by reply index.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes[..self.replies]
    }

    /// The positions of the items of reply `r` in the sorted order.
    pub fn part(&self, r: usize) -> std::ops::Range<usize> {
        (self.ends[r] - self.sizes[r]) as usize..self.ends[r] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CodeSet;

    #[test]
    fn equal_size_multisets_tie_within_tolerance() {
        // {2,2,2,2} and {4,1,1,1,1} both have entropy 2 bits over 8 codes.
        let a = PartitionStats::from_counts(&[2, 0, 2, 2, 2]);
        let b = PartitionStats::from_counts(&[1, 4, 1, 1, 0, 1]);
        assert_eq!(a.total, 8);
        assert_eq!(b.total, 8);
        assert!((a.sum_xlogx - b.sum_xlogx).abs() < ENTROPY_TOLERANCE);
        assert!((a.entropy() - 2.0).abs() < 1e-12);
        assert_eq!((a.sum_squares, b.sum_squares), (16, 20));
        assert_eq!((a.parts, b.parts), (4, 5));
        assert_eq!((a.largest, b.largest), (2, 4));
    }

    #[test]
    fn first_guess_partition_of_the_classic_game() {
        // AABB splits the 1296 codes into parts whose largest has 256 codes and whose
        // non-empty parts number 13 (Knuth 1977: worst case 256 after 1122).
        let g = Game::CLASSIC;
        let set = CodeSet::enumerate(g).unwrap();
        let mut counter = PartitionCounter::new(g);
        let stats = counter.stats(&Code::parse(g, "AABB").unwrap(), &set);
        assert_eq!(stats.total, 1296);
        assert_eq!(stats.largest, 256);
        assert_eq!(stats.parts, 13);
        // ABCD uses all 14 possible replies.
        assert_eq!(counter.stats(&Code::parse(g, "ABCD").unwrap(), &set).parts, 14);
    }

    #[test]
    fn the_reply_sort_is_stable_and_counts_the_parts() {
        let items = [10u16, 11, 12, 13, 14, 15, 16];
        let replies = [2u8, 0, 2, 1, 0, 2, 4];
        let mut sort = ReplySort::<8>::new();
        let mut out = [0u16; 7];
        sort.sort_into(&items, |&x| replies[usize::from(x - 10)], 5, &mut out);
        assert_eq!(out, [11, 14, 13, 10, 12, 15, 16]);
        assert_eq!(sort.sizes(), [2, 1, 3, 0, 1]);
        assert_eq!(sort.part(2), 3..6);
        assert_eq!(sort.part(3), 6..6);
        assert_eq!(sort.part(4), 6..7);
    }
}
