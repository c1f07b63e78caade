//! Whole games on every 4x6 secret for each codebreaker of the crate, with fixed seeds: every game
//! is won within its cap and every guess after the first is consistent with the replies before it.

// Histories are built and counts checked with the raw scorers that the crate's clippy.toml
// refuses to its players.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use mastermind_core::{
    CodeSet, Game, GameOutcome, History, Player, TruthfulCodemaker, play_game, rng_for,
};
use mastermind_evolution::{
    EdaConfig, EdaFitness, EdaStrategy, EvoConfig, EvoStrategy, ShcConfig, ShcStrategy,
};

/// Checks one game: won within `cap`, every guess (after the first when `first_free`) consistent.
fn check_game(out: &GameOutcome, cap: u32, first_free: bool) {
    assert!(out.solved(), "{} not solved: {:?}", out.secret, out.end);
    assert!(out.guesses <= cap);
    let mut h = History::new(out.history.game());
    for (i, turn) in out.history.turns().iter().enumerate() {
        if i > 0 || !first_free {
            assert!(
                h.is_consistent(&turn.guess),
                "guess {} of {} is inconsistent",
                i + 1,
                out.secret
            );
        }
        h.push(turn.guess, turn.feedback);
    }
}

/// Plays every 4x6 secret with players from `make`; returns (mean guesses, mean evaluations).
fn all_secrets<P: Player>(
    seed: u64,
    cap: u32,
    first_free: bool,
    make: impl Fn() -> P,
) -> (f64, f64) {
    let g = Game::CLASSIC;
    let (mut guesses, mut evaluations) = (0u64, 0u64);
    for (rank, secret) in CodeSet::enumerate(g).unwrap().iter().enumerate() {
        let mut player = make();
        let mut rng = rng_for(seed, &[rank as u64]);
        let out = play_game(g, &mut player, &mut TruthfulCodemaker::new(*secret), cap, &mut rng);
        check_game(&out, cap, first_free);
        guesses += u64::from(out.guesses);
        evaluations += out.counters.evaluations;
    }
    (guesses as f64 / 1296.0, evaluations as f64 / 1296.0)
}

#[test]
fn eda_with_f_and_f_l_wins_every_4x6_game_playing_consistent_codes() {
    for fitness in [EdaFitness::Distance, EdaFitness::LocalEntropy] {
        let strategy = EdaStrategy::new(Game::CLASSIC, EdaConfig::new(fitness)).unwrap();
        let (guesses, _) = all_secrets(1, 12, true, || strategy.player());
        // Random consistent play averages about 4.6; an honest, wide band around it.
        assert!((4.3..5.0).contains(&guesses), "{fitness:?}: {guesses}");
    }
}

#[test]
fn evo_plus_plus_wins_every_4x6_game_playing_consistent_codes() {
    let strategy = EvoStrategy::new(Game::CLASSIC, EvoConfig::default()).unwrap();
    let (guesses, _) = all_secrets(2, 12, true, || strategy.player());
    assert!((4.2..5.0).contains(&guesses), "{guesses}");
}

#[test]
fn hill_climber_wins_every_4x6_game_playing_consistent_codes() {
    for code_tracker in [true, false] {
        let config = ShcConfig { code_tracker, ..ShcConfig::default() };
        let strategy = ShcStrategy::new(Game::CLASSIC, config).unwrap();
        let (guesses, evaluations) = all_secrets(3, 15, false, || strategy.player());
        assert!((4.3..5.2).contains(&guesses), "tracker {code_tracker}: {guesses}");
        assert!(evaluations < 1296.0, "tracker {code_tracker}: {evaluations}");
    }
}

#[test]
fn same_seed_same_game() {
    let g = Game::CLASSIC;
    let secret = CodeSet::enumerate(g).unwrap()[777];
    let eda = EdaStrategy::new(g, EdaConfig::default()).unwrap();
    let evo = EvoStrategy::new(g, EvoConfig::default()).unwrap();
    let shc = ShcStrategy::new(g, ShcConfig::default()).unwrap();
    let strategies: [&dyn mastermind_core::Strategy; 3] = [&eda, &evo, &shc];
    for strategy in strategies {
        let play = || {
            let mut rng = rng_for(5, &[1]);
            let mut p = strategy.new_player();
            play_game(g, p.as_mut(), &mut TruthfulCodemaker::new(secret), 20, &mut rng)
        };
        let (a, b) = (play(), play());
        assert_eq!(a.history.turns(), b.history.turns());
        assert_eq!(a.counters, b.counters);
    }
}
