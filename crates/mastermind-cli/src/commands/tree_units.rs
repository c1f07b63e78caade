//! `mastermind tree --player optimal --units DIR`: the exact search split into units, each
//! stored in its own file in DIR as soon as it is solved. A killed run loses only the units in
//! flight and a rerun continues. Alone, the units share one memo and the best total found (the
//! fastest search on one machine); `--shard I/N` solves one shard's units each on its own, so
//! that its results depend on nothing else (for GNU parallel or a SLURM array); `--merge` only
//! merges what is stored.

use crate::progress;
use crate::unit_folder::UnitFolder;
use anyhow::{Context, Result};
use mastermind_core::Game;
use mastermind_players::OptimalSpec;
use mastermind_players::families::optimal::Progress;
use mastermind_players::families::optimal::Solution;
use mastermind_players::families::optimal::units::{
    Board, Bounds, Loaded, Plan, REFUSED_SUFFIX, Selection, Shard, Sharing, StoreError, UnitStore,
    raise_lower_bound, run_selected,
};
use mastermind_players::families::tree::StrategyTree;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The plan of `optimum` at `game`, with a progress line while it is made (above 4096 codes
/// it first solves the optimum among consistent guesses).
fn plan(game: Game, optimum: &OptimalSpec) -> Result<Plan> {
    let what = format!("planning the units of the optimum of {game}");
    progress::search(&what, |_| Plan::new(game, &optimum.solve_options())).with_context(|| what)
}

/// The plan of `optimum` at `game` and its store in `dir`.
fn open(game: Game, optimum: &OptimalSpec, dir: &Path) -> Result<(Plan, UnitStore)> {
    let plan = plan(game, optimum)?;
    let store = store_in(dir, &plan)?;
    Ok((plan, store))
}

/// The store of `plan`'s units in the folder `dir` (created if missing).
fn store_in(dir: &Path, plan: &Plan) -> Result<UnitStore> {
    let folder = UnitFolder::open(dir)
        .with_context(|| format!("opening the units folder {}", dir.display()))?;
    Ok(UnitStore::new(folder, plan))
}

/// The board of the units stored for `plan`, each file that does not belong said once on the
/// standard error (and set aside; its unit is solved again where the proof needs it).
/// The lower bounds raised earlier in the folder count where no unit result says more.
fn stored_board<'p>(store: &UnitStore, plan: &'p Plan) -> Result<Board<'p>> {
    let Loaded { mut board, refused } = store.load(plan)?;
    warn_refused(&refused);
    match store.load_bounds(plan) {
        Ok(Some(bounds)) => board.add_floors(&bounds),
        Ok(None) => {}
        Err(error) => eprintln!("warning: raised lower bounds not used: {error}"),
    }
    Ok(board)
}

/// One line per refused unit file, and what becomes of it.
fn warn_refused(refused: &[StoreError]) {
    for error in refused {
        eprintln!("warning: unit file refused and set aside ({REFUSED_SUFFIX}): {error}");
    }
}

/// Solves the units of `shard` not yet in `dir` and returns the summary of what it did.
pub fn run_shard(
    game: Game,
    optimum: &OptimalSpec,
    dir: &Path,
    shard: Shard,
    stop: Arc<AtomicBool>,
) -> Result<Vec<(&'static str, Value)>> {
    let start = Instant::now();
    let (plan, store) = open(game, optimum, dir)?;
    let board = stored_board(&store, &plan)?;
    let in_shard = (0..plan.units().len()).filter(|&u| shard.holds(u));
    let done_before = in_shard.clone().filter(|&u| board.is_settled(u)).count();
    let what = format!("units of shard {shard} of the optimum of {game}");
    let board = progress::search(&what, |progress| {
        let store = Some(&store);
        let selection =
            Selection { sharing: Sharing::Nothing, shard: Some(shard), store, progress };
        run_selected(&plan, &selection, board, Some(stop))
    })?;
    let done = in_shard.clone().filter(|&u| board.is_settled(u)).count();
    let out = |u: &usize| !board.is_settled(*u) && board.is_out(plan.units()[*u].first_guess);
    let skipped = in_shard.clone().filter(out).count();
    let left = in_shard.clone().count() - done - skipped;
    Ok(vec![
        ("game", json!(game.to_string())),
        ("shard", json!(shard.to_string())),
        ("units", json!(plan.units().len())),
        ("units_in_shard", json!(in_shard.count())),
        ("found_done", json!(done_before)),
        ("solved_now", json!(done - done_before)),
        ("skipped", json!(skipped)),
        ("left", json!(left)),
        ("seconds", json!((start.elapsed().as_secs_f64() * 10.0).round() / 10.0)),
        ("units_dir", json!(dir.display().to_string())),
    ])
}

