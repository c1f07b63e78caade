//! Unit results on disk: one JSON file per unit in a folder, each written whole or not at all
//! (a temporary file renamed into place), each stamped with the search it belongs to. A killed
//! run loses at most the units in flight; a rerun reads what is there and runs the rest.

use super::board::Board;
use super::bounds::{Bounds, UnitBound};
use super::plan::{Plan, UnitOutcome, UnitResult};
use crate::Solution;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;
use thiserror::Error;

/// Version of the unit file format.
const FORMAT: u32 = 1;

/// What makes two unit results parts of one search: the game, the options that change the
/// optimum, the budgets' upper bound, the number of units and the code that planned them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// The unit file format.
    pub format: u32,
    /// The game, as `4x6` (`4x6n` without repeated colours).
    pub game: String,
    /// The depth limit, if any.
    pub max_depth: Option<u32>,
    /// Whether only consistent guesses are played.
    pub consistent_only: bool,
    /// Whether a guess need only have been possible before the latest reply.
    pub possible_before_last_reply: bool,
    /// The total of the known tree that set every budget.
    pub upper_bound: u64,
    /// How many units the plan has.
    pub units: usize,
    /// The version of the crate that planned and solved the units.
    pub version: String,
}

impl Plan {
    /// The stamp every unit result of this plan carries.
    pub fn stamp(&self) -> Stamp {
        let game = self.game();
        Stamp {
            format: FORMAT,
            game: format!(
                "{}x{}{}",
                game.pegs(),
                game.colours(),
                if game.repeats() { "" } else { "n" }
            ),
            max_depth: self.options.max_depth,
            consistent_only: self.options.consistent_only,
            possible_before_last_reply: self.options.possible_before_last_reply,
            upper_bound: self.upper_bound,
            units: self.units.len(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

/// The lower bounds raised so far, one per unit.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoundsFile {
    stamp: Stamp,
    /// The optimum's proved lower bound they give (for a person reading the file).
    lower_bound: u64,
    rounds: u32,
    nodes: u64,
    units: Vec<UnitBound>,
}

/// One unit's file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    stamp: Stamp,
    unit: usize,
    /// The first guess, as letters (for a person reading the file).
    first_guess: String,
    /// The reply, as `1B2W`.
    reply: String,
    secrets: usize,
    budget: u32,
    outcome: StoredOutcome,
    nodes: u64,
    seconds: f64,
}

/// A unit's outcome as stored.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum StoredOutcome {
    /// Solved: its optimal total and its tree's guesses (code ranks) in preorder.
    Solved { total: u32, guesses: Vec<u16> },
    /// Refuted: a lower bound at least its budget.
    Refuted { at_least: u32 },
}

/// Why unit results could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    /// A file or folder could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A unit file is not JSON of the expected form.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// serde_json's message, with line and column.
        source: serde_json::Error,
    },
    /// A unit file belongs to another search (another game, option, upper bound or version).
    #[error(
        "{path}: the unit was solved for another search ({field}: {found} in the file, {expected} \
         here); use another folder, or remove it to start again"
    )]
    OtherSearch {
        /// The file.
        path: PathBuf,
        /// The first field of the stamp that differs.
        field: &'static str,
        /// Its value in the file.
        found: String,
        /// Its value in this search.
        expected: String,
    },
    /// A unit file does not describe the unit its name says (damaged or edited).
    #[error("{path}: {what}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        what: String,
    },
    /// The merged tree failed its shape check or its replay (a bug, or files edited by hand).
    #[error("the merged tree is wrong: {0}")]
    Merge(String),
    /// A merge found units neither solved nor made unnecessary.
    #[error(
        "{} of {} units are missing (first: {}); run the shards that hold them again",
        missing.len(),
        total,
        missing.iter().take(8).map(|u| u.to_string()).collect::<Vec<_>>().join(", ")
    )]
    Incomplete {
        /// The missing units' indices.
        missing: Vec<usize>,
        /// The plan's number of units.
        total: usize,
    },
}

