//! Validation of an M-H budget spec into a games plan: one "until candidate" arm and one arm per
//! budget for every size.

use super::spec::{BudgetReading, MhBudgetTask};
use crate::spec::SpecError;
use crate::spec::raw::Reading;
use crate::spec::scaled::Profile;
use crate::spec::values::Label;
use crate::tasks::PlanContext;
use crate::tasks::games::plan::{Codemaker, GamesPlan, PlannedArm};
use crate::tasks::games::spec::GamesReport;
use mastermind_core::seed::name_id;
use mastermind_core::{Code, Game, rng_for};
use mastermind_players::families::mcmc::{Budget, MAX_STEPS, MhConfig};
use mastermind_players::{PlayerSpec, Prepared};
use rand::RngExt;
use std::sync::Arc;

/// The validated experiment: the games to play and what the report needs to know about them.
#[derive(Clone)]
pub struct MhBudgetPlan {
    /// Every game, as a games plan (arm groups are the sizes, x is the budget).
    pub games: GamesPlan,
    /// The sizes in spec order, with their paper numbers.
    pub sizes: Vec<super::spec::BudgetSize>,
    /// The budgets tried, ascending.
    pub budgets: Vec<u64>,
    /// The threshold factor.
    pub threshold: f64,
    /// The paper's fit.
    pub paper_fit: Option<(f64, f64)>,
    /// Theta of the player.
    pub theta: f64,
    /// The names of the other readings played, in spec order (their arms are labelled with
    /// [`reading_label`]).
    pub readings: Vec<String>,
}

/// The label of the arm of the reading `name` that stands beside the arm labelled `label`.
pub fn reading_label(label: &str, name: &str) -> String {
    format!("{label} ({name})")
}

/// The label of a size: colours/pegs, as Snyder writes it.
pub fn size_label(game: Game) -> String {
    format!("{}/{}", game.colours(), game.pegs())
}

/// The label of the "run to a candidate" arm of a size.
pub fn optimal_label(game: Game) -> String {
    format!("{} until candidate", size_label(game))
}

/// The label of a budget arm.
pub fn budget_label(game: Game, steps: u64) -> String {
    format!("{} steps={steps}", size_label(game))
}

impl crate::tasks::Validate for MhBudgetTask {
    type Plan = MhBudgetPlan;

    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<MhBudgetPlan, SpecError> {
        plan(self, ctx, profile)
    }
}

fn plan(
    task: &MhBudgetTask,
    ctx: &PlanContext<'_>,
    profile: Profile,
) -> Result<MhBudgetPlan, SpecError> {
    let err = |field: &str, path: &str, message: String, hint: &str| {
        ctx.error(None, field, path, message, hint)
    };
    ctx.check_listed("sizes", &task.sizes, "no game to measure", "list at least one game size")?;
    let (optimal_n, budget_n) = (task.optimal_games.get(profile), task.budget_games.get(profile));
    for (n, field) in [(optimal_n, "optimal_games"), (budget_n, "budget_games")] {
        ctx.check_range(field, n, 1..=1_000_000, "games", "")?;
    }
    let budgets = checked_budgets(task, ctx, profile)?;
    if !(task.threshold.is_finite() && task.threshold >= 1.0 && task.threshold <= 10.0) {
        return Err(err(
            "threshold",
            "task.threshold",
            format!("{} is not a threshold factor", task.threshold),
            "use a factor such as 1.10 (110% of the optimum)",
        ));
    }
    ctx.check_range("max_guesses", task.max_guesses, 1..=10_000, "is not a guess cap", "")?;
    check_readings(task, ctx)?;
    // The default player, then each reading's, with what its arms are labelled and read as.
    let players: Vec<Player<'_>> = std::iter::once((task.player, "task.player", None))
        .chain(task.readings.iter().map(|r| (r.player, "task.readings.player", Some(r))))
        .collect();
    let until = Budget::UntilCandidate { cap: task.until_cap };
    check_until_budget(&players, until, ctx)?;
    let mut arms = Vec::new();
    for size in &task.sizes {
        let game = size.game;
        let label = size_label(game);
        let (optimal_secrets, secrets) =
            (sample_secrets(ctx, game, optimal_n), sample_secrets(ctx, game, budget_n));
        for &(player, player_at, reading) in &players {
            let config = MhConfig { budget: until, ..player };
            let optimal = ArmOf { game, player_at, reading, secrets: &optimal_secrets };
            arms.push(optimal.arm(
                optimal_label(game),
                format!("{label} optimal"),
                0.0,
                config,
                ctx,
            )?);
            let budgeted = ArmOf { secrets: &secrets, ..optimal };
            for &steps in &budgets {
                let config = MhConfig { budget: Budget::Fixed { steps }, ..player };
                let label = (budget_label(game, steps), label.clone());
                arms.push(budgeted.arm(label.0, label.1, steps as f64, config, ctx)?);
            }
        }
    }
    let labels: std::collections::HashSet<&str> = arms.iter().map(|a| a.label.as_str()).collect();
    if labels.len() != arms.len() {
        return Err(err("sizes", "task.sizes", "a game size is listed twice".into(), ""));
    }
    let games =
        GamesPlan { arms, runs: 1, max_guesses: task.max_guesses, report: GamesReport::default() };
    Ok(MhBudgetPlan {
        games,
        sizes: task.sizes.clone(),
        budgets,
        threshold: task.threshold.get(),
        paper_fit: task.paper_fit.map(|(a, b)| (a.get(), b.get())),
        theta: task.player.theta,
        readings: task.readings.iter().map(|r| r.name.to_string()).collect(),
    })
}

