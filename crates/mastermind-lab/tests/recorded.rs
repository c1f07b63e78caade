//! Arms of recorded games: another program's games, stored as data beside the specs, read
//! instead of played, judged as any arm, and a changed file makes the stored result stale.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;

const RECORDED: &str = "# program: a test program 1.0\n# options: none\n\
                        secret,guesses,evaluations,seconds\n\
                        AAB,3,40,0.01\nCDA,4,55,0.02\nBBB,2,20,0.01\n";

fn spec(recorded: &str) -> String {
    format!(
        r#"Experiment(
    title: "recorded",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: Sample((quick: 8, full: 8)),
        runs: 2,
        max_guesses: 12,
        arms: [
            (label: "Entropy", player: OnePly((heuristic: Entropy)), paper: Some((mean: Some(3.0), evaluations: Some(40)))),
            (label: "Theirs", player: OnePly((heuristic: Entropy)), recorded: Some({recorded:?}),
             reading: Some((of: Some("Entropy"), name: "their program", because: "the authors' own code"))),
        ],
    )),
)
"#
    )
}

#[test]
fn a_recorded_arm_reads_its_games_and_a_changed_file_reruns() {
    let scratch = Scratch::new("recorded");
    std::fs::create_dir_all(scratch.root.join("data/peers")).unwrap();
    let file = scratch.root.join("data/peers/theirs.csv");
    std::fs::write(&file, RECORDED).unwrap();
    let path = scratch.spec("paper/recorded", &spec("../../data/peers/theirs.csv"));
    let workspace = scratch.workspace();
    let plan = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);

    let frame = run_on_threads(&plan, 2);
    // Two runs of 8 games played, and the three recorded games once.
    assert_eq!(frame.height(), 2 * 8 + 3);
    let arm = frame.column("arm").unwrap().str().unwrap();
    let secret = frame.column("secret").unwrap().str().unwrap();
    let evaluations = frame.column("evaluations").unwrap().u64().unwrap();
    let theirs: Vec<(String, u64)> = (0..frame.height())
        .filter(|&i| arm.get(i) == Some("Theirs"))
        .map(|i| (secret.get(i).unwrap().to_owned(), evaluations.get(i).unwrap()))
        .collect();
    assert_eq!(theirs, [("AAB".into(), 40), ("CDA".into(), 55), ("BBB".into(), 20)]);

    let provenance = Provenance::of_checkout(&scratch.root);
    assert!(runner::run(&workspace, &plan, &provenance, false).unwrap().ran);
    let again = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);
    assert!(!runner::run(&workspace, &again, &provenance, false).unwrap().ran, "current");
    // The recorded arm is judged as a reading of the arm it names.
    let section = runner::run(&workspace, &again, &provenance, false).unwrap().section;
    assert!(section.markdown.contains("their program"), "{}", section.markdown);

    std::fs::write(&file, RECORDED.replace("BBB,2,20", "BBB,3,20")).unwrap();
    let changed = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);
    assert!(runner::run(&workspace, &changed, &provenance, false).unwrap().ran, "stale");
}

#[test]
fn a_bad_recorded_file_is_refused_with_its_line() {
    let scratch = Scratch::new("recorded-bad");
    std::fs::create_dir_all(scratch.root.join("data/peers")).unwrap();
    std::fs::write(scratch.root.join("data/peers/theirs.csv"), RECORDED.replace("CDA,4", "CDZ,4"))
        .unwrap();
    let error = scratch.rejected(&spec("../data/peers/theirs.csv"));
    let text = error.to_string();
    assert!(text.contains("theirs.csv:5"), "{text}");
    assert!(text.contains("recorded"), "{text}");
    let missing = scratch.rejected(&spec("../data/peers/none.csv"));
    assert!(missing.to_string().contains("cannot read the recorded games"), "{missing}");
}
