//! The descent loops: a short sequential run moves theta the way the thesis's did, and the
//! fixed-sample (Figure 4) mode records its path and checkpoints as documented.

use mastermind_core::Game;
use mastermind_importance::{
    FixedSampleConfig, ImportanceError, StepRecord, Theta, TrainingConfig, fixed_sample_descent,
    train,
};

/// 100 steps of 500 fresh games from (0, 0, 0, 5). Over 12 seeds (release build) this ended with
/// theta_4 in 11.9..14.3, theta_3 in 1.1..1.7, theta_2 in -0.82..-0.33, theta_1 in -0.22..-0.07 and a
/// mean length over the last 20 steps of 4.62..4.64; the assertions leave wide margins around that.
/// The thesis's direction: theta_4 climbs, a three-colour first guess becomes the preferred one and
/// a two-colour one the least preferred (thesis: (-0.488, -1.458, 5.944, 82.371) after 25 000 steps).
#[test]
fn a_short_sequential_descent_moves_theta_the_thesis_way() {
    let config = TrainingConfig { steps: 100, games_per_step: 500, ..TrainingConfig::THESIS };
    let mut seen = Vec::new();
    let run = train(Game::CLASSIC, &config, 7, &mut |r: &StepRecord| seen.push(r.step)).unwrap();
    assert_eq!(seen, (0..100).collect::<Vec<_>>());
    assert_eq!(run.steps.len(), 100);
    assert_eq!(run.steps[0].theta, Theta::THESIS_INITIAL);
    let first = run.steps[0].sample.unwrap();
    assert_eq!(first.games, 500);
    assert!(first.mean > 9.0, "theta_0 plays long games: {first:?}");
    assert!(run.steps[0].estimate.gradient[3] < 0.0, "raising theta_4 shortens games");
    let t = run.final_theta;
    assert!(t.consistent > 10.0, "{t:?}");
    assert!(t.three_colours > 0.5, "{t:?}");
    assert!(t.two_colours < -0.1, "{t:?}");
    assert!(t.three_colours > t.one_colour && t.one_colour > t.two_colours, "{t:?}");
    let tail: f64 = run.steps[80..].iter().map(|s| s.estimate.mean_length).sum::<f64>() / 20.0;
    assert!(tail < 4.8, "mean length over the last 20 steps {tail}");
    // Each step records the update actually taken.
    for pair in run.steps.windows(2) {
        let (a, b) = (pair[0].theta.to_array(), pair[1].theta.to_array());
        for j in 0..4 {
            assert_eq!(b[j], a[j] - pair[0].estimate.gradient[j]);
        }
    }
}

#[test]
fn fixed_sample_descent_records_path_and_checkpoints() {
    let config = FixedSampleConfig {
        sample_games: 2000,
        steps: 50,
        checkpoints: 2,
        checkpoint_games: 500,
        ..FixedSampleConfig::THESIS
    };
    let run = fixed_sample_descent(Game::CLASSIC, &config, 3, &mut |_| {}).unwrap();
    assert_eq!(run.steps.len(), 50);
    // Step 0 evaluates the sample at its own theta: the plain mean, full effective size.
    assert_eq!(run.steps[0].estimate.mean_length, run.sample.mean);
    assert_eq!(run.steps[0].estimate.effective_sample_size, 2000.0);
    assert!(run.steps.iter().all(|s| s.sample.is_none()));
    let steps: Vec<u32> = run.checkpoints.iter().map(|c| c.step).collect();
    assert_eq!(steps, [25, 50]);
    assert_eq!(run.checkpoints[0].theta, run.steps[25].theta);
    assert_eq!(run.checkpoints[1].theta, run.final_theta);
    assert_eq!(run.checkpoints[1].estimate, run.final_estimate);
    assert!(run.checkpoints.iter().all(|c| c.simulated.games == 500));
    // The descent lowers the estimate on its own sample, and the weights concentrate.
    assert!(run.final_estimate.mean_length < run.sample.mean - 3.0);
    assert!(run.final_estimate.effective_sample_size < 2000.0);
    // The fresh games at the end are far shorter than under theta_0, as the estimate says.
    assert!(run.checkpoints[1].simulated.mean < run.sample.mean - 3.0);
}

#[test]
fn descent_configurations_are_validated() {
    let field = |e: ImportanceError| match e {
        ImportanceError::InvalidParameter(e) => e.field,
        other => panic!("{other:?}"),
    };
    let game = Game::CLASSIC;
    let mut noop = |_: &StepRecord| {};
    let bad = TrainingConfig { games_per_step: 1, ..TrainingConfig::THESIS };
    assert_eq!(field(train(game, &bad, 0, &mut noop).unwrap_err()), "games_per_step");
    let bad = TrainingConfig { step_size: f64::NAN, ..TrainingConfig::THESIS };
    assert_eq!(field(train(game, &bad, 0, &mut noop).unwrap_err()), "step_size");
    let bad =
        TrainingConfig { theta0: Theta::new(0.0, 0.0, 0.0, f64::NAN), ..TrainingConfig::THESIS };
    assert_eq!(field(train(game, &bad, 0, &mut noop).unwrap_err()), "theta0.consistent");
    let bad = FixedSampleConfig { checkpoints: 5000, ..FixedSampleConfig::THESIS };
    assert_eq!(field(fixed_sample_descent(game, &bad, 0, &mut noop).unwrap_err()), "checkpoints");
    let bad = FixedSampleConfig { sample_games: 0, ..FixedSampleConfig::THESIS };
    assert_eq!(field(fixed_sample_descent(game, &bad, 0, &mut noop).unwrap_err()), "sample_games");
    // Zero steps is a valid (empty) descent.
    let none = TrainingConfig { steps: 0, ..TrainingConfig::THESIS };
    let run = train(game, &none, 0, &mut noop).unwrap();
    assert!(run.steps.is_empty());
    assert_eq!(run.final_theta, Theta::THESIS_INITIAL);
    // An absurd step size diverges with a typed error instead of a NaN path.
    let wild =
        TrainingConfig { steps: 3, games_per_step: 50, step_size: 1e6, ..TrainingConfig::THESIS };
    assert!(matches!(train(game, &wild, 0, &mut noop), Err(ImportanceError::Diverged { .. })));
}