/// One of `count` shards of a plan's units: unit `u` belongs to shard `u % count`, so the
/// large units (the first of each first guess) spread over the shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
}

impl Shard {
    /// Whether unit `unit` belongs to this shard.
    pub fn holds(&self, unit: usize) -> bool {
        unit % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with `0 <= I < N`, as the lab's `--shard` takes it.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not a shard: write I/N with 0 <= I < N, e.g. 0/3");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The folder of one search's unit files.
pub struct UnitStore {
    dir: PathBuf,
    stamp: Stamp,
}

impl UnitStore {
    /// The store of `plan`'s units in `dir` (created if missing).
    pub fn open(dir: &Path, plan: &Plan) -> Result<UnitStore, StoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|source| StoreError::Io { path: dir.to_owned(), source })?;
        Ok(UnitStore { dir: dir.to_owned(), stamp: plan.stamp() })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path_of(&self, unit: usize) -> PathBuf {
        self.dir.join(format!("unit-{unit:05}.json"))
    }

    /// Every unit result in the folder, after checking that each belongs to `plan`. Temporary
    /// files of writes that never finished are ignored.
    pub fn load(&self, plan: &Plan) -> Result<Vec<UnitResult>, StoreError> {
        let io = |source| StoreError::Io { path: self.dir.clone(), source };
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .map_err(io)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(io)?;
        paths.retain(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with("unit-") && name.ends_with(".json")
        });
        paths.sort();
        paths.iter().map(|path| self.read(path, plan)).collect()
    }

