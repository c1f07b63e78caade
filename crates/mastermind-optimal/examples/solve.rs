//! Solves one game exactly and prints the optimum: `cargo run --release -p mastermind-optimal
//! --example solve -- 4x6 [max_depth|-] [seconds]`. With `seconds`, the search is stopped after
//! that long and prints its best tree and the proved bound. `RULES_OFF=memo,ordering` switches
//! pruning rules off (to measure what each one saves); `CONSISTENT_ONLY=1` limits the guesses to
//! the possible codes; `PARALLEL=1` searches on every thread of the rayon pool. A size ending in `n` (`4x10n`, Bulls and Cows) forbids repeated colours.

use mastermind_core::Game;
use mastermind_optimal::{SolveOptions, solve};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let size = args.next().unwrap_or_else(|| "4x6".into());
    let (pegs, colours) = size.split_once('x').ok_or("the game is written PEGSxCOLOURS")?;
    let (colours, repeats) = match colours.strip_suffix('n') {
        Some(colours) => (colours, false),
        None => (colours, true),
    };
    let game = Game::with_rule(pegs.parse()?, colours.parse()?, repeats)?;
    let max_depth = match args.next().as_deref() {
        None | Some("-") => None,
        Some(depth) => Some(depth.parse()?),
    };
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(seconds) = args.next() {
        let seconds: f64 = seconds.parse()?;
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs_f64(seconds));
            flag.store(true, Ordering::Relaxed);
        });
    }
    let mut rules = mastermind_optimal::Rules::default();
    for rule in std::env::var("RULES_OFF").unwrap_or_default().split(',').filter(|r| !r.is_empty())
    {
        match rule {
            "size_bound" => rules.size_bound = false,
            "symmetry" => rules.symmetry = false,
            "absent_colours" => rules.absent_colours = false,
            "memo" => rules.memo = false,
            "canonical_memo" => rules.canonical_memo = false,
            "heuristic_upper_bound" => rules.heuristic_upper_bound = false,
            "consistent_upper_bound" => rules.consistent_upper_bound = false,
            "ordering" => rules.ordering = false,
            "small_nodes" => rules.small_nodes = false,
            other => return Err(format!("no rule is called {other:?}").into()),
        }
    }
    let options = SolveOptions {
        max_depth,
        rules,
        consistent_only: std::env::var("CONSISTENT_ONLY").is_ok_and(|v| v == "1"),
        possible_before_last_reply: false,
        parallel: std::env::var("PARALLEL").is_ok_and(|v| v == "1"),
        stop: Some(stop),
        progress: Some(Arc::new(|p: &mastermind_optimal::Progress| {
            eprintln!(
                "  {:>12} nodes, bounds {}..{}, {:.1} s",
                p.nodes,
                p.lower_bound,
                p.upper_bound,
                p.elapsed.as_secs_f64()
            )
        })),
    };
    let solution = solve(game, &options)?;
    let tree = &solution.tree;
    let secrets = game.size().unwrap_or(0);
    println!("game          {game}");
    println!("max depth     {}", max_depth.map_or("none".into(), |d: u32| d.to_string()));
    println!("total         {}", solution.total);
    println!("mean          {:.4}", solution.total as f64 / secrets as f64);
    println!("max guesses   {}", tree.max_guesses());
    println!("distribution  {:?}", &tree.guess_distribution()[1..]);
    println!("first guess   {}", tree.root().guess);
    println!("proved        {} (lower bound {})", solution.proved, solution.lower_bound);
    println!("heuristic     {:?}", solution.heuristic_total);
    println!("nodes         {}", solution.nodes_searched);
    println!("memo          {} hits, {} entries", solution.memo_hits, solution.memo_entries);
    println!("wall time     {:.3} s", solution.elapsed.as_secs_f64());
    Ok(())
}
