//! The report of a games experiment: the results table beside the paper's, significance groups,
//! pairwise comparisons, and figures.

use super::frame::GameRows;
use super::plan::{GamesPlan, PlannedArm};
use super::spec::{FigureSpec, TestKind, TestOn};
use crate::report::plot::{self, Labels, LineSeries};
use crate::report::table::{Table, num};
use crate::spec::raw::PaperNumbers;
use crate::tasks::ReportContext;
use anyhow::Result;
use mastermind_stats::{
    Alternative, PairTest, Summary, group_samples, pooled_t_test, rank_sum, welch_t_test,
};
use std::path::{Path, PathBuf};

/// What one arm's games came to.
#[derive(Debug, Clone)]
pub struct ArmResult {
    /// The arm's label.
    pub label: String,
    /// Mean guesses of each run.
    pub run_means: Vec<f64>,
    /// Guesses of every game.
    pub games: Vec<f64>,
    /// Summary of the run means.
    pub runs: Option<Summary>,
    /// Summary of all games.
    pub all: Option<Summary>,
    /// Games not solved.
    pub unsolved: usize,
    /// Mean evaluations per game.
    pub evaluations: f64,
    /// Mean score calls per game.
    pub score_calls: f64,
    /// Mean wall time per game, in milliseconds.
    pub millis: f64,
}

/// Aggregates the rows of each arm.
pub fn arm_results(plan: &GamesPlan, rows: &GameRows) -> Vec<ArmResult> {
    plan.arms
        .iter()
        .map(|arm| {
            let idx = rows.of_arm(&arm.label);
            let mut by_run: Vec<(f64, usize)> = vec![(0.0, 0); plan.runs as usize];
            for &i in &idx {
                if let Some(slot) = by_run.get_mut(rows.run[i] as usize) {
                    slot.0 += f64::from(rows.guesses[i]);
                    slot.1 += 1;
                }
            }
            let run_means: Vec<f64> =
                by_run.iter().filter(|r| r.1 > 0).map(|r| r.0 / r.1 as f64).collect();
            let games: Vec<f64> = idx.iter().map(|&i| f64::from(rows.guesses[i])).collect();
            let n = idx.len().max(1) as f64;
            ArmResult {
                label: arm.label.clone(),
                runs: Summary::from_slice(&run_means).ok(),
                all: Summary::from_slice(&games).ok(),
                run_means,
                games,
                unsolved: idx.iter().filter(|&&i| !rows.solved[i]).count(),
                evaluations: idx.iter().map(|&i| rows.evaluations[i] as f64).sum::<f64>() / n,
                score_calls: idx.iter().map(|&i| rows.score_calls[i] as f64).sum::<f64>() / n,
                millis: idx.iter().map(|&i| rows.nanos[i] as f64).sum::<f64>() / n / 1e6,
            }
        })
        .collect()
}

fn samples(result: &ArmResult, on: TestOn) -> &[f64] {
    match on {
        TestOn::RunMeans => &result.run_means,
        TestOn::Games => &result.games,
    }
}

fn pair_test(kind: TestKind) -> PairTest {
    match kind {
        TestKind::RankSum => PairTest::RankSum,
        TestKind::Welch => PairTest::Welch,
        TestKind::Pooled => PairTest::Pooled,
    }
}

