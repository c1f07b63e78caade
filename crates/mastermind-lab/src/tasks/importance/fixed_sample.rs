//! Running a fixed-sample experiment (Figure 4): one table with the sample's summary, every
//! descent step, and every checkpoint, told apart by a `kind` column.

use super::fixed_sample_report;
use super::spec::FixedSamplePlan;
use crate::tasks::{Rendered, ReportContext, Task};
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use mastermind_importance::{FixedSampleRun, LengthSummary, fixed_sample_descent};
use polars::prelude::{Column, DataFrame};

impl Task for FixedSamplePlan {
    fn units(&self) -> u64 {
        u64::from(self.config.steps) + u64::from(self.config.checkpoints)
    }

    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let run = fixed_sample_descent(self.game, &self.config, seed, &mut |_| bar.inc(1))
            .context("the fixed-sample descent failed")?;
        bar.inc(u64::from(self.config.checkpoints));
        fixed_sample_frame(&run)
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        fixed_sample_report::render(ctx, self, frame)
    }
}

/// The table. `kind = "sample"`: one row, the fixed sample's games (`simulated_*`) at theta_0.
/// `kind = "step"`: one row per step (`step`, theta before the update, `estimate`, `gradient_1..4`,
/// `ess`). `kind = "checkpoint"`: one row per checkpoint (`index` = its number from 1, `step`,
/// theta there, `estimate`, `ess`, and the fresh games' `simulated_games`, `simulated_mean`,
/// `simulated_sd`, `simulated_max`, `simulated_unsolved`). Columns a row kind lacks are null.
pub fn fixed_sample_frame(run: &FixedSampleRun) -> Result<DataFrame> {
    let mut t = Rows::default();
    let theta0 = run.steps.first().map_or(run.final_theta, |s| s.theta);
    t.push("sample", 0, 0, theta0.to_array(), None, Some(run.sample));
    for s in &run.steps {
        t.push("step", s.step, s.step, s.theta.to_array(), Some(s.estimate), None);
    }
    for (c, p) in run.checkpoints.iter().enumerate() {
        t.push(
            "checkpoint",
            c as u32 + 1,
            p.step,
            p.theta.to_array(),
            Some(p.estimate),
            Some(p.simulated),
        );
    }
    let n = t.kind.len();
    let mut columns = vec![
        Column::new("kind".into(), t.kind),
        Column::new("index".into(), t.index),
        Column::new("step".into(), t.step),
    ];
    columns.extend(super::columns::descent_columns(t.theta, t.estimate, t.gradient));
    columns.extend([
        Column::new("ess".into(), t.ess),
        Column::new("simulated_games".into(), t.games),
        Column::new("simulated_mean".into(), t.mean),
        Column::new("simulated_sd".into(), t.sd),
        Column::new("simulated_max".into(), t.max),
        Column::new("simulated_unsolved".into(), t.unsolved),
    ]);
    DataFrame::new(n, columns).context("building the fixed-sample table")
}

#[derive(Default)]
struct Rows {
    kind: Vec<&'static str>,
    index: Vec<u32>,
    step: Vec<u32>,
    theta: [Vec<f64>; 4],
    estimate: Vec<Option<f64>>,
    gradient: [Vec<Option<f64>>; 4],
    ess: Vec<Option<f64>>,
    games: Vec<Option<u32>>,
    mean: Vec<Option<f64>>,
    sd: Vec<Option<f64>>,
    max: Vec<Option<u32>>,
    unsolved: Vec<Option<u32>>,
}

impl Rows {
    fn push(
        &mut self,
        kind: &'static str,
        index: u32,
        step: u32,
        theta: [f64; 4],
        estimate: Option<mastermind_importance::Estimate>,
        simulated: Option<LengthSummary>,
    ) {
        self.kind.push(kind);
        self.index.push(index);
        self.step.push(step);
        for (column, v) in self.theta.iter_mut().zip(theta) {
            column.push(v);
        }
        self.estimate.push(estimate.map(|e| e.mean_length));
        for (j, column) in self.gradient.iter_mut().enumerate() {
            column.push(estimate.map(|e| e.gradient[j]));
        }
        self.ess.push(estimate.map(|e| e.effective_sample_size));
        self.games.push(simulated.map(|s| s.games as u32));
        self.mean.push(simulated.map(|s| s.mean));
        self.sd.push(simulated.map(|s| s.sd));
        self.max.push(simulated.map(|s| s.max));
        self.unsolved.push(simulated.map(|s| s.unsolved as u32));
    }
}
