//! The importance-sampling kinds (Snyder's Case 1 training and Figure 4): the tables they store,
//! independence of the thread count, exact resumption from the journal, the report, and
//! validation errors that name the line and field.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_core::Game;
use mastermind_experiments::spec::load;
use mastermind_experiments::spec::raw::RawTask;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::importance::journal::Journal;
use mastermind_experiments::tasks::importance::spec::TrainingPlan;
use mastermind_experiments::tasks::{PlanContext, Validate};
use mastermind_lab::progress::Bar;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use mastermind_players::families::importance::{TrainingConfig, train};
use polars::prelude::DataFrame;
use std::io::Write;

fn training_spec(steps: &str, extra: &str) -> String {
    format!(
        r#"Experiment(
    title: "training",
    paper: "Snyder",
    section: "Case 1",
    seed: 11,
    task: ImportanceTraining((
        game: (pegs: 3, colours: 3),
        theta0: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 2.0),
        steps: {steps},
        games_per_step: 60,
        evaluation_games: 40,
        {extra}
    )),
)
"#
    )
}

fn fixed_spec(extra: &str) -> String {
    format!(
        r#"Experiment(
    title: "figure 4",
    paper: "Snyder",
    section: "Figure 4",
    seed: 12,
    task: FixedSampleDescent((
        game: (pegs: 3, colours: 3),
        theta0: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 2.0),
        sample_games: 200,
        steps: 30,
        checkpoints: 3,
        checkpoint_games: 50,
        {extra}
    )),
)
"#
    )
}

fn count(frame: &DataFrame, kind: &str) -> usize {
    let kinds = frame.column("kind").unwrap().str().unwrap();
    kinds.iter().filter(|k| *k == Some(kind)).count()
}

