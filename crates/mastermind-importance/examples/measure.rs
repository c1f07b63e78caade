//! Measures Snyder's Case 1 on 4 pegs x 6 colours: Table 1, random consistent play, theta_0, the
//! thesis's fitted theta, a short sequential descent and a small Figure 4 run.
//!
//! `cargo run --release -p mastermind-importance --example measure -- [steps] [seed]`
//! (default 300 steps of 1000 games, seed 2024).

use mastermind_core::{Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_importance::{
    ExpFamilyConfig, ExpFamilyStrategy, FixedSampleConfig, Theta, TrainingConfig,
    first_guess_table, fixed_sample_descent, train,
};
use rand::RngExt;
use rayon::prelude::*;

/// Plays `n` games through the driver and prints mean/sd/max guesses, evaluations, score calls.
fn measure(label: &str, strategy: &ExpFamilyStrategy, n: u64, seed: u64) -> f64 {
    let game = strategy.game();
    let rows: Vec<(u32, u64, u64, bool)> = (0..n)
        .into_par_iter()
        .map(|i| {
            let mut rng = rng_for(seed, &[i]);
            let secret = strategy.codes()[rng.random_range(0..strategy.codes().len())];
            let mut player = strategy.player();
            let out = play_game(
                game,
                &mut player,
                &mut TruthfulCodemaker::new(secret),
                u32::MAX,
                &mut rng,
            );
            (out.guesses, out.counters.evaluations, out.counters.score_calls, out.solved())
        })
        .collect();
    let nf = n as f64;
    let mean = rows.iter().map(|r| f64::from(r.0)).sum::<f64>() / nf;
    let sd =
        (rows.iter().map(|r| (f64::from(r.0) - mean).powi(2)).sum::<f64>() / (nf - 1.0)).sqrt();
    let max = rows.iter().map(|r| r.0).max().unwrap_or(0);
    let evals = rows.iter().map(|r| r.1 as f64).sum::<f64>() / nf;
    let calls = rows.iter().map(|r| r.2 as f64).sum::<f64>() / nf;
    let unsolved = rows.iter().filter(|r| !r.3).count();
    println!(
        "{label:<34} n={n:<6} seed={seed:<5} mean {mean:.4} sd {sd:.4} max {max:<3} \
         evaluations {evals:.1} score_calls {calls:.1} unsolved {unsolved}"
    );
    mean
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let steps: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2024);
    let game = Game::CLASSIC;

    println!("Table 1 (thesis: 0.1429541 0.1452082 0.1578206 0.1820595 0.3950462)");
    for row in first_guess_table(game).expect("4x6 enumerates") {
        println!(
            "  {:<8} {} {:>4} codes  {:.7}",
            row.pattern.to_string(),
            row.representative,
            row.codes,
            row.expected_share
        );
    }

    let strategy =
        |theta| ExpFamilyStrategy::new(game, &ExpFamilyConfig::new(theta)).expect("valid");
    println!(
        "\nPlay (thesis: random consistent 4.648 sd 0.882; theta_0 12.571 sd 9.25; fitted 4.6066 sd 0.8767)"
    );
    measure(
        "random consistent (theta_4 = 1000)",
        &strategy(Theta::RANDOM_CONSISTENT),
        20_000,
        seed,
    );
    measure("theta_0 = (0, 0, 0, 5)", &strategy(Theta::THESIS_INITIAL), 1000, seed);
    measure("theta_0 = (0, 0, 0, 5)", &strategy(Theta::THESIS_INITIAL), 20_000, seed + 1);
    measure("thesis fitted theta", &strategy(Theta::THESIS_FITTED), 20_000, seed);

    println!("\nSequential descent: {steps} steps x 1000 games from (0, 0, 0, 5), step size 1");
    let config = TrainingConfig { steps, ..TrainingConfig::THESIS };
    let every = (steps / 10).max(1);
    let run = train(game, &config, seed, &mut |r| {
        if r.step % every == 0 {
            let t = r.theta;
            println!(
                "  step {:>5} theta ({:>7.3}, {:>7.3}, {:>7.3}, {:>7.3}) mean length {:.3} gradient ({:.3}, {:.3}, {:.3}, {:.3})",
                r.step, t.one_colour, t.two_colours, t.three_colours, t.consistent,
                r.estimate.mean_length, r.estimate.gradient[0], r.estimate.gradient[1],
                r.estimate.gradient[2], r.estimate.gradient[3]
            );
        }
    })
    .expect("training runs");
    let t = run.final_theta;
    println!(
        "  final theta ({:.3}, {:.3}, {:.3}, {:.3}) (thesis after 25 000 steps: (-0.488, -1.458, 5.944, 82.371))",
        t.one_colour, t.two_colours, t.three_colours, t.consistent
    );
    measure("fitted here", &strategy(t), 20_000, seed + 2);

    println!(
        "\nFigure 4 (small): fixed sample of 10 000 games under theta_0, 2000 steps, 5 checkpoints x 5000 games"
    );
    let fixed = FixedSampleConfig {
        sample_games: 10_000,
        steps: 2000,
        checkpoint_games: 5000,
        ..FixedSampleConfig::THESIS
    };
    let run = fixed_sample_descent(game, &fixed, seed, &mut |_| {}).expect("runs");
    println!("  sample mean {:.3} sd {:.3}", run.sample.mean, run.sample.sd);
    for c in &run.checkpoints {
        let t = c.theta;
        println!(
            "  step {:>5} theta ({:.3}, {:.3}, {:.3}, {:.3}) IS estimate {:.3} (ess {:.0}) simulated {:.3} (sd {:.3})",
            c.step,
            t.one_colour,
            t.two_colours,
            t.three_colours,
            t.consistent,
            c.estimate.mean_length,
            c.estimate.effective_sample_size,
            c.simulated.mean,
            c.simulated.sd
        );
    }
}
