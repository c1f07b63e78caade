//! The report of an M-H budget experiment: Table 4 beside the paper's, the budget curves
//! (Figure 6) and log(budget) against pegs + colours with its least-squares line (Figure 7).

use super::plan::{MhBudgetPlan, budget_label, optimal_label, reading_label, size_label};
use super::spec::BudgetSize;
use crate::error::Result;
use crate::spec::raw::Judging;
use crate::spec::values::Finite;
use crate::tasks::games::frame::{GamesByArm, PlayedGame};
use crate::tasks::{Rendered, ReportContext};
use mastermind_report::counts::count_of;
use mastermind_report::plot::{self, Labels, LineSeries, NamedFigure};
use mastermind_report::table::{Table, num};
use mastermind_report::verdict::{
    self, Claimed, Estimate, Outcome, Part, Parts, Printed, ReadingTag, Rule, Side, Test, Verdict,
};
use mastermind_stats::{Summary, mean_confidence_interval};

/// What one size came to.
#[derive(Debug, Clone)]
pub struct SizeResult {
    /// Colours/pegs.
    pub label: String,
    /// Pegs + colours.
    pub complexity: f64,
    /// Games run to a candidate every turn.
    pub optimal: Option<Summary>,
    /// Their mean codes searched.
    pub optimal_evaluations: f64,
    /// Mean length for each budget, ascending budgets.
    pub curve: Vec<(u64, f64)>,
    /// The 95% confidence interval of each mean of `curve`: `(budget, lower, upper)`.
    pub curve_ci: Vec<(u64, f64, f64)>,
    /// Games played at each budget (the largest count over the budgets).
    pub games_per_budget: usize,
    /// The smallest budget whose mean is within the threshold.
    pub enough: Option<u64>,
}

fn arm_values(rows: &GamesByArm<'_>, label: &str) -> (Vec<f64>, f64) {
    let games = rows.of(label);
    let guesses: Vec<f64> = games.iter().map(|g| f64::from(g.game.guesses)).collect();
    let evaluations =
        games.iter().map(|g| g.game.evaluations as f64).sum::<f64>() / games.len().max(1) as f64;
    (guesses, evaluations)
}

/// Aggregates the games of each size.
pub fn size_results(plan: &MhBudgetPlan, rows: &GamesByArm<'_>) -> Vec<SizeResult> {
    plan.sizes
        .iter()
        .map(|size| {
            let game = size.game;
            let optimal_evaluations = arm_values(rows, &optimal_label(game)).1;
            let (optimal_games, played) = curve_games(plan, rows, game, None);
            let optimal = Summary::from_slice(&optimal_games).ok();
            let curve: Vec<(u64, f64)> = played
                .iter()
                .filter_map(|(b, g)| Summary::from_slice(g).ok().map(|s| (*b, s.mean)))
                .collect();
            let curve_ci: Vec<(u64, f64, f64)> = played
                .iter()
                .filter_map(|(b, g)| {
                    mean_confidence_interval(g, 0.95).ok().map(|ci| (*b, ci.lower, ci.upper))
                })
                .collect();
            let games_per_budget = played.iter().map(|(_, g)| g.len()).max().unwrap_or(0);
            let enough = threshold_budget(plan.threshold, &optimal_games, &played);
            SizeResult {
                label: size_label(game),
                complexity: f64::from(game.pegs()) + f64::from(game.colours()),
                optimal,
                optimal_evaluations,
                curve,
                curve_ci,
                games_per_budget,
                enough,
            }
        })
        .collect()
}

/// Bootstrap replicates of a size's threshold budget (the smallest budget whose mean length is
/// within the threshold of the optimum's): the games of the optimum and of every budget
/// resampled with replacement, 1000 times, from a stream seeded by the claim (so a report is the
/// same every time). A replicate that no budget reaches counts one step past the largest budget.
fn bootstrap_enough(
    plan: &MhBudgetPlan,
    (optimal, budgets): (&[f64], &[(u64, Vec<f64>)]),
    step: f64,
    (claim, reading): (&str, Option<&str>),
) -> Vec<f64> {
    use rand::{RngExt, SeedableRng};
    const REPLICATES: usize = 1000;
    let seed = mastermind_core::seed::name_id(&format!("{claim} {}", reading.unwrap_or_default()));
    let mut rng = mastermind_core::LabRng::seed_from_u64(seed);
    let beyond = plan.budgets.iter().max().map_or(0.0, |&b| b as f64 + step);
    let mut resampled_mean = |sample: &[f64]| {
        let n = sample.len();
        (0..n).map(|_| sample[rng.random_range(0..n)]).sum::<f64>() / n.max(1) as f64
    };
    (0..REPLICATES)
        .map(|_| {
            if optimal.is_empty() {
                return f64::NAN;
            }
            let target = plan.threshold * resampled_mean(optimal);
            budgets
                .iter()
                .filter(|(_, games)| !games.is_empty())
                .find(|(_, games)| resampled_mean(games) <= target)
                .map_or(beyond, |(b, _)| *b as f64)
        })
        .collect()
}