/// A player of the spec: its configuration, where the spec writes it, and the reading it plays
/// (`None`: the default).
type Player<'a> = (MhConfig, &'a str, Option<&'a BudgetReading>);

/// The budgets of the sweep, from `from` to `to` by the profile's step (at most 1000 of them).
fn checked_budgets(
    task: &MhBudgetTask,
    ctx: &PlanContext<'_>,
    profile: Profile,
) -> Result<Vec<u64>, SpecError> {
    let range = task.budgets;
    let step = range.step.get(profile);
    if range.from == 0 || step == 0 || range.to < range.from || range.to > MAX_STEPS {
        return Err(ctx.error(
            None,
            "budgets",
            "task.budgets",
            format!("budgets from {} to {} by {step} are not a range", range.from, range.to),
            "write positive steps with from <= to, e.g. (from: 100, to: 2400, step: 100)",
        ));
    }
    let budgets: Vec<u64> =
        (0..).map(|k| range.from + k * step).take_while(|&b| b <= range.to).collect();
    if budgets.len() > 1000 {
        let message = format!("{} budgets", budgets.len());
        return Err(ctx.error(None, "step", "task.budgets.step", message, "use a larger step"));
    }
    Ok(budgets)
}

/// Every reading has a name of its own and a reason.
fn check_readings(task: &MhBudgetTask, ctx: &PlanContext<'_>) -> Result<(), SpecError> {
    for (k, reading) in task.readings.iter().enumerate() {
        let path = format!("task.readings[{k}]");
        let problem = if reading.name.trim().is_empty() {
            Some(("name", "the reading has no name"))
        } else if reading.because.trim().is_empty() {
            Some(("because", "the reading gives no reason"))
        } else if task.readings[..k].iter().any(|r| r.name == reading.name) {
            Some(("name", "two readings have this name"))
        } else {
            None
        };
        if let Some((field, message)) = problem {
            let hint =
                "name the reading in a few words and say which sentence of the paper supports it";
            return Err(ctx.error(None, field, &format!("{path}.{field}"), message.into(), hint));
        }
    }
    Ok(())
}

/// Every player holds with the "until candidate" budget, the spec's `until_cap`.
fn check_until_budget(
    players: &[Player<'_>],
    until: Budget,
    ctx: &PlanContext<'_>,
) -> Result<(), SpecError> {
    for &(player, player_at, _) in players {
        if let Err(e) = (MhConfig { budget: until, ..player }).validate() {
            // The "until candidate" budget is the spec's `until_cap`; every other field is the
            // player's.
            let (field, path) = if e.field == "budget.cap" {
                ("until_cap", "task.until_cap".to_owned())
            } else {
                ("player", format!("{player_at}.{}", e.field))
            };
            return Err(ctx.error(None, field, &path, e.to_string(), ""));
        }
    }
    Ok(())
}

/// `n` secrets of `game`, drawn from the spec seed's stream of that game size.
fn sample_secrets(ctx: &PlanContext<'_>, game: Game, n: u32) -> Arc<Vec<Code>> {
    let mut rng = rng_for(
        ctx.seed(),
        &[name_id("secrets"), u64::from(game.pegs()), u64::from(game.colours())],
    );
    let total = game.size().unwrap_or(u64::MAX);
    Arc::new((0..n).map(|_| Code::from_rank(game, rng.random_range(0..total))).collect())
}

/// What the arms of one game size and one player share.
#[derive(Clone, Copy)]
struct ArmOf<'a> {
    game: Game,
    /// Where the spec writes the player.
    player_at: &'a str,
    reading: Option<&'a BudgetReading>,
    secrets: &'a Arc<Vec<Code>>,
}

impl ArmOf<'_> {
    /// The arm `label` (in the line `group`, at `x`) playing `config`; under a reading, both
    /// names say which.
    fn arm(
        &self,
        label: String,
        group: String,
        x: f64,
        config: MhConfig,
        ctx: &PlanContext<'_>,
    ) -> Result<PlannedArm, SpecError> {
        let player = PlayerSpec::MetropolisHastings(config);
        let strategy = Prepared::new(player.clone(), self.game)
            .map_err(|e| ctx.player_error(None, self.player_at, &e, ""))?;
        let (label, group, reading) = match self.reading {
            None => (label, group, None),
            Some(r) => (
                reading_label(&label, &r.name),
                reading_label(&group, &r.name),
                Some(Reading {
                    // The label was a spec label, so it is free of control characters.
                    of: Label::try_from(label).ok(),
                    name: r.name.clone(),
                    because: r.because.clone(),
                    counts_only: false,
                }),
            ),
        };
        Ok(PlannedArm {
            label,
            group,
            group_given: true,
            x: Some(x),
            game: self.game,
            parameters: serde_json::to_string(&player).unwrap_or_default(),
            player,
            strategy: Arc::new(strategy),
            secrets: Arc::clone(self.secrets),
            codemaker: Codemaker::Truthful,
            paper: None,
            reading,
            recorded: None,
            counters: Vec::new(),
            games_of: None,
            shared_by: Vec::new(),
        })
    }
}
