//! The proposal kernel of the walk: recolour one peg, swap two pegs, or permute a subset of pegs.
//!
//! Every move is symmetric (the reverse move has the same probability), so the Metropolis
//! acceptance `min(1, S(y) / S(x))` needs no proposal ratio:
//!
//! - recolour: a uniform position gets a uniform *other* colour;
//! - swap: two distinct uniform positions exchange their pegs. When both hold the same colour the
//!   proposal is the current code; it still uses a step, as it would in a plain implementation;
//! - subset permutation (the thesis's extra move of section 4.3.2, "a permutation of more than two
//!   pegs at a time"): a size `m` uniform in `3..=pegs`, a uniform subset of `m` positions, and a
//!   uniformly random permutation of the pegs in it (the reverse applies the inverse permutation
//!   to the same subset). With fewer than 3 pegs it falls back to a swap. [`SubsetMove`] names
//!   this reading and another: the same subset's pegs shifted cyclically by one place, left or
//!   right with equal chance (the reverse shifts back), so that every peg of the subset moves.

use mastermind_core::LabRng;
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// What the thesis's subset permutation does to the pegs it picks. Section 4.3.2 says only "a
/// permutation of more than two pegs at a time"; the Table 3 spec
/// (`experiments/snyder/case-2-table-3-6-4.ron`) stores both readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SubsetMove {
    /// (Default.) A uniformly random permutation of the chosen pegs (which may leave some, or
    /// all, in place).
    #[default]
    RandomPermutation,
    /// The chosen pegs, in position order, shifted cyclically by one place, left or right with
    /// equal chance: every chosen peg moves.
    CyclicShift,
}

impl SubsetMove {
    /// Whether this is the default, a random permutation (left out when a config is written).
    pub fn is_random_permutation(&self) -> bool {
        *self == SubsetMove::RandomPermutation
    }
}

/// One proposed change to the walk's current code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Peg `pos` takes colour `colour` (different from its current colour).
    Recolour {
        /// Position changed.
        pos: u8,
        /// Its new colour.
        colour: u8,
    },
    /// Pegs `i` and `j` (distinct positions) exchange colours.
    Swap {
        /// First position.
        i: u8,
        /// Second position.
        j: u8,
    },
    /// The pegs at `pos[..len]` take the colours `colours[..len]`, a permutation of theirs.
    Permute {
        /// Number of positions moved.
        len: u8,
        /// The positions.
        pos: [u8; 16],
        /// Their new colours.
        colours: [u8; 16],
    },
}

impl Move {
    /// Applies the move to a code's colours.
    pub fn apply(&self, state: &mut [u8]) {
        match *self {
            Move::Recolour { pos, colour } => state[usize::from(pos)] = colour,
            Move::Swap { i, j } => state.swap(usize::from(i), usize::from(j)),
            Move::Permute { len, pos, colours } => {
                for k in 0..usize::from(len) {
                    state[usize::from(pos[k])] = colours[k];
                }
            }
        }
    }
}

/// The proposal distribution: which moves, with which probabilities.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kernel {
    p_subset: f64,
    p_swap: f64,
    permutations_only: bool,
    subset_move: SubsetMove,
    distinct: bool,
}

impl Kernel {
    /// Subset permutation with probability `p_subset`; otherwise a swap with probability `p_swap`
    /// and a recolour with `1 - p_swap`. Both must be probabilities (checked by the configuration).
    pub fn new(p_swap: f64, p_subset: f64) -> Kernel {
        Kernel {
            p_subset,
            p_swap,
            permutations_only: false,
            subset_move: SubsetMove::default(),
            distinct: false,
        }
    }

    /// The same kernel for a game without repeated colours when `distinct`: a recolour draws
    /// among the colours the code does not hold (uniformly, so the proposal stays symmetric: as
    /// many such moves lead from a code as back to it), and becomes a swap when every colour is
    /// held. Swaps and subset permutations keep colours distinct as they are.
    pub fn keeping_colours_distinct(self, distinct: bool) -> Kernel {
        Kernel { distinct, ..self }
    }

    /// The same kernel with `subset_move` as its subset permutation.
    pub fn with_subset_move(self, subset_move: SubsetMove) -> Kernel {
        Kernel { subset_move, ..self }
    }

