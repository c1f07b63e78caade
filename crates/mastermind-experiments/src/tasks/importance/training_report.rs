//! The report of a training experiment: the fitted theta beside the thesis's, play under it and
//! under the baseline with one-sided t-tests, Figure 1 (the parameter paths), a histogram of game
//! lengths, and a paragraph saying which of the thesis's conclusions hold.

use super::columns::thinned;
use super::spec::TrainingPlan;
use super::training::TrainingRow;
use crate::error::Result;
use crate::spec::raw::Judging;
use crate::spec::values::Finite;
use crate::tasks::{Rendered, ReportContext};
use mastermind_players::families::importance::Theta;
use mastermind_report::counts::count_of;
use mastermind_report::plot::panels::{Level, Mark, Panel, PathSeries};
use mastermind_report::plot::{Figure, Labels, NamedFigure};
use mastermind_report::table::{Table, num};
use mastermind_report::verdict::{self, Claimed, Estimate, Outcome, Printed, Verdict};
use mastermind_stats::{Alternative, Summary, TTestResult, pooled_t_test, welch_t_test};

/// The feature each coordinate weighs.
const FEATURES: [&str; 4] = [
    "first guess has 1 colour",
    "first guess has 2 colours",
    "first guess has 3 colours",
    "later guess consistent with every reply",
];

/// What the report reads back from the table.
struct Results {
    steps: Vec<u32>,
    step_theta: Vec<[f64; 4]>,
    step_estimate: Vec<f64>,
    /// Per evaluation arm: its theta and its games' lengths and solved flags.
    arms: Vec<Arm>,
}

struct Arm {
    name: String,
    theta: [f64; 4],
    guesses: Vec<f64>,
    unsolved: usize,
}

impl Arm {
    fn summary(&self) -> Option<Summary> {
        Summary::from_slice(&self.guesses).ok()
    }

    fn mean(&self) -> f64 {
        self.summary().map_or(f64::NAN, |s| s.mean)
    }

    fn sd(&self) -> f64 {
        self.summary().and_then(|s| s.sd).unwrap_or(f64::NAN)
    }

    fn max(&self) -> u32 {
        self.guesses.iter().fold(0.0, |a: f64, &b| a.max(b)) as u32
    }

    fn at_least(&self, length: f64) -> usize {
        self.guesses.iter().filter(|&&g| g >= length).count()
    }
}

fn read(rows: &[TrainingRow]) -> Results {
    let mut out = Results {
        steps: Vec::new(),
        step_theta: Vec::new(),
        step_estimate: Vec::new(),
        arms: Vec::new(),
    };
    for row in rows {
        match (row.kind.as_str(), &row.arm) {
            ("step", _) => {
                out.steps.push(row.index);
                out.step_theta.push(row.descent.theta());
                out.step_estimate.push(row.descent.estimate.unwrap_or(f64::NAN));
            }
            ("play", Some(name)) => {
                if out.arms.last().is_none_or(|a| &a.name != name) {
                    let arm = Arm {
                        name: name.clone(),
                        theta: row.descent.theta(),
                        guesses: Vec::new(),
                        unsolved: 0,
                    };
                    out.arms.push(arm);
                }
                let a = out.arms.last_mut().expect("just pushed");
                a.guesses.push(f64::from(row.guesses.unwrap_or(0)));
                a.unsolved += usize::from(row.solved == Some(false));
            }
            _ => {}
        }
    }
    out
}

fn baseline_name(plan: &TrainingPlan) -> &'static str {
    if plan.baseline == Theta::RANDOM_CONSISTENT { "random consistent" } else { "baseline" }
}

/// The thesis's ordering of first guesses by weight, as words (four colours weigh 0).
fn first_guess_order(t: [f64; 4]) -> Vec<&'static str> {
    let mut order =
        [(t[2], "3 colours"), (0.0, "4 colours"), (t[0], "1 colour"), (t[1], "2 colours")];
    order.sort_by(|a, b| b.0.total_cmp(&a.0));
    order.iter().map(|o| o.1).collect()
}

