//! Colour multisets: one dense number per multiset of a game, and a node's lower bound per
//! multiset.
//!
//! Every arrangement of one colour multiset shares as many colours with each secret, so the reply
//! totals a candidate can receive, and with them a lower bound on its cost
//! ([`Objective::bound_from_totals`]), depend on its multiset alone. A node computes that bound
//! at most once per multiset, from the distinct multisets of its secrets (a node of thousands of
//! secrets holds at most a few hundred multisets), and keeps it in a vector indexed by the
//! multiset's number.

use crate::build::objective::{Objective, cannot_beat};
use mastermind_core::Game;
use mastermind_core::words::{Packed, Word, Words};
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::sync::Arc;

/// The colour multisets of one game, numbered densely, and the multisets of fewer pegs
/// (prefixes of codes) with the step that adds one colour, so that codes generated peg by peg
/// know their multiset's number without a lookup.
#[derive(Debug)]
pub(crate) struct Multisets<W> {
    /// The count word of each number.
    counts: Vec<W>,
    pegs: usize,
    colours: usize,
    /// `steps[prefix * colours + c]`: the prefix multiset after one more `c` (`NONE`: not a
    /// multiset of the game). Prefix 0 is the empty multiset.
    steps: Vec<u32>,
    /// The number of each prefix multiset that holds every peg (`NONE` for shorter ones).
    full: Vec<u32>,
    /// The count word of each prefix multiset.
    prefix_counts: Vec<W>,
}

/// No multiset.
const NONE: u32 = u32::MAX;

impl<W: Word> Multisets<W> {
    /// The multisets of `game` (whose codes fit `W`), numbered in order of their prefixes' first
    /// appearance, breadth first from the empty multiset.
    pub fn of_game(game: Game) -> Multisets<W> {
        let pegs = usize::from(game.pegs());
        let colours = usize::from(game.colours());
        let most = if game.repeats() { pegs } else { 1 };
        // Breadth first: each prefix's count word and colour counts; its index is its id.
        let mut prefixes: Vec<(W, [u8; 32])> = vec![(W::default(), [0; 32])];
        let mut ids: HashMap<W, u32, FxBuildHasher> = HashMap::default();
        ids.insert(W::default(), 0);
        let mut multisets = Multisets {
            counts: Vec::new(),
            pegs,
            colours,
            steps: Vec::new(),
            full: Vec::new(),
            prefix_counts: Vec::new(),
        };
        let mut at = 0;
        while at < prefixes.len() {
            let (counts, seen) = prefixes[at];
            multisets.prefix_counts.push(counts);
            let size: usize = seen.iter().map(|&k| usize::from(k)).sum();
            if size == pegs {
                multisets.full.push(multisets.counts.len() as u32);
                multisets.counts.push(counts);
                multisets.steps.extend(std::iter::repeat_n(NONE, colours));
            } else {
                multisets.full.push(NONE);
                for c in 0..colours {
                    if usize::from(seen[c]) == most {
                        multisets.steps.push(NONE);
                        continue;
                    }
                    let bit = (c * pegs) as u32 + u32::from(seen[c]);
                    let next = counts | W::shifted(1, bit);
                    let id = *ids.entry(next).or_insert_with(|| {
                        let mut next_seen = seen;
                        next_seen[c] += 1;
                        prefixes.push((next, next_seen));
                        (prefixes.len() - 1) as u32
                    });
                    multisets.steps.push(id);
                }
            }
            at += 1;
        }
        multisets
    }

    /// Every code of the game, in code order, with its multiset's number: the prefixes of each
    /// length in code order, each extended by every colour in turn, so that each code's words
    /// and number come from its prefix's without a lookup. (Enumerating
    /// [`Code`](mastermind_core::Code)s, packing them and looking up their multisets took 3.5%
    /// of a 4x6 Knuth build.)
    pub fn codes(&self) -> (Words<W>, Vec<u32>) {
        self.codes_where(usize::MAX, |_| true)
    }

    /// The codes of [`codes`](Self::codes) that `keep` accepts, in code order, with their
    /// multisets' numbers: the secrets of one part of the game, without holding the others.
    /// `expected` is how many `keep` accepts, if known (room is made for it; at most the
    /// game's size).
    pub fn codes_where(
        &self,
        expected: usize,
        mut keep: impl FnMut(Packed<W>) -> bool,
    ) -> (Words<W>, Vec<u32>) {
        let pegs = self.pegs;
        // Each prefix as its peg word and its prefix multiset.
        let mut prefixes = vec![(W::default(), Self::EMPTY)];
        for at in 0..pegs.saturating_sub(1) {
            let mut longer = Vec::with_capacity(prefixes.len() * self.colours);
            for (word, multiset) in prefixes {
                self.extend(word, multiset, at, |word, next| longer.push((word, next)));
            }
            prefixes = longer;
        }
        let size = expected.min(prefixes.len() * self.colours);
        let mut words = Words { pegs: Vec::with_capacity(size), counts: Vec::with_capacity(size) };
        let mut numbers = Vec::with_capacity(size);
        for (word, multiset) in prefixes {
            self.extend(word, multiset, pegs - 1, |word, full| {
                let code = Packed { pegs: word, counts: self.prefix_counts[full as usize] };
                if keep(code) {
                    words.pegs.push(code.pegs);
                    words.counts.push(code.counts);
                    numbers.push(self.full[full as usize]);
                }
            });
        }
        (words, numbers)
    }

