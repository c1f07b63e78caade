//! `mastermind codes --game 4x6 "AABB 1 0"`: the codes consistent with the turns played.

use crate::cli::{GameArg, OutputArgs};
use crate::commands::turns::history_from;
use crate::possible::{ENUMERATION_LIMIT, Possible};
use anyhow::{Result, bail};
use clap::Args;
use serde_json::json;
use std::io::Write;

/// Arguments of `codes`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Examples:\n  mastermind codes \"AABB 1 0\" \"CCDE 0 2\"\n  mastermind codes --game 5x8 --count \"AABBC 0 1\""
)]
pub struct CodesArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// The turns played, each a guess then its reply: "AABB 1 0" (or "AABB 10", "AABB BW").
    pub turns: Vec<String>,
    /// Print only how many codes are consistent.
    #[arg(long)]
    pub count: bool,
    /// How answers are written.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Prints the consistent codes: one a line in a pipe, in rows on a terminal.
pub fn run(args: &CodesArgs, mut out: impl Write, terminal: bool) -> Result<()> {
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    let style = args.output.style(game).map_err(anyhow::Error::msg)?;
    let history = history_from(game, &args.turns)?;
    let possible = Possible::after_history(&history);
    let Some(codes) = possible.codes() else {
        bail!("{game} has more than {ENUMERATION_LIMIT} codes: too many to list");
    };
    let written: Vec<String> = codes.iter().map(|c| style.code(c)).collect();
    if args.output.json {
        let value = if args.count {
            json!({ "count": codes.len() })
        } else {
            json!({ "count": codes.len(), "codes": written })
        };
        writeln!(out, "{value}")?;
    } else if args.count {
        writeln!(out, "{}", codes.len())?;
    } else if terminal {
        let width = written.iter().map(String::len).max().unwrap_or(1) + 2;
        for row in written.chunks((80 / width).max(1)) {
            writeln!(
                out,
                "{}",
                row.iter().map(|c| format!("{c:<width$}")).collect::<String>().trim_end()
            )?;
        }
        let plural = if codes.len() == 1 { "" } else { "s" };
        writeln!(
            out,
            "{} code{plural} consistent with {} turn{}",
            codes.len(),
            history.len(),
            if history.len() == 1 { "" } else { "s" }
        )?;
    } else {
        for code in &written {
            writeln!(out, "{code}")?;
        }
    }
    Ok(())
}
