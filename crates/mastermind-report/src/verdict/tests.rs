//! The verdicts' rules, end to end on small families of claims.

use super::render::{EVERY_READING, NO_OTHER, NO_READING};
use super::*;
use crate::judging::Margin;

fn label(text: &str) -> crate::values::Label {
    text.to_owned().try_into().unwrap()
}

fn finite(value: f64) -> crate::values::Finite {
    value.try_into().unwrap()
}

fn printed(value: f64) -> Printed {
    Printed::new(value, 3)
}

fn margin(absolute: f64) -> Margin {
    Margin { absolute: Some(finite(absolute)), relative: None, because: label("test") }
}

fn decided(mut v: Verdict, alpha: f64) -> Verdict {
    v.decide(alpha);
    v
}

fn run_means(mean: f64, se: f64) -> Estimate {
    Estimate { mean, se: Some(se), df: Some(9.0) }
}

#[test]
fn a_value_inside_the_margin_is_reproduced_and_one_beyond_it_contradicted() {
    let ours = run_means(4.41, 0.004);
    let judge =
        |paper: f64| decided(compare("m".into(), ours, printed(paper), Some(&margin(0.02))), 0.05);
    let v = judge(4.408);
    assert_eq!(v.outcome, Outcome::Reproduced);
    assert_eq!(v.ours, "4.4100 [4.4022, 4.4178]");
    let far = judge(4.470);
    assert_eq!(far.outcome, Outcome::Contradicted);
    assert!(far.why().contains("lies beyond the margin ±0.0200"), "{}", far.why());
    let near = judge(4.428);
    assert_eq!(near.outcome, Outcome::Inconclusive, "{near:?}");
    assert!(near.why().contains("would decide it"), "{}", near.why());
}

#[test]
fn a_t_interval_decides_few_runs_more_cautiously_than_a_normal_one() {
    let paper = printed(4.428);
    let t = decided(compare("m".into(), run_means(4.41, 0.004), paper, Some(&margin(0.03))), 0.05);
    let normal = Estimate { df: None, ..run_means(4.41, 0.004) };
    let z = decided(compare("m".into(), normal, paper, Some(&margin(0.03))), 0.05);
    assert!(t.interval.unwrap().lower < z.interval.unwrap().lower);
}

#[test]
fn a_hypothesis_never_changes_a_verdict() {
    let v = compare("m".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)))
        .with_hypothesis(Some("Ties differ."));
    let v = decided(v, 0.05);
    assert_eq!(v.outcome, Outcome::Contradicted);
    assert_eq!(v.hypothesis.as_deref(), Some("Ties differ."));
}

#[test]
fn exact_values_allow_only_the_papers_rounding() {
    let wide = margin(0.1);
    let judge = |ours: f64| {
        decided(compare("t".into(), Estimate::exact(ours), printed(4.476), Some(&wide)), 0.05)
            .outcome
    };
    assert_eq!(judge(4.4761), Outcome::Reproduced);
    assert_eq!(judge(4.4771), Outcome::Contradicted);
    let one_run = Estimate { mean: 4.5, se: None, df: None };
    assert_eq!(compare("m".into(), one_run, printed(4.4), None).outcome, Outcome::NotTestable);
}

#[test]
fn a_censored_mean_is_a_lower_bound_and_never_reproduces() {
    let about = Printed { unit: Some(100.0), ..Printed::new(6400.0, 0) };
    let margin = Margin { absolute: None, relative: Some(finite(0.1)), because: label("test") };
    let judge = |mean: f64, share: f64| {
        let ours = Estimate { mean, se: Some(50.0), df: Some(999.0) };
        let v = compare("w".into(), ours, about, Some(&margin)).censored(share, mean);
        decided(v, 0.05)
    };
    // Capped runs only make the true mean larger: far above is still contradicted.
    let far = judge(19_800.0, 0.987);
    assert_eq!(far.outcome, Outcome::Contradicted);
    assert!(far.ours.contains("98.7% capped"), "{}", far.ours);
    // On the paper's number, a lower bound cannot show agreement.
    assert_eq!(judge(6_400.0, 0.02).outcome, Outcome::Inconclusive);
    assert_eq!(judge(6_400.0, 0.0).outcome, Outcome::Reproduced);
}

