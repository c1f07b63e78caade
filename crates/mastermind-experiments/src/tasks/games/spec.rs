//! The spec of a games experiment, as written in RON.

use crate::spec::printed::PaperValue;
use crate::spec::raw::{PaperNumbers, Reading};
use crate::spec::scaled::Scaled;
use crate::spec::values::{Finite, Label};
use mastermind_core::FalseReplies;
use mastermind_core::Game;
use mastermind_players::PlayerSpec;
use mastermind_stats::PairTest;
use serde::{Deserialize, Serialize};

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
    /// Who answers the guesses.
    #[serde(default)]
    pub codemaker: CodemakerSpec,
    /// The players compared.
    pub arms: Vec<Arm>,
    /// What the report shows.
    #[serde(default)]
    pub report: GamesReport,
}

fn default_max_guesses() -> u32 {
    100
}

/// The codemaker of every game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub enum CodemakerSpec {
    /// Every reply is true.
    #[default]
    Truthful,
    /// Snyder's p-false game: a reply to a non-winning guess is, with probability `p`, drawn
    /// uniformly from every reply except all-black, the impossible `(pegs - 1) black, 1 white`
    /// included as the thesis words it (`pool: PossibleExceptWin` leaves it out).
    FalseReplies(FalseReplies),
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
    List(Vec<Label>),
}

/// One player configuration compared in an experiment.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arm {
    /// The name in tables and legends; unique within the spec.
    pub label: Label,
    /// The player and its parameters.
    pub player: PlayerSpec,
    /// A game size for this arm only.
    #[serde(default)]
    pub game: Option<Game>,
    /// The series this arm belongs to in line figures (default: its label), and its figure of
    /// guesses against time (default: the one every arm without a group shares).
    #[serde(default)]
    pub group: Option<Label>,
    /// The arm's position on the x axis of line figures.
    #[serde(default)]
    pub x: Option<Finite>,
    /// The paper's numbers for this arm, shown beside the reproduced ones.
    #[serde(default)]
    pub paper: Option<PaperNumbers>,
    /// Expands this arm into one arm per value of a player parameter.
    #[serde(default)]
    pub sweep: Option<Sweep>,
    /// A codemaker for this arm only (a false-reply rate per arm, say).
    #[serde(default)]
    pub codemaker: Option<CodemakerSpec>,
    /// The reading of the paper this arm plays, where the paper leaves a choice open.
    #[serde(default)]
    pub reading: Option<Reading>,
    /// Games another program played (its authors' own, say), read from this CSV file (a path
    /// relative to the spec file) instead of played: one run, on the file's own secrets. The
    /// `player` then states the settings the program was run with, in the lab's terms. See
    /// [`recorded`](super::recorded) for the format.
    #[serde(default)]
    pub recorded: Option<Label>,
    /// Other counters of the games' work (`current_and_proposed`, a player's metric) this arm's
    /// evaluations are also judged by, each as a further reading of what the paper counts; an
    /// arm of the default reading is judged by every counter its games record anyway.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<Label>,
    /// The label of an arm whose games this arm is judged on instead of playing its own: the
    /// same player, game and codemaker, so the games would be the same draws of the same
    /// distribution. For a reading of a paper's *table* (which number belongs to which player),
    /// not of its player: the rows are that arm's games under this arm's label, with their seeds.
    #[serde(default)]
    pub games_of: Option<Label>,
}

/// One arm per value of a player parameter.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// The parameter's field name in the player's configuration (for example `"mu"`).
    pub parameter: Label,
    /// The values it takes; each becomes an arm labelled `"<label> <parameter>=<value>"`, with
    /// `x = value` and `group = label`.
    pub values: Vec<Finite>,
    /// The paper's mean guesses for each value, in the same order, if it gives them.
    #[serde(default)]
    pub paper_means: Vec<Option<PaperValue>>,
    /// The paper's numbers at particular values (`[(2.0, (mean: Some(4.805), sd: Some(1.13)))]`).
    /// A swept arm takes no arm-level `paper`: numbers belong to one value, not to all.
    #[serde(default)]
    pub paper_values: Vec<(Finite, PaperNumbers)>,
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
    pub compare_to: Vec<Label>,
    /// Figures to draw.
    #[serde(default = "default_figures")]
    pub figures: Vec<FigureSpec>,
    /// Horizontal reference lines in line figures: (label, mean guesses).
    #[serde(default)]
    pub reference_lines: Vec<(Label, Finite)>,
    /// Arms (by label) drawn as horizontal lines at their reproduced mean in line figures, such
    /// as a full-set player beside its subset sweeps.
    #[serde(default)]
    pub reference_arms: Vec<Label>,
    /// Significance groups are computed separately among the arms that share an `x` (one
    /// grouping per subset size, as Runarsson & Merelo's Table 4 draws them).
    #[serde(default)]
    pub groups_within_x: bool,
    /// Why our mean guesses differ from the paper's, in one sentence, for every arm whose own
    /// `explained` says nothing (the verdicts show it where the data rejects the paper's mean).
    #[serde(default)]
    pub mean_differs: Option<Label>,
    /// Why our evaluations differ from the paper's, in one sentence (as `mean_differs`).
    #[serde(default)]
    pub evaluations_differ: Option<Label>,
    /// Why our significance groups differ from the paper's, in one sentence.
    #[serde(default)]
    pub groups_differ: Option<Label>,
    /// The players' metric column that counts evaluations the paper's way (for example
    /// `authors_evaluations`), compared with the paper's evaluations instead of `evaluations`.
    #[serde(default)]
    pub evaluations_metric: Option<Label>,
    /// The paper's comparisons between arms, each judged with the report's test.
    #[serde(default)]
    pub claims: Vec<ComparisonClaim>,
}

