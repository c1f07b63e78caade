//! Unit results as files: one JSON file per unit, stamped with the search it belongs to and
//! sealed with a digest of its content, plus one file of the lower bounds raised so far. The
//! crate decides the files' names, their form and what makes one valid; where they live and how
//! they are written is the caller's, through [`UnitFiles`] (the `mastermind` binary keeps them
//! in a folder, each written whole or not at all). A killed run loses at most the units in
//! flight; a rerun reads what is there and runs the rest.
//!
//! A unit file that does not belong (truncated, edited, or written for another search) is
//! refused by name and its unit solved again, while the other files are used: see
//! [`UnitStore::load`].

use super::board::Board;
use super::bounds::{Bounds, Rounds, UnitBound};
use super::plan::{Plan, UnitOutcome, UnitResult};
use super::tree_codec::rebuild;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Mutex;
use thiserror::Error;

/// Version of the unit file format.
const FORMAT: u32 = 2;

/// The name of the file of raised lower bounds.
const BOUNDS_FILE: &str = "lower-bounds.json";

/// Where a [`UnitStore`] keeps its files: named byte strings. The names are plain file names
/// (`unit-00042.json`); the crate never touches a file itself.
pub trait UnitFiles: Send + Sync {
    /// The names of the files held, in any order (files of other names may be among them).
    fn names(&self) -> std::io::Result<Vec<String>>;
    /// The bytes of file `name`, or `None` when there is no such file.
    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>>;
    /// Writes `bytes` as file `name`, replacing any file of that name whole or not at all.
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()>;
    /// Renames file `from` to `to`, replacing any file `to`.
    fn rename(&self, from: &str, to: &str) -> std::io::Result<()>;
    /// Where file `name` is, for messages (a path).
    fn path(&self, name: &str) -> PathBuf;
}

impl<T: UnitFiles + ?Sized> UnitFiles for std::sync::Arc<T> {
    fn names(&self) -> std::io::Result<Vec<String>> {
        T::names(self)
    }

    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        T::read(self, name)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        T::write(self, name, bytes)
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        T::rename(self, from, to)
    }

    fn path(&self, name: &str) -> PathBuf {
        T::path(self, name)
    }
}

/// Files kept in memory: a store within one process (tests, or a search that is not to be
/// resumed). Writes replace a file whole.
#[derive(Debug, Default)]
pub struct InMemoryFiles {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl InMemoryFiles {
    fn files(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        self.files.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl UnitFiles for InMemoryFiles {
    fn names(&self) -> std::io::Result<Vec<String>> {
        Ok(self.files().keys().cloned().collect())
    }

    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        Ok(self.files().get(name).cloned())
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.files().insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        let mut files = self.files();
        let bytes = files.remove(from).ok_or(std::io::ErrorKind::NotFound)?;
        files.insert(to.to_owned(), bytes);
        Ok(())
    }

    fn path(&self, name: &str) -> PathBuf {
        PathBuf::from(name)
    }
}

/// What makes two unit results parts of one search: the game, the options that change the
/// optimum, the budgets' upper bound, the plan itself and the code that planned them.
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
    /// A digest of the plan: every first guess with its bound, and every unit's first guess,
    /// reply, secrets and budget (16 hexadecimal digits).
    pub plan: String,
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
            plan: format!("{:016x}", self.digest()),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }

    /// A digest of what the units are: first guesses and their bounds, units and their budgets.
    fn digest(&self) -> u64 {
        let mut digest = Digest::default();
        for first in &self.first_guesses {
            digest.words([u64::from(first.rank), first.bound, first.units.start as u64]);
        }
        for unit in &self.units {
            let head = [unit.first_guess as u64, unit.reply.index() as u64, u64::from(unit.budget)];
            digest.words(head);
            digest.words(unit.secrets.iter().map(|&s| u64::from(s)));
        }
        digest.finish()
    }
}

/// FNV-1a, 64 bits: a digest that stays the same across versions and machines (the standard
/// library's hashers promise neither). It detects damage and edits, not forgeries.
#[derive(Debug, Clone, Copy)]
struct Digest(u64);

impl Default for Digest {
    fn default() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn words(&mut self, words: impl IntoIterator<Item = u64>) {
        for word in words {
            self.bytes(&word.to_le_bytes());
        }
    }

    fn finish(self) -> u64 {
        self.0
    }
}

/// The digest of `text`, as a unit file writes it.
fn digest_of(text: &str) -> String {
    let mut digest = Digest::default();
    digest.bytes(text.as_bytes());
    format!("{:016x}", digest.finish())
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
    round_nodes: u64,
    units: Vec<UnitBound>,
}

