//! The exponential-family player: its sampler against the exact distribution, its records and
//! counters against brute force on every secret of the classic game, and the runaway guard.

// Histories are built and counts checked with the raw scorers that the crate's clippy.toml
// refuses to its players.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use mastermind_core::{
    Code, CodeSet, Counters, Game, GameEnd, History, Oracle, Strategy, TruthfulCodemaker,
    play_game, rng_for, score,
};
use mastermind_importance::{
    ExpFamilyConfig, ExpFamilyStrategy, LengthSummary, PolicyModel, Theta, literal_probabilities,
    play_recorded, simulate,
};
use statrs::distribution::{ChiSquared, ContinuousCDF};

fn strategy(game: Game, theta: Theta) -> ExpFamilyStrategy {
    ExpFamilyStrategy::new(game, &ExpFamilyConfig::new(theta)).unwrap()
}

/// Pearson's statistic of `counts` against `probabilities` (cells of zero probability must be
/// empty), and the critical value at p = 1e-6 for its degrees of freedom.
fn chi_square(counts: &[u64], probabilities: &[f64]) -> (f64, f64) {
    let n = counts.iter().sum::<u64>() as f64;
    let mut stat = 0.0;
    let mut cells = 0;
    for (&c, &p) in counts.iter().zip(probabilities) {
        if p == 0.0 {
            assert_eq!(c, 0, "a code of probability zero was drawn");
            continue;
        }
        cells += 1;
        let e = n * p;
        stat += (c as f64 - e).powi(2) / e;
    }
    let critical = ChiSquared::new(f64::from(cells - 1)).unwrap().inverse_cdf(1.0 - 1e-6);
    (stat, critical)
}

/// Draws `n` guesses from fresh players shown `history`, and compares their frequencies with the
/// literal distribution (every code scored, scores normalised).
fn check_sampler(game: Game, theta: Theta, history: &History, n: u64, seed: u64) {
    let s = strategy(game, theta);
    let codes = s.codes().to_vec();
    let exact = literal_probabilities(&codes, history, &theta);
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mut counts = vec![0u64; codes.len()];
    let mut rng = rng_for(seed, &[]);
    for _ in 0..n {
        let mut player = s.new_player();
        let mut counters = Counters::default();
        let guess = player.next_guess(&mut Oracle::new(history, &mut counters), &mut rng).unwrap();
        counts[guess.rank(game) as usize] += 1;
    }
    let (stat, critical) = chi_square(&counts, &exact);
    assert!(stat < critical, "chi-square {stat:.1} >= {critical:.1} after {} turns", history.len());
}

#[test]
fn two_stage_sampler_draws_the_exact_distribution() {
    let game = Game::new(3, 3).unwrap();
    let theta = Theta::new(0.5, -1.0, 1.2, 2.0);
    let code = |s: &str| Code::parse(game, s).unwrap();
    let secret = code("ABC");
    let mut history = History::new(game);
    check_sampler(game, theta, &history, 60_000, 1);
    history.push(code("AAB"), score(&secret, &code("AAB")));
    check_sampler(game, theta, &history, 60_000, 2);
    history.push(code("CCA"), score(&secret, &code("CCA")));
    check_sampler(game, theta, &history, 60_000, 3);
    // Strongly negative theta_4: inconsistent codes dominate, the consistent ones stay possible.
    check_sampler(game, Theta::new(0.0, 0.0, 0.0, -1.5), &history, 60_000, 4);
}

/// The model's closed-form per-turn probabilities (from a record's counts only) equal the literal
/// distribution's probability of the code actually played.
#[test]
fn record_probabilities_equal_the_literal_policy() {
    let game = Game::CLASSIC;
    for (i, theta) in [Theta::THESIS_INITIAL, Theta::new(-0.3, 0.4, 1.1, 1.5)].iter().enumerate() {
        let s = strategy(game, *theta);
        let model = s.model();
        for g in 0..15u64 {
            let (outcome, record) = play_recorded(&s, &mut rng_for(11, &[i as u64, g]));
            assert_eq!(record.later.len() + 1, outcome.guesses as usize);
            let mut prefix = History::new(game);
            let mut log_p = 0.0;
            for (t, turn) in outcome.history.turns().iter().enumerate() {
                let exact = literal_probabilities(s.codes(), &prefix, theta);
                let p_exact = exact[turn.guess.rank(game) as usize];
                let p_model = if t == 0 {
                    model.first_log_prob(theta, turn.guess.distinct_colours()).exp()
                } else {
                    model.later_log_prob(theta, record.later[t - 1]).exp()
                };
                assert!((p_exact - p_model).abs() <= 1e-12 * p_exact.max(1e-300), "turn {t}");
                log_p += p_exact.ln();
                prefix.push(turn.guess, turn.feedback);
            }
            assert!((log_p - model.game_log_prob(theta, &record)).abs() < 1e-9);
        }
    }
}

