//! `mastermind tree`: build a deterministic player's strategy tree, export it, or check a saved one.

use crate::cli::GameArg;
use crate::progress;
use crate::stop::{Reason, StopOn};
use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use mastermind_core::Game;
use mastermind_players::families::optimal;
use mastermind_players::families::optimal::units::Shard;
use mastermind_players::families::tree::{
    BYTES_PER_CODE, Preset, StrategyTree, export, memory_estimate,
};
use mastermind_players::{
    BuildHooks, BuiltTree, OPTIMAL, OptimalSpec, PlayerSpec, TreeRecipe, TreeSpec,
};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `tree`.
#[derive(Debug, Clone, Args)]
#[command(after_help = tree_help())]
#[command(group = clap::ArgGroup::new("stored").args(["units", "pieces"]))]
pub struct TreeArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// The deterministic player (a preset below, or optimal).
    #[arg(long, short, default_value = "knuth", value_parser = crate::players::tree_player_parser(), hide_possible_values = true)]
    pub player: String,
    /// A player with a tree, as a spec (and `solve --config`) writes it, e.g. 'OnePly((heuristic:
    /// MostParts, pool: AllPreferConsistent, ties: First))' or 'Tree(Optimal((max_depth:
    /// Some(6))))'. Replaces --player.
    #[arg(long, value_name = "RON", conflicts_with = "player")]
    pub config: Option<String>,
    /// The first guess of a one-ply player.
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
    /// With --player optimal: at most this many guesses for every secret.
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,
    /// With --player optimal: guess only codes that could still be the secret (the optimum of
    /// consistent play).
    #[arg(long)]
    pub consistent_only: bool,
    /// With --player optimal: the worst-case optimum, the smallest maximum number of guesses any
    /// strategy keeps and the fewest total guesses within it.
    #[arg(long, conflicts_with_all = ["max_depth", "units"])]
    pub worst_case: bool,
    /// With --consistent-only: a guess need only have been possible before the latest reply
    /// (so the second guess is free), the rule of mmstrat's -po.
    #[arg(long, requires = "consistent_only")]
    pub possible_before_last_reply: bool,
    /// With --player optimal: stop the search after this many seconds and give its best tree,
    /// the proved lower bound and the gap (as Ctrl-C does at any time).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub time_limit: Option<f64>,
    /// Threads for the build or the exact search (default: every core). With --player optimal,
    /// more than one thread finds the same optimum, but which of several optimal trees it
    /// returns can change from run to run; one thread gives the same tree every time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// With --player optimal: search in units stored one file each in this folder, so that a
    /// killed search loses only the units in flight and a rerun continues; without --shard,
    /// the units left are solved and all are merged into the tree.
    #[arg(long, value_name = "DIR")]
    pub units: Option<PathBuf>,
    /// With a one-ply player: build the tree in pieces, one per reply to the first guess, each
    /// stored in its own file in this folder once built, so that a killed build loses only the
    /// piece in flight and a rerun continues; without --shard, the pieces left are built and all
    /// are merged into the tree's totals (--output also writes the tree, for smaller games).
    #[arg(long, value_name = "DIR")]
    pub pieces: Option<PathBuf>,
    /// With --pieces: build a piece of at least this many secrets in steps, one per reply to
    /// its own guess, each stored in the piece's folder (piece-007.steps) once built, so that a
    /// killed build loses only the steps in flight and a rerun continues inside the piece.
    #[arg(long, value_name = "SECRETS", default_value_t = 1_000_000, requires = "pieces")]
    pub steps_from: u64,
    /// With --units (--pieces): solve (build) only shard I of N (0 <= I < N) and store its
    /// units (pieces); run every shard (GNU parallel, a SLURM array), then --merge.
    #[arg(long, value_name = "I/N", requires = "stored", conflicts_with = "merge")]
    pub shard: Option<Shard>,
    /// With --units (--pieces): merge the stored units (pieces) into the tree without solving
    /// (building) any; fails, naming them, while some are missing.
    #[arg(long, requires = "stored")]
    pub merge: bool,
    /// With --player optimal: instead of searching for the optimum, raise its proved lower bound
    /// (every unit searched within small budgets, the first guess with the lowest bound first)
    /// until the searches have visited this many nodes in all (e.g. 2e9), and print it beside
    /// the best known tree's total; --output writes that tree. A budget of work, not time: the
    /// same budget proves the same bound on any machine and any number of threads. With
    /// --units, the bounds are saved there after every round and the same command continues.
    #[arg(long, value_name = "NODES", value_parser = node_count, conflicts_with_all = ["shard", "merge", "worst_case", "time_limit"])]
    pub lower_bound_nodes: Option<u64>,
    /// The export format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the export to this file (the summary goes to the standard output).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print only the summary: total, mean, maximum, nodes, build time, peak memory, nodes
    /// scored.
    #[arg(long)]
    pub stats: bool,
    /// Print the summary as one JSON object (implies --stats unless --output is given).
    #[arg(long)]
    pub json: bool,
    /// Check a tree saved as JSON: replay every secret through it and print its summary.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["player", "config", "first_guess", "max_depth", "consistent_only", "possible_before_last_reply", "worst_case", "time_limit", "output", "format", "units", "pieces", "threads", "lower_bound_nodes"])]
    pub check: Option<PathBuf>,
}

