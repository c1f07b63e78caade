//! Every spec under the repository's `experiments/` parses and validates in both profiles, so a
//! broken spec is caught by the tests rather than by the first `cargo xtask reproduce`.

use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::workspace::Workspace;
use std::path::Path;

#[test]
fn every_repository_spec_validates_in_both_profiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let workspace = Workspace::find(root).unwrap();
    let specs = workspace.specs().unwrap();
    assert!(specs.len() >= 4, "found only {} specs", specs.len());
    for profile in [Profile::Quick, Profile::Full] {
        if let Err(errors) = workspace.plans(&specs, profile) {
            let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!(
                "{} spec(s) do not validate ({profile:?}):\n{}",
                errors.len(),
                shown.join("\n\n")
            );
        }
    }
}

#[test]
fn every_paper_summary_parses_and_rests_on_specs_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let workspace = Workspace::find(root).unwrap();
    let (summaries, problems) = mastermind_lab::report::load_summaries(&workspace.experiments());
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(summaries.len() >= 5, "found only {} summaries", summaries.len());
    let order = workspace.paper_order();
    for summary in &summaries {
        assert!(order.papers.contains(&summary.paper), "{} is not in papers.txt", summary.paper);
        for headline in &summary.headline {
            assert!(!headline.rests_on.is_empty(), "{}: {}", summary.paper, headline.claim);
            for (spec, _) in &headline.rests_on {
                let path = workspace.experiments().join(format!("{spec}.ron"));
                assert!(path.is_file(), "{}: no spec {spec}", summary.paper);
            }
        }
    }
}
