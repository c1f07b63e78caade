//! The importance-sampling estimate and its gradient: exact identities, finite differences,
//! agreement with fresh simulation, and independence from the thread count.

use mastermind_core::Game;
use mastermind_importance::{
    ExpFamilyConfig, ExpFamilyStrategy, GameRecord, ImportanceError, ImportanceSample, LaterTurn,
    LengthSummary, Theta, simulate,
};

fn sample_under(theta: Theta, games: u32, seed: u64) -> (ExpFamilyStrategy, Vec<GameRecord>) {
    let s = ExpFamilyStrategy::new(Game::CLASSIC, &ExpFamilyConfig::new(theta)).unwrap();
    let records = simulate(&s, games, seed, &[]);
    (s, records)
}

fn shifted(theta: Theta, j: usize, h: f64) -> Theta {
    let mut a = theta.to_array();
    a[j] += h;
    Theta::from_array(a)
}

#[test]
fn at_the_reference_the_estimate_is_the_plain_mean() {
    let reference = Theta::new(0.2, -0.3, 0.4, 3.0);
    let (s, records) = sample_under(reference, 3000, 1);
    let sample = ImportanceSample::new(s.model(), reference, &records).unwrap();
    let e = sample.estimate(&reference);
    let mean = records.iter().map(GameRecord::length).sum::<f64>() / records.len() as f64;
    assert_eq!(e.mean_length, mean);
    assert_eq!(e.effective_sample_size, 3000.0);
    assert_eq!(LengthSummary::of(&records).mean, mean);
    // The gradient there is the plain score-function estimate (1/n) sum (h - mean) s_i.
    for j in 0..4 {
        let direct = records
            .iter()
            .map(|r| (r.length() - mean) * s.model().game_score(&reference, r)[j])
            .sum::<f64>()
            / records.len() as f64;
        assert!((e.gradient[j] - direct).abs() < 1e-9 * (1.0 + direct.abs()), "{j}");
    }
}

/// The compressed evaluation equals the naive one: weights from whole-game log-probabilities.
#[test]
fn compressed_weights_equal_direct_weights() {
    let reference = Theta::THESIS_INITIAL;
    let (s, records) = sample_under(reference, 2000, 2);
    let sample = ImportanceSample::new(s.model(), reference, &records).unwrap();
    let theta = Theta::new(0.4, -0.2, 0.6, 5.8);
    let log_w: Vec<f64> = records
        .iter()
        .map(|r| s.model().game_log_prob(&theta, r) - s.model().game_log_prob(&reference, r))
        .collect();
    let top = log_w.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = log_w.iter().map(|l| (l - top).exp()).collect();
    let total: f64 = w.iter().sum();
    let direct = w.iter().zip(&records).map(|(w, r)| w * r.length()).sum::<f64>() / total;
    let ess = total * total / w.iter().map(|w| w * w).sum::<f64>();
    let e = sample.estimate(&theta);
    assert!((e.mean_length - direct).abs() < 1e-9, "{} vs {direct}", e.mean_length);
    assert!((e.effective_sample_size - ess).abs() < 1e-6 * ess);
    assert!(ess < 2000.0);
}

#[test]
fn gradient_matches_central_differences() {
    let reference = Theta::THESIS_INITIAL;
    let (s, records) = sample_under(reference, 2000, 3);
    let sample = ImportanceSample::new(s.model(), reference, &records).unwrap();
    for theta in [Theta::new(0.3, -0.2, 0.25, 5.5), Theta::new(-0.5, 0.1, 0.0, 4.6)] {
        let e = sample.estimate(&theta);
        for j in 0..4 {
            let h = 1e-5;
            let up = sample.estimate(&shifted(theta, j, h)).mean_length;
            let down = sample.estimate(&shifted(theta, j, -h)).mean_length;
            let fd = (up - down) / (2.0 * h);
            assert!(
                (e.gradient[j] - fd).abs() < 1e-5 * (1.0 + fd.abs()),
                "coordinate {j}: analytic {} vs finite difference {fd}",
                e.gradient[j]
            );
        }
    }
}

/// Near the reference the estimate predicts fresh simulation within its standard error.
/// Tolerance: 5 standard errors of the difference, with the estimate's error taken from its
/// effective sample size.
#[test]
fn estimate_predicts_fresh_simulation_near_the_reference() {
    let reference = Theta::THESIS_INITIAL;
    let (s, records) = sample_under(reference, 20_000, 4);
    let sample = ImportanceSample::new(s.model(), reference, &records).unwrap();
    let theta = Theta::new(0.2, -0.2, 0.3, 5.4);
    let e = sample.estimate(&theta);
    let fresh = LengthSummary::of(&simulate(&s.with_theta(theta).unwrap(), 20_000, 5, &[]));
    let se = (fresh.sd.powi(2) / 20_000.0 + fresh.sd.powi(2) / e.effective_sample_size).sqrt();
    assert!(
        (e.mean_length - fresh.mean).abs() < 5.0 * se,
        "estimate {} vs simulated {} (se {se}, ess {})",
        e.mean_length,
        fresh.mean,
        e.effective_sample_size
    );
    // Raising theta_4 shortens games: the estimate moves the right way.
    assert!(e.mean_length < sample.sample_mean());
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let (s, records) = sample_under(Theta::THESIS_INITIAL, 5000, 6);
            let sample = ImportanceSample::new(s.model(), Theta::THESIS_INITIAL, &records).unwrap();
            (records, sample.estimate(&Theta::new(0.1, 0.2, 0.3, 5.5)))
        })
    };
    let (a, ea) = run(1);
    let (b, eb) = run(3);
    assert_eq!(a, b);
    assert_eq!(ea, eb);
}

#[test]
fn bad_samples_are_rejected() {
    let s = ExpFamilyStrategy::new(Game::CLASSIC, &ExpFamilyConfig::new(Theta::THESIS_INITIAL))
        .unwrap();
    let theta = Theta::THESIS_INITIAL;
    assert_eq!(
        ImportanceSample::new(s.model(), theta, &[]).unwrap_err(),
        ImportanceError::EmptySample
    );
    let impossible = GameRecord {
        guesses: 2,
        solved: true,
        first_distinct: 3,
        later: vec![LaterTurn { candidates: 0, consistent: true }],
    };
    assert!(matches!(
        ImportanceSample::new(s.model(), theta, &[impossible]),
        Err(ImportanceError::BadRecord { index: 0, .. })
    ));
    let wrong_length =
        GameRecord { guesses: 3, solved: true, first_distinct: 5, later: Vec::new() };
    assert!(ImportanceSample::new(s.model(), theta, &[wrong_length]).is_err());
}
