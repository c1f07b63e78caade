//! Measures one thread against two as whole processes, in rounds, and prints the statistics of the
//! speed tables of docs/performance.md.
//!
//! `cargo run --release -p mastermind-tree --example sitting -- 5x8 knuth,kooi [ROUNDS] [BUILDS]`
//!
//! Each round runs, for each preset in turn, one process on one thread and one on two: one thread
//! first in odd rounds and two first in even ones, so that neither always follows the other on a
//! machine whose speed drifts. Each process builds the tree `BUILDS` times (default 11) and
//! reports its minimum and median wall time; 5 rounds by default. The table gives, per preset and
//! thread count, the minimum over every build of the sitting and the median of the processes'
//! medians, their ratios (one thread over two), and each round's ratio of medians. A median of an
//! even count is its upper middle. Progress goes to standard error.
//!
//! With `--csv FILE` each process is also written to `FILE` as it ends, one row in the columns
//! of `data/speed/tree-sittings.csv` (`program` is `mastermind-lab`; `--sitting N` numbers the
//! sitting, 1 by default; `revision` is the checkout's commit, marked `-dirty` when it has
//! changes outside `data/` and `figures/`, as the lab's provenance counts them). An existing file with the same header is appended to, so sittings can share one
//! file, and an interrupted sitting keeps the processes it finished.

mod shared;

use clap::Parser;
use mastermind_tree::build_tree;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How the command is used, for errors in the game or a preset.
const USAGE: &str = "usage: sitting PEGSxCOLOURS PRESET[,PRESET...] [ROUNDS] [BUILDS] (see --help)";

/// The columns of `data/speed/tree-sittings.csv`.
const CSV_HEADER: &str = "sitting,revision,round,first_threads,program,game,preset,threads,runs,\
                          min_ms,median_ms,total_guesses";

/// One thread against two, as whole processes, in rounds.
#[derive(Parser)]
struct Args {
    /// The game, `PEGSxCOLOURS`.
    game: String,
    /// The presets, comma-separated (`Preset::ALL`'s names).
    #[arg(value_parser = comma_separated)]
    presets: Presets,
    /// Rounds of the sitting.
    #[arg(default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Builds a process.
    #[arg(default_value_t = 11, value_parser = clap::value_parser!(u32).range(1..))]
    builds: u32,
    /// Also write each process, as it ends, as a row of this CSV file.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// The sitting's number in the CSV rows.
    #[arg(long, default_value_t = 1)]
    sitting: u32,
    /// Be one of the measured processes (the sitting runs itself so): build the first preset's
    /// tree `builds` times and print its total and minimum and median milliseconds.
    #[arg(long, hide = true)]
    child: bool,
}

/// A comma-separated list of presets, as written.
#[derive(Clone)]
struct Presets(Vec<String>);

/// `text` split at its commas.
fn comma_separated(text: &str) -> Result<Presets, String> {
    Ok(Presets(text.split(',').map(str::to_owned).collect()))
}

/// What one process measured.
struct Process {
    round: u32,
    preset: String,
    threads: usize,
    total: u64,
    min_ms: f64,
    median_ms: f64,
}

