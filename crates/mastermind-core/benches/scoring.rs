//! Benchmarks of the scoring core: codes made from colours, single scores, batch scores and
//! partition counting.
//!
//! Run with `cargo bench -p mastermind-core`. Reported per element: divide the time per iteration
//! by the batch size (criterion prints throughput in elements per second).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mastermind_core::score::{count_partition, count_partition_in, score_indices};
use mastermind_core::{Code, Game, PackedCodes, rng_for, score};
use std::hint::black_box;

const BATCH: usize = 4096;

fn random_codes(game: Game, n: usize) -> Vec<Code> {
    let mut rng = rng_for(42, &[u64::from(game.pegs()), u64::from(game.colours())]);
    (0..n).map(|_| Code::random(game, &mut rng)).collect()
}

fn sizes() -> [Game; 3] {
    [Game::new(4, 6).unwrap(), Game::new(6, 9).unwrap(), Game::new(10, 10).unwrap()]
}

/// Codes made from their colours, as the players that draw, mutate or walk codes make them.
fn codes_from_colours(c: &mut Criterion) {
    let mut group = c.benchmark_group("from_colours");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let pegs = usize::from(game.pegs());
        let colours: Vec<u8> =
            random_codes(game, BATCH).iter().flat_map(|code| code.colours()).collect();
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| {
                for code in colours.chunks_exact(pegs) {
                    black_box(Code::from_valid_colours(game, black_box(code)));
                }
            })
        });
    }
    group.finish();
}

/// Uniformly random codes, as random play, Rosu's draws and the walks' restarts draw them.
fn random_codes_drawn(c: &mut Criterion) {
    let mut group = c.benchmark_group("random");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let mut rng = mastermind_core::rng_for(3, &[]);
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| {
                for _ in 0..BATCH {
                    black_box(Code::random(game, &mut rng));
                }
            })
        });
    }
    group.finish();
}

fn single_scores(c: &mut Criterion) {
    let mut group = c.benchmark_group("score");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let a = random_codes(game, BATCH);
        let b = random_codes(game, BATCH + 1);
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| {
                let mut acc = 0u32;
                for (x, y) in a.iter().zip(&b[1..]) {
                    let f = score(black_box(x), black_box(y));
                    acc += u32::from(f.black) + u32::from(f.white);
                }
                acc
            })
        });
    }
    group.finish();
}

fn batch_scores(c: &mut Criterion) {
    let mut group = c.benchmark_group("score_indices");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let codes = random_codes(game, BATCH);
        let guess = codes[7];
        let mut out = vec![0u8; BATCH];
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| score_indices(black_box(&guess), black_box(&codes), &mut out))
        });
    }
    group.finish();
}

fn partitions(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_partition");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let codes = random_codes(game, BATCH);
        let guess = codes[7];
        let mut counts = vec![0u32; game.feedback_count()];
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| {
                counts.fill(0);
                count_partition(black_box(&guess), black_box(&codes), &mut counts);
                counts[0]
            })
        });
    }
    group.finish();
}

fn partitions_dispatched(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_partition_in");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes() {
        let codes = random_codes(game, BATCH);
        let guess = codes[7];
        let mut counts = vec![0u32; game.feedback_count()];
        group.bench_with_input(BenchmarkId::from_parameter(game), &game, |bench, _| {
            bench.iter(|| {
                counts.fill(0);
                count_partition_in(game, black_box(&guess), black_box(&codes), &mut counts);
                counts[0]
            })
        });
    }
    group.finish();
}

fn packed(c: &mut Criterion) {
    let mut group = c.benchmark_group("packed");
    group.throughput(Throughput::Elements(BATCH as u64));
    for game in sizes().into_iter().filter(|g| PackedCodes::fits(*g)) {
        let codes = random_codes(game, BATCH);
        let packed = PackedCodes::new(game, &codes).expect("narrow game");
        let guess = codes[7];
        let mut out = vec![0u8; BATCH];
        group.bench_with_input(BenchmarkId::new("score_indices", game), &game, |bench, _| {
            bench.iter(|| packed.score_indices(black_box(&guess), &mut out))
        });
        let mut counts = vec![0u32; game.feedback_count()];
        group.bench_with_input(BenchmarkId::new("count_partition", game), &game, |bench, _| {
            bench.iter(|| {
                counts.fill(0);
                packed.count_partition(black_box(&guess), &mut counts);
                counts[0]
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    codes_from_colours,
    random_codes_drawn,
    single_scores,
    batch_scores,
    partitions,
    partitions_dispatched,
    packed
);
criterion_main!(benches);
