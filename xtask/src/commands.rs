//! The commands: each builds the right thing optimised and runs it from the workspace root.

use std::path::PathBuf;
use std::process::Command;

/// The workspace root: xtask's own manifest folder's parent.
fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(root());
    command
}

fn status(mut command: Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command.status().map_err(|e| format!("cannot start {shown}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{shown} failed ({status})")) }
}

/// Hands an experiment command to the optimised `mastermind-lab` runner.
pub fn lab(command: &str, rest: &[String]) -> Result<(), String> {
    let mut run = cargo();
    run.args([
        "run",
        "--quiet",
        "--release",
        "--package",
        "mastermind-lab",
        "--bin",
        "mastermind-lab",
        "--",
    ]);
    run.arg(command).args(rest);
    status(run)
}

/// Runs the criterion benchmarks of the scoring core (and any extra arguments for criterion).
pub fn bench(rest: &[String]) -> Result<(), String> {
    let mut run = cargo();
    run.args(["bench", "--package", "mastermind-core", "--bench", "scoring", "--"]).args(rest);
    status(run)
}