#[test]
fn a_threshold_is_judged_on_the_percentiles_of_its_bootstrap() {
    let grid = Printed { unit: Some(100.0), ..Printed::new(400.0, 0) };
    // Noise decides the threshold: half the replicates land on 400, half on 500.
    let noisy: Vec<f64> = (0..1000).map(|i| if i % 2 == 0 { 400.0 } else { 500.0 }).collect();
    let v = decided(compare_bootstrapped("t".into(), 500.0, (&noisy, 1000), grid, None), 0.05);
    assert_eq!(v.outcome, Outcome::Inconclusive, "{v:?}");
    assert!(v.ours.contains("bootstrap"), "{}", v.ours);
    // Every replicate at 400: reproduced; every one at 700: contradicted.
    let at = |x: f64| vec![x; 1000];
    let v = decided(compare_bootstrapped("t".into(), 400.0, (&at(400.0), 1000), grid, None), 0.05);
    assert_eq!(v.outcome, Outcome::Reproduced);
    let v = decided(compare_bootstrapped("t".into(), 700.0, (&at(700.0), 1000), grid, None), 0.05);
    assert_eq!(v.outcome, Outcome::Contradicted);
}

#[test]
fn an_undecided_claim_says_how_many_games_would_decide_it_or_that_none_would() {
    // Ten run means on each side, the paper's sd printed: Runarsson & Merelo's tables.
    let judge = |mean: f64, paper_sd: f64| {
        let paper = printed(4.400).with_sample(Some(10), Some(paper_sd), None);
        let v = compare("m".into(), run_means(mean, 0.0038), paper, Some(&margin(0.022)));
        decided(v, 0.00125)
    };
    // The paper's band (±0.016) and the observed 0.010 reach past the margin: no run of ours
    // can bring the interval inside it.
    let near = judge(4.41, 0.012);
    assert_eq!(near.outcome, Outcome::Inconclusive);
    assert_eq!(near.needed, Some(Needed::Never));
    assert!(near.why().contains("no number of our games decides it"), "{}", near.why());
    assert!(near.why().contains("it includes zero"), "{}", near.why());
    // Closer to the paper's number, more runs would do it, and the sentence says how many.
    let close = judge(4.404, 0.012);
    assert_eq!(close.outcome, Outcome::Inconclusive);
    let Some(Needed::Games { per_arm, outcome, .. }) = close.needed else { panic!("{close:?}") };
    assert_eq!(outcome, Outcome::Reproduced);
    assert!(per_arm > 10, "{per_arm}");
    assert!(close.why().contains("would decide it (reproduced)"), "{}", close.why());
    // A paper whose own band alone is wider than the margin: agreement it cannot show.
    let within = judge(4.401, 0.02);
    assert_eq!(within.outcome, Outcome::WithinPaperPrecision, "{within:?}");
    assert!(within.why().contains("no number of our games can decide it"), "{}", within.why());
    // The lean of an interval that excludes zero.
    let above = judge(4.425, 0.005);
    assert_eq!(above.outcome, Outcome::Inconclusive, "{above:?}");
    assert!(above.why().contains("ours lies significantly above the paper's"), "{}", above.why());
}

#[test]
fn the_papers_error_does_not_move_with_our_games() {
    // The paper's sample size is its own: the same sd over more of our games leaves its band.
    let paper = printed(4.400).with_sample(Some(10), None, Some(0.012));
    let band = |n: usize| {
        let ours =
            Estimate { mean: 4.40, se: Some(0.012 / (n as f64).sqrt()), df: Some(n as f64 - 1.0) };
        let mut v = compare("m".into(), ours, paper, Some(&margin(0.022)));
        v.decide(0.00125);
        v.test.unwrap().paper_half_width(0.00125).unwrap()
    };
    assert_eq!(band(10), band(10_000));
    // A paper that states no sample size is judged as a point.
    let point = printed(4.400);
    assert_eq!(point.se, None);
    assert_eq!(point.precision, PaperPrecision::Point);
}