/// The games of a size's optimum and of each of its budgets, under the default reading or the
/// reading `name` (whose optimum is the default's where the reading plays none of its own).
fn curve_games(
    plan: &MhBudgetPlan,
    rows: &GamesByArm<'_>,
    game: mastermind_core::Game,
    name: Option<&str>,
) -> (Vec<f64>, Vec<(u64, Vec<f64>)>) {
    let label = |base: String| name.map_or(base.clone(), |n| reading_label(&base, n));
    let mut optimal = arm_values(rows, &label(optimal_label(game))).0;
    if optimal.is_empty() {
        optimal = arm_values(rows, &optimal_label(game)).0;
    }
    let budgets = plan
        .budgets
        .iter()
        .map(|&b| (b, arm_values(rows, &label(budget_label(game, b))).0))
        .collect();
    (optimal, budgets)
}

/// The smallest budget whose mean is within the threshold of the optimum's, from the games of
/// [`curve_games`].
fn threshold_budget(threshold: f64, optimal: &[f64], budgets: &[(u64, Vec<f64>)]) -> Option<u64> {
    let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
    if optimal.is_empty() {
        return None;
    }
    let target = threshold * mean(optimal);
    budgets.iter().filter(|(_, g)| !g.is_empty()).find(|(_, g)| mean(g) <= target).map(|(b, _)| *b)
}

/// Least squares `y = slope x + intercept`; `None` with fewer than two distinct x.
pub fn least_squares(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (points.len() >= 2 && sxx > 0.0).then(|| (sxy / sxx, my - sxy / sxx * mx))
}

pub(crate) fn render(
    plan: &MhBudgetPlan,
    ctx: &ReportContext<'_>,
    games: &[PlayedGame],
) -> Result<Rendered> {
    let rows = GamesByArm::new(games);
    let results = size_results(plan, &rows);
    let pct = (plan.threshold * 100.0).round();
    let mut table = Table::new(
        format!(
            "**{}.** M-H at theta = {}: mean length when every walk runs to a candidate, and the smallest step budget per turn whose mean length is within {pct}% of it.",
            ctx.title, plan.theta
        ),
        &[
            "Game",
            "optimal mean",
            "sd",
            "paper optimal",
            "paper sd",
            "codes searched (optimal)",
            &format!("steps to {pct}%"),
            "paper steps",
            "mean at those steps",
        ],
    );
    for (r, size) in results.iter().zip(&plan.sizes) {
        let at = r.enough.and_then(|b| r.curve.iter().find(|c| c.0 == b)).map(|c| c.1);
        table.row(vec![
            r.label.clone(),
            num(r.optimal.map(|s| s.mean), 3),
            num(r.optimal.and_then(|s| s.sd), 3),
            num(size.paper_optimal, 3),
            num(size.paper_sd, 4),
            num(Some(r.optimal_evaluations), 1),
            r.enough.map_or_else(
                || format!("> {}", plan.budgets.last().unwrap_or(&0)),
                |b| b.to_string(),
            ),
            size.paper_steps.map_or("–".into(), |s| s.to_string()),
            num(at, 3),
        ]);
    }
    table.notes.push(format!(
        "Budgets tried: {} to {} ({} values). A budget is enough when its mean length is at most {} x the optimal mean (the first budget that does, as the thesis reads its Figure 6).",
        plan.budgets.first().unwrap_or(&0),
        plan.budgets.last().unwrap_or(&0),
        plan.budgets.len(),
        plan.threshold
    ));
    let points: Vec<(f64, f64)> =
        results.iter().filter_map(|r| r.enough.map(|b| (r.complexity, (b as f64).ln()))).collect();
    let fit = least_squares(&points);
    let mut notes = Vec::new();
    notes.push(match (fit, plan.paper_fit) {
        (Some((a, b)), Some((pa, pb))) => format!(
            "Least-squares line of ln(steps) on pegs + colours: y = {a:.3} x + {b:.3} (thesis: y = {pa:.2} x + {pb:.2}); at 6/4 it gives {:.0} steps per turn (thesis formula: {:.0}).",
            (a * 10.0 + b).exp(),
            (pa * 10.0 + pb).exp()
        ),
        (Some((a, b)), None) => format!("Least-squares line of ln(steps) on pegs + colours: y = {a:.3} x + {b:.3}."),
        (None, _) => "Too few sizes reached the threshold to fit a line.".into(),
    });
    let increasing = points.windows(2).all(|w| w[1].1 >= w[0].1);
    let verdicts = verdicts(plan, &rows, &results, ctx.judging);
    notes.push(format!(
        "The thesis's conclusion, that the budget needed grows with pegs + colours and log(steps) is close to linear in it, {}.",
        if points.len() >= 2 && increasing { "holds here" } else { "is not borne out by these numbers" }
    ));
    let figures = figures(plan, ctx, &results, fit);
    Ok(Rendered { tables: vec![table], figures, notes, verdicts, ..Rendered::default() })
}

