//! The figures of a games experiment: guess histograms, box plots, means and shares, lines
//! against a swept parameter, guesses against time.

use super::ArmResult;
use crate::spec::printed::PaperValue;
use crate::spec::raw::PaperNumbers;
use crate::tasks::ReportContext;
use crate::tasks::games::frame::GamesByArm;
use crate::tasks::games::plan::{GamesPlan, PlannedArm};
use crate::tasks::games::spec::FigureSpec;
use mastermind_players::PlayerSpec;
use mastermind_report::counts::{count_of, thousands};
use mastermind_report::plot::dots::{ArmRow, DotLabels};
use mastermind_report::plot::pareto::TimedPlayer;
use mastermind_report::plot::{self, Figure, Labels, LineChart, LineSeries, NamedFigure, Source};
use mastermind_stats::{Summary, mean_confidence_interval, nearest_rank};

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

/// One figure per group the spec gives (per game in the league), and one more for every arm it
/// gives none, so that arms written without a group are compared in one figure: each arm's mean
/// guesses with its 95% interval against its mean time per game, with the Pareto front. Labels
/// drop the group's name where they end with it.
fn guesses_against_time(
    ctx: &ReportContext<'_>,
    plan: &GamesPlan,
    results: &[ArmResult],
) -> Vec<NamedFigure> {
    let mut groups: Vec<Option<&str>> = Vec::new();
    for arm in &plan.arms {
        if !groups.contains(&time_group(arm)) {
            groups.push(time_group(arm));
        }
    }
    groups
        .into_iter()
        .map(|group| {
            let members: Vec<(&PlannedArm, &ArmResult)> =
                plan.arms.iter().zip(results).filter(|(a, _)| time_group(a) == group).collect();
            time_figure(ctx, group, &members)
        })
        .collect()
}

/// The figure of guesses against time an arm is drawn in: its group's, where the spec gives
/// one; the one the arms without a group share (`None`) otherwise.
fn time_group(arm: &PlannedArm) -> Option<&str> {
    arm.group_given.then_some(arm.group.as_str())
}

/// The figure of guesses against time of the `members` of `group` (`None`: the arms without
/// one), named `time-<group>` (`time` for the arms without a group).
fn time_figure(
    ctx: &ReportContext<'_>,
    group: Option<&str>,
    members: &[(&PlannedArm, &ArmResult)],
) -> NamedFigure {
    let players: Vec<TimedPlayer> = members
        .iter()
        .filter_map(|(arm, r)| {
            let mean = r.all?.mean;
            let interval =
                mean_confidence_interval(&r.games, 0.95).ok().map(|c| (c.lower, c.upper));
            let label = group
                .and_then(|g| arm.label.strip_suffix(format!(" {g}").as_str()))
                .unwrap_or(&arm.label)
                .to_owned();
            Some(TimedPlayer { label, millis: r.millis, mean, interval })
        })
        .collect();
    let games =
        count_of(members.iter().map(|(_, r)| r.games.len()).max().unwrap_or(0) as u64, "games");
    let title = match group {
        Some(group) => format!("{}, {group}: {games} per player", ctx.title),
        None => format!("{}: {games} per player", ctx.title),
    };
    // A tree player's time is that of following a tree built beforehand: say so where the
    // figure has one, since the build is what its speed leaves out.
    let has_tree = members.iter().any(|(arm, _)| matches!(arm.player, PlayerSpec::Tree(_)));
    let x = if has_tree {
        "mean time per game, ms (log scale; trees: following a built tree, build not counted)"
    } else {
        "mean time per game, ms (log scale)"
    };
    let labels = Labels::new(title, x, "mean guesses per game (bars: 95% CI)");
    let name = match group {
        Some(group) => {
            let slug: String =
                group.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
            format!("time-{slug}")
        }
        None => "time".to_owned(),
    };
    NamedFigure::new(name, Figure::GuessesAgainstTime { labels, players })
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

/// "n games per arm" (or the range when arms differ), for figure titles, with the report's
/// thousands separator.
fn games_per_arm(results: &[ArmResult]) -> String {
    // Arms without games of their own (a value computed elsewhere) do not count.
    let counts = results.iter().map(|r| r.games.len()).filter(|&n| n > 0);
    let (lo, hi) = (counts.clone().min().unwrap_or(0), counts.max().unwrap_or(0));
    if lo == hi {
        format!("{} per arm", count_of(lo as u64, "games"))
    } else {
        format!("{}-{} games per arm", thousands(lo as u64), thousands(hi as u64))
    }
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
        let games = count_of(beyond as u64, "games");
        format!("guesses to find the secret ({games} over {last}, up to {most}, not shown)")
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
