//! The report of a Justus experiment: a table per spec with the paper beside, and line figures of
//! generations, time and distinct codes against the swept parameter.

use super::plan::{JustusPlan, PlannedJustusArm};
use super::run::RunRow;
use super::spec::JustusFigure;
use crate::report::plot::{self, Labels, LineSeries};
use crate::report::table::{Table, num};
use crate::report::verdict::{self, Estimate, Printed, Verdict};
use crate::spec::values::Finite;
use crate::tasks::ReportContext;
use anyhow::Result;
use mastermind_stats::{Summary, mean_confidence_interval};
use std::path::PathBuf;

/// What one arm's runs came to.
#[derive(Debug, Clone)]
pub struct ArmOutcome {
    /// Generations per run.
    pub generations: Option<Summary>,
    /// The 95% confidence interval of the mean generations, `(lower, upper)`.
    pub generations_ci: Option<(f64, f64)>,
    /// Mean distinct codes scored.
    pub unique_evaluated: f64,
    /// Mean codes scored.
    pub evaluations: f64,
    /// Mean wall time per run, in milliseconds.
    pub millis: f64,
    /// Runs that hit the generation cap.
    pub capped: usize,
    /// Runs.
    pub runs: usize,
}

/// Aggregates the rows of each arm, in plan order.
pub fn outcomes(plan: &JustusPlan, rows: &[RunRow]) -> Vec<ArmOutcome> {
    plan.arms
        .iter()
        .map(|arm| {
            let runs: Vec<&RunRow> = rows.iter().filter(|r| r.arm == arm.label).collect();
            let n = runs.len().max(1) as f64;
            let mean = |f: &dyn Fn(&RunRow) -> f64| runs.iter().map(|r| f(r)).sum::<f64>() / n;
            let generations: Vec<f64> = runs.iter().map(|r| f64::from(r.generations)).collect();
            ArmOutcome {
                generations: Summary::from_slice(&generations).ok(),
                generations_ci: mean_confidence_interval(&generations, 0.95)
                    .ok()
                    .map(|ci| (ci.lower, ci.upper)),
                unique_evaluated: mean(&|r| r.unique_evaluated as f64),
                evaluations: mean(&|r| r.evaluations as f64),
                millis: mean(&|r| r.nanos as f64) / 1e6,
                capped: runs.iter().filter(|r| r.capped).count(),
                runs: runs.len(),
            }
        })
        .collect()
}

/// The results table: one row per arm, the paper's numbers beside.
pub fn results_table(title: &str, plan: &JustusPlan, outcomes: &[ArmOutcome]) -> Table {
    let mut table = Table::new(
        format!(
            "**{title}.** Generations until the secret is in the population, {} run(s) per row, each against its own random secret of {} pegs x {} colours. Columns marked *paper* quote the publication.",
            plan.runs,
            plan.game.pegs(),
            plan.game.colours()
        ),
        &[
            "Configuration",
            "mean generations",
            "median",
            "sd",
            "paper generations",
            "unique codes",
            "paper unique codes",
            "codes scored",
            "ms/run",
            "capped",
            "paper note",
        ],
    );
    for (arm, o) in plan.arms.iter().zip(outcomes) {
        let paper = arm.paper.clone().unwrap_or_default();
        let g = o.generations;
        table.row(vec![
            arm.label.clone(),
            num(g.map(|s| s.mean), 2),
            num(g.map(|s| s.median), 1),
            num(g.and_then(|s| s.sd), 2),
            num(paper.generations, 0),
            num(Some(o.unique_evaluated), 1),
            num(paper.unique_evaluated, 0),
            num(Some(o.evaluations), 1),
            num(Some(o.millis), 3),
            format!("{}/{}", o.capped, o.runs),
            paper.note.as_deref().unwrap_or("–").to_owned(),
        ]);
    }
    table.notes.push(
        "generations: generations bred until the secret appeared (0 if it was in the first population); \
         unique codes: distinct codes scored against the secret; codes scored: every candidate scored \
         (N, then N - m per generation); capped: runs stopped at the generation cap (their \
         generations count the cap)."
            .into(),
    );
    table
}

