//! The search split into units against the search on one thread: the same optimum on every
//! game up to 4x5, with and without a depth limit and among consistent guesses only, and the
//! same tree on any number of threads when the units share nothing.

use mastermind_core::Game;
use mastermind_optimal::units::{
    Bounds, InMemoryFiles, Loaded, Plan, REFUSED_SUFFIX, Rounds, Selection, Shard, Sharing,
    StoreError, UnitFiles, UnitStore, raise_lower_bound, run, run_selected,
};
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
    for game in games_up_to_4x5() {
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        let in_memory = run(&plan, Sharing::Nothing, None).solution(Instant::now()).unwrap();
        let store = UnitStore::new(InMemoryFiles::default(), &plan);
        for index in 0..3 {
            run_shard(&plan, &store, Shard { index, count: 3 });
        }
        let Loaded { board, refused } = store.load(&plan).unwrap();
        assert!(refused.is_empty(), "{game}: {refused:?}");
        let merged = board.merge().unwrap();
        assert!(merged.proved, "{game}");
        assert_eq!(merged.tree, in_memory.tree, "{game}");
    }
}

/// Solves the units of `shard` that `store` does not hold yet, storing each.
fn run_shard(plan: &Plan, store: &UnitStore, shard: Shard) {
    let selection = Selection {
        sharing: Sharing::Nothing,
        shard: Some(shard),
        store: Some(store),
        progress: None,
    };
    let Loaded { board, .. } = store.load(plan).unwrap();
    run_selected(plan, &selection, board, None).unwrap();
}

/// Whether `error` is about file `name`, and says `what`.
fn names(error: &StoreError, name: &str, what: &str) -> bool {
    let message = error.to_string();
    message.starts_with(name) && message.contains(what)
}

#[test]
fn files_truncated_edited_or_of_another_game_rule_or_format_are_refused_by_name_and_solved_again() {
    let game = Game::new(4, 4).unwrap();
    let plan = Plan::new(game, &SolveOptions::default()).unwrap();
    let files = std::sync::Arc::new(InMemoryFiles::default());
    let store = UnitStore::new(std::sync::Arc::clone(&files), &plan);
    run_shard(&plan, &store, Shard { index: 0, count: 1 });
    let whole = files.names().unwrap();
    let whole_tree = store.load(&plan).unwrap().board.merge().unwrap().tree;
    let text = |name: &str| String::from_utf8(files.read(name).unwrap().unwrap()).unwrap();
    // Three solved units, damaged three ways, and a refuted one written for another game.
    let solved: Vec<String> =
        whole.iter().filter(|n| text(n).contains("\"solved\"")).take(3).cloned().collect();
    let (truncated, edited, total_changed) = (&solved[0], &solved[1], &solved[2]);
    let cut = text(truncated);
    files.write(truncated, &cut.as_bytes()[..cut.len() / 2]).unwrap();
    files.write(edited, text(edited).replace("\"nodes\":", "\"nodes\":1").as_bytes()).unwrap();
    files.write(total_changed, one_guess_fewer(&text(total_changed)).as_bytes()).unwrap();
    let other_game = Plan::new(Game::new(3, 4).unwrap(), &SolveOptions::default()).unwrap();
    let other = UnitStore::new(InMemoryFiles::default(), &other_game);
    run_shard(&other_game, &other, Shard { index: 0, count: 1 });
    let other_name = &other.files().names().unwrap()[0];
    let foreign = whole.iter().find(|n| !solved.contains(n)).unwrap();
    files.write(foreign, &other.files().read(other_name).unwrap().unwrap()).unwrap();
    let older = whole.iter().rfind(|n| !solved.contains(n) && *n != foreign).unwrap();
    files.write(older, text(older).replace("\"format\":2", "\"format\":1").as_bytes()).unwrap();
    // And one written for the same game under another rule, consistent guesses only.
    let consistent = SolveOptions { consistent_only: true, ..SolveOptions::default() };
    let other_rule = Plan::new(game, &consistent).unwrap();
    let ruled = UnitStore::new(InMemoryFiles::default(), &other_rule);
    run_shard(&other_rule, &ruled, Shard { index: 0, count: 1 });
    let ruled_name = &ruled.files().names().unwrap()[0];
    let strict = whole.iter().find(|n| !solved.contains(n) && *n != foreign && *n != older);
    let strict = strict.unwrap();
    files.write(strict, &ruled.files().read(ruled_name).unwrap().unwrap()).unwrap();

    let Loaded { board, refused } = store.load(&plan).unwrap();
    assert_eq!(refused.len(), 6, "{refused:?}");
    let not_json = "not a unit file of this form";
    assert!(refused.iter().any(|e| names(e, truncated, not_json)), "{refused:?}");
    assert!(refused.iter().any(|e| names(e, edited, "does not match its digest")), "{refused:?}");
    let disagrees = "disagrees with its tree";
    assert!(refused.iter().any(|e| names(e, total_changed, disagrees)), "{refused:?}");
    let other_search = "written for another search (game: 3x4 in the file, 4x4 here)";
    assert!(refused.iter().any(|e| names(e, foreign, other_search)), "{refused:?}");
    let other_format = "written for another search (format: 1 in the file, 2 here)";
    assert!(refused.iter().any(|e| names(e, older, other_format)), "{refused:?}");
    let other_rule = "written for another search (consistent_only: true in the file, false here)";
    assert!(refused.iter().any(|e| names(e, strict, other_rule)), "{refused:?}");
    assert_eq!(board.units_done(), whole.len() - 6);

    // Each is set aside, refused once; the search goes on from the others, solves again the
    // units the proof needs, and the merge gives the tree of the whole run.
    let aside: Vec<String> = [truncated, edited, total_changed, foreign, older, strict]
        .iter()
        .map(|name| format!("{name}{REFUSED_SUFFIX}"))
        .collect();
    assert!(aside.iter().all(|name| files.read(name).unwrap().is_some()), "{aside:?}");
    run_shard(&plan, &store, Shard { index: 0, count: 1 });
    let Loaded { board, refused } = store.load(&plan).unwrap();
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(board.merge().unwrap().tree, whole_tree);
}

