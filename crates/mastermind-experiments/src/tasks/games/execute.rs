//! Plays a games plan through the executor: one unit per (arm, run, secret), its stream derived
//! from the arm's label, the run and the secret's index. An arm that shares another arm's games
//! has no units: each game of the arm it names yields its row too.

use super::frame::{GameRow, PlayedGame, pool_name};
use super::plan::{Codemaker, GamesPlan, PlannedArm};
use super::recorded::RecordedGame;
use crate::error::{Error, Result};
use mastermind_core::seed::{derive_seed, name_id};
use mastermind_core::{GameEnd, LabRng, TruthfulCodemaker, play_game};
use mastermind_core::{LyingCodemaker, Script, ScriptedCodemaker};
use mastermind_players::PlayerSpec;
use rand::SeedableRng;

/// One game of a plan: (arm, run, secret index).
pub type GameUnit = (u32, u32, u32);

/// Every unit of `plan`, ordered by arm, run, secret (none for an arm that shares another's games).
pub fn units(plan: &GamesPlan) -> Vec<GameUnit> {
    let mut units = Vec::new();
    for (a, arm) in plan.arms.iter().enumerate().filter(|(_, arm)| arm.games_of.is_none()) {
        for run in 0..plan.runs_of(arm) {
            units.extend((0..arm.secrets.len() as u32).map(|s| (a as u32, run, s)));
        }
    }
    units
}

/// A game's identity: the arm's label, the run and the secret's index.
pub fn identity(plan: &GamesPlan, &(arm, run, secret): &GameUnit) -> Vec<u64> {
    vec![name_id(&plan.arms[arm as usize].label), u64::from(run), u64::from(secret)]
}

/// The rows of one unit: its game, played with the seed of its identity (or read, for an arm of
/// recorded games), then the same game under the label of each arm that shares its games.
pub fn rows(plan: &GamesPlan, unit: &GameUnit, seed: u64) -> Result<Vec<PlayedGame>> {
    let mut rows = vec![play(plan, unit, seed)?];
    for sharer in plan.sharers_of(unit.0 as usize) {
        let mut copy = rows[0].clone();
        copy.game.arm.clone_from(&sharer.label);
        copy.game.group.clone_from(&sharer.group);
        copy.game.x = sharer.x;
        rows.push(copy);
    }
    Ok(rows)
}

/// Plays one game with the seed of its identity (or reads it, for an arm of recorded games).
fn play(plan: &GamesPlan, &(a, run, s): &GameUnit, seed: u64) -> Result<PlayedGame> {
    let arm = &plan.arms[a as usize];
    if let Some(recorded) = &arm.recorded {
        return Ok(read_recorded(arm, &recorded.games[s as usize], s, seed));
    }
    let secret = arm.secrets[s as usize];
    let mut rng = LabRng::seed_from_u64(seed);
    let strategy = arm.strategy.strategy().map_err(|e| {
        Error::message(format!("preparing the player of arm {:?} on {}: {e}", arm.label, arm.game))
    })?;
    let mut player = strategy.new_player();
    let (out, lies) = match &arm.codemaker {
        Codemaker::Truthful => {
            let mut codemaker = TruthfulCodemaker::new(secret);
            let out =
                play_game(arm.game, player.as_mut(), &mut codemaker, plan.max_guesses, &mut rng);
            (out, None)
        }
        Codemaker::FalseReplies(lies) => {
            // The liar's stream is the game's, one level down: independent of the player's.
            let liar_rng = LabRng::seed_from_u64(derive_seed(seed, &[name_id("codemaker")]));
            let mut codemaker = LyingCodemaker::new(arm.game, secret, *lies, liar_rng)?;
            let out =
                play_game(arm.game, player.as_mut(), &mut codemaker, plan.max_guesses, &mut rng);
            (out, Some((codemaker.random_replies(), codemaker.changed_replies())))
        }
        Codemaker::Scripted { script, .. } => {
            let mut codemaker = ScriptedCodemaker::new(Script::clone(script));
            let out =
                play_game(arm.game, player.as_mut(), &mut codemaker, plan.max_guesses, &mut rng);
            (out, None)
        }
    };
    let mut metrics: Vec<(String, f64)> =
        player.metrics().into_iter().map(|(name, value)| (name.to_owned(), value)).collect();
    if let Some((random, changed)) = lies {
        metrics.push(("random_replies".into(), f64::from(random)));
        metrics.push(("changed_replies".into(), f64::from(changed)));
    }
    let row = GameRow {
        arm: arm.label.clone(),
        group: arm.group.clone(),
        x: arm.x,
        player: arm.player.family().to_owned(),
        parameters: arm.parameters.clone(),
        pegs: u32::from(arm.game.pegs()),
        colours: u32::from(arm.game.colours()),
        repeats: arm.game.repeats(),
        false_reply_p: arm.codemaker.false_reply_p(),
        false_reply_pool: pool_name(&arm.codemaker).to_owned(),
        run,
        secret_index: s,
        secret: secret.to_string(),
        game_seed: seed,
        guesses: out.guesses,
        solved: out.end == GameEnd::Solved,
        end: end_name(&out.end, &arm.player).to_owned(),
        evaluations: out.counters.evaluations,
        score_calls: out.counters.score_calls,
        nanos: out.nanos,
    };
    let error = match out.end {
        GameEnd::GaveUp(reason) => Some(reason),
        GameEnd::Solved | GameEnd::CapReached => None,
    };
    Ok(PlayedGame { game: row, error, metrics })
}

/// The row of a recorded game: the program's count of evaluations stands in every counter
/// column (`evaluations`, `score_calls` and the `authors_evaluations` metric), so that the
/// spec's counter finds it whichever it names.
fn read_recorded(arm: &PlannedArm, game: &RecordedGame, s: u32, seed: u64) -> PlayedGame {
    let row = GameRow {
        arm: arm.label.clone(),
        group: arm.group.clone(),
        x: arm.x,
        player: format!("recorded {}", arm.player.family()),
        parameters: arm.parameters.clone(),
        pegs: u32::from(arm.game.pegs()),
        colours: u32::from(arm.game.colours()),
        repeats: arm.game.repeats(),
        false_reply_p: 0.0,
        false_reply_pool: "none".to_owned(),
        run: 0,
        secret_index: s,
        secret: game.secret.to_string(),
        game_seed: seed,
        guesses: game.guesses,
        solved: true,
        end: "solved".to_owned(),
        evaluations: game.evaluations,
        score_calls: game.evaluations,
        nanos: game.nanos,
    };
    let metrics = vec![("authors_evaluations".to_owned(), game.evaluations as f64)];
    PlayedGame { game: row, error: None, metrics }
}

/// The `end` column: a program never gives up of its own accord (the protocol has no word for
/// it), so a game of one that stops early is the referee's error.
fn end_name(end: &GameEnd, player: &PlayerSpec) -> &'static str {
    match end {
        GameEnd::Solved => "solved",
        GameEnd::CapReached => "cap",
        GameEnd::GaveUp(_) if matches!(player, PlayerSpec::Program(_)) => "error",
        GameEnd::GaveUp(_) => "gave_up",
    }
}