/// Draws the figures the plan asks for.
pub fn figures(
    ctx: &ReportContext<'_>,
    plan: &JustusPlan,
    outcomes: &[ArmOutcome],
) -> Result<Vec<PathBuf>> {
    let x_label =
        plan.report.x_label.as_deref().or(plan.swept.as_deref()).unwrap_or("x").to_owned();
    let title = format!("{}: {} runs per point", ctx.title, plan.runs);
    let title = title.as_str();
    let mut written = Vec::new();
    for figure in &plan.report.figures {
        written.extend(match figure {
            JustusFigure::Generations => {
                let series = lines(&plan.arms, outcomes, |o| o.generations.map(|s| s.mean));
                let intervals = intervals(&plan.arms, outcomes);
                let paper = paper_lines(&plan.arms);
                let labels = Labels {
                    title,
                    x: &x_label,
                    y: "mean generations until solved (bars: 95% CI)",
                };
                plot::line_chart_with_intervals(
                    &ctx.figure("generations"),
                    &labels,
                    &series,
                    &intervals,
                    &paper,
                    &[],
                )?
            }
            JustusFigure::Time => {
                let series = lines(&plan.arms, outcomes, |o| Some(o.millis));
                let labels = Labels { title, x: &x_label, y: "mean time per run (ms)" };
                plot::line_chart(&ctx.figure("time"), &labels, &series, &[])?
            }
            JustusFigure::UniqueEvaluated => {
                let series = lines(&plan.arms, outcomes, |o| Some(o.unique_evaluated));
                let labels = Labels { title, x: &x_label, y: "mean distinct codes scored" };
                plot::line_chart(&ctx.figure("unique"), &labels, &series, &[])?
            }
            JustusFigure::Normalised => {
                let mut series = Vec::new();
                for (what, y) in [
                    (
                        "generations",
                        &(|o: &ArmOutcome| o.generations.map(|s| s.mean))
                            as &dyn Fn(&ArmOutcome) -> Option<f64>,
                    ),
                    ("time", &|o: &ArmOutcome| Some(o.millis)),
                ] {
                    for mut s in lines(&plan.arms, outcomes, y) {
                        let total: f64 = s.points.iter().map(|p| p.1).sum();
                        if total > 0.0 {
                            s.points.iter_mut().for_each(|p| p.1 /= total);
                        }
                        s.name = format!("{} {what}", s.name);
                        series.push(s);
                    }
                }
                let labels =
                    Labels { title, x: &x_label, y: "share of the sum over the sweep's points" };
                plot::line_chart(&ctx.figure("normalised"), &labels, &series, &[])?
            }
        });
    }
    Ok(written)
}

/// One line per group of swept arms.
fn lines(
    arms: &[PlannedJustusArm],
    outcomes: &[ArmOutcome],
    y: impl Fn(&ArmOutcome) -> Option<f64>,
) -> Vec<LineSeries> {
    LineSeries::by_group(arms.iter().zip(outcomes).map(|(a, o)| (a.group.as_str(), a.x, y(o))))
}

/// The confidence intervals of the mean generations, grouped and ordered as [`lines`] groups
/// the means.
fn intervals(arms: &[PlannedJustusArm], outcomes: &[ArmOutcome]) -> Vec<Vec<plot::Interval>> {
    plot::intervals_by_group(
        arms.iter()
            .zip(outcomes)
            .map(|(arm, o)| (arm.group.as_str(), arm.x, o.generations.is_some(), o.generations_ci)),
    )
}

/// The paper's generations at swept points, one series per group.
fn paper_lines(arms: &[PlannedJustusArm]) -> Vec<LineSeries> {
    LineSeries::by_group(arms.iter().map(|a| {
        (a.group.as_str(), a.x, a.paper.as_ref().and_then(|p| p.generations.map(Finite::get)))
    }))
}

/// The paper's numbers (generations per arm) and its statements about the best point of a sweep,
/// judged from the runs.
pub fn verdicts(plan: &JustusPlan, rows: &[RunRow]) -> Vec<Verdict> {
    let generations = |label: &str| -> Vec<f64> {
        rows.iter().filter(|r| r.arm == label).map(|r| f64::from(r.generations)).collect()
    };
    let mut verdicts = Vec::new();
    for arm in &plan.arms {
        let Some(paper) = &arm.paper else { continue };
        let (Some(value), Some(ours)) = (paper.generations, Estimate::of(&generations(&arm.label)))
        else {
            continue;
        };
        let printed =
            Printed { unit: paper.rounded_to.map(Finite::get), ..Printed::new(value.get(), 0) };
        let claim = format!("{}: mean generations", arm.label);
        verdicts.push(verdict::compare(claim, ours, printed, paper.explained.as_deref()));
    }
    verdict::judge_family(&mut verdicts);
    let points: Vec<(f64, Vec<f64>)> =
        plan.arms.iter().filter_map(|a| a.x.map(|x| (x, generations(&a.label)))).collect();
    for claim in &plan.report.claims {
        let why = claim.explained.as_deref();
        verdicts.push(verdict::best_within(
            claim.text.to_string(),
            &points,
            (claim.best_within.0.get(), claim.best_within.1.get()),
            why,
        ));
    }
    verdicts
}