/// Tables, figures and the conclusions.
pub fn render(
    ctx: &ReportContext<'_>,
    plan: &TrainingPlan,
    rows: &[TrainingRow],
) -> Result<Rendered> {
    let r = read(rows);
    let paper = &plan.paper;
    let (Some(fitted), Some(baseline)) = (r.arms.first(), r.arms.get(1)) else {
        crate::error::bail!("the results hold no evaluation games");
    };
    let base_name = baseline_name(plan);
    let steps_done = r.steps.len();
    let paper_theta = paper.theta.map(|t| t.to_array());
    let pooled = pooled_t_test(&fitted.guesses, &baseline.guesses, Alternative::Less).ok();
    let tables = vec![
        theta_table(ctx, plan, fitted, steps_done),
        play_table(ctx, plan, (fitted, baseline), base_name),
        tests_table(ctx, plan, (fitted, baseline), base_name),
    ];
    let figures = figures(ctx, &r, base_name, paper_theta);
    let notes = vec![conclusions(plan, &r, fitted, baseline, pooled, base_name)];
    let verdicts = verdicts(plan, fitted, baseline, base_name, ctx.judging);
    Ok(Rendered { tables, figures, notes, verdicts, ..Rendered::default() })
}

/// The fitted theta after `steps_done` steps, beside θ0 and the paper's.
fn theta_table(
    ctx: &ReportContext<'_>,
    plan: &TrainingPlan,
    fitted: &Arm,
    steps_done: usize,
) -> Table {
    let paper = &plan.paper;
    let paper_header = match paper.steps {
        Some(s) => format!("Paper ({s} steps)"),
        None => "Paper".to_owned(),
    };
    let mut theta_table = Table::new(
        format!(
            "{}: fitted theta after {steps_done} steps of {} (step size {})",
            ctx.title,
            count_of(plan.config.games_per_step as u64, "games"),
            plan.config.step_size
        ),
        &["Coordinate", "Feature", "theta_0", "Reproduced", paper_header.as_str()],
    );
    let paper_theta = paper.theta.map(|t| t.to_array());
    for j in 0..4 {
        theta_table.row(vec![
            format!("θ{}", j + 1),
            FEATURES[j].to_owned(),
            num(Some(plan.config.theta0.to_array()[j]), 3),
            num(Some(fitted.theta[j]), 3),
            num(paper_theta.map(|t| t[j]), 3),
        ]);
    }
    theta_table
}

/// Play under the fitted theta and under the baseline, beside the paper's means and sds.
fn play_table(
    ctx: &ReportContext<'_>,
    plan: &TrainingPlan,
    (fitted, baseline): (&Arm, &Arm),
    base_name: &str,
) -> Table {
    let paper = &plan.paper;
    let mut play = Table::new(
        format!("{}: play under the fitted theta and under {base_name} play", ctx.title),
        &[
            "Policy",
            "Games",
            "Mean",
            "SD",
            "Max",
            "Games ≥ 8",
            "Unsolved",
            "Paper mean",
            "Paper SD",
        ],
    );
    for (arm, label, pm, ps) in [
        (fitted, "fitted (this run)", paper.fitted_mean, paper.fitted_sd),
        (baseline, base_name, paper.baseline_mean, paper.baseline_sd),
    ] {
        play.row(vec![
            label.to_owned(),
            arm.guesses.len().to_string(),
            num(Some(arm.mean()), 4),
            num(Some(arm.sd()), 4),
            arm.max().to_string(),
            arm.at_least(8.0).to_string(),
            arm.unsolved.to_string(),
            num(pm, 4),
            num(ps, 4),
        ]);
    }
    play
}

/// The one-sided tests that the fitted theta plays shorter games than the baseline: the
/// thesis's pooled test and Welch's.
fn tests_table(
    ctx: &ReportContext<'_>,
    plan: &TrainingPlan,
    (fitted, baseline): (&Arm, &Arm),
    base_name: &str,
) -> Table {
    let paper = &plan.paper;
    let pooled = pooled_t_test(&fitted.guesses, &baseline.guesses, Alternative::Less).ok();
    let welch = welch_t_test(&fitted.guesses, &baseline.guesses, Alternative::Less).ok();
    let mut tests = Table::new(
        format!(
            "{}: one-sided two-sample t-tests, H1: fitted plays shorter games than {base_name}",
            ctx.title
        ),
        &["Test", "t", "df", "p (one-sided)", "Paper p", &format!("Significant at {}", plan.alpha)],
    );
    for (name, result, paper_p) in
        [("pooled (equal variances)", pooled, paper.p_value), ("Welch", welch, None)]
    {
        tests.row(vec![
            name.to_owned(),
            num(result.map(|t: TTestResult| t.t), 3),
            num(result.map(|t| t.df), 1),
            result.map_or("–".to_owned(), |t| format!("{:.3e}", t.p_value)),
            paper_p.map_or("–".to_owned(), |p| format!("{p:.3e}")),
            result.map_or("–", |t| if t.p_value < plan.alpha { "yes" } else { "no" }).to_owned(),
        ]);
    }
    tests.notes.push(
        "The thesis used the pooled test (\"assuming equal variances\"); Welch's is shown as a check \
         of the same hypothesis. This is one planned test, not a family, so no correction for \
         multiple comparisons applies."
            .to_owned(),
    );
    tests
}

