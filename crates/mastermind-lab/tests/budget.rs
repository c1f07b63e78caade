//! The budget check (issue 15, defect 7): specs that validate but would not finish on a 2-core,
//! 24 GiB machine are refused before anything runs, naming the field and the estimate; the
//! repository's own specs fit.

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::budget::{Budget, check};
use mastermind_experiments::spec::SpecError;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::workspace::Workspace;
use std::path::Path;

/// The budget error of a spec that validates.
fn refused(scratch: &Scratch, text: &str) -> SpecError {
    let path = scratch.spec("costly", text);
    let plan = match scratch.workspace().plans(&[path], Profile::Quick) {
        Ok(mut plans) => plans.remove(0),
        Err(e) => panic!("the spec does not validate: {}", e[0]),
    };
    match check(&plan, &Budget::default()) {
        Ok(cost) => panic!("accepted at {cost}:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn ten_million_sampled_secrets_for_a_one_ply_player_are_refused() {
    let scratch = Scratch::new("budget-sample");
    let text = small_spec("1", "")
        .replace("(pegs: 3, colours: 4)", "(pegs: 4, colours: 6)")
        .replace("secrets: All", "secrets: Sample(10000000)")
        .replace("Some(\"AAB\")", "None");
    let e = refused(&scratch, &text);
    assert_eq!(e.field, "task.secrets", "{e}");
    assert_eq!(e.line, Some(8), "{e}");
    assert!(e.message.contains("hours"), "{e}");
    assert!(e.hint.as_deref().unwrap_or("").contains("--max-hours"), "{e}");
}

#[test]
fn every_code_of_a_large_game_for_a_one_ply_player_is_refused() {
    let scratch = Scratch::new("budget-all");
    let text = small_spec("1", "")
        .replace("(pegs: 3, colours: 4)", "(pegs: 7, colours: 8)")
        .replace("Some(\"AAB\")", "None");
    let e = refused(&scratch, &text);
    // Every game of an Entropy player on 2 million codes scores them all against each other.
    assert_eq!(e.field, "task.arms[0].player", "{e}");
    assert_eq!(e.line, Some(12), "{e}");
}

#[test]
fn a_hill_climber_on_the_largest_game_is_refused() {
    let scratch = Scratch::new("budget-shc");
    let text = r#"Experiment(
    title: "big",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 16, colours: 26),
        secrets: Sample(100),
        runs: 1,
        arms: [
            (label: "SHC", player: HillClimber(())),
        ],
    )),
)"#;
    let e = refused(&scratch, text);
    assert_eq!(e.field, "task.arms[0].player", "{e}");
    assert_eq!(e.line, Some(11), "{e}");
}

#[test]
fn a_billion_step_walk_against_a_liar_is_refused() {
    let scratch = Scratch::new("budget-mh");
    let text = r#"Experiment(
    title: "liar",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 4, colours: 6),
        secrets: Sample(10),
        runs: 1,
        codemaker: FalseReplies((p: 1.0)),
        arms: [
            (label: "MH", player: MetropolisHastings((budget: Fixed(steps: 1000000000)))),
        ],
    )),
)"#;
    let e = refused(&scratch, text);
    assert_eq!(e.field, "task.arms[0].player", "{e}");
    assert_eq!(e.line, Some(12), "{e}");
}

#[test]
fn a_result_larger_than_memory_is_refused_by_memory() {
    let scratch = Scratch::new("budget-memory");
    let text = small_spec("1", "")
        .replace("(pegs: 3, colours: 4)", "(pegs: 2, colours: 2)")
        .replace("secrets: All", "secrets: Sample(10000000)")
        .replace("runs: 1", "runs: 10")
        .replace("Some(\"AAB\")", "None");
    let e = refused(&scratch, &text);
    assert!(e.message.contains("GiB"), "{e}");
    assert!(e.hint.as_deref().unwrap_or("").contains("--max-memory"), "{e}");
}

#[test]
fn an_explicit_budget_lets_a_costly_spec_through() {
    let scratch = Scratch::new("budget-explicit");
    let text = small_spec("1", "")
        .replace("(pegs: 3, colours: 4)", "(pegs: 4, colours: 6)")
        .replace("secrets: All", "secrets: Sample(10000000)")
        .replace("Some(\"AAB\")", "None");
    let path = scratch.spec("costly", &text);
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    assert!(check(&plan, &Budget::default()).is_err());
    assert!(check(&plan, &Budget::unlimited()).is_ok());
}

#[test]
fn every_repository_spec_fits_the_default_budget_in_both_profiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let workspace = Workspace::find(root).unwrap();
    let specs = workspace.specs().unwrap();
    for profile in [Profile::Quick, Profile::Full] {
        let plans = workspace.plans(&specs, profile).map_err(|e| e[0].to_string()).unwrap();
        for plan in &plans {
            if let Err(e) = check(plan, &Budget::default()) {
                panic!("{} ({profile:?}) does not fit the default budget: {e}", plan.name);
            }
        }
    }
}
