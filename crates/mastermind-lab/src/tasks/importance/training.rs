//! Running a training experiment: the sequential descent (journalled, resumable), then games under
//! the fitted theta and under the baseline; everything in one table with a `kind` column.

use super::journal::Journal;
use super::spec::TrainingPlan;
use super::training_report;
use crate::tasks::{Rendered, ReportContext, Task};
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use mastermind_importance::{
    ExpFamilyConfig, ExpFamilyStrategy, GameRecord, StepRecord, Theta, TrainingRun, resume,
    simulate,
};
use polars::prelude::{Column, DataFrame};

/// First element of the RNG path of the evaluation games: game `i` of arm `a` (0 fitted,
/// 1 baseline) uses `rng_for(seed, &[EVALUATION_STREAM, a, i])`, apart from the descent's streams.
pub const EVALUATION_STREAM: u64 = 100;

/// Completed steps are appended to the journal in batches of this many.
const JOURNAL_EVERY: usize = 250;

/// The arm names of the evaluation games, in stream order.
pub const ARMS: [&str; 2] = ["fitted", "baseline"];

impl TrainingPlan {
    /// The journal key: the run is resumable only with the same game, descent and seed.
    pub fn journal_key(&self, seed: u64) -> String {
        format!("{} {:?} seed {seed}", self.game, self.config)
    }

    /// Runs the descent, resuming from the journal when it holds steps of this very run.
    pub fn descend(&self, seed: u64, bar: &ProgressBar) -> Result<TrainingRun> {
        let (mut journal, done) = match &self.journal {
            Some(path) => {
                let (j, done) = Journal::open(path, &self.journal_key(seed))?;
                (Some(j), done)
            }
            None => (None, Vec::new()),
        };
        bar.set_position(done.len() as u64);
        let mut pending: Vec<StepRecord> = Vec::new();
        let mut failure = None;
        let run = resume(self.game, &self.config, seed, done, &mut |record| {
            bar.inc(1);
            if let Some(j) = journal.as_mut() {
                pending.push(record.clone());
                if pending.len() >= JOURNAL_EVERY && failure.is_none() {
                    failure = j.append(&pending).err();
                    pending.clear();
                }
            }
        })
        .context("the descent failed")?;
        if let Some(e) = failure {
            return Err(e);
        }
        if let Some(j) = journal {
            j.remove()?;
        }
        Ok(run)
    }

    /// The games of one evaluation arm.
    fn play(&self, arm: u64, theta: Theta, seed: u64) -> Result<Vec<GameRecord>> {
        let strategy = ExpFamilyStrategy::new(
            self.game,
            &ExpFamilyConfig { theta, max_turns: self.config.max_turns },
        )?;
        Ok(simulate(&strategy, self.evaluation_games, seed, &[EVALUATION_STREAM, arm]))
    }
}

impl Task for TrainingPlan {
    fn units(&self) -> u64 {
        u64::from(self.config.steps)
    }

    fn cost(&self) -> crate::budget::Cost {
        // Every step and every evaluation game samples from the consistent set each turn.
        let codes = crate::budget::codes(self.game);
        let turns = f64::from(self.game.pegs()) + f64::from(self.game.colours());
        let games = f64::from(self.config.steps) * f64::from(self.config.games_per_step)
            + 2.0 * f64::from(self.evaluation_games);
        crate::budget::Cost {
            seconds: crate::budget::Cost::seconds_of(games * codes * turns),
            bytes: f64::from(self.config.games_per_step) * turns * 64.0
                + f64::from(self.config.steps) * crate::budget::BYTES_PER_ROW
                + codes * 2.0 * crate::budget::BYTES_PER_CODE,
            time: crate::budget::Driver::task("steps", format!("{games} games simulated")),
            memory: crate::budget::Driver::task("steps", "the steps' records".into()),
        }
    }

    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let run = self.descend(seed, bar)?;
        let fitted = self.play(0, run.final_theta, seed)?;
        let baseline = self.play(1, self.baseline, seed)?;
        training_frame(&run, &[(run.final_theta, &fitted), (self.baseline, &baseline)])
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        training_report::render(ctx, self, frame)
    }
}

/// The table: one row per descent step (`kind = "step"`, `index` = step, theta before the
/// update, `estimate`, `gradient_1..4`, `ess`, the step sample's `sample_mean`, `sample_sd`,
/// `sample_max`, `sample_unsolved`), then one row per evaluation game (`kind = "play"`, `arm`,
/// `index` = game, the arm's theta, `guesses`, `solved`). Columns a row kind lacks are null.
pub fn training_frame(run: &TrainingRun, arms: &[(Theta, &Vec<GameRecord>)]) -> Result<DataFrame> {
    let mut t = Rows::default();
    for r in &run.steps {
        t.kind.push("step");
        t.arm.push(None);
        t.index.push(r.step);
        t.theta(r.theta);
        t.estimate.push(Some(r.estimate.mean_length));
        for (g, v) in t.gradient.iter_mut().zip(r.estimate.gradient) {
            g.push(Some(v));
        }
        t.ess.push(Some(r.estimate.effective_sample_size));
        t.sample_mean.push(r.sample.map(|s| s.mean));
        t.sample_sd.push(r.sample.map(|s| s.sd));
        t.sample_max.push(r.sample.map(|s| s.max));
        t.sample_unsolved.push(r.sample.map(|s| s.unsolved as u32));
        t.guesses.push(None);
        t.solved.push(None);
    }
    for ((theta, games), name) in arms.iter().zip(ARMS) {
        for (i, g) in games.iter().enumerate() {
            t.kind.push("play");
            t.arm.push(Some(name));
            t.index.push(i as u32);
            t.theta(*theta);
            t.estimate.push(None);
            for g in &mut t.gradient {
                g.push(None);
            }
            t.ess.push(None);
            t.sample_mean.push(None);
            t.sample_sd.push(None);
            t.sample_max.push(None);
            t.sample_unsolved.push(None);
            t.guesses.push(Some(g.guesses));
            t.solved.push(Some(g.solved));
        }
    }
    let n = t.kind.len();
    let mut columns = vec![
        Column::new("kind".into(), t.kind),
        Column::new("arm".into(), t.arm),
        Column::new("index".into(), t.index),
    ];
    columns.extend(super::columns::descent_columns(t.thetas, t.estimate, t.gradient));
    columns.extend([
        Column::new("ess".into(), t.ess),
        Column::new("sample_mean".into(), t.sample_mean),
        Column::new("sample_sd".into(), t.sample_sd),
        Column::new("sample_max".into(), t.sample_max),
        Column::new("sample_unsolved".into(), t.sample_unsolved),
        Column::new("guesses".into(), t.guesses),
        Column::new("solved".into(), t.solved),
    ]);
    DataFrame::new(n, columns).context("building the training table")
}

#[derive(Default)]
struct Rows {
    kind: Vec<&'static str>,
    arm: Vec<Option<&'static str>>,
    index: Vec<u32>,
    thetas: [Vec<f64>; 4],
    estimate: Vec<Option<f64>>,
    gradient: [Vec<Option<f64>>; 4],
    ess: Vec<Option<f64>>,
    sample_mean: Vec<Option<f64>>,
    sample_sd: Vec<Option<f64>>,
    sample_max: Vec<Option<u32>>,
    sample_unsolved: Vec<Option<u32>>,
    guesses: Vec<Option<u32>>,
    solved: Vec<Option<bool>>,
}

impl Rows {
    fn theta(&mut self, theta: Theta) {
        for (column, v) in self.thetas.iter_mut().zip(theta.to_array()) {
            column.push(v);
        }
    }
}
