//! Every spec under the repository's `experiments/` parses and validates in both profiles, so a
//! broken spec is caught by the tests rather than by the first `cargo xtask reproduce`.

use mastermind_lab::runner::Workspace;
use mastermind_lab::spec::scaled::Profile;
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
