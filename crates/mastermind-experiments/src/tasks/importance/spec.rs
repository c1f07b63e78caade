//! The specs of the two importance-sampling kinds, as written in RON, and their validation.
//!
//! `ImportanceTraining` is Snyder's sequential descent (Figure 1) followed by play under the
//! fitted theta and under a baseline (random consistent play) with a one-sided t-test;
//! `FixedSampleDescent` is her check of the estimates on one fixed sample (Figure 4).

use crate::spec::SpecError;
use crate::spec::printed::PaperValue;
use crate::spec::scaled::{Profile, Scaled};
use crate::spec::values::Finite;
use crate::tasks::PlanContext;
use crate::workspace::Workspace;
use mastermind_core::Game;
use mastermind_players::families::importance::{
    ExpFamilyConfig, ExpFamilyStrategy, FixedSampleConfig, ImportanceError, Theta, TrainingConfig,
};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

fn classic() -> Game {
    Game::CLASSIC
}

fn one() -> Finite {
    Finite::new(1.0)
}

fn default_max_turns() -> u32 {
    mastermind_players::families::importance::DEFAULT_MAX_TURNS
}

fn random_consistent() -> Theta {
    Theta::RANDOM_CONSISTENT
}

fn default_alpha() -> Finite {
    Finite::new(0.05)
}

/// Sequential importance-sampling training, then play under the fitted theta and a baseline.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportanceTrainingTask {
    /// The game size (default 4 pegs x 6 colours).
    #[serde(default = "classic")]
    pub game: Game,
    /// The starting point (thesis: `(0, 0, 0, 5)`).
    pub theta0: Theta,
    /// Descent steps (thesis: 25 000).
    pub steps: Scaled<u32>,
    /// Games simulated afresh at every step (thesis: 1000).
    pub games_per_step: Scaled<u32>,
    /// Multiplier of the gradient (thesis: 1).
    #[serde(default = "one")]
    pub step_size: Finite,
    /// Runaway guard of every simulated game.
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
    /// Games played under the fitted theta and under the baseline after training (thesis:
    /// 50 000 each).
    pub evaluation_games: Scaled<u32>,
    /// The policy the fitted one is tested against (default: random consistent play).
    #[serde(default = "random_consistent")]
    pub baseline: Theta,
    /// Significance level of the one-sided test "fitted plays shorter games than the baseline".
    #[serde(default = "default_alpha")]
    pub alpha: Finite,
    /// The thesis's numbers, shown beside the reproduced ones.
    #[serde(default)]
    pub paper: TrainingPaper,
}

/// What the thesis reports about its training run; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingPaper {
    /// The fitted theta, eq. (32).
    #[serde(default)]
    pub theta: Option<Theta>,
    /// Steps the thesis ran.
    #[serde(default)]
    pub steps: Option<u32>,
    /// Mean game length under the fitted theta in the t-test sample.
    #[serde(default)]
    pub fitted_mean: Option<PaperValue>,
    /// Its standard deviation.
    #[serde(default)]
    pub fitted_sd: Option<Finite>,
    /// Mean game length of the baseline.
    #[serde(default)]
    pub baseline_mean: Option<PaperValue>,
    /// Its standard deviation.
    #[serde(default)]
    pub baseline_sd: Option<Finite>,
    /// The one-sided p-value of the pooled t-test.
    #[serde(default)]
    pub p_value: Option<Finite>,
}

/// Descent on one fixed sample with simulated checkpoints (Figure 4).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedSampleTask {
    /// The game size (default 4 pegs x 6 colours).
    #[serde(default = "classic")]
    pub game: Game,
    /// The theta of the fixed sample and the descent's start (thesis: `(0, 0, 0, 5)`).
    pub theta0: Theta,
    /// Games in the fixed sample (thesis: 50 000).
    pub sample_games: Scaled<u32>,
    /// Descent steps on the sample (thesis: 10 000).
    pub steps: Scaled<u32>,
    /// Multiplier of the gradient (thesis: 1).
    #[serde(default = "one")]
    pub step_size: Finite,
    /// Evenly spaced checkpoints (thesis: 5).
    pub checkpoints: u32,
    /// Games simulated at each checkpoint (thesis: 10 000).
    pub checkpoint_games: Scaled<u32>,
    /// Runaway guard of every simulated game.
    #[serde(default = "default_max_turns")]
    pub max_turns: u32,
}

/// A validated training experiment.
#[derive(Debug, Clone)]
pub struct TrainingPlan {
    /// The game size.
    pub game: Game,
    /// The descent.
    pub config: TrainingConfig,
    /// Games per evaluation arm.
    pub evaluation_games: u32,
    /// The baseline policy.
    pub baseline: Theta,
    /// Significance level.
    pub alpha: f64,
    /// The thesis's numbers.
    pub paper: TrainingPaper,
    /// Where completed steps are journalled so an interrupted run resumes (`None`: no journal).
    pub journal: Option<PathBuf>,
}

