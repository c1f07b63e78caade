//! A pilot shares no random stream with a confirmatory run: for every spec of the repository,
//! which between them cover every kind of experiment, the seeds the pilot states and the seeds
//! of every stream its run starts are disjoint from those of the quick and the full profile's
//! runs. The power analysis plans the confirmatory sizes from the pilot, so a stream in common
//! would let the data a claim is judged on choose its own sample size.

use mastermind_experiments::pilot;
use mastermind_experiments::spec::raw::RawTask;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{self, SpecFile};
use mastermind_experiments::workspace::Workspace;
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// The kind of a spec, by the name a RON file gives it (the match lists every kind, so a new one
/// must be named here, and then needs a repository spec for the test below to pass).
fn kind(task: &RawTask) -> &'static str {
    match task {
        RawTask::Games(_) => "Games",
        RawTask::Justus(_) => "Justus",
        RawTask::FirstGuess(_) => "FirstGuess",
        RawTask::ImportanceTraining(_) => "ImportanceTraining",
        RawTask::FixedSampleDescent(_) => "FixedSampleDescent",
        RawTask::MhBudget(_) => "MhBudget",
        RawTask::FixedGames(_) => "FixedGames",
        RawTask::StrategyTrees(_) => "StrategyTrees",
        RawTask::FirstGuessPartitions(_) => "FirstGuessPartitions",
        RawTask::TreesInPieces(_) => "TreesInPieces",
    }
}

const EVERY_KIND: [&str; 10] = [
    "Games",
    "Justus",
    "FirstGuess",
    "ImportanceTraining",
    "FixedSampleDescent",
    "MhBudget",
    "FixedGames",
    "StrategyTrees",
    "FirstGuessPartitions",
    "TreesInPieces",
];

/// Every seed a run of `spec` validated for `profile` uses: the seeds the spec states and the
/// seed of every stream its run starts.
fn seeds(spec: &SpecFile, profile: Profile) -> HashSet<u64> {
    let plan = spec::validate(spec, profile).unwrap_or_else(|e| panic!("{e}"));
    let mut seeds: HashSet<u64> = pilot::stated_seeds(spec).into_iter().collect();
    seeds.extend(plan.task.stream_seeds(plan.raw.seed));
    seeds
}

#[test]
fn pilot_and_confirmatory_seeds_never_overlap() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let workspace = Workspace::find(root).unwrap();
    let mut kinds = BTreeSet::new();
    for path in workspace.specs().unwrap() {
        let spec = spec::load(&workspace.experiments(), &path).unwrap_or_else(|e| panic!("{e}"));
        kinds.insert(kind(&spec.raw.task));
        let pilot_spec = pilot::pilot_spec(&spec);
        let pilot_plan = pilot::pilot_plan(&spec).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pilot_plan.raw.seed, pilot_spec.raw.seed, "{}", spec.name);
        let pilot_seeds = seeds(&pilot_spec, pilot::PILOT_PROFILE);
        assert!(!pilot_seeds.is_empty(), "{}: the pilot starts no stream", spec.name);
        for profile in [Profile::Quick, Profile::Full] {
            let confirmatory = seeds(&spec, profile);
            let shared = pilot_seeds.intersection(&confirmatory).count();
            assert_eq!(
                shared, 0,
                "{}: the pilot shares {shared} seed(s) with the {profile:?} profile's run",
                spec.name
            );
        }
    }
    let missing: Vec<&str> = EVERY_KIND.iter().copied().filter(|k| !kinds.contains(k)).collect();
    assert!(missing.is_empty(), "no repository spec of the kind(s) {missing:?} was checked");
}

#[test]
fn a_pilot_plays_the_quick_sizes_with_other_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let workspace = Workspace::find(root).unwrap();
    let path = workspace.resolve("temporel-kovacs/slides-5x8").unwrap();
    let spec = spec::load(&workspace.experiments(), &path).unwrap();
    let pilot = pilot::pilot_plan(&spec).unwrap();
    let quick = spec::validate(&spec, Profile::Quick).unwrap();
    // The same design and size, other secrets and streams.
    assert_eq!(pilot.task.units(), quick.task.units());
    assert_eq!(pilot.task.size(), quick.task.size());
    let (a, b) = (pilot.task.stream_seeds(pilot.raw.seed), quick.task.stream_seeds(quick.raw.seed));
    assert_eq!(a.len(), b.len());
    assert!(a.iter().zip(&b).all(|(x, y)| x != y));
}
