//! Measures Evo++ with Table II defaults and N_cs = 30 on 4x8 over 500 random secrets (seed 2012):
//! mean moves and evaluations. Paper: 5.16 moves, 6412 evaluations (sd 3014) over 5000 secrets.
//! An optional argument sets the stagnation limit (generations without growth of the set).

use mastermind_core::{Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_evolution::palette::Palette;
use mastermind_evolution::{EvoConfig, EvoStrategy};

fn main() {
    let stagnation = std::env::args().nth(1).map_or(3, |s| s.parse().expect("an integer"));
    let g = Game::new(4, 8).expect("4x8");
    let config = EvoConfig { stagnation_generations: stagnation, ..EvoConfig::default() };
    let strategy = EvoStrategy::new(g, config).expect("valid config");
    let n = 500u64;
    let mut secrets = rng_for(2012, &[0]);
    let (mut moves, mut evaluations, mut sq, mut resets, mut max) = (0u64, 0u64, 0f64, 0u64, 0u32);
    for i in 0..n {
        let secret = Palette::full(g).random_code(&mut secrets);
        let mut player = strategy.player();
        let mut rng = rng_for(2012, &[1, i]);
        let out = play_game(g, &mut player, &mut TruthfulCodemaker::new(secret), 30, &mut rng);
        assert!(out.solved());
        moves += u64::from(out.guesses);
        max = max.max(out.guesses);
        evaluations += out.counters.evaluations;
        sq += (out.counters.evaluations as f64).powi(2);
        resets += u64::from(player.resets());
    }
    let mean = evaluations as f64 / n as f64;
    let sd = (sq / n as f64 - mean * mean).sqrt();
    println!(
        "Evo++ 4x8 (stagnation {stagnation}): n = {n}, mean moves {:.3}, max {max}, mean evaluations {mean:.0} (sd {sd:.0}), resets {resets}",
        moves as f64 / n as f64
    );
}
