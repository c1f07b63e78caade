//! Evo++'s endgames: what a reply of all colours right, or of no pegs at all, says about the secret.

use crate::palette::Palette;
use mastermind_core::{Code, Game, History};

/// The latest guess whose reply had `black + white = pegs` but was not a win: the secret is a
/// permutation of it.
pub fn all_colours_known(history: &History) -> Option<Code> {
    let pegs = history.game().pegs();
    history
        .turns()
        .iter()
        .rev()
        .find(|t| t.feedback.total() == pegs && t.feedback.black < pegs)
        .map(|t| t.guess)
}

/// The colours not ruled out by a reply of no pegs.
pub fn palette_after(history: &History) -> Palette {
    let mut palette = Palette::full(history.game());
    for t in history.turns().iter().filter(|t| t.feedback.total() == 0) {
        palette.ban(&t.guess);
    }
    palette
}

/// Every distinct permutation of `code`'s pegs, in letter order.
pub fn distinct_permutations(game: Game, code: &Code) -> Vec<Code> {
    let (mut colours, len) = code.to_array();
    let colours = &mut colours[..len];
    colours.sort_unstable();
    let mut out = vec![Code::from_valid_colours(game, colours)];
    while next_permutation(colours) {
        out.push(Code::from_valid_colours(game, colours));
    }
    out
}

/// Rearranges `xs` into the next permutation in lexicographic order; false after the last.
fn next_permutation(xs: &mut [u8]) -> bool {
    let Some(i) = xs.windows(2).rposition(|w| w[0] < w[1]) else {
        return false;
    };
    let j = xs.iter().rposition(|&x| x > xs[i]).expect("xs[i + 1] > xs[i]");
    xs.swap(i, j);
    xs[i + 1..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::{CodeSet, rng_for, score};
    use rand::RngExt;

    #[test]
    fn permutations_are_distinct_and_complete() {
        let g = Game::CLASSIC;
        let count = |s: &str| distinct_permutations(g, &Code::parse(g, s).unwrap()).len();
        assert_eq!(count("ABCD"), 24);
        assert_eq!(count("AABC"), 12);
        assert_eq!(count("AABB"), 6);
        assert_eq!(count("AAAB"), 4);
        assert_eq!(count("AAAA"), 1);
    }

    /// Random histories of 4x6 games (random secret, random guesses), checked against brute force.
    #[test]
    fn endgame_filters_agree_with_the_exhaustive_consistent_set() {
        let g = Game::CLASSIC;
        let all = CodeSet::enumerate(g).unwrap();
        let mut rng = rng_for(11, &[]);
        let (mut permutation_cases, mut no_peg_cases) = (0, 0);
        for _ in 0..3000 {
            let secret = all[rng.random_range(0..all.len())];
            let mut h = History::new(g);
            for _ in 0..rng.random_range(1..4) {
                let guess = if rng.random_bool(0.3) {
                    // A permutation of the secret, so that all-colours replies happen often.
                    crate::operators::permutation(g, &secret, &mut rng)
                } else {
                    all[rng.random_range(0..all.len())]
                };
                if guess == secret {
                    continue;
                }
                h.push(guess, score(&secret, &guess));
            }
            let exhaustive: Vec<Code> =
                all.iter().copied().filter(|c| h.is_consistent(c)).collect();
            if let Some(known) = all_colours_known(&h) {
                permutation_cases += 1;
                let mut filtered: Vec<Code> = distinct_permutations(g, &known)
                    .into_iter()
                    .filter(|c| h.is_consistent(c))
                    .collect();
                filtered.sort();
                assert_eq!(filtered, exhaustive);
            }
            let palette = palette_after(&h);
            if palette.len() < 6 {
                no_peg_cases += 1;
            }
            let within: Vec<Code> = all
                .iter()
                .copied()
                .filter(|c| palette.allows_code(c) && h.is_consistent(c))
                .collect();
            assert_eq!(within, exhaustive);
        }
        assert!(
            permutation_cases > 300 && no_peg_cases > 100,
            "{permutation_cases} {no_peg_cases}"
        );
    }
}
