//! The report of a Justus experiment: a table per spec with the paper beside, and line figures of
//! generations, time and distinct codes against the swept parameter.

use super::plan::{JustusPlan, PlannedJustusArm};
use super::run::RunRow;
use super::spec::{JustusFigure, JustusPaper};
use crate::spec::printed::PaperValue;
use crate::spec::raw::Judging;
use crate::spec::values::Finite;
use crate::tasks::ReportContext;
use crate::tasks::readings;

use mastermind_report::counts::{count_of, thousands};
use mastermind_report::plot::{self, Labels, LineSeries, NamedFigure};
use mastermind_report::table::{Table, num};
use mastermind_report::verdict::{self, Estimate, Printed, ReadingTag, Verdict};
use mastermind_stats::{Summary, mean_confidence_interval};

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

/// How many runs each arm plays, in words: one number when every arm plays the spec's, else the
/// range (an arm may set its own, such as a costly reading).
fn runs_per_arm(plan: &JustusPlan) -> String {
    let fewest = plan.arms.iter().map(|a| a.runs).min().unwrap_or(plan.runs);
    let most = plan.arms.iter().map(|a| a.runs).max().unwrap_or(plan.runs);
    if fewest == most {
        count_of(u64::from(most), "runs")
    } else {
        format!(
            "{} to {} (the capped column gives each row's)",
            thousands(u64::from(fewest)),
            count_of(u64::from(most), "runs")
        )
    }
}

