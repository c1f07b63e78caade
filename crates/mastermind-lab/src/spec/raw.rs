//! The experiment spec as written in RON: mirrors the file, checked only for shape.
//!
//! Every struct denies unknown fields, so a misspelt field is an error with its line and column,
//! never a silent default. [`validate`](crate::spec::validate) turns this raw form into a
//! [`Plan`](crate::plan::Plan); only plans run.

use crate::players::PlayerSpec;
use crate::spec::scaled::Scaled;
use mastermind_core::Game;
use serde::{Deserialize, Serialize};

/// One experiment: a paper's table or figure.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Experiment", deny_unknown_fields)]
pub struct RawExperiment {
    /// A one-line title for tables and figures.
    pub title: String,
    /// The paper reproduced, as cited in the report (`"Runarsson & Merelo 2009"`).
    pub paper: String,
    /// The paper's table or figure (`"Table 2"`).
    pub section: String,
    /// What the experiment shows and how it departs from the paper, for the report.
    #[serde(default)]
    pub description: String,
    /// The experiment's seed: every random stream of every game derives from it.
    pub seed: u64,
    /// What to run.
    pub task: RawTask,
}

/// The kinds of experiment the runner knows.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum RawTask {
    /// Players play games against secrets; one row per game.
    Games(GamesTask),
}

/// Players play games of one size against a set of secrets, several independent runs each.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesTask {
    /// The game size of every arm that does not give its own.
    pub game: Game,
    /// Which secrets every run plays.
    pub secrets: Secrets,
    /// Independent runs over the secrets.
    pub runs: Scaled<u32>,
    /// A game not solved after this many guesses stops and is recorded as unsolved.
    #[serde(default = "default_max_guesses")]
    pub max_guesses: u32,
    /// The players compared.
    pub arms: Vec<Arm>,
    /// What the report shows.
    #[serde(default)]
    pub report: GamesReport,
}

fn default_max_guesses() -> u32 {
    100
}

/// The secrets each run plays.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Secrets {
    /// Every code of the game, in code order.
    All,
    /// This many secrets drawn uniformly (with replacement) from the spec seed; every arm and run
    /// plays the same ones.
    Sample(Scaled<u32>),
    /// These secrets, written as letters.
    List(Vec<String>),
}

/// One player configuration compared in an experiment.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arm {
    /// The name in tables and legends; unique within the spec.
    pub label: String,
    /// The player and its parameters.
    pub player: PlayerSpec,
    /// A game size for this arm only.
    #[serde(default)]
    pub game: Option<Game>,
    /// The series this arm belongs to in line figures (default: its label).
    #[serde(default)]
    pub group: Option<String>,
    /// The arm's position on the x axis of line figures.
    #[serde(default)]
    pub x: Option<f64>,
    /// The paper's numbers for this arm, shown beside the reproduced ones.
    #[serde(default)]
    pub paper: Option<PaperNumbers>,
    /// Expands this arm into one arm per value of a player parameter.
    #[serde(default)]
    pub sweep: Option<Sweep>,
}

/// One arm per value of a player parameter.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// The parameter's field name in the player's configuration (for example `"mu"`).
    pub parameter: String,
    /// The values it takes; each becomes an arm labelled `"<label> <parameter>=<value>"`, with
    /// `x = value` and `group = label`.
    pub values: Vec<f64>,
    /// The paper's mean guesses for each value, in the same order, if it gives them.
    #[serde(default)]
    pub paper_means: Vec<Option<f64>>,
}

/// A paper's published numbers for one arm; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperNumbers {
    /// Mean guesses (of run means where the paper reports runs).
    #[serde(default)]
    pub mean: Option<f64>,
    /// Smallest run mean.
    #[serde(default)]
    pub min: Option<f64>,
    /// Median run mean.
    #[serde(default)]
    pub median: Option<f64>,
    /// Largest run mean.
    #[serde(default)]
    pub max: Option<f64>,
    /// Standard deviation (of run means, or of games where the paper gives that).
    #[serde(default)]
    pub sd: Option<f64>,
    /// Most guesses in any game.
    #[serde(default)]
    pub max_guesses: Option<f64>,
    /// Mean evaluations per game.
    #[serde(default)]
    pub evaluations: Option<f64>,
    /// A remark shown in the table (`"slide, read from a flattened table"`).
    #[serde(default)]
    pub note: Option<String>,
}

/// What the report of a games experiment shows.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesReport {
    /// The significance test used for groups and comparisons.
    #[serde(default)]
    pub test: TestSpec,
    /// Compare every arm with this one (by label) in a table of pairwise tests.
    #[serde(default)]
    pub compare_to: Vec<String>,
    /// Figures to draw.
    #[serde(default = "default_figures")]
    pub figures: Vec<FigureSpec>,
    /// Horizontal reference lines in line figures: (label, mean guesses).
    #[serde(default)]
    pub reference_lines: Vec<(String, f64)>,
}

impl Default for GamesReport {
    fn default() -> Self {
        GamesReport {
            test: TestSpec::default(),
            compare_to: Vec::new(),
            figures: default_figures(),
            reference_lines: Vec::new(),
        }
    }
}

fn default_figures() -> Vec<FigureSpec> {
    vec![FigureSpec::GuessHistogram]
}

/// The significance test of a report.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    /// The test.
    #[serde(default)]
    pub kind: TestKind,
    /// What is compared: the per-run mean guesses, or every game's length.
    #[serde(default)]
    pub on: TestOn,
    /// The significance level.
    #[serde(default = "default_alpha")]
    pub alpha: f64,
}

impl Default for TestSpec {
    fn default() -> Self {
        TestSpec { kind: TestKind::default(), on: TestOn::default(), alpha: default_alpha() }
    }
}

fn default_alpha() -> f64 {
    0.05
}

/// A two-sample test.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestKind {
    /// Wilcoxon rank-sum (Mann-Whitney), tie-corrected; exact for small samples.
    #[default]
    RankSum,
    /// Welch's unequal-variance t-test.
    Welch,
    /// The pooled two-sample t-test.
    Pooled,
}

/// The samples a test compares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestOn {
    /// One value per run: the run's mean guesses (what Runarsson & Merelo's tables report).
    #[default]
    RunMeans,
    /// One value per game: its number of guesses.
    Games,
}

/// A figure of a games experiment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FigureSpec {
    /// The distribution of guesses per game, one series per arm.
    GuessHistogram,
    /// Mean guesses against each arm's `x`, one line per `group`, with reference lines.
    MeanGuessesVsX {
        /// The x axis title.
        x_label: String,
    },
    /// Mean evaluations against each arm's `x`, one line per `group`.
    MeanEvaluationsVsX {
        /// The x axis title.
        x_label: String,
    },
    /// Box plots of evaluations per game, one per arm.
    EvaluationsBoxplot,
}
