//! Runs a Justus plan: every (arm, run) in parallel, each with its own stream and secret, and the
//! one-row-per-run table.

use super::plan::JustusPlan;
use anyhow::{Context, Result};
use indicatif::{ParallelProgressIterator, ProgressBar};
use mastermind_core::seed::{derive_seed, name_id};
use mastermind_core::{Code, LabRng};
use mastermind_evolution::JustusRun;
use mastermind_evolution::palette::Palette;
use polars::prelude::{Column, DataFrame};
use rand::SeedableRng;
use rayon::prelude::*;
use std::time::Instant;

/// The record of one run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRecord {
    /// Index of the arm in the plan.
    pub arm: usize,
    /// Run number, from 0.
    pub run: u32,
    /// The seed of the run's stream (the secret is its first draw).
    pub seed: u64,
    /// The secret.
    pub secret: Code,
    /// What the GA reported.
    pub result: JustusRun,
    /// Wall time of the GA, in nanoseconds (the secret's draw excluded).
    pub nanos: u64,
}

/// The seed of one run: derived from the spec seed, the arm's label and the run.
pub fn run_seed(spec_seed: u64, label: &str, run: u32) -> u64 {
    derive_seed(spec_seed, &[name_id(label), u64::from(run)])
}

/// Runs every arm `plan.runs` times; records come back ordered by arm, then run.
pub fn run_all(plan: &JustusPlan, spec_seed: u64, bar: &ProgressBar) -> Vec<RunRecord> {
    let jobs: Vec<(usize, u32)> =
        (0..plan.arms.len()).flat_map(|a| (0..plan.runs).map(move |r| (a, r))).collect();
    let palette = Palette::full(plan.game);
    jobs.into_par_iter()
        .progress_with(bar.clone())
        .map(|(a, run)| {
            let arm = &plan.arms[a];
            let seed = run_seed(spec_seed, &arm.label, run);
            let mut rng = LabRng::seed_from_u64(seed);
            let secret = palette.random_code(&mut rng);
            let start = Instant::now();
            let result = arm.strategy.run(&secret, &mut rng);
            let nanos = start.elapsed().as_nanos() as u64;
            RunRecord { arm: a, run, seed, secret, result, nanos }
        })
        .collect()
}

/// The one-row-per-run table. Columns: `arm`, `group`, `x`, `parameters` (JSON), `run`, `seed`,
/// `secret`, `generations`, `unique_evaluated`, `evaluations`, `capped`, `nanos`.
pub fn runs_frame(plan: &JustusPlan, records: &[RunRecord]) -> Result<DataFrame> {
    let arm = |r: &RunRecord| &plan.arms[r.arm];
    let strings = |f: &dyn Fn(&RunRecord) -> String| records.iter().map(f).collect::<Vec<String>>();
    let columns = vec![
        Column::new("arm".into(), strings(&|r| arm(r).label.clone())),
        Column::new("group".into(), strings(&|r| arm(r).group.clone())),
        Column::new("x".into(), records.iter().map(|r| arm(r).x).collect::<Vec<Option<f64>>>()),
        Column::new("parameters".into(), strings(&|r| arm(r).parameters.clone())),
        Column::new("run".into(), records.iter().map(|r| r.run).collect::<Vec<u32>>()),
        Column::new("seed".into(), records.iter().map(|r| r.seed).collect::<Vec<u64>>()),
        Column::new("secret".into(), strings(&|r| r.secret.to_string())),
        Column::new(
            "generations".into(),
            records.iter().map(|r| r.result.generations).collect::<Vec<u32>>(),
        ),
        Column::new(
            "unique_evaluated".into(),
            records.iter().map(|r| r.result.unique_evaluated).collect::<Vec<u64>>(),
        ),
        Column::new(
            "evaluations".into(),
            records.iter().map(|r| r.result.evaluations).collect::<Vec<u64>>(),
        ),
        Column::new(
            "capped".into(),
            records.iter().map(|r| r.result.capped).collect::<Vec<bool>>(),
        ),
        Column::new("nanos".into(), records.iter().map(|r| r.nanos).collect::<Vec<u64>>()),
    ];
    DataFrame::new(records.len(), columns).context("building the Justus runs table")
}

/// The runs table read back for reporting.
#[derive(Debug, Clone, Default)]
pub struct RunRows {
    /// Arm label.
    pub arm: Vec<String>,
    /// Generations bred.
    pub generations: Vec<u32>,
    /// Distinct codes scored.
    pub unique_evaluated: Vec<u64>,
    /// Codes scored.
    pub evaluations: Vec<u64>,
    /// Hit the generation cap.
    pub capped: Vec<bool>,
    /// Wall time in nanoseconds.
    pub nanos: Vec<u64>,
}

impl RunRows {
    /// Extracts the columns the report needs.
    pub fn from_frame(frame: &DataFrame) -> Result<RunRows> {
        let col = |name: &str| {
            frame.column(name).with_context(|| format!("the results have no `{name}` column"))
        };
        Ok(RunRows {
            arm: col("arm")?.str()?.iter().map(|s| s.unwrap_or_default().to_owned()).collect(),
            generations: col("generations")?.u32()?.iter().map(Option::unwrap_or_default).collect(),
            unique_evaluated: col("unique_evaluated")?
                .u64()?
                .iter()
                .map(Option::unwrap_or_default)
                .collect(),
            evaluations: col("evaluations")?.u64()?.iter().map(Option::unwrap_or_default).collect(),
            capped: col("capped")?.bool()?.iter().map(Option::unwrap_or_default).collect(),
            nanos: col("nanos")?.u64()?.iter().map(Option::unwrap_or_default).collect(),
        })
    }

    /// Row indices of one arm.
    pub fn of_arm(&self, label: &str) -> Vec<usize> {
        (0..self.arm.len()).filter(|&i| self.arm[i] == label).collect()
    }
}