/// Figure 1 (theta along the descent, with the thesis's fitted theta as dashed lines where it
/// gives one) and the game lengths under both policies.
fn figures(
    ctx: &ReportContext<'_>,
    r: &Results,
    base_name: &str,
    thesis: Option<[f64; 4]>,
) -> Vec<NamedFigure> {
    let keep = thinned(r.steps.len(), 2500);
    let path = |j: usize| -> Vec<(f64, f64)> {
        keep.iter().map(|&i| (f64::from(r.steps[i]), r.step_theta[i][j])).collect()
    };
    const NAMES: [&str; 4] =
        ["θ1 (first guess 1 colour)", "θ2 (2 colours)", "θ3 (3 colours)", "θ4 (consistent)"];
    let line = |j: usize| PathSeries {
        name: NAMES[j].to_owned(),
        points: path(j),
        mark: Mark::Line,
        intervals: Vec::new(),
    };
    let levels = |coordinates: std::ops::Range<usize>| -> Vec<Level> {
        let Some(theta) = thesis else { return Vec::new() };
        coordinates
            .map(|j| Level {
                name: format!("θ{}, thesis", j + 1),
                value: theta[j],
                series: NAMES[j].to_owned(),
            })
            .collect()
    };
    let panels = vec![
        Panel {
            y: "θ1, θ2, θ3".to_owned(),
            series: vec![line(0), line(1), line(2)],
            y_range: None,
            levels: levels(0..3),
        },
        Panel { y: "θ4".to_owned(), series: vec![line(3)], y_range: None, levels: levels(3..4) },
    ];
    let theta = Figure::StackedPaths {
        title: format!("{}: parameter values vs learning step", ctx.title),
        x: "learning step".to_owned(),
        panels,
    };

    // Game lengths under both policies.
    let max = r.arms.iter().map(Arm::max).max().unwrap_or(1).max(1);
    let categories: Vec<u32> = (1..=max).collect();
    let series: Vec<(String, Vec<f64>)> = r
        .arms
        .iter()
        .zip(["fitted (this run)", base_name])
        .map(|(a, label)| {
            let n = a.guesses.len().max(1) as f64;
            let shares = categories
                .iter()
                .map(|&c| a.guesses.iter().filter(|&&g| g == f64::from(c)).count() as f64 / n)
                .collect();
            (format!("{label}, n = {}", a.guesses.len()), shares)
        })
        .collect();
    let labels = Labels::new(
        format!("{}: game length, fitted vs {base_name}", ctx.title),
        "guesses",
        "share of games",
    );
    vec![
        NamedFigure::new("figure-1", theta),
        NamedFigure::new("lengths", Figure::Bars { labels, categories, series }),
    ]
}

/// The thesis's means of play under the fitted and the baseline policy, its test that the fitted
/// one plays shorter games (judged as "fewer by more than the margin"), and its order of first
/// guesses, judged from this run.
fn verdicts(
    plan: &TrainingPlan,
    fitted: &Arm,
    baseline: &Arm,
    base_name: &str,
    judging: &Judging,
) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    for (arm, name, mean, sd) in [
        (fitted, "fitted policy", plan.paper.fitted_mean, plan.paper.fitted_sd),
        (baseline, base_name, plan.paper.baseline_mean, plan.paper.baseline_sd),
    ] {
        if let (Some(value), Some(ours)) = (mean, Estimate::of(&arm.guesses)) {
            let printed = Printed::new(value.get(), value.decimals()).with_sample(
                judging.paper_n(),
                sd.map(Finite::get),
                ours.sd(),
            );
            let claim = format!("{name}: mean guesses");
            let verdict = verdict::compare(claim, ours, printed, judging.margin.as_ref());
            verdicts.push(verdict.with_cap(judging.cap()));
        }
    }
    let claim = format!("the fitted policy plays significantly shorter games than {base_name}");
    let ours = format!("{:.4} vs {:.4}", mean_of(&fitted.guesses), mean_of(&baseline.guesses));
    verdicts.push(match verdict::sides(&fitted.guesses, &baseline.guesses) {
        Some(sides) => {
            let margin = match judging.margin.as_ref() {
                Some(m) => (m.of(sides.1.mean), m.because.trim().to_owned()),
                None => (0.0005, "the spec states no margin: the third decimal".to_owned()),
            };
            Verdict::comparison(claim, ours, Claimed::Fewer, sides, margin).with_cap(judging.cap())
        }
        None => Verdict::statement(
            claim,
            "–".into(),
            Outcome::NotTestable,
            "The arms have too few games to compare.".into(),
        ),
    });
    if let Some(theta) = plan.paper.theta {
        let (ours, theirs) = (first_guess_order(fitted.theta), first_guess_order(theta.to_array()));
        let claim = format!("first guesses weighted in the order {}", theirs.join(" > "));
        let text = ours.join(" > ");
        let no_margin = "an ordering of the one fitted parameter vector, read exactly";
        verdicts.push(Verdict::exact_statement(claim, text, ours == theirs, no_margin, || {
            "The fitted weights order the first guesses differently.".into()
        }));
    }
    verdicts
}