/// The thesis's optimal mean length of one size (its walks run to a candidate), judged under
/// the default reading and under each other reading whose player runs to a candidate itself.
fn length_verdicts(
    plan: &MhBudgetPlan,
    rows: &GamesByArm<'_>,
    size: &BudgetSize,
    label: &str,
    judging: &Judging,
) -> Vec<Verdict> {
    let Some(value) = size.paper_optimal else { return Vec::new() };
    let claim = format!("{label}: mean length run to a candidate");
    let judged = |games: &[f64], tag: Option<ReadingTag>| {
        let ours = Estimate::of(games)?;
        let printed = Printed::new(value.get(), value.decimals()).with_sample(
            judging.paper_n(),
            size.paper_sd.map(Finite::get),
            ours.sd(),
        );
        let verdict = verdict::compare(claim.clone(), ours, printed, judging.margin.as_ref());
        Some(verdict.with_cap(judging.cap()).with_reading(tag))
    };
    let default = arm_values(rows, &optimal_label(size.game)).0;
    let Some(first) = judged(&default, None) else { return Vec::new() };
    let mut verdicts = vec![first];
    for name in &plan.readings {
        let arm = reading_label(&optimal_label(size.game), name);
        let reading =
            plan.games.arms.iter().find(|a| a.label == arm).and_then(|a| a.reading.as_ref());
        let tag = reading.map(|r| ReadingTag::of(name, r));
        verdicts.extend(judged(&arm_values(rows, &arm).0, tag));
    }
    verdicts
}

/// The thesis's optimal mean lengths and step budgets per size, and its conclusion that the
/// budget grows with the game, judged from the games.
fn verdicts(
    plan: &MhBudgetPlan,
    rows: &GamesByArm<'_>,
    results: &[SizeResult],
    judging: &Judging,
) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    // Budgets are tried on a grid, so a budget is known to the grid's step.
    let step = plan.budgets.windows(2).map(|w| w[1] - w[0]).min().unwrap_or(1) as f64;
    // Each size's threshold and its bootstrap, for the claim that the budget grows.
    let mut thresholds: Vec<(String, f64, Vec<f64>, usize)> = Vec::new();
    for (r, size) in results.iter().zip(&plan.sizes) {
        verdicts.extend(length_verdicts(plan, rows, size, &r.label, judging));
        let Some(enough) = r.enough else { continue };
        let (optimal, budgets) = curve_games(plan, rows, size.game, None);
        let games = budgets.iter().map(|(_, g)| g.len()).max().unwrap_or(0);
        let claim = format!("{}: steps to reach the threshold", r.label);
        let curve = (optimal.as_slice(), budgets.as_slice());
        let replicates = bootstrap_enough(plan, curve, step, (&claim, None));
        thresholds.push((r.label.clone(), enough as f64, replicates.clone(), games));
        let Some(value) = size.paper_steps else { continue };
        let printed = Printed { unit: Some(step), ..Printed::new(value as f64, 0) };
        verdicts.push(
            verdict::compare_bootstrapped(
                claim.clone(),
                enough as f64,
                (&replicates, games),
                printed,
                None,
            )
            .with_cap(judging.cap()),
        );
        // The same threshold under each other reading of what a step is.
        for name in &plan.readings {
            let (optimal, budgets) = curve_games(plan, rows, size.game, Some(name));
            let Some(theirs) = threshold_budget(plan.threshold, &optimal, &budgets) else {
                continue;
            };
            let key = (claim.as_str(), Some(name.as_str()));
            let curve = (optimal.as_slice(), budgets.as_slice());
            let replicates = bootstrap_enough(plan, curve, step, key);
            let arm = reading_label(&budget_label(size.game, plan.budgets[0]), name);
            let reading =
                plan.games.arms.iter().find(|a| a.label == arm).and_then(|a| a.reading.as_ref());
            let tag = reading.map(|r| ReadingTag::of(name, r));
            verdicts.push(
                verdict::compare_bootstrapped(
                    claim.clone(),
                    theirs as f64,
                    (&replicates, games),
                    printed,
                    None,
                )
                .with_cap(judging.cap())
                .with_reading(tag),
            );
        }
    }
    verdicts.push(grows_verdict(&thresholds, step).with_cap(judging.cap()));
    verdicts
}

