//! The candidate lists a node's scans offer: the all-codes list, bounded multiset by multiset,
//! gathered or filtered by the node's stabiliser, and the lists kept for siblings.

use super::{Best, Filter, Offer, Prune, Selector, remember};
use crate::build::candidates::{CandidateList, Layout, ListKey};
use crate::build::symmetry::Symmetry;
use mastermind_core::words::{Slice, Word, Words};
use std::sync::Arc;

/// The all-codes scan gathers its surviving multisets' candidates (a sort of their positions)
/// when they are fewer than one in this many of the base list, and otherwise scans the whole list
/// filtered by the stabiliser.
const SPARSE_GATHER: usize = 16;
/// Nodes of at most this many secrets bound a multiset only when the scan reaches one of its
/// codes (it often stops early), not every multiset of the list first.
const LAZY_SECRETS: usize = 4;

impl<W: Word> Selector<W> {
    /// Offers the all-codes candidates of a node with `symmetry`, reached by playing `guesses`.
    ///
    /// Each multiset of the base list is bounded first. When few of its codes survive, they are
    /// tested against the stabiliser one by one, read from the base list (gathered in code order
    /// for Entropy); otherwise the list filtered by the stabiliser (made once per family of
    /// siblings) is scanned whole.
    pub(super) fn scan_all_codes(
        &mut self,
        symmetry: &Symmetry,
        guesses: &[[u8; 16]],
        (secrets, numbers): (Slice<'_, W>, &[u32]),
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
            let prune = Prune::Bounds(filter);
            self.scan(
                Offer { candidates: words, numbers: &base.multiset, prune, secrets },
                best,
                bound,
            );
            return;
        }
        let alive_codes = self.bounds.mark_alive(base.groups(), best.cost);
        let sparse = alive_codes * SPARSE_GATHER < base.len();
        if self.objective.has_integer_costs() {
            // Few survivors are read from the base list and tested against the stabiliser as
            // they come; many are read from the list the stabiliser filtered.
            if sparse {
                self.scan_by_multiset(&base, filter, (secrets, numbers), best, bound);
            } else {
                let list = self.whole_list(symmetry, guesses, base);
                self.scan_by_multiset(&list, Filter::Every, (secrets, numbers), best, bound);
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
            let (candidates, prune) = (gathered.slice(), Prune::Bounds(filter));
            self.scan(Offer { candidates, numbers: &numbers, prune, secrets }, best, bound);
            self.gathered = gathered;
            self.gathered_numbers = numbers;
        } else {
            let list = self.whole_list(symmetry, guesses, base);
            let words = list.words.slice();
            let prune = Prune::Alive;
            self.scan(
                Offer { candidates: words, numbers: &list.multiset, prune, secrets },
                best,
                bound,
            );
        }
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
    pub(super) fn keep_alive(
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
