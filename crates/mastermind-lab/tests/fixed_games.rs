//! The fixed-games kind (Snyder's Table 7): validation errors name the field, a tiny run plays
//! six games per simulation within the cap, and scores a loss as the spec says.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_lab::spec::scaled::Profile;
use mastermind_lab::spec::{load, validate};

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
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    assert_eq!(plan.task.units(), 24);
    let frame = run_on_threads(&plan, 1);
    assert!(frame.equals_missing(&run_on_threads(&plan, 2)));
    assert_eq!(frame.height(), 24);
    let guesses = frame.column("guesses").unwrap().u32().unwrap();
    let solved = frame.column("solved").unwrap().bool().unwrap();
    let score = frame.column("score").unwrap().f64().unwrap();
    let lies = frame.column("lies").unwrap().bool().unwrap();
    assert_eq!(lies.iter().filter(|l| *l == Some(true)).count(), 12);
    for i in 0..frame.height() {
        assert!(guesses.get(i).unwrap() <= 3);
        let expected =
            if solved.get(i).unwrap() { f64::from(guesses.get(i).unwrap()) } else { 11.0 };
        assert_eq!(score.get(i), Some(expected));
    }
    // With three guesses most games are lost.
    assert!(solved.iter().filter(|s| *s == Some(false)).count() > 12);
}