/// The main results table: reproduced numbers with the paper's beside them, and the
/// significance groups as letters (arms sharing a letter are not significantly different).
pub fn results_table(title: &str, plan: &GamesPlan, results: &[ArmResult]) -> Table {
    let test = plan.report.test;
    let on = samples_name(test.on);
    let several_runs = plan.runs > 1;
    let papers: Vec<PaperNumbers> =
        plan.arms.iter().map(|a| a.paper.clone().unwrap_or_default()).collect();
    // A paper column appears only where some arm has a number for it.
    let has = |f: fn(&PaperNumbers) -> bool| papers.iter().any(f);
    let show_range = has(|p| p.min.is_some() && p.max.is_some());
    let show_mean = has(|p| p.mean.is_some());
    let show_median = has(|p| p.median.is_some());
    let show_sd = has(|p| p.sd.is_some());
    let show_max = has(|p| p.max_guesses.is_some());
    let show_evaluations = has(|p| p.evaluations.is_some());
    let show_note = has(|p| p.note.is_some());

    let mut headers = vec!["Player", "min", "mean", "median", "max", "sd"];
    headers.extend(["max guesses", "unsolved", "evaluations", "ms/game", "group"]);
    for (show, name) in [
        (show_mean, "paper mean"),
        (show_range, "paper min–max"),
        (show_median, "paper median"),
        (show_sd, "paper sd"),
        (show_max, "paper max guesses"),
        (show_evaluations, "paper evaluations"),
        (show_note, "paper note"),
    ] {
        if show {
            headers.push(name);
        }
    }
    let mut table = Table::new(
        format!(
            "**{title}.** Guesses per game; {} run(s) per arm. Columns marked *paper* quote the publication.",
            plan.runs
        ),
        &headers,
    );
    let (order, letters) = significance_groups(plan, results);
    for &i in &order {
        let (r, paper) = (&results[i], &papers[i]);
        // Run means when there are several runs (the papers' tables), otherwise games.
        let s = if several_runs { r.runs } else { r.all };
        let mut row = vec![
            r.label.clone(),
            num(s.map(|s| s.min), 3),
            num(s.map(|s| s.mean), 3),
            num(s.map(|s| s.median), 3),
            num(s.map(|s| s.max), 3),
            num(s.and_then(|s| s.sd), 3),
            num(r.all.map(|s| s.max), 0),
            r.unsolved.to_string(),
            num(Some(r.evaluations), 1),
            num(Some(r.millis), 3),
            letters[i].clone(),
        ];
        let range = match (paper.min, paper.max) {
            (Some(a), Some(b)) => format!("{a:.3}–{b:.3}"),
            _ => "–".into(),
        };
        for (show, cell) in [
            (show_mean, num(paper.mean, 3)),
            (show_range, range),
            (show_median, num(paper.median, 3)),
            (show_sd, num(paper.sd, 3)),
            (show_max, num(paper.max_guesses, 0)),
            (show_evaluations, num(paper.evaluations, 1)),
            (show_note, paper.note.clone().unwrap_or_else(|| "–".into())),
        ] {
            if show {
                row.push(cell);
            }
        }
        table.row(row);
    }
    let stat = if several_runs { "run means" } else { "games" };
    let within = if plan.report.groups_within_x { ", among arms of equal x" } else { "" };
    table.notes.push(format!(
        "min, mean, median, max and sd are of the {stat}. Groups: {} test on the {on} at alpha = {}{within}; \
         arms that share a letter are not significantly different (a is the group with the fewest guesses).",
        test_name(test.kind),
        test.alpha
    ));
    table
}

/// The row order (by x where groups are per x, then by mean) and each arm's group letters
/// (`–` where a test is impossible, e.g. a single run).
fn significance_groups(plan: &GamesPlan, results: &[ArmResult]) -> (Vec<usize>, Vec<String>) {
    let test = plan.report.test;
    let mut partitions: Vec<Vec<usize>> = Vec::new();
    if plan.report.groups_within_x {
        for (i, arm) in plan.arms.iter().enumerate() {
            match partitions.iter_mut().find(|p| plan.arms[p[0]].x == arm.x) {
                Some(p) => p.push(i),
                None => partitions.push(vec![i]),
            }
        }
        partitions.sort_by(|a, b| {
            let key = |p: &Vec<usize>| plan.arms[p[0]].x.unwrap_or(f64::INFINITY);
            key(a).total_cmp(&key(b))
        });
    } else {
        partitions.push((0..results.len()).collect());
    }
    let mut order = Vec::new();
    let mut letters = vec!["–".to_owned(); results.len()];
    for members in partitions {
        let sets: Vec<&[f64]> = members.iter().map(|&i| samples(&results[i], test.on)).collect();
        let grouping = sets
            .iter()
            .all(|s| s.len() >= 2)
            .then(|| group_samples(&sets, test.alpha, pair_test(test.kind)).ok())
            .flatten();
        match grouping {
            Some(g) => {
                order.extend(g.order().iter().map(|&k| members[k]));
                if let Ok(found) = g.letters() {
                    for (k, l) in found.into_iter().enumerate() {
                        letters[members[k]] = l;
                    }
                }
            }
            None => order.extend(members),
        }
    }
    (order, letters)
}