/// A comparison the paper states between two arms, judged with the report's test (its kind, its
/// samples and alpha) on guesses per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComparisonClaim {
    /// The paper's words, shown as the claim.
    pub text: Label,
    /// What is claimed.
    pub holds: Comparison,
    /// A hypothesis for a difference, in one sentence: shown beside the verdict, never changing
    /// it (only an arm or a claim that plays another reading measures an explanation).
    #[serde(default)]
    pub explained: Option<Label>,
    /// The reading of the paper this comparison plays, where the paper leaves a choice open:
    /// with `of: Some(text)`, it is judged as another reading of the claim with that text.
    #[serde(default)]
    pub reading: Option<Reading>,
    /// Where another spec makes this claim (`"Table 3 (10/10)"`): judged and shown here, counted
    /// there. A reading of a cited claim cites it too.
    #[serde(default)]
    pub cites: Option<Label>,
}

/// A statement about two arms (by label) that a two-sample test decides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Comparison {
    /// Not significantly different (two-sided p at least alpha).
    NotDifferent(Label, Label),
    /// Significantly different (two-sided p below alpha).
    Different(Label, Label),
    /// The first needs significantly fewer guesses (one-sided p below alpha).
    Fewer(Label, Label),
    /// The first does not need significantly fewer guesses (one-sided p at least alpha).
    NotFewer(Label, Label),
    /// The line (arms of this `group`, by `x`) does best between the two x values: some point
    /// there is beaten by no other point of the line (one-sided Welch tests on game lengths,
    /// Holm-corrected, alpha 0.05). A flat line holds for any range.
    BestWithin(Label, Finite, Finite),
}

impl Comparison {
    /// The two arms compared (none for a line).
    pub fn arms(&self) -> Option<(&str, &str)> {
        match self {
            Comparison::NotDifferent(a, b)
            | Comparison::Different(a, b)
            | Comparison::Fewer(a, b)
            | Comparison::NotFewer(a, b) => Some((a, b)),
            Comparison::BestWithin(..) => None,
        }
    }
}

impl Default for GamesReport {
    fn default() -> Self {
        GamesReport {
            test: TestSpec::default(),
            compare_to: Vec::new(),
            figures: default_figures(),
            reference_lines: Vec::new(),
            reference_arms: Vec::new(),
            groups_within_x: false,
            mean_differs: None,
            evaluations_differ: None,
            groups_differ: None,
            evaluations_metric: None,
            claims: Vec::new(),
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
    pub kind: PairTest,
    /// What is compared: the per-run mean guesses, or every game's length.
    #[serde(default)]
    pub on: TestOn,
    /// The significance level.
    #[serde(default = "default_alpha")]
    pub alpha: Finite,
}

impl Default for TestSpec {
    fn default() -> Self {
        TestSpec { kind: PairTest::default(), on: TestOn::default(), alpha: default_alpha() }
    }
}

fn default_alpha() -> Finite {
    Finite::new(0.05)
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
        x_label: Label,
    },
    /// Mean evaluations against each arm's `x`, one line per `group`.
    MeanEvaluationsVsX {
        /// The x axis title.
        x_label: Label,
    },
    /// Box plots of evaluations per game, one per arm.
    EvaluationsBoxplot,
    /// Mean guesses (95% CI) against mean time per game on a log axis, one point per arm and
    /// one figure per `group` (`time-<group>`) and one for the arms without one (`time`), with
    /// the Pareto front.
    GuessesAgainstTime,
}