/// The thesis's "the budget needed grows with pegs + colours": each size (in order of pegs +
/// colours) needs more steps than the one before by more than half the grid's step (the
/// smallest growth the grid can show), each consecutive pair a part judged on the difference of
/// the two thresholds' bootstraps.
fn grows_verdict(thresholds: &[(String, f64, Vec<f64>, usize)], step: f64) -> Verdict {
    let claim = "the budget needed grows with pegs + colours".to_owned();
    let ours = thresholds
        .iter()
        .map(|(label, enough, _, _)| format!("{label} {enough:.0}"))
        .collect::<Vec<_>>()
        .join(", ");
    if thresholds.len() < 2 {
        let why = "Too few sizes reach the threshold to compare.".to_owned();
        return Verdict::statement(claim, ours, Outcome::NotTestable, why);
    }
    let parts = thresholds
        .windows(2)
        .map(|pair| {
            let ((small, at_small, rep_small, games), (large, at_large, rep_large, _)) =
                (&pair[0], &pair[1]);
            let replicates: Vec<f64> =
                rep_small.iter().zip(rep_large).map(|(a, b)| a - b).collect();
            let spread = Estimate::of(&replicates).and_then(|e| e.sd()).unwrap_or(0.0);
            let test = Test {
                claimed: Claimed::Fewer,
                first: Side { mean: *at_small, se: spread, df: None, ours: true },
                second: Side { mean: *at_large, se: 0.0, df: None, ours: true },
                margin: step / 2.0,
                margin_reason: "half the step of the grid of budgets".to_owned(),
                digits: 0,
                censored: None,
                bootstrap: Some(replicates),
                samples: *games,
                unit: "games",
                paper: None,
            };
            Part::new(format!("{small} needs fewer steps than {large}"), test)
        })
        .collect();
    Verdict::of_parts(claim, ours, "holds".to_owned(), Parts { parts, rule: Rule::All })
}

fn figures(
    plan: &MhBudgetPlan,
    ctx: &ReportContext<'_>,
    results: &[SizeResult],
    fit: Option<(f64, f64)>,
) -> Vec<NamedFigure> {
    let pct = (plan.threshold * 100.0).round();
    let curves: Vec<LineSeries> = results
        .iter()
        .map(|r| LineSeries {
            name: r.label.clone(),
            points: r.curve.iter().map(|&(b, m)| (b as f64, m)).collect(),
        })
        .collect();
    let references: Vec<plot::Reference> = results
        .iter()
        .filter_map(|r| {
            r.optimal.map(|o| plot::Reference {
                name: format!("{} {pct}% of optimal", r.label),
                value: plan.threshold * o.mean,
                source: plot::Source::Ours,
            })
        })
        .collect();
    let intervals: Vec<Vec<plot::Interval>> = results
        .iter()
        .map(|r| r.curve_ci.iter().map(|&(b, lo, hi)| (b as f64, lo, hi)).collect())
        .collect();
    let games = results.iter().map(|r| r.games_per_budget).max().unwrap_or(0);
    // The axes say what is drawn; the title keeps to the section and the sample size.
    let title6 = format!("{}: {} per point", ctx.title, count_of(games as u64, "games"));
    let labels = Labels::new(title6, "M-H steps per turn", "mean guesses (bars: 95% CI)");
    let budgets = plot::LineChart::new(labels, curves).intervals(intervals).references(references);

    let xs: Vec<f64> = results.iter().map(|r| r.complexity).collect();
    let (x0, x1) = (
        xs.iter().copied().fold(f64::INFINITY, f64::min),
        xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    );
    let mut series = vec![LineSeries {
        name: "ours: ln(steps)".into(),
        points: results
            .iter()
            .filter_map(|r| r.enough.map(|b| (r.complexity, (b as f64).ln())))
            .collect(),
    }];
    if let Some((a, b)) = fit {
        series.push(LineSeries {
            name: format!("least squares: y = {a:.2} x + {b:.2}"),
            points: vec![(x0, a * x0 + b), (x1, a * x1 + b)],
        });
    }
    let mut paper = Vec::new();
    if let Some((a, b)) = plan.paper_fit {
        series.push(LineSeries {
            name: format!("thesis: y = {a:.2} x + {b:.2}"),
            points: vec![(x0, a * x0 + b), (x1, a * x1 + b)],
        });
        paper.push(LineSeries {
            name: format!("thesis: y = {a:.2} x + {b:.2}"),
            points: plan
                .sizes
                .iter()
                .zip(results)
                .filter_map(|(s, r)| s.paper_steps.map(|p| (r.complexity, (p as f64).ln())))
                .collect(),
        });
    }
    let title7 = format!("{}: ln(steps to {pct}%) against pegs + colours", ctx.title);
    let labels = Labels::new(title7, "pegs + colours", "ln(steps per turn)");
    vec![
        NamedFigure::new("budgets", budgets),
        NamedFigure::new("fit", plot::LineChart::new(labels, series).paper(paper)),
    ]
}
