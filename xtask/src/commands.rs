//! The commands: each builds the right thing optimised and runs it from the workspace root.

use std::path::PathBuf;
use std::process::Command;

/// The workspace root: xtask's own manifest folder's parent. `cargo xtask` (a `cargo run`) says
/// where that folder is as the command runs; the folder it was compiled in is only the fallback,
/// since a build folder shared by two checkouts (`CARGO_TARGET_DIR`, or one copied) can hand
/// one checkout the other's xtask, which would then run the other checkout's experiments.
fn root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(root());
    command
}

/// Why a command failed.
pub enum Failure {
    /// What went wrong, for xtask to say.
    Message(String),
    /// The program ran and failed with this exit code; it has already said why (the runner's
    /// errors, clap's usage errors, cargo's compile errors), so xtask adds nothing.
    Exited(u8),
}

fn status(mut command: Command) -> Result<(), Failure> {
    let shown = format!("{command:?}");
    let status =
        command.status().map_err(|e| Failure::Message(format!("cannot start {shown}: {e}")))?;
    match status.code() {
        _ if status.success() => Ok(()),
        Some(code) => Err(Failure::Exited(u8::try_from(code).unwrap_or(1).max(1))),
        None => Err(Failure::Message(format!("{shown} was stopped ({status})"))),
    }
}

/// `cargo run --release` of `bin` in `package`, with cargo's own progress shown while it builds
/// (a cold optimised build of the runner takes several minutes, and silence would look like a
/// hang); a line first says so when the binary has never been built.
fn release_run(package: &str, bin: &str) -> Command {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root().join("target"), PathBuf::from);
    if !target.join("release").join(bin).exists() {
        eprintln!(
            "xtask: building `{bin}` optimised for the first time; on 2 cores this takes about \
             10 minutes (cargo's progress follows)"
        );
    }
    let mut run = cargo();
    run.args(["run", "--release", "--package", package, "--bin", bin, "--"]);
    run
}

/// Hands an experiment command to the optimised `mastermind-lab` runner.
pub fn lab(command: &str, rest: &[String]) -> Result<(), Failure> {
    let mut run = release_run("mastermind-lab", "mastermind-lab");
    run.arg(command).args(rest);
    status(run)
}

/// Builds one strategy tree with the optimised `mastermind` command line and prints its total,
/// maximum, node count and wall time: `cargo xtask tree 5x8 knuth [more flags of
/// `mastermind tree`]`.
pub fn tree(rest: &[String]) -> Result<(), Failure> {
    let [game, player, extra @ ..] = rest else {
        return Err(Failure::Message(
            "usage: cargo xtask tree GAME PLAYER (for example: cargo xtask tree 5x8 knuth)".into(),
        ));
    };
    let mut run = release_run("mastermind-cli", "mastermind");
    run.args(["tree", "--game", game, "--player", player, "--stats"]).args(extra);
    status(run)
}

/// Runs the criterion benchmarks of the scoring core (and any extra arguments for criterion).
pub fn bench(rest: &[String]) -> Result<(), Failure> {
    let mut run = cargo();
    run.args(["bench", "--package", "mastermind-core", "--bench", "scoring", "--"]).args(rest);
    status(run)
}
