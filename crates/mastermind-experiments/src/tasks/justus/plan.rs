//! Validation of a Justus spec into a [`JustusPlan`]: sweeps expanded, configurations checked.

use super::spec::{JustusArm, JustusPaper, JustusReport, JustusSweep, JustusTask};
use crate::spec::SpecError;
use crate::spec::raw::Reading;
use crate::spec::scaled::Profile;
use crate::spec::sweep::with_parameter;
use crate::tasks::PlanContext;
use crate::tasks::readings::{self, ArmReading};
use mastermind_core::Game;
use mastermind_players::families::evolution::{JustusConfig, JustusStrategy};
use std::collections::{HashMap, HashSet};

/// The most runs one spec may ask for.
pub const MAX_RUNS: u64 = 10_000_000;

/// The most arms one spec may have once its sweeps are expanded.
pub const MAX_ARMS: usize = 10_000;

/// Runs of every arm, ready to execute.
#[derive(Debug, Clone)]
pub struct JustusPlan {
    /// The game.
    pub game: Game,
    /// Runs per arm, unless an arm gives its own ([`PlannedJustusArm::runs`]).
    pub runs: u32,
    /// The arms, sweeps expanded.
    pub arms: Vec<PlannedJustusArm>,
    /// What the report shows.
    pub report: JustusReport,
    /// The swept parameter's name, when some arm sweeps one (for the x axis title).
    pub swept: Option<String>,
}

/// One validated configuration.
#[derive(Debug, Clone)]
pub struct PlannedJustusArm {
    /// Label in tables and legends.
    pub label: String,
    /// The line this arm belongs to in figures (the spec arm's label).
    pub group: String,
    /// Position on the x axis (swept arms only).
    pub x: Option<f64>,
    /// The configuration as JSON, stored in every row.
    pub parameters: String,
    /// The validated GA.
    pub strategy: JustusStrategy,
    /// The paper's numbers for this point.
    pub paper: Option<JustusPaper>,
    /// Runs of this arm (the task's, unless the arm gives its own).
    pub runs: u32,
    /// The reading of the paper the arm plays, where the spec names one (a swept arm's points
    /// all share it; its `of` names the spec arm whose points carry the paper's numbers, paired
    /// by x).
    pub reading: Option<Reading>,
}

impl readings::PairedArm for PlannedJustusArm {
    fn label(&self) -> &str {
        &self.label
    }
    fn group(&self) -> &str {
        &self.group
    }
    fn x(&self) -> Option<f64> {
        self.x
    }
    fn reading(&self) -> Option<&Reading> {
        self.reading.as_ref()
    }
}

impl crate::tasks::Validate for JustusTask {
    type Plan = JustusPlan;

    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<JustusPlan, SpecError> {
        plan(self, ctx, profile)
    }
}

fn plan(
    task: &JustusTask,
    ctx: &PlanContext<'_>,
    profile: Profile,
) -> Result<JustusPlan, SpecError> {
    let runs = task.runs.get(profile);
    ctx.check_range(
        "runs",
        runs,
        1..=1_000_000,
        "runs per point",
        "the paper runs 1000 per point",
    )?;
    ctx.check_listed(
        "arms",
        &task.arms,
        "nothing to run",
        "add at least one arm with a label (its config may be empty: the paper's defaults)",
    )?;
    let mut expanded_arms = 0;
    for (index, arm) in task.arms.iter().enumerate() {
        expanded_arms += arm.sweep.as_ref().map_or(1, |s| s.values.len());
        if expanded_arms > MAX_ARMS {
            return Err(ctx.error(
                Some(&arm.label),
                "values",
                &format!("task.arms[{index}].sweep.values"),
                format!("the sweeps make more than {MAX_ARMS} arms"),
                "sweep fewer values",
            ));
        }
    }
    let mut arms = Vec::new();
    let mut written_as = Vec::new();
    let mut swept = None;
    for arm in &task.arms {
        if let Some(sweep) = &arm.sweep {
            swept.get_or_insert_with(|| sweep.parameter.to_string());
        }
        let expanded = expand(ctx, task.game, arm, arm_runs(ctx, arm, profile, runs)?)?;
        written_as.extend(std::iter::repeat_n(arm.label.as_str(), expanded.len()));
        arms.extend(expanded);
    }
    check_labels_and_readings(task, ctx, &arms, &written_as)?;
    if !task.report.figures.is_empty() && arms.iter().all(|a| a.x.is_none()) {
        return Err(ctx.error(
            None,
            "figures",
            "task.report.figures",
            "line figures need a sweep, and no arm sweeps a parameter".into(),
            "add `sweep: Some((parameter: \"tournament_size\", values: [2, 3, 4]))` to an arm, or drop the figures",
        ));
    }
    let total_runs: u64 = arms.iter().map(|a| u64::from(a.runs)).sum();
    if total_runs > MAX_RUNS {
        return Err(ctx.error(
            None,
            "runs",
            "task.runs",
            format!("{total_runs} runs is absurd for one spec (the limit is {MAX_RUNS})"),
            "",
        ));
    }
    Ok(JustusPlan { game: task.game, runs, arms, report: task.report.clone(), swept })
}