    /// Calls `each` with the peg word and prefix multiset of the prefix `word` (of multiset
    /// `multiset`) with one more peg, at `at`, of each colour the game allows there, in order.
    #[inline(always)]
    fn extend(&self, word: W, multiset: u32, at: usize, mut each: impl FnMut(W, u32)) {
        let steps = &self.steps[multiset as usize * self.colours..][..self.colours];
        for (c, &next) in steps.iter().enumerate() {
            if next != NONE {
                each(word | W::shifted(c as u8 + 1, 8 * at as u32), next);
            }
        }
    }

    /// The numbers of the multisets of `codes` (codes of the game), in order, looked up by
    /// their count words. Builds carry numbers from [`codes`](Self::codes) instead; this serves
    /// the tests that check them.
    #[cfg(test)]
    pub fn numbers(&self, codes: mastermind_core::words::Slice<'_, W>) -> Vec<u32> {
        let by_counts: HashMap<W, u32, FxBuildHasher> = self
            .counts
            .iter()
            .enumerate()
            .map(|(number, &counts)| (counts, number as u32))
            .collect();
        codes.counts.iter().map(|counts| by_counts[counts]).collect()
    }

    /// How many multisets the game has.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// The count word of multiset `number`.
    pub fn counts(&self, number: u32) -> W {
        self.counts[number as usize]
    }

    /// The empty prefix, from which [`step`](Self::step) starts.
    pub const EMPTY: u32 = 0;

    /// The prefix multiset `prefix` with one more colour `c` (a valid step: the game allows it).
    #[inline(always)]
    pub fn step(&self, prefix: u32, c: u8) -> u32 {
        self.steps[prefix as usize * self.colours + usize::from(c)]
    }

    /// The number of the full multiset `prefix` (one that holds every peg).
    #[inline(always)]
    pub fn full_number(&self, prefix: u32) -> u32 {
        self.full[prefix as usize]
    }
}

/// One node's lower bound per candidate multiset, each computed on first use, and which
/// multisets can still beat the best.
#[derive(Debug)]
pub(crate) struct NodeBounds<W> {
    objective: Objective,
    multisets: Arc<Multisets<W>>,
    pegs: usize,
    /// The bound by multiset number (NaN: not computed at this node yet).
    bounds: Vec<f64>,
    /// The distinct multisets of the node's secrets (numbers), then with how many secrets hold
    /// each (count words and weights).
    distinct: Vec<u32>,
    secrets: Vec<(W, u32)>,
    /// How many secrets of the node hold each multiset (zero again once `secrets` is made).
    weights: Vec<u32>,
    /// Whether each multiset's bound can beat `alive_best` ([`mark_alive`](Self::mark_alive)).
    alive: Vec<bool>,
    /// The multisets marked in `alive`.
    alive_numbers: Vec<u32>,
    /// The best cost `alive` was marked against.
    alive_best: f64,
    /// Count-word bits of the multisets ruled out at this node ([`start`](Self::start)).
    excluded: W,
    /// By multiset number, how many secrets share each number of colours with it, kept when
    /// [`keep_totals`](Self::keep_totals) is set (valid where the bound is computed).
    totals: Vec<[u32; 17]>,
    /// Secret multisets visited to compute bounds (the work done).
    pub visited: u64,
}

impl<W: Word> NodeBounds<W> {
    /// Bounds by `objective` for the multisets of a game of `pegs` pegs.
    pub fn new(objective: Objective, multisets: Arc<Multisets<W>>, pegs: usize) -> NodeBounds<W> {
        NodeBounds {
            objective,
            multisets,
            pegs,
            bounds: Vec::new(),
            distinct: Vec::new(),
            secrets: Vec::new(),
            weights: Vec::new(),
            alive: Vec::new(),
            alive_numbers: Vec::new(),
            alive_best: f64::INFINITY,
            excluded: W::default(),
            totals: Vec::new(),
            visited: 0,
        }
    }

