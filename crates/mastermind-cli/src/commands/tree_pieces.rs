//! `mastermind tree --pieces DIR`: a one-ply player's tree built in pieces, one per reply to its
//! first guess, each stored in its own file in DIR as soon as it is built (whole or not at all).
//! A killed build loses only the piece in flight (a piece of `--steps-from` secrets or more, only
//! the steps in flight: see [`tree_steps`]) and a rerun continues; `--shard I/N` builds one
//! shard's pieces (for GNU parallel or a SLURM array); `--merge` only merges what is stored.
//! Every stored piece is read back, its secrets replayed through its guesses, before it counts.

use crate::commands::tree::{TreeArgs, export_as, in_pool, recipe, write_summary};
use crate::commands::tree_steps;
use crate::{cpu, memory, progress};
use anyhow::{Context, Result, bail};
use mastermind_core::Game;
use mastermind_players::TreeRecipe;
use mastermind_players::families::tree::pieces::{Merged, PiecePlan, PieceRecord, PieceRun};
use mastermind_players::families::tree::{BuildStats, Node, piece_memory_estimate};
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Builds, resumes or merges the pieces of the tree `args` asks for, in `dir`.
pub fn run(args: &TreeArgs, game: Game, dir: &Path, mut out: impl Write) -> Result<()> {
    let start = Instant::now();
    let (name, recipe) = recipe(args, game)?;
    let TreeRecipe::OnePly(config) = recipe else {
        bail!("--pieces builds a one-ply player's tree; the optimum is searched in --units");
    };
    let what = format!("planning the pieces of {name} at {game}");
    let plan = progress::spinner(&what, || PiecePlan::new(game, &config))
        .with_context(|| format!("the tree of {name} at {game}"))?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let pieces = plan.parts().len();
    let chosen: Vec<usize> = match (args.shard, args.merge) {
        (Some(shard), _) => plan.shard(shard.index, shard.count),
        (None, true) => Vec::new(),
        (None, false) => (0..pieces).collect(),
    };
    let mut found = 0;
    let mut missing = Vec::new();
    for &index in &chosen {
        match read_piece(&plan, dir, index)? {
            Some(_) => {
                // Steps left by a build killed between storing the piece and removing them.
                remove_steps(&dir.join(PiecePlan::steps_folder_name(index)))?;
                found += 1;
            }
            None => missing.push(index),
        }
    }
    // The smallest first: a killed build has stored as many pieces as it could.
    missing.sort_by_key(|&i| (plan.parts()[i].secrets, i));
    let largest = missing.iter().map(|&i| plan.parts()[i].secrets).max().unwrap_or(0);
    refuse_beyond_memory(&name, game, largest, memory::available_bytes())?;
    if !missing.is_empty() {
        let needed =
            piece_memory_estimate(game, largest).unwrap_or(0) as f64 / f64::from(1u32 << 30);
        eprintln!(
            "{name} at {game} after {}: {pieces} pieces, {} stored, {} to build here, the largest \
             of {largest} secrets (estimated peak {needed:.1} GiB)",
            plan.first_guess(),
            found,
            missing.len(),
        );
    }
    for &index in &missing {
        build_piece(&plan, dir, index, args.threads, args.steps_from)
            .with_context(|| format!("piece {index} of the tree of {name} at {game}"))?;
    }
    let mut lines = vec![
        ("game", json!(game.to_string())),
        ("player", json!(name)),
        ("first_guess", json!(plan.first_guess().to_string())),
        ("pieces", json!(pieces)),
    ];
    if let Some(shard) = args.shard {
        lines.extend([
            ("shard", json!(shard.to_string())),
            ("pieces_in_shard", json!(chosen.len())),
            ("found_done", json!(found)),
            ("built_now", json!(missing.len())),
            ("seconds", json!(tenths(start.elapsed().as_secs_f64()))),
            ("pieces_dir", json!(dir.display().to_string())),
        ]);
        return write_summary(&mut out, &lines, args.json);
    }
    let (merged, nodes) = merge(&plan, dir, args.output.is_some())?;
    lines.extend([("found_done", json!(found)), ("built_now", json!(missing.len()))]);
    lines.extend(merged_summary(&merged));
    lines.push(("seconds", json!(tenths(start.elapsed().as_secs_f64()))));
    lines.push(("pieces_dir", json!(dir.display().to_string())));
    if let (Some(path), Some(nodes)) = (&args.output, nodes) {
        let tree = plan.assemble(nodes).context("assembling the tree from its pieces")?;
        mastermind_files::write_atomic(path, export_as(&tree, args.format).as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        lines.push(("written", json!(path.display().to_string())));
    }
    write_summary(&mut out, &lines, args.json)
}

/// Piece `index` as stored in `dir`, checked (its secrets replayed through its guesses), or
/// `None` when it is not there yet. A file that is there but is not this plan's piece, whole and
/// true, is an error that names it.
fn read_piece(plan: &PiecePlan, dir: &Path, index: usize) -> Result<Option<PieceRecord>> {
    let path = piece_path(dir, index);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    Ok(Some(plan.check(index, &path.display().to_string(), &bytes)?))
}

fn piece_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(PiecePlan::file_name(index))
}