#[test]
fn training_stores_steps_and_games_whatever_the_thread_count() {
    let scratch = Scratch::new("is-training");
    let path = scratch.spec("snyder/training", &training_spec("5", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    assert_eq!(plan.task.units(), 5);
    // The power analysis scales the games its claims are judged on, not the steps.
    assert_eq!(plan.task.size(), 40);
    let one = run_on_threads(&plan, 1);
    assert_eq!((one.height(), count(&one, "step"), count(&one, "play")), (85, 5, 80));
    for column in [
        "kind",
        "arm",
        "index",
        "theta_1",
        "theta_4",
        "estimate",
        "gradient_1",
        "gradient_4",
        "ess",
        "sample_mean",
        "sample_sd",
        "sample_max",
        "sample_unsolved",
        "guesses",
        "solved",
    ] {
        assert!(one.column(column).is_ok(), "missing column {column}");
    }
    // At theta_k itself every weight is 1: the estimate is the step sample's mean.
    let estimate = one.column("estimate").unwrap().f64().unwrap();
    let mean = one.column("sample_mean").unwrap().f64().unwrap();
    assert!((estimate.get(0).unwrap() - mean.get(0).unwrap()).abs() < 1e-12);
    assert!(one.equals_missing(&run_on_threads(&plan, 2)));
    // A completed run leaves no journal behind.
    assert!(!workspace.data().join("quick/snyder/training.journal.jsonl").exists());
}

#[test]
fn an_interrupted_training_resumes_from_its_journal_to_the_same_table() {
    let scratch = Scratch::new("is-resume");
    let path = scratch.spec("training", &training_spec("6", ""));
    let workspace = scratch.workspace();
    let uninterrupted = run_on_threads(
        &workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap()[0],
        2,
    );

    // The journal an interruption after 4 steps leaves, with a torn last line.
    let file = load(&scratch.root.join("experiments"), &path).unwrap();
    let RawTask::ImportanceTraining(task) = &file.raw.task else { panic!("not a training") };
    let plan: TrainingPlan = task.validate(&PlanContext { spec: &file }, Profile::Quick).unwrap();
    let journal = plan.journal.clone().expect("the scratch workspace has a data folder");
    let first = train(
        Game::new(3, 3).unwrap(),
        &TrainingConfig { steps: 4, ..plan.config },
        file.raw.seed,
        &mut |_| {},
    )
    .unwrap();
    let (mut j, done) = Journal::open(&journal, &plan.journal_key(file.raw.seed)).unwrap();
    assert!(done.is_empty());
    j.append(&first.steps).unwrap();
    drop(j);
    std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .unwrap()
        .write_all(b"{\"step\":4,\"theta\":[1")
        .unwrap();

    let bar = Bar::new(6, String::new(), "steps");
    use mastermind_experiments::tasks::Task;
    let resumed = plan.run(file.raw.seed, &bar).unwrap();
    assert!(resumed.equals_missing(&uninterrupted));
    assert!(!journal.exists());

    // A journal of another configuration is not resumed from.
    let (mut j, _) = Journal::open(&journal, "another run").unwrap();
    j.append(&first.steps[..1]).unwrap();
    let (_, done) = Journal::open(&journal, &plan.journal_key(file.raw.seed)).unwrap();
    assert!(done.is_empty());
}

#[test]
fn the_training_report_has_figure_1_the_tests_and_the_conclusions() {
    let scratch = Scratch::new("is-report");
    let outcome = scratch.run_quick("snyder/training", &training_spec(
        "4",
        "paper: (theta: Some((one_colour: -0.488, two_colours: -1.458, three_colours: 5.944, consistent: 82.371)), p_value: Some(5.595e-8)),",
    ));
    let workspace = scratch.workspace();
    let md = &outcome.section.markdown;
    for needle in [
        "fitted theta after 4 steps of 60 games",
        "| θ4 | later guess consistent with every reply | 2.000 |",
        "82.371 |",
        "| pooled (equal variances) |",
        "5.595e-8",
        "**Thesis conclusions.**",
        "under random consistent play",
    ] {
        assert!(md.contains(needle), "missing {needle:?} in\n{md}");
    }
    for figure in ["training-figure-1.png", "training-figure-1.svg", "training-lengths.png"] {
        let file = workspace.figures(Profile::Quick).join("snyder").join(figure);
        assert!(file.metadata().unwrap().len() > 1000, "{}", file.display());
    }
}

#[test]
fn figure_4_stores_the_sample_the_steps_and_the_checkpoints() {
    let scratch = Scratch::new("is-fixed");
    let path = scratch.spec("snyder/figure-4", &fixed_spec(""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    assert_eq!(plan.task.units(), 33);
    let one = run_on_threads(&plan, 1);
    assert_eq!((count(&one, "sample"), count(&one, "step"), count(&one, "checkpoint")), (1, 30, 3));
    let games = one.column("simulated_games").unwrap().u32().unwrap();
    let steps = one.column("step").unwrap().u32().unwrap();
    // Checkpoints at steps 10, 20, 30, each with 50 fresh games.
    assert_eq!((steps.get(31), steps.get(33), games.get(33)), (Some(10), Some(30), Some(50)));
    assert_eq!(games.get(0), Some(200));
    assert!(one.equals_missing(&run_on_threads(&plan, 2)));

    let outcome =
        runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false).unwrap();
    assert!(outcome.section.markdown.contains("**Accuracy of the estimates.**"));
    assert!(outcome.section.markdown.contains("figure-4-figure-4.png"));
}

#[test]
fn mistakes_name_their_line_and_field() {
    let scratch = Scratch::new("is-errors");
    let e = scratch
        .rejected(&training_spec("5", "").replace("games_per_step: 60", "games_per_step: 1"));
    assert_eq!((e.line, e.field.as_str()), (Some(10), "task.games_per_step"), "{e}");

    let e = scratch.rejected(&training_spec("5", "").replace("consistent: 2.0", "consistent: 2e7"));
    assert_eq!((e.line, e.field.as_str()), (Some(8), "task.theta0.consistent"), "{e}");

    let e = scratch
        .rejected(&training_spec("5", "").replace("evaluation_games: 40", "evaluation_games: 1"));
    assert_eq!((e.line, e.field.as_str()), (Some(11), "task.evaluation_games"), "{e}");

    let e = scratch.rejected(&training_spec("5", "alpha: 1.5,"));
    assert_eq!(e.field, "task.alpha", "{e}");

    let e = scratch.rejected(&training_spec("(quick: 5)", ""));
    assert!(e.message.contains("full"), "{e}");

    let e = scratch.rejected(&fixed_spec("").replace("checkpoints: 3", "checkpoints: 5000"));
    assert_eq!((e.line, e.field.as_str()), (Some(11), "task.checkpoints"), "{e}");

    let e = scratch.rejected(&fixed_spec("stepsize: 0.5,"));
    assert!(e.message.contains("stepsize"), "{e}");
}