fn main() -> std::process::ExitCode {
    match run(Args::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sitting: {error}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let game = &args.game;
    for preset in &args.presets.0 {
        shared::game_and_preset(&[game.clone(), preset.clone()], USAGE)?;
    }
    if args.child {
        return child(game, &args.presets.0[0], args.builds);
    }
    let Args { rounds, builds, sitting, presets: Presets(ref presets), .. } = args;
    let mut csv = args.csv.as_deref().map(open_csv).transpose()?;
    let revision = revision();
    let mut processes = Vec::new();
    for round in 1..=rounds {
        let order = if round % 2 == 1 { [1, 2] } else { [2, 1] };
        for preset in presets {
            for threads in order {
                let process = measure(game, preset, threads, builds, round)?;
                if let Some(csv) = &mut csv {
                    writeln!(
                        csv,
                        "{sitting},{revision},{round},{},mastermind-lab,{game},{preset},{threads},\
                         {builds},{:.3},{:.3},{}",
                        order[0], process.min_ms, process.median_ms, process.total
                    )?;
                    csv.flush()?;
                }
                eprintln!(
                    "round {round}/{rounds} {game} {preset} threads={threads}: {:.3} / {:.3} ms",
                    process.min_ms, process.median_ms
                );
                processes.push(process);
            }
        }
    }
    println!("{game}, {rounds} rounds of {builds} builds a process (minimum / median, ms)\n");
    println!("| preset | one thread | two threads | one / two | rounds (one / two, medians) |");
    println!("|---|---:|---:|---:|---|");
    for preset in presets {
        let of = |threads: usize| -> Vec<&Process> {
            processes.iter().filter(|p| &p.preset == preset && p.threads == threads).collect()
        };
        let (one, two) = (of(1), of(2));
        if let Some(p) = one.iter().chain(&two).find(|p| p.total != one[0].total) {
            return Err(format!(
                "{preset}: totals differ between processes ({} and {} in round {})",
                one[0].total, p.total, p.round
            )
            .into());
        }
        let least = |ps: &[&Process]| ps.iter().map(|p| p.min_ms).fold(f64::INFINITY, f64::min);
        let middle = |ps: &[&Process]| median(ps.iter().map(|p| p.median_ms).collect());
        let (one_min, one_median, two_min, two_median) =
            (least(&one), middle(&one), least(&two), middle(&two));
        let per_round: Vec<String> = (1..=rounds)
            .map(|round| {
                let at =
                    |ps: &[&Process]| ps.iter().find(|p| p.round == round).map(|p| p.median_ms);
                match (at(&one), at(&two)) {
                    (Some(a), Some(b)) => format!("{:.2}", a / b),
                    _ => "-".to_owned(),
                }
            })
            .collect();
        println!(
            "| {preset} | {one_min:.3} / {one_median:.3} | {two_min:.3} / {two_median:.3} | \
             {:.2}x / {:.2}x | {} |",
            one_min / two_min,
            one_median / two_median,
            per_round.join(" ")
        );
    }
    Ok(())
}

/// `path` opened for appending rows: created with the header, or appended to when it already
/// starts with the same header (any other file is refused rather than mixed with).
fn open_csv(path: &Path) -> Result<File, String> {
    let name = path.display();
    let exists = path.exists();
    if exists {
        let first = File::open(path).map_err(|e| format!("{name}: {e}")).and_then(|f| {
            BufReader::new(f).lines().next().transpose().map_err(|e| e.to_string())
        })?;
        if first.as_deref() != Some(CSV_HEADER) {
            return Err(format!(
                "{name}: not a file of sittings (its first line is not `{CSV_HEADER}`)"
            ));
        }
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{name}: {e}"))?;
    if !exists {
        writeln!(file, "{CSV_HEADER}").map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(file)
}

/// The checkout's commit (seven hex digits), with `-dirty` when it has uncommitted changes
/// outside `data/` and `figures/` (the lab's provenance rule: results, such as the rows this
/// writes, do not make a checkout dirty); `unknown` outside a git checkout.
fn revision() -> String {
    let git = |args: &[&str]| {
        let out = Command::new("git").args(args).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    let Some(commit) = git(&["rev-parse", "--short=7", "HEAD"]) else {
        return "unknown".to_owned();
    };
    let status = git(&["status", "--porcelain", "--", ".", ":!data", ":!figures"]);
    if status.is_some_and(|s| !s.is_empty()) { format!("{commit}-dirty") } else { commit }
}

/// Runs one child process of `threads` threads that builds `preset`'s tree `builds` times.
fn measure(
    game: &str,
    preset: &str,
    threads: usize,
    builds: u32,
    round: u32,
) -> Result<Process, Box<dyn std::error::Error>> {
    let output = Command::new(std::env::current_exe()?)
        .args(["--child", game, preset, "1", &builds.to_string()])
        .env("RAYON_NUM_THREADS", threads.to_string())
        .output()?;
    if !output.status.success() {
        return Err(format!(
            "the {threads}-thread process of {preset} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    let line = String::from_utf8(output.stdout)?;
    let mut fields = line.split_whitespace().map(str::parse::<f64>);
    let mut next = || -> Result<f64, Box<dyn std::error::Error>> {
        Ok(fields.next().ok_or("a child printed too little")??)
    };
    let (total, min_ms, median_ms) = (next()? as u64, next()?, next()?);
    Ok(Process { round, preset: preset.to_owned(), threads, total, min_ms, median_ms })
}

/// A child's work: `builds` builds of `preset`'s tree, then one line with the tree's total and
/// the minimum and median wall time in milliseconds.
fn child(game: &str, preset: &str, builds: u32) -> Result<(), Box<dyn std::error::Error>> {
    let (game, preset) = shared::game_and_preset(&[game.to_owned(), preset.to_owned()], USAGE)?;
    let config = preset.config(game);
    let mut times = Vec::with_capacity(builds as usize);
    let mut last = None;
    for _ in 0..builds {
        let start = Instant::now();
        let built = build_tree(game, &config)?;
        times.push(start.elapsed());
        // As in the `build` example, a tree is kept while the next one is built and dropped
        // after the clock stops.
        last = Some(built);
    }
    let total = last.map_or(0, |(tree, _)| tree.total_guesses());
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let times: Vec<f64> = times.into_iter().map(ms).collect();
    let least = times.iter().copied().fold(f64::INFINITY, f64::min);
    println!("{total} {least:.3} {:.3}", median(times));
    Ok(())
}

/// The middle of `values` (the upper middle of an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
