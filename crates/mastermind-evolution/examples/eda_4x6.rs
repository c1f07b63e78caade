//! Measures EDA+f and EDA+f_l over all 1296 secrets of 4x6 (one run each, seed 2009): mean and
//! maximum guesses, mean evaluations, restarts. Paper (Table 3, mean of 10 run means): EDA+f_l 4.571,
//! EDA+f 4.616.

use mastermind_core::{CodeSet, Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_evolution::{EdaConfig, EdaFitness, EdaStrategy};

fn main() {
    let g = Game::CLASSIC;
    let secrets = CodeSet::enumerate(g).expect("4x6 enumerates");
    for fitness in [EdaFitness::Distance, EdaFitness::LocalEntropy] {
        let strategy = EdaStrategy::new(g, EdaConfig::new(fitness)).expect("valid config");
        let (mut guesses, mut max, mut evaluations, mut restarts) = (0u64, 0u32, 0u64, 0u64);
        for (rank, secret) in secrets.iter().enumerate() {
            let mut player = strategy.player();
            let mut rng = rng_for(2009, &[rank as u64]);
            let out = play_game(g, &mut player, &mut TruthfulCodemaker::new(*secret), 30, &mut rng);
            assert!(out.solved());
            guesses += u64::from(out.guesses);
            max = max.max(out.guesses);
            evaluations += out.counters.evaluations;
            restarts += u64::from(player.restarts());
        }
        let n = secrets.len() as f64;
        println!(
            "EDA {fitness:?}: n = {}, mean guesses {:.3}, max {max}, mean evaluations {:.1}, restarts {restarts}",
            secrets.len(),
            guesses as f64 / n,
            evaluations as f64 / n,
        );
    }
}
