//! The first-guess table kind (Snyder's Table 1): the exact values, the report's comparison with
//! the thesis, and validation errors that name the line and field.

mod common;

use common::Scratch;
use mastermind_core::progress::Silent;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;

fn spec(games: &str, shares: &str) -> String {
    format!(
        r#"Experiment(
    title: "Table 1",
    paper: "Snyder",
    section: "Table 1",
    seed: 1,
    task: FirstGuess((
        games: [{games}],
        paper: [
            (
                game: (pegs: 4, colours: 6),
                shares: [{shares}],
            ),
        ],
    )),
)
"#
    )
}

const THESIS: &str = r#"("2,1,1", 0.1429541), ("1,1,1,1", 0.1452082), ("2,2", 0.1578206),
                    ("3,1", 0.1820595), ("4", 0.3950462)"#;

#[test]
fn table_1_matches_the_thesis_to_every_printed_digit() {
    let scratch = Scratch::new("table-1");
    let path = scratch
        .spec("snyder/table-1", &spec("(pegs: 4, colours: 6), (pegs: 3, colours: 2)", THESIS));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    let frame = plan.task.run(1, &Silent).unwrap();
    // 5 patterns of 4 pegs x 6 colours, 2 of 3 pegs x 2 colours (3 and 2,1).
    assert_eq!(frame.height(), 7);
    let pattern = frame.column("pattern").unwrap().str().unwrap();
    let share = frame.column("expected_share").unwrap().f64().unwrap();
    let shown: Vec<String> = (0..5)
        .map(|i| format!("{} {:.7}", pattern.get(i).unwrap(), share.get(i).unwrap()))
        .collect();
    assert_eq!(
        shown,
        ["2,1,1 0.1429541", "1,1,1,1 0.1452082", "2,2 0.1578206", "3,1 0.1820595", "4 0.3950462"]
    );

    let outcome =
        runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false).unwrap();
    let md = outcome.section.markdown;
    assert!(md.contains("| 2,1,1 | 3 | AABC | 720 | 0.1429541 | 0.1429541 | yes |"), "{md}");
    assert!(md.contains("All 5 printed values of the paper are reproduced to 7 decimals."), "{md}");
}

#[test]
fn a_wrong_printed_value_is_flagged_not_hidden() {
    let scratch = Scratch::new("table-1-wrong");
    let wrong = THESIS.replace("0.1578206", "0.1578207");
    let md = scratch.run_quick("t", &spec("(pegs: 4, colours: 6)", &wrong)).section.markdown;
    assert!(md.contains("| 2,2 | 2 | AABB | 90 | 0.1578206 | 0.1578207 | no |"), "{md}");
    assert!(md.contains("4 of 5 printed values"), "{md}");
}

#[test]
fn mistakes_name_their_line_and_field() {
    let scratch = Scratch::new("table-1-errors");
    let e = scratch.rejected(&spec("(pegs: 4, colours: 6)", r#"("2,2,2", 0.1)"#));
    assert_eq!(e.line, Some(11), "{e}");
    assert_eq!(e.field, "task.paper[0].shares[0]");
    assert!(e.message.contains("not a colour pattern") && e.hint.unwrap().contains("2,1,1"));

    let e = scratch.rejected(&spec("(pegs: 5, colours: 8)", THESIS));
    assert_eq!(e.field, "task.paper[0].game", "{e}");
    assert!(e.message.contains("4x6"), "{e}");

    let e = scratch.rejected(&spec("(pegs: 9, colours: 9)", THESIS));
    assert_eq!((e.line, e.field.as_str()), (Some(7), "task.games[0]"), "{e}");

    let e = scratch.rejected(&spec("", THESIS));
    assert!(e.message.contains("no games"), "{e}");
}
