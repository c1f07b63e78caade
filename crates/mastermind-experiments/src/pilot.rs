//! The pilot of a spec: the runs a power analysis plans the confirmatory sizes from.
//!
//! A sample size chosen from the data it then judges is chosen to fit: the pilot therefore shares
//! no random stream with any confirmatory run. It plays the spec at the quick profile's sizes with
//! every seed the spec states replaced by one derived from it with [`PILOT_SALT`] (the spec's
//! `seed`, from which every game, run and step derives its stream, and the seed of Table 7's
//! scripts), so its games are other games: other secrets where they are drawn, other random
//! streams everywhere. What the spec fixes by design (every secret of a game, a list of secrets,
//! games another program recorded) is the same design in the pilot.

use crate::plan::Plan;
use crate::spec::raw::RawTask;
use crate::spec::scaled::Profile;
use crate::spec::{SpecError, SpecFile};
use mastermind_core::seed::{derive_seed, name_id};

/// The name under which the pilot's results are stored (`data/pilot/`), beside the profiles'.
pub const PILOT: &str = "pilot";

/// The profile whose sizes the pilot plays.
pub const PILOT_PROFILE: Profile = Profile::Quick;

/// What separates a pilot's seed from the seed the spec states: `derive_seed(seed, [salt])` is
/// a bijective mix of the spec's seed that no confirmatory stream uses as its root.
pub const PILOT_SALT: u64 = 0x7069_6c6f_745f_7631; // "pilot_v1"

/// The pilot's seed for a spec seed.
pub fn pilot_seed(seed: u64) -> u64 {
    derive_seed(seed, &[PILOT_SALT])
}

/// The spec as its pilot runs it: every seed it states replaced by the pilot's, the text (and so
/// the file's line numbers in any error) unchanged.
pub fn pilot_spec(spec: &SpecFile) -> SpecFile {
    let mut pilot = spec.clone();
    pilot.raw.seed = pilot_seed(spec.raw.seed);
    // Every seed a kind states besides the spec's, listed by kind so that a new kind is seen
    // here by the compiler.
    match &mut pilot.raw.task {
        RawTask::FixedGames(task) => {
            task.script_seed = derive_seed(task.script_seed, &[PILOT_SALT, name_id("scripts")]);
        }
        RawTask::Games(_)
        | RawTask::Justus(_)
        | RawTask::FirstGuess(_)
        | RawTask::ImportanceTraining(_)
        | RawTask::FixedSampleDescent(_)
        | RawTask::MhBudget(_)
        | RawTask::StrategyTrees(_)
        | RawTask::FirstGuessPartitions(_)
        | RawTask::TreesInPieces(_) => {}
    }
    pilot
}

/// The seeds a spec states (its `seed`, and a kind's own, such as Table 7's script seed): the
/// roots of every random stream of its runs.
pub fn stated_seeds(spec: &SpecFile) -> Vec<u64> {
    let mut seeds = vec![spec.raw.seed];
    if let RawTask::FixedGames(task) = &spec.raw.task {
        seeds.push(task.script_seed);
    }
    seeds
}

/// The pilot's plan of a spec: validated at the pilot's sizes with the pilot's seeds. Its
/// `raw.seed` is the seed its run takes.
pub fn pilot_plan(spec: &SpecFile) -> Result<Plan, SpecError> {
    crate::spec::validate(&pilot_spec(spec), PILOT_PROFILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pilot_seed_is_never_the_spec_seed() {
        for seed in [0, 1, 2009, 4126, u64::MAX] {
            assert_ne!(pilot_seed(seed), seed);
            // Nor the seed of another spec's pilot: the mix is a bijection.
            assert_ne!(pilot_seed(seed), pilot_seed(seed.wrapping_add(1)));
        }
    }
}
