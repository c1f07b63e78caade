//! Builds one strategy tree alternately on one thread and on two, and prints the minimum and
//! median wall time of each and their ratios.
//!
//! `cargo run --release -p mastermind-tree --example scaling -- 5x8 knuth [PAIRS]`
//!
//! Each pair builds on a one-thread pool, then on a two-thread pool, in one process, so that a
//! shared machine's drift between runs falls on both thread counts alike; separate processes, one
//! per thread count, measure the drift as much as the threads. The preset is one of
//! `Preset::ALL`'s names; the trees of the two pools are checked to be the same.

mod shared;

use mastermind_tree::build_tree;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: scaling PEGSxCOLOURS PRESET [PAIRS]";
    let (game, preset) = shared::game_and_preset(&args, usage)?;
    let config = preset.config(game);
    let pairs: usize = args.get(2).map(|r| r.parse()).transpose()?.unwrap_or(11).max(1);
    let pools = [1, 2].map(|threads| rayon::ThreadPoolBuilder::new().num_threads(threads).build());
    let [one, two] = pools;
    let (one, two) = (one?, two?);
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut trees = [None, None];
    for _ in 0..pairs {
        for (k, pool) in [&one, &two].into_iter().enumerate() {
            let start = Instant::now();
            let (tree, _) = pool.install(|| build_tree(game, &config))?;
            times[k].push(start.elapsed());
            trees[k] = Some(tree);
        }
    }
    if trees[0] != trees[1] {
        return Err("the trees of one and two threads differ".into());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let [(one_min, one_median), (two_min, two_median)] = times.map(|mut runs| {
        runs.sort();
        (ms(runs[0]), ms(runs[runs.len() / 2]))
    });
    println!(
        "{game} {preset} one_thread_ms={one_min:.3}/{one_median:.3} two_threads_ms={two_min:.3}/{two_median:.3} ratio={:.2}x/{:.2}x pairs={pairs}",
        one_min / two_min,
        one_median / two_median,
    );
    Ok(())
}