    /// Keeps each multiset's totals beside its bound, for [`totals`](Self::totals).
    pub fn keep_totals(&mut self) {
        self.totals = vec![[0; 17]; self.multisets.len()];
    }

    /// How many of the node's secrets share `t` colours with multiset `number`, for `t` up to
    /// the number of pegs; needs [`keep_totals`](Self::keep_totals) and the multiset's bound
    /// computed at this node ([`bound`](Self::bound)).
    #[inline(always)]
    pub fn totals(&self, number: u32) -> &[u32] {
        debug_assert!(!self.bounds[number as usize].is_nan());
        &self.totals[number as usize][..=self.pegs]
    }

    /// Forgets the last node's bounds and groups the secrets of a new one, whose multiset
    /// numbers are `secret_numbers`. The multisets whose count words share a bit with `excluded`
    /// are bounded by infinity: the node's symmetry scores other codes in their place.
    pub fn start(&mut self, secret_numbers: &[u32], excluded: W) {
        self.excluded = excluded;
        let count = self.multisets.len();
        self.bounds.clear();
        self.bounds.resize(count, f64::NAN);
        self.weights.resize(count, 0);
        self.distinct.clear();
        for &number in secret_numbers {
            let weight = &mut self.weights[number as usize];
            if *weight == 0 {
                self.distinct.push(number);
            }
            *weight += 1;
        }
        self.secrets.clear();
        for &number in &self.distinct {
            let weight = std::mem::take(&mut self.weights[number as usize]);
            self.secrets.push((self.multisets.counts(number), weight));
        }
    }

    /// The multisets the node's secrets hold, each with how many secrets hold it.
    pub fn secret_multisets(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.distinct.iter().copied().zip(self.secrets.iter().map(|&(_, weight)| weight))
    }

    /// The least cost at this node of any candidate of multiset `number`.
    #[inline(always)]
    pub fn bound(&mut self, number: u32) -> f64 {
        let known = self.bounds[number as usize];
        if !known.is_nan() {
            return known;
        }
        let bound = self.compute(number);
        self.bounds[number as usize] = bound;
        bound
    }

    fn compute(&mut self, number: u32) -> f64 {
        let counts = self.multisets.counts(number);
        if counts & self.excluded != W::default() {
            return f64::INFINITY;
        }
        let mut totals = [0u32; 17];
        for &(secret, weight) in &self.secrets {
            totals[(counts & secret).ones() as usize] += weight;
        }
        self.visited += self.secrets.len() as u64;
        if let Some(kept) = self.totals.get_mut(number as usize) {
            *kept = totals;
        }
        self.objective.bound_from_totals(&totals[..=self.pegs])
    }

    /// Bounds every multiset of `groups` (numbers, with the positions of their codes), marks
    /// alive those whose bound can beat `best`, and returns how many codes they hold.
    pub fn mark_alive<'g>(
        &mut self,
        groups: impl Iterator<Item = (u32, &'g [u32])>,
        best: f64,
    ) -> usize {
        self.alive.clear();
        self.alive.resize(self.multisets.len(), false);
        self.alive_numbers.clear();
        self.alive_best = best;
        let mut alive_codes = 0;
        for (number, positions) in groups {
            if !cannot_beat(self.bound(number), best) {
                self.alive[number as usize] = true;
                self.alive_numbers.push(number);
                alive_codes += positions.len();
            }
        }
        alive_codes
    }

    /// Unmarks the alive multisets whose bound cannot beat `best`, when it is below the best
    /// they were marked against.
    pub fn narrow_alive(&mut self, best: f64) {
        if best >= self.alive_best {
            return;
        }
        let mut alive_numbers = std::mem::take(&mut self.alive_numbers);
        alive_numbers.retain(|&number| {
            let alive = !cannot_beat(self.bounds[number as usize], best);
            self.alive[number as usize] = alive;
            alive
        });
        self.alive_numbers = alive_numbers;
        self.alive_best = best;
    }

