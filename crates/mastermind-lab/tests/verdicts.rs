//! Verdicts end to end: a games spec's paper numbers and comparisons judged from a real run.

mod common;

use common::Scratch;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use mastermind_lab::spec::scaled::Profile;

/// Knuth's rule over every 3x4 secret is exact; a random player over them is a sample.
fn spec(knuth_paper: &str, random_paper: &str, claims: &str) -> String {
    format!(
        r#"Experiment(
    title: "verdicts",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: All,
        runs: 1,
        max_guesses: 12,
        arms: [
            (label: "Knuth", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First)), paper: Some(({knuth_paper}))),
            (label: "Random", player: OnePly((heuristic: Random)), paper: Some(({random_paper}))),
            (label: "Knuth again", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First))),
        ],
        report: (test: (kind: Welch, on: Games), claims: [{claims}]),
    )),
)
"#
    )
}

fn verdict_rows(scratch: &Scratch, text: &str) -> Vec<String> {
    let path = scratch.spec("paper/table", text);
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), true).unwrap();
    let section =
        std::fs::read_to_string(workspace.figures(Profile::Quick).join("paper/table.md")).unwrap();
    let table = section.split("**Verdicts.**").nth(1).expect("a verdict table").to_owned();
    table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| claim"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn paper_numbers_and_comparisons_are_judged_from_the_data() {
    let scratch = Scratch::new("verdicts");
    // Knuth's exact mean over the 64 secrets, read from a first run (printed to 4 decimals).
    let exact: f64 = {
        let rows = verdict_rows(&scratch, &spec("mean: Some(9.125)", "mean: Some(1.000)", ""));
        rows[0].split(" | ").nth(1).unwrap().trim().parse().unwrap()
    };
    let knuth = format!("mean: Some({exact:.3})");
    let impossible = "mean: Some(1.000)"; // no game of 3x4 is won in one guess on average
    let claims = r#"(text: "the same rule twice is not different", holds: NotDifferent("Knuth", "Knuth again")),
                    (text: "the same rule needs fewer guesses", holds: Fewer("Knuth", "Knuth again"))"#;
    let told = format!("{impossible}, explained: Some(\"A known reason.\")");
    let rows = verdict_rows(&scratch, &spec(&knuth, &told, claims));
    assert_eq!(rows.len(), 4, "{rows:#?}");
    assert!(rows[0].starts_with("| Knuth: mean guesses |"), "{}", rows[0]);
    assert!(rows[0].contains("| – | 1.0000 | reproduced |"), "exact, no SE: {}", rows[0]);
    assert!(rows[1].contains("| explained difference | A known reason. |"), "{}", rows[1]);
    assert!(rows[2].contains("| reproduced |"), "{}", rows[2]);
    assert!(rows[3].contains("| contradicted |"), "{}", rows[3]);
    // Without the reason, the same difference is contradicted; a wrong exact value too.
    let off = format!("mean: Some({:.3})", exact + 0.002);
    let rows = verdict_rows(&scratch, &spec(&off, impossible, ""));
    assert!(rows[0].contains("| contradicted |"), "{}", rows[0]);
    assert!(
        rows[1].contains("| contradicted |") && rows[1].contains("spec gives no reason"),
        "{}",
        rows[1]
    );
}
