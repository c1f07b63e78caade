//! The report of a fixed-sample experiment: the checkpoints' importance-sampling estimates beside
//! the means of freshly simulated games, and Figure 4 (the estimate along the descent with the
//! simulated means marked).

use super::columns::thinned;
use super::fixed_sample::FixedSampleRow;
use super::spec::FixedSamplePlan;
use crate::error::Result;
use crate::tasks::{Rendered, ReportContext};
use mastermind_report::counts::{count_of, thousands};
use mastermind_report::plot::Interval;
use mastermind_report::plot::panels::{Mark, Panel, PathSeries};
use mastermind_report::plot::{Figure, NamedFigure};
use mastermind_report::table::{Table, num};
use mastermind_report::verdict::{Claimed, Part, Parts, Rule, Side, Test, Verdict};

/// What the report uses of a row, with the empty cells of a row kind as NaN.
struct Row {
    kind: String,
    step: u32,
    theta: [f64; 4],
    estimate: f64,
    ess: f64,
    games: u32,
    mean: f64,
    sd: f64,
}

impl From<&FixedSampleRow> for Row {
    fn from(row: &FixedSampleRow) -> Row {
        Row {
            kind: row.kind.clone(),
            step: row.step,
            theta: row.descent.theta(),
            estimate: row.descent.estimate.unwrap_or(f64::NAN),
            ess: row.descent.ess.unwrap_or(f64::NAN),
            games: row.simulated_games.unwrap_or(0),
            mean: row.simulated_mean.unwrap_or(f64::NAN),
            sd: row.simulated_sd.unwrap_or(f64::NAN),
        }
    }
}

/// The checkpoint table, Figure 4 and a sentence on the estimates' accuracy.
pub fn render(
    ctx: &ReportContext<'_>,
    plan: &FixedSamplePlan,
    rows: &[FixedSampleRow],
) -> Result<Rendered> {
    let rows: Vec<Row> = rows.iter().map(Row::from).collect();
    let of = |k: &str| rows.iter().filter(|r| r.kind == k).collect::<Vec<_>>();
    let (sample, steps, checks) = (of("sample"), of("step"), of("checkpoint"));
    let (table, gaps) = checkpoint_table(ctx, plan, &sample, &checks);
    let figures = vec![NamedFigure::new("figure-4", figure_4(ctx, plan, &steps, &checks))];
    let mut notes = Vec::new();
    let mut verdicts = Vec::new();
    if !gaps.is_empty() {
        let (note, worst) = accuracy_note(plan, &gaps, &checks);
        let claim = "the importance-sampling estimates are quite accurate".to_owned();
        let ours =
            format!("largest gap {worst:.1} standard errors over {} checkpoints", gaps.len());
        verdicts.push(accuracy_verdict(claim, ours, &checks, ctx));
        notes.push(note);
    }
    Ok(Rendered { tables: vec![table], figures, notes, verdicts, ..Rendered::default() })
}

/// The table of checkpoints (each estimate beside its fresh games' mean), with every
/// checkpoint's gap (estimate − simulated) and its z.
fn checkpoint_table(
    ctx: &ReportContext<'_>,
    plan: &FixedSamplePlan,
    sample: &[&Row],
    checks: &[&Row],
) -> (Table, Vec<(f64, f64)>) {
    let config = &plan.config;
    let mut table = Table::new(
        format!(
            "{}: importance-sampling estimates on one fixed sample of {} under θ0 = {}, \
             checked by {} fresh games at each checkpoint",
            ctx.title,
            count_of(config.sample_games as u64, "games"),
            theta_text(config.theta0.to_array()),
            thousands(config.checkpoint_games as u64)
        ),
        &[
            "Checkpoint",
            "Step",
            "θ",
            "IS estimate",
            "ESS",
            "Simulated mean",
            "SD",
            "Estimate − simulated",
            "z",
        ],
    );
    let mut gaps = Vec::new();
    for (c, r) in checks.iter().enumerate() {
        let gap = r.estimate - r.mean;
        let z = gap / (r.sd / f64::from(r.games.max(1)).sqrt());
        gaps.push((gap, z));
        table.row(vec![
            (c + 1).to_string(),
            r.step.to_string(),
            theta_text(r.theta),
            num(Some(r.estimate), 4),
            num(Some(r.ess), 0),
            num(Some(r.mean), 4),
            num(Some(r.sd), 4),
            num(Some(gap), 4),
            num(Some(z), 1),
        ]);
    }
    if let Some(s) = sample.first() {
        table.notes.push(format!(
            "The fixed sample: {} under θ0, mean {:.3}, sd {:.3} guesses. z = (estimate − \
             simulated) / (sd / √n) treats the estimate as exact, so it measures the estimate's \
             bias against the simulation's noise only.",
            count_of(s.games as u64, "games"),
            s.mean,
            s.sd
        ));
    }
    (table, gaps)
}

