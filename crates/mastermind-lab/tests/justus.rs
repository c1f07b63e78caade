//! The Justus kind: validation errors name their line and field, a tiny run gives the documented
//! columns, and the table does not depend on the thread count.

mod common;

use common::{Scratch, run_on_threads, without_wall_time};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{load, validate};
use polars::prelude::DataFrame;

/// A small Justus spec on 6 pegs x 3 colours; `arms` replaces the arm list.
fn spec(runs: &str, arms: &str) -> String {
    format!(
        r#"Experiment(
    title: "small GA",
    paper: "Test paper",
    section: "Plot 1",
    seed: 11,
    task: Justus((
        game: (pegs: 6, colours: 3),
        runs: {runs},
        arms: [
{arms}
        ],
        report: (figures: [Generations, Normalised]),
    )),
)
"#
    )
}

const SWEEP: &str = r#"            (
                label: "k",
                config: (population: 20, survivors: 10),
                sweep: Some((parameter: "tournament_size", values: [2, 4], paper_generations: [None, Some(9)])),
            ),
            (label: "Defaults", config: ()),"#;

fn run_with_threads(threads: usize) -> DataFrame {
    let scratch = Scratch::new(&format!("justus-run-{threads}"));
    let path = scratch.spec("ga", &spec("(quick: 6, full: 1000)", SWEEP));
    let root = scratch.root.join("experiments");
    let plan = validate(&load(&root, &path).unwrap(), Profile::Quick).unwrap();
    assert_eq!(plan.task.units(), 18, "three arms of six runs");
    run_on_threads(&plan, threads)
}

#[test]
fn a_run_has_one_row_per_run_with_the_documented_columns() {
    let frame = run_with_threads(2);
    assert_eq!(frame.height(), 18);
    let names: Vec<String> = frame.get_column_names().iter().map(|n| n.to_string()).collect();
    for expected in [
        "arm",
        "group",
        "x",
        "parameters",
        "run",
        "seed",
        "secret",
        "generations",
        "unique_evaluated",
        "evaluations",
        "capped",
        "nanos",
    ] {
        assert!(names.iter().any(|n| n == expected), "no column {expected}: {names:?}");
    }
    let arms: Vec<&str> = frame.column("arm").unwrap().str().unwrap().iter().flatten().collect();
    assert_eq!(arms[0], "k tournament_size=2");
    assert_eq!(arms[6], "k tournament_size=4");
    assert_eq!(arms[12], "Defaults");
    let params: Vec<&str> =
        frame.column("parameters").unwrap().str().unwrap().iter().flatten().collect();
    assert!(params[6].contains("\"tournament_size\":4") && params[6].contains("\"population\":20"));
    // Every candidate is scored: N first, then N - m per generation.
    let g = frame.column("generations").unwrap().u32().unwrap();
    let e = frame.column("evaluations").unwrap().u64().unwrap();
    for (g, e) in g.iter().zip(e.iter()).take(12) {
        assert_eq!(e.unwrap(), 20 + 10 * u64::from(g.unwrap()));
    }
}

#[test]
fn the_table_does_not_depend_on_the_thread_count() {
    let one = without_wall_time(run_with_threads(1));
    let two = without_wall_time(run_with_threads(2));
    assert!(one.equals_missing(&two), "{one}\n{two}");
}

#[test]
fn an_invalid_configuration_names_its_arm_and_field() {
    let arms = r#"            (label: "Good", config: ()),
            (label: "Too many survivors", config: (population: 10, survivors: 10)),"#;
    let e = Scratch::new("justus-config").rejected(&spec("3", arms));
    assert_eq!(e.line, Some(11), "{e}");
    assert!(e.message.contains("survivors"), "{e}");
}

#[test]
fn an_unknown_swept_parameter_lists_the_fields() {
    let arms = r#"            (label: "k", config: (), sweep: Some((parameter: "tournament", values: [2, 3]))),"#;
    let e = Scratch::new("justus-sweep").rejected(&spec("3", arms));
    assert_eq!(e.line, Some(10), "{e}");
    assert!(e.message.contains("tournament_size"), "{e}");
}

#[test]
fn paper_values_must_match_the_swept_values() {
    let arms = r#"            (label: "k", config: (), sweep: Some((parameter: "tournament_size", values: [2, 3], paper_generations: [Some(17)]))),"#;
    let e = Scratch::new("justus-paper").rejected(&spec("3", arms));
    assert!(e.message.contains("1 paper values for 2"), "{e}");
    assert_eq!(e.field, "task.arms[\"k\"].sweep.paper_generations");
}

#[test]
fn zero_runs_and_figures_without_a_sweep_are_rejected() {
    let e = Scratch::new("justus-runs").rejected(&spec("0", r#"(label: "A", config: ()),"#));
    assert_eq!(e.field, "task.runs");
    let e = Scratch::new("justus-figures").rejected(&spec("3", r#"(label: "A", config: ()),"#));
    assert_eq!(e.field, "task.report.figures");
}
