//! Property tests of the scorer: for every game size from 1 peg x 2 colours to 16 x 26, the fast
//! scorer (and, where a game fits, the vectorised one) gives the feedback of the plain definition
//! in `reference_score`.

use mastermind_core::score::{reference_score, score};
use mastermind_core::{Code, Game, PackedCodes};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A secret and a guess of `game`, as colour indices.
fn pair(game: Game) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    let code = proptest::collection::vec(0..game.colours(), usize::from(game.pegs()));
    (code.clone(), code)
}

/// Codes of few colours: repeated colours are where scorers go wrong.
fn repetitive_pair(game: Game) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    let few = game.colours().min(3);
    let code = proptest::collection::vec(0..few, usize::from(game.pegs()));
    (code.clone(), code)
}

fn agrees(game: Game, secret: &[u8], guess: &[u8]) -> Result<(), TestCaseError> {
    let (s, g) =
        (Code::from_colours(game, secret).unwrap(), Code::from_colours(game, guess).unwrap());
    let expected = reference_score(secret, guess);
    prop_assert_eq!(score(&s, &g), expected, "{} secret {:?} guess {:?}", game, secret, guess);
    prop_assert_eq!(score(&g, &s), reference_score(guess, secret));
    if let Some(packed) = PackedCodes::new(game, &[s]) {
        let mut index = [0u8; 1];
        packed.score_indices(&g, &mut index);
        prop_assert_eq!(usize::from(index[0]), expected.index(), "packed, {}", game);
    }
    Ok(())
}

#[test]
fn the_scorer_agrees_with_the_reference_for_every_game_size() {
    for pegs in 1..=16u32 {
        for colours in 2..=26u32 {
            let game = Game::new(pegs, colours).unwrap();
            let mut runner = TestRunner::new(Config { cases: 24, ..Config::default() });
            runner.run(&pair(game), |(s, g)| agrees(game, &s, &g)).unwrap();
            runner.run(&repetitive_pair(game), |(s, g)| agrees(game, &s, &g)).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(Config { cases: 2000, ..Config::default() })]

    #[test]
    fn the_scorer_agrees_with_the_reference_on_random_sizes(
        (game, secret, guess) in (1..=16u32, 2..=26u32)
            .prop_map(|(p, c)| Game::new(p, c).unwrap())
            .prop_flat_map(|game| (Just(game), pair(game)))
            .prop_map(|(game, (s, g))| (game, s, g))
    ) {
        agrees(game, &secret, &guess)?;
    }
}

/// A secret and a guess of a game without repeats: random ranks, decoded by the core.
fn distinct_pair(game: Game) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    let size = game.size().unwrap();
    let code = (0..size).prop_map(move |rank| Code::from_rank(game, rank).colours().collect());
    (code.clone(), code)
}

#[test]
fn the_scorer_agrees_with_the_reference_on_games_without_repeats() {
    for pegs in 1..=8u32 {
        for colours in pegs.max(2)..=16u32 {
            let game = Game::without_repeats(pegs, colours).unwrap();
            let mut runner = TestRunner::new(Config { cases: 24, ..Config::default() });
            runner.run(&distinct_pair(game), |(s, g)| agrees(game, &s, &g)).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(Config { cases: 500, ..Config::default() })]

    /// The rule changes which codes exist, never how they score: the reference knows nothing of
    /// it, and a code without repeats scores the same in the game that allows them.
    #[test]
    fn a_code_scores_the_same_with_and_without_the_rule(
        (game, secret, guess) in (1..=8u32, 8..=20u32)
            .prop_map(|(p, c)| Game::without_repeats(p, c).unwrap())
            .prop_flat_map(|game| (Just(game), distinct_pair(game)))
            .prop_map(|(game, (s, g))| (game, s, g))
    ) {
        let free = Game::new(u32::from(game.pegs()), u32::from(game.colours())).unwrap();
        let code = |game: Game, colours: &[u8]| Code::from_colours(game, colours).unwrap();
        prop_assert_eq!(
            score(&code(game, &secret), &code(game, &guess)),
            score(&code(free, &secret), &code(free, &guess))
        );
        let shared = secret.iter().filter(|c| guess.contains(c)).count();
        let reply = reference_score(&secret, &guess);
        prop_assert_eq!(usize::from(reply.total()), shared);
    }
}