    /// Whether each multiset is alive, by number.
    pub fn alive(&self) -> &[bool] {
        &self.alive
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::CodeSet;
    use mastermind_core::words::{Packed, Words};
    use mastermind_heuristics::Heuristic;

    fn codes(game: Game) -> Words<u64> {
        let mut words = Words::new();
        for code in CodeSet::enumerate(game).unwrap().iter() {
            words.push(Packed::from_code(code));
        }
        words
    }

    /// The codes and numbers [`Multisets::codes`] generates against enumerated codes, numbered by
    /// their count words.
    fn check_codes<W: Word>(game: Game) {
        let multisets = Multisets::<W>::of_game(game);
        let (words, numbers) = multisets.codes();
        let enumerated = CodeSet::enumerate(game).unwrap();
        let expected = Words::<W>::from_codes(enumerated.codes());
        assert_eq!(words, expected, "{game}");
        assert_eq!(numbers, multisets.numbers(expected.slice()), "{game}");
    }

    #[test]
    fn generated_codes_are_the_enumerated_codes_in_order() {
        for (pegs, colours) in [(1, 5), (2, 26), (3, 4), (4, 6), (5, 8), (7, 5)] {
            check_codes::<u64>(Game::new(pegs, colours).unwrap());
        }
        for (pegs, colours) in [(3, 5), (4, 7), (4, 10), (5, 8)] {
            check_codes::<u64>(Game::without_repeats(pegs, colours).unwrap());
        }
        // Count words past 64 bits.
        check_codes::<u128>(Game::new(3, 26).unwrap());
        check_codes::<u128>(Game::new(4, 20).unwrap());
    }

    #[test]
    fn numbers_are_dense_and_name_one_multiset() {
        let game = Game::new(3, 4).unwrap();
        let all = codes(game);
        let multisets = Multisets::of_game(game);
        // 3 pegs over 4 colours: C(6, 3) = 20 multisets.
        assert_eq!(multisets.len(), 20);
        // Stepping through each code's colours reaches its multiset's number.
        for (i, &number) in multisets.numbers(all.slice()).iter().enumerate() {
            let code = all.slice().get(i);
            let mut prefix = Multisets::<u64>::EMPTY;
            for c in &code.colours(3)[..3] {
                prefix = multisets.step(prefix, *c);
            }
            assert_eq!(multisets.full_number(prefix), number);
        }
        // Without repeats, the multisets are the sets of 3 of 5 colours.
        assert_eq!(Multisets::<u64>::of_game(Game::without_repeats(3, 5).unwrap()).len(), 10);
        let numbers = multisets.numbers(all.slice());
        for (i, &a) in numbers.iter().enumerate() {
            assert_eq!(multisets.counts(a), all.counts[i]);
            for (j, &b) in numbers.iter().enumerate() {
                assert_eq!(a == b, all.counts[i] == all.counts[j]);
            }
        }
    }

    #[test]
    fn grouped_bounds_equal_bounds_over_every_secret() {
        let game = Game::new(4, 5).unwrap();
        let all = codes(game);
        let multisets = Arc::new(Multisets::of_game(game));
        // Every third code as the node's secrets: many share a multiset.
        let mut secrets = Words::new();
        for i in (0..all.len()).step_by(3) {
            secrets.push(all.slice().get(i));
        }
        let numbers = multisets.numbers(secrets.slice());
        for heuristic in [
            Heuristic::Entropy,
            Heuristic::ExpectedSize,
            Heuristic::WorstCase,
            Heuristic::MostParts,
        ] {
            let objective = Objective::new(heuristic, all.len());
            let mut bounds = NodeBounds::new(objective.clone(), Arc::clone(&multisets), 4);
            bounds.start(&numbers, 0);
            for number in 0..multisets.len() as u32 {
                let counts = multisets.counts(number);
                let mut totals = [0u32; 5];
                for &secret in &secrets.counts {
                    totals[(counts & secret).count_ones() as usize] += 1;
                }
                let direct = objective.bound_from_totals(&totals);
                let grouped = bounds.bound(number);
                assert_eq!(grouped.to_bits(), direct.to_bits(), "{heuristic:?}");
                // The second lookup is the stored value.
                assert_eq!(bounds.bound(number).to_bits(), direct.to_bits());
            }
            assert!(bounds.visited < (multisets.len() * secrets.len()) as u64);
            // Marked alive: exactly the multisets whose bound can beat the best, then fewer.
            let mut sorted: Vec<f64> =
                (0..multisets.len() as u32).map(|m| bounds.bound(m)).collect();
            sorted.sort_by(f64::total_cmp);
            let one = [0u32];
            let groups = || (0..multisets.len() as u32).map(|m| (m, &one[..]));
            let alive_exactly_below = |bounds: &mut NodeBounds<u64>, best: f64| {
                for m in 0..multisets.len() as u32 {
                    let expected = !cannot_beat(bounds.bound(m), best);
                    assert_eq!(bounds.alive()[m as usize], expected, "{heuristic:?} {m} {best}");
                }
            };
            let first = sorted[sorted.len() * 3 / 4] + 1.0;
            let marked = bounds.mark_alive(groups(), first);
            assert_eq!(marked, sorted.iter().filter(|&&b| !cannot_beat(b, first)).count());
            alive_exactly_below(&mut bounds, first);
            bounds.narrow_alive(sorted[sorted.len() / 4] + 0.5);
            alive_exactly_below(&mut bounds, sorted[sorted.len() / 4] + 0.5);
            assert!(bounds.alive().iter().any(|&a| a), "{heuristic:?}: some multiset is alive");
        }
    }
}
