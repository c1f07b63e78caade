//! `mastermind score SECRET GUESS`: the reply a guess gets.

use crate::cli::parse_game;
use crate::notation::{parse_code, reply_words};
use anyhow::{Context, Result};
use clap::Args;
use mastermind_core::{Game, score};
use serde_json::json;
use std::io::Write;

/// Arguments of `score`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Examples:\n  mastermind score ABCD ABDC      2 black, 2 white\n  mastermind score 1123 3211 --json"
)]
pub struct ScoreArgs {
    /// The secret (letters, digits from 1 or colour names in quotes).
    pub secret: String,
    /// The guess.
    pub guess: String,
    /// The game (default: as many pegs as the secret, colours up to Z).
    #[arg(long, short, value_parser = parse_game)]
    pub game: Option<Game>,
    /// Print `{"black":2,"white":1}`.
    #[arg(long)]
    pub json: bool,
}

/// Prints the reply `guess` gets from `secret`.
pub fn run(args: &ScoreArgs, mut out: impl Write) -> Result<()> {
    let game = match args.game {
        Some(game) => game,
        None => widest_game(&args.secret)?,
    };
    let secret =
        parse_code(game, &args.secret).with_context(|| format!("secret '{}'", args.secret))?;
    let guess = parse_code(game, &args.guess).with_context(|| format!("guess '{}'", args.guess))?;
    let reply = score(&secret, &guess);
    if args.json {
        writeln!(out, "{}", json!({ "black": reply.black, "white": reply.white }))?;
    } else {
        writeln!(out, "{}", reply_words(reply))?;
    }
    Ok(())
}

/// The game with as many pegs as `secret` and every colour a letter can name.
fn widest_game(secret: &str) -> Result<Game> {
    let colours = u32::from(mastermind_core::game::MAX_COLOURS);
    let game = |pegs| Game::new(pegs, colours).expect("pegs and colours in range");
    let max_pegs = u32::from(mastermind_core::game::MAX_PEGS);
    (1..=max_pegs).map(game).find(|&g| parse_code(g, secret).is_ok()).ok_or_else(|| {
        // Checked before the length, the symbol at fault is reported whatever the length.
        let error = parse_code(game(max_pegs), secret).expect_err("no length fits");
        anyhow::anyhow!("secret '{secret}': {error}")
    })
}
