//! The report of a games experiment: the results table beside the paper's, significance groups,
//! pairwise comparisons, and figures.

use super::frame::{GameRow, GamesByArm, PlayedGame};
use super::plan::{Codemaker, GamesPlan, PlannedArm};
use super::spec::{Comparison, ComparisonClaim, FigureSpec, TestOn};
use crate::spec::printed::PaperValue;
use crate::spec::raw::{Judging, PaperNumbers};
use crate::tasks::ReportContext;
use crate::tasks::readings;
use mastermind_players::PlayerSpec;
use mastermind_report::plot::dots::{ArmRow, DotLabels};
use mastermind_report::plot::pareto::TimedPlayer;
use mastermind_report::plot::{self, Figure, Labels, LineChart, LineSeries, NamedFigure, Source};
use mastermind_report::table::{Table, num};
use mastermind_report::verdict::{
    self, ArmSamples, Claimed, Estimate, Outcome, Printed, ReadingTag, Verdict,
};
use mastermind_stats::{
    Alternative, Correction, Summary, group_samples_corrected, holm, mean_confidence_interval,
    nearest_rank,
};

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
pub fn arm_results(plan: &GamesPlan, rows: &GamesByArm<'_>) -> Vec<ArmResult> {
    plan.arms
        .iter()
        .map(|arm| {
            let played: Vec<&GameRow> = rows.of(&arm.label).iter().map(|g| &g.game).collect();
            let mut by_run: Vec<(f64, usize)> = vec![(0.0, 0); plan.runs as usize];
            for game in &played {
                if let Some(slot) = by_run.get_mut(game.run as usize) {
                    slot.0 += f64::from(game.guesses);
                    slot.1 += 1;
                }
            }
            let run_means: Vec<f64> =
                by_run.iter().filter(|r| r.1 > 0).map(|r| r.0 / r.1 as f64).collect();
            let games: Vec<f64> = played.iter().map(|g| f64::from(g.guesses)).collect();
            // An arm without games of its own (a value computed elsewhere) has no counters: NaN,
            // shown as a dash, rather than a mean of nothing.
            let n = if played.is_empty() { f64::NAN } else { played.len() as f64 };
            let mean_of = |count: &dyn Fn(&GameRow) -> u64| {
                played.iter().map(|g| count(g) as f64).sum::<f64>() / n
            };
            ArmResult {
                label: arm.label.clone(),
                runs: Summary::from_slice(&run_means).ok(),
                all: Summary::from_slice(&games).ok(),
                run_means,
                games,
                unsolved: played.iter().filter(|g| !g.solved).count(),
                evaluations: mean_of(&|g| g.evaluations),
                score_calls: mean_of(&|g| g.score_calls),
                millis: mean_of(&|g| g.nanos) / 1e6,
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
    let show_group = has(|p| p.group.is_some());

    let mut headers = vec!["Player", "min", "mean", "median", "max", "sd"];
    headers.extend(["max guesses", "unsolved", "evaluations", "score calls", "ms/game", "group"]);
    for (show, name) in [
        (show_group, "paper group"),
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
            num(Some(r.score_calls), 1),
            num(Some(r.millis), 3),
            letters[i].clone(),
        ];
        let range = match (paper.min, paper.max) {
            (Some(a), Some(b)) => format!("{a:.3}–{b:.3}"),
            _ => "–".into(),
        };
        for (show, cell) in [
            (show_group, paper.group.as_deref().unwrap_or("–").to_owned()),
            (show_mean, num(paper.mean, 3)),
            (show_range, range),
            (show_median, num(paper.median, 3)),
            (show_sd, num(paper.sd, 3)),
            (show_max, num(paper.max_guesses, 0)),
            (show_evaluations, num(paper.evaluations, 1)),
            (show_note, paper.note.as_deref().unwrap_or("–").to_owned()),
        ] {
            if show {
                row.push(cell);
            }
        }
        table.row(row);
    }
    let stat = if several_runs { "run means" } else { "games" };
    let family = if plan.report.groups_within_x {
        "all pairs of arms of equal x"
    } else {
        "all pairs of arms of this table"
    };
    table.notes.push(format!(
        "min, mean, median, max and sd are of the {stat}; evaluations (candidates examined) and score \
         calls (feedback computations) are means per game. Groups: two-sided {} test on the {on} at \
         alpha = {}, Holm-corrected within each family of tests ({family}); arms that share a letter \
         are not significantly different (a is the group with the fewest guesses).{}",
        test.kind.name(),
        test.alpha,
        if show_group {
            " The paper's groups are its own lines or letters, converted to letters the same way."
        } else {
            ""
        }
    ));
    table
}

/// The row order and each arm's group letters (`–` where a test is impossible, e.g. a single
/// run). Rows go by x where groups are per x, then by mean; a sweep (arms with an x) keeps the
/// spec's order, which is the order of the swept parameter; other tables go by mean, as the
/// papers sort them.
fn significance_groups(plan: &GamesPlan, results: &[ArmResult]) -> (Vec<usize>, Vec<String>) {
    significance_groups_with(plan, results, None)
}

/// [`significance_groups`], with `swap = (default, reading)` putting the arm `reading` (which
/// plays another reading of the paper) in the place of the arm `default`.
fn significance_groups_with(
    plan: &GamesPlan,
    results: &[ArmResult],
    swap: Option<(usize, usize)>,
) -> (Vec<usize>, Vec<String>) {
    let test = plan.report.test;
    // An arm that plays another reading of the paper is not one of the paper's players: it is
    // left out of the groups (its letter is a dash), so that it cannot change theirs, unless it
    // is swapped in for the arm of the default reading.
    let alternative = |i: &usize| match swap {
        Some((default, _)) if *i == default => true,
        Some((_, reading)) if *i == reading => false,
        _ => plan.arms[*i].reading.as_ref().is_some_and(|r| r.of.is_some()),
    };
    let mut partitions: Vec<Vec<usize>> = Vec::new();
    if plan.report.groups_within_x {
        for (i, arm) in plan.arms.iter().enumerate().filter(|(i, _)| !alternative(i)) {
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
        partitions.push((0..results.len()).filter(|i| !alternative(i)).collect());
    }
    let mut order = Vec::new();
    let mut letters = vec!["–".to_owned(); results.len()];
    for members in partitions {
        let sets: Vec<&[f64]> = members.iter().map(|&i| samples(&results[i], test.on)).collect();
        let grouping = sets
            .iter()
            .all(|s| s.len() >= 2)
            .then(|| {
                group_samples_corrected(&sets, test.alpha.get(), test.kind, Correction::Holm).ok()
            })
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
    order.extend((0..results.len()).filter(alternative));
    if !plan.report.groups_within_x && plan.arms.iter().any(|a| a.x.is_some()) {
        order = (0..results.len()).collect();
    }
    (order, letters)
}

/// Means per game of the players' own metrics (restarts, resets, walks...), where any arm has
/// them; `None` when no player reports any.
pub fn metrics_table(plan: &GamesPlan, rows: &GamesByArm<'_>) -> Option<Table> {
    let names = &rows.metric_names;
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
        let games = rows.of(&arm.label);
        let mut cells = vec![arm.label.clone()];
        for name in names {
            let present: Vec<f64> = games.iter().filter_map(|g| g.metric(name)).collect();
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

/// Pairwise tests of every arm against a reference arm: two-sided p-values, raw and
/// Holm-corrected within the table (one family), and the raw one-sided p-values.
pub fn comparison_table(plan: &GamesPlan, results: &[ArmResult], reference: &str) -> Table {
    let test = plan.report.test;
    let mut table = Table::new(
        format!(
            "**Compared with {reference}** ({} test on the {}).",
            test.kind.name(),
            samples_name(test.on)
        ),
        &[
            "Player",
            "mean",
            "reference mean",
            "p (two-sided)",
            "Holm p (two-sided)",
            "p (fewer guesses)",
            "p (more guesses)",
            "different?",
        ],
    );
    let Some(reference_result) = results.iter().find(|r| r.label == reference) else {
        return table;
    };
    let y = samples(reference_result, test.on);
    let others: Vec<&ArmResult> = results.iter().filter(|r| r.label != reference).collect();
    let raw: Vec<f64> = others
        .iter()
        .map(|r| {
            test.kind
                .p_value_for(samples(r, test.on), y, Alternative::TwoSided)
                .ok()
                .unwrap_or(f64::NAN)
        })
        .collect();
    let corrected = holm(&raw);
    for (k, r) in others.into_iter().enumerate() {
        let x = samples(r, test.on);
        let p = |alt| test.kind.p_value_for(x, y, alt).ok();
        let two = Some(raw[k]).filter(|v| !v.is_nan());
        let two_holm = Some(corrected[k]).filter(|v| !v.is_nan());
        table.row(vec![
            r.label.clone(),
            num(mean(x), 4),
            num(mean(y), 4),
            pval(two),
            pval(two_holm),
            pval(p(Alternative::Less)),
            pval(p(Alternative::Greater)),
            match two_holm {
                Some(v) if v < test.alpha.get() => "yes".into(),
                Some(_) => "no".into(),
                None => "–".into(),
            },
        ]);
    }
    table.notes.push(format!(
        "The {} tests against {reference} are one family: \"different?\" compares the Holm-corrected \
         two-sided p-value with alpha = {}. The one-sided p-values are uncorrected; they say in which \
         direction a difference lies, not whether there is one.",
        table.rows.len(),
        test.alpha
    ));
    table
}

fn mean(x: &[f64]) -> Option<f64> {
    Summary::from_slice(x).ok().map(|s| s.mean)
}

fn pval(p: Option<f64>) -> String {
    match p {
        Some(v) if v < 1e-4 => format!("{v:.2e}"),
        Some(v) => format!("{v:.4}"),
        None => "–".into(),
    }
}

/// The figures the plan asks for. Every title gives the number of games behind it.
pub fn figures(
    ctx: &ReportContext<'_>,
    plan: &GamesPlan,
    results: &[ArmResult],
    rows: &GamesByArm<'_>,
) -> Vec<NamedFigure> {
    let title = format!("{}: {}", ctx.title, games_per_arm(results));
    let title = title.as_str();
    let mut figures = Vec::new();
    for figure in &plan.report.figures {
        match figure {
            FigureSpec::GuessHistogram => {
                figures.push(NamedFigure::new("guesses", guess_histogram(title, plan, results)))
            }
            FigureSpec::MeanGuessesVsX { x_label } => {
                let series = by_group(&plan.arms, results, |r| r.all.map(|s| s.mean));
                let intervals = intervals_by_group(&plan.arms, results, plan.runs > 1);
                let paper = paper_by_group(&plan.arms, |p| p.mean.map(PaperValue::get));
                let y = if plan.runs > 1 {
                    "mean guesses per game (bars: 95% CI over run means)"
                } else {
                    "mean guesses per game (bars: 95% CI)"
                };
                let chart = LineChart::new(Labels::new(title, x_label.as_str(), y), series)
                    .intervals(intervals)
                    .paper(paper)
                    .references(reference_lines(plan, results));
                figures.push(NamedFigure::new("mean-guesses", chart));
            }
            FigureSpec::MeanEvaluationsVsX { x_label } => {
                let per_game: Vec<Vec<f64>> =
                    plan.arms.iter().map(|arm| evaluations_per_game(plan, rows, arm)).collect();
                let means: Vec<Option<f64>> =
                    per_game.iter().map(|v| Summary::from_slice(v).ok().map(|s| s.mean)).collect();
                let series = LineSeries::by_group(
                    plan.arms.iter().zip(&means).map(|(a, m)| (a.group.as_str(), a.x, *m)),
                );
                let paper = paper_by_group(&plan.arms, |p| p.evaluations.map(PaperValue::get));
                let intervals = plot::intervals_by_group(
                    plan.arms.iter().zip(&per_game).zip(&means).map(|((arm, v), m)| {
                        let interval =
                            mean_confidence_interval(v, 0.95).ok().map(|ci| (ci.lower, ci.upper));
                        (arm.group.as_str(), arm.x, m.is_some(), interval)
                    }),
                );
                let (y, counter) = evaluations_axis(plan);
                let y = format!("mean {y} (bars: 95% CI)");
                let x = format!("{x_label}{counter}");
                let chart = LineChart::new(Labels::new(title, x, y), series)
                    .intervals(intervals)
                    .paper(paper);
                figures.push(NamedFigure::new("mean-evaluations", chart));
            }
            FigureSpec::EvaluationsBoxplot => {
                let samples: Vec<(String, Vec<f64>)> = plan
                    .arms
                    .iter()
                    .map(|arm| (arm.label.clone(), evaluations_per_game(plan, rows, arm)))
                    .collect();
                let paper: Vec<Option<f64>> = plan
                    .arms
                    .iter()
                    .map(|a| a.paper.as_ref().and_then(|p| p.evaluations.map(PaperValue::get)))
                    .collect();
                let (y, counter) = evaluations_axis(plan);
                let x = format!("{}{counter}", boxplot_axis_name(plan));
                let labels = Labels::new(title, x, y);
                let figure = Figure::Boxes { labels, samples, paper_means: paper };
                figures.push(NamedFigure::new("evaluations", figure));
            }
            FigureSpec::GuessesAgainstTime => {
                figures.extend(guesses_against_time(ctx, plan, results))
            }
        }
    }
    figures
}

/// One figure per group of arms (per game in the league): each arm's mean guesses with its 95%
/// interval against its mean time per game, with the Pareto front. Labels drop the group's name
/// where they end with it.
fn guesses_against_time(
    ctx: &ReportContext<'_>,
    plan: &GamesPlan,
    results: &[ArmResult],
) -> Vec<NamedFigure> {
    let mut groups: Vec<&str> = Vec::new();
    for arm in &plan.arms {
        if !groups.contains(&arm.group.as_str()) {
            groups.push(&arm.group);
        }
    }
    let mut figures = Vec::new();
    for group in groups {
        let members: Vec<(&PlannedArm, &ArmResult)> =
            plan.arms.iter().zip(results).filter(|(a, _)| a.group == group).collect();
        let players: Vec<TimedPlayer> = members
            .iter()
            .filter_map(|(arm, r)| {
                let mean = r.all?.mean;
                let interval =
                    mean_confidence_interval(&r.games, 0.95).ok().map(|c| (c.lower, c.upper));
                let suffix = format!(" {group}");
                let label = arm.label.strip_suffix(&suffix).unwrap_or(&arm.label).to_owned();
                Some(TimedPlayer { label, millis: r.millis, mean, interval })
            })
            .collect();
        let games = members.iter().map(|(_, r)| r.games.len()).max().unwrap_or(0);
        let title = format!("{}, {group}: {games} games per player", ctx.title);
        // A tree player's time is that of following a tree built beforehand: say so where the
        // figure has one, since the build is what its speed leaves out.
        let has_tree = members.iter().any(|(arm, _)| matches!(arm.player, PlayerSpec::Tree(_)));
        let x = if has_tree {
            "mean time per game, ms (log scale; trees: following a built tree, build not counted)"
        } else {
            "mean time per game, ms (log scale)"
        };
        let labels = Labels::new(title, x, "mean guesses per game (bars: 95% CI)");
        let slug: String =
            group.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
        let figure = Figure::GuessesAgainstTime { labels, players };
        figures.push(NamedFigure::new(format!("time-{slug}"), figure));
    }
    figures
}

/// Each game's evaluations as the figures draw them: counted the paper's way (the spec's
/// `evaluations_metric`) where the spec names one, so that ours and the paper's are the same
/// quantity; our own count otherwise.
fn evaluations_per_game(plan: &GamesPlan, rows: &GamesByArm<'_>, arm: &PlannedArm) -> Vec<f64> {
    let games = rows.of(&arm.label);
    match plan.report.evaluations_metric.as_deref() {
        Some(name) => games.iter().filter_map(|g| g.metric(name)).collect(),
        None => games.iter().map(|g| g.game.evaluations as f64).collect(),
    }
}

/// What the evaluations axis counts, and the counter's name to append to the other axis's
/// label where it is not our own count (the y axis has no room for it).
fn evaluations_axis(plan: &GamesPlan) -> (&'static str, String) {
    match plan.report.evaluations_metric.as_deref() {
        Some(name) => ("evaluations per game, as the paper counts", format!("; counter: {name}")),
        None => ("evaluations per game", String::new()),
    }
}

/// "n games per arm" (or the range when arms differ), for figure titles.
fn games_per_arm(results: &[ArmResult]) -> String {
    // Arms without games of their own (a value computed elsewhere) do not count.
    let counts = results.iter().map(|r| r.games.len()).filter(|&n| n > 0);
    let (lo, hi) = (counts.clone().min().unwrap_or(0), counts.max().unwrap_or(0));
    if lo == hi { format!("{lo} games per arm") } else { format!("{lo}-{hi} games per arm") }
}

/// What the box plot's x axis shows: the arms, named by what tells them apart (the game size
/// when arms differ in it, the swept quantity of the spec's line figures when every arm has an
/// x, the player otherwise).
fn boxplot_axis_name(plan: &GamesPlan) -> String {
    let line_label = plan.report.figures.iter().find_map(|f| match f {
        FigureSpec::MeanGuessesVsX { x_label } | FigureSpec::MeanEvaluationsVsX { x_label } => {
            Some(x_label.as_str())
        }
        _ => None,
    });
    let several_sizes = plan.arms.iter().any(|a| a.game != plan.arms[0].game);
    match line_label {
        _ if several_sizes => "arm, by game size".to_owned(),
        Some(label) if plan.arms.iter().all(|a| a.x.is_some()) => label.to_owned(),
        _ => "player".to_owned(),
    }
}

/// The histogram of game lengths: grouped bars for one or two arms; for more, each arm's mean
/// with its interval and the paper's mean beside its distribution. The x axis stops at the 99.5th percentile of the
/// longest-playing arm; the title says how many games lie beyond.
fn guess_histogram(title: &str, plan: &GamesPlan, results: &[ArmResult]) -> Figure {
    let all = || results.iter().flat_map(|r| r.games.iter().copied());
    let most = all().fold(1.0, f64::max) as u32;
    let least = all().fold(f64::INFINITY, f64::min).max(1.0) as u32;
    let cut = results.iter().map(|r| quantile(&r.games, 0.995)).fold(0.0, f64::max).ceil() as u32;
    let last = if cut >= least && cut < most { cut } else { most };
    let beyond = all().filter(|&g| g > f64::from(last)).count();
    let categories: Vec<u32> = (least..=last).collect();
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
    let x = if beyond > 0 {
        format!("guesses to find the secret ({beyond} games over {last}, up to {most}, not shown)")
    } else {
        "guesses to find the secret".to_owned()
    };
    let labels = Labels::new(title, x, "share of games");
    if results.len() <= 2 {
        return Figure::Bars { labels, categories, series };
    }
    // Three or more players: overlaid histograms would hide differences of hundredths of a
    // guess, so each player is a row with its mean and interval beside its distribution.
    let over_runs = plan.runs > 1;
    let rows: Vec<ArmRow> = plan
        .arms
        .iter()
        .zip(results)
        .zip(series)
        .map(|((arm, r), (name, shares))| {
            let sample = if over_runs { &r.run_means } else { &r.games };
            ArmRow {
                name,
                mean: r.all.map_or(f64::NAN, |s| s.mean),
                interval: mean_confidence_interval(sample, 0.95)
                    .ok()
                    .map(|ci| (ci.lower, ci.upper)),
                paper: arm.paper.as_ref().and_then(|p| p.mean.map(PaperValue::get)),
                shares,
            }
        })
        .collect();
    let means =
        if over_runs { "mean guesses (95% CI over run means)" } else { "mean guesses (95% CI)" };
    let by_mean = !plan.arms.iter().all(|a| a.x.is_some());
    let labels =
        DotLabels { title: title.to_owned(), means: means.to_owned(), categories, by_mean };
    Figure::MeansAndShares { labels, rows }
}

/// The `q` quantile of the finite `values` ([`nearest_rank`]), 0 for none.
fn quantile(values: &[f64], q: f64) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    nearest_rank(&sorted, q).unwrap_or(0.0)
}

/// The 95% confidence interval of each arm's mean guesses, by group as [`by_group`]: over the
/// run means when there are several runs (each run replays the same secrets), else over games.
fn intervals_by_group(
    arms: &[PlannedArm],
    results: &[ArmResult],
    over_runs: bool,
) -> Vec<Vec<plot::Interval>> {
    // The same arms, in the same order, as the series of `by_group`.
    plot::intervals_by_group(arms.iter().zip(results).map(|(arm, r)| {
        let sample = if over_runs { &r.run_means } else { &r.games };
        let interval = mean_confidence_interval(sample, 0.95).ok().map(|ci| (ci.lower, ci.upper));
        (arm.group.as_str(), arm.x, r.all.is_some(), interval)
    }))
}

/// The spec's fixed reference lines (numbers it quotes) and, for each of its reference arms,
/// our mean and the paper's, where the arm quotes one.
fn reference_lines(plan: &GamesPlan, results: &[ArmResult]) -> Vec<plot::Reference> {
    let quoted = |name: String, value: f64| plot::Reference { name, value, source: Source::Paper };
    let mut lines: Vec<plot::Reference> = plan
        .report
        .reference_lines
        .iter()
        .map(|(name, value)| quoted(name.to_string(), value.get()))
        .collect();
    for label in &plan.report.reference_arms {
        if let Some(mean) =
            results.iter().find(|r| &r.label == label).and_then(|r| r.all).map(|s| s.mean)
        {
            let name = format!("{label}, ours");
            lines.push(plot::Reference { name, value: mean, source: Source::Ours });
        }
        let arm = plan.arms.iter().find(|a| &a.label == label);
        if let Some(value) = arm.and_then(|a| a.paper.as_ref()).and_then(|p| p.mean) {
            lines.push(quoted(format!("{label}, paper"), value.get()));
        }
    }
    lines
}

/// One of the paper's numbers (`value`) for the arms that have an x, as series by group.
fn paper_by_group(
    arms: &[PlannedArm],
    value: impl Fn(&PaperNumbers) -> Option<f64>,
) -> Vec<LineSeries> {
    LineSeries::by_group(
        arms.iter().map(|a| (a.group.as_str(), a.x, a.paper.as_ref().and_then(&value))),
    )
}

fn by_group(
    arms: &[PlannedArm],
    results: &[ArmResult],
    y: impl Fn(&ArmResult) -> Option<f64>,
) -> Vec<LineSeries> {
    LineSeries::by_group(arms.iter().zip(results).map(|(a, r)| (a.group.as_str(), a.x, y(r))))
}

/// The paper's claims this table tests, each judged from the data: every arm's mean guesses and
/// mean evaluations where the paper gives them, the paper's significance groups and its
/// comparisons. An arm that plays another reading of the paper is judged against the numbers of
/// the arm it names, for the sensitivity table.
pub fn verdicts(
    plan: &GamesPlan,
    results: &[ArmResult],
    rows: &GamesByArm<'_>,
    judging: &Judging,
) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    for (arm, result) in plan.arms.iter().zip(results) {
        let Some((target, paper)) = judged_against(plan, arm) else { continue };
        let tag = arm.reading.as_ref().map(|r| ReadingTag::of(&arm.label, r));
        let own = paper.explained.as_deref();
        if let Some(value) = paper.mean {
            verdicts.extend(mean_verdict(plan, arm, result, (target, value), judging).map(|v| {
                v.with_hypothesis(own.or(plan.report.mean_differs.as_deref()))
                    .citing(paper.cites.as_deref())
                    .with_reading(tag.clone())
            }));
        }
        if let Some(value) = paper.evaluations {
            let games = rows.of(&arm.label);
            let metric = plan.report.evaluations_metric.as_deref();
            let counter = metric.unwrap_or("evaluations");
            let claim = format!("{target}: evaluations per game (ours: {counter})");
            // The spec's counter first; then, for an arm of the default reading, every other
            // counter the games record, as readings of what the paper calls an evaluation; then
            // the counters the arm names, each as one more reading (with the arm's own).
            let mut counters = vec![(counter, tag.clone())];
            counters.extend(arm.counters.iter().map(|name| {
                let meaning = COUNTERS.iter().find(|(n, _)| n == name).map_or(name.as_str(), |c| c.1);
                (name.as_str(), Some(counted_reading(&arm.label, tag.as_ref(), name, meaning)))
            }));
            if tag.as_ref().is_none_or(|t| !t.alternative) {
                counters.extend(
                    COUNTERS
                        .iter()
                        .filter(|(name, _)| *name != counter)
                        .filter(|(name, _)| !arm.counters.iter().any(|c| c == name))
                        .filter(|(name, _)| games.iter().any(|g| counted(g, name).is_some()))
                        .map(|&(name, meaning)| {
                            (name, Some(counter_reading(&arm.label, name, meaning)))
                        }),
                );
            }
            for (name, reading) in counters {
                let per_game: Vec<f64> = games.iter().filter_map(|g| counted(g, name)).collect();
                let Some(ours) = Estimate::of(&per_game) else { continue };
                // The paper's sd of the count where it prints one, ours standing in, over the
                // paper's own number of games (a paper that states none is judged as a point).
                let printed_sd = paper.evaluations_sd.map(PaperValue::get);
                let printed = Printed::new(value.get(), value.decimals()).with_sample(
                    judging.paper_n(),
                    printed_sd,
                    ours.sd(),
                );
                let why = own.or(plan.report.evaluations_differ.as_deref());
                let margin = judging.evaluations_margin.as_ref();
                verdicts.push(
                    verdict::compare(claim.clone(), ours, printed, margin)
                        .with_cap(judging.cap())
                        .with_hypothesis(why)
                        .citing(paper.cites.as_deref())
                        .with_reading(reading),
                );
            }
        }
    }
    verdicts.extend(group_verdicts(plan, results, judging));
    verdicts
        .extend(plan.report.claims.iter().map(|c| comparison_verdict(plan, results, c, judging)));
    verdicts
}

/// The verdict on an arm's mean guesses against the paper's `value`, claimed of `target`.
fn mean_verdict(
    plan: &GamesPlan,
    arm: &PlannedArm,
    result: &ArmResult,
    (target, value): (&str, PaperValue),
    judging: &Judging,
) -> Option<Verdict> {
    // Run means when the paper reports runs, as its table does; the games otherwise.
    let (samples, unit) =
        if plan.runs > 1 { (&result.run_means, "runs") } else { (&result.games, "games") };
    let exact = plays_exactly(plan, arm);
    let ours = Estimate::of(samples)?;
    let ours = if exact { Estimate::exact(ours.mean) } else { ours };
    let printed = Printed::new(value.get(), value.decimals());
    // The paper's own sd where it prints one, ours standing in, over the paper's own sample
    // size (a paper that states none is judged as a point); an exact mean has no error.
    let paper_sd = judged_against(plan, arm).and_then(|(_, p)| p.sd).map(PaperValue::get);
    let printed =
        if exact { printed } else { printed.with_sample(judging.paper_n(), paper_sd, ours.sd()) };
    let claim = format!("{target}: mean guesses");
    let verdict = verdict::compare(claim, ours, printed, judging.margin.as_ref());
    Some(verdict.with_cap(judging.cap()).counting(unit))
}

/// The samples the report's tests compare for each arm (run means or games), and their unit.
fn test_samples<'a>(plan: &GamesPlan, result: &'a ArmResult) -> (&'a [f64], &'static str) {
    match plan.report.test.on {
        TestOn::RunMeans => (&result.run_means, "runs"),
        TestOn::Games => (&result.games, "games"),
    }
}

/// The margin of a comparison of arms around the second arm's mean, with its reason (the third
/// decimal where the spec states none).
fn arm_margin(judging: &Judging) -> (Box<dyn Fn(f64) -> f64 + '_>, String) {
    match judging.margin.as_ref() {
        Some(m) => (Box::new(move |mean| m.of(mean).max(0.0005)), m.because.trim().to_owned()),
        None => (Box::new(|_| 0.0005), "the spec states no margin: the third decimal".to_owned()),
    }
}

/// The paper's significance groups, judged pair by pair, under the default reading and under
/// each other reading of a grouped arm (that arm's reading swapped in).
fn group_verdicts(plan: &GamesPlan, results: &[ArmResult], judging: &Judging) -> Vec<Verdict> {
    let (_, letters) = significance_groups(plan, results);
    let grouped: Vec<usize> = (0..plan.arms.len())
        .filter(|&i| plan.arms[i].paper.as_ref().is_some_and(|p| p.group.is_some()))
        .collect();
    let label_and = |i: usize, group: String| (plan.arms[i].label.clone(), group);
    let paper: Vec<(String, String)> = grouped
        .iter()
        .map(|&i| {
            let group = plan.arms[i].paper.as_ref().and_then(|p| p.group.as_ref());
            label_and(i, group.map(ToString::to_string).unwrap_or_default())
        })
        .collect();
    let ours: Vec<(String, String)> =
        grouped.iter().map(|&i| label_and(i, letters[i].clone())).collect();
    let hypothesis = plan.report.groups_differ.as_deref();
    let (margin, because) = arm_margin(judging);
    let unit = test_samples(plan, &results[0]).1;
    let judge = |played_by: &dyn Fn(usize) -> usize, ours: &[(String, String)]| {
        let arms: Vec<ArmSamples<'_>> = grouped
            .iter()
            .map(|&i| ArmSamples {
                label: &plan.arms[i].label,
                samples: test_samples(plan, &results[played_by(i)]).0,
            })
            .collect();
        verdict::compare_groups(&paper, ours, &arms, (&*margin, &because), unit)
            .map(|v| v.with_hypothesis(hypothesis).with_cap(judging.cap()))
    };
    let mut verdicts: Vec<Verdict> = judge(&|i| i, &ours).into_iter().collect();
    for (reading_arm, arm) in plan.arms.iter().enumerate() {
        let Some(reading) = &arm.reading else { continue };
        let Some(of) = reading.of.as_deref() else { continue };
        let Some(default) = grouped.iter().copied().find(|&i| plan.arms[i].label == of) else {
            continue;
        };
        let played_by = |i: usize| if i == default { reading_arm } else { i };
        let (_, letters) = significance_groups_with(plan, results, Some((default, reading_arm)));
        let ours: Vec<(String, String)> =
            grouped.iter().map(|&i| label_and(i, letters[played_by(i)].clone())).collect();
        let tag = ReadingTag::of(&arm.label, reading);
        verdicts.extend(judge(&played_by, &ours).map(|v| v.with_reading(Some(tag))));
    }
    verdicts
}

/// The cost counters a game may record, each with what it counts: the readings of what a paper
/// calls an evaluation (none of the papers defines one).
const COUNTERS: [(&str, &str); 5] = [
    (
        "evaluations",
        "every candidate code examined (a consistency check, a score or a fitness value)",
    ),
    ("score_calls", "every feedback computation between two codes"),
    (
        "authors_evaluations",
        "every fitness computation, repeats included, as Algorithm::MasterMind counts",
    ),
    (
        "current_and_proposed",
        "the current and the proposed code of every step of the walks, plus each walk's start \
         (as a plain implementation that scores both codes at every step would count)",
    ),
    ("distinct_visited", "the distinct codes the walks stood on"),
];

/// A game's count by the counter `name`: `evaluations`, `score_calls`, or a player's metric.
fn counted(game: &PlayedGame, name: &str) -> Option<f64> {
    match name {
        "evaluations" => Some(game.game.evaluations as f64),
        "score_calls" => Some(game.game.score_calls as f64),
        metric => game.metric(metric),
    }
}

/// The reading that an evaluation is what the counter `name` counts.
fn counter_reading(arm: &str, name: &str, meaning: &str) -> ReadingTag {
    ReadingTag {
        name: format!("counted as {name}"),
        arm: arm.to_owned(),
        because: format!(
            "The paper does not define an evaluation; read as {meaning} (the {name} counter)."
        ),
        alternative: true,
    }
}

/// The reading that an evaluation is what the counter `name` counts, for an arm that names the
/// counter itself: with the arm's own reading, where it plays one.
fn counted_reading(arm: &str, own: Option<&ReadingTag>, name: &str, meaning: &str) -> ReadingTag {
    let counted = counter_reading(arm, name, meaning);
    match own {
        Some(own) => ReadingTag {
            name: format!("{}, {}", own.name, counted.name),
            because: format!("{} {}", own.because, counted.because),
            ..counted
        },
        None => counted,
    }
}

/// The label and paper numbers an arm is judged against: its own, or those of the arm its
/// reading names.
fn judged_against<'a>(
    plan: &'a GamesPlan,
    arm: &'a PlannedArm,
) -> Option<(&'a str, &'a PaperNumbers)> {
    let target = readings::judged_against(&plan.arms, arm)?;
    target.paper.as_ref().map(|p| (target.label.as_str(), p))
}

/// The verdict on a comparison the paper states: the difference of the two arms' means (on the
/// report's samples, with a Welch interval) judged against the spec's margin, or a sweep's best
/// point judged by non-inferiority against every other point.
fn comparison_verdict(
    plan: &GamesPlan,
    results: &[ArmResult],
    claim: &ComparisonClaim,
    judging: &Judging,
) -> Verdict {
    let hypothesis = claim.explained.as_deref();
    let (margin, because) = arm_margin(judging);
    let (claimed, a, b) = match &claim.holds {
        Comparison::BestWithin(group, lo, hi) => {
            let points: Vec<(f64, Vec<f64>)> = plan
                .arms
                .iter()
                .zip(results)
                .filter(|(arm, _)| arm.group == *group)
                .filter_map(|(arm, r)| arm.x.map(|x| (x, r.games.clone())))
                .collect();
            let range = (lo.get(), hi.get());
            return verdict::best_within(
                claim.text.to_string(),
                &points,
                range,
                (&*margin, &because),
                "games",
            )
            .with_hypothesis(hypothesis)
            .with_cap(judging.cap())
            .citing(claim.cites.as_deref());
        }
        Comparison::NotDifferent(a, b) => (Claimed::NotDifferent, a, b),
        Comparison::Different(a, b) => (Claimed::Different, a, b),
        Comparison::Fewer(a, b) => (Claimed::Fewer, a, b),
        Comparison::NotFewer(a, b) => (Claimed::NotFewer, a, b),
    };
    let find = |label: &str| results.iter().find(|r| r.label == *label);
    let ((x, unit), (y, _)) = match (find(a), find(b)) {
        (Some(x), Some(y)) => (test_samples(plan, x), test_samples(plan, y)),
        _ => ((&[][..], "games"), (&[][..], "games")),
    };
    let means = format!("{a} {}, {b} {}", num(mean(x), 3), num(mean(y), 3));
    let Some(sides) = verdict::sides(x, y) else {
        let why = "The arms have too few samples to compare.".to_owned();
        return Verdict::statement(claim.text.to_string(), means, Outcome::NotTestable, why);
    };
    let margin = (margin(sides.1.mean), because);
    // Another reading of a claim is judged under the claim's own words.
    let text =
        claim.reading.as_ref().and_then(|r| r.of.as_ref()).unwrap_or(&claim.text).to_string();
    let tag = claim.reading.as_ref().map(|r| ReadingTag::of(&format!("{a} vs {b}"), r));
    Verdict::comparison(text, means, claimed, sides, margin)
        .counting(unit)
        .with_cap(judging.cap())
        .with_hypothesis(hypothesis)
        .with_reading(tag)
        .citing(claim.cites.as_deref())
}

/// Whether an arm's mean is exact rather than a sample: a deterministic player (one with a
/// strategy tree, [`PlayerSpec::has_tree`]) over every secret of its game, told the truth.
fn plays_exactly(plan: &GamesPlan, arm: &PlannedArm) -> bool {
    let every_secret = arm.game.size().is_some_and(|n| n == arm.secrets.len() as u64);
    arm.player.has_tree(arm.game)
        && every_secret
        && plan.runs >= 1
        && arm.codemaker == Codemaker::Truthful
}
