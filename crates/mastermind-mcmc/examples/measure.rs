//! Measures the M-H player: mean game length and codes searched at theta = 2 on sizes of the
//! thesis's Table 5, and the 20%-false game, with variants of the choices the thesis leaves open.
//!
//! Run with `cargo run --release -p mastermind-mcmc --example measure -- [games] [seed]`
//! (defaults: 2000 games, seed 1). Every game's RNG streams are derived from (seed, arm, game), so
//! results do not depend on the number of threads.

use mastermind_core::{
    Code, Codemaker, Game, GameOutcome, LabRng, TruthfulCodemaker, play_game, rng_for,
};
use mastermind_mcmc::{
    Budget, BudgetEnd, FalseReplies, LyingCodemaker, MhConfig, MhStrategy, ScriptedCodemaker,
    StuckRule, StuckTest, table7_scripts,
};
use rand::RngExt;
use rayon::prelude::*;

fn uniform_code(game: Game, rng: &mut LabRng) -> Code {
    let colours: Vec<u8> = (0..game.pegs()).map(|_| rng.random_range(0..game.colours())).collect();
    Code::from_valid_colours(game, &colours)
}

struct Row {
    guesses: f64,
    solved: bool,
    evaluations: f64,
    restarts: f64,
    replays: f64,
}