#[test]
fn a_margin_is_never_tighter_than_the_rounding() {
    let about = Printed { unit: Some(100.0), ..Printed::new(6400.0, 0) };
    let ours = Estimate { mean: 6000.0, se: Some(100.0), df: None };
    let v = compare("m".into(), ours, about, Some(&margin(1.0)));
    assert_eq!(v.test.unwrap().margin, 50.0);
}

#[test]
fn without_an_sd_the_papers_sample_size_and_our_sd_give_its_error() {
    // Temporel & Kovacs print no sd and no number of games: the spec assumes one.
    let ours = Estimate { mean: 6.30, se: Some(0.01), df: Some(999.0) };
    let alone = compare("m".into(), ours, printed(6.33), Some(&margin(0.05)));
    let assumed = printed(6.33).with_sample(Some(1000), None, ours.sd());
    let both = compare("m".into(), ours, assumed, Some(&margin(0.05)));
    let (alone, both) = (decided(alone, 0.05), decided(both, 0.05));
    assert_eq!(alone.outcome, Outcome::Reproduced, "{alone:?}");
    assert!(alone.why().contains("judged as a point"), "{}", alone.why());
    assert_eq!(both.outcome, Outcome::Inconclusive, "{both:?}");
    assert!((ours.sd().unwrap() - 0.01 * 1000f64.sqrt()).abs() < 1e-12);
}

#[test]
fn a_verdict_does_not_depend_on_how_many_claims_share_its_spec() {
    // The family is the paper: the same claims split over one spec or three judge alike.
    let ours = Estimate { mean: 4.022, se: Some(0.005), df: Some(99.0) };
    let claim = |value: f64| compare("m".into(), ours, printed(value), Some(&margin(0.01)));
    let claims: Vec<Verdict> = [4.0, 4.02, 4.03, 4.05, 4.01].map(claim).to_vec();
    let mut together = claims.clone();
    judge_family(&mut together.iter_mut().collect::<Vec<_>>());
    let (mut a, mut b, mut c) = (claims[..1].to_vec(), claims[1..3].to_vec(), claims[3..].to_vec());
    let mut paper: Vec<&mut Verdict> =
        a.iter_mut().chain(b.iter_mut()).chain(c.iter_mut()).collect();
    judge_family(&mut paper);
    let split: Vec<Verdict> = a.into_iter().chain(b).chain(c).collect();
    let outcomes = |v: &[Verdict]| v.iter().map(|v| v.outcome).collect::<Vec<_>>();
    assert_eq!(outcomes(&together), outcomes(&split));
    // Bonferroni over five: each side at 0.01.
    assert!((together[0].interval.unwrap().alpha - 0.01).abs() < 1e-12);
}

#[test]
fn a_reading_that_reproduces_explains_the_default_and_is_named() {
    let default =
        compare("E: mean".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)));
    let reading = Reading {
        of: Some(label("E")),
        name: label("pooled prior"),
        because: label("sec. II"),
        counts_only: false,
    };
    let other =
        compare("E: mean".into(), run_means(4.468, 0.004), printed(4.470), Some(&margin(0.02)))
            .with_reading(Some(ReadingTag::of("E pooled", &reading)));
    let mut both = [default, other];
    judge_family(&mut both.iter_mut().collect::<Vec<_>>());
    assert_eq!(both[0].outcome, Outcome::Explained);
    assert!(both[0].why().contains("\"pooled prior\" (arm E pooled)"), "{}", both[0].why());
    assert_eq!(both[1].outcome, Outcome::Reproduced);
    // Only the spec's own claim is listed; the reading is in the sensitivity table.
    assert_eq!(section_table(&both).rows.len(), 1);
    assert_eq!(sensitivity_table(&both).unwrap().rows.len(), 2);
}

