//! `cargo xtask`: the project's task runner, one small match over commands.
//!
//! Experiments must run optimised code while this binary stays a small dev-profile build, so the
//! experiment commands hand over to the `mastermind-lab` runner built with `--release`. Their
//! arguments are forwarded unparsed: the runner's command line (clap) is the one place that knows
//! each command's options, checks their values, refuses unknown flags and prints `--help`. xtask
//! itself depends on nothing, so that a fresh clone's first `cargo xtask` (which cargo builds
//! quietly) starts within a second or two.

mod commands;

use commands::Failure;
use std::process::ExitCode;

/// The commands handed to the `mastermind-lab` runner.
const LAB_COMMANDS: [&str; 8] =
    ["reproduce", "run", "merge", "report", "latex", "check", "list", "power"];

const USAGE: &str = "\
usage: cargo xtask <command> [options]

  reproduce [PREFIX...] [--full] [--force] [--threads N] [budget options]
                 run every experiment spec (quick profile by default, --full for the papers'
                 sample sizes) and render every table and figure
  run SPEC... [--full] [--force] [--threads N] [--shard I/N] [budget options]
                 run named specs (e.g. runarsson-merelo-2009/table-2), or slice I of N of them
  merge SPEC... [--full]
                 join the parts of sharded runs into each spec's result
  report [--full]
                 re-render tables and figures from the stored Parquet files
  latex [--full]
                 build figures/<profile>/report.tex into report.pdf with latexmk (TeX must be
                 installed; says so when latexmk is not on PATH)
  power [PREFIX...] [--full] [--force] [--threads N]
                 plan each claim's samples per arm from a pilot (the quick profile's sizes, seeds
                 of its own, stored under data/pilot/) and print the power analysis
  check [SPEC...] [--full] [budget options]
                 validate specs and check them against the budget without running anything
  list           list the specs
  tree GAME PLAYER [options of `mastermind tree`]
                 build one strategy tree (e.g. `tree 5x8 knuth`, `tree 4x6 optimal`) and print
                 its total, maximum, node count and wall time
  bench [criterion options]
                 run the scoring benchmarks (criterion)

budget options: --max-hours H, --max-memory G (GiB) or --no-budget, against the estimated cost
checked before anything runs (default: refuse a spec above 4 hours on 2 cores or 16 GiB).

`cargo xtask <command> --help` (or `cargo xtask help <command>`) explains a command's options:
the experiment commands' help and option checks are the runner's own, so the first one builds
the runner optimised (several minutes, with cargo's progress shown).
";

const TREE_USAGE: &str = "\
usage: cargo xtask tree GAME PLAYER [options of `mastermind tree`]

Builds one strategy tree with the optimised `mastermind` command line and prints its total,
maximum, node count and wall time, e.g. `cargo xtask tree 5x8 knuth`. Further options go to
`mastermind tree` (`cargo xtask tree 4x6 knuth --help` lists them).
";

const BENCH_USAGE: &str = "\
usage: cargo xtask bench [criterion options]

Runs the scoring benchmarks of `mastermind-core` (criterion) optimised; the options go to
criterion (`cargo xtask bench --help` lists them).
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let rest = &args[1..];
    let help = |arg: &String| arg == "-h" || arg == "--help";
    let result = match command.as_str() {
        lab if LAB_COMMANDS.contains(&lab) => commands::lab(lab, rest),
        "tree" if rest.len() < 2 && rest.iter().any(help) => {
            print!("{TREE_USAGE}");
            Ok(())
        }
        "tree" => commands::tree(rest),
        "bench" => commands::bench(rest),
        "-h" | "--help" | "help" => match rest.first().map(String::as_str) {
            None => {
                print!("{USAGE}");
                Ok(())
            }
            Some(lab) if LAB_COMMANDS.contains(&lab) => commands::lab(lab, &["--help".into()]),
            Some("tree") => {
                print!("{TREE_USAGE}");
                Ok(())
            }
            Some("bench") => {
                print!("{BENCH_USAGE}");
                Ok(())
            }
            Some(other) => Err(Failure::Message(format!("unknown command {other:?}\n\n{USAGE}"))),
        },
        other => Err(Failure::Message(format!("unknown command {other:?}\n\n{USAGE}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Exited(code)) => ExitCode::from(code),
    }
}
