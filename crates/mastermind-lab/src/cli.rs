//! The runner's command line: every command with the options that make sense for it, parsed and
//! validated by clap; the runner matches on the typed [`Command`] itself.

use clap::{Args, Parser, Subcommand};
use mastermind_experiments::budget::Budget;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::Shard;

/// The experiment runner: runs the specs under `experiments/`, stores their results under
/// `data/<profile>/` and renders every table and figure under `figures/<profile>/`.
#[derive(Debug, Parser)]
#[command(
    name = "mastermind-lab",
    version,
    after_help = "Usually reached through `cargo xtask <command>`, which builds the runner optimised."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run every spec (or those whose name starts with a prefix) and report.
    Reproduce {
        /// Run only the specs whose name starts with one of these prefixes.
        #[arg(value_name = "SPEC_PREFIX")]
        prefixes: Vec<String>,
        /// Profile, force, threads and the budget check's limits.
        #[command(flatten)]
        options: RunOptions,
    },
    /// Run the named specs and report them.
    Run {
        /// Spec names as `list` shows them (e.g. runarsson-merelo-2009/table-2), or spec files.
        #[arg(value_name = "SPEC", required = true)]
        specs: Vec<String>,
        /// Profile, force, threads and the budget check's limits.
        #[command(flatten)]
        options: RunOptions,
        /// Run only slice I (0 to N-1) of the units into a part file; `merge` joins them (the
        /// budget then applies to one slice: 1/N of the work).
        #[arg(long, value_name = "I/N", value_parser = parse_shard)]
        shard: Option<Shard>,
    },
    /// Merge the parts of sharded runs into each spec's result, and report.
    Merge {
        /// Spec names whose parts (written by `run --shard`) to merge.
        #[arg(value_name = "SPEC", required = true)]
        specs: Vec<String>,
        /// Quick or full.
        #[command(flatten)]
        profile: ProfileArgs,
    },
    /// Re-render every table and figure from the stored Parquet files.
    Report {
        /// Quick or full.
        #[command(flatten)]
        profile: ProfileArgs,
    },
    /// Build figures/<profile>/report.tex (written by `report`) into report.pdf with latexmk,
    /// when latexmk is on PATH.
    Latex {
        /// Quick or full.
        #[command(flatten)]
        profile: ProfileArgs,
    },
    /// Plan each claim's samples per arm from a pilot (the quick profile's sizes with seeds of
    /// its own, stored under data/pilot/) and print the power analysis for a profile.
    Power {
        /// Analyse only the specs whose name starts with one of these prefixes (a paper's level
        /// counts the claims of the specs analysed: give whole papers).
        #[arg(value_name = "SPEC_PREFIX")]
        prefixes: Vec<String>,
        /// The profile whose sizes are planned (the pilot is the same for both).
        #[command(flatten)]
        profile: ProfileArgs,
        /// Force and threads, for the pilots.
        #[command(flatten)]
        run: RunArgs,
    },
    /// Validate specs (and check them against the budget) without running anything.
    Check {
        /// The specs to check (default: every spec).
        #[arg(value_name = "SPEC")]
        specs: Vec<String>,
        /// Quick or full.
        #[command(flatten)]
        profile: ProfileArgs,
        /// The budget check's limits.
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// List the specs.
    List,
}

/// The options of the commands that run specs.
#[derive(Debug, Args)]
pub struct RunOptions {
    /// Quick or full.
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Force and threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// The budget check's limits.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Which profile's sample sizes, data and figures.
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// The papers' sample sizes (default: the quick profile).
    #[arg(long, overrides_with = "quick")]
    pub full: bool,
    /// The quick profile (the default; the last of --full and --quick wins).
    #[arg(long, overrides_with = "full")]
    pub quick: bool,
}

/// How specs are run.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Run even if the stored results are current.
    #[arg(long)]
    pub force: bool,
    /// Worker threads (results do not depend on it).
    #[arg(long, value_name = "N", value_parser = positive_count, allow_negative_numbers = true)]
    pub threads: Option<usize>,
}

/// The limits a spec's estimated cost is checked against before anything runs.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Refuse a spec estimated to need more than H hours on 2 cores (default 4).
    #[arg(long, value_name = "H", value_parser = positive_number, allow_negative_numbers = true)]
    #[arg(conflicts_with = "no_budget")]
    pub max_hours: Option<f64>,
    /// Refuse a spec estimated to need more than G GiB of memory (default 16).
    #[arg(long, value_name = "G", value_parser = positive_number, allow_negative_numbers = true)]
    #[arg(conflicts_with = "no_budget")]
    pub max_memory: Option<f64>,
    /// Run whatever the estimates say.
    #[arg(long)]
    pub no_budget: bool,
}

