//! The core crate's promises (ARCHITECTURE.md, `mastermind-core`): no I/O, no clock except the
//! driver's wall time, randomness only from an explicit generator. Checked on its sources, up to
//! each file's tests module.

mod common;
use common::rust_files;
use std::path::Path;

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

/// The clock, allowed only where the driver times a game.
const CLOCK: &str = "Instant::now";
const CLOCK_ALLOWED: &str = "driver.rs";

/// Each core source file (path from the crate, text up to its tests module).
fn core_sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/mastermind-core/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default().to_owned();
            let name = path.strip_prefix(&src).unwrap().display().to_string();
            (name, code)
        })
        .collect()
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
fn the_core_does_no_io_and_draws_no_randomness_of_its_own() {
    let sources = core_sources();
    assert!(sources.len() > 5, "the core's sources were not found");
    let found: Vec<String> = sources
        .iter()
        .flat_map(|(name, code)| FORBIDDEN.iter().flat_map(move |n| offending(name, code, n)))
        .collect();
    assert!(found.is_empty(), "the core reaches outside the process: {found:#?}");
}

#[test]
fn the_core_reads_the_clock_only_where_the_driver_times_a_game() {
    let found: Vec<String> = core_sources()
        .iter()
        .filter(|(name, _)| name != CLOCK_ALLOWED)
        .flat_map(|(name, code)| offending(name, code, CLOCK))
        .collect();
    assert!(found.is_empty(), "a clock outside the driver: {found:#?}");
}
