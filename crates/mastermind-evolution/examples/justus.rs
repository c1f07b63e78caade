//! Measures Justus's GA on 10x4 with the defaults (k = 2) and with k = 6, 200 runs each (seed 4750).
//! Paper: about 17 generations and 425 unique guesses at k = 6 (1000 runs).

use mastermind_core::{Game, rng_for};
use mastermind_evolution::palette::Palette;
use mastermind_evolution::{JustusConfig, JustusStrategy};

fn main() {
    let g = Game::new(10, 4).expect("10x4");
    for k in [2, 6] {
        let config = JustusConfig { tournament_size: k, ..JustusConfig::default() };
        let strategy = JustusStrategy::new(g, config).expect("valid config");
        let n = 200u64;
        let (mut generations, mut unique, mut capped) = (0u64, 0u64, 0u32);
        for i in 0..n {
            let mut rng = rng_for(4750, &[u64::from(k), i]);
            let secret = Palette::full(g).random_code(&mut rng);
            let run = strategy.run(&secret, &mut rng);
            generations += u64::from(run.generations);
            unique += run.unique_evaluated;
            capped += u32::from(run.capped);
        }
        println!(
            "Justus k = {k}: n = {n}, mean generations {:.1}, mean unique evaluated {:.1}, capped {capped}",
            generations as f64 / n as f64,
            unique as f64 / n as f64
        );
    }
}
