//! Running a training experiment: the sequential descent (journalled, resumable), then games under
//! the fitted theta and under the baseline; everything in one table with a `kind` column.

use super::columns::Descent;
use super::journal::Journal;
use super::spec::TrainingPlan;
use super::training_report;
use crate::error::{Context, Result};
use crate::tasks::record::Record;
use crate::tasks::{Rendered, ReportContext, Task};
use mastermind_core::progress::Progress;
use mastermind_players::families::importance::{
    ExpFamilyConfig, ExpFamilyStrategy, GameRecord, StepRecord, Theta, TrainingRun, resume,
    simulate,
};
use polars::prelude::DataFrame;

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
    pub fn descend(&self, seed: u64, progress: &dyn Progress) -> Result<TrainingRun> {
        let (mut journal, done) = match &self.journal {
            Some(path) => {
                let (j, done) = Journal::open(path, &self.journal_key(seed))?;
                (Some(j), done)
            }
            None => (None, Vec::new()),
        };
        progress.set_position(done.len() as u64);
        let mut pending: Vec<StepRecord> = Vec::new();
        let mut failure = None;
        let run = resume(self.game, &self.config, seed, done, &mut |record| {
            progress.advance(1);
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

    /// The claims are judged on the evaluation games (per arm), not on the training's steps.
    fn size(&self) -> u64 {
        u64::from(self.evaluation_games)
    }

    fn cost(&self) -> crate::budget::Cost {
        // Every step and every evaluation game samples from the consistent set each turn.
        let codes = self.game.size_estimate();
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

    fn run(&self, seed: u64, progress: &dyn Progress) -> Result<DataFrame> {
        let run = self.descend(seed, progress)?;
        let fitted = self.play(0, run.final_theta, seed)?;
        let baseline = self.play(1, self.baseline, seed)?;
        TrainingRow::frame(training_rows(
            &run,
            &[(run.final_theta, &fitted), (self.baseline, &baseline)],
        ))
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        training_report::render(ctx, self, &TrainingRow::from_frame(frame)?)
    }
}

crate::record! {
    /// A row of the training table: a descent step (`kind = "step"`: `index` = step, theta before
    /// the update, `estimate`, `gradient_*`, `ess`, the step sample's `sample_*`) or an
    /// evaluation game (`kind = "play"`: `arm`, `index` = game, the arm's theta, `guesses`,
    /// `solved`). Fields a row kind lacks are empty.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct TrainingRow {
        /// `step` or `play`.
        pub kind: String,
        /// The evaluation arm (`fitted` or `baseline`) of a game.
        pub arm: Option<String>,
        /// The step, or the game's index within its arm.
        pub index: u32,
        /// Theta (of the step, or of the game's arm) and the step's estimate.
        pub descent: Descent,
        /// The step sample's mean length.
        pub sample_mean: Option<f64>,
        /// The step sample's standard deviation.
        pub sample_sd: Option<f64>,
        /// The step sample's longest game.
        pub sample_max: Option<u32>,
        /// The step sample's unsolved games.
        pub sample_unsolved: Option<u32>,
        /// The game's guesses.
        pub guesses: Option<u32>,
        /// Whether the game was solved.
        pub solved: Option<bool>,
    }
}

impl TrainingRow {
    fn at(kind: &str, index: u32, descent: Descent) -> TrainingRow {
        TrainingRow { kind: kind.into(), index, descent, ..Default::default() }
    }
}

/// The table: every descent step, then every evaluation game.
pub fn training_rows(run: &TrainingRun, arms: &[(Theta, &Vec<GameRecord>)]) -> Vec<TrainingRow> {
    let mut rows = Vec::new();
    for r in &run.steps {
        rows.push(TrainingRow {
            sample_mean: r.sample.map(|s| s.mean),
            sample_sd: r.sample.map(|s| s.sd),
            sample_max: r.sample.map(|s| s.max),
            sample_unsolved: r.sample.map(|s| s.unsolved as u32),
            ..TrainingRow::at("step", r.step, Descent::at(r.theta, Some(r.estimate)))
        });
    }
    for ((theta, games), name) in arms.iter().zip(ARMS) {
        for (i, g) in games.iter().enumerate() {
            rows.push(TrainingRow {
                arm: Some(name.to_owned()),
                guesses: Some(g.guesses),
                solved: Some(g.solved),
                ..TrainingRow::at("play", i as u32, Descent::at(*theta, None))
            });
        }
    }
    rows
}