/// Means per game of the players' own metrics (restarts, resets, walks...), where any arm has
/// them; `None` when no player reports any.
pub fn metrics_table(plan: &GamesPlan, rows: &GameRows) -> Option<Table> {
    let names: Vec<&str> = rows
        .metrics
        .iter()
        .filter(|(_, values)| values.iter().any(Option::is_some))
        .map(|(n, _)| n.as_str())
        .collect();
    if names.is_empty() {
        return None;
    }
    let mut headers = vec!["Player"];
    headers.extend(names.iter().copied());
    let mut table = Table::new(
        "Player-specific measurements, mean per game (– where a player does not report one).",
        &headers,
    );
    for arm in &plan.arms {
        let idx = rows.of_arm(&arm.label);
        let mut cells = vec![arm.label.clone()];
        for (_, values) in rows.metrics.iter().filter(|(n, _)| names.contains(&n.as_str())) {
            let present: Vec<f64> = idx.iter().filter_map(|&i| values[i]).collect();
            cells.push(if present.is_empty() {
                "–".into()
            } else {
                num(Some(present.iter().sum::<f64>() / present.len() as f64), 3)
            });
        }
        table.row(cells);
    }
    Some(table)
}

fn samples_name(on: TestOn) -> &'static str {
    match on {
        TestOn::RunMeans => "run means",
        TestOn::Games => "game lengths",
    }
}

fn test_name(kind: TestKind) -> &'static str {
    match kind {
        TestKind::RankSum => "Wilcoxon rank-sum",
        TestKind::Welch => "Welch's t",
        TestKind::Pooled => "pooled t",
    }
}

/// Pairwise tests of every arm against a reference arm: two-sided and one-sided p-values.
pub fn comparison_table(plan: &GamesPlan, results: &[ArmResult], reference: &str) -> Table {
    let test = plan.report.test;
    let mut table = Table::new(
        format!(
            "**Compared with {reference}** ({} test on the {}).",
            test_name(test.kind),
            samples_name(test.on)
        ),
        &[
            "Player",
            "mean",
            "reference mean",
            "p (two-sided)",
            "p (fewer guesses)",
            "p (more guesses)",
            "different?",
        ],
    );
    let Some(reference_result) = results.iter().find(|r| r.label == reference) else {
        return table;
    };
    let y = samples(reference_result, test.on);
    for r in results.iter().filter(|r| r.label != reference) {
        let x = samples(r, test.on);
        let p = |alt| -> Option<f64> {
            match test.kind {
                TestKind::RankSum => rank_sum(x, y, alt).ok().map(|t| t.p_value),
                TestKind::Welch => welch_t_test(x, y, alt).ok().map(|t| t.p_value),
                TestKind::Pooled => pooled_t_test(x, y, alt).ok().map(|t| t.p_value),
            }
        };
        let two = p(Alternative::TwoSided);
        table.row(vec![
            r.label.clone(),
            num(mean(x), 4),
            num(mean(y), 4),
            pval(two),
            pval(p(Alternative::Less)),
            pval(p(Alternative::Greater)),
            match two {
                Some(v) if v < test.alpha => "yes".into(),
                Some(_) => "no".into(),
                None => "–".into(),
            },
        ]);
    }
    let _ = plan;
    table
}

fn mean(x: &[f64]) -> Option<f64> {
    (!x.is_empty()).then(|| x.iter().sum::<f64>() / x.len() as f64)
}

fn pval(p: Option<f64>) -> String {
    match p {
        Some(v) if v < 1e-4 => format!("{v:.2e}"),
        Some(v) => format!("{v:.4}"),
        None => "–".into(),
    }
}

