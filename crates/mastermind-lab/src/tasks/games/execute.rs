//! Plays a games plan: every (arm, run, secret) in parallel, each with its own derived seed.
//!
//! Results come back in job order whatever the thread count, and each game's RNG is derived from
//! its identity, so the same plan gives the same numbers on one thread or many.

use super::plan::GamesPlan;
use super::spec::CodemakerSpec;
use indicatif::{ParallelProgressIterator, ProgressBar};
use mastermind_core::seed::{derive_seed, name_id};
use mastermind_core::{Code, GameEnd, LabRng, TruthfulCodemaker, play_game};
use mastermind_mcmc::LyingCodemaker;
use rand::SeedableRng;
use rayon::prelude::*;

/// The record of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Index of the arm in the plan.
    pub arm: u32,
    /// Run number, from 0.
    pub run: u32,
    /// Index of the secret in the arm's secret list.
    pub secret_index: u32,
    /// The secret.
    pub secret: Code,
    /// The seed of the game's RNG.
    pub seed: u64,
    /// Guesses played, the winning one included.
    pub guesses: u32,
    /// How the game ended.
    pub end: GameEnd,
    /// Candidate codes examined.
    pub evaluations: u64,
    /// Feedback computations.
    pub score_calls: u64,
    /// Wall time in nanoseconds.
    pub nanos: u64,
    /// The player's own metrics.
    pub metrics: Vec<(&'static str, f64)>,
}

/// The seed of one game: derived from the spec seed, the arm's label, the run and the secret.
pub fn game_seed(spec_seed: u64, label: &str, run: u32, secret_index: u32) -> u64 {
    derive_seed(spec_seed, &[name_id(label), u64::from(run), u64::from(secret_index)])
}

/// Plays every game of `plan`; records come back ordered by arm, run, secret.
pub fn play_all(plan: &GamesPlan, spec_seed: u64, bar: &ProgressBar) -> Vec<GameRecord> {
    play_units(plan, spec_seed, bar, &|_| true).into_iter().map(|(_, record)| record).collect()
}

/// Plays the games of `plan` whose unit index (their position in arm, run, secret order)
/// `keep` accepts, with the same seeds as [`play_all`]; returns them with their unit index, in
/// that order.
pub fn play_units(
    plan: &GamesPlan,
    spec_seed: u64,
    bar: &ProgressBar,
    keep: &(dyn Fn(u64) -> bool + Sync),
) -> Vec<(u64, GameRecord)> {
    let mut jobs = Vec::new();
    let mut unit = 0u64;
    for (a, arm) in plan.arms.iter().enumerate() {
        for run in 0..plan.runs {
            for s in 0..arm.secrets.len() {
                if keep(unit) {
                    jobs.push((unit, (a as u32, run, s as u32)));
                }
                unit += 1;
            }
        }
    }
    bar.set_length(jobs.len() as u64);
    jobs.into_par_iter()
        .progress_with(bar.clone())
        .map(|(unit, (a, run, s))| {
            let arm = &plan.arms[a as usize];
            let secret = arm.secrets[s as usize];
            let seed = game_seed(spec_seed, &arm.label, run, s);
            let mut rng = LabRng::seed_from_u64(seed);
            let mut player = arm.strategy.new_player();
            let (out, lies) = match arm.codemaker {
                CodemakerSpec::Truthful => {
                    let mut codemaker = TruthfulCodemaker::new(secret);
                    (
                        play_game(
                            arm.game,
                            player.as_mut(),
                            &mut codemaker,
                            plan.max_guesses,
                            &mut rng,
                        ),
                        None,
                    )
                }
                CodemakerSpec::FalseReplies(lies) => {
                    // The liar's stream is the game's, one level down: independent of the player's.
                    let liar_rng =
                        LabRng::seed_from_u64(derive_seed(seed, &[name_id("codemaker")]));
                    let mut codemaker = LyingCodemaker::new(arm.game, secret, lies, liar_rng)
                        .expect("validated when the plan was made");
                    let out = play_game(
                        arm.game,
                        player.as_mut(),
                        &mut codemaker,
                        plan.max_guesses,
                        &mut rng,
                    );
                    (out, Some((codemaker.random_replies(), codemaker.changed_replies())))
                }
            };
            let mut metrics = player.metrics();
            if let Some((random, changed)) = lies {
                metrics.push(("random_replies", f64::from(random)));
                metrics.push(("changed_replies", f64::from(changed)));
            }
            let record = GameRecord {
                arm: a,
                run,
                secret_index: s,
                secret,
                seed,
                guesses: out.guesses,
                end: out.end,
                evaluations: out.counters.evaluations,
                score_calls: out.counters.score_calls,
                nanos: out.nanos,
                metrics,
            };
            (unit, record)
        })
        .collect()
}
