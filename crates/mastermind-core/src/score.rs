//! The feedback function, in a fast packed form and a plain reference form that tests compare.
//!
//! [`score`] works on the packed words of [`Code`] through the one kernel of
//! [`words`](crate::words): black pegs are the zero bytes of `a ^ b`, correct colours are
//! `popcount(a.counts & b.counts)`. The batch forms score one guess against a
//! slice of codes and are what partition counting and consistency filters call.

use crate::code::Code;
use crate::feedback::{Feedback, dense_index};
use crate::game::Game;
use crate::words::{Packed, Scorer, Word};

/// Number of positions where `a` and `b` hold the same colour.
#[inline(always)]
fn blacks(a: &Code, b: &Code) -> u32 {
    let scorer = Scorer::for_pegs::<u128>(a.len() as u32);
    scorer.blacks::<u128>(Packed::from_code(a), Packed::from_code(b))
}

/// Number of correct colours (black plus white).
#[inline(always)]
fn correct_colours(a: &Code, b: &Code) -> u32 {
    if a.count_word() != 0 {
        Scorer::correct::<u128>(Packed::from_code(a), Packed::from_code(b))
    } else {
        correct_colours_unpacked(a, b)
    }
}

/// The slow path for games too large to pack colour counts (`colours x pegs > 128`).
#[cold]
fn correct_colours_unpacked(a: &Code, b: &Code) -> u32 {
    let mut counts = [0i8; 32];
    for c in a.colours() {
        counts[usize::from(c)] += 1;
    }
    let mut total = 0;
    for c in b.colours() {
        let slot = &mut counts[usize::from(c)];
        if *slot > 0 {
            *slot -= 1;
            total += 1;
        }
    }
    total
}

/// The feedback a codemaker holding `secret` gives to `guess` (symmetric in its arguments).
#[inline]
pub fn score(secret: &Code, guess: &Code) -> Feedback {
    let black = blacks(secret, guess);
    let total = correct_colours(secret, guess);
    Feedback::new(black as u8, (total - black) as u8)
}

/// The dense feedback index of `score(a, b)` (see [`Feedback::index`]), without building the pair.
#[inline(always)]
pub fn score_index(a: &Code, b: &Code) -> usize {
    dense_index(blacks(a, b), correct_colours(a, b))
}

/// Writes `score_index(guess, code)` for every code into `out` (which must be as long as `codes`).
pub fn score_indices(guess: &Code, codes: &[Code], out: &mut [u8]) {
    assert_eq!(codes.len(), out.len(), "one output slot per code");
    for (slot, code) in out.iter_mut().zip(codes) {
        *slot = score_index(guess, code) as u8;
    }
}

/// Adds one to `counts[score_index(guess, code)]` for every code: the partition of `codes` by
/// the reply each would give to `guess`. `counts` must have at least `game.feedback_count()` slots.
#[inline]
pub fn count_partition(guess: &Code, codes: &[Code], counts: &mut [u32]) {
    count_by(codes, counts, |code| score_index(guess, code));
}

/// Adds one to `counts[index(code)]` for every code. Two histograms interleaved break the
/// store-to-load dependency between neighbours that land in the same part, which is the common
/// case in small consistent sets.
#[inline(always)]
fn count_by(codes: &[Code], counts: &mut [u32], index: impl Fn(&Code) -> usize) {
    let mut pairs = codes.chunks_exact(2);
    let mut second = [0u32; 153];
    for pair in &mut pairs {
        counts[index(&pair[0])] += 1;
        second[index(&pair[1])] += 1;
    }
    for code in pairs.remainder() {
        counts[index(code)] += 1;
    }
    for (c, s) in counts.iter_mut().zip(second.iter()) {
        *c += s;
    }
}

/// [`count_partition`] for codes of `game`, through a 64-bit path where the game allows it (at most
/// 8 pegs and `colours x pegs <= 64`, which covers 4x6 to 6x9): half the work per pair.
#[inline]
pub fn count_partition_in(game: Game, guess: &Code, codes: &[Code], counts: &mut [u32]) {
    if u64::fits(game) {
        count_partition_narrow(guess, codes, counts);
    } else {
        count_partition(guess, codes, counts);
    }
}

/// The partition count in 64-bit words; valid only for narrow games.
fn count_partition_narrow(guess: &Code, codes: &[Code], counts: &mut [u32]) {
    let scorer = Scorer::for_pegs::<u64>(guess.len() as u32);
    let guess = Packed::<u64>::from_code(guess);
    count_by(codes, counts, |code| scorer.index(guess, Packed::from_code(code)) as usize);
}

