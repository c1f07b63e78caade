//! The variation and selection operators every evolutionary player of the crate shares: one
//! tournament selection, one two-point crossover, one single-point mutation, one permutation.

use crate::error::check;
use crate::palette::Palette;
use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Game};
use rand::RngExt;
use rand::seq::SliceRandom;

/// Tournament selection: draws `size` members uniformly (with replacement) and returns the index of
/// the one that `better` prefers (the first drawn among equals). `size` 1 is a uniform draw.
///
/// `better(a, b)` says whether fitness `a` beats fitness `b`. Panics if `fitness` is empty or
/// `size` is zero (both are excluded by the configurations' validation).
pub fn tournament<F>(
    fitness: &[F],
    size: usize,
    better: impl Fn(&F, &F) -> bool,
    rng: &mut impl RngExt,
) -> usize {
    assert!(!fitness.is_empty() && size > 0, "a tournament needs entrants");
    let mut best = rng.random_range(0..fitness.len());
    for _ in 1..size {
        let other = rng.random_range(0..fitness.len());
        if better(&fitness[other], &fitness[best]) {
            best = other;
        }
    }
    best
}

/// Checks a configuration's tournament size for [`tournament`]: 1 to the population size.
pub(crate) fn check_tournament_size(size: u32, population: u32) -> Result<(), InvalidParameter> {
    check(
        (1..=population).contains(&size),
        "tournament_size",
        "an integer from 1 to the population size",
        size,
    )
}

/// Two-point crossover as Justus gives it: two cut points `a`, `b` drawn uniformly from the
/// positions; the child takes `first` on the segment `a..=b` and `second` elsewhere when `a <= b`,
/// and `first` on the wrapped segment (`a..` and `..=b`) when `b < a`. Wrapping keeps every position
/// equally likely to come from either parent, which is Justus's reason for two points.
pub fn two_point_crossover(game: Game, first: &Code, second: &Code, rng: &mut impl RngExt) -> Code {
    let pegs = usize::from(game.pegs());
    let a = rng.random_range(0..pegs);
    let b = rng.random_range(0..pegs);
    crossover_at(game, first, second, a, b)
}

/// The child of [`two_point_crossover`] for given cut points.
///
/// In a game without repeated colours the child follows the partially mapped crossover (PMX):
/// a peg outside the segment whose colour from `second` the segment already holds takes, in its
/// place, the colour `second` has where the segment holds that colour, and so on until the colour
/// is not in the segment. Both parents having distinct colours, so has the child, and every peg
/// outside the segment keeps `second`'s colour when it can.
pub fn crossover_at(game: Game, first: &Code, second: &Code, a: usize, b: usize) -> Code {
    let pegs = usize::from(game.pegs());
    let in_segment = |i: usize| if a <= b { a <= i && i <= b } else { i <= b || i >= a };
    if game.repeats() {
        // Pegs a..=b, or with a > b the segment that wraps: pegs b+1..a are the second's.
        let up_to = |i: usize| (1u32 << i) - 1;
        let segment = if a <= b {
            up_to(b + 1) & !up_to(a)
        } else {
            up_to(b + 1) | (up_to(pegs) & !up_to(a))
        };
        return first.splice(game, second, segment);
    }
    let mut colours = [0u8; 16];
    for (i, slot) in colours[..pegs].iter_mut().enumerate() {
        *slot = if in_segment(i) { first.colour(i) } else { second.colour(i) };
    }
    if !game.repeats() {
        for p in (0..pegs).filter(|&p| !in_segment(p)) {
            let mut colour = second.colour(p);
            // At most one segment peg holds it (first's colours are distinct); the chain visits
            // distinct segment pegs, so it ends.
            while let Some(q) = (0..pegs).find(|&q| in_segment(q) && first.colour(q) == colour) {
                colour = second.colour(q);
            }
            colours[p] = colour;
        }
    }
    Code::from_valid_colours(game, &colours[..pegs])
}

/// Single-point mutation: one uniformly chosen peg gets a uniformly chosen colour of `palette`
/// (possibly the colour it had, as in Justus's description; operators that need a change, such as
/// Evo++'s Breeder_Diverser, draw again). Without repeated colours, a peg that held the new colour
/// takes the mutated peg's old one ([`Code::with_colour_keeping_rule`]).
pub fn single_point_mutation(palette: &Palette, code: &Code, rng: &mut impl RngExt) -> Code {
    let i = rng.random_range(0..code.len());
    code.with_colour_keeping_rule(palette.game(), i, palette.random_colour(rng))
}

