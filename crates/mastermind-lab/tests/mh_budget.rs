//! The M-H budget kind (Snyder's Table 4): validation errors name the field, a tiny run has the
//! games columns and one arm per size and budget, and the table does not depend on the threads.

mod common;

use common::{Scratch, run_on_threads, without_wall_time};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{load, validate};
use mastermind_experiments::tasks::mh_budget::report::least_squares;

fn spec(budgets: &str, threshold: &str) -> String {
    format!(
        r#"Experiment(
    title: "budget",
    paper: "Test paper",
    section: "Table 4",
    seed: 3,
    task: MhBudget((
        sizes: [
            (game: (pegs: 2, colours: 4), paper_steps: Some(20)),
            (game: (pegs: 3, colours: 4)),
        ],
        player: (theta: 1.0),
        optimal_games: 20,
        budget_games: (quick: 10, full: 100),
        budgets: {budgets},
        threshold: {threshold},
        paper_fit: Some((0.3, 2.89)),
    )),
)"#
    )
}

#[test]
fn bad_budgets_and_threshold_name_their_line() {
    let scratch = Scratch::new("mh-budget-errors");
    let root = scratch.root.join("experiments");
    for (text, field, line) in [
        (spec("(from: 0, to: 40, step: 10)", "1.1"), "task.budgets", 14),
        (spec("(from: 50, to: 40, step: 10)", "1.1"), "task.budgets", 14),
        (spec("(from: 10, to: 40, step: 10)", "0.5"), "task.threshold", 15),
    ] {
        let path = scratch.spec("broken", &text);
        let e = load(&root, &path).and_then(|s| validate(&s, Profile::Quick)).err().unwrap();
        assert_eq!(e.field, field, "{e}");
        assert_eq!(e.line, Some(line), "{e}");
    }
}

#[test]
fn a_tiny_run_has_one_arm_per_size_and_budget_and_ignores_threads() {
    let scratch = Scratch::new("mh-budget-run");
    let path = scratch.spec("budget", &spec("(from: 10, to: 40, step: 10)", "1.1"));
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    // Per size: 20 "until candidate" games and 4 budgets x 10 games.
    assert_eq!(plan.task.units(), 2 * (20 + 4 * 10));
    let play = |threads| without_wall_time(run_on_threads(&plan, threads));
    let frame = play(1);
    assert!(frame.equals_missing(&play(2)));
    for column in ["arm", "group", "x", "pegs", "colours", "guesses", "evaluations", "proposals"] {
        assert!(frame.column(column).is_ok(), "missing {column}");
    }
    let arms: std::collections::BTreeSet<String> =
        frame.column("arm").unwrap().str().unwrap().iter().map(|s| s.unwrap().to_owned()).collect();
    assert!(arms.contains("4/2 until candidate") && arms.contains("4/3 steps=40"), "{arms:?}");
    assert_eq!(arms.len(), 2 * 5);
    // Every game is solved: the walks always find a candidate at these sizes.
    assert!(frame.column("solved").unwrap().bool().unwrap().iter().all(|s| s == Some(true)));
}

#[test]
fn each_reading_plays_every_size_and_budget_beside_the_default() {
    let scratch = Scratch::new("mh-budget-readings");
    let readings = r#"paper_fit: Some((0.3, 2.89)),
        readings: [(name: "accepted moves", player: (theta: 1.0, step: AcceptedMove), because: "b")],"#;
    let text = spec("(from: 10, to: 20, step: 10)", "1.1")
        .replace("paper_fit: Some((0.3, 2.89)),", readings);
    let path = scratch.spec("budget", &text);
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    // Per size and player: 20 "until candidate" games and 2 budgets x 10 games.
    assert_eq!(plan.task.units(), 2 * 2 * (20 + 2 * 10));
    let frame = run_on_threads(&plan, 1);
    let arms: std::collections::BTreeSet<String> =
        frame.column("arm").unwrap().str().unwrap().iter().map(|s| s.unwrap().to_owned()).collect();
    assert!(arms.contains("4/3 steps=20 (accepted moves)"), "{arms:?}");
    assert!(arms.contains("4/2 until candidate (accepted moves)"), "{arms:?}");
    assert_eq!(arms.len(), 2 * 2 * 3);
    // A reading without a reason is refused, naming the field.
    let root = scratch.root.join("experiments");
    let bad = scratch.spec("broken", &text.replace("because: \"b\"", "because: \" \""));
    let e = load(&root, &bad).and_then(|s| validate(&s, Profile::Quick)).err().unwrap();
    assert_eq!(e.field, "task.readings[0].because", "{e}");
}

#[test]
fn least_squares_recovers_a_line() {
    let points: Vec<(f64, f64)> = [8.0, 10.0, 12.0].iter().map(|&x| (x, 0.3 * x + 2.89)).collect();
    let (a, b) = least_squares(&points).unwrap();
    assert!((a - 0.3).abs() < 1e-12 && (b - 2.89).abs() < 1e-12);
    assert!(least_squares(&points[..1]).is_none());
}

/// Issue 15, defect 2: no budget reaching the threshold used to panic the report.
#[test]
fn a_report_where_no_budget_reaches_the_threshold_is_drawn() {
    let scratch = Scratch::new("mh-budget-unreached");
    // A threshold of exactly the optimum with budgets of one or two steps: nothing reaches it.
    let text =
        spec("(from: 1, to: 2, step: 1)", "1.0").replace("paper_fit: Some((0.3, 2.89)),", "");
    let outcome = scratch.run_quick("budget", &text);
    assert!(outcome.section.markdown.contains("> 2"), "{}", outcome.section.markdown);
    assert!(outcome.section.markdown.contains("Too few sizes"), "{}", outcome.section.markdown);
}

/// A reading's own run to a candidate is judged as that reading of the thesis's optimal length,
/// in the sensitivity table beside the default's.
#[test]
fn each_reading_is_judged_on_its_own_length_run_to_a_candidate() {
    let scratch = Scratch::new("mh-budget-reading-lengths");
    let with_readings = r#"paper_optimal: Some(2.5), paper_steps: Some(20)),
            (game: (pegs: 3, colours: 4)),
        ],
        readings: [(name: "theta 0.5", player: (theta: 0.5), because: "b")],
        sizes_end: (),"#;
    let text = spec("(from: 10, to: 20, step: 10)", "1.1")
        .replace(
            "paper_steps: Some(20)),\n            (game: (pegs: 3, colours: 4)),\n        ],",
            with_readings,
        )
        .replace("        sizes_end: (),\n", "");
    let outcome = scratch.run_quick("budget", &text);
    let rows: Vec<&str> = outcome
        .section
        .markdown
        .lines()
        .filter(|l| l.starts_with("| 4/2: mean length run to a candidate |"))
        .collect();
    assert!(rows.iter().any(|l| l.contains("| as specified |")), "{rows:#?}");
    assert!(rows.iter().any(|l| l.contains("| theta 0.5 |")), "{rows:#?}");
}
