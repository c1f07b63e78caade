//! The fixed-games kind (Snyder's Table 7): validation errors name the field, a tiny run plays
//! six games per simulation within the cap, and scores a loss as the spec says.

mod common;

use common::{Scratch, run_on_threads, without_wall_time};
use mastermind_experiments::spec::raw::RawTask;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{load, validate};
use mastermind_experiments::tasks::fixed_games::report::scored;
use mastermind_experiments::tasks::games::frame::PlayedGame;
use mastermind_experiments::tasks::record::Record;
use mastermind_experiments::tasks::{PlanContext, Validate};

fn spec(simulations: &str, cap: &str) -> String {
    format!(
        r#"Experiment(
    title: "fixed",
    paper: "Test paper",
    section: "Table 7",
    seed: 5,
    task: FixedGames((
        script_seed: 2008,
        simulations: {simulations},
        cap: {cap},
        loss_score: 11.0,
        player: MetropolisHastings(()),
        paper_rows: [(label: "Humans", standard_won: (2.8, 0.4), standard_turns: (6.8, 1.7), false_won: (1.5, 1.1), false_turns: (9.2, 1.7))],
    )),
)"#
    )
}

#[test]
fn bad_numbers_name_their_line() {
    let scratch = Scratch::new("fixed-errors");
    let root = scratch.root.join("experiments");
    for (text, field, line) in
        [(spec("0", "10"), "task.simulations", 8), (spec("5", "0"), "task.cap", 9)]
    {
        let path = scratch.spec("broken", &text);
        let e = load(&root, &path).and_then(|s| validate(&s, Profile::Quick)).err().unwrap();
        assert_eq!(e.field, field, "{e}");
        assert_eq!(e.line, Some(line), "{e}");
    }
}

#[test]
fn a_tiny_run_plays_six_games_per_simulation_within_the_cap() {
    let scratch = Scratch::new("fixed-run");
    let path = scratch.spec("fixed", &spec("(quick: 4, full: 1000)", "3"));
    let plan = scratch.workspace().plans(std::slice::from_ref(&path), Profile::Quick).unwrap();
    let plan = &plan[0];
    assert_eq!(plan.task.units(), 24);
    let frame = run_on_threads(plan, 1);
    let timeless = |threads| without_wall_time(run_on_threads(plan, threads));
    assert!(without_wall_time(frame.clone()).equals_missing(&timeless(2)));
    assert_eq!(frame.height(), 24);
    let games = PlayedGame::from_frame(&frame).unwrap();
    let file = load(&scratch.root.join("experiments"), &path).unwrap();
    let RawTask::FixedGames(task) = &file.raw.task else { panic!("a fixed-games spec") };
    let fixed = task.validate(&PlanContext { spec: &file }, Profile::Quick).unwrap();
    let scored = scored(&fixed, &games);
    assert_eq!(scored.iter().filter(|g| g.lies).count(), 12);
    for (game, score) in games.iter().zip(&scored) {
        assert!(game.game.guesses <= 3);
        assert_eq!(game.game.false_reply_pool, "scripted");
        let expected = if game.game.solved { f64::from(game.game.guesses) } else { 11.0 };
        assert_eq!(score.score, expected);
    }
    // With three guesses most games are lost.
    assert!(scored.iter().filter(|g| !g.solved).count() > 12);
}
