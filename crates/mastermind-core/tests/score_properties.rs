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
