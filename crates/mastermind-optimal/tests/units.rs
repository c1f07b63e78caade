//! The search split into units against the search on one thread: the same optimum on every
//! game up to 4x5, with and without a depth limit and among consistent guesses only, and the
//! same tree on any number of threads when the units share nothing.

use mastermind_core::Game;
use mastermind_optimal::units::{Plan, Sharing, run};
use mastermind_optimal::{Solution, SolveError, SolveOptions, solve};
use std::time::Instant;

/// Every game up to 4x5 (at most 625 codes), with repeats.
fn games_up_to_4x5() -> Vec<Game> {
    let mut games = Vec::new();
    for pegs in 2..=4u32 {
        for colours in 2..=10u32 {
            let game = Game::new(pegs, colours).unwrap();
            if game.size().unwrap() <= 625 {
                games.push(game);
            }
        }
    }
    games
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// The search on two threads, checked as every solution must be.
fn parallel(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let options = SolveOptions { parallel: true, ..options.clone() };
    let solution = pool(2).install(|| solve(game, &options))?;
    solution.tree.verify().unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(solution.tree.total_guesses(), solution.total, "{game}");
    assert!(solution.proved, "{game}");
    assert_eq!(solution.lower_bound, solution.total, "{game}");
    if let Some(limit) = options.max_depth {
        assert!(solution.tree.max_guesses() <= limit, "{game}: depth {limit}");
    }
    Ok(solution)
}

#[test]
fn two_threads_find_the_optimum_of_one_on_every_game_up_to_4x5() {
    for game in games_up_to_4x5() {
        let options = SolveOptions::default();
        let alone = solve(game, &options).unwrap();
        let shared = parallel(game, &options).unwrap();
        assert_eq!(shared.total, alone.total, "{game}");
    }
}

#[test]
fn two_threads_keep_depth_limits_and_consistent_guesses() {
    for game in games_up_to_4x5().into_iter().filter(|g| g.size().unwrap() <= 256) {
        let free = solve(game, &SolveOptions::default()).unwrap();
        let deepest = free.tree.max_guesses();
        for depth in (1..=deepest).rev() {
            let options = SolveOptions { max_depth: Some(depth), ..SolveOptions::default() };
            match (solve(game, &options), parallel(game, &options)) {
                (Ok(alone), Ok(shared)) => assert_eq!(shared.total, alone.total, "{game} {depth}"),
                (Err(SolveError::Infeasible { .. }), Err(SolveError::Infeasible { .. })) => break,
                (alone, shared) => panic!("{game} depth {depth}: {alone:?} against {shared:?}"),
            }
        }
        let options = SolveOptions { consistent_only: true, ..SolveOptions::default() };
        let alone = solve(game, &options).unwrap();
        let shared = parallel(game, &options).unwrap();
        assert_eq!(shared.total, alone.total, "{game} consistent only");
        let options = SolveOptions { possible_before_last_reply: true, ..options };
        let alone = solve(game, &options).unwrap();
        let shared = parallel(game, &options).unwrap();
        assert_eq!(shared.total, alone.total, "{game} possible before the latest reply");
    }
}

#[test]
fn units_that_share_nothing_give_one_tree_on_any_number_of_threads() {
    for game in games_up_to_4x5() {
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        let trees: Vec<_> = [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let board = pool(threads).install(|| run(&plan, Sharing::Nothing, None));
                let solution = board.solution(Instant::now()).unwrap();
                assert!(solution.proved, "{game} on {threads} threads");
                solution.tree
            })
            .collect();
        let alone = solve(game, &SolveOptions::default()).unwrap();
        assert_eq!(trees[0].total_guesses(), alone.total, "{game}");
        assert_eq!(trees[1], trees[0], "{game}: two threads against one");
        assert_eq!(trees[2], trees[0], "{game}: three threads against one");
    }
}

#[test]
fn stored_units_merge_into_the_tree_of_the_units_in_memory() {
    use mastermind_optimal::units::{Selection, Shard, UnitStore, run_selected};
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}-stored-units", std::process::id()));
    for game in games_up_to_4x5() {
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        let in_memory = run(&plan, Sharing::Nothing, None).solution(Instant::now()).unwrap();
        let dir = root.join(game.to_string());
        let store = UnitStore::open(&dir, &plan).unwrap();
        for index in 0..3 {
            let shard = Some(Shard { index, count: 3 });
            let selection =
                Selection { sharing: Sharing::Nothing, shard, store: Some(&store), progress: None };
            let board = store.board(&plan).unwrap();
            run_selected(&plan, &selection, board, None).unwrap();
        }
        let merged = store.merge(&plan).unwrap();
        assert!(merged.proved, "{game}");
        assert_eq!(merged.tree, in_memory.tree, "{game}");
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn raised_lower_bounds_stay_below_the_optimum_and_reach_it_on_every_game_up_to_4x5() {
    use mastermind_optimal::units::{Bounds, raise_lower_bound};
    for game in games_up_to_4x5() {
        let optimum = solve(game, &SolveOptions::default()).unwrap().total;
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        assert!(plan.lower_bound() <= optimum, "{game}");
        let limit = std::time::Duration::from_secs(600);
        let bounds = pool(2).install(|| {
            raise_lower_bound(&plan, Bounds::new(&plan), limit, None, |b| {
                assert!(b.lower_bound <= optimum, "{game}: {} above {optimum}", b.lower_bound);
            })
        });
        assert_eq!(bounds.lower_bound, optimum, "{game}: the rounds end when the lowest is exact");
    }
}
