//! A spec of one's own (no paper numbers, claims of its own) is written about as such: its
//! section never calls its claims the paper's, nor explains columns that quote a paper it has
//! none of; a spec that quotes its paper still says so. Its claims' forest plot is in the report
//! even though no summary weighs them.

mod common;

use common::{Scratch, knuth_and_random};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::runner;

/// Knuth's rule and a random player over every 3x4 secret, with one claim of the spec's own;
/// `paper` is spliced after Knuth's player (empty: no paper number).
fn games(paper: &str) -> String {
    let claim =
        r#"(text: "Knuth needs fewer guesses than Random", holds: Fewer("Knuth", "Random")),"#;
    knuth_and_random(paper, "", "", claim)
}

/// A small GA on 6 pegs x 3 colours; `paper` is its arm's `paper` field (empty: none).
fn justus(paper: &str) -> String {
    format!(
        r#"Experiment(
    title: "my GA",
    paper: "My experiments",
    section: "Question 2",
    seed: 11,
    task: Justus((
        game: (pegs: 6, colours: 3),
        runs: 4,
        arms: [(label: "Small", config: (population: 20, survivors: 10){paper})],
        report: (figures: []),
    )),
)
"#
    )
}

#[test]
fn a_games_spec_of_ones_own_states_its_claims_as_its_own() {
    let scratch = Scratch::new("own-games");
    let own = scratch.rendered("mine/games", &games(""));
    assert!(own.contains("**Verdicts.** Each claim of this spec, judged"), "{own}");
    assert!(own.contains("Knuth needs fewer guesses than Random"), "{own}");
    assert!(!own.contains("of the paper"), "{own}");
    assert!(!own.contains("Columns marked"), "{own}");
    // Give the first arm a paper number, and the section quotes a paper again.
    let quoted = scratch.rendered("mine/games", &games(", paper: Some((mean: Some(2.500)))"));
    assert!(quoted.contains("Each claim of the paper that this spec tests"), "{quoted}");
    assert!(quoted.contains("Columns marked *paper* quote the publication."), "{quoted}");
}

#[test]
fn a_justus_spec_without_paper_numbers_has_no_paper_columns() {
    let scratch = Scratch::new("own-justus");
    let own = scratch.rendered("mine/ga", &justus(""));
    assert!(own.contains("Generations until the secret is in the population"), "{own}");
    assert!(!own.contains("Columns marked"), "{own}");
    assert!(!own.contains("paper generations"), "{own}");
    let quoted = scratch.rendered("mine/ga", &justus(", paper: Some((generations: Some(9)))"));
    assert!(quoted.contains("Columns marked *paper* quote the publication."), "{quoted}");
    assert!(quoted.contains("| paper generations |"), "{quoted}");
}

#[test]
fn the_report_shows_the_forest_of_a_paper_no_summary_weighs() {
    let scratch = Scratch::new("own-forest");
    scratch.run_quick("mine/games", &games(""));
    let workspace = scratch.workspace();
    let index = runner::report_every(&workspace, Profile::Quick, Vec::new()).unwrap();
    let report = std::fs::read_to_string(&index.path).unwrap();
    assert!(
        report.contains("### Test paper\n\nNo summary weighs the claims of Test paper"),
        "{report}"
    );
    assert!(report.contains("](forest-test-paper.png)"), "{report}");
    assert!(workspace.figures(Profile::Quick).join("forest-test-paper.png").exists());
}
