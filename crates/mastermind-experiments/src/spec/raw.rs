//! The experiment spec as written in RON: mirrors the file, checked only for shape.
//!
//! Every struct denies unknown fields, so a misspelt field is an error with its line and column,
//! never a silent default. [`validate`](crate::spec::validate()) turns this raw form into a
//! [`Plan`](crate::plan::Plan); only plans run.

use crate::spec::SpecError;
use crate::spec::printed::PaperValue;
use crate::spec::scaled::Profile;
use crate::spec::values::{Finite, Label};
use crate::tasks::games::spec::GamesTask;
use crate::tasks::{PlanContext, Task, Validate};
pub use mastermind_report::judging::{Margin, NoOtherReading, Reading};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One experiment: a paper's table or figure.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Experiment", deny_unknown_fields)]
pub struct RawExperiment {
    /// A one-line title for tables and figures.
    pub title: Label,
    /// The paper reproduced, as cited in the report (`"Runarsson & Merelo 2009"`).
    pub paper: Label,
    /// The paper's table or figure (`"Table 2"`).
    pub section: Label,
    /// What the experiment shows and how it departs from the paper, for the report.
    #[serde(default)]
    pub description: String,
    /// The experiment's seed: every random stream of every game derives from it.
    pub seed: u64,
    /// How the paper's numbers are judged: the margin of each claim and, where the paper gives
    /// no sample size, the one assumed.
    #[serde(default)]
    pub judging: Judging,
    /// What to run.
    pub task: RawTask,
}

/// The kinds of experiment the runner knows; each variant's module under
/// [`tasks`](crate::tasks) validates it into a runnable [`Task`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum RawTask {
    /// Players play games against secrets; one row per game.
    Games(GamesTask),
    /// Justus's genetic algorithm against random secrets; one row per run.
    Justus(crate::tasks::justus::spec::JustusTask),
    /// Snyder's Table 1: exact expected share left after each colour pattern of first guess.
    FirstGuess(crate::tasks::first_guess::spec::FirstGuessTask),
    /// Snyder's sequential importance-sampling training (Figure 1) and play under its result.
    ImportanceTraining(crate::tasks::importance::spec::ImportanceTrainingTask),
    /// Snyder's Figure 4: descent on one fixed sample, checked by simulation.
    FixedSampleDescent(crate::tasks::importance::spec::FixedSampleTask),
    /// Snyder's Table 4 and Figure 7: M-H step budgets against the "run to a candidate" optimum.
    MhBudget(crate::tasks::mh_budget::spec::MhBudgetTask),
    /// Snyder's Table 7: a player plays six predetermined games, many times.
    FixedGames(crate::tasks::fixed_games::spec::FixedGamesTask),
    /// Deterministic players as strategy trees over every secret (and the exact optimum).
    StrategyTrees(crate::tasks::trees::spec::StrategyTreesTask),
    /// How each colour pattern of first guess splits the code set.
    FirstGuessPartitions(crate::tasks::partitions::PartitionsTask),
}

impl RawTask {
    /// Validates the task for `profile`.
    pub fn plan(
        &self,
        ctx: &PlanContext<'_>,
        profile: Profile,
    ) -> Result<Arc<dyn Task>, SpecError> {
        fn planned<T: Validate>(
            task: &T,
            ctx: &PlanContext<'_>,
            profile: Profile,
        ) -> Result<Arc<dyn Task>, SpecError> {
            Ok(Arc::new(task.validate(ctx, profile)?))
        }
        match self {
            RawTask::Games(task) => planned(task, ctx, profile),
            RawTask::Justus(task) => planned(task, ctx, profile),
            RawTask::FirstGuess(task) => planned(task, ctx, profile),
            RawTask::ImportanceTraining(task) => planned(task, ctx, profile),
            RawTask::FixedSampleDescent(task) => planned(task, ctx, profile),
            RawTask::MhBudget(task) => planned(task, ctx, profile),
            RawTask::FixedGames(task) => planned(task, ctx, profile),
            RawTask::StrategyTrees(task) => planned(task, ctx, profile),
            RawTask::FirstGuessPartitions(task) => planned(task, ctx, profile),
        }
    }
}