/// One unit's file: what it holds, and the digest of that as written.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    unit: StoredUnit,
    /// The digest of `unit` written as compact JSON (16 hexadecimal digits).
    digest: String,
}

/// What a unit's file says about it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredUnit {
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

/// Why unit results could not be read or written. Each message names the file.
#[derive(Debug, Error)]
pub enum StoreError {
    /// A file could not be read or written, or the files could not be listed.
    #[error("{path}: {error}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A file is not JSON of the expected form (truncated, or edited by hand).
    #[error("{path}: not a unit file of this form ({message})")]
    Json {
        /// The file.
        path: PathBuf,
        /// serde_json's message, with line and column.
        message: String,
    },
    /// A file belongs to another search (another game, option, upper bound, plan or version).
    #[error("{path}: written for another search ({field}: {found} in the file, {expected} here)")]
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
    /// A file does not describe the unit its name says, or contradicts itself (damaged or
    /// edited).
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

/// The files of one search's units.
pub struct UnitStore {
    files: Box<dyn UnitFiles>,
    stamp: Stamp,
}

/// The board of a store's results, and the files refused on the way.
pub struct Loaded<'p> {
    /// Every unit result the store holds that belongs to the plan.
    pub board: Board<'p>,
    /// The files that do not, each set aside as [`REFUSED_SUFFIX`] (each error names its
    /// file); their units are solved again where the proof needs them.
    pub refused: Vec<StoreError>,
}

/// What a refused unit file's name gets: `unit-00042.json.refused`. It is never read again, and
/// kept for a person to look into.
pub const REFUSED_SUFFIX: &str = ".refused";

impl UnitStore {
    /// The store of `plan`'s units in `files`.
    pub fn new(files: impl UnitFiles + 'static, plan: &Plan) -> UnitStore {
        UnitStore { files: Box::new(files), stamp: plan.stamp() }
    }

    /// The files.
    pub fn files(&self) -> &dyn UnitFiles {
        self.files.as_ref()
    }

    fn name_of(unit: usize) -> String {
        format!("unit-{unit:05}.json")
    }

