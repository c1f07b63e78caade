//! Building whole strategy trees: every 4x6 preset with the first guess mikemag uses, and the 5x8
//! Knuth and Most parts trees (first guess AABBC), for side-by-side timings with mikemag.
//!
//! `cargo bench -p mastermind-tree` (set `RAYON_NUM_THREADS=1` for one core).

use criterion::{Criterion, criterion_group, criterion_main};
use mastermind_core::Game;
use mastermind_tree::{Preset, build_tree};
use std::hint::black_box;

fn bench(c: &mut Criterion, game: Game, preset: Preset, first_guess: &str, name: &str) {
    let mut config = preset.config(game);
    config.first_guess = Some(first_guess.into());
    c.bench_function(name, |b| b.iter(|| black_box(build_tree(game, &config).unwrap())));
}

fn classic(c: &mut Criterion) {
    let game = Game::CLASSIC;
    bench(c, game, Preset::Knuth, "AABB", "4x6 knuth AABB");
    bench(c, game, Preset::Kooi, "AABC", "4x6 most-parts AABC");
    bench(c, game, Preset::Irving, "AABB", "4x6 expected-size AABB");
    bench(c, game, Preset::EntropyAll, "AABC", "4x6 entropy AABC");
    for preset in [Preset::WorstCaseConsistent, Preset::EntropyConsistent] {
        bench(c, game, preset, "AABC", &format!("4x6 {preset} AABC"));
    }
}

fn five_by_eight(c: &mut Criterion) {
    let game = Game::new(5, 8).unwrap();
    bench(c, game, Preset::Knuth, "AABBC", "5x8 knuth AABBC");
    bench(c, game, Preset::Kooi, "AABBC", "5x8 most-parts AABBC");
}

criterion_group!(four_by_six, classic);
criterion_group! {
    name = large;
    config = Criterion::default().sample_size(10);
    targets = five_by_eight
}
criterion_main!(four_by_six, large);