/// A paper's published numbers for one arm; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperNumbers {
    /// Mean guesses (of run means where the paper reports runs).
    #[serde(default)]
    pub mean: Option<PaperValue>,
    /// Smallest run mean.
    #[serde(default)]
    pub min: Option<PaperValue>,
    /// Median run mean.
    #[serde(default)]
    pub median: Option<PaperValue>,
    /// Largest run mean.
    #[serde(default)]
    pub max: Option<PaperValue>,
    /// Standard deviation (of run means, or of games where the paper gives that).
    #[serde(default)]
    pub sd: Option<PaperValue>,
    /// Most guesses in any game.
    #[serde(default)]
    pub max_guesses: Option<Finite>,
    /// Mean evaluations per game.
    #[serde(default)]
    pub evaluations: Option<PaperValue>,
    /// The standard deviation of evaluations per game, where the paper prints one.
    #[serde(default)]
    pub evaluations_sd: Option<PaperValue>,
    /// A remark shown in the table (`"slide, read from a flattened table"`).
    #[serde(default)]
    pub note: Option<Label>,
    /// The paper's significance group of this arm as the paper draws it, in letters (`"a"`,
    /// `"ab"`; `a` the group with the fewest guesses), shown beside the reproduced group.
    #[serde(default)]
    pub group: Option<Label>,
    /// A hypothesis for why ours differs from this arm's numbers, in one sentence: shown beside
    /// the verdict of every claim of the arm, never changing it.
    #[serde(default)]
    pub explained: Option<Label>,
    /// Where the paper prints these numbers again from another of its tables (`"Table 2"`): the
    /// claims are shown and judged here but counted once, where they are first made.
    #[serde(default)]
    pub cites: Option<Label>,
}

/// How a spec's claims are judged: the margin that matters and the paper's sample size.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judging {
    /// The margin of the spec's main quantity (mean guesses, generations): the largest
    /// difference from the paper's number that does not matter. Without one, only the paper's
    /// rounding is allowed, which a sampled value can rarely show.
    #[serde(default)]
    pub margin: Option<Margin>,
    /// The margin of evaluation counts, where the spec compares them.
    #[serde(default)]
    pub evaluations_margin: Option<Margin>,
    /// The number of samples (run means, games or runs, as ours are counted) behind the paper's
    /// numbers, as the paper's text states it, with the words that state it. Without it the
    /// paper's numbers are judged as points, with no error of their own: a paper's sample size
    /// is never taken from ours, nor assumed.
    #[serde(default)]
    pub paper_samples: Option<PaperSamples>,
    /// The largest multiple of the stored games the spec allows itself before it must argue a
    /// larger run, for the games an undecided claim would need (10 when it says nothing).
    #[serde(default)]
    pub sample_cap: Option<SampleCap>,
    /// Claims of this spec for which no arm plays another reading of the paper, each with the
    /// reason no other reading applies (shown in the claim's sensitivity table). A claim that is
    /// contradicted needs either an arm of another reading or an entry here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_other_reading: Vec<NoOtherReading>,
}

/// The paper's sample size, as its text states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperSamples {
    /// The number of samples.
    pub n: u32,
    /// The paper's words that state it (section and quotation).
    pub because: Label,
}

impl Judging {
    /// The paper's sample size, where the spec states it from the paper's text.
    pub fn paper_n(&self) -> Option<u64> {
        self.paper_samples.as_ref().map(|s| u64::from(s.n))
    }

    /// The multiple of the stored games the spec allows itself.
    pub fn cap(&self) -> f64 {
        self.sample_cap.as_ref().map_or(mastermind_report::verdict::DEFAULT_CAP, |c| c.factor.get())
    }
}

/// The largest multiple of its stored games a spec allows itself, with its reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleCap {
    /// The multiple.
    pub factor: Finite,
    /// Why this multiple (the time a run takes, say).
    pub because: Label,
}