/// Every secret of 4x6 under random consistent play and under theta_0: every game is solved, the
/// records' candidate counts are the true consistent-set sizes, and the counters follow the
/// documented rule (N evaluations per turn; score calls = the filtered sets' sizes).
#[test]
fn all_secrets_of_the_classic_game() {
    let game = Game::CLASSIC;
    let set = CodeSet::enumerate(game).unwrap();
    for (arm, theta) in [Theta::RANDOM_CONSISTENT, Theta::THESIS_INITIAL].into_iter().enumerate() {
        let s = strategy(game, theta);
        let mut lengths = Vec::new();
        for (rank, &secret) in set.iter().enumerate() {
            let mut player = s.player();
            let mut rng = rng_for(5, &[arm as u64, rank as u64]);
            let out =
                play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 5000, &mut rng);
            assert!(out.solved(), "{secret}: {:?}", out.end);
            let record = player.record(&out).unwrap();
            assert!(record.solved);
            assert_eq!(out.counters.evaluations, 1296 * u64::from(out.guesses));
            let filtered: u64 = if out.guesses >= 2 {
                1296 + record.later[..record.later.len() - 1]
                    .iter()
                    .map(|t| u64::from(t.candidates))
                    .sum::<u64>()
            } else {
                0
            };
            assert_eq!(out.counters.score_calls, filtered);
            // Brute-force the consistent sets of a sample of games (all of them is slow in debug).
            if rank % 7 == 0 {
                let mut prefix = History::new(game);
                for (t, turn) in out.history.turns().iter().enumerate() {
                    if t > 0 {
                        let m = set.iter().filter(|c| prefix.is_consistent(c)).count();
                        let later = record.later[t - 1];
                        assert_eq!(later.candidates as usize, m);
                        assert_eq!(later.consistent, prefix.is_consistent(&turn.guess));
                    }
                    prefix.push(turn.guess, turn.feedback);
                }
            }
            if theta == Theta::RANDOM_CONSISTENT {
                assert!(record.later.iter().all(|t| t.consistent), "{secret}");
            }
            lengths.push(f64::from(out.guesses));
        }
        let mean = lengths.iter().sum::<f64>() / lengths.len() as f64;
        if arm == 0 {
            // Random consistent play averages about 4.65 guesses; 1296 games: sd of mean ~0.025.
            assert!((4.5..4.8).contains(&mean), "random consistent mean {mean}");
            assert!(lengths.iter().all(|&l| l <= 9.0));
        } else {
            // theta_0 plays inconsistent codes often: much longer games (thesis 12.6).
            assert!((10.0..15.5).contains(&mean), "theta_0 mean {mean}");
        }
    }
}

#[test]
fn runaway_games_are_stopped_and_reported() {
    let game = Game::new(3, 3).unwrap();
    let s = ExpFamilyStrategy::new(
        game,
        &ExpFamilyConfig { theta: Theta::new(0.0, 0.0, 0.0, -60.0), max_turns: 20 },
    )
    .unwrap();
    let records = simulate(&s, 200, 9, &[]);
    let summary = LengthSummary::of(&records);
    // Only a first guess can hit the secret (1 in 27); afterwards the secret has weight e^-60.
    assert!(records.iter().all(|r| (r.solved && r.guesses == 1) || (!r.solved && r.guesses == 20)));
    assert!(summary.unsolved > 150, "{summary:?}");
    let secret = Code::parse(game, "ABC").unwrap();
    let mut player = s.new_player();
    let mut rng = rng_for(1, &[]);
    let out = play_game(game, player.as_mut(), &mut TruthfulCodemaker::new(secret), 100, &mut rng);
    match out.end {
        GameEnd::GaveUp(reason) => assert!(reason.contains("runaway"), "{reason}"),
        GameEnd::Solved => assert_eq!(out.guesses, 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn configurations_are_validated() {
    let game = Game::CLASSIC;
    let bad_guard = ExpFamilyConfig { theta: Theta::THESIS_INITIAL, max_turns: 0 };
    let err = ExpFamilyStrategy::new(game, &bad_guard).unwrap_err().to_string();
    assert!(err.contains("max_turns"), "{err}");
    let bad_theta = ExpFamilyConfig::new(Theta::new(0.0, 0.0, f64::INFINITY, 5.0));
    let err = ExpFamilyStrategy::new(game, &bad_theta).unwrap_err().to_string();
    assert!(err.contains("theta.three_colours"), "{err}");
    let huge = ExpFamilyStrategy::new(
        Game::new(10, 10).unwrap(),
        &ExpFamilyConfig::new(Theta::THESIS_INITIAL),
    );
    assert!(huge.is_err());
    assert_eq!(PolicyModel::new(game).unwrap().code_count(), 1296);
}

/// Unknown fields in a spec are errors, not silently ignored.
#[test]
fn theta_rejects_unknown_fields() {
    use serde::Deserialize;
    use serde::de::value::{Error, MapDeserializer};
    let fields = |extra: Option<&'static str>| {
        let mut v = vec![
            ("one_colour", 0.0),
            ("two_colours", 1.0),
            ("three_colours", 2.0),
            ("consistent", 5.0),
        ];
        if let Some(name) = extra {
            v.push((name, 1.0));
        }
        Theta::deserialize(MapDeserializer::<_, Error>::new(v.into_iter()))
    };
    assert_eq!(fields(None).unwrap(), Theta::new(0.0, 1.0, 2.0, 5.0));
    let err = fields(Some("four_colours")).unwrap_err().to_string();
    assert!(err.contains("four_colours"), "{err}");
}