/// Permutation: the pegs of `code` in a uniformly random order (the colours are kept, their places
/// shuffled), as the permutation operator of Algorithm::Evolutionary that Evo++ uses does. The
/// result may equal `code` (always, for a one-colour code).
pub fn permutation(game: Game, code: &Code, rng: &mut impl RngExt) -> Code {
    debug_assert_eq!(code.len(), usize::from(game.pegs()));
    let (mut colours, len) = code.to_array();
    colours[..len].shuffle(rng);
    code.rearranged(&colours[..len])
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    #[test]
    fn crossover_segments_follow_justus() {
        let g = Game::new(6, 6).unwrap();
        let p1 = Code::parse(g, "AAAAAA").unwrap();
        let p2 = Code::parse(g, "BBBBBB").unwrap();
        assert_eq!(crossover_at(g, &p1, &p2, 1, 3).to_string(), "BAAABB");
        assert_eq!(crossover_at(g, &p1, &p2, 4, 1).to_string(), "AABBAA");
        assert_eq!(crossover_at(g, &p1, &p2, 2, 2).to_string(), "BBABBB");
        assert_eq!(crossover_at(g, &p1, &p2, 0, 5).to_string(), "AAAAAA");
    }

    #[test]
    fn crossover_segments_wrap_at_every_length() {
        // Every (a, b) of every length: the first parent's pegs are a..=b, or with a > b the
        // pegs from a to the end and from the start to b.
        for pegs in 1..=16u8 {
            let g = Game::new(pegs.into(), 2).unwrap();
            let p = usize::from(pegs);
            let first = Code::from_colours(g, &vec![0; p]).unwrap();
            let second = Code::from_colours(g, &vec![1; p]).unwrap();
            for (a, b) in (0..p).flat_map(|a| (0..p).map(move |b| (a, b))) {
                let expected: String = (0..p)
                    .map(|i| {
                        let inside = if a <= b { a <= i && i <= b } else { i <= b || i >= a };
                        if inside { 'A' } else { 'B' }
                    })
                    .collect();
                let child = crossover_at(g, &first, &second, a, b);
                assert_eq!(child.to_string(), expected, "{pegs} pegs, a = {a}, b = {b}");
            }
        }
    }

    #[test]
    fn crossover_takes_each_position_from_a_parent() {
        let g = Game::new(10, 4).unwrap();
        let mut rng = rng_for(5, &[]);
        let mut from_first = [0u32; 10];
        for _ in 0..20_000 {
            let p1 = Palette::full(g).random_code(&mut rng);
            let p2 = Palette::full(g).random_code(&mut rng);
            let child = two_point_crossover(g, &p1, &p2, &mut rng);
            for (i, count) in from_first.iter_mut().enumerate() {
                let c = child.colour(i);
                assert!(c == p1.colour(i) || c == p2.colour(i));
                if c == p1.colour(i) && p1.colour(i) != p2.colour(i) {
                    *count += 1;
                }
            }
        }
        // Wrapping makes the share from the first parent the same at every position: of the 100
        // (a, b) pairs, 55 put any given position in the segment when there are 10 pegs.
        let share: Vec<f64> =
            from_first.iter().map(|&c| f64::from(c) / (20_000.0 * 0.75)).collect();
        assert!(share.iter().all(|s| (s - 0.55).abs() < 0.025), "position shares {share:?}");
    }

    #[test]
    fn without_repeats_crossover_is_pmx_and_mutation_swaps() {
        let distinct = |code: &Code| {
            let (cs, len) = code.to_array();
            (0..len).all(|i| !cs[..i].contains(&cs[i]))
        };
        // PMX by hand: the segment CD comes from the first parent; outside it the second
        // parent's C maps through the segment to F (C's place in the segment holds F in the
        // second parent), its D to B, and its A stays.
        let g = Game::without_repeats(5, 8).unwrap();
        let (p1, p2) = (Code::parse(g, "ABCDE").unwrap(), Code::parse(g, "CDFBA").unwrap());
        assert_eq!(crossover_at(g, &p1, &p2, 2, 3).to_string(), "FBCDA");
        let mut rng = rng_for(11, &[]);
        let palette = Palette::full(Game::BULLS_AND_COWS);
        for _ in 0..5000 {
            let g = Game::BULLS_AND_COWS;
            let (p1, p2) = (palette.random_code(&mut rng), palette.random_code(&mut rng));
            let child = two_point_crossover(g, &p1, &p2, &mut rng);
            assert!(distinct(&child), "{p1} x {p2} -> {child}");
            let mutant = single_point_mutation(&palette, &p1, &mut rng);
            assert!(distinct(&mutant), "{p1} -> {mutant}");
            // A mutation changes one peg, or swaps two.
            let changed = (0..4).filter(|&i| mutant.colour(i) != p1.colour(i)).count();
            assert!(changed <= 2, "{p1} -> {mutant}");
        }
    }

    #[test]
    fn tournament_prefers_the_better_and_size_one_is_uniform() {
        let fitness: Vec<u32> = (0..10).collect();
        let mut rng = rng_for(9, &[]);
        let mut wins = [0u32; 10];
        for _ in 0..10_000 {
            wins[tournament(&fitness, 2, |a, b| a > b, &mut rng)] += 1;
        }
        // With replacement, P(winner = i) = ((i+1)^2 - i^2) / 100 = (2i + 1) / 100.
        for (i, &w) in wins.iter().enumerate() {
            let expected = 10_000.0 * (2.0 * i as f64 + 1.0) / 100.0;
            assert!((f64::from(w) - expected).abs() < 5.0 * expected.sqrt() + 5.0, "{i}: {w}");
        }
        let huge = tournament(&fitness, 1000, |a, b| a > b, &mut rng);
        assert_eq!(huge, 9);
    }

    #[test]
    fn mutation_and_permutation_keep_what_they_should() {
        let g = Game::CLASSIC;
        let mut rng = rng_for(2, &[]);
        let mut palette = Palette::full(g);
        palette.ban(&Code::parse(g, "EEFF").unwrap());
        let code = Code::parse(g, "ABCA").unwrap();
        for _ in 0..1000 {
            let m = single_point_mutation(&palette, &code, &mut rng);
            assert!(code.colours().zip(m.colours()).filter(|(a, b)| a != b).count() <= 1);
            assert!(palette.allows_code(&m));
            let p = permutation(g, &code, &mut rng);
            let mut a: Vec<u8> = code.colours().collect();
            let mut b: Vec<u8> = p.colours().collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
        }
    }
}