/// The runs per point of `arm`: its own, checked, or the task's `runs`.
fn arm_runs(
    ctx: &PlanContext<'_>,
    arm: &JustusArm,
    profile: Profile,
    runs: u32,
) -> Result<u32, SpecError> {
    let Some(own) = arm.runs else { return Ok(runs) };
    let own = own.get(profile);
    if !(1..=1_000_000).contains(&own) {
        return Err(ctx.error(
            Some(&arm.label),
            "runs",
            &format!("task.arms[{:?}].runs", arm.label),
            format!("{own} runs per point; use 1 to 1000000"),
            "leave it out to run the task's runs",
        ));
    }
    Ok(own)
}

/// Every arm's label is its own, and every reading names an arm that carries the paper's
/// numbers (`written_as`: the label each expanded arm's spec arm is written with).
fn check_labels_and_readings(
    task: &JustusTask,
    ctx: &PlanContext<'_>,
    arms: &[PlannedJustusArm],
    written_as: &[&str],
) -> Result<(), SpecError> {
    let mut seen = HashSet::new();
    for (arm, written) in arms.iter().zip(written_as) {
        if !seen.insert(arm.label.as_str()) {
            return Err(ctx.error(
                Some(written),
                "label",
                "task.arms.label",
                format!("the label {:?} is used twice", arm.label),
                "labels name table rows and must be unique",
            ));
        }
    }
    let readings: Vec<ArmReading<'_>> = task
        .arms
        .iter()
        .map(|a| ArmReading {
            label: &a.label,
            reading: a.reading.as_ref(),
            has_paper: a.paper.is_some()
                || a.sweep
                    .as_ref()
                    .is_some_and(|s| s.paper_generations.iter().any(Option::is_some)),
        })
        .collect();
    let expanded_labels: HashMap<&str, &str> =
        arms.iter().zip(written_as).map(|(arm, written)| (arm.label.as_str(), *written)).collect();
    readings::check(ctx, "task.arms", &readings, &expanded_labels)
}

/// The arms one spec arm stands for: itself, or one per swept value.
fn expand(
    ctx: &PlanContext<'_>,
    game: Game,
    arm: &JustusArm,
    runs: u32,
) -> Result<Vec<PlannedJustusArm>, SpecError> {
    let anchor = Some(arm.label.as_str());
    let build = |label: String, x: Option<f64>, config: JustusConfig, paper| {
        let parameters = serde_json::to_string(&config).unwrap_or_default();
        let strategy = JustusStrategy::new(game, config).map_err(|e| {
            ctx.error(
                anchor,
                "config",
                &format!("task.arms[{:?}].config", arm.label),
                format!("{label}: {e}"),
                "the paper's defaults are population 50, survivors 25, mutation_rate 0.15, w_pos 3, w_sym 1, tournament_size 2",
            )
        })?;
        Ok(PlannedJustusArm {
            label,
            group: arm.label.to_string(),
            x,
            parameters,
            strategy,
            paper,
            runs,
            reading: arm.reading.clone(),
        })
    };
    let Some(sweep) = &arm.sweep else {
        return Ok(vec![build(
            arm.label.to_string(),
            None,
            arm.config.clone(),
            arm.paper.clone(),
        )?]);
    };
    let path = format!("task.arms[{:?}].sweep", arm.label);
    check_sweep(ctx, anchor, sweep, &path)?;
    let mut out = Vec::new();
    for (i, value) in sweep.values.iter().map(|v| v.get()).enumerate() {
        let sweep_error = |field: &str, message: String| {
            ctx.error(anchor, field, &format!("{path}.{field}"), message, "")
        };
        let mut config = with_parameter(&arm.config, &sweep.parameter, value)
            .map_err(|e| sweep_error("parameter", e))?;
        for (name, factor) in &sweep.linked {
            let linked = (value * factor.get()).round();
            config = with_parameter(&config, name, linked).map_err(|e| sweep_error("linked", e))?;
        }
        let mut paper = arm.paper.clone();
        if let Some(&Some(g)) = sweep.paper_generations.get(i) {
            paper.get_or_insert_with(JustusPaper::default).generations = Some(g);
        }
        let label = format!("{} {}={}", arm.label, sweep.parameter, short(value));
        out.push(build(label, Some(value * sweep.x_scale.get()), config, paper)?);
    }
    Ok(out)
}

/// A sweep has values, one paper value per value (or none), and a finite non-zero x scale.
fn check_sweep(
    ctx: &PlanContext<'_>,
    anchor: Option<&str>,
    sweep: &JustusSweep,
    path: &str,
) -> Result<(), SpecError> {
    if sweep.values.is_empty() {
        return Err(ctx.error(
            anchor,
            "values",
            &format!("{path}.values"),
            "the sweep has no values".into(),
            "list the parameter's values, such as [1, 2, 3]",
        ));
    }
    if !sweep.paper_generations.is_empty() && sweep.paper_generations.len() != sweep.values.len() {
        return Err(ctx.error(
            anchor,
            "paper_generations",
            &format!("{path}.paper_generations"),
            format!(
                "{} paper values for {} swept values",
                sweep.paper_generations.len(),
                sweep.values.len()
            ),
            "give one entry per value (None where the paper gives none), or none at all",
        ));
    }
    if !(sweep.x_scale.is_finite() && sweep.x_scale != 0.0) {
        return Err(ctx.error(
            anchor,
            "x_scale",
            &format!("{path}.x_scale"),
            format!("{} is not a scale", sweep.x_scale),
            "use a finite non-zero factor, such as 100 for percentages",
        ));
    }
    Ok(())
}

/// A number without trailing zeros.
fn short(v: f64) -> String {
    if v == v.round() { format!("{}", v as i64) } else { format!("{v}") }
}
