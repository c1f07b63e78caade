//! One piece of `tree --pieces` built in steps: the subtrees under the piece's own guess, each
//! stored in the piece's steps folder (`piece-007.steps/step-1B2W.bin`) as soon as it is built,
//! whole or not at all. A killed build loses only the steps in flight; the same command reads
//! the stored steps back (each replayed), learns the piece's guess from them, and builds the
//! rest. When every step is stored, they are assembled into the piece.

use crate::commands::tree::in_pool;
use crate::{cpu, memory, progress};
use anyhow::{Context, Result};
use mastermind_core::Feedback;
use mastermind_players::families::tree::pieces::{
    BuiltStep, PieceError, PiecePlan, PieceRun, PieceSteps, StepRecord,
};
use mastermind_players::families::tree::{BuildStats, Node};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Instant;

/// Builds piece `index` of `plan` in steps stored in `folder` (created if missing), on
/// `threads` threads, continuing from the steps stored there; returns the piece's node, its
/// costs and times added up over its steps. `what` names the piece in the lines on standard
/// error.
pub fn build_piece(
    plan: &PiecePlan,
    folder: &Path,
    index: usize,
    threads: Option<u16>,
    what: &str,
) -> Result<(Node, BuildStats, PieceRun)> {
    std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    let (under_guess, stored) = stored_steps(plan, index, folder)?;
    let second_guess = under_guess.as_ref().map(PieceSteps::second_guess);
    let part = plan.parts()[index];
    let stored_secrets: u64 = stored.iter().map(|record| record.header.secrets).sum();
    let left = part.secrets - stored_secrets;
    match second_guess {
        Some(guess) => eprintln!(
            "{what}: {} steps stored under its guess {guess} ({stored_secrets} secrets); \
             building the rest ({left} secrets)",
            stored.len()
        ),
        None => eprintln!("{what}: choosing its guess, then building it in steps"),
    }
    let replies: Vec<Feedback> = stored.iter().map(|record| record.reply).collect();
    drop(stored);
    let clock = Mutex::new(Lap::start());
    // The piece's secrets scored against its guess, once the guess is known.
    let under_guess = match under_guess {
        Some(steps) => OnceLock::from(steps),
        None => OnceLock::new(),
    };
    let store = |step: BuiltStep| {
        let steps = match under_guess.get() {
            Some(steps) => steps,
            None => {
                // Two threads may both score the secrets here; either result is the same.
                let _ = under_guess.set(plan.piece_steps(index, step.second_guess)?);
                under_guess.get().expect("just set")
            }
        };
        store_step(steps, folder, &clock, step, what)
    };
    let second_guess = in_pool(threads, || {
        let build =
            |placed: &_| plan.build_steps(index, second_guess, &replies, Some(placed), &store);
        progress::tree_build(what, left, build).map_err(anyhow::Error::from)
    })?;
    let steps = match under_guess.into_inner() {
        Some(steps) => steps,
        None => plan.piece_steps(index, second_guess)?,
    };
    let decoded = decoded_steps(&steps, folder)?;
    let assembled = steps
        .assemble(decoded)
        .with_context(|| format!("assembling the steps in {}", folder.display()))?;
    Ok(assembled)
}

/// The time and CPU at the sitting's start or its last stored step.
struct Lap {
    wall: Instant,
    cpu: Option<f64>,
}

impl Lap {
    fn start() -> Lap {
        Lap { wall: Instant::now(), cpu: cpu::cpu_seconds() }
    }

    /// The run since the last lap (the process's peak so far, the pool's threads), and a new
    /// lap from now: the runs of a sitting's steps add up to its time up to the last one.
    fn lap(&mut self) -> PieceRun {
        let now = Lap::start();
        let cpu = match (self.cpu, now.cpu) {
            (Some(before), Some(after)) => after - before,
            _ => f64::NAN,
        };
        let run = PieceRun {
            wall_seconds: hundredths(now.wall.duration_since(self.wall).as_secs_f64()),
            cpu_seconds: hundredths(cpu),
            peak_mib: memory::peak_mib(),
            threads: rayon::current_num_threads(),
            steps: None,
        };
        *self = now;
        run
    }
}

/// Encodes `step` (read back before it is written) and stores it in `folder`, whole or not at
/// all, saying so on standard error.
fn store_step(
    steps: &PieceSteps<'_>,
    folder: &Path,
    clock: &Mutex<Lap>,
    step: BuiltStep,
    what: &str,
) -> Result<(), PieceError> {
    let run = clock.lock().unwrap_or_else(PoisonError::into_inner).lap();
    let bytes = steps.encode(&step, run.clone())?;
    let path = folder.join(PiecePlan::step_file_name(step.reply));
    mastermind_files::write_atomic(&path, &bytes)
        .map_err(|e| PieceError::Store(format!("storing {}: {e}", path.display())))?;
    eprintln!(
        "{what}: the step after {} to {} ({} secrets) stored, {:.1} s ({:.1} s of CPU) since \
         the last",
        step.reply, step.second_guess, step.node.secrets, run.wall_seconds, run.cpu_seconds
    );
    Ok(())
}

/// The step files stored in `folder`, in name order (a temporary file of the atomic writer is
/// none).
fn step_files(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    let entries =
        std::fs::read_dir(folder).with_context(|| format!("reading {}", folder.display()));
    for entry in entries? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name.starts_with("step-") && name.ends_with(".bin") {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// The steps stored in `folder`, each checked (its secrets replayed), and the piece's steps
/// under the guess they follow (`None` when none is stored). A file that is a step of another
/// piece or guess, cut short or edited, is an error that names it.
fn stored_steps<'p>(
    plan: &'p PiecePlan,
    index: usize,
    folder: &Path,
) -> Result<(Option<PieceSteps<'p>>, Vec<StepRecord>)> {
    let mut under_guess: Option<PieceSteps<'_>> = None;
    let mut records = Vec::new();
    for path in step_files(folder)? {
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let name = path.display().to_string();
        let steps = match under_guess {
            Some(ref steps) => steps,
            None => {
                let second_guess = plan.step_guess(index, &name, &bytes)?;
                under_guess.insert(plan.piece_steps(index, second_guess)?)
            }
        };
        records.push(steps.check(&name, &bytes)?);
    }
    Ok((under_guess, records))
}

/// Every step stored in `folder`, with its subtree, checked against the piece's `steps`.
fn decoded_steps(steps: &PieceSteps<'_>, folder: &Path) -> Result<Vec<(StepRecord, Node)>> {
    let mut decoded = Vec::new();
    for path in step_files(folder)? {
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        decoded.push(steps.decode(&path.display().to_string(), &bytes)?);
    }
    Ok(decoded)
}

fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
