//! Criterion benchmarks of the exact search: 4x4 and classic 4x6, without and with a depth limit.

use criterion::{Criterion, criterion_group, criterion_main};
use mastermind_core::Game;
use mastermind_optimal::{SolveOptions, solve};
use std::hint::black_box;

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("optimal");
    group.sample_size(20);
    for (name, pegs, colours, max_depth) in
        [("4x4", 4, 4, None), ("4x6", 4, 6, None), ("4x6 depth 5", 4, 6, Some(5))]
    {
        let game = Game::new(pegs, colours).unwrap();
        let options = SolveOptions { max_depth, ..SolveOptions::default() };
        group.bench_function(name, |b| b.iter(|| solve(black_box(game), &options).unwrap().total));
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