/// `text` (a solved unit's file) with its total one less and the digest written again over the
/// changed content: an edit that keeps the file sealed.
fn one_guess_fewer(text: &str) -> String {
    let body = text.strip_prefix("{\"unit\":").unwrap();
    let body = &body[..body.rfind(",\"digest\":").unwrap()];
    let total_at = body.find("\"total\":").unwrap() + "\"total\":".len();
    let digits = body[total_at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let total: u64 = body[total_at..total_at + digits].parse().unwrap();
    let edited = format!("{}{}{}", &body[..total_at], total - 1, &body[total_at + digits..]);
    format!("{{\"unit\":{edited},\"digest\":\"{}\"}}", fnv1a(&edited))
}

/// The digest unit files are sealed with: FNV-1a over the compact JSON of their `unit`.
fn fnv1a(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[test]
fn raised_lower_bounds_stay_below_the_optimum_and_reach_it_on_every_game_up_to_4x5() {
    for game in games_up_to_4x5() {
        let optimum = solve(game, &SolveOptions::default()).unwrap().total;
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        assert!(plan.lower_bound() <= optimum, "{game}");
        let bounds = pool(2).install(|| {
            raise_lower_bound(&plan, Bounds::new(&plan), u64::MAX, None, |b| {
                assert!(b.lower_bound <= optimum, "{game}: {} above {optimum}", b.lower_bound);
            })
        });
        assert_eq!(bounds.lower_bound, optimum, "{game}: the rounds end when the lowest is exact");
    }
}

#[test]
fn a_budget_of_nodes_raises_the_same_bounds_on_any_pool_and_when_resumed() {
    // Rounds of at most 1024 nodes a unit, so that the cap stops searches at 4x5.
    let game = Game::new(4, 5).unwrap();
    let plan = Plan::new(game, &SolveOptions::default()).unwrap();
    let start = || {
        let progress = Rounds { rounds: 0, nodes: 0, round_nodes: 1024 };
        Bounds::resume(&plan, Bounds::new(&plan).units, progress).unwrap()
    };
    let raise = |threads: usize, from: Bounds, budget: u64| {
        pool(threads).install(|| raise_lower_bound(&plan, from, budget, None, |_| {}))
    };
    let budget = 10_000;
    let one = raise(1, start(), budget);
    let two = raise(2, start(), budget);
    let halves = raise(2, raise(1, start(), budget / 2), budget);
    for other in [&two, &halves] {
        assert_eq!(other.units, one.units);
        assert_eq!((other.lower_bound, other.progress()), (one.lower_bound, one.progress()));
    }
    assert!(one.nodes >= budget && one.rounds >= 3, "{:?}", one.progress());
    assert!(one.units.iter().any(|u| !u.exact), "the budget finished every unit");
}

#[test]
fn raised_bounds_on_a_board_prove_the_lower_bound_and_the_search_finishes_from_them() {
    for game in games_up_to_4x5().into_iter().filter(|g| g.size().unwrap() >= 100) {
        let optimum = solve(game, &SolveOptions::default()).unwrap().total;
        let plan = Plan::new(game, &SolveOptions::default()).unwrap();
        let bounds = raise_lower_bound(&plan, Bounds::new(&plan), u64::MAX, None, |_| {});
        let mut board = mastermind_optimal::units::Board::new(&plan);
        board.add_floors(&bounds);
        assert_eq!(board.lower_bound(), optimum, "{game}");
        assert!(!board.is_proved(), "{game}: proved without a tree");
        let selection =
            Selection { sharing: Sharing::MemoAndBounds, shard: None, store: None, progress: None };
        let board = pool(2).install(|| run_selected(&plan, &selection, board, None)).unwrap();
        let solution = board.merge().unwrap();
        assert_eq!(solution.total, optimum, "{game}");
    }
}

#[test]
fn saved_bounds_are_read_back_and_an_edited_bounds_file_is_refused() {
    let game = Game::new(4, 4).unwrap();
    let plan = Plan::new(game, &SolveOptions::default()).unwrap();
    let files = std::sync::Arc::new(InMemoryFiles::default());
    let store = UnitStore::new(std::sync::Arc::clone(&files), &plan);
    assert!(store.load_bounds(&plan).unwrap().is_none());
    let bounds = raise_lower_bound(&plan, Bounds::new(&plan), 2_000, None, |b| {
        store.save_bounds(&plan, b).unwrap();
    });
    let read = store.load_bounds(&plan).unwrap().unwrap();
    assert_eq!((&read.units, read.progress()), (&bounds.units, bounds.progress()));
    let name = "lower-bounds.json";
    let text = String::from_utf8(files.read(name).unwrap().unwrap()).unwrap();
    let raised = text.replacen("\"at_least\":", "\"at_least\":9", 1);
    files.write(name, raised.as_bytes()).unwrap();
    let refused = store.load_bounds(&plan).err().unwrap().to_string();
    assert!(refused.starts_with(name) && refused.contains("digest"), "{refused}");
}