/// The results table: one row per arm, the paper's numbers beside (where the spec gives any:
/// one of one's own has no paper columns).
pub fn results_table(title: &str, plan: &JustusPlan, outcomes: &[ArmOutcome]) -> Table {
    let quoted = plan
        .arms
        .iter()
        .filter_map(|a| a.paper.as_ref())
        .any(|p| p.generations.is_some() || p.unique_evaluated.is_some() || p.note.is_some());
    let with_paper = |ours: &[&'static str], paper: &[&'static str]| {
        if quoted { [ours, paper].concat() } else { ours.to_vec() }
    };
    let mut headers =
        with_paper(&["Configuration", "mean generations", "median", "sd"], &["paper generations"]);
    headers.extend(with_paper(&["unique codes"], &["paper unique codes"]));
    headers.extend(with_paper(&["codes scored", "ms/run", "capped"], &["paper note"]));
    let marked = if quoted { " Columns marked *paper* quote the publication." } else { "" };
    let mut table = Table::new(
        format!(
            "**{title}.** Generations until the secret is in the population, {} per row, each against its own random secret of {} pegs x {} colours.{marked}",
            runs_per_arm(plan),
            plan.game.pegs(),
            plan.game.colours()
        ),
        &headers,
    );
    for (arm, o) in plan.arms.iter().zip(outcomes) {
        let paper = arm.paper.clone().unwrap_or_default();
        let g = o.generations;
        let mut row = vec![
            arm.label.clone(),
            num(g.map(|s| s.mean), 2),
            num(g.map(|s| s.median), 1),
            num(g.and_then(|s| s.sd), 2),
        ];
        if quoted {
            row.push(num(paper.generations, 0));
        }
        row.push(num(Some(o.unique_evaluated), 1));
        if quoted {
            row.push(num(paper.unique_evaluated, 0));
        }
        row.extend([num(Some(o.evaluations), 1), num(Some(o.millis), 3)]);
        row.push(format!("{}/{}", o.capped, o.runs));
        if quoted {
            row.push(paper.note.as_deref().unwrap_or("–").to_owned());
        }
        table.row(row);
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
) -> Vec<NamedFigure> {
    let x_label =
        plan.report.x_label.as_deref().or(plan.swept.as_deref()).unwrap_or("x").to_owned();
    let title = format!("{}: {} per point", ctx.title, runs_per_arm(plan));
    let title = title.as_str();
    let labels = |y: &str| Labels::new(title, x_label.as_str(), y);
    let mut figures = Vec::new();
    for figure in &plan.report.figures {
        figures.push(match figure {
            JustusFigure::Generations => {
                let labels = labels("mean generations until solved (bars: 95% CI)");
                NamedFigure::new("generations", generations_chart(labels, &plan.arms, outcomes))
            }
            JustusFigure::Time => {
                let series = lines(&plan.arms, outcomes, |o| Some(o.millis));
                let labels = labels("mean time per run (ms)");
                NamedFigure::new("time", plot::LineChart::new(labels, series))
            }
            JustusFigure::UniqueEvaluated => {
                let series = lines(&plan.arms, outcomes, |o| Some(o.unique_evaluated));
                let labels = labels("mean distinct codes scored");
                NamedFigure::new("unique", plot::LineChart::new(labels, series))
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
                let labels = labels("share of the sum over the sweep's points");
                NamedFigure::new("normalised", plot::LineChart::new(labels, series))
            }
        });
    }
    figures
}

/// Mean generations: one line per group of swept arms, and each arm outside the sweeps as a
/// point of its own after the sweep's last x, named on the axis. An arm whose runs mostly
/// stopped at the generation cap has a censored mean far above the rest: it is drawn off the
/// axis, with its share of capped runs, so that it does not flatten the range where the claims
/// are decided.
fn generations_chart(
    labels: Labels,
    arms: &[PlannedJustusArm],
    outcomes: &[ArmOutcome],
) -> plot::LineChart {
    let swept: Vec<f64> = arms.iter().filter_map(|a| a.x).collect();
    let mut apart = apart_positions(&swept, arms.iter().filter(|a| a.x.is_none()).count());
    apart.reverse();
    let mut names = Vec::new();
    let mut off_scale = Vec::new();
    // (line, x, arm) of every arm drawn on the axis.
    let mut placed: Vec<(String, f64, usize)> = Vec::new();
    for (i, (arm, outcome)) in arms.iter().zip(outcomes).enumerate() {
        let (group, x) = match arm.x {
            Some(x) => (arm.group.clone(), x),
            None => {
                let x = apart.pop().unwrap_or(0.0);
                let short = arm.label.split(" (").next().unwrap_or(&arm.label).to_owned();
                names.push((x, short));
                (arm.label.clone(), x)
            }
        };
        if outcome.mostly_capped() {
            let mean = outcome
                .generations
                .map_or(String::new(), |s| format!("; mean at least {:.0}", s.mean));
            let paper = arm
                .paper
                .as_ref()
                .and_then(|p| p.generations)
                .map_or(String::new(), |p| format!("; paper {p:.0}"));
            let point =
                if arm.x.is_some() { format!("{} = {x}", arm.group) } else { arm.label.clone() };
            off_scale.push(plot::OffScale {
                x,
                series: group,
                note: format!(
                    "{point}: {} of {} runs stopped at the generation cap{mean}{paper} (off the axis)",
                    outcome.capped, outcome.runs
                ),
            });
        } else {
            placed.push((group, x, i));
        }
    }
    let series = LineSeries::by_group(
        placed
            .iter()
            .map(|(g, x, i)| (g.as_str(), Some(*x), outcomes[*i].generations.map(|s| s.mean))),
    );
    let intervals = plot::intervals_by_group(placed.iter().map(|(g, x, i)| {
        let o = &outcomes[*i];
        (g.as_str(), Some(*x), o.generations.is_some(), o.generations_ci)
    }));
    let paper = LineSeries::by_group(placed.iter().map(|(g, x, i)| {
        (
            g.as_str(),
            Some(*x),
            arms[*i].paper.as_ref().and_then(|p| p.generations.map(PaperValue::get)),
        )
    }));
    plot::LineChart::new(labels, series)
        .intervals(intervals)
        .paper(paper)
        .off_scale(off_scale)
        .x_names(names)
}

/// Where `count` points apart from a sweep over `swept` go: after its last x, three of its
/// smallest steps apart, so that each has room for its name (on whole numbers when the sweep
/// is).
fn apart_positions(swept: &[f64], count: usize) -> Vec<f64> {
    let last = swept.iter().copied().filter(|x| x.is_finite()).fold(f64::NEG_INFINITY, f64::max);
    let last = if last.is_finite() { last } else { 0.0 };
    let mut sorted: Vec<f64> = swept.iter().copied().filter(|x| x.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    let step =
        sorted.windows(2).map(|w| w[1] - w[0]).filter(|d| *d > 0.0).fold(f64::INFINITY, f64::min);
    let step = if step.is_finite() { step } else { 1.0 };
    (1..=count).map(|k| last + 3.0 * step * k as f64).collect()
}

impl ArmOutcome {
    /// Whether most runs stopped at the generation cap: the mean is then a lower bound far
    /// above the rest, and even the median is censored.
    fn mostly_capped(&self) -> bool {
        self.runs > 0 && 2 * self.capped > self.runs
    }
}

/// One line per group of swept arms.
fn lines(
    arms: &[PlannedJustusArm],
    outcomes: &[ArmOutcome],
    y: impl Fn(&ArmOutcome) -> Option<f64>,
) -> Vec<LineSeries> {
    LineSeries::by_group(arms.iter().zip(outcomes).map(|(a, o)| (a.group.as_str(), a.x, y(o))))
}

/// The paper's numbers (generations per arm) and its statements about the best point of a sweep,
/// judged from the runs.
pub fn verdicts(
    plan: &JustusPlan,
    rows: &[RunRow],
    outcomes: &[ArmOutcome],
    judging: &Judging,
) -> Vec<Verdict> {
    let generations = |label: &str| -> Vec<f64> {
        rows.iter().filter(|r| r.arm == label).map(|r| f64::from(r.generations)).collect()
    };
    let mut verdicts = Vec::new();
    for (arm, outcome) in plan.arms.iter().zip(outcomes) {
        let Some((target, paper)) = judged_against(plan, arm) else { continue };
        let tag = arm.reading.as_ref().map(|r| ReadingTag::of(&arm.label, r));
        let samples = generations(&arm.label);
        let (Some(value), Some(ours)) = (paper.generations, Estimate::of(&samples)) else {
            continue;
        };
        if arm.batches > 1 {
            let claim = format!("{target}: mean generations");
            let best =
                super::batches::verdict(claim, &samples, arm.batches, (value, paper), judging);
            verdicts.extend(
                best.map(|v| v.with_hypothesis(paper.explained.as_deref()).with_reading(tag)),
            );
            continue;
        }
        // Justus prints no sd: ours stands in, over the paper's own number of runs where the
        // spec states it from the text (judged as a point otherwise).
        let printed = Printed {
            unit: paper.rounded_to.map(Finite::get),
            ..Printed::new(value.get(), value.decimals())
        }
        .with_sample(judging.paper_n(), None, ours.sd());
        let claim = format!("{target}: mean generations");
        let margin = judging.margin.as_ref();
        // A run stopped at the generation cap is censored: the mean is then a lower bound.
        let share = outcome.capped as f64 / outcome.runs.max(1) as f64;
        let median = outcome.generations.map_or(f64::NAN, |s| s.median);
        verdicts.push(
            verdict::compare(claim, ours, printed, margin)
                .counting("runs")
                .with_cap(judging.cap())
                .with_hypothesis(paper.explained.as_deref())
                .censored(share, median)
                .citing(paper.cites.as_deref())
                .with_reading(tag),
        );
    }
    // The sweep's best point, under the default reading and under every other reading a swept
    // arm plays (each judged on its own points, for the sensitivity table).
    let mut sweeps: Vec<(Option<ReadingTag>, Vec<SweepPoint>)> = Vec::new();
    for arm in plan.arms.iter().filter(|a| a.x.is_some()) {
        let reading = arm.reading.as_ref().filter(|r| r.of.is_some());
        let tag = reading.map(|r| ReadingTag::of(&arm.group, r));
        let point = (arm.x.unwrap_or_default(), generations(&arm.label));
        match sweeps
            .iter_mut()
            .find(|(t, _)| t.as_ref().map(|t| &t.name) == tag.as_ref().map(|t| &t.name))
        {
            Some((_, points)) => points.push(point),
            None => sweeps.push((tag, vec![point])),
        }
    }
    let (margin, because): (Box<dyn Fn(f64) -> f64>, String) = match judging.margin.as_ref() {
        Some(m) => (Box::new(move |mean| m.of(mean).max(0.5)), m.because.trim().to_owned()),
        None => (Box::new(|_| 0.5), "the spec states no margin: half a generation".to_owned()),
    };
    for claim in &plan.report.claims {
        let why = claim.explained.as_deref();
        let range = (claim.best_within.0.get(), claim.best_within.1.get());
        for (tag, points) in &sweeps {
            let text = claim.text.to_string();
            let best = verdict::best_within(text, points, range, (&*margin, &because), "runs");
            verdicts
                .push(best.with_hypothesis(why).with_cap(judging.cap()).with_reading(tag.clone()));
        }
    }
    verdicts
}

/// A point of a sweep: its x and the generations of its runs.
type SweepPoint = (f64, Vec<f64>);

/// The label and paper numbers an arm is judged against: its own, or those of the arm its
/// reading names.
fn judged_against<'a>(
    plan: &'a JustusPlan,
    arm: &'a PlannedJustusArm,
) -> Option<(&'a str, &'a JustusPaper)> {
    let target = readings::judged_against(&plan.arms, arm)?;
    target.paper.as_ref().map(|p| (target.label.as_str(), p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_apart_follow_the_sweep_on_whole_numbers() {
        let swept: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(apart_positions(&swept, 2), [13.0, 16.0]);
        assert_eq!(apart_positions(&[0.0, 50.0, 25.0], 1), [125.0]);
        assert_eq!(apart_positions(&[], 1), [3.0]);
    }

    #[test]
    fn an_arm_is_censored_when_most_of_its_runs_hit_the_cap() {
        let outcome = |capped, runs| ArmOutcome {
            generations: None,
            generations_ci: None,
            unique_evaluated: 0.0,
            evaluations: 0.0,
            millis: 0.0,
            capped,
            runs,
        };
        assert!(outcome(987, 1000).mostly_capped());
        assert!(outcome(597, 1000).mostly_capped());
        assert!(!outcome(500, 1000).mostly_capped());
        assert!(!outcome(0, 0).mostly_capped());
    }
}
