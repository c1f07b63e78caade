//! Running a fixed-sample experiment (Figure 4): one table with the sample's summary, every
//! descent step, and every checkpoint, told apart by a `kind` column.

use super::columns::Descent;
use super::fixed_sample_report;
use super::spec::FixedSamplePlan;
use crate::error::{Context, Result};
use crate::tasks::record::Record;
use crate::tasks::{Rendered, ReportContext, Task};
use mastermind_core::progress::Progress;
use mastermind_players::families::importance::{
    FixedSampleRun, LengthSummary, fixed_sample_descent,
};
use polars::prelude::DataFrame;

impl Task for FixedSamplePlan {
    fn units(&self) -> u64 {
        u64::from(self.config.steps) + u64::from(self.config.checkpoints)
    }

    fn run(&self, seed: u64, progress: &dyn Progress) -> Result<DataFrame> {
        let run = fixed_sample_descent(self.game, &self.config, seed, &mut |_| progress.advance(1))
            .context("the fixed-sample descent failed")?;
        progress.advance(u64::from(self.config.checkpoints));
        FixedSampleRow::frame(fixed_sample_rows(&run))
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        fixed_sample_report::render(ctx, self, &FixedSampleRow::from_frame(frame)?)
    }
}

crate::record! {
    /// A row of the fixed-sample table: the sample (`kind = "sample"`, one row: its games at
    /// theta_0 as `simulated_*`), a descent step (`kind = "step"`: theta before the update,
    /// `estimate`, `gradient_*`, `ess`) or a checkpoint (`kind = "checkpoint"`: `index` = its
    /// number from 1, theta there, `estimate`, `ess` and the fresh games' `simulated_*`). Fields
    /// a row kind lacks are empty.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct FixedSampleRow {
        /// `sample`, `step` or `checkpoint`.
        pub kind: String,
        /// The step, or the checkpoint's number.
        pub index: u32,
        /// The step.
        pub step: u32,
        /// Theta there, and the estimate (none for the sample's row).
        pub descent: Descent,
        /// Games simulated.
        pub simulated_games: Option<u32>,
        /// Their mean length.
        pub simulated_mean: Option<f64>,
        /// Their standard deviation.
        pub simulated_sd: Option<f64>,
        /// Their longest game.
        pub simulated_max: Option<u32>,
        /// Their unsolved games.
        pub simulated_unsolved: Option<u32>,
    }
}

impl FixedSampleRow {
    fn new(
        kind: &str,
        (index, step): (u32, u32),
        descent: Descent,
        simulated: Option<LengthSummary>,
    ) -> FixedSampleRow {
        FixedSampleRow {
            kind: kind.into(),
            index,
            step,
            descent,
            simulated_games: simulated.map(|s| s.games as u32),
            simulated_mean: simulated.map(|s| s.mean),
            simulated_sd: simulated.map(|s| s.sd),
            simulated_max: simulated.map(|s| s.max),
            simulated_unsolved: simulated.map(|s| s.unsolved as u32),
        }
    }
}

/// The table: the sample, every step, then every checkpoint.
pub fn fixed_sample_rows(run: &FixedSampleRun) -> Vec<FixedSampleRow> {
    let theta0 = run.steps.first().map_or(run.final_theta, |s| s.theta);
    let sample = Descent::at(theta0, None);
    let mut rows = vec![FixedSampleRow::new("sample", (0, 0), sample, Some(run.sample))];
    for s in &run.steps {
        let descent = Descent::at(s.theta, Some(s.estimate));
        rows.push(FixedSampleRow::new("step", (s.step, s.step), descent, None));
    }
    for (c, p) in run.checkpoints.iter().enumerate() {
        let descent = Descent::at(p.theta, Some(p.estimate));
        rows.push(FixedSampleRow::new(
            "checkpoint",
            (c as u32 + 1, p.step),
            descent,
            Some(p.simulated),
        ));
    }
    rows
}
