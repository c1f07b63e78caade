//! Measures the readings of the thesis's open choices (what a "step" and a "code searched" are,
//! how the cost is aggregated, how long the full-reply rule lasts, ...) against its Table 5,
//! section 4.3.8 (theta = 2) and the 20%-false game: mean game length and codes searched for each
//! reading.
//!
//! Run with
//! `cargo run --release -p mastermind-mcmc --example readings -- [games] [seed] [sizes] [p_false]
//! [filter] [pool]` (defaults: 10000 games, seed 1, sizes `6/4`, p_false 0, every reading, the
//! default reply pool, `any`; write sizes as colours/pegs, comma separated; `filter` keeps the
//! readings whose label contains it; pool `possible` leaves the impossible reply out of the false
//! replies' pool).

use mastermind_core::{Code, Codemaker, Game, LabRng, TruthfulCodemaker, play_game, rng_for};
use mastermind_mcmc::{
    BudgetEnd, CodesSearched, CostScale, FalseReplies, FullReplyScope, LyingCodemaker, MhConfig,
    MhStrategy, ReplyPool, RestartStages, StepCount, StuckRule, StuckTest,
};
use rand::RngExt;
use rayon::prelude::*;

fn uniform_code(game: Game, rng: &mut LabRng) -> Code {
    let colours: Vec<u8> = (0..game.pegs()).map(|_| rng.random_range(0..game.colours())).collect();
    Code::from_valid_colours(game, &colours)
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

fn run(label: &str, game: Game, config: MhConfig, lies: FalseReplies, games: u64, seed: u64) {
    let strategy = MhStrategy::new(config).expect("valid configuration");
    let rows: Vec<[f64; 7]> = (0..games)
        .into_par_iter()
        .map(|g| {
            let secret = uniform_code(game, &mut rng_for(seed, &[g, 0]));
            let mut player = strategy.player();
            let mut rng = rng_for(seed, &[g, 1]);
            let mut maker: Box<dyn Codemaker> = if lies.p > 0.0 {
                let liar = rng_for(seed, &[g, 2]);
                Box::new(LyingCodemaker::new(game, secret, lies, liar).expect("valid"))
            } else {
                Box::new(TruthfulCodemaker::new(secret))
            };
            let out = play_game(game, &mut player, maker.as_mut(), 500, &mut rng);
            let s = player.stats();
            [
                f64::from(out.guesses),
                out.counters.evaluations as f64,
                s.proposals as f64,
                s.accepted as f64,
                s.walks_exhausted as f64,
                f64::from(s.restarts),
                out.counters.score_calls as f64,
            ]
        })
        .collect();
    let col = |j: usize| rows.iter().map(|r| r[j]).collect::<Vec<f64>>();
    let (g, gsd) = mean_sd(&col(0));
    let (e, esd) = mean_sd(&col(1));
    let (p, _) = mean_sd(&col(2));
    let (a, _) = mean_sd(&col(3));
    let (x, _) = mean_sd(&col(4));
    let (r, _) = mean_sd(&col(5));
    let (sc, scsd) = mean_sd(&col(6));
    println!(
        "{game} {label:<40} length {g:.3} ({gsd:.3}) searched {e:.1} ({esd:.1}) proposals {p:.1} \
         accepted {a:.1} exhausted {x:.3} restarts {r:.3} score_calls {sc:.1} ({scsd:.1})"
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(10_000, |a| a.parse().expect("games"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("seed"));
    let sizes = args.next().unwrap_or_else(|| "6/4".into());
    let p_false: f64 = args.next().map_or(0.0, |a| a.parse().expect("p"));
    let filter = args.next().unwrap_or_default();
    let pool = match args.next().as_deref() {
        None => ReplyPool::default(),
        Some("possible") => ReplyPool::PossibleExceptWin,
        Some("any") => ReplyPool::AnyExceptWin,
        Some(other) => panic!("pool is `possible` or `any`, not {other:?}"),
    };
    let lies = FalseReplies { p: p_false, pool };
    let base = MhConfig::default();
    let accepted = MhConfig { budget_counts: StepCount::Accepted, ..base };
    let no_improvement = StuckRule { test: StuckTest::NoImprovement, ..base.stuck };
    let mean = MhConfig { cost_scale: CostScale::Mean, ..base };
    let variants = [
        ("proposals, searched=proposals", base),
        ("theta 1 (the cost halved at theta 2)", MhConfig { theta: 1.0, ..base }),
        ("theta 0.5", MhConfig { theta: 0.5, ..base }),
        ("theta 1.5", MhConfig { theta: 1.5, ..base }),
        ("proposals, cost mean over turns", mean),
        (
            "full-reply rule: latest reply only",
            MhConfig { full_reply_scope: FullReplyScope::Latest, ..base },
        ),
        (
            "latched, replays allowed",
            MhConfig { full_reply_scope: FullReplyScope::Latched, avoid_replays: false, ..base },
        ),
        (
            "latched, rule in restarts",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                full_reply_rule_in_restarts: true,
                ..base
            },
        ),
        (
            "latched, replays allowed, rule in restarts",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                avoid_replays: false,
                full_reply_rule_in_restarts: true,
                ..base
            },
        ),
        (
            "latched, restart stages full budget",
            MhConfig { restart_stages: RestartStages::FullBudget, ..base },
        ),
        (
            "latched, replays allowed, restart stages full budget",
            MhConfig { avoid_replays: false, restart_stages: RestartStages::FullBudget, ..base },
        ),
        (
            "latest, replays allowed",
            MhConfig { full_reply_scope: FullReplyScope::Latest, avoid_replays: false, ..base },
        ),
        (
            "latched, replays allowed, stuck NoImprovement",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                avoid_replays: false,
                stuck: StuckRule { test: StuckTest::NoImprovement, ..base.stuck },
                ..base
            },
        ),
        (
            "latched, stuck rule off",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                stuck: StuckRule { enabled: false, ..base.stuck },
                ..base
            },
        ),
        (
            "latched, replays allowed, stuck rule off",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                avoid_replays: false,
                stuck: StuckRule { enabled: false, ..base.stuck },
                ..base
            },
        ),
        (
            "latest, rule in restarts",
            MhConfig {
                full_reply_scope: FullReplyScope::Latest,
                full_reply_rule_in_restarts: true,
                ..base
            },
        ),
        (
            "latched, lowest at budget",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                at_budget_end: BudgetEnd::Lowest,
                ..base
            },
        ),
        (
            "latched, stuck NoImprovement",
            MhConfig {
                full_reply_scope: FullReplyScope::Latched,
                stuck: StuckRule { test: StuckTest::NoImprovement, ..base.stuck },
                ..base
            },
        ),
        ("accepted, cost mean over turns", MhConfig { budget_counts: StepCount::Accepted, ..mean }),
        (
            "proposals, searched=distinct",
            MhConfig { codes_searched: CodesSearched::Distinct, ..base },
        ),
        ("proposals, replays allowed", MhConfig { avoid_replays: false, ..base }),
        ("accepted, searched=proposals", accepted),
        (
            "accepted, searched=accepted",
            MhConfig { codes_searched: CodesSearched::Accepted, ..accepted },
        ),
        (
            "accepted, searched=distinct",
            MhConfig { codes_searched: CodesSearched::Distinct, ..accepted },
        ),
        ("accepted, stuck NoImprovement", MhConfig { stuck: no_improvement, ..accepted }),
        ("accepted, replays allowed", MhConfig { avoid_replays: false, ..accepted }),
        (
            "proposals, stuck rule off",
            MhConfig { stuck: StuckRule { enabled: false, ..base.stuck }, ..base },
        ),
        (
            "proposals, lowest state at budget",
            MhConfig { at_budget_end: BudgetEnd::Lowest, ..base },
        ),
    ];
    for size in sizes.split(',') {
        let (k, l) = size.split_once('/').expect("colours/pegs");
        let game = Game::new(l.parse().expect("pegs"), k.parse().expect("colours")).expect("size");
        for (label, config) in variants.iter().filter(|(label, _)| label.contains(&*filter)) {
            run(label, game, *config, lies, games, seed);
        }
    }
}
