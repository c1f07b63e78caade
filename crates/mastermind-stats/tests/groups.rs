//! Tests of the grouping into indistinguishable sets and of the letter display, on
//! constructed samples whose answer is clear.

use mastermind_stats::{
    Correction, Grouping, PairTest, StatsError, group_samples, group_samples_by,
    group_samples_corrected,
};

const TESTS: [PairTest; 3] = [PairTest::RankSum, PairTest::Welch, PairTest::Pooled];

/// 30 evenly spaced values with the given mean and sample sd 1.
fn sample(mean: f64) -> Vec<f64> {
    // The sample sd of 0, 1, ..., 29 is sqrt(30 * 31 / 12).
    let sd = (30.0_f64 * 31.0 / 12.0).sqrt();
    (0..30).map(|i| mean + (f64::from(i) - 14.5) / sd).collect()
}

fn letters(grouping: &Grouping) -> Vec<String> {
    grouping.letters().unwrap()
}

#[test]
fn three_separated_clusters() {
    // Input order is shuffled: the cluster means are 5, 4, 6, 4, 5 (+ 0.05 within).
    let samples = [sample(5.05), sample(4.0), sample(6.0), sample(4.05), sample(5.0)];
    for test in TESTS {
        let g = group_samples(&samples, 0.05, test).unwrap();
        assert_eq!(g.order(), [1, 3, 4, 0, 2], "{test:?}");
        assert_eq!(g.groups(), [vec![1, 3], vec![4, 0], vec![2]], "{test:?}");
        assert_eq!(letters(&g), ["b", "a", "c", "a", "b"], "{test:?}");
        assert!(g.p_value(1, 2).unwrap() < 1e-6);
        assert!(g.p_value(0, 4).unwrap() > 0.5);
        assert_eq!(g.p_value(3, 3), Some(1.0));
        assert_eq!(g.p_value(0, 5), None);
    }
}

#[test]
fn two_overlapping_groups() {
    // Welch: 0 vs 0.4 gives p ~ 0.13, 0.4 vs 0.8 too, but 0 vs 0.8 gives p ~ 0.003.
    let samples = [sample(0.8), sample(0.0), sample(0.4)];
    for test in TESTS {
        let g = group_samples(&samples, 0.05, test).unwrap();
        assert_eq!(g.order(), [1, 2, 0], "{test:?}");
        assert_eq!(g.groups(), [vec![1, 2], vec![2, 0]], "{test:?}");
        assert_eq!(letters(&g), ["b", "a", "ab"], "{test:?}");
    }
}

#[test]
fn holm_joins_what_chance_alone_would_split() {
    // Welch: neighbours 0.55 apart give p ~ 0.037 each, the ends p ~ 1e-4. Uncorrected, all
    // three differ; Holm multiplies the two neighbour p-values by 2 (0.074), so each
    // neighbouring pair joins a group while the ends stay apart.
    let samples = [sample(0.0), sample(0.55), sample(1.1)];
    let plain = group_samples(&samples, 0.05, PairTest::Welch).unwrap();
    assert_eq!(letters(&plain), ["a", "b", "c"]);
    let none = group_samples_corrected(&samples, 0.05, PairTest::Welch, Correction::None).unwrap();
    assert_eq!(none, plain);
    let holm = group_samples_corrected(&samples, 0.05, PairTest::Welch, Correction::Holm).unwrap();
    assert_eq!(letters(&holm), ["a", "ab", "b"]);
    let raw = plain.p_value(0, 1).unwrap();
    assert!((holm.p_value(0, 1).unwrap() - 2.0 * raw).abs() < 1e-12, "{raw}");
    assert!((holm.p_value(0, 2).unwrap() - 3.0 * plain.p_value(0, 2).unwrap()).abs() < 1e-12);
}

#[test]
fn runs_inside_longer_runs_are_not_reported() {
    // 0, 0.2 and 0.4 are alike; 1.4 differs from all three. The run starting at 0.2
    // ends at 0.4 too, inside the first run, so there are just two groups.
    let samples = [sample(0.0), sample(0.2), sample(0.4), sample(1.4)];
    let g = group_samples(&samples, 0.05, PairTest::Welch).unwrap();
    assert_eq!(g.groups(), [vec![0, 1, 2], vec![3]]);
    assert_eq!(letters(&g), ["a", "a", "a", "b"]);
}