    /// The board of `plan` with every unit result the files hold. A file that cannot be read
    /// whole, is not a unit file of this form, belongs to another search, or does not fit its
    /// unit (its name, its first guess and reply, its budget, its digest, its tree and total) is
    /// left out, listed in [`Loaded::refused`] and renamed with [`REFUSED_SUFFIX`], so that it
    /// is refused once; its unit counts as not done. Fails when the files cannot be listed or a
    /// refused one cannot be renamed, and when no file belongs to this search and some belong
    /// to another (a folder used for another search: nothing is touched).
    pub fn load<'p>(&self, plan: &'p Plan) -> Result<Loaded<'p>, StoreError> {
        let mut names = self
            .files
            .names()
            .map_err(|error| StoreError::Io { path: self.files.path(""), error })?;
        names.retain(|name| name.starts_with("unit-") && name.ends_with(".json"));
        names.sort();
        let mut board = Board::new(plan);
        let mut refused = Vec::new();
        for name in names {
            match self.read(&name, plan) {
                Ok(result) => board.record(result),
                Err(error) => refused.push((name, error)),
            }
        }
        // Files of another search and none of this one: the wrong folder, left as it is.
        if board.units_done() == 0
            && let Some(index) =
                refused.iter().position(|(_, e)| matches!(e, StoreError::OtherSearch { .. }))
        {
            return Err(refused.swap_remove(index).1);
        }
        for (name, _) in &refused {
            let aside = format!("{name}{REFUSED_SUFFIX}");
            self.files
                .rename(name, &aside)
                .map_err(|error| StoreError::Io { path: self.files.path(name), error })?;
        }
        Ok(Loaded { board, refused: refused.into_iter().map(|(_, e)| e).collect() })
    }

    /// The result file `name` holds, checked against `plan`.
    fn read(&self, name: &str, plan: &Plan) -> Result<UnitResult, StoreError> {
        let path = self.files.path(name);
        let damaged = |what: String| StoreError::Damaged { path: path.clone(), what };
        let bytes = match self.files.read(name) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Err(damaged("it went away while it was read".into())),
            Err(error) => return Err(StoreError::Io { path, error }),
        };
        let file: UnitFile = serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Json { path: path.clone(), message: e.to_string() })?;
        let stored = file.unit;
        if let Some((field, found, expected)) = first_difference(&stored.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        let text = serde_json::to_string(&stored).expect("a unit serialises");
        if digest_of(&text) != file.digest {
            return Err(damaged("its content does not match its digest (edited?)".into()));
        }
        let unit = plan
            .units
            .get(stored.unit)
            .filter(|_| name == UnitStore::name_of(stored.unit))
            .ok_or_else(|| damaged(format!("it holds unit {}", stored.unit)))?;
        let first = &plan.first_guesses[unit.first_guess];
        let expected = (first.guess.to_string(), unit.reply.to_string(), unit.secrets.len());
        let found = (stored.first_guess.clone(), stored.reply.clone(), stored.secrets);
        if found != expected {
            return Err(damaged(format!(
                "unit {} is {} {} with {} secrets here, not {} {} with {}",
                stored.unit, expected.0, expected.1, expected.2, found.0, found.1, found.2
            )));
        }
        let outcome = match stored.outcome {
            StoredOutcome::Solved { total, guesses } if total < unit.budget => {
                let tree = rebuild(&plan.ctx, &unit.secrets, &guesses)
                    .ok_or_else(|| damaged("its tree does not fit the unit's secrets".into()))?;
                let tree_total = super::tree_codec::total(&tree);
                if tree_total != u64::from(total) {
                    return Err(damaged(format!(
                        "its total {total} disagrees with its tree's, {tree_total}"
                    )));
                }
                UnitOutcome::Solved { total, guesses }
            }
            StoredOutcome::Refuted { at_least } if at_least >= unit.budget => {
                UnitOutcome::Refuted { at_least }
            }
            _ => {
                return Err(damaged(format!("its outcome contradicts its budget {}", unit.budget)));
            }
        };
        Ok(UnitResult { unit: stored.unit, outcome, nodes: stored.nodes, seconds: stored.seconds })
    }

    /// The lower bounds raised earlier for `plan` in these files (`None` when there are none),
    /// checked against the plan. Unlike a unit file, a bounds file that does not belong is an
    /// error: it holds every round's work, and the caller decides what becomes of it.
    pub fn load_bounds(&self, plan: &Plan) -> Result<Option<Bounds>, StoreError> {
        let path = self.files.path(BOUNDS_FILE);
        let bytes = match self.files.read(BOUNDS_FILE) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(None),
            Err(error) => return Err(StoreError::Io { path, error }),
        };
        let file: BoundsFile = serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Json { path: path.clone(), message: e.to_string() })?;
        if let Some((field, found, expected)) = first_difference(&file.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        let progress =
            Rounds { rounds: file.rounds, nodes: file.nodes, round_nodes: file.round_nodes };
        Bounds::resume(plan, file.units, progress).map(Some).ok_or_else(|| StoreError::Damaged {
            path,
            what: "its bounds do not fit the plan's units".into(),
        })
    }

    /// Writes `bounds`, so that a later run continues from them.
    pub fn save_bounds(&self, bounds: &Bounds) -> Result<(), StoreError> {
        let Rounds { rounds, nodes, round_nodes } = bounds.progress();
        let file = BoundsFile {
            stamp: self.stamp.clone(),
            lower_bound: bounds.lower_bound,
            rounds,
            nodes,
            round_nodes,
            units: bounds.units.clone(),
        };
        self.write(BOUNDS_FILE, &serde_json::to_string(&file).expect("bounds serialise"))
    }

    /// Writes `result` as its unit's file, sealed with its digest.
    pub fn save(&self, plan: &Plan, result: &UnitResult) -> Result<(), StoreError> {
        let unit = &plan.units[result.unit];
        let stored = StoredUnit {
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
        let digest = digest_of(&serde_json::to_string(&stored).expect("a unit serialises"));
        let text = serde_json::to_string(&UnitFile { unit: stored, digest })
            .expect("a unit file serialises");
        self.write(&UnitStore::name_of(result.unit), &text)
    }

    fn write(&self, name: &str, text: &str) -> Result<(), StoreError> {
        self.files
            .write(name, text.as_bytes())
            .map_err(|error| StoreError::Io { path: self.files.path(name), error })
    }
}

/// The first field in which two stamps differ, with both values.
fn first_difference(found: &Stamp, expected: &Stamp) -> Option<(&'static str, String, String)> {
    let fields: [(&'static str, String, String); 9] = [
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
        ("plan", found.plan.clone(), expected.plan.clone()),
        ("version", found.version.clone(), expected.version.clone()),
    ];
    fields.into_iter().find(|(_, a, b)| a != b)
}