impl Cli {
    /// Parses the process's arguments; prints help (exit 0) or clap's error (exit 1, as every
    /// other error of the runner) and exits when there is nothing to run.
    pub fn parse_or_exit() -> Cli {
        Cli::try_parse().unwrap_or_else(|error| {
            let _ = error.print();
            std::process::exit(if error.use_stderr() { 1 } else { 0 })
        })
    }
}

impl Command {
    /// The worker threads asked for, by the commands that run specs.
    pub fn threads(&self) -> Option<usize> {
        match self {
            Command::Reproduce { options, .. } | Command::Run { options, .. } => {
                options.run.threads
            }
            Command::Power { run, .. } => run.threads,
            _ => None,
        }
    }
}

impl ProfileArgs {
    /// The profile asked for.
    pub fn profile(&self) -> Profile {
        if self.full { Profile::Full } else { Profile::Quick }
    }
}

impl BudgetArgs {
    /// The limits asked for, the defaults where none was given.
    pub fn budget(&self) -> Budget {
        if self.no_budget {
            return Budget::unlimited();
        }
        let mut budget = Budget::default();
        if let Some(hours) = self.max_hours {
            budget.max_hours = hours;
        }
        if let Some(gib) = self.max_memory {
            budget.max_memory = gib * 1024.0 * 1024.0 * 1024.0;
        }
        budget
    }
}

/// A finite number above zero (`--max-hours`, `--max-memory`).
fn positive_number(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n > 0.0)
        .ok_or_else(|| "needs a positive number".to_owned())
}

/// A whole number above zero (`--threads`).
fn positive_count(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| "needs a positive whole number".to_owned())
}

/// `I/N` with `0 <= I < N` (`--shard`).
fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text).ok_or_else(|| {
        format!("--shard needs I/N with 0 <= I < N <= {}, such as 0/8", Shard::MAX_COUNT)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, clap::Error> {
        let mut argv = vec!["mastermind-lab"];
        argv.extend_from_slice(args);
        Cli::try_parse_from(argv).map(|cli| cli.command)
    }

    #[test]
    fn the_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn the_last_of_full_and_quick_wins() {
        let profile = |args: &[&str]| match parse(args).unwrap() {
            Command::Report { profile } => profile.profile(),
            other => panic!("{other:?}"),
        };
        assert_eq!(profile(&["report", "--full"]), Profile::Full);
        assert_eq!(profile(&["report", "--full", "--quick"]), Profile::Quick);
        assert_eq!(profile(&["report", "--quick", "--full"]), Profile::Full);
        assert_eq!(profile(&["report"]), Profile::Quick);
    }

    #[test]
    fn options_reach_the_command() {
        let command = parse(&[
            "run",
            "a/b",
            "c/d",
            "--force",
            "--threads",
            "3",
            "--max-hours",
            "0.5",
            "--max-memory",
            "2",
            "--shard",
            "1/4",
        ])
        .unwrap();
        assert_eq!(command.threads(), Some(3));
        let Command::Run { specs, options, shard } = command else { panic!("not run") };
        assert_eq!(specs, ["a/b", "c/d"]);
        assert!(options.run.force);
        let budget = options.budget.budget();
        assert_eq!(budget.max_hours, 0.5);
        assert_eq!(budget.max_memory, 2.0 * 1024.0 * 1024.0 * 1024.0);
        assert_eq!(shard, Some(Shard { index: 1, count: 4 }));
        let Command::Check { budget, .. } = parse(&["check", "--no-budget"]).unwrap() else {
            panic!("not check")
        };
        assert_eq!(budget.budget().max_hours, f64::INFINITY);
        let Command::Reproduce { options, .. } = parse(&["reproduce"]).unwrap() else {
            panic!("not reproduce")
        };
        assert_eq!(options.budget.budget().max_hours, Budget::DEFAULT_HOURS);
    }

    #[test]
    fn values_and_options_out_of_place_are_refused() {
        for args in [
            &["run", "a", "--threads", "0"][..],
            &["run", "a", "--threads", "two"],
            &["run", "a", "--max-hours", "-1"],
            &["run", "a", "--threads", "-1"],
            &["run", "a", "--max-hours", "inf"],
            &["run", "a", "--max-memory", "NaN"],
            &["run", "a", "--shard", "3/3"],
            &["run", "a", "--no-budget", "--max-hours", "2"],
            &["run"],
            &["merge"],
            &["reproduce", "--shard", "0/2"],
            &["merge", "a", "--force"],
            &["check", "--threads", "2"],
            &["report", "--no-budget"],
            &["list", "--full"],
            &["power", "--shard", "0/2"],
            &["power", "--no-budget"],
            &["run", "a", "--bogus"],
            &["bogus"],
            &[],
        ] {
            assert!(parse(args).is_err(), "{args:?} was accepted");
        }
    }
}
