//! `mastermind`: play, solve, suggest and export strategy trees from the command line, with every
//! player of the lab.
//!
//! This file only parses the command line and hands over to the command's module; every command
//! reads from an `impl BufRead` and writes to an `impl Write`, so it runs the same in a terminal,
//! in a pipe and in tests.

mod board;
mod breaker;
mod cli;
mod commands;
mod console;
mod cpu;
mod expert;
mod explain;
mod memory;
mod notation;
mod optimal;
mod players;
mod possible;
mod progress;
mod stop;
mod unit_folder;

use clap::Parser;
use cli::{Cli, Command};
use std::io::IsTerminal;

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let terminal = std::io::stdout().is_terminal();
    // Colours only on a terminal, and never when the NO_COLOR convention asks for none.
    let colour = terminal && std::env::var_os("NO_COLOR").is_none();
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let result = match &cli.command {
        Command::Play(args) => commands::play::run(args, stdin, stdout, colour),
        Command::Solve(args) => commands::solve::run(args, stdin, stdout, colour),
        Command::Suggest(args) => commands::suggest::run(args, stdout),
        Command::Score(args) => commands::score::run(args, stdout),
        Command::Codes(args) => commands::codes::run(args, stdout, terminal),
        Command::Tree(args) => commands::tree::run(args, stdout),
        Command::Referee(args) => commands::referee::run(args, stdout),
        Command::Program(args) => commands::program::run(args, stdin, stdout),
        Command::Completions(args) => commands::completions::run(args, stdout),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