/// A validated fixed-sample experiment.
#[derive(Debug, Clone)]
pub struct FixedSamplePlan {
    /// The game size.
    pub game: Game,
    /// The descent and its checkpoints.
    pub config: FixedSampleConfig,
}

/// A configuration error of the algorithm crate as a spec error naming the field.
fn config_error(ctx: &PlanContext<'_>, e: ImportanceError) -> SpecError {
    let (field, message) = match &e {
        ImportanceError::InvalidParameter(e) => (e.field.clone(), e.refusal()),
        other => ("game".to_owned(), other.to_string()),
    };
    let head = field.split('.').next().unwrap_or("game").to_owned();
    ctx.error(None, &head, &format!("task.{field}"), message, "")
}

/// The journal of a spec: `data/<profile>/<spec>.journal.jsonl` in the spec's workspace.
fn journal_path(ctx: &PlanContext<'_>, profile: Profile) -> Option<PathBuf> {
    let path = std::fs::canonicalize(&ctx.spec.path).ok()?;
    let workspace = Workspace::find(path.parent()?).ok()?;
    Some(journal_file(&workspace.data(), profile, &ctx.spec.name))
}

/// `<data>/<profile>/<spec>.journal.jsonl`, beside the spec's results. The suffix is appended to
/// the spec's name, never put in place of an extension: a spec name may hold a dot
/// (`table-1.5`), and its journal must neither lose what follows the dot (and be shared with
/// `table-1.6`'s) nor differ from the journal the lab looks for beside the results.
fn journal_file(data: &Path, profile: Profile, spec: &str) -> PathBuf {
    let mut path = data.join(profile.name()).join(spec).into_os_string();
    path.push(".journal.jsonl");
    PathBuf::from(path)
}

impl crate::tasks::Validate for ImportanceTrainingTask {
    type Plan = TrainingPlan;

    /// Checks every value for `profile`.
    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<TrainingPlan, SpecError> {
        let config = TrainingConfig {
            theta0: self.theta0,
            steps: self.steps.get(profile),
            games_per_step: self.games_per_step.get(profile),
            step_size: self.step_size.get(),
            max_turns: self.max_turns,
        };
        config.validate().map_err(|e| config_error(ctx, e))?;
        ExpFamilyStrategy::new(self.game, &ExpFamilyConfig::new(self.theta0))
            .map_err(|e| config_error(ctx, e))?;
        self.baseline.validate("baseline").map_err(|e| config_error(ctx, e))?;
        let evaluation_games = self.evaluation_games.get(profile);
        let hint = "a t-test needs at least 2; the thesis plays 50 000 games under each policy";
        ctx.check_range(
            "evaluation_games",
            evaluation_games,
            2..=10_000_000,
            "games per policy",
            hint,
        )?;
        if !(self.alpha > 0.0 && self.alpha < 1.0) {
            return Err(ctx.error(
                None,
                "alpha",
                "task.alpha",
                format!("{} is not a significance level", self.alpha),
                "use a value between 0 and 1, such as 0.05",
            ));
        }
        Ok(TrainingPlan {
            game: self.game,
            config,
            evaluation_games,
            baseline: self.baseline,
            alpha: self.alpha.get(),
            paper: self.paper.clone(),
            journal: journal_path(ctx, profile),
        })
    }
}

impl crate::tasks::Validate for FixedSampleTask {
    type Plan = FixedSamplePlan;

    /// Checks every value for `profile`.
    fn validate(
        &self,
        ctx: &PlanContext<'_>,
        profile: Profile,
    ) -> Result<FixedSamplePlan, SpecError> {
        let config = FixedSampleConfig {
            theta0: self.theta0,
            sample_games: self.sample_games.get(profile),
            steps: self.steps.get(profile),
            step_size: self.step_size.get(),
            checkpoints: self.checkpoints,
            checkpoint_games: self.checkpoint_games.get(profile),
            max_turns: self.max_turns,
        };
        config.validate().map_err(|e| config_error(ctx, e))?;
        ExpFamilyStrategy::new(self.game, &ExpFamilyConfig::new(self.theta0))
            .map_err(|e| config_error(ctx, e))?;
        Ok(FixedSamplePlan { game: self.game, config })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journal_is_named_after_the_whole_spec_name() {
        let data = Path::new("data");
        let journal = |spec: &str| journal_file(data, Profile::Quick, spec);
        assert_eq!(journal("snyder/case-1"), data.join("quick/snyder/case-1.journal.jsonl"));
        let dotted = journal("snyder/case-1.5");
        assert_eq!(dotted, data.join("quick/snyder/case-1.5.journal.jsonl"));
        assert_ne!(dotted, journal("snyder/case-1.6"), "two specs would share one journal");
    }
}