    fn read(&self, path: &Path, plan: &Plan) -> Result<UnitResult, StoreError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| StoreError::Io { path: path.to_owned(), source })?;
        let file: UnitFile = serde_json::from_str(&text)
            .map_err(|source| StoreError::Json { path: path.to_owned(), source })?;
        if let Some((field, found, expected)) = first_difference(&file.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path: path.to_owned(), field, found, expected });
        }
        let damaged = |what: String| StoreError::Damaged { path: path.to_owned(), what };
        let unit = plan
            .units
            .get(file.unit)
            .ok_or_else(|| damaged(format!("the plan has no unit {}", file.unit)))?;
        if path != self.path_of(file.unit) {
            return Err(damaged(format!("the file holds unit {}", file.unit)));
        }
        let first = &plan.first_guesses[unit.first_guess];
        let expected = (first.guess.to_string(), unit.reply.to_string(), unit.secrets.len());
        if (file.first_guess.clone(), file.reply.clone(), file.secrets) != expected {
            return Err(damaged(format!(
                "unit {} is {} {} with {} secrets here, not {} {} with {}",
                file.unit,
                expected.0,
                expected.1,
                expected.2,
                file.first_guess,
                file.reply,
                file.secrets
            )));
        }
        let outcome = match file.outcome {
            StoredOutcome::Solved { total, guesses } if total < unit.budget => {
                UnitOutcome::Solved { total, guesses }
            }
            StoredOutcome::Refuted { at_least } if at_least >= unit.budget => {
                UnitOutcome::Refuted { at_least }
            }
            _ => {
                return Err(damaged(format!("its outcome contradicts its budget {}", unit.budget)));
            }
        };
        Ok(UnitResult { unit: file.unit, outcome, nodes: file.nodes, seconds: file.seconds })
    }

    /// The board of `plan` with every result in the folder.
    pub fn board<'p>(&self, plan: &'p Plan) -> Result<Board<'p>, StoreError> {
        let mut board = Board::new(plan);
        for result in self.load(plan)? {
            board.record(result);
        }
        Ok(board)
    }

    /// The proved optimum from the results in the folder: fails, naming them, while units are
    /// missing that the proof needs; the merged tree is replayed against every secret.
    pub fn merge(&self, plan: &Plan) -> Result<Solution, StoreError> {
        let start = Instant::now();
        let board = self.board(plan)?;
        if !board.is_proved() {
            let missing: Vec<usize> = (0..plan.units.len())
                .filter(|&u| board.results()[u].is_none())
                .filter(|&u| !board.is_out(plan.units[u].first_guess))
                .collect();
            return Err(StoreError::Incomplete { missing, total: plan.units.len() });
        }
        let solution = board.solution(start).map_err(|e| StoreError::Merge(e.to_string()))?;
        solution.tree.verify().map_err(|e| StoreError::Merge(e.to_string()))?;
        Ok(solution)
    }

    fn bounds_path(&self) -> PathBuf {
        self.dir.join("lower-bounds.json")
    }

    /// The lower bounds raised earlier for `plan` in this folder (`None` when there are none),
    /// checked against the plan.
    pub fn load_bounds(&self, plan: &Plan) -> Result<Option<Bounds>, StoreError> {
        let path = self.bounds_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        let file: BoundsFile = serde_json::from_str(&text)
            .map_err(|source| StoreError::Json { path: path.clone(), source })?;
        if let Some((field, found, expected)) = first_difference(&file.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        Bounds::resume(plan, file.units, file.rounds, file.nodes).map(Some).ok_or_else(|| {
            StoreError::Damaged { path, what: "its bounds do not fit the plan's units".into() }
        })
    }

    /// Writes `bounds` (temporary file, then rename), so that a later run continues from them.
    pub fn save_bounds(&self, bounds: &Bounds) -> Result<(), StoreError> {
        let file = BoundsFile {
            stamp: self.stamp.clone(),
            lower_bound: bounds.lower_bound,
            rounds: bounds.rounds,
            nodes: bounds.nodes,
            units: bounds.units.clone(),
        };
        write_whole(&self.bounds_path(), &serde_json::to_string(&file).expect("bounds serialise"))
    }

    /// Writes `result` as its unit's file: to a temporary file first, then renamed into place,
    /// so the file is either whole or absent.
    pub fn save(&self, plan: &Plan, result: &UnitResult) -> Result<(), StoreError> {
        let unit = &plan.units[result.unit];
        let file = UnitFile {
            stamp: self.stamp.clone(),
            unit: result.unit,
            first_guess: plan.first_guesses[unit.first_guess].guess.to_string(),
            reply: unit.reply.to_string(),
            secrets: unit.secrets.len(),
            budget: unit.budget,
            outcome: match &result.outcome {
                UnitOutcome::Solved { total, guesses } => {
                    StoredOutcome::Solved { total: *total, guesses: guesses.clone() }
                }
                UnitOutcome::Refuted { at_least } => StoredOutcome::Refuted { at_least: *at_least },
            },
            nodes: result.nodes,
            seconds: result.seconds,
        };
        let text = serde_json::to_string(&file).expect("a unit file serialises");
        write_whole(&self.path_of(result.unit), &text)
    }
}

/// Writes `text` to `path` whole or not at all: to a temporary file beside it first, then
/// renamed into place.
fn write_whole(path: &Path, text: &str) -> Result<(), StoreError> {
    let temporary = path.with_extension(format!("json.{}.tmp", std::process::id()));
    let io = |source| StoreError::Io { path: path.to_owned(), source };
    std::fs::write(&temporary, text).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

/// The first field in which two stamps differ, with both values.
fn first_difference(found: &Stamp, expected: &Stamp) -> Option<(&'static str, String, String)> {
    let fields: [(&'static str, String, String); 8] = [
        ("format", found.format.to_string(), expected.format.to_string()),
        ("game", found.game.clone(), expected.game.clone()),
        ("max_depth", format!("{:?}", found.max_depth), format!("{:?}", expected.max_depth)),
        (
            "consistent_only",
            found.consistent_only.to_string(),
            expected.consistent_only.to_string(),
        ),
        (
            "possible_before_last_reply",
            found.possible_before_last_reply.to_string(),
            expected.possible_before_last_reply.to_string(),
        ),
        ("upper_bound", found.upper_bound.to_string(), expected.upper_bound.to_string()),
        ("units", found.units.to_string(), expected.units.to_string()),
        ("version", found.version.clone(), expected.version.clone()),
    ];
    fields.into_iter().find(|(_, a, b)| a != b)
}