/// Builds piece `index` on `threads` threads, in steps when it has at least `steps_from`
/// secrets, reads its bytes back and stores them in `dir` (then removes its steps), saying on
/// standard error what it does and what it took.
fn build_piece(
    plan: &PiecePlan,
    dir: &Path,
    index: usize,
    threads: Option<u16>,
    steps_from: u64,
) -> Result<()> {
    let part = plan.parts()[index];
    let pieces = plan.parts().len();
    let what =
        format!("piece {index} of {pieces} (after {}, {} secrets)", part.reply, part.secrets);
    eprintln!("{what}: building");
    let steps = dir.join(PiecePlan::steps_folder_name(index));
    let (node, stats, run) = if part.secrets >= steps_from.max(3) {
        tree_steps::build_piece(plan, &steps, index, threads, &what)?
    } else {
        build_whole(plan, index, threads, &what)?
    };
    let bytes = plan.encode(index, &node, stats, run.clone())?;
    drop(node);
    let path = piece_path(dir, index);
    mastermind_files::write_atomic(&path, &bytes)?;
    remove_steps(&steps)?;
    let peak = run.peak_mib.map_or(String::new(), |mib| format!(", peak {mib} MiB"));
    let in_steps = run.steps.map_or(String::new(), |n| format!(", in {n} steps"));
    eprintln!(
        "{what}: built in {:.1} s ({:.1} s of CPU{peak}{in_steps}), stored in {}",
        run.wall_seconds,
        run.cpu_seconds,
        path.display()
    );
    Ok(())
}

/// Piece `index` built in one go, what it cost and how long it took.
fn build_whole(
    plan: &PiecePlan,
    index: usize,
    threads: Option<u16>,
    what: &str,
) -> Result<(Node, BuildStats, PieceRun)> {
    let part = plan.parts()[index];
    let (start, cpu_start) = (Instant::now(), cpu::cpu_seconds());
    let (node, stats, threads) = in_pool(threads, || {
        let built =
            progress::tree_build(what, part.secrets, |placed| plan.build(index, Some(placed)))?;
        Ok((built.0, built.1, rayon::current_num_threads()))
    })?;
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, cpu::cpu_seconds()) {
        (Some(before), Some(after)) => after - before,
        _ => f64::NAN,
    };
    let run = PieceRun {
        wall_seconds: hundredths(wall),
        cpu_seconds: hundredths(cpu),
        peak_mib: memory::peak_mib(),
        threads,
        steps: None,
    };
    Ok((node, stats, run))
}

/// Removes the steps folder `steps` of a piece now stored whole, if there is one.
fn remove_steps(steps: &Path) -> Result<()> {
    match std::fs::remove_dir_all(steps) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("removing {}, whose piece is stored", steps.display()))
        }
        _ => Ok(()),
    }
}

/// Every piece in `dir`, checked and merged into the tree's totals, and each piece's subtree
/// when `with_nodes` (to write the whole tree). Fails, naming them, while pieces are missing.
fn merge(plan: &PiecePlan, dir: &Path, with_nodes: bool) -> Result<(Merged, Option<Vec<Node>>)> {
    let mut records = Vec::new();
    let mut nodes = Vec::new();
    for index in 0..plan.parts().len() {
        let path = piece_path(dir, index);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        let name = path.display().to_string();
        if with_nodes {
            let (record, node) = plan.decode(index, &name, &bytes)?;
            records.push(record);
            nodes.push(node);
        } else {
            records.push(plan.check(index, &name, &bytes)?);
        }
    }
    let merged =
        plan.merge(records).with_context(|| format!("merging the pieces in {}", dir.display()))?;
    Ok((merged, with_nodes.then_some(nodes)))
}

/// The merged tree's totals, and what its pieces took.
fn merged_summary(merged: &Merged) -> Vec<(&'static str, Value)> {
    let runs = merged.pieces.iter().map(|p| &p.header.run);
    let wall: f64 = runs.clone().map(|r| r.wall_seconds).sum();
    let cpu: f64 = runs.clone().map(|r| r.cpu_seconds).sum();
    let peak = runs
        .clone()
        .filter_map(|r| r.peak_mib)
        .fold(None, |m: Option<f64>, p| Some(m.map_or(p, |m| m.max(p))));
    let largest = merged.pieces.iter().map(|p| p.header.secrets).max().unwrap_or(0);
    let slowest = runs.map(|r| r.wall_seconds).fold(0.0, f64::max);
    vec![
        ("total", json!(merged.total)),
        ("mean", json!((merged.total as f64 / merged.secrets as f64 * 1e4).round() / 1e4)),
        ("max", json!(merged.max)),
        ("nodes", json!(merged.nodes)),
        ("distribution", json!(merged.distribution)),
        ("pieces_wall_seconds", json!(tenths(wall))),
        ("pieces_cpu_seconds", json!(tenths(cpu))),
        ("slowest_piece_seconds", json!(tenths(slowest))),
        ("largest_piece_secrets", json!(largest)),
        ("peak_memory_mib", json!(peak)),
    ]
}

/// Refuses, before anything is built, pieces whose largest (`largest` secrets) is estimated to
/// need more memory than the machine has `available` (in bytes; `None`: unknown, nothing is
/// refused).
fn refuse_beyond_memory(
    name: &str,
    game: Game,
    largest: u64,
    available: Option<u64>,
) -> Result<()> {
    let (Some(needed), Some(available)) = (piece_memory_estimate(game, largest), available) else {
        return Ok(());
    };
    if largest > 0 && needed > available {
        let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
        bail!(
            "the largest piece left of the tree of {name} at {game} ({largest} secrets) would need \
             about {:.1} GiB, more than the {:.1} GiB this machine has available; nothing was built",
            gib(needed),
            gib(available)
        );
    }
    Ok(())
}

fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_beyond_the_available_memory_are_refused_with_the_estimate() {
        let game = Game::new(8, 9).unwrap();
        let message = refuse_beyond_memory("knuth", game, 10_000_000, Some(1 << 30)).unwrap_err();
        assert!(message.to_string().contains("10000000 secrets"), "{message}");
        assert!(refuse_beyond_memory("knuth", game, 10_000_000, None).is_ok());
        assert!(refuse_beyond_memory("knuth", game, 0, Some(1)).is_ok(), "nothing left to build");
    }
}
