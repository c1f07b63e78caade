//! Builds one strategy tree and prints its total, maximum, node count, nodes scored and wall time.
//!
//! `cargo run --release -p mastermind-tree --example build -- 5x8 knuth [FIRST_GUESS|-] [REPEATS]`
//!
//! The preset is one of `Preset::ALL`'s names; a first guess replaces the preset's (`-` keeps
//! it). With several repeats the minimum and median wall times are printed.

mod shared;

use mastermind_tree::build_tree;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: build PEGSxCOLOURS PRESET [FIRST_GUESS|-] [REPEATS] [verify]";
    let (game, preset) = shared::game_and_preset(&args, usage)?;
    let mut config = preset.config(game);
    if let Some(first) = args.get(2).filter(|a| a.as_str() != "-") {
        config.first_guess = Some(first.clone());
    }
    let repeats: usize = args.get(3).map(|r| r.parse()).transpose()?.unwrap_or(1);
    let mut times = Vec::new();
    let mut built = None;
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        let result = build_tree(game, &config)?;
        times.push(start.elapsed());
        built = Some(result);
    }
    let (tree, stats) = built.expect("at least one build");
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{game} {preset} first={} total={} max={} mean={:.4} nodes={} scored_nodes={} candidates={} pruned={} scores={} min_ms={:.3} median_ms={:.3} runs={}",
        tree.root().guess,
        tree.total_guesses(),
        tree.max_guesses(),
        tree.mean_guesses(),
        tree.node_count(),
        stats.nodes,
        stats.candidates_scored,
        stats.candidates_pruned,
        stats.scores,
        ms(times[0]),
        ms(times[times.len() / 2]),
        times.len(),
    );
    if args.get(4).is_some_and(|a| a == "verify") {
        let start = Instant::now();
        tree.verify()?;
        println!("verified in {:.3} ms", ms(start.elapsed()));
    }
    Ok(())
}
