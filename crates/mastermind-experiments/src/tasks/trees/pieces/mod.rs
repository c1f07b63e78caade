//! Trees built in pieces as an experiment kind: the field's largest one-ply trees (8x8, 8x9,
//! 7x13), too large for a row per secret, read from the pieces `mastermind tree --pieces` stored
//! under `data/trees/`, one row per piece.
//!
//! A tree of 43 million secrets takes hours, longer than a run of the lab should: its pieces are
//! built (and resumed, and sharded) by the command line, and this kind reads what they hold, as a
//! recorded arm reads another program's games. Every piece is checked as it is read (its stamp is
//! the spec's tree, its body whole, its secrets replayed through its guesses with the plain
//! definition of a reply to the totals it states), and the pieces must add up to the game. A
//! missing piece fails the run with the command that builds it.

pub mod report;
pub mod rows;
pub mod spec;

use crate::budget::{BYTES_PER_CODE, Cost, Driver};
use crate::error::{Context, Result, bail};
use crate::tasks::executor::Kind;
use crate::tasks::{Rendered, ReportContext};
use mastermind_players::families::tree::pieces::{PiecePlan, PieceRecord, fingerprint};
use rows::{PieceRow, piece_rows};
use spec::{PiecedUnit, PiecesPlan};

impl Kind for PiecesPlan {
    /// The index of a tree in the plan.
    type Unit = usize;
    type Row = PieceRow;

    /// Each tree's pieces are replayed on every thread.
    const PARALLEL_UNITS: bool = false;

    fn units(&self) -> Vec<usize> {
        (0..self.units.len()).collect()
    }

    /// Nothing is random: the identity is the tree's index.
    fn identity(&self, &unit: &usize) -> Vec<u64> {
        vec![unit as u64]
    }

    fn run_unit(&self, &unit: &usize, _seed: u64) -> Result<Vec<PieceRow>> {
        let unit = &self.units[unit];
        read_tree(unit).with_context(|| format!("{} at {}", unit.label, unit.game))
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<PieceRow>) -> Result<Rendered> {
        report::render(ctx, self, rows)
    }

    /// Reading replays every secret once per depth: a few operations per secret and depth;
    /// memory, the largest game's codes (the plan, the largest piece's replay).
    fn cost(&self) -> Cost {
        let codes = |u: &PiecedUnit| u.game.size_estimate();
        let operations: f64 = self.units.iter().map(|u| 100.0 * codes(u)).sum();
        let largest = self.units.iter().map(codes).fold(0.0, f64::max);
        Cost {
            seconds: Cost::seconds_of(operations),
            bytes: largest * BYTES_PER_CODE,
            time: Driver::task("trees", "every piece of every tree replayed".to_owned()),
            memory: Driver::task("trees", "the largest game's plan and piece".to_owned()),
        }
    }

    /// Each piece file's checksum (or that it is missing), one a line: new pieces make the
    /// stored table stale.
    fn inputs(&self) -> String {
        let mut lines = Vec::new();
        for unit in &self.units {
            let Ok(entries) = std::fs::read_dir(&unit.dir) else {
                lines.push(format!("{}: no pieces", unit.dir_as_written));
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("piece-") && n.ends_with(".bin"))
                .collect();
            names.sort();
            for name in names {
                let header = std::fs::read(unit.dir.join(&name)).ok();
                let header = header.as_deref().and_then(fingerprint).unwrap_or("unreadable".into());
                lines.push(format!("{}/{name}: {header}", unit.dir_as_written));
            }
        }
        lines.join("\n")
    }
}

/// Every piece of `unit`'s tree, read from its folder and checked, merged into the tree's
/// totals (which checks that they add up to the game), as rows.
fn read_tree(unit: &PiecedUnit) -> Result<Vec<PieceRow>> {
    let plan = PiecePlan::new(unit.game, &unit.config)?;
    let mut records: Vec<PieceRecord> = Vec::new();
    let mut missing = Vec::new();
    for index in 0..plan.parts().len() {
        let path = unit.dir.join(PiecePlan::file_name(index));
        match std::fs::read(&path) {
            Ok(bytes) => records.push(plan.check(index, &path.display().to_string(), &bytes)?),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => missing.push(index),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }
    if !missing.is_empty() {
        bail!(
            "{} of {} pieces are not in {} yet; build them (it resumes) from the workspace's \
             root with: {}",
            missing.len(),
            plan.parts().len(),
            unit.dir_as_written,
            unit.command()
        );
    }
    let merged = plan.merge(records)?;
    Ok(piece_rows(&unit.label, &unit.dir_as_written, &plan, &merged.pieces))
}
