//! The purity of the crates that compute (ARCHITECTURE.md, `mastermind-core` and "Pure
//! computation"): no I/O, no clock except the core driver's wall time, randomness only from an
//! explicit generator. Checked on their sources, up to each file's tests module.

mod common;
use common::{before_tests_module, rust_files};
use std::path::Path;

/// The crates that only compute: the core, the players' crates, the statistics and the trees.
const PURE_CRATES: [&str; 7] = [
    "mastermind-core",
    "mastermind-heuristics",
    "mastermind-evolution",
    "mastermind-mcmc",
    "mastermind-importance",
    "mastermind-stats",
    "mastermind-tree",
];

/// Calls that read or write the world outside the process, or draw randomness from it.
const FORBIDDEN: [&str; 12] = [
    "std::fs",
    "File::",
    "std::net",
    "std::env",
    "std::process",
    "stdin()",
    "stdout()",
    "thread_rng",
    "rand::random",
    "from_entropy",
    "OsRng",
    "SystemTime",
];

/// The clock, allowed only where the core's driver times a game.
const CLOCK: &str = "Instant::now";
const CLOCK_ALLOWED: &str = "mastermind-core/driver.rs";

/// Each source file of the pure crates (`crate/path`, text up to its tests module).
fn pure_sources() -> Vec<(String, String)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
    let mut sources = Vec::new();
    for name in PURE_CRATES {
        let src = crates.join(name).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        assert!(!files.is_empty(), "no sources found for {name}");
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = before_tests_module(&text).to_owned();
            let file = path.strip_prefix(&src).unwrap().display().to_string();
            sources.push((format!("{name}/{file}"), code));
        }
    }
    sources
}

/// The lines of `code` that hold `needle`, outside comments, as `file:line: text`.
fn offending(name: &str, code: &str, needle: &str) -> Vec<String> {
    code.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            !line.starts_with("//") && line.contains(needle)
        })
        .map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim()))
        .collect()
}

#[test]
fn the_pure_crates_do_no_io_and_draw_no_randomness_of_their_own() {
    let sources = pure_sources();
    let found: Vec<String> = sources
        .iter()
        .flat_map(|(name, code)| FORBIDDEN.iter().flat_map(move |n| offending(name, code, n)))
        .collect();
    assert!(found.is_empty(), "a pure crate reaches outside the process: {found:#?}");
}

#[test]
fn the_pure_crates_read_the_clock_only_where_the_driver_times_a_game() {
    let found: Vec<String> = pure_sources()
        .iter()
        .filter(|(name, _)| name != CLOCK_ALLOWED)
        .flat_map(|(name, code)| offending(name, code, CLOCK))
        .collect();
    assert!(found.is_empty(), "a clock outside the core's driver: {found:#?}");
}
