//! Measures the hill-climber with and without the code tracker: every secret of 4x6, 2000 random
//! secrets of 5x8 and 6x8 (seed 2003). Slides: with tracker 4.64 / 5.834 / 6.289 guesses and
//! 41.2 / 480.1 / 2759 codes evaluated; without tracker 76.3 / 835 / 2800 codes evaluated.

use mastermind_core::{Code, CodeSet, Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_evolution::palette::Palette;
use mastermind_evolution::{ShcConfig, ShcStrategy};

fn main() {
    for (pegs, colours) in [(4, 6), (5, 8), (6, 8)] {
        let g = Game::new(pegs, colours).expect("game");
        let secrets: Vec<Code> = if pegs == 4 {
            CodeSet::enumerate(g).expect("4x6").to_vec()
        } else {
            let mut rng = rng_for(2003, &[u64::from(pegs)]);
            (0..2000).map(|_| Palette::full(g).random_code(&mut rng)).collect()
        };
        for code_tracker in [true, false] {
            let config = ShcConfig { code_tracker, ..ShcConfig::default() };
            let strategy = ShcStrategy::new(g, config).expect("valid config");
            let (mut guesses, mut evaluations, mut max) = (0u64, 0u64, 0u32);
            for (i, secret) in secrets.iter().enumerate() {
                let mut player = strategy.player();
                let mut rng = rng_for(2003, &[u64::from(pegs), i as u64]);
                let out =
                    play_game(g, &mut player, &mut TruthfulCodemaker::new(*secret), 40, &mut rng);
                assert!(out.solved());
                guesses += u64::from(out.guesses);
                max = max.max(out.guesses);
                evaluations += out.counters.evaluations;
            }
            let n = secrets.len() as f64;
            println!(
                "SHC {g} tracker {code_tracker}: n = {}, mean guesses {:.3}, max {max}, mean evaluations {:.1}",
                secrets.len(),
                guesses as f64 / n,
                evaluations as f64 / n
            );
        }
    }
}
