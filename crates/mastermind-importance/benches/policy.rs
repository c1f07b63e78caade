//! Benchmarks of Case 1: one simulated game of the policy (the cost of a descent step is
//! `games_per_step` of these) and one importance-sampling evaluation of a Figure 4-sized sample.
//!
//! Run with `cargo bench -p mastermind-importance`.

use criterion::{Criterion, criterion_group, criterion_main};
use mastermind_core::{Game, rng_for};
use mastermind_importance::{
    ExpFamilyConfig, ExpFamilyStrategy, ImportanceSample, Theta, play_recorded, simulate,
};
use std::hint::black_box;

fn one_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("game 4x6");
    for (name, theta) in [
        ("random consistent", Theta::RANDOM_CONSISTENT),
        ("theta_0", Theta::THESIS_INITIAL),
        ("thesis fitted", Theta::THESIS_FITTED),
    ] {
        let s = ExpFamilyStrategy::new(Game::CLASSIC, &ExpFamilyConfig::new(theta)).unwrap();
        let mut i = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let mut rng = rng_for(1, &[i]);
                black_box(play_recorded(&s, &mut rng).1.guesses)
            })
        });
    }
    group.finish();
}

fn estimate(c: &mut Criterion) {
    let s = ExpFamilyStrategy::new(Game::CLASSIC, &ExpFamilyConfig::new(Theta::THESIS_INITIAL))
        .unwrap();
    let records = simulate(&s, 50_000, 2, &[]);
    let sample = ImportanceSample::new(s.model(), Theta::THESIS_INITIAL, &records).unwrap();
    let theta = Theta::new(-0.2, -0.1, 1.5, 9.0);
    c.bench_function("IS estimate and gradient, 50 000 games under theta_0", |b| {
        b.iter(|| black_box(sample.estimate(black_box(&theta))))
    });
}

criterion_group!(benches, one_game, estimate);
criterion_main!(benches);