#[test]
fn a_contradiction_names_every_reading_tried_or_the_reason_none_applies() {
    let claim =
        || compare("E: mean".into(), run_means(4.41, 0.004), printed(4.470), Some(&margin(0.02)));
    let reading = Reading {
        of: Some(label("E")),
        name: label("pooled prior"),
        because: label("II"),
        counts_only: false,
    };
    let other =
        compare("E: mean".into(), run_means(4.62, 0.004), printed(4.470), Some(&margin(0.02)))
            .with_reading(Some(ReadingTag::of("E pooled", &reading)));
    let mut tried = [claim(), other];
    // Judged twice (alone, then with its paper): the sentence is said once.
    judge_family(&mut tried.iter_mut().collect::<Vec<_>>());
    judge_family(&mut tried.iter_mut().collect::<Vec<_>>());
    assert_eq!(tried[0].outcome, Outcome::Contradicted);
    assert_eq!(tried[0].why().matches(EVERY_READING).count(), 1, "{}", tried[0].why());
    assert!(tried[0].why().contains("pooled prior: contradicted"), "{}", tried[0].why());
    assert!(unchased(&tried).is_empty());

    // A reading that leaves the claim undecided does not contradict it: the sentence says
    // only that no reading reproduces it.
    let noisy = Reading {
        of: Some(label("E")),
        name: label("fewer runs"),
        because: label("II"),
        counts_only: false,
    };
    let undecided =
        compare("E: mean".into(), run_means(4.47, 0.05), printed(4.470), Some(&margin(0.02)))
            .with_reading(Some(ReadingTag::of("E noisy", &noisy)));
    let mut mixed = [claim(), tried[1].clone(), undecided];
    judge_family(&mut mixed.iter_mut().collect::<Vec<_>>());
    judge_family(&mut mixed.iter_mut().collect::<Vec<_>>());
    assert_eq!(mixed[0].outcome, Outcome::Contradicted);
    assert_eq!(mixed[2].outcome, Outcome::Inconclusive);
    assert!(!mixed[0].why().contains(EVERY_READING), "{}", mixed[0].why());
    assert_eq!(mixed[0].why().matches(NO_READING).count(), 1, "{}", mixed[0].why());
    assert!(mixed[0].why().contains("pooled prior: contradicted"), "{}", mixed[0].why());
    assert!(mixed[0].why().contains("fewer runs: inconclusive"), "{}", mixed[0].why());
    assert!(unchased(&mixed).is_empty());

    // Alone, the contradiction is unchased until the spec says why no reading applies.
    let mut alone = [claim()];
    judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
    assert_eq!(unchased(&alone).len(), 1);
    assert!(sensitivity_table(&alone).is_none());
    let entry = |claim: &str| crate::judging::NoOtherReading {
        claim: label(claim),
        because: label("The paper defines E once."),
    };
    let error = mark_single_readings(&mut alone, &[entry("E: means")]).unwrap_err();
    assert!(error.contains("its claims are: E: mean"), "{error}");
    mark_single_readings(&mut alone, &[entry("E: mean")]).unwrap();
    assert!(unchased(&alone).is_empty());
    judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
    judge_family(&mut alone.iter_mut().collect::<Vec<_>>());
    assert_eq!(alone[0].why().matches(NO_OTHER).count(), 1, "{}", alone[0].why());
    let table = sensitivity_table(&alone).unwrap();
    assert_eq!(table.rows.len(), 2);
    assert_eq!(table.rows[1][1], "no other reading applies");
    assert_eq!(table.rows[1][6], "The paper defines E once.");
}

/// A comparison of two arms whose difference is `estimate` (standard error 0.01, margin
/// 0.02), judged alone at alpha = 0.05.
fn judged_comparison(claimed: Claimed, estimate: f64) -> Verdict {
    let first = Side { mean: estimate, se: 0.01, df: Some(18.0), ours: true };
    let second = Side { mean: 0.0, se: 0.0, df: None, ours: true };
    let margin = (0.02, "test".to_owned());
    let sides = (first, second, 19);
    decided(Verdict::comparison("c".into(), String::new(), claimed, sides, margin), 0.05)
}

