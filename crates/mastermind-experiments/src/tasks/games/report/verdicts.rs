//! The verdicts of a games experiment: each arm's mean against the paper's, the paper's
//! significance groups, and its comparisons of two arms, under every reading an arm plays.

use super::{ArmResult, mean, significance_groups, significance_groups_with};
use crate::spec::printed::PaperValue;
use crate::spec::raw::{Judging, PaperNumbers};
use crate::tasks::games::frame::{GamesByArm, PlayedGame};
use crate::tasks::games::plan::{Codemaker, GamesPlan, PlannedArm};
use crate::tasks::games::spec::{Comparison, ComparisonClaim, TestOn};
use crate::tasks::readings;
use mastermind_report::table::num;
use mastermind_report::verdict::{
    self, ArmSamples, Claimed, Estimate, Outcome, Printed, ReadingTag, Verdict,
};

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
        let counts_only = arm.reading.as_ref().is_some_and(|r| r.counts_only);
        if let Some(value) = paper.mean.filter(|_| !counts_only) {
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
            // The spec's counter first; then the counters the arm names, each as one more
            // reading (with the arm's own); then, for an arm of the default reading, every other
            // counter the games record, as readings of what the paper calls an evaluation.
            let mut counters = vec![(counter, tag.clone())];
            counters.extend(arm.counters.iter().map(|name| {
                let meaning =
                    COUNTERS.iter().find(|(n, _)| n == name).map_or(name.as_str(), |c| c.1);
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