/// The mean of `values` (NaN for none).
fn mean_of(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// One paragraph: which of the thesis's conclusions the run supports.
fn conclusions(
    plan: &TrainingPlan,
    r: &Results,
    fitted: &Arm,
    baseline: &Arm,
    pooled: Option<TTestResult>,
    base_name: &str,
) -> String {
    let mut out = String::from("**Thesis conclusions.** ");
    out += &match pooled {
        Some(t) if t.p_value < plan.alpha => format!(
            "The fitted policy beats {base_name} play significantly: {:.4} vs {:.4} guesses, pooled \
             one-sided p = {:.2e} (thesis: {} vs {}, p = {}). ",
            fitted.mean(),
            baseline.mean(),
            t.p_value,
            num(plan.paper.fitted_mean, 4),
            num(plan.paper.baseline_mean, 4),
            plan.paper.p_value.map_or("–".to_owned(), |p| format!("{p:.2e}")),
        ),
        Some(t) => format!(
            "The fitted policy does not beat {base_name} play significantly at {}: {:.4} vs {:.4} \
             guesses, pooled one-sided p = {:.2e} (thesis: p = {}). ",
            plan.alpha,
            fitted.mean(),
            baseline.mean(),
            t.p_value,
            plan.paper.p_value.map_or("–".to_owned(), |p| format!("{p:.2e}")),
        ),
        None => "The t-test could not be computed. ".to_owned(),
    };
    let ours = first_guess_order(fitted.theta);
    let words = |o: &[&str]| o.join(" > ");
    out += &match plan.paper.theta.map(|t| first_guess_order(t.to_array())) {
        Some(theirs) if theirs == ours => format!(
            "The fitted first-guess weights keep the thesis's order ({}), three-colour first \
             guesses preferred. ",
            words(&ours)
        ),
        Some(theirs) => format!(
            "The fitted first-guess weights order {} where the thesis has {}. ",
            words(&ours),
            words(&theirs)
        ),
        None => format!("The fitted first-guess weights order {}. ", words(&ours)),
    };
    let n = plan.game.size().unwrap_or(0) as f64;
    let t4 = fitted.theta[3];
    out += &format!(
        "The consistency weight is large, θ4 = {t4:.2} after {} steps (thesis {}): a later guess is \
         inconsistent with probability at most {:.1e} per turn, so the fitted policy plays almost \
         only consistent codes; the steps' gradients in θ4 have all but vanished (the last step \
         moved θ4 by {:.1e}). ",
        r.steps.len(),
        plan.paper.theta.map_or("–".to_owned(), |t| format!("{:.3}", t.consistent)),
        (n - 1.0) * (-t4).exp(),
        r.step_theta.last().map_or(f64::NAN, |last| t4 - last[3]),
    );
    let eights = baseline.at_least(8.0);
    out += &format!(
        "Games of 8 or more guesses occur under {base_name} play: {eights} of {} ({:.1} per 10 000; \
         the thesis saw a maximum of 7 in 100 000 games), and {} of {} under the fitted policy.",
        baseline.guesses.len(),
        eights as f64 * 1e4 / baseline.guesses.len().max(1) as f64,
        fitted.at_least(8.0),
        fitted.guesses.len(),
    );
    out
}