#[test]
fn a_contradicted_comparison_says_where_its_interval_lies() {
    let why = |claimed, estimate| {
        let v = judged_comparison(claimed, estimate);
        assert_eq!(v.outcome, Outcome::Contradicted);
        v.why()
    };
    // Fewer claimed, the first arm needs more: its interval is above -margin, not within it.
    let fewer = why(Claimed::Fewer, 0.04);
    assert!(fewer.starts_with("The first arm does not need fewer guesses"), "{fewer}");
    assert!(fewer.contains("lies above -0.020."), "{fewer}");
    let different = why(Claimed::Different, 0.0);
    assert!(different.contains("lies within ±0.020."), "{different}");
}

#[test]
fn comparisons_have_three_outcomes() {
    let judge = |claimed, estimate| judged_comparison(claimed, estimate).outcome;
    assert_eq!(judge(Claimed::Fewer, -0.05), Outcome::Reproduced);
    assert_eq!(judge(Claimed::Fewer, 0.01), Outcome::Contradicted);
    assert_eq!(judge(Claimed::Fewer, -0.015), Outcome::Inconclusive);
    assert_eq!(judge(Claimed::NotDifferent, 0.0), Outcome::Reproduced);
    assert_eq!(judge(Claimed::NotDifferent, 0.01), Outcome::Inconclusive);
    assert_eq!(judge(Claimed::NotDifferent, 0.06), Outcome::Contradicted);
    assert_eq!(judge(Claimed::NotFewer, 0.03), Outcome::Reproduced);
    assert_eq!(judge(Claimed::NotFewer, -0.06), Outcome::Contradicted);
    assert_eq!(judge(Claimed::Different, 0.05), Outcome::Reproduced);
    // A significant difference within the margin is not the difference a paper claims.
    assert_eq!(judge(Claimed::Different, 0.03), Outcome::Inconclusive);
    assert_eq!(judge(Claimed::Different, 0.0), Outcome::Contradicted);
}

#[test]
fn groups_are_judged_pair_by_pair_against_the_margin() {
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
    };
    let paper = pairs(&[("E", "a"), ("M", "a"), ("X", "b"), ("W", "b"), ("R", "c")]);
    // Fifty samples an arm around each mean, spread 0.01.
    let around = |mean: f64| -> Vec<f64> {
        (0..50).map(|i| mean + 0.01 * if i % 2 == 0 { 1.0 } else { -1.0 }).collect()
    };
    let margin = |m: f64| 0.005 * m;
    let judge = |means: [f64; 5]| {
        let samples: Vec<Vec<f64>> = means.iter().map(|&m| around(m)).collect();
        let arms: Vec<ArmSamples<'_>> = ["E", "M", "X", "W", "R"]
            .iter()
            .zip(&samples)
            .map(|(label, s)| ArmSamples { label, samples: s })
            .collect();
        let mut v = compare_groups(&paper, &paper, &arms, (&margin, "test"), "games").unwrap();
        v.decide(0.0025);
        v
    };
    assert_eq!(judge([4.40, 4.40, 4.47, 4.47, 4.60]).outcome, Outcome::Reproduced);
    // M plays like X: E and M are apart by more than the margin, M is not fewer than X.
    let v = judge([4.40, 4.47, 4.47, 4.47, 4.60]);
    assert_eq!(v.outcome, Outcome::Contradicted);
    assert!(v.why().contains("M fewer than X (apart in the paper): contradicted"), "{}", v.why());
    assert!(v.why().contains("E and M (together in the paper): contradicted"), "{}", v.why());
    // A pair within a hair of the margin is undecided, and says how many games would decide.
    let v = judge([4.40, 4.40 + 0.022, 4.47, 4.47, 4.60]);
    assert_eq!(v.outcome, Outcome::Inconclusive, "{v:?}");
    let arms = [ArmSamples { label: "E", samples: &[4.4, 4.41] }];
    let untested = compare_groups(&paper, &paper, &arms, (&margin, "test"), "games").unwrap();
    assert_eq!(untested.outcome, Outcome::NotTestable);
}

