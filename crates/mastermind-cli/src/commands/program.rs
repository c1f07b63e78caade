//! `mastermind program`: any player of the lab as a program of the referee protocol, reading the
//! referee's lines on its standard input and answering on its standard output, so that the lab's
//! players can be refereed exactly as a foreign program is (and the pipe's cost measured).

use crate::cli::{PlayerArgs, players_help};
use crate::players::Choice;
use anyhow::Result;
use clap::Args;
use mastermind_players::families::program::{NewPlayer, ProcessUse, Ready, serve};
use std::io::{BufRead, Write};

/// Arguments of `program`.
#[derive(Debug, Clone, Args)]
#[command(after_help = players_help() + "\n\nExample:\n  mastermind referee --game 4x6 -- mastermind program --player knuth")]
pub struct ProgramArgs {
    /// The player.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// Ask the referee for a fresh process for every game (`ready process per-game`).
    #[arg(long)]
    pub process_per_game: bool,
}

/// Answers the referee on `input` and `output` until the input ends.
pub fn run(args: &ProgramArgs, input: impl BufRead, output: impl Write) -> Result<()> {
    let process = if args.process_per_game { ProcessUse::PerGame } else { ProcessUse::Persistent };
    let name = match &args.player.config {
        Some(_) => "mastermind-config".to_owned(),
        None => format!("mastermind-{}", args.player.player),
    };
    let ready = Ready { version: None, name: Some(name), process };
    serve(input, output, ready, |hello| {
        let choice = Choice::from_args(&args.player, hello.game).map_err(|e| format!("{e:#}"))?;
        let game = hello.game;
        Ok(Box::new(move || choice.new_player(game)) as NewPlayer)
    })?;
    Ok(())
}
