//! Individuals and the per-turn fitness cache shared by the population-based players.
//!
//! Counting rule (one meaning for every player of this crate): a code's fitness is computed, and
//! counted as one evaluation, at most once per turn. The [`FitnessCache`] is keyed by code and
//! cleared when a new reply arrives (the fitness depends on the history, so a code met again in a
//! later turn is evaluated, and counted, again). Copies of a code in the population, or a code
//! bred again later in the same turn, reuse the cached value and cost nothing.

use crate::error::{check, check_unit};
use mastermind_core::Code;
use mastermind_core::InvalidParameter;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A code with its fitness.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Individual<F> {
    /// The code.
    pub code: Code,
    /// Its fitness under the current history.
    pub fitness: F,
}

/// Fitness values of the codes met this turn, keyed by code.
#[derive(Debug, Clone)]
pub struct FitnessCache<V> {
    values: HashMap<Code, V, BuildHasherDefault<MixHasher>>,
    turn: usize,
}

impl<V: Copy> Default for FitnessCache<V> {
    fn default() -> Self {
        FitnessCache::new()
    }
}

impl<V: Copy> FitnessCache<V> {
    /// An empty cache for turn 0.
    pub fn new() -> FitnessCache<V> {
        FitnessCache { values: HashMap::default(), turn: 0 }
    }

    /// Starts turn `turn` (the number of replies received): forgets every value if it changed.
    pub fn begin_turn(&mut self, turn: usize) {
        if turn != self.turn {
            self.values.clear();
            self.turn = turn;
        }
    }

    /// Forgets every value.
    pub fn clear(&mut self) {
        self.values.clear();
    }

    /// The cached value of `code`, if it was computed this turn.
    pub fn get(&self, code: &Code) -> Option<V> {
        self.values.get(code).copied()
    }

    /// The value of `code`, computing it with `compute` (and so counting an evaluation, which
    /// `compute` does through the oracle) only if this turn has not seen `code` yet.
    pub fn get_or_compute(&mut self, code: &Code, compute: impl FnOnce(&Code) -> V) -> V {
        *self.values.entry(*code).or_insert_with(|| compute(code))
    }

    /// Number of distinct codes evaluated this turn.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no code was evaluated this turn.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// A fast hasher for codes (a multiply-xor mix; codes are not attacker-controlled).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// A hash set of codes using the crate's fast hasher.
pub(crate) type CodeSet = std::collections::HashSet<Code, BuildHasherDefault<MixHasher>>;

/// How many members a generation replaces: `population x rate`, rounded.
pub(crate) fn replaced_count(population: u32, rate: f64) -> usize {
    (f64::from(population) * rate).round() as usize
}

/// Checks a generational population: `population` in `min..=1000000`, and a `replacement_rate` in
/// `[0, 1]` that replaces at least one member and keeps at least one.
pub(crate) fn check_generations(
    population: u32,
    min: u32,
    allowed: &'static str,
    replacement_rate: f64,
) -> Result<(), InvalidParameter> {
    check((min..=1_000_000).contains(&population), "population", allowed, population)?;
    check_unit("replacement_rate", replacement_rate)?;
    let replaced = replaced_count(population, replacement_rate);
    check(
        replaced >= 1 && replaced < population as usize,
        "replacement_rate",
        "a share that replaces at least one member and keeps at least one",
        replacement_rate,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;

    #[test]
    fn computes_once_per_turn() {
        let g = Game::CLASSIC;
        let a = Code::parse(g, "ABCD").unwrap();
        let mut cache = FitnessCache::new();
        let mut computed = 0;
        for _ in 0..3 {
            let v = cache.get_or_compute(&a, |_| {
                computed += 1;
                7u32
            });
            assert_eq!(v, 7);
        }
        assert_eq!(computed, 1);
        cache.begin_turn(0);
        assert_eq!(cache.get(&a), Some(7), "same turn keeps values");
        cache.begin_turn(1);
        assert_eq!(cache.get(&a), None, "a new reply forgets them");
        assert!(cache.is_empty());
    }
}
