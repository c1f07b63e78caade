//! Benchmark of one Metropolis-Hastings step (propose, incremental cost, accept or reject).
//!
//! Run with `cargo bench -p mastermind-mcmc`. Each iteration is one step of a walk over a
//! mid-game history (the replies of a real game against a random secret), at 6/4 and 10/10,
//! counted by an oracle as in a game.

// Histories are built and counts checked with the raw scorers that the crate's clippy.toml
// refuses to its players.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mastermind_core::{Code, Counters, Game, History, Oracle, rng_for, score};
use mastermind_mcmc::{Kernel, Walker};

/// `turns` random guesses with their true replies against a random secret, and a random state.
fn history(game: Game, turns: usize) -> (History, Code) {
    let mut rng = rng_for(17, &[u64::from(game.pegs()), u64::from(game.colours())]);
    let secret = Code::random(game, &mut rng);
    let mut history = History::new(game);
    for _ in 0..turns {
        let guess = Code::random(game, &mut rng);
        history.push(guess, score(&secret, &guess));
    }
    (history, Code::random(game, &mut rng))
}

fn mh_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("mh_step");
    // 6/4 mid-game (3 turns fed) and 10/10 mid-game (8 turns fed), theta = 2.
    for (pegs, colours, turns) in [(4, 6, 3), (4, 6, 6), (10, 10, 8)] {
        let game = Game::new(pegs, colours).unwrap();
        let kernel = Kernel::new(0.5, 0.0);
        let (history, start) = history(game, turns);
        let mut counters = Counters::default();
        let oracle = &mut Oracle::new(&history, &mut counters);
        let mut w = Walker::new(game, &start, 2.0);
        for t in history.turns() {
            w.push_turn(t, oracle);
        }
        let mut rng = rng_for(3, &[]);
        let id = BenchmarkId::new(format!("{colours}/{pegs}"), format!("{turns} turns"));
        group.bench_function(id, |b| b.iter(|| w.step(&kernel, oracle, &mut rng)));
    }
    group.finish();
}

criterion_group!(benches, mh_step);
criterion_main!(benches);