#[test]
fn a_sweeps_best_point_is_judged_by_non_inferiority_against_every_other() {
    let around = |mean: f64| -> Vec<f64> {
        (0..200).map(|i| mean + 0.5 * if i % 2 == 0 { 1.0 } else { -1.0 }).collect()
    };
    let margin = |m: f64| 0.1 * m;
    let judge = |means: &[(f64, f64)]| {
        let points: Vec<(f64, Vec<f64>)> = means.iter().map(|&(x, m)| (x, around(m))).collect();
        let mut v =
            best_within("k = 6 is best".into(), &points, (6.0, 6.0), (&margin, "10%"), "runs");
        v.decide(0.0125);
        v
    };
    // k = 7 plays slightly fewer, within the margin: k = 6 is not beaten by more than it.
    assert_eq!(judge(&[(5.0, 20.0), (6.0, 17.0), (7.0, 16.8)]).outcome, Outcome::Reproduced);
    // k = 7 beats k = 6 by more than the margin: contradicted, whatever the p-values.
    let v = judge(&[(5.0, 20.0), (6.0, 17.0), (7.0, 14.0)]);
    assert_eq!(v.outcome, Outcome::Contradicted);
    assert!(v.why().contains("7 does not beat 6: contradicted"), "{}", v.why());
}

/// Sweeps our games upward at a fixed effect for the claims made of parts (groups, a sweep's
/// best point): a verdict, once decided, never turns into the other.
#[test]
fn claims_made_of_parts_never_flip_as_the_games_grow() {
    for offset in [0.0, 0.01, 0.02, 0.03, 0.05, 0.1, -0.02] {
        let parts = |se: f64| {
            let side = |mean| Side { mean, se, df: Some(99.0), ours: true };
            let test = |claimed, a, b| Test::for_tests(claimed, side(a), side(b), 0.022);
            let group = Parts {
                parts: vec![
                    Part::new("together".into(), test(Claimed::NotDifferent, 4.4 + offset, 4.4)),
                    Part::new("apart".into(), test(Claimed::Fewer, 4.4, 4.45 - offset)),
                ],
                rule: Rule::All,
            };
            let sweep = Parts {
                parts: vec![
                    Part::new("a".into(), test(Claimed::NotFewer, 4.4 - offset, 4.4)),
                    Part::new("b".into(), test(Claimed::NotFewer, 4.42, 4.4 + offset)),
                ],
                rule: Rule::AnyCandidate(vec![("x".into(), vec![0]), ("y".into(), vec![1])]),
            };
            [group, sweep]
        };
        for which in 0..2 {
            let claim = &parts(0.05)[which];
            let mut decided = None;
            for power in 0..=30 {
                let outcome = claim.outcome_at(0.0025, f64::from(1u32 << power));
                if matches!(outcome, Outcome::Reproduced | Outcome::Contradicted) {
                    assert!(decided.is_none_or(|d| d == outcome), "{which} {offset} flipped");
                    decided = Some(outcome);
                } else {
                    assert!(decided.is_none(), "{which} {offset} fell back");
                }
            }
        }
    }
}

#[test]
fn a_verdict_table_calls_its_claims_the_papers_only_where_it_quotes_the_paper() {
    // A spec of one's own: a comparison of two of its arms, no number of a paper.
    let own = judged_comparison(Claimed::Fewer, -0.1);
    assert!(!own.quotes_paper());
    let table = section_table(std::slice::from_ref(&own)).markdown();
    assert!(table.contains("**Verdicts.** Each claim of this spec, judged"), "{table}");
    assert!(!table.contains("of the paper"), "{table}");
    assert!(table.contains("| claim | ours (95% CI) | claimed |"), "{table}");
    // One number of the paper's among its claims, and they are the paper's again.
    let number = compare("m".into(), run_means(4.41, 0.004), printed(4.41), Some(&margin(0.02)));
    let number = decided(number, 0.05);
    assert!(number.quotes_paper());
    let table = section_table(&[own, number]).markdown();
    assert!(table.contains("Each claim of the paper that this spec tests"), "{table}");
    assert!(table.contains("| claim | ours (95% CI) | paper |"), "{table}");
}