/// Figure 4: the estimate along the descent with each checkpoint's simulated mean and its
/// interval, and below it the same zoomed on the path after its initial fall.
fn figure_4(
    ctx: &ReportContext<'_>,
    plan: &FixedSamplePlan,
    steps: &[&Row],
    checks: &[&Row],
) -> Figure {
    let keep = thinned(steps.len(), 2500);
    let estimate: Vec<(f64, f64)> =
        keep.iter().map(|&i| (f64::from(steps[i].step), steps[i].estimate)).collect();
    let marks: Vec<(f64, f64)> = checks.iter().map(|r| (f64::from(r.step), r.mean)).collect();
    // Each checkpoint's mean over its fresh games, with its 95% interval (thousands of games:
    // the normal quantile).
    let intervals: Vec<Interval> = checks
        .iter()
        .filter(|r| r.games > 1)
        .map(|r| {
            let half = 1.96 * r.sd / f64::from(r.games).sqrt();
            (f64::from(r.step), r.mean - half, r.mean + half)
        })
        .collect();
    let series = || {
        vec![
            PathSeries {
                name: "IS estimate on the fixed sample".into(),
                points: estimate.clone(),
                mark: Mark::Line,
                intervals: Vec::new(),
            },
            PathSeries {
                name: "mean of fresh simulated games (bars: 95% CI)".into(),
                points: marks.clone(),
                mark: Mark::Crosses,
                intervals: intervals.clone(),
            },
        ]
    };
    // The lower panel zooms on the part of the path after the initial fall.
    let late: Vec<f64> = steps
        .iter()
        .filter(|r| r.step >= plan.config.steps / 20)
        .map(|r| r.estimate)
        .chain(checks.iter().map(|r| r.mean))
        .chain(intervals.iter().flat_map(|i| [i.1, i.2]))
        .collect();
    let lo = late.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = late.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.15).max(0.02);
    let mut panels = vec![Panel {
        y: "mean game length".into(),
        series: series(),
        y_range: None,
        levels: Vec::new(),
    }];
    if lo.is_finite() && hi.is_finite() {
        panels.push(Panel {
            y: "zoom".into(),
            series: series(),
            y_range: Some((lo - pad, hi + pad)),
            levels: Vec::new(),
        });
    }
    Figure::StackedPaths {
        title: format!("{}: checking importance sampling estimates", ctx.title),
        x: "descent step on the fixed sample".to_owned(),
        panels,
    }
}

/// The paragraph on the estimates' accuracy: how many checkpoints' estimates fall below the
/// simulated mean and by how much, and whether beyond the simulations' noise; with the largest
/// |z|.
fn accuracy_note(plan: &FixedSamplePlan, gaps: &[(f64, f64)], checks: &[&Row]) -> (String, f64) {
    let config = &plan.config;
    let below = gaps.iter().filter(|g| g.0 < 0.0).count();
    let lo = gaps.iter().map(|g| g.0).fold(f64::INFINITY, f64::min);
    let hi = gaps.iter().map(|g| g.0).fold(f64::NEG_INFINITY, f64::max);
    let ess_end = checks.last().map_or(f64::NAN, |r| r.ess);
    let worst = gaps.iter().map(|g| g.1.abs()).fold(0.0, f64::max);
    let summary = if worst <= 3.0 {
        format!(
            "every gap is within the simulations' noise (|z| at most {worst:.1}), so on this \
             sample the estimates are accurate"
        )
    } else if below * 2 > gaps.len() {
        format!(
            "the estimate is optimistic beyond the simulations' noise (|z| up to {worst:.1}): \
             the descent has moved to where few sampled games carry the weight"
        )
    } else {
        format!("some gaps exceed the simulations' noise (|z| up to {worst:.1})")
    };
    let note = format!(
        "**Accuracy of the estimates.** The importance-sampling estimate lies below the \
         simulated mean at {below} of {} checkpoints (estimate − simulated from {lo:.3} to \
         {hi:.3} guesses); {summary}. The thesis found the estimates \"quite accurate\", \
         falling only slightly below the simulations in the later stages. At the last \
         checkpoint the effective sample size is {ess_end:.0} of {}.",
        gaps.len(),
        count_of(config.sample_games as u64, "games")
    );
    (note, worst)
}

fn theta_text(t: [f64; 4]) -> String {
    let c: Vec<String> = t.iter().map(|v| format!("{v:.2}")).collect();
    format!("({})", c.join(", "))
}

/// The thesis's "quite accurate": at every checkpoint, the importance-sampling estimate (taken as
/// exact, as the table's z does) and the mean of the fresh simulated games do not differ by more
/// than the spec's margin, each checkpoint a part of the claim.
fn accuracy_verdict(
    claim: String,
    ours: String,
    checks: &[&Row],
    ctx: &ReportContext<'_>,
) -> Verdict {
    let margin = ctx.judging.margin.as_ref();
    let parts = checks
        .iter()
        .filter(|r| r.games > 1)
        .map(|r| {
            let games = f64::from(r.games);
            let (value, because) = match margin {
                Some(m) => (m.of(r.mean), m.because.trim().to_owned()),
                None => (0.0005, "the spec states no margin: the third decimal".to_owned()),
            };
            let test = Test {
                claimed: Claimed::NotDifferent,
                first: Side { mean: r.estimate, se: 0.0, df: None, ours: true },
                second: Side {
                    mean: r.mean,
                    se: r.sd / games.sqrt(),
                    df: Some(games - 1.0),
                    ours: true,
                },
                margin: value,
                margin_reason: because,
                digits: 4,
                censored: None,
                bootstrap: None,
                samples: r.games as usize,
                unit: "games",
                paper: None,
            };
            Part::new(format!("step {}: estimate against simulation", r.step), test)
        })
        .collect();
    let parts = Parts { parts, rule: Rule::All };
    Verdict::of_parts(claim, ours, "holds".to_owned(), parts)
}