/// Named values printed as the summary of a tree, in order.
type Summary = Vec<(&'static str, Value)>;

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Nested guess, reply, subtree (the only form `--check` reads back).
    Json,
    /// The compact grammar of strategy contests: `AABB:{10:{...},00:CCDD}`.
    Text,
    /// GraphViz DOT, for small games.
    Dot,
}

/// A whole number of nodes above zero, written out or as `2e9` (`--lower-bound-nodes`).
fn node_count(text: &str) -> Result<u64, String> {
    let number: f64 = text.parse().map_err(|_| "needs a number of nodes, e.g. 2e9".to_owned())?;
    let whole = number.is_finite() && number >= 1.0 && number.fract() == 0.0 && number < 1e19;
    if whole { Ok(number as u64) } else { Err("needs a whole number of nodes above zero".into()) }
}

/// A finite number of seconds above zero (`--time-limit`).
fn positive_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .ok_or_else(|| "needs a positive number of seconds".to_owned())
}

fn tree_help() -> String {
    let presets: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    format!(
        "Players: {}, {OPTIMAL}.\n\nExamples:\n  mastermind tree --game 5x8 --player knuth --stats\n  \
         mastermind tree --player optimal --format json -o optimal.json\n  mastermind tree --check optimal.json\n  \
         mastermind tree --game 7x7 --player knuth --pieces runs/7x7-knuth --shard 0/2",
        presets.join(", ")
    )
}

/// Builds, exports or checks a tree.
pub fn run(args: &TreeArgs, mut out: impl Write) -> Result<()> {
    if let Some(path) = &args.check {
        return check(path, args.json, out);
    }
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    if let Some(dir) = &args.pieces {
        return crate::commands::tree_pieces::run(args, game, dir, out);
    }
    if let (Some(dir), Some(shard)) = (&args.units, args.shard) {
        let (_, TreeRecipe::Optimal(optimum)) = recipe(args, game)? else {
            bail!("--units applies to --player optimal only");
        };
        let stop = StopOn::new(args.time_limit.map(Duration::from_secs_f64));
        let lines = in_pool(args.threads, || {
            crate::commands::tree_units::run_shard(game, &optimum, dir, shard, stop.flag())
        })?;
        return write_summary(&mut out, &lines, args.json);
    }
    if let Some(node_budget) = args.lower_bound_nodes {
        let (_, TreeRecipe::Optimal(optimum)) = recipe(args, game)? else {
            bail!("--lower-bound-nodes applies to --player optimal only");
        };
        let stop = StopOn::new(None);
        let (lines, known) = in_pool(args.threads, || {
            let dir = args.units.as_deref();
            crate::commands::tree_units::lower_bound(game, &optimum, dir, node_budget, stop.flag())
        })?;
        let mut lines = lines;
        if let Some(path) = &args.output {
            std::fs::write(path, export_as(&known, args.format))
                .with_context(|| format!("writing {}", path.display()))?;
            lines.push(("written", json!(path.display().to_string())));
        }
        return write_summary(&mut out, &lines, args.json);
    }
    let start = Instant::now();
    let (name, tree, mut summary) = in_pool(args.threads, || build(args, game))?;
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    summary.insert(0, ("build_ms", json!((build_ms * 10.0).round() / 10.0)));
    if let Some(mib) = crate::memory::peak_mib() {
        summary.insert(1, ("peak_memory_mib", json!(mib)));
    }
    let mut lines = vec![("game", json!(game.to_string())), ("player", json!(name))];
    lines.extend(tree_summary(&tree));
    lines.extend(summary);
    if let Some(path) = &args.output {
        std::fs::write(path, export_as(&tree, args.format))
            .with_context(|| format!("writing {}", path.display()))?;
        lines.push(("written", json!(path.display().to_string())));
    } else if !(args.stats || args.json) {
        write!(out, "{}", export_as(&tree, args.format))?;
        return Ok(());
    }
    write_summary(&mut out, &lines, args.json)
}

