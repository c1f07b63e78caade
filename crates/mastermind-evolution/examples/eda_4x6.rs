//! Measures EDA+f and EDA+f_l over all 1296 secrets of 4x6 (one run each, seed 2009): mean and
//! maximum guesses, mean evaluations, restarts. Paper (Table 3, mean of 10 run means): EDA+f_l 4.571,
//! EDA+f 4.616. Optional arguments: `min_probability`, `max_generations`, runs (default 1).

use mastermind_core::{CodeSet, Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_evolution::{EdaConfig, EdaFitness, EdaStrategy};

fn main() {
    let g = Game::CLASSIC;
    let secrets = CodeSet::enumerate(g).expect("4x6 enumerates");
    let arg = |i: usize| std::env::args().nth(i);
    let defaults = EdaConfig::default();
    let min_probability = arg(1).map_or(defaults.min_probability, |s| s.parse().expect("a number"));
    let max_generations =
        arg(2).map_or(defaults.max_generations, |s| s.parse().expect("an integer"));
    let runs: u64 = arg(3).map_or(1, |s| s.parse().expect("an integer"));
    println!("min_probability {min_probability}, max_generations {max_generations}, runs {runs}");
    for fitness in [EdaFitness::Distance, EdaFitness::LocalEntropy] {
        let config = EdaConfig { min_probability, max_generations, ..EdaConfig::new(fitness) };
        let strategy = EdaStrategy::new(g, config).expect("valid config");
        let (mut guesses, mut max, mut evaluations, mut restarts) = (0u64, 0u32, 0u64, 0u64);
        let games = secrets.iter().enumerate().flat_map(|s| (0..runs).map(move |r| (r, s)));
        for (run, (rank, secret)) in games {
            let mut player = strategy.player();
            let mut rng = rng_for(2009, &[rank as u64, run]);
            let out = play_game(g, &mut player, &mut TruthfulCodemaker::new(*secret), 30, &mut rng);
            assert!(out.solved());
            guesses += u64::from(out.guesses);
            max = max.max(out.guesses);
            evaluations += out.counters.evaluations;
            restarts += u64::from(player.restarts());
        }
        let n = (secrets.len() as u64 * runs) as f64;
        println!(
            "EDA {fitness:?}: n = {n}, mean guesses {:.3}, max {max}, mean evaluations {:.1}, restarts {restarts}",
            guesses as f64 / n,
            evaluations as f64 / n,
        );
    }
}