fn mean_sd(xs: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = xs.clone().count() as f64;
    let mean = xs.clone().sum::<f64>() / n;
    let var = xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

/// Plays `games` games of `game` with `config`, lying with probability `p_false`. Games of one
/// `arm` share secrets and random streams, so variants run on one arm are compared on common
/// random numbers.
fn run(label: &str, arm: u64, game: Game, config: MhConfig, p_false: f64, games: u64, seed: u64) {
    let strategy = MhStrategy::new(config).expect("valid configuration");
    let rows: Vec<Row> = (0..games)
        .into_par_iter()
        .map(|g| {
            let secret = uniform_code(game, &mut rng_for(seed, &[arm, g, 0]));
            let mut player = strategy.player();
            let mut rng = rng_for(seed, &[arm, g, 1]);
            let mut maker: Box<dyn Codemaker> = if p_false > 0.0 {
                let liar_rng = rng_for(seed, &[arm, g, 2]);
                Box::new(
                    LyingCodemaker::new(game, secret, FalseReplies::with_p(p_false), liar_rng)
                        .expect("valid"),
                )
            } else {
                Box::new(TruthfulCodemaker::new(secret))
            };
            let out: GameOutcome = play_game(game, &mut player, maker.as_mut(), 500, &mut rng);
            Row {
                guesses: f64::from(out.guesses),
                solved: out.solved(),
                evaluations: out.counters.evaluations as f64,
                restarts: f64::from(player.stats().restarts),
                replays: f64::from(player.stats().replays_avoided),
            }
        })
        .collect();
    let (g, gsd) = mean_sd(rows.iter().map(|r| r.guesses));
    let (e, esd) = mean_sd(rows.iter().map(|r| r.evaluations));
    let max = rows.iter().map(|r| r.guesses).fold(0.0, f64::max);
    let unsolved = rows.iter().filter(|r| !r.solved).count();
    let restarts = rows.iter().map(|r| r.restarts).sum::<f64>() / rows.len() as f64;
    let replays = rows.iter().map(|r| r.replays).sum::<f64>() / rows.len() as f64;
    println!(
        "{label:<44} n={games} length {g:.3} (sd {gsd:.3}, max {max}) codes searched {e:.1} \
         (sd {esd:.1}) restarts/game {restarts:.3} replays avoided/game {replays:.3} \
         unsolved {unsolved}"
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(2000, |a| a.parse().expect("games"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("seed"));
    let base = MhConfig::default();
    let size = |k: u32, l: u32| Game::new(l, k).expect("valid size");
    println!("Table 5 / Figure 10 (theta = 2, thesis defaults and our replay avoidance):");
    for (arm, (k, l)) in [(5, 3), (6, 4), (7, 5), (8, 6)].into_iter().enumerate() {
        run(&format!("{k}/{l}"), arm as u64, size(k, l), base, 0.0, games, seed);
    }
    println!("Table 4, run until a candidate each turn (theta = 1, cap 10^6 steps):");
    let until = MhConfig { theta: 1.0, budget: Budget::UntilCandidate { cap: 1_000_000 }, ..base };
    for (arm, (k, l)) in [(5, 3), (6, 4), (7, 5)].into_iter().enumerate() {
        run(
            &format!("{k}/{l} until candidate"),
            30 + arm as u64,
            size(k, l),
            until,
            0.0,
            games,
            seed,
        );
    }
    println!("Open choices at 6/4, theta = 2 (same secrets and streams as the 6/4 row):");
    let variants = [
        ("replays allowed (thesis)", MhConfig { avoid_replays: false, ..base }),
        (
            "stuck test NoImprovement",
            MhConfig { stuck: StuckRule { test: StuckTest::NoImprovement, ..base.stuck }, ..base },
        ),
        ("stuck rule off", MhConfig { stuck: StuckRule { enabled: false, ..base.stuck }, ..base }),
        ("play lowest-cost state at budget", MhConfig { at_budget_end: BudgetEnd::Lowest, ..base }),
        ("theta = 5", MhConfig { theta: 5.0, ..base }),
        ("theta = 5, subset permutation 0.1", MhConfig { theta: 5.0, p_subset: 0.1, ..base }),
    ];
    for (label, config) in variants {
        run(label, 1, size(6, 4), config, 0.0, games, seed);
    }
    println!("Case 3, 20%-false 6/4 game (cap 500 guesses):");
    run("20%-false, defaults", 20, size(6, 4), base, 0.2, games, seed);
    let thesis_like = MhConfig { avoid_replays: false, ..base };
    run("20%-false, replays allowed", 20, size(6, 4), thesis_like, 0.2, games, seed);
    let no_improvement =
        MhConfig { stuck: StuckRule { test: StuckTest::NoImprovement, ..base.stuck }, ..base };
    run("20%-false, stuck test NoImprovement", 20, size(6, 4), no_improvement, 0.2, games, seed);
    table7(seed);
}

/// Table 7: the six scripted games (scripts from `seed`), 1000 simulations, 10-turn cap scoring 11.
fn table7(seed: u64) {
    let scripts = table7_scripts(seed);
    let strategy = MhStrategy::new(MhConfig::default()).expect("valid");
    let game = Game::CLASSIC;
    // Per simulation: (standard games won, mean turns of standard games, same for 20%-false).
    let units: Vec<[f64; 4]> = (0..1000u64)
        .into_par_iter()
        .map(|sim| {
            let mut unit = [0.0; 4];
            for (i, script) in scripts.iter().enumerate() {
                let mut maker = ScriptedCodemaker::new(script.clone());
                let mut rng = rng_for(seed, &[40, sim, i as u64]);
                let out = play_game(game, &mut strategy.player(), &mut maker, 10, &mut rng);
                let half = if i < 3 { 0 } else { 2 };
                unit[half] += f64::from(u8::from(out.solved()));
                unit[half + 1] += if out.solved() { f64::from(out.guesses) } else { 11.0 } / 3.0;
            }
            unit
        })
        .collect();
    let col = |j: usize| mean_sd(units.iter().map(move |u| u[j]));
    let [(w, wsd), (t, tsd), (fw, fwsd), (ft, ftsd)] = [col(0), col(1), col(2), col(3)];
    println!(
        "Table 7 (scripts from seed {seed}, lies at turns {:?}): standard won {w:.2} ({wsd:.3}) \
         turns {t:.2} ({tsd:.3}); 20%-false won {fw:.2} ({fwsd:.3}) turns {ft:.2} ({ftsd:.3}) \
         [sd over 1000 six-game units]",
        scripts.iter().map(|s| s.lie_turns()).collect::<Vec<_>>()
    );
}
