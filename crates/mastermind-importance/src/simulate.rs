//! Simulating recorded games of the policy against uniformly random secrets, in parallel, with one
//! RNG stream per game derived from its identity (results do not depend on the thread count).

use crate::player::ExpFamilyStrategy;
use crate::record::GameRecord;
use mastermind_core::{GameOutcome, LabRng, TruthfulCodemaker, play_game, rng_for};
use rand::RngExt;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Plays one game against a secret drawn uniformly from the code space with `rng` (the same
/// stream then drives the player). Returns the driver's outcome and the re-weighting record.
pub fn play_recorded(strategy: &ExpFamilyStrategy, rng: &mut LabRng) -> (GameOutcome, GameRecord) {
    let codes = strategy.codes();
    let secret = codes[rng.random_range(0..codes.len())];
    let mut player = strategy.player();
    let mut codemaker = TruthfulCodemaker::new(secret);
    // The player's own guard stops runaway games; the driver's cap is never the binding one.
    let outcome = play_game(strategy.game(), &mut player, &mut codemaker, u32::MAX, rng);
    let record = player.record(&outcome).expect("the player chose its first guess");
    (outcome, record)
}

/// Simulates `games` recorded games; game `i` uses the stream `rng_for(seed, path ++ [i])`.
pub fn simulate(
    strategy: &ExpFamilyStrategy,
    games: u32,
    seed: u64,
    path: &[u64],
) -> Vec<GameRecord> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let mut full = path.to_vec();
            full.push(u64::from(i));
            let mut rng = rng_for(seed, &full);
            play_recorded(strategy, &mut rng).1
        })
        .collect()
}

/// Summary of game lengths (guesses) of a set of records.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LengthSummary {
    /// Number of games.
    pub games: usize,
    /// Mean guesses.
    pub mean: f64,
    /// Sample standard deviation of guesses (`n - 1` denominator; 0 for one game).
    pub sd: f64,
    /// Longest game.
    pub max: u32,
    /// Games stopped by the runaway guard (counted at their truncated length).
    pub unsolved: usize,
}

impl LengthSummary {
    /// Summarises `records` (all zero when empty).
    pub fn of(records: &[GameRecord]) -> LengthSummary {
        let n = records.len();
        if n == 0 {
            return LengthSummary { games: 0, mean: 0.0, sd: 0.0, max: 0, unsolved: 0 };
        }
        let mean = records.iter().map(GameRecord::length).sum::<f64>() / n as f64;
        let ss: f64 = records.iter().map(|r| (r.length() - mean).powi(2)).sum();
        let sd = if n > 1 { (ss / (n - 1) as f64).sqrt() } else { 0.0 };
        LengthSummary {
            games: n,
            mean,
            sd,
            max: records.iter().map(|r| r.guesses).max().unwrap_or(0),
            unsolved: records.iter().filter(|r| !r.solved).count(),
        }
    }
}
