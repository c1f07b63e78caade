//! The trees-in-pieces kind: a tree's pieces, stored as the command line stores them, are read
//! back, checked and stored one row per piece whose totals add up to the whole tree's; a missing
//! piece fails the run with the command that builds it; a piece of another tree is refused by
//! name; mistakes in the spec are named.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_core::Game;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::record::Record;
use mastermind_experiments::tasks::trees::pieces::rows::{PieceRow, stored_trees};
use mastermind_players::families::one_ply::{Heuristic, OnePlyConfig, Pool, Ties};
use mastermind_players::families::tree::pieces::{PiecePlan, PieceRun};
use mastermind_players::{BuildHooks, TreeRecipe};
use std::path::Path;

fn spec(trees: &str, published: &str) -> String {
    format!(
        r#"Experiment(
    title: "large trees",
    paper: "Test paper",
    section: "Large",
    seed: 1,
    task: TreesInPieces((
        trees: [{trees}],
        published: [{published}],
    )),
)
"#
    )
}

const KNUTH_4X6: &str = r#"(label: "Knuth", game: (pegs: 4, colours: 6),
    tree: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First, first_guess: Some("AABB"))),
    pieces: "../data/trees/4x6-knuth")"#;

fn knuth() -> OnePlyConfig {
    OnePlyConfig {
        first_guess: Some("AABB".into()),
        pool: Pool::AllPreferConsistent,
        ties: Ties::First,
        ..OnePlyConfig::new(Heuristic::WorstCase)
    }
}

/// Builds and stores every piece of `config`'s tree of `game` in `dir`, as `tree --pieces` does.
fn store_pieces(game: Game, config: &OnePlyConfig, dir: &Path) -> PiecePlan {
    std::fs::create_dir_all(dir).unwrap();
    let plan = PiecePlan::new(game, config).unwrap();
    let run = PieceRun {
        wall_seconds: 1.5,
        cpu_seconds: 2.5,
        peak_mib: Some(10.0),
        threads: 2,
        steps: None,
    };
    for index in 0..plan.parts().len() {
        let (node, stats) = plan.build(index, None).unwrap();
        let bytes = plan.encode(index, &node, stats, run.clone()).unwrap();
        std::fs::write(dir.join(PiecePlan::file_name(index)), bytes).unwrap();
    }
    plan
}

#[test]
fn stored_pieces_are_read_into_rows_that_add_up_to_the_whole_tree() {
    let scratch = Scratch::new("trees-in-pieces");
    let game = Game::CLASSIC;
    let plan = store_pieces(game, &knuth(), &scratch.root.join("data/trees/4x6-knuth"));
    let published = r#"(label: "Knuth", game: (pegs: 4, colours: 6), total: 5801, max: Some(5),
        seconds: Some(0.004), source: "Knuth (1977)")"#;
    let path = scratch.spec("large", &spec(KNUTH_4X6, published));
    let workspace = scratch.workspace();
    let spec_plan = workspace.plans(&[path], Profile::Full).unwrap().remove(0);
    let frame = run_on_threads(&spec_plan, 2);
    assert_eq!(frame.height(), plan.parts().len(), "one row per piece");
    let rows = PieceRow::from_frame(&frame).unwrap();
    let trees = stored_trees(&rows).unwrap();
    let built =
        TreeRecipe::OnePly(knuth()).build(game, &BuildHooks::default()).unwrap().into_tree();
    assert_eq!(trees.len(), 1);
    let tree = &trees[0];
    assert_eq!((tree.total, tree.max, tree.nodes), (5801, 5, built.node_count()));
    assert_eq!(tree.distribution, built.guess_distribution());
    assert_eq!((tree.wall_seconds, tree.largest_piece), (1.5 * plan.parts().len() as f64, 256));
    // The same rows on one thread.
    assert_eq!(run_on_threads(&spec_plan, 1), frame);
}

/// An error and every source under it, as a binary prints them.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        text.push_str(": ");
        text.push_str(&e.to_string());
        source = e.source();
    }
    text
}

#[test]
fn a_missing_piece_fails_with_the_command_and_a_piece_of_another_tree_is_named() {
    let scratch = Scratch::new("trees-in-pieces-missing");
    let dir = scratch.root.join("data/trees/4x6-knuth");
    let pieces = store_pieces(Game::CLASSIC, &knuth(), &dir).parts().len();
    std::fs::remove_file(dir.join("piece-004.bin")).unwrap();
    let path = scratch.spec("large", &spec(KNUTH_4X6, ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Full).unwrap().remove(0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let run = || plan.task.run(plan.raw.seed, &mastermind_core::progress::Silent);
    let message = chain(&pool.install(run).unwrap_err());
    let not_in = format!("1 of {pieces} pieces are not in ../data/trees/4x6-knuth");
    assert!(message.contains(&not_in), "{message}");
    assert!(message.contains("mastermind tree --game 4x6 --config 'OnePly(("), "{message}");
    assert!(message.contains("--pieces"), "{message}");

    // Kooi's piece in its place is refused, by name, as another player's.
    let kooi = OnePlyConfig { heuristic: Heuristic::MostParts, ..knuth() };
    let other = scratch.root.join("kooi");
    store_pieces(Game::CLASSIC, &kooi, &other);
    std::fs::copy(other.join("piece-004.bin"), dir.join("piece-004.bin")).unwrap();
    let message = chain(&pool.install(run).unwrap_err());
    assert!(
        message.contains("piece-004.bin") && message.contains("another tree (player"),
        "{message}"
    );
}

#[test]
fn mistakes_name_the_tree_and_field() {
    let scratch = Scratch::new("trees-in-pieces-errors");
    let optimal = r#"(label: "Optimal", game: (pegs: 3, colours: 3), tree: Optimal(()),
        pieces: "../data/trees/optimal")"#;
    let error = scratch.rejected(&spec(optimal, ""));
    assert!(error.to_string().contains("only a one-ply player's tree"), "{error}");
    let twice = format!("{KNUTH_4X6}, {KNUTH_4X6}");
    let error = scratch.rejected(&spec(&twice, ""));
    assert!(error.to_string().contains("Knuth at 4x6 is listed twice"), "{error}");
    let published = r#"(label: "Kooi", game: (pegs: 4, colours: 6), total: 5668, source: "Kooi")"#;
    let error = scratch.rejected(&spec(KNUTH_4X6, published));
    assert!(error.to_string().contains("no tree is Kooi at 4x6"), "{error}");
}