/// The proved optimum from the units in `dir`: the units not yet stored are solved first, sharing
/// one memo and the best total (each stored as it is found) unless `merge_only`, then
/// everything is merged. A run stopped
/// (Ctrl-C, `--time-limit`) returns the best tree the stored units give, not proved, with the
/// proved lower bound; the same command continues it.
pub fn solve(
    game: Game,
    optimum: &OptimalSpec,
    dir: &Path,
    merge_only: bool,
    stop: Arc<AtomicBool>,
) -> Result<Solution> {
    let start = Instant::now();
    let (plan, store) = open(game, optimum, dir)?;
    let board = stored_board(&store, &plan)?;
    if merge_only {
        if !board.is_proved() {
            eprintln!("{}", standing(&board, &plan, dir));
        }
        return Ok(board.merge()?);
    }
    let what = format!("units of the optimum of {game}");
    let stopped = Arc::clone(&stop);
    let board = progress::search(&what, |progress| {
        let store = Some(&store);
        let selection = Selection { sharing: Sharing::MemoAndBounds, shard: None, store, progress };
        run_selected(&plan, &selection, board, Some(stop))
    })?;
    if stopped.load(Ordering::Relaxed) && !board.is_proved() {
        let solution = board.solution(start)?;
        solution.tree.verify().context("the best tree of the stored units fails its replay")?;
        eprintln!("{}; the same command continues the search", standing(&board, &plan, dir));
        return Ok(solution);
    }
    Ok(board.merge()?)
}

/// Where a proof in units stands: units settled, the bounds and the gap, and the time the
/// units' searches took (each unit's own wall time, added up: thread-hours, which pass the CPU
/// time on a machine that other work shares).
fn standing(board: &Board<'_>, plan: &Plan, dir: &Path) -> String {
    let best = board.best().map_or(plan.upper_bound(), |(_, total)| total);
    let lower = board.lower_bound().min(best);
    // Folded from +0.0: an empty float sum is -0.0, printed "-0.00".
    let seconds = board.results().iter().flatten().fold(0.0, |sum, r| sum + r.seconds);
    let hours = seconds / 3600.0;
    format!(
        "{} of {} units settled in {}; the optimum is between {lower} and {best} ({}); the \
         units' searches took {hours:.2} thread-hours of wall time",
        board.units_done(),
        plan.units().len(),
        dir.display(),
        progress::gap(lower, best),
    )
}

/// Raises the proved lower bound of `optimum` at `game` until its rounds have searched
/// `node_budget` nodes in all (or until `stop`) and returns the summary and the best known tree
/// (the plan's starting tree). The same budget proves the same bound on any machine. With
/// `dir`, the bounds start from those saved there and are saved after every round, so that the
/// same command continues an interrupted run (and a larger budget goes further).
pub fn lower_bound(
    game: Game,
    optimum: &OptimalSpec,
    dir: Option<&Path>,
    node_budget: u64,
    stop: Arc<AtomicBool>,
) -> Result<(Vec<(&'static str, Value)>, StrategyTree)> {
    let start = Instant::now();
    let plan = plan(game, optimum)?;
    let store = dir.map(|dir| store_in(dir, &plan)).transpose()?;
    let saved = match &store {
        Some(store) => store.load_bounds(&plan)?,
        None => None,
    };
    let resumed_from = saved.as_ref().map(|b| b.lower_bound);
    let from = saved.unwrap_or_else(|| Bounds::new(&plan));
    let failure = std::sync::Mutex::new(None);
    let what = format!("raising the lower bound of the optimum of {game}");
    let upper = plan.upper_bound();
    let bounds = progress::search(&what, |progress| {
        raise_lower_bound(&plan, from, node_budget, Some(stop), |b| {
            if let Some(store) = &store
                && let Err(e) = store.save_bounds(&plan, b)
            {
                failure.lock().expect("one writer").get_or_insert(e);
            }
            if let Some(progress) = &progress {
                progress(&Progress {
                    nodes: b.nodes,
                    lower_bound: b.lower_bound,
                    upper_bound: upper,
                    elapsed: start.elapsed(),
                    units: (
                        b.units.iter().filter(|u| u.exact).count() as u64,
                        b.units.len() as u64,
                    ),
                });
            }
        })
    });
    if let Some(e) = failure.into_inner().expect("one writer") {
        return Err(e.into());
    }
    let firsts: Vec<Value> = plan
        .first_guesses()
        .iter()
        .zip(&bounds.first_guesses)
        .map(|(first, bound)| json!(format!("{} {}", first.guess, bound)))
        .collect();
    let lines = vec![
        ("game", json!(game.to_string())),
        ("player", json!(optimum.describe())),
        ("best_known_total", json!(upper)),
        ("lower_bound", json!(bounds.lower_bound)),
        ("gap", json!(upper - bounds.lower_bound)),
        (
            "gap_percent",
            json!((1e4 * (upper - bounds.lower_bound) as f64 / upper as f64).round() / 100.0),
        ),
        ("first_guesses", Value::Array(firsts)),
        ("units_exact", json!(bounds.units.iter().filter(|u| u.exact).count())),
        ("units", json!(bounds.units.len())),
        ("resumed_from", json!(resumed_from)),
        ("rounds", json!(bounds.rounds)),
        ("nodes_searched", json!(bounds.nodes)),
        ("node_budget", json!(node_budget)),
        ("seconds", json!((start.elapsed().as_secs_f64() * 10.0).round() / 10.0)),
    ];
    Ok((lines, plan.known_tree().clone()))
}
