//! How many figures of guesses against time a games spec draws: one per `group` it gives, and
//! one that every arm without a group shares, so that a spec of one's own compares its players.

use mastermind_core::progress::Silent;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{from_source, validate};
use mastermind_experiments::tasks::ReportContext;
use mastermind_report::plot::{Figure, NamedFigure};
use std::path::Path;

/// A spec on 3 pegs x 4 colours whose only figure is `GuessesAgainstTime`, with `arms`.
fn spec(arms: &str) -> String {
    format!(
        r#"Experiment(
    title: "time",
    paper: "My experiments",
    section: "Players",
    seed: 11,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: All,
        runs: 1,
        max_guesses: 12,
        arms: [{arms}],
        report: (figures: [GuessesAgainstTime]),
    )),
)
"#
    )
}

/// The figures the spec with `arms` draws, as (file name suffix, players drawn).
fn time_figures(arms: &str) -> Vec<(String, Vec<String>)> {
    let path = Path::new("experiments/mine/time.ron");
    let spec = from_source(path, "mine/time".into(), spec(arms)).unwrap();
    let plan = validate(&spec, Profile::Quick).unwrap();
    let frame = plan.task.run(plan.raw.seed, &Silent).unwrap();
    let ctx = ReportContext { title: "time", judging: &plan.raw.judging };
    let rendered = plan.task.report(&ctx, &frame).unwrap();
    rendered.figures.into_iter().map(players).collect()
}

fn players(figure: NamedFigure) -> (String, Vec<String>) {
    match figure.figure {
        Figure::GuessesAgainstTime { players, .. } => {
            (figure.name, players.into_iter().map(|p| p.label).collect())
        }
        other => panic!("{} is not a figure of guesses against time: {other:?}", figure.name),
    }
}

const ENTROPY: &str = r#"player: OnePly((heuristic: Entropy))"#;
const MOST_PARTS: &str = r#"player: OnePly((heuristic: MostParts))"#;
const RANDOM: &str = r#"player: OnePly((heuristic: Random))"#;

#[test]
fn arms_without_a_group_share_one_figure() {
    let arms = format!(
        r#"(label: "Entropy", {ENTROPY}), (label: "Most parts", {MOST_PARTS}),
           (label: "Random", {RANDOM})"#
    );
    let figures = time_figures(&arms);
    assert_eq!(
        figures,
        [("time".to_owned(), vec!["Entropy".into(), "Most parts".into(), "Random".into()])]
    );
}

#[test]
fn arms_with_groups_keep_a_figure_per_group_named_after_it() {
    let arms = format!(
        r#"(label: "Entropy 3x4", group: Some("3x4"), {ENTROPY}),
           (label: "Random 3x4", group: Some("3x4"), {RANDOM}),
           (label: "Most parts", group: Some("b c"), {MOST_PARTS})"#
    );
    let figures = time_figures(&arms);
    assert_eq!(
        figures,
        [
            ("time-3x4".to_owned(), vec!["Entropy".into(), "Random".into()]),
            ("time-b-c".to_owned(), vec!["Most parts".into()]),
        ],
        "one figure per group, labels without the group's name"
    );
}

#[test]
fn arms_without_a_group_beside_grouped_ones_get_a_figure_of_their_own() {
    let arms = format!(
        r#"(label: "Entropy", {ENTROPY}), (label: "Most parts", group: Some("g"), {MOST_PARTS}),
           (label: "Random", {RANDOM})"#
    );
    let names: Vec<String> = time_figures(&arms).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["time", "time-g"]);
}

#[test]
fn swept_arms_without_a_group_share_the_figure_too() {
    let arms = format!(
        r#"(label: "Entropy", {ENTROPY}),
           (label: "Subset", player: OnePly((heuristic: Entropy, subset: Some((mu: 2)))),
            sweep: Some((parameter: "mu", values: [2, 4])))"#
    );
    let figures = time_figures(&arms);
    assert_eq!(
        figures,
        [("time".to_owned(), vec!["Entropy".into(), "Subset mu=2".into(), "Subset mu=4".into()])]
    );
}