    /// The same kernel restricted to permutations: the recolour share goes to pair swaps (the
    /// thesis's "P(pair permutation) = 1.0" after a reply whose pegs total the code length); a
    /// subset permutation keeps its share.
    pub fn permutations_only(self) -> Kernel {
        Kernel { permutations_only: true, ..self }
    }

    /// Draws a move from the code `state` of a game with `colours` colours.
    #[inline]
    pub fn propose(&self, state: &[u8], colours: u8, rng: &mut LabRng) -> Move {
        let pegs = state.len();
        if self.p_subset > 0.0 && pegs >= 3 && rng.random_bool(self.p_subset) {
            return subset_permutation(state, self.subset_move, rng);
        }
        let swap = pegs >= 2 && (self.permutations_only || rng.random_bool(self.p_swap));
        if swap {
            let i = rng.random_range(0..pegs);
            let mut j = rng.random_range(0..pegs - 1);
            if j >= i {
                j += 1;
            }
            Move::Swap { i: i as u8, j: j as u8 }
        } else if self.distinct {
            let pos = rng.random_range(0..pegs);
            let absent: Vec<u8> = (0..colours).filter(|c| !state.contains(c)).collect();
            if absent.is_empty() && pegs < 2 {
                // One peg, one colour: the only code; nothing can change.
                return Move::Recolour { pos: 0, colour: state[0] };
            }
            if absent.is_empty() {
                let mut j = rng.random_range(0..pegs - 1);
                if j >= pos {
                    j += 1;
                }
                return Move::Swap { i: pos as u8, j: j as u8 };
            }
            Move::Recolour { pos: pos as u8, colour: absent[rng.random_range(0..absent.len())] }
        } else {
            let pos = rng.random_range(0..pegs);
            let mut colour = rng.random_range(0..colours - 1);
            if colour >= state[pos] {
                colour += 1;
            }
            Move::Recolour { pos: pos as u8, colour }
        }
    }
}

