//! `cargo xtask`: the project's task runner, one small match over commands.
//!
//! Experiments must run optimised code while this binary stays a small dev-profile build, so the
//! experiment commands hand over to the `mastermind-lab` runner built with `--release`.

mod commands;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

  reproduce [PREFIX...] [--full] [--force] [--threads N]
                 run every experiment spec (quick profile by default, --full for the papers'
                 sample sizes) and render every table and figure
  run SPEC... [--full] [--force] [--shard I/N]
                 run named specs (e.g. runarsson-merelo-2009/table-2), or slice I of N of them
  merge SPEC... [--full]
                 join the parts of sharded runs into each spec's result
  report [--full]
                 re-render tables and figures from the stored Parquet files
  latex [--full]
                 build figures/<profile>/report.tex into report.pdf with latexmk (TeX must be
                 installed; says so when latexmk is not on PATH)
  check [SPEC...]
                 validate specs without running anything
  list           list the specs
  tree GAME PLAYER
                 build one strategy tree (e.g. `tree 5x8 knuth`, `tree 4x6 optimal`) and print
                 its total, maximum, node count and wall time
  bench          run the scoring benchmarks (criterion)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let rest = &args[1..];
    let result = match command.as_str() {
        "reproduce" | "run" | "merge" | "report" | "latex" | "check" | "list" => {
            commands::lab(command, rest)
        }
        "tree" => commands::tree(rest),
        "bench" => commands::bench(rest),
        "-h" | "--help" | "help" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
