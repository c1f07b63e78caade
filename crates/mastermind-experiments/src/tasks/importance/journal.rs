//! A training run's journal: completed descent steps appended to a JSON-lines file as they finish,
//! so that an interrupted run resumes where it stopped and still gives the same table.
//!
//! Every step's games come from their own RNG stream and the next theta is a function of the last
//! step's record, so resuming from the journal reproduces an uninterrupted run bit for bit, as
//! long as the records are read back exactly: every floating-point number is therefore stored as
//! its IEEE-754 bits. The first line holds a key made from the game, the descent's configuration
//! and the seed; a journal with another key (the spec changed) is discarded. Opening a journal
//! rewrites what it keeps atomically (`mastermind_files::write_atomic`); steps are then appended
//! and synced one batch at a time (`mastermind_files::append_synced`), and a torn last line is
//! dropped when read.

use crate::error::{Context, Result};
use mastermind_players::families::importance::{Estimate, LengthSummary, StepRecord, Theta};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The journal's first line.
#[derive(Serialize, Deserialize)]
struct Header {
    key: String,
}

/// One step, every `f64` as bits.
#[derive(Serialize, Deserialize)]
struct Line {
    step: u32,
    theta: [u64; 4],
    mean_length: u64,
    gradient: [u64; 4],
    effective_sample_size: u64,
    /// `(games, mean, sd, max, unsolved)` of the step's games.
    sample: Option<(usize, u64, u64, u32, usize)>,
}

fn bits(a: [f64; 4]) -> [u64; 4] {
    a.map(f64::to_bits)
}

fn floats(a: [u64; 4]) -> [f64; 4] {
    a.map(f64::from_bits)
}

impl From<&StepRecord> for Line {
    fn from(r: &StepRecord) -> Line {
        Line {
            step: r.step,
            theta: bits(r.theta.to_array()),
            mean_length: r.estimate.mean_length.to_bits(),
            gradient: bits(r.estimate.gradient),
            effective_sample_size: r.estimate.effective_sample_size.to_bits(),
            sample: r
                .sample
                .map(|s| (s.games, s.mean.to_bits(), s.sd.to_bits(), s.max, s.unsolved)),
        }
    }
}

impl From<Line> for StepRecord {
    fn from(l: Line) -> StepRecord {
        StepRecord {
            step: l.step,
            theta: Theta::from_array(floats(l.theta)),
            estimate: Estimate {
                mean_length: f64::from_bits(l.mean_length),
                gradient: floats(l.gradient),
                effective_sample_size: f64::from_bits(l.effective_sample_size),
            },
            sample: l.sample.map(|(games, mean, sd, max, unsolved)| LengthSummary {
                games,
                mean: f64::from_bits(mean),
                sd: f64::from_bits(sd),
                max,
                unsolved,
            }),
        }
    }
}

/// An open journal, appended to as steps complete.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
}

impl Journal {
    /// Opens the journal at `path` for a run identified by `key`, returning the steps already
    /// done (numbered from 0, contiguous). A missing file, another key or an unreadable header
    /// starts afresh; a torn last line (the process stopped mid-write) is dropped.
    pub fn open(path: &Path, key: &str) -> Result<(Journal, Vec<StepRecord>)> {
        let done = read(path, key).unwrap_or_default();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        // Rewrite what is kept, so the file never holds a torn line or another run's steps.
        let mut text = serde_json::to_string(&Header { key: key.to_owned() })? + "\n";
        for r in &done {
            text += &serde_json::to_string(&Line::from(r))?;
            text.push('\n');
        }
        mastermind_files::write_atomic(path, text.as_bytes())?;
        Ok((Journal { path: path.to_path_buf() }, done))
    }

    /// Appends completed steps and flushes them to disk.
    pub fn append(&mut self, records: &[StepRecord]) -> Result<()> {
        let mut text = String::new();
        for r in records {
            text += &serde_json::to_string(&Line::from(r))?;
            text.push('\n');
        }
        Ok(mastermind_files::append_synced(&self.path, text.as_bytes())?)
    }

    /// Deletes the journal (the run completed and its results are about to be stored).
    pub fn remove(self) -> Result<()> {
        std::fs::remove_file(&self.path)
            .with_context(|| format!("removing {}", self.path.display()))
    }
}

/// The steps of a journal with this key, or `None` when there is none to resume.
fn read(path: &Path, key: &str) -> Option<Vec<StepRecord>> {
    let mut lines = BufReader::new(File::open(path).ok()?).lines();
    let header: Header = serde_json::from_str(&lines.next()?.ok()?).ok()?;
    if header.key != key {
        return None;
    }
    let mut done: Vec<StepRecord> = Vec::new();
    for line in lines {
        let Some(record) = line.ok().and_then(|l| serde_json::from_str::<Line>(&l).ok()) else {
            break;
        };
        if record.step as usize != done.len() {
            break;
        }
        done.push(record.into());
    }
    Some(done)
}