/// A uniformly random subset of at least 3 positions, permuted as `how` says.
fn subset_permutation(state: &[u8], how: SubsetMove, rng: &mut LabRng) -> Move {
    let pegs = state.len();
    let len = rng.random_range(3..=pegs);
    let mut order = [0u8; 16];
    for (k, slot) in order[..pegs].iter_mut().enumerate() {
        *slot = k as u8;
    }
    // Partial Fisher-Yates: the first `len` entries become a uniform subset.
    for k in 0..len {
        let r = rng.random_range(k..pegs);
        order.swap(k, r);
    }
    let mut pos = [0u8; 16];
    let mut colours = [0u8; 16];
    pos[..len].copy_from_slice(&order[..len]);
    match how {
        SubsetMove::RandomPermutation => {
            for k in 0..len {
                colours[k] = state[usize::from(pos[k])];
            }
            // Fisher-Yates on the colours: a uniform permutation of the chosen pegs.
            for k in (1..len).rev() {
                let r = rng.random_range(0..=k);
                colours.swap(k, r);
            }
        }
        SubsetMove::CyclicShift => {
            pos[..len].sort_unstable();
            for k in 0..len {
                colours[k] = state[usize::from(pos[k])];
            }
            if rng.random_bool(0.5) {
                colours[..len].rotate_left(1);
            } else {
                colours[..len].rotate_right(1);
            }
        }
    }
    Move::Permute { len: len as u8, pos, colours }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    #[test]
    fn moves_are_what_they_say() {
        let mut rng = rng_for(1, &[]);
        let state = [0u8, 1, 1, 2, 3, 0];
        let sorted = |s: &[u8]| {
            let mut v = s.to_vec();
            v.sort();
            v
        };
        let mut kinds = [0u32; 3];
        let kernel = Kernel::new(0.5, 0.2);
        for _ in 0..10_000 {
            let mv = kernel.propose(&state, 4, &mut rng);
            let mut next = state;
            mv.apply(&mut next);
            match mv {
                Move::Recolour { pos, colour } => {
                    kinds[0] += 1;
                    assert_ne!(state[usize::from(pos)], colour);
                    assert!(colour < 4);
                    assert_eq!(state.iter().zip(&next).filter(|(a, b)| a != b).count(), 1);
                }
                Move::Swap { i, j } => {
                    kinds[1] += 1;
                    assert_ne!(i, j);
                    assert_eq!(sorted(&next), sorted(&state));
                }
                Move::Permute { len, .. } => {
                    kinds[2] += 1;
                    assert!((3..=6).contains(&len));
                    assert_eq!(sorted(&next), sorted(&state));
                }
            }
        }
        // 0.4 / 0.4 / 0.2 with generous tolerances.
        assert!((3700..4300).contains(&kinds[0]), "{kinds:?}");
        assert!((3700..4300).contains(&kinds[1]), "{kinds:?}");
        assert!((1700..2300).contains(&kinds[2]), "{kinds:?}");
        for _ in 0..1000 {
            let mv = kernel.permutations_only().propose(&state, 4, &mut rng);
            assert!(!matches!(mv, Move::Recolour { .. }));
        }
    }

    #[test]
    fn a_cyclic_shift_moves_every_chosen_peg_one_place() {
        let mut rng = rng_for(3, &[]);
        let kernel = Kernel::new(0.5, 1.0).with_subset_move(SubsetMove::CyclicShift);
        let state = [0u8, 1, 2, 3, 4, 5];
        let (mut left, mut right) = (0, 0);
        for _ in 0..2000 {
            let Move::Permute { len, pos, colours } = kernel.propose(&state, 6, &mut rng) else {
                panic!("p_subset = 1 proposes only subset moves");
            };
            let len = usize::from(len);
            assert!((3..=6).contains(&len));
            let chosen: Vec<u8> = pos[..len].iter().map(|&p| state[usize::from(p)]).collect();
            // Distinct colours, so every chosen peg moves, and the shift is by one place.
            assert!(chosen.iter().zip(&colours[..len]).all(|(a, b)| a != b));
            let mut shifted = chosen.clone();
            shifted.rotate_left(1);
            if shifted == colours[..len] {
                left += 1;
            } else {
                shifted.rotate_right(2);
                assert_eq!(shifted, colours[..len]);
                right += 1;
            }
        }
        assert!((850..1150).contains(&left) && left + right == 2000, "{left} {right}");
    }

    #[test]
    fn without_repeats_moves_keep_colours_distinct_and_recolour_uniformly() {
        let mut rng = rng_for(21, &[]);
        let kernel = Kernel::new(0.3, 0.2).keeping_colours_distinct(true);
        let mut state = vec![0u8, 1, 2, 3];
        let mut recoloured = [0u32; 10];
        for _ in 0..20_000 {
            let mv = kernel.propose(&state, 10, &mut rng);
            if let Move::Recolour { colour, .. } = mv {
                assert!(!state.contains(&colour), "{mv:?} on {state:?}");
                recoloured[usize::from(colour)] += 1;
            }
            mv.apply(&mut state);
            let mut sorted = state.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 4, "{state:?}");
        }
        // Every colour is drawn, none far from the others' rate (the walk visits all codes).
        assert!(recoloured.iter().all(|&n| n > 500), "{recoloured:?}");
        // With every colour held, a recolour becomes a swap.
        let full = [2u8, 0, 3, 1];
        for _ in 0..200 {
            let mv =
                Kernel::new(0.0, 0.0).keeping_colours_distinct(true).propose(&full, 4, &mut rng);
            assert!(matches!(mv, Move::Swap { .. }), "{mv:?}");
        }
    }

    #[test]
    fn recolour_is_uniform_over_the_other_colours() {
        let mut rng = rng_for(2, &[]);
        let kernel = Kernel::new(0.0, 0.0);
        let state = [2u8, 2];
        let mut seen = [0u32; 5];
        for _ in 0..50_000 {
            if let Move::Recolour { colour, .. } = kernel.propose(&state, 5, &mut rng) {
                seen[usize::from(colour)] += 1;
            }
        }
        assert_eq!(seen[2], 0);
        for c in [0, 1, 3, 4] {
            assert!((11_800..13_200).contains(&seen[c]), "{seen:?}");
        }
    }
}
