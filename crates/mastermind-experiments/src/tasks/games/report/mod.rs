//! The report of a games experiment: what each arm's games came to ([`ArmResult`]), and from it
//! the tables (results beside the paper's with significance groups, [`results_table`]; pairwise
//! comparisons, [`comparison_table`]; metrics, [`metrics_table`]), the figures ([`figures`]) and
//! the verdicts on the paper's claims ([`verdicts`]).

mod figures;
mod tables;
mod verdicts;

pub use figures::figures;
pub use tables::{comparison_table, metrics_table, results_table};
pub use verdicts::verdicts;

use super::frame::{GameRow, GamesByArm};
use super::plan::GamesPlan;
use super::spec::TestOn;
use mastermind_stats::{Correction, Summary, group_samples_corrected};

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
    /// Games another program failed (left out of everything above), and the first one's error.
    pub failed: (usize, Option<String>),
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
                failed: {
                    let failed = rows.failed(&arm.label);
                    (failed.len(), failed.first().and_then(|g| g.error.clone()))
                },
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

fn mean(x: &[f64]) -> Option<f64> {
    Summary::from_slice(x).ok().map(|s| s.mean)
}
