//! `mastermind referee -- <command...>`: plays a program of the referee protocol over every
//! secret of a game (or a sample) and prints the summary `tree --stats` prints: total, mean and
//! maximum guesses, with the games the program failed and what a game cost.

use crate::cli::GameArg;
use crate::commands::tree::write_summary;
use anyhow::{Context, Result, bail};
use clap::Args;
use mastermind_core::{
    Code, CodeSet, Game, GameEnd, GameOutcome, Strategy, TruthfulCodemaker, play_game, rng_for,
};
use mastermind_players::families::program::{ProgramConfig, ProgramStrategy};
use rand::RngExt;
use rayon::prelude::*;
use serde_json::{Value, json};
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `referee`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "The program speaks the referee protocol (PROTOCOL.md) on its standard input and \
    output; its standard error is kept for error messages.\n\nExamples:\n  \
    mastermind referee -- python3 players/python/knuth.py\n  \
    mastermind referee --game 5x8 --sample 200 --threads 2 -- python3 players/python/random_consistent.py\n  \
    mastermind referee -- mastermind program --player knuth"
)]
pub struct RefereeArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// Play this many secrets drawn at random (with replacement) from --seed instead of every
    /// secret in code order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub sample: Option<u32>,
    /// Seed of the sample and of each game's seed (game i's stream is derived from it and i).
    #[arg(long, default_value_t = crate::cli::DEFAULT_SEED)]
    pub seed: u64,
    /// Guesses allowed per game.
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_guesses: u32,
    /// Games played at once, each thread with its own process of the program.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Seconds the program has to answer `hello`.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub start_seconds: f64,
    /// Seconds the program has for each guess.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub move_seconds: f64,
    /// Seconds the program has for each game.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub game_seconds: f64,
    /// Bytes the program may write in one game.
    #[arg(long, value_name = "BYTES", default_value_t = 65536)]
    pub output_bytes: u64,
    /// Play one of the lab's players in this process instead of a program (the same games,
    /// without the pipe: the baseline of the protocol's cost).
    #[arg(long, value_name = "PLAYER", value_parser = crate::players::player_parser(), hide_possible_values = true, conflicts_with = "command")]
    pub in_process: Option<String>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The program and its arguments (after `--`).
    #[arg(last = true, value_name = "COMMAND", required_unless_present = "in_process")]
    pub command: Vec<String>,
}

/// Plays every secret (or the sample) and prints the summary. Fails, after printing it, when the
/// program failed a game.
pub fn run(args: &RefereeArgs, mut out: impl Write) -> Result<()> {
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    let secrets = secrets(args, game)?;
    let Contestant { name, strategy, program } = contestant(args, game)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()
        .context("starting the threads")?;
    let start = Instant::now();
    let outcomes: Vec<GameOutcome> = pool.install(|| {
        secrets
            .par_iter()
            .enumerate()
            .map(|(i, &secret)| {
                let mut player = strategy.new_player();
                let mut rng = rng_for(args.seed, &[i as u64]);
                let mut codemaker = TruthfulCodemaker::new(secret);
                play_game(game, player.as_mut(), &mut codemaker, args.max_guesses, &mut rng)
            })
            .collect()
    });
    let wall = start.elapsed();
    let name = program.as_ref().and_then(|p| p.program_name()).unwrap_or(name);
    // The programs are closed before the summary, so that none outlives the command.
    drop((strategy, program));
    let (lines, failed) = summary(game, &name, &outcomes, wall.as_secs_f64());
    write_summary(&mut out, &lines, args.json)?;
    if failed > 0 {
        bail!("the program failed {failed} of {} games (the first error is above)", outcomes.len());
    }
    Ok(())
}

/// Every secret in code order, or the sample.
fn secrets(args: &RefereeArgs, game: Game) -> Result<Vec<Code>> {
    match args.sample {
        Some(n) => {
            let size = game.size().unwrap_or(u64::MAX);
            let mut rng = rng_for(args.seed, &[u64::MAX]);
            Ok((0..n).map(|_| Code::from_rank(game, rng.random_range(0..size))).collect())
        }
        None => Ok(CodeSet::enumerate(game)
            .with_context(|| format!("{game}: use --sample N for a game this large"))?
            .to_vec()),
    }
}

/// Who plays: a program, or a lab player in process.
struct Contestant {
    /// Its name until the program gives one.
    name: String,
    /// What makes each game's player.
    strategy: Arc<dyn Strategy>,
    /// The program behind it (none in process).
    program: Option<Arc<ProgramStrategy>>,
}

/// The contestant the arguments name.
fn contestant(args: &RefereeArgs, game: Game) -> Result<Contestant> {
    if let Some(name) = &args.in_process {
        let player_args =
            crate::cli::PlayerArgs { player: name.clone(), config: None, first_guess: None };
        let choice = crate::players::Choice::from_args(&player_args, game)?;
        return Ok(Contestant {
            name: format!("{name} (in process)"),
            strategy: Arc::new(InProcess { choice, game }),
            program: None,
        });
    }
    let config = ProgramConfig {
        start_seconds: args.start_seconds,
        move_seconds: args.move_seconds,
        game_seconds: args.game_seconds,
        output_bytes: args.output_bytes,
        max_guesses: Some(args.max_guesses),
        ..ProgramConfig::new(args.command.iter().cloned())
    };
    let name = config.command_line();
    let strategy = Arc::new(
        ProgramStrategy::new(config, game, args.max_guesses).map_err(|e| anyhow::anyhow!("{e}"))?,
    );
    Ok(Contestant {
        name,
        strategy: Arc::clone(&strategy) as Arc<dyn Strategy>,
        program: Some(strategy),
    })
}

/// A lab player chosen by name, played in process.
struct InProcess {
    choice: crate::players::Choice,
    game: Game,
}

impl Strategy for InProcess {
    fn new_player(&self) -> Box<dyn mastermind_core::Player> {
        self.choice.new_player(self.game)
    }
}

/// The summary lines and the number of games the program failed.
fn summary(
    game: Game,
    name: &str,
    outcomes: &[GameOutcome],
    wall_seconds: f64,
) -> (Vec<(&'static str, Value)>, usize) {
    let played: Vec<&GameOutcome> =
        outcomes.iter().filter(|o| !matches!(o.end, GameEnd::GaveUp(_))).collect();
    let failed: Vec<&str> = outcomes
        .iter()
        .filter_map(|o| match &o.end {
            GameEnd::GaveUp(reason) => Some(reason.as_str()),
            _ => None,
        })
        .collect();
    let total: u64 = played.iter().map(|o| u64::from(o.guesses)).sum();
    let n = played.len() as f64;
    let mean = |sum: f64| if played.is_empty() { Value::Null } else { json!(round(sum / n, 4)) };
    let mut lines = vec![
        ("game", json!(game.to_string())),
        ("player", json!(name)),
        ("games", json!(outcomes.len())),
        ("total", json!(total)),
        ("mean", mean(total as f64)),
        ("max", json!(played.iter().map(|o| o.guesses).max())),
        ("unsolved", json!(played.iter().filter(|o| !o.solved()).count())),
        ("failed", json!(failed.len())),
        ("evaluations_per_game", mean(played.iter().map(|o| o.counters.evaluations as f64).sum())),
        ("ms_per_game", mean(played.iter().map(|o| o.nanos as f64 / 1e6).sum())),
        ("wall_ms", json!(round(wall_seconds * 1e3, 1))),
    ];
    if let Some(first) = failed.first() {
        lines.push(("first_error", json!(first)));
    }
    (lines, failed.len())
}

fn round(value: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (value * scale).round() / scale
}
