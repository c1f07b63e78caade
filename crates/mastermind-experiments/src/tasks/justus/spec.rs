//! The spec of a Justus experiment, as written in RON.

use crate::spec::printed::PaperValue;
use crate::spec::scaled::Scaled;
use crate::spec::values::{Finite, Label};
use mastermind_core::Game;
use mastermind_players::families::evolution::JustusConfig;
use serde::{Deserialize, Serialize};

/// Runs of Justus's genetic algorithm, each against a random secret, for one or more configurations.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusTask {
    /// The game (the paper's is 10 pegs x 4 colours).
    pub game: Game,
    /// Runs per configuration (the paper: 1000 per point).
    pub runs: Scaled<u32>,
    /// The configurations compared.
    pub arms: Vec<JustusArm>,
    /// What the report shows.
    #[serde(default)]
    pub report: JustusReport,
}

/// One configuration of the GA, or one per value of a swept parameter.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusArm {
    /// The name in tables and legends; unique within the spec.
    pub label: Label,
    /// The GA's parameters; missing fields take the paper's defaults.
    #[serde(default)]
    pub config: JustusConfig,
    /// Expands this arm into one arm per value of a parameter.
    #[serde(default)]
    pub sweep: Option<JustusSweep>,
    /// The paper's numbers for this arm (for a sweep: for every point).
    #[serde(default)]
    pub paper: Option<JustusPaper>,
    /// The reading of the paper this arm plays, where the paper leaves a choice open.
    #[serde(default)]
    pub reading: Option<crate::spec::raw::Reading>,
    /// Runs of this arm (of each of its points), where they differ from the task's `runs`: a
    /// reading that runs to a high generation cap may run fewer times in the quick profile.
    #[serde(default)]
    pub runs: Option<Scaled<u32>>,
}

/// One arm per value of a GA parameter (`w_pos`, `w_sym`, `mutation_rate`, `population`,
/// `survivors`, `tournament_size`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusSweep {
    /// The parameter's field name in the configuration.
    pub parameter: Label,
    /// The values it takes; each becomes an arm labelled `"<label> <parameter>=<value>"`.
    pub values: Vec<Finite>,
    /// The arm's position on the x axis is `value x x_scale` (100 shows a rate as a percentage).
    #[serde(default = "one")]
    pub x_scale: Finite,
    /// Other integer parameters set to `round(value x factor)` at each point, such as
    /// `[("survivors", 0.5)]` to keep half of every population size.
    #[serde(default)]
    pub linked: Vec<(Label, Finite)>,
    /// The paper's mean generations at each value, in the same order, where it gives them.
    #[serde(default)]
    pub paper_generations: Vec<Option<PaperValue>>,
}

fn one() -> Finite {
    Finite::new(1.0)
}

/// Numbers the paper gives for an arm.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusPaper {
    /// Mean generations until the secret is in the population.
    #[serde(default)]
    pub generations: Option<PaperValue>,
    /// Mean distinct codes scored.
    #[serde(default)]
    pub unique_evaluated: Option<Finite>,
    /// How the number was read (the paper gives most of them only as plots or in words).
    #[serde(default)]
    pub note: Option<Label>,
    /// The unit the paper rounded `generations` to where coarser than 1 (100 for "~6400").
    #[serde(default)]
    pub rounded_to: Option<Finite>,
    /// A hypothesis for why ours differs, in one sentence: shown beside the verdict, never
    /// changing it.
    #[serde(default)]
    pub explained: Option<Label>,
    /// Where the paper states these numbers first (`"section 4c"`): the claims are judged here
    /// but counted once, where they are first made.
    #[serde(default)]
    pub cites: Option<Label>,
}

/// What the report of a Justus experiment shows.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusReport {
    /// The x axis title of line figures (default: the swept parameter).
    #[serde(default)]
    pub x_label: Option<Label>,
    /// Figures to draw (line figures need a sweep).
    #[serde(default)]
    pub figures: Vec<JustusFigure>,
    /// Where the paper puts the sweep's best point, judged from the data.
    #[serde(default)]
    pub claims: Vec<JustusClaim>,
}

/// A statement about where a sweep does best.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustusClaim {
    /// The paper's words, shown as the claim.
    pub text: Label,
    /// The range of x (as the figure shows it) where the paper puts the fewest generations. It
    /// holds when some point in the range is beaten by no other point (one-sided Welch tests on
    /// generations against every other point, Holm-corrected, alpha 0.05).
    pub best_within: (Finite, Finite),
    /// Why ours differs, in one sentence, where it does.
    #[serde(default)]
    pub explained: Option<Label>,
}

/// A line figure of a sweep: one line per arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JustusFigure {
    /// Mean generations against the swept parameter, with the paper's points where given.
    Generations,
    /// Mean wall time per run against the swept parameter.
    Time,
    /// Generations and time each divided by their sum over the sweep's points (Justus's Plot 3).
    Normalised,
    /// Mean distinct codes scored against the swept parameter.
    UniqueEvaluated,
}
