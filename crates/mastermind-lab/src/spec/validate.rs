//! Validation: from a parsed spec to a plan, or an error naming the line and field at fault.

use super::SpecFile;
use super::error::SpecError;
use super::raw::{Arm, FigureSpec, GamesTask, RawTask, Secrets};
use super::scaled::Profile;
use super::sweep::with_parameter;
use crate::plan::{GamesPlan, Plan, PlannedArm, PlannedTask};
use mastermind_core::seed::name_id;
use mastermind_core::{Code, CodeSet, Game, rng_for};
use rand::RngExt;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// The most games one spec may ask for: beyond this a number is a typo, not an experiment.
pub const MAX_GAMES: u64 = 200_000_000;

/// Checks every value of `spec` and resolves `profile` into a plan. Nothing is run or written.
pub fn validate(spec: &SpecFile, profile: Profile) -> Result<Plan, SpecError> {
    let checker = Checker { spec };
    let task = match &spec.raw.task {
        RawTask::Games(games) => PlannedTask::Games(checker.games(games, profile)?),
    };
    Ok(Plan {
        name: spec.name.clone(),
        path: spec.path.clone(),
        source: spec.source.clone(),
        raw: spec.raw.clone(),
        profile,
        task,
    })
}

struct Checker<'a> {
    spec: &'a SpecFile,
}

