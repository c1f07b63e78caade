//! Verdicts end to end: a games spec's paper numbers and comparisons judged from a real run.

mod common;

use common::{Scratch, knuth_and_random};

/// Knuth's rule over every 3x4 secret is exact; a random player over them is a sample. A third
/// arm repeats Knuth's rule without a paper number.
fn spec(knuth_paper: &str, random_paper: &str, claims: &str) -> String {
    let again = r#"(label: "Knuth again", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First))),"#;
    knuth_and_random(
        &format!(", paper: Some(({knuth_paper}))"),
        &format!(", paper: Some(({random_paper}))"),
        again,
        claims,
    )
}

/// Runs the spec `text` (quick profile) and returns its rendered Markdown section.
fn rendered_section(scratch: &Scratch, text: &str) -> String {
    scratch.rendered("paper/table", text)
}

/// The rows of the verdict table of the spec `text`.
fn verdict_rows(scratch: &Scratch, text: &str) -> Vec<String> {
    let section = rendered_section(scratch, text);
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
    // An exact value has no sampling error: no games would change it.
    assert!(rows[0].contains("| ±0.0005 | exact | reproduced |"), "{}", rows[0]);
    // A sentence without an arm that measures it is a hypothesis: the verdict stands.
    assert!(rows[1].contains("| contradicted |"), "{}", rows[1]);
    assert!(rows[1].ends_with("| A known reason. |"), "{}", rows[1]);
    // The same deterministic rule twice: a zero difference, inside any margin; never fewer.
    assert!(rows[2].contains("| reproduced |"), "{}", rows[2]);
    assert!(rows[3].contains("| contradicted |"), "{}", rows[3]);
    // A wrong exact value is contradicted.
    let off = format!("mean: Some({:.3})", exact + 0.002);
    let rows = verdict_rows(&scratch, &spec(&off, impossible, ""));
    assert!(rows[0].contains("| contradicted | Exact values: ours is"), "{}", rows[0]);
}

#[test]
fn a_reading_that_reproduces_the_papers_number_explains_it_and_is_named() {
    let scratch = Scratch::new("readings");
    let exact: f64 = {
        let rows = verdict_rows(&scratch, &spec("mean: Some(9.125)", "mean: Some(1.000)", ""));
        rows[0].split(" | ").nth(1).unwrap().trim().parse().unwrap()
    };
    // The paper's number for "Random" is Knuth's exact mean: the arm "Knuth again", read as
    // another reading of "Random", reproduces it.
    let text = spec("mean: Some(9.125)", &format!("mean: Some({exact:.3})"), "")
        .replace("absolute: Some(0.5)", "absolute: Some(0.01)")
        .replace(
        r#"(label: "Knuth again", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First))),"#,
        r#"(label: "Knuth again", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First)),
                reading: Some((of: Some("Random"), name: "a deterministic rule", because: "a test"))),"#,
    );
    let section = rendered_section(&scratch, &text);
    let random = section.lines().find(|l| l.starts_with("| Random: mean guesses |")).unwrap();
    assert!(random.contains("| explained (measured) |"), "{random}");
    assert!(random.contains("\"a deterministic rule\" (arm Knuth again)"), "{random}");
    let sensitivity = section.split("**Sensitivity").nth(1).expect("a sensitivity table");
    assert!(sensitivity.contains("| Random: mean guesses | a deterministic rule | Knuth again |"));
}

#[test]
fn an_evaluation_count_is_judged_under_every_counter_the_games_record() {
    let scratch = Scratch::new("counters");
    // No paper defines an evaluation: the spec's counter is the default reading, the others are
    // shown beside it in the sensitivity table.
    let text = spec("mean: Some(9.125)", "mean: Some(1.000), evaluations: Some(5.0)", "");
    let section = rendered_section(&scratch, &text);
    let sensitivity = section.split("**Sensitivity").nth(1).expect("a sensitivity table");
    let claim = "| Random: evaluations per game (ours: evaluations) |";
    assert!(sensitivity.contains(&format!("{claim} as specified |")), "{sensitivity}");
    assert!(
        sensitivity.contains(&format!("{claim} counted as score_calls | Random |")),
        "{sensitivity}"
    );
    // Only the spec's own counter is one of the paper's claims.
    let verdicts = section.split("**Verdicts.**").nth(1).unwrap();
    let verdicts = verdicts.split("**Sensitivity").next().unwrap();
    assert_eq!(verdicts.matches("evaluations per game").count(), 1, "{verdicts}");
}