/// Draws the figures the plan asks for under `base` (a path without extension).
pub fn figures(
    ctx: &ReportContext<'_>,
    plan: &GamesPlan,
    results: &[ArmResult],
    rows: &GameRows,
) -> Result<Vec<PathBuf>> {
    let title = ctx.title;
    let mut written = Vec::new();
    for figure in &plan.report.figures {
        written.extend(match figure {
            FigureSpec::GuessHistogram => guess_histogram(title, results, &ctx.figure("guesses"))?,
            FigureSpec::MeanGuessesVsX { x_label } => {
                let series = by_group(&plan.arms, results, |r| r.all.map(|s| s.mean));
                let paper = paper_by_group(&plan.arms);
                let labels = Labels { title, x: x_label, y: "mean guesses per game" };
                plot::line_chart_with_paper(
                    &ctx.figure("mean-guesses"),
                    &labels,
                    &series,
                    &paper,
                    &reference_lines(plan, results),
                )?
            }
            FigureSpec::MeanEvaluationsVsX { x_label } => {
                let series = by_group(&plan.arms, results, |r| Some(r.evaluations));
                let labels = Labels { title, x: x_label, y: "mean evaluations per game" };
                plot::line_chart(&ctx.figure("mean-evaluations"), &labels, &series, &[])?
            }
            FigureSpec::EvaluationsBoxplot => {
                let samples: Vec<(String, Vec<f64>)> = plan
                    .arms
                    .iter()
                    .map(|arm| {
                        let idx = rows.of_arm(&arm.label);
                        (
                            arm.label.clone(),
                            idx.iter().map(|&i| rows.evaluations[i] as f64).collect(),
                        )
                    })
                    .collect();
                let labels = Labels { title, x: "player", y: "evaluations per game" };
                plot::box_plots(&ctx.figure("evaluations"), &labels, &samples)?
            }
        });
    }
    Ok(written)
}

fn guess_histogram(title: &str, results: &[ArmResult], base: &Path) -> Result<Vec<PathBuf>> {
    let most = results.iter().flat_map(|r| r.games.iter().copied()).fold(1.0, f64::max) as u32;
    let least =
        results.iter().flat_map(|r| r.games.iter().copied()).fold(f64::INFINITY, f64::min).max(1.0)
            as u32;
    let categories: Vec<u32> = (least..=most).collect();
    let series: Vec<(String, Vec<f64>)> = results
        .iter()
        .map(|r| {
            let n = r.games.len().max(1) as f64;
            let shares = categories
                .iter()
                .map(|&c| r.games.iter().filter(|&&g| g as u32 == c).count() as f64 / n)
                .collect();
            (r.label.clone(), shares)
        })
        .collect();
    let labels = Labels { title, x: "guesses to find the secret", y: "share of games" };
    plot::grouped_bars(base, &labels, &categories, &series)
}

/// The spec's fixed reference lines and the reproduced means of its reference arms.
fn reference_lines(plan: &GamesPlan, results: &[ArmResult]) -> Vec<(String, f64)> {
    let mut lines = plan.report.reference_lines.clone();
    for label in &plan.report.reference_arms {
        if let Some(mean) =
            results.iter().find(|r| &r.label == label).and_then(|r| r.all).map(|s| s.mean)
        {
            lines.push((format!("{label} (reproduced)"), mean));
        }
    }
    lines
}

/// The paper's mean guesses of the arms that have an x, as series by group.
fn paper_by_group(arms: &[PlannedArm]) -> Vec<LineSeries> {
    LineSeries::by_group(
        arms.iter().map(|a| (a.group.as_str(), a.x, a.paper.as_ref().and_then(|p| p.mean))),
    )
}

fn by_group(
    arms: &[PlannedArm],
    results: &[ArmResult],
    y: impl Fn(&ArmResult) -> Option<f64>,
) -> Vec<LineSeries> {
    LineSeries::by_group(arms.iter().zip(results).map(|(a, r)| (a.group.as_str(), a.x, y(r))))
}