impl Checker<'_> {
    /// An error at the first line at or after the line holding `anchor` that names `field`.
    fn error(
        &self,
        anchor: Option<&str>,
        field: &str,
        path: &str,
        message: String,
        hint: &str,
    ) -> SpecError {
        SpecError {
            file: self.spec.path.clone(),
            line: locate(&self.spec.source, anchor, field),
            column: None,
            field: path.to_owned(),
            message,
            hint: (!hint.is_empty()).then(|| hint.to_owned()),
        }
    }

    fn games(&self, task: &GamesTask, profile: Profile) -> Result<GamesPlan, SpecError> {
        let runs = task.runs.get(profile);
        if !(1..=100_000).contains(&runs) {
            return Err(self.error(
                None,
                "runs",
                "task.runs",
                format!("{runs} runs; a spec runs 1 to 100000"),
                "the papers use 1 to 10 runs",
            ));
        }
        if !(1..=10_000).contains(&task.max_guesses) {
            return Err(self.error(
                None,
                "max_guesses",
                "task.max_guesses",
                format!("{} is not a guess cap; use 1 to 10000", task.max_guesses),
                "",
            ));
        }
        if task.arms.is_empty() {
            return Err(self.error(
                None,
                "arms",
                "task.arms",
                "no arms: nothing to compare".into(),
                "add at least one arm with a label and a player",
            ));
        }
        let test = task.report.test;
        if !(test.alpha > 0.0 && test.alpha < 1.0) {
            return Err(self.error(
                None,
                "alpha",
                "task.report.test.alpha",
                format!("{} is not a significance level", test.alpha),
                "use a value between 0 and 1, such as 0.05",
            ));
        }

        let mut arms = Vec::new();
        let mut secrets_by_game: BTreeMap<(u8, u8), Arc<Vec<Code>>> = BTreeMap::new();
        for (index, arm) in task.arms.iter().enumerate() {
            for expanded in self.expand(index, arm)? {
                let game = arm.game.unwrap_or(task.game);
                let key = (game.pegs(), game.colours());
                let secrets = match secrets_by_game.get(&key) {
                    Some(s) => Arc::clone(s),
                    None => {
                        let s = Arc::new(self.secrets(&task.secrets, game, profile)?);
                        secrets_by_game.insert(key, Arc::clone(&s));
                        s
                    }
                };
                arms.push(self.arm(index, arm, expanded, game, secrets)?);
            }
        }

        let mut seen = HashSet::new();
        for arm in &arms {
            if !seen.insert(arm.label.as_str()) {
                return Err(self.error(
                    Some(&arm.label),
                    "label",
                    "task.arms.label",
                    format!("the label {:?} is used twice", arm.label),
                    "labels name table rows and must be unique",
                ));
            }
        }
        for label in &task.report.compare_to {
            if !seen.contains(label.as_str()) {
                return Err(self.error(
                    None,
                    "compare_to",
                    "task.report.compare_to",
                    format!("no arm is labelled {label:?}"),
                    &format!(
                        "the labels are: {}",
                        arms.iter().map(|a| a.label.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        }
        let needs_x = task.report.figures.iter().any(|f| {
            matches!(f, FigureSpec::MeanGuessesVsX { .. } | FigureSpec::MeanEvaluationsVsX { .. })
        });
        if let Some(arm) = arms.iter().find(|a| needs_x && a.x.is_none()) {
            return Err(self.error(
                Some(&arm.label),
                "label",
                "task.arms.x",
                format!("the arm {:?} has no x, which its line figure needs", arm.label),
                "give the arm `x: Some(value)`, or sweep a parameter",
            ));
        }

        let plan =
            GamesPlan { arms, runs, max_guesses: task.max_guesses, report: task.report.clone() };
        if plan.game_count() > MAX_GAMES {
            return Err(self.error(
                None,
                "runs",
                "task",
                format!(
                    "{} games is absurd for one spec (the limit is {MAX_GAMES})",
                    plan.game_count()
                ),
                "lower runs or the number of secrets",
            ));
        }
        Ok(plan)
    }

    /// The (label, group, x, player, paper mean) of each arm a spec arm stands for.
    fn expand(&self, index: usize, arm: &Arm) -> Result<Vec<Expanded>, SpecError> {
        let Some(sweep) = &arm.sweep else {
            return Ok(vec![Expanded {
                label: arm.label.clone(),
                group: arm.group.clone().unwrap_or_else(|| arm.label.clone()),
                x: arm.x,
                player: arm.player.clone(),
                paper_mean: None,
            }]);
        };
        let path = format!("task.arms[{index}].sweep");
        if sweep.values.is_empty() {
            return Err(self.error(
                Some(&arm.label),
                "values",
                &format!("{path}.values"),
                "a sweep needs at least one value".into(),
                "",
            ));
        }
        if !sweep.paper_means.is_empty() && sweep.paper_means.len() != sweep.values.len() {
            return Err(self.error(
                Some(&arm.label),
                "paper_means",
                &format!("{path}.paper_means"),
                format!(
                    "{} paper means for {} values",
                    sweep.paper_means.len(),
                    sweep.values.len()
                ),
                "give one per value (None where the paper has none), or none at all",
            ));
        }
        sweep
            .values
            .iter()
            .enumerate()
            .map(|(i, &value)| {
                let player =
                    with_parameter(&arm.player, &sweep.parameter, value).map_err(|message| {
                        self.error(
                            Some(&arm.label),
                            "parameter",
                            &format!("{path}.parameter"),
                            message,
                            "",
                        )
                    })?;
                Ok(Expanded {
                    label: format!("{} {}={}", arm.label, sweep.parameter, value),
                    group: arm.group.clone().unwrap_or_else(|| arm.label.clone()),
                    x: Some(value),
                    player,
                    paper_mean: sweep.paper_means.get(i).copied().flatten(),
                })
            })
            .collect()
    }

    fn arm(
        &self,
        index: usize,
        arm: &Arm,
        expanded: Expanded,
        game: Game,
        secrets: Arc<Vec<Code>>,
    ) -> Result<PlannedArm, SpecError> {
        let strategy = expanded.player.strategy(game).map_err(|message| {
            let field = message.split(':').next().filter(|f| !f.contains(' ')).unwrap_or("player");
            self.error(
                Some(&arm.label),
                field,
                &format!("task.arms[{index}].player"),
                format!("{} (arm {:?}, game {game})", message, expanded.label),
                "",
            )
        })?;
        let mut paper = arm.paper.clone();
        if let Some(mean) = expanded.paper_mean {
            paper.get_or_insert_with(Default::default).mean = Some(mean);
        }
        Ok(PlannedArm {
            label: expanded.label,
            group: expanded.group,
            x: expanded.x,
            game,
            parameters: serde_json::to_string(&expanded.player).unwrap_or_default(),
            player: expanded.player,
            strategy,
            secrets,
            paper,
        })
    }

    fn secrets(
        &self,
        secrets: &Secrets,
        game: Game,
        profile: Profile,
    ) -> Result<Vec<Code>, SpecError> {
        match secrets {
            Secrets::All => CodeSet::enumerate(game).map(|s| s.to_vec()).map_err(|e| {
                self.error(
                    None,
                    "secrets",
                    "task.secrets",
                    e.to_string(),
                    "use `Sample(n)` for games this large",
                )
            }),
            Secrets::Sample(n) => {
                let n = n.get(profile);
                if !(1..=10_000_000).contains(&n) {
                    return Err(self.error(
                        None,
                        "secrets",
                        "task.secrets",
                        format!("Sample({n}): sample 1 to 10000000 secrets"),
                        "",
                    ));
                }
                let size = game.size().unwrap_or(u64::MAX);
                let mut rng = rng_for(
                    self.spec.raw.seed,
                    &[name_id("secrets"), u64::from(game.pegs()), u64::from(game.colours())],
                );
                Ok((0..n).map(|_| Code::from_rank(game, rng.random_range(0..size))).collect())
            }
            Secrets::List(list) => {
                if list.is_empty() {
                    return Err(self.error(
                        None,
                        "secrets",
                        "task.secrets",
                        "an empty list of secrets".into(),
                        "",
                    ));
                }
                list.iter()
                    .map(|text| {
                        Code::parse(game, text).map_err(|e| {
                            self.error(Some(text), "", "task.secrets", e.to_string(), "")
                        })
                    })
                    .collect()
            }
        }
    }
}

struct Expanded {
    label: String,
    group: String,
    x: Option<f64>,
    player: crate::players::PlayerSpec,
    paper_mean: Option<f64>,
}

/// The 1-based line of the first occurrence of `field:` at or after the line that holds `anchor`
/// (quoted, as labels are written), or of `anchor` itself when `field` is empty.
pub(crate) fn locate(source: &str, anchor: Option<&str>, field: &str) -> Option<usize> {
    let lines: Vec<&str> = source.lines().collect();
    let start = match anchor {
        Some(a) => lines.iter().position(|l| l.contains(&format!("{a:?}")))?,
        None => 0,
    };
    if field.is_empty() {
        return Some(start + 1);
    }
    let needle = format!("{field}:");
    lines[start..]
        .iter()
        .position(|l| {
            l.trim_start().starts_with(&needle)
                || l.contains(&format!(" {needle}"))
                || l.contains(&format!("({needle}"))
        })
        .map(|i| start + i + 1)
        .or(anchor.map(|_| start + 1))
}