/// Runs `work` on a pool of `threads` threads, or on the global pool (every core).
pub(crate) fn in_pool<T>(threads: Option<u16>, work: impl FnOnce() -> Result<T> + Send) -> Result<T>
where
    T: Send,
{
    match threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(threads))
            .build()
            .context("starting the threads")?
            .install(work),
        None => work(),
    }
}

/// The tree of the chosen player, its name, and what building it cost.
fn build(args: &TreeArgs, game: Game) -> Result<(String, StrategyTree, Summary)> {
    let (name, recipe) = recipe(args, game)?;
    recipe.check(game).with_context(|| format!("the tree of {name} at {game}"))?;
    let stop = StopOn::new(args.time_limit.map(Duration::from_secs_f64));
    let built = match &recipe {
        TreeRecipe::Optimal(_) => {
            refuse_optimum_beyond_memory(game, crate::memory::available_bytes())?;
            let what = format!("searching the optimum of {game}");
            if let Some(dir) = &args.units {
                let TreeRecipe::Optimal(optimum) = &recipe else { unreachable!() };
                let solution = crate::commands::tree_units::solve(
                    game,
                    optimum,
                    dir,
                    args.merge,
                    stop.flag(),
                )?;
                Ok(BuiltTree::Optimal(solution))
            } else {
                progress::search(&what, |callback| {
                    let hooks = BuildHooks {
                        search_progress: callback,
                        stop: Some(stop.flag()),
                        parallel_search: rayon::current_num_threads() > 1,
                        ..BuildHooks::default()
                    };
                    recipe.build(game, &hooks)
                })
            }
        }
        TreeRecipe::OnePly(_) => {
            refuse_beyond_memory(&name, game, crate::memory::available_bytes())?;
            let what = format!("building the tree of {name} at {game}");
            let total = game.size().unwrap_or(u64::MAX);
            progress::tree_build(&what, total, |placed| {
                recipe.build(game, &BuildHooks { placed: Some(placed), ..BuildHooks::default() })
            })
        }
    }
    .with_context(|| format!("the tree of {name} at {game}"))?;
    let cost = match &built {
        BuiltTree::OnePly { stats, .. } => vec![
            ("nodes_scored", json!(stats.nodes)),
            ("candidates_scored", json!(stats.candidates_scored)),
        ],
        BuiltTree::Optimal(solution) => {
            if !solution.proved {
                let why = match stop.reason() {
                    Some(Reason::TimeLimit) => "at the time limit",
                    Some(Reason::Interrupt) => "on Ctrl-C",
                    None => "early",
                };
                eprintln!(
                    "stopped {why} after {:.1} s: best tree {} guesses, the optimum proved at \
                     least {} ({}); its tree is the best found, not proved optimal",
                    solution.elapsed.as_secs_f64(),
                    solution.total,
                    solution.lower_bound,
                    progress::gap(solution.lower_bound, solution.total)
                );
            }
            let optimum = match &recipe {
                TreeRecipe::Optimal(optimum) => *optimum,
                TreeRecipe::OnePly(_) => OptimalSpec::default(),
            };
            vec![
                ("consistent_only", json!(optimum.consistent_only)),
                ("possible_before_last_reply", json!(optimum.possible_before_last_reply)),
                ("threads", json!(rayon::current_num_threads())),
                ("proved", json!(solution.proved)),
                ("lower_bound", json!(solution.lower_bound)),
                ("gap", json!(solution.total - solution.lower_bound)),
                ("nodes_searched", json!(solution.nodes_searched)),
            ]
        }
    };
    Ok((name, built.into_tree(), cost))
}