#[test]
fn identical_samples_form_one_group() {
    let samples = vec![sample(4.5); 4];
    for test in TESTS {
        let g = group_samples(&samples, 0.05, test).unwrap();
        // Equal means keep the input order.
        assert_eq!(g.order(), [0, 1, 2, 3]);
        assert_eq!(g.groups(), [vec![0, 1, 2, 3]]);
        assert_eq!(letters(&g), ["a"; 4]);
        assert_eq!(g.p_value(0, 3), Some(1.0));
    }
}

#[test]
fn custom_pair_test_and_chains() {
    // A "test" that calls samples alike when their means are within 1.5: on means
    // 0, 1, 2, 3 that gives the chain {0, 1}, {1, 2}, {2, 3}.
    let samples: Vec<Vec<f64>> = (0..4).map(|m| vec![f64::from(m)]).collect();
    let g = group_samples_by(&samples, 0.05, |x, y| {
        Ok(if (x[0] - y[0]).abs() < 1.5 { 1.0 } else { 0.0 })
    })
    .unwrap();
    assert_eq!(g.groups(), [vec![0, 1], vec![1, 2], vec![2, 3]]);
    assert_eq!(letters(&g), ["a", "ab", "bc", "c"]);
}

#[test]
fn no_samples_and_one_sample() {
    let none: [Vec<f64>; 0] = [];
    let g = group_samples(&none, 0.05, PairTest::RankSum).unwrap();
    assert!(g.order().is_empty() && g.groups().is_empty());
    assert!(letters(&g).is_empty());
    let g = group_samples(&[[3.0]], 0.05, PairTest::Welch).unwrap();
    assert_eq!(g.groups(), [vec![0]]);
    assert_eq!(letters(&g), ["a"]);
}

#[test]
fn letters_run_out_after_52_groups() {
    let samples: Vec<[f64; 1]> = (0..53).map(|i| [f64::from(i)]).collect();
    let all_differ = |_: &[f64], _: &[f64]| Ok(0.0);
    let g = group_samples_by(&samples[..52], 0.05, all_differ).unwrap();
    let l = letters(&g);
    assert_eq!(
        (l[0].as_str(), l[25].as_str(), l[26].as_str(), l[51].as_str()),
        ("a", "z", "A", "Z")
    );
    let g = group_samples_by(&samples, 0.05, all_differ).unwrap();
    assert_eq!(g.letters(), Err(StatsError::TooManyGroups { groups: 53 }));
}

#[test]
fn bad_input_is_an_error() {
    let good = sample(1.0);
    for alpha in [0.0, 1.0, f64::NAN] {
        assert!(matches!(
            group_samples(&[&good[..]], alpha, PairTest::RankSum),
            Err(StatsError::InvalidAlpha(_))
        ));
    }
    let err = group_samples(&[&good[..], &[]], 0.05, PairTest::RankSum).unwrap_err();
    assert_eq!(
        err,
        StatsError::Sample {
            index: 1,
            source: Box::new(StatsError::TooFewObservations { sample: "data", needed: 1, got: 0 })
        }
    );
    let err = group_samples(&[&good[..], &[f64::NAN]], 0.05, PairTest::RankSum).unwrap_err();
    assert!(matches!(err, StatsError::Sample { index: 1, .. }));
    // Welch needs two values per sample.
    let err = group_samples(&[&good[..], &[2.0]], 0.05, PairTest::Welch).unwrap_err();
    assert!(matches!(err, StatsError::Pair { first: 0, second: 1, .. }));
    // A custom test must return a probability.
    let err = group_samples_by(&[[1.0], [2.0]], 0.05, |_, _| Ok(1.5)).unwrap_err();
    assert_eq!(
        err,
        StatsError::Pair { first: 0, second: 1, source: Box::new(StatsError::InvalidPValue(1.5)) }
    );
}