/// The plain definition of feedback, for tests and for readers: count blacks position by position,
/// then correct colours as the sum over colours of the smaller of the two colour counts.
pub fn reference_score(secret: &[u8], guess: &[u8]) -> Feedback {
    assert_eq!(secret.len(), guess.len(), "codes of one game have one length");
    let black = secret.iter().zip(guess).filter(|(s, g)| s == g).count();
    let mut correct = 0;
    for colour in 0..=u8::MAX {
        let in_secret = secret.iter().filter(|&&c| c == colour).count();
        let in_guess = guess.iter().filter(|&&c| c == colour).count();
        correct += in_secret.min(in_guess);
    }
    Feedback::new(black as u8, (correct - black) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::rng_for;
    use rand::RngExt;

    fn random_code(game: Game, rng: &mut crate::LabRng) -> (Code, Vec<u8>) {
        let code = Code::random(game, rng);
        (code, code.colours().collect())
    }

    #[test]
    fn agrees_with_reference_on_every_size() {
        let sizes = [
            (1, 2),
            (2, 2),
            (3, 5),
            (4, 6),
            (4, 8),
            (5, 8),
            (5, 9),
            (6, 8),
            (6, 9),
            (7, 9),
            (8, 10),
            (10, 4),
            (10, 10),
            (12, 10),
            (16, 8),
            (16, 26),
            (9, 26),
            (3, 26),
        ];
        for (pegs, colours) in sizes {
            let game = Game::new(pegs, colours).unwrap();
            let mut rng = rng_for(7, &[u64::from(pegs), u64::from(colours)]);
            for _ in 0..20_000 {
                let (a, ca) = random_code(game, &mut rng);
                // Half of the pairs share many pegs, so high black counts are exercised too.
                let (b, cb) = if rng.random_bool(0.5) {
                    random_code(game, &mut rng)
                } else {
                    let mut cb = ca.clone();
                    let i = rng.random_range(0..cb.len());
                    cb[i] = rng.random_range(0..colours as u8);
                    (Code::from_colours(game, &cb).unwrap(), cb)
                };
                let expected = reference_score(&ca, &cb);
                assert_eq!(score(&a, &b), expected, "{game}: {a} vs {b}");
                assert_eq!(score(&b, &a), expected, "symmetry, {game}: {a} vs {b}");
                assert_eq!(score_index(&a, &b), expected.index());
            }
        }
    }

    #[test]
    fn known_replies() {
        let g = Game::CLASSIC;
        let s = |a: &str, b: &str| score(&Code::parse(g, a).unwrap(), &Code::parse(g, b).unwrap());
        assert_eq!(s("AABB", "ABBA"), Feedback::new(2, 2));
        assert_eq!(s("ABCD", "DCBA"), Feedback::new(0, 4));
        assert_eq!(s("AAAA", "AAAB"), Feedback::new(3, 0));
        assert_eq!(s("ABCD", "EEFF"), Feedback::new(0, 0));
        assert_eq!(s("FFFF", "FFFF"), Feedback::new(4, 0));
    }

    #[test]
    fn the_narrow_partition_path_agrees_with_the_general_one() {
        for (pegs, colours) in [(4, 6), (5, 8), (6, 9), (8, 8), (2, 26), (8, 9), (3, 26)] {
            let game = Game::new(pegs, colours).unwrap();
            let mut rng = rng_for(11, &[u64::from(pegs), u64::from(colours)]);
            let codes: Vec<Code> = (0..3001).map(|_| random_code(game, &mut rng).0).collect();
            for guess in codes.iter().take(50) {
                let mut general = vec![0u32; game.feedback_count()];
                let mut dispatched = vec![0u32; game.feedback_count()];
                count_partition(guess, &codes, &mut general);
                count_partition_in(game, guess, &codes, &mut dispatched);
                assert_eq!(general, dispatched, "{game}, guess {guess}");
            }
        }
    }

    #[test]
    fn partition_counts_match_single_scores() {
        let g = Game::CLASSIC;
        let codes: Vec<Code> = (0..1296).map(|r| Code::from_rank(g, r)).collect();
        let guess = Code::parse(g, "AABC").unwrap();
        let mut counts = vec![0u32; g.feedback_count()];
        count_partition(&guess, &codes[..1295], &mut counts);
        let mut expected = vec![0u32; g.feedback_count()];
        for c in &codes[..1295] {
            expected[score(&guess, c).index()] += 1;
        }
        assert_eq!(counts, expected);
        let mut out = vec![0u8; codes.len()];
        score_indices(&guess, &codes, &mut out);
        assert!(out.iter().zip(&codes).all(|(&i, c)| usize::from(i) == score(&guess, c).index()));
    }
}