/// Refuses, before anything is built, a one-ply tree of `game` whose estimated memory
/// ([`memory_estimate`]) passes the memory the machine has `available` (in bytes; `None`: unknown,
/// nothing is refused).
fn refuse_beyond_memory(name: &str, game: Game, available: Option<u64>) -> Result<()> {
    let (Some(needed), Some(available)) = (memory_estimate(game), available) else {
        return Ok(());
    };
    if needed > available {
        let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
        bail!(
            "the tree of {name} at {game} would need about {:.1} GiB ({BYTES_PER_CODE} bytes for \
             each of its {} codes, above every peak measured), more than the {:.1} GiB this \
             machine has available; nothing was built",
            gib(needed),
            game.size().unwrap_or(0),
            gib(available)
        );
    }
    Ok(())
}

/// Refuses, before anything is built, an exact search of `game` whose most memory
/// ([`optimal::memory_estimate`]) passes the memory the machine has `available` (in bytes;
/// `None`: unknown, nothing is refused).
fn refuse_optimum_beyond_memory(game: Game, available: Option<u64>) -> Result<()> {
    let (Some(needed), Some(available)) = (optimal::memory_estimate(game), available) else {
        return Ok(());
    };
    if needed > available {
        let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
        bail!(
            "the exact search of {game} may need up to {:.1} GiB (its reply table holds a byte \
             for each pair of its {} codes, and its memo up to {:.1} GiB), more than the {:.1} \
             GiB this machine has available; nothing was searched",
            gib(needed),
            game.size().unwrap_or(0),
            gib(optimal::MEMO_BYTES as u64),
            gib(available)
        );
    }
    Ok(())
}

/// The player `--player` or `--config` names, as a recipe for `game`, after refusing the options
/// that do not apply to it.
pub(crate) fn recipe(args: &TreeArgs, game: Game) -> Result<(String, TreeRecipe)> {
    let from_flags = args.config.is_none() && args.player == OPTIMAL;
    let (name, spec) = match &args.config {
        Some(text) => ("custom".to_string(), tree_config(text)?),
        None if from_flags => {
            let optimum = OptimalSpec {
                max_depth: args.max_depth,
                consistent_only: args.consistent_only,
                possible_before_last_reply: args.possible_before_last_reply,
                worst_case: args.worst_case,
            };
            (OPTIMAL.to_string(), TreeSpec::Optimal(optimum))
        }
        None => (args.player.clone(), TreeSpec::Preset(args.player.clone())),
    };
    if !from_flags {
        let optimum_flag = [
            (args.max_depth.is_some(), "--max-depth"),
            (args.consistent_only, "--consistent-only"),
            (args.worst_case, "--worst-case"),
            (args.time_limit.is_some() && !matches!(spec, TreeSpec::Optimal(_)), "--time-limit"),
            (args.units.is_some() && !matches!(spec, TreeSpec::Optimal(_)), "--units"),
        ];
        if let Some((_, flag)) = optimum_flag.iter().find(|(given, _)| *given) {
            bail!(
                "{flag} applies to --player optimal only (a configuration writes its own \
                 options; a one-ply player's pool says which guesses it plays)"
            );
        }
    }
    let mut recipe = spec.recipe(game).with_context(|| format!("the tree of {name} at {game}"))?;
    if let Some(first) = &args.first_guess {
        match &mut recipe {
            TreeRecipe::OnePly(config) => config.first_guess = Some(first.clone()),
            TreeRecipe::Optimal(_) => {
                bail!("--first-guess cannot be combined with the optimum: the search chooses it")
            }
        }
    }
    Ok((name, recipe))
}

