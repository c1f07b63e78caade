//! Builds one piece of a tree (the subtree after one reply to the first guess) and prints its
//! secrets, total, nodes scored and wall time: a large game's work, a piece at a time, for a
//! profiler or a timing.
//!
//! `cargo run --release -p mastermind-tree --example piece -- 8x8 knuth AABBCCDD 19`
//!
//! Without the piece's index, it lists the pieces (reply and secrets), largest first.

mod shared;

use mastermind_tree::pieces::PiecePlan;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: piece PEGSxCOLOURS PRESET FIRST_GUESS|- [PIECE]";
    let (game, preset) = shared::game_and_preset(&args, usage)?;
    let mut config = preset.config(game);
    if let Some(first) = args.get(2).filter(|a| a.as_str() != "-") {
        config.first_guess = Some(first.clone());
    }
    let plan = PiecePlan::new(game, &config)?;
    let Some(index) = args.get(3) else {
        let mut parts: Vec<(usize, _)> = plan.parts().iter().copied().enumerate().collect();
        parts.sort_by_key(|(i, part)| (std::cmp::Reverse(part.secrets), *i));
        for (i, part) in parts {
            println!("{i} {} {}", part.reply, part.secrets);
        }
        return Ok(());
    };
    let index: usize = index.parse()?;
    let start = Instant::now();
    let (node, stats) = plan.build(index, None)?;
    let seconds = start.elapsed().as_secs_f64();
    let part = plan.parts()[index];
    println!(
        "{game} {preset} first={} piece={index} reply={} secrets={} nodes_scored={} candidates={} scores={} wall_s={seconds:.3}",
        plan.first_guess(),
        part.reply,
        node.secrets,
        stats.nodes,
        stats.candidates_scored,
        stats.scores,
    );
    Ok(())
}
