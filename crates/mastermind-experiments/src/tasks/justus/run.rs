//! One run of Justus's GA, the executor's unit: its stream derives from the arm's label and the
//! run number, and the secret is the stream's first draw.

use super::plan::JustusPlan;
use crate::error::Result;
use mastermind_core::LabRng;
use mastermind_core::seed::name_id;
use mastermind_players::families::evolution::Palette;
use rand::SeedableRng;
use std::time::Instant;

crate::record! {
    /// One run of the GA.
    #[derive(Debug, Clone, PartialEq)]
    pub struct RunRow {
        /// The arm's label.
        pub arm: String,
        /// The arm's group (its series in figures).
        pub group: String,
        /// The arm's position on a swept axis, if any.
        pub x: Option<f64>,
        /// The GA's configuration, as JSON.
        pub parameters: String,
        /// The run, from 0.
        pub run: u32,
        /// The seed of the run's stream.
        pub seed: u64,
        /// The secret.
        pub secret: String,
        /// Generations bred.
        pub generations: u32,
        /// Distinct codes scored.
        pub unique_evaluated: u64,
        /// Codes scored.
        pub evaluations: u64,
        /// Whether the run hit the generation cap.
        pub capped: bool,
        /// Wall time of the GA in nanoseconds (the secret's draw excluded).
        pub nanos: u64,
    }
}

/// One run of a plan: (arm, run).
pub type RunUnit = (u32, u32);

/// Every run of `plan`, ordered by arm, then run.
pub fn units(plan: &JustusPlan) -> Vec<RunUnit> {
    (0..plan.arms.len() as u32)
        .flat_map(|a| (0..plan.arms[a as usize].runs).map(move |r| (a, r)))
        .collect()
}

/// A run's identity: the arm's label and the run number.
pub fn identity(plan: &JustusPlan, &(arm, run): &RunUnit) -> Vec<u64> {
    vec![name_id(&plan.arms[arm as usize].label), u64::from(run)]
}

/// Runs the GA once against the first draw of the run's stream.
pub fn run(plan: &JustusPlan, &(a, run): &RunUnit, seed: u64) -> Result<RunRow> {
    let arm = &plan.arms[a as usize];
    let mut rng = LabRng::seed_from_u64(seed);
    let secret = Palette::full(plan.game).random_code(&mut rng);
    let start = Instant::now();
    let result = arm.strategy.run(&secret, &mut rng);
    let nanos = start.elapsed().as_nanos() as u64;
    Ok(RunRow {
        arm: arm.label.clone(),
        group: arm.group.clone(),
        x: arm.x,
        parameters: arm.parameters.clone(),
        run,
        seed,
        secret: secret.to_string(),
        generations: result.generations,
        unique_evaluated: result.unique_evaluated,
        evaluations: result.evaluations,
        capped: result.capped,
        nanos,
    })
}