/// `--config` of `tree`: a player as a spec writes it (the grammar of `solve --config`) that has
/// a strategy tree: `OnePly((...))` with `ties: First`, or `Tree(...)`.
fn tree_config(text: &str) -> Result<TreeSpec> {
    let spec: PlayerSpec = ron::from_str(text)
        .with_context(|| format!("--config '{text}' is not a player as a spec writes it"))?;
    match spec {
        PlayerSpec::OnePly(config) => Ok(TreeSpec::OnePly(config)),
        PlayerSpec::Tree(tree) => Ok(tree),
        other => bail!(
            "--config: the {} player has no strategy tree; a tree is OnePly((..., ties: First)) or \
             Tree(Preset(\"knuth\")), Tree(Optimal(()))",
            other.family()
        ),
    }
}

/// Total, mean, maximum, node count and secrets solved with 0, 1, 2, ... guesses of a tree.
fn tree_summary(tree: &StrategyTree) -> Summary {
    vec![
        ("total", json!(tree.total_guesses())),
        ("mean", json!((tree.mean_guesses() * 1e4).round() / 1e4)),
        ("max", json!(tree.max_guesses())),
        ("nodes", json!(tree.node_count())),
        ("distribution", json!(tree.guess_distribution())),
    ]
}

/// The tree in the chosen export format, ending with a newline.
pub fn export_as(tree: &StrategyTree, format: Format) -> String {
    let mut text = match format {
        Format::Json => export::to_json(tree),
        Format::Text => export::to_text(tree),
        Format::Dot => export::to_dot(tree),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Reads a JSON tree, replays every secret through it and prints its summary.
fn check(path: &PathBuf, json_output: bool, mut out: impl Write) -> Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let tree = export::from_json(&text)
        .with_context(|| format!("{} is not a strategy tree", path.display()))?;
    tree.verify()
        .with_context(|| format!("{} fails the replay of every secret", path.display()))?;
    let mut lines =
        vec![("game", json!(tree.game().to_string())), ("file", json!(path.display().to_string()))];
    lines.extend(tree_summary(&tree));
    lines.push(("check", json!("every secret is solved by its own leaf")));
    write_summary(&mut out, &lines, json_output)
}

/// One `name: value` line per entry, or one JSON object.
pub fn write_summary(
    out: &mut impl Write,
    lines: &[(&'static str, Value)],
    json_output: bool,
) -> Result<()> {
    if json_output {
        let object: serde_json::Map<String, Value> =
            lines.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        writeln!(out, "{}", Value::Object(object))?;
    } else {
        let width = lines.iter().map(|(name, _)| name.len()).max().unwrap_or(0).max(18);
        for (name, value) in lines {
            let value = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            writeln!(out, "{name:<width$} {value}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_beyond_the_available_memory_is_refused_with_the_estimate() {
        let game = Game::new(7, 8).unwrap();
        let needed = memory_estimate(game).unwrap();
        let refusal = refuse_beyond_memory("knuth", game, Some(1 << 29)).unwrap_err();
        let message = refusal.to_string();
        assert!(message.contains("about 0.8 GiB"), "{message}");
        assert!(message.contains("2097152 codes") && message.contains("0.5 GiB"), "{message}");
        assert!(refuse_beyond_memory("knuth", game, Some(needed)).is_ok());
        assert!(refuse_beyond_memory("knuth", game, None).is_ok());
    }

    #[test]
    fn an_exact_search_beyond_the_available_memory_is_refused_with_the_estimate() {
        let game = Game::new(5, 8).unwrap();
        let needed = optimal::memory_estimate(game).unwrap();
        let message = refuse_optimum_beyond_memory(game, Some(1 << 30)).unwrap_err().to_string();
        assert!(message.contains("32768 codes") && message.contains("1.0 GiB"), "{message}");
        assert!(refuse_optimum_beyond_memory(game, Some(needed)).is_ok());
        assert!(refuse_optimum_beyond_memory(game, None).is_ok());
    }
}
