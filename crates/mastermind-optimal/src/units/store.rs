//! Unit results as files: one JSON file per unit, named by its first guess and reply, stamped
//! with the game and options it was solved for and sealed with a digest of its content, plus one
//! file of the lower bounds raised so far. The crate decides the files' names, their form and
//! what makes one valid; where they live and how they are written is the caller's, through
//! [`UnitFiles`]. A killed run loses at most the units in flight; a rerun reads what is there and
//! runs the rest.
//!
//! A unit's result is a fact about its secrets: their optimum below the budget it was searched
//! within, or a lower bound at least that budget. It holds for any plan that has the unit, with
//! any budget, so results survive a change of the plan (a better known tree, tighter bounds): a
//! solved unit whose total reaches the plan's budget refutes its first guess, and a bound below
//! the plan's budget is kept as a bound (the unit is searched again if its first guess is still
//! in). A file that does not belong (truncated, edited, written for another game, option or
//! format) is refused by name and set aside, and its unit solved again, while the other files
//! are used: see [`UnitStore::load`].

use super::board::Board;
use super::bounds::{Bounds, Rounds, UnitBound};
use super::files::UnitFiles;
use super::plan::{Plan, Unit, UnitOutcome, UnitResult};
use super::tree_codec::{rebuild, total};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use thiserror::Error;

/// Version of the unit file format.
const FORMAT: u32 = 2;

/// What a file whose digest does not match its content is told.
const UNSEALED: &str = "its content does not match its digest (edited?)";

/// The name of the file of raised lower bounds.
const BOUNDS_FILE: &str = "lower-bounds.json";

/// What a refused unit file's name gets: `unit-AABBC-1B2W.json.refused`. It is never read
/// again, and kept for a person to look into.
pub const REFUSED_SUFFIX: &str = ".refused";

/// A file's content and the digest of its text as written: `{"<what>":{...},"digest":"..."}`
/// (units under `"unit"`, the bounds under `"bounds"`).
fn seal(what: &str, body: &str) -> String {
    format!("{{\"{what}\":{body},\"digest\":\"{}\"}}", digest_of(body))
}

/// Whether `bytes` are a file [`seal`] wrote for `what` with `digest`, unchanged since. (The
/// digest is of the text as written: serde_json does not read floats back exactly.)
fn is_sealed(bytes: &[u8], what: &str, digest: &str) -> bool {
    let body = std::str::from_utf8(bytes)
        .ok()
        .and_then(|text| text.strip_prefix(&format!("{{\"{what}\":")))
        .and_then(|text| text.strip_suffix(&format!(",\"digest\":\"{digest}\"}}")));
    body.is_some_and(|body| digest_of(body) == digest)
}

/// What makes unit results parts of one search: the game, the options that change the optimum,
/// and the file format. (The crate version that wrote a file is recorded beside it, for a
/// person reading it: a unit's result does not depend on the code that found it.)
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
        }
    }
}

/// FNV-1a, 64 bits, as 16 hexadecimal digits: a digest that stays the same across versions and
/// machines (the standard library's hashers promise neither). It detects damage and edits, not
/// forgeries.
fn digest_of(text: &str) -> String {
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        digest = (digest ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{digest:016x}")
}

/// The bounds file: the bounds, and the digest of their text as written.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SealedBounds {
    bounds: BoundsFile,
    /// The digest of `bounds`' text as written, compact JSON (16 hexadecimal digits).
    digest: String,
}

/// The lower bounds raised so far, one per unit of the plan they were raised for.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoundsFile {
    stamp: Stamp,
    /// The total of the known tree the plan was made from (the bounds are per unit of that
    /// plan, in its order).
    upper_bound: u64,
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
    /// The digest of `unit`'s text as written, compact JSON (16 hexadecimal digits).
    digest: String,
}

/// What a unit's file says about it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredUnit {
    stamp: Stamp,
    /// The version of the crate that wrote the file (not checked).
    version: String,
    /// The first guess, as letters.
    first_guess: String,
    /// The reply, as `1B2W`.
    reply: String,
    secrets: usize,
    /// The budget it was searched within.
    budget: u32,
    outcome: StoredOutcome,
    nodes: u64,
    seconds: f64,
}

/// The start of any version's unit file, read leniently: its format.
#[derive(Debug, Deserialize)]
struct Probe {
    unit: ProbeUnit,
}

#[derive(Debug, Deserialize)]
struct ProbeUnit {
    stamp: ProbeStamp,
}

#[derive(Debug, Deserialize)]
struct ProbeStamp {
    format: u32,
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
    /// A file belongs to another search (another game, option or file format; for the bounds
    /// file, another plan).
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

/// The files of one search's units.
pub struct UnitStore {
    files: Box<dyn UnitFiles>,
    stamp: Stamp,
}

/// The board of a store's results, and the files refused on the way.
pub struct Loaded<'p> {
    /// Every unit result the store holds for a unit of the plan.
    pub board: Board<'p>,
    /// The files that do not belong, each set aside with [`REFUSED_SUFFIX`] (each error names
    /// its file); their units are solved again where the proof needs them.
    pub refused: Vec<StoreError>,
}

impl UnitStore {
    /// The store of `plan`'s units in `files`.
    pub fn new(files: impl UnitFiles + 'static, plan: &Plan) -> UnitStore {
        UnitStore { files: Box::new(files), stamp: plan.stamp() }
    }

    /// The files.
    pub fn files(&self) -> &dyn UnitFiles {
        self.files.as_ref()
    }

    /// The name of `unit`'s file: `unit-AABBC-1B2W.json`, its first guess and reply.
    pub fn name_of(plan: &Plan, unit: &Unit) -> String {
        format!("unit-{}-{}.json", plan.first_guesses[unit.first_guess].guess, unit.reply)
    }

    /// The board of `plan` with every unit result the files hold. A file that cannot be read
    /// whole, is not a unit file of this form, was written for another game, option or format,
    /// or does not fit its unit (its first guess, reply and secrets, its digest, its budget, its
    /// tree and total) is left out, listed in [`Loaded::refused`] and renamed with
    /// [`REFUSED_SUFFIX`], so that it is refused once; its unit counts as not done. Files of
    /// units the plan does not have (a first guess a better known tree rules out) are left as
    /// they are. Fails when the files cannot be listed or a refused one cannot be renamed, and
    /// when no file belongs to this search and some belong to another (a folder used for
    /// another search: nothing is touched).
    pub fn load<'p>(&self, plan: &'p Plan) -> Result<Loaded<'p>, StoreError> {
        let mut names = self
            .files
            .names()
            .map_err(|error| StoreError::Io { path: self.files.path(""), error })?;
        names.retain(|name| name.starts_with("unit-") && name.ends_with(".json"));
        names.sort();
        let by_name: FxHashMap<String, usize> =
            plan.units.iter().map(|u| (UnitStore::name_of(plan, u), u.index)).collect();
        let mut board = Board::new(plan);
        let mut refused = Vec::new();
        for name in names {
            let Some(&index) = by_name.get(&name) else {
                continue;
            };
            match self.read(&name, &plan.units[index], plan) {
                Ok(result) => board.record(result),
                Err(error) => refused.push((name, error)),
            }
        }
        // Files of another search and none of this one: the wrong folder, left as it is.
        if board.results().iter().all(Option::is_none)
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

    /// The result file `name` holds for `unit`, checked.
    fn read(&self, name: &str, unit: &Unit, plan: &Plan) -> Result<UnitResult, StoreError> {
        let path = self.files.path(name);
        let damaged = |what: String| StoreError::Damaged { path: path.clone(), what };
        let bytes = match self.files.read(name) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Err(damaged("it went away while it was read".into())),
            Err(error) => return Err(StoreError::Io { path, error }),
        };
        if let Ok(probe) = serde_json::from_slice::<Probe>(&bytes)
            && probe.unit.stamp.format != FORMAT
        {
            let (field, found, expected) =
                ("format", probe.unit.stamp.format.to_string(), FORMAT.to_string());
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        let file: UnitFile = serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Json { path: path.clone(), message: e.to_string() })?;
        let stored = file.unit;
        if let Some((field, found, expected)) = first_difference(&stored.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        if !is_sealed(&bytes, "unit", &file.digest) {
            return Err(damaged(UNSEALED.into()));
        }
        let first = &plan.first_guesses[unit.first_guess];
        let expected = (first.guess.to_string(), unit.reply.to_string(), unit.secrets.len());
        let found = (stored.first_guess.clone(), stored.reply.clone(), stored.secrets);
        if found != expected {
            return Err(damaged(format!(
                "it holds {} {} with {} secrets, not the unit of its name, {} {} with {}",
                found.0, found.1, found.2, expected.0, expected.1, expected.2
            )));
        }
        let budget = stored.budget;
        let outcome = match stored.outcome {
            StoredOutcome::Solved { total: solved, guesses } if solved < budget => {
                let tree = rebuild(&plan.ctx, &unit.secrets, &guesses)
                    .ok_or_else(|| damaged("its tree does not fit the unit's secrets".into()))?;
                let tree_total = total(&tree);
                if tree_total != u64::from(solved) {
                    return Err(damaged(format!(
                        "its total {solved} disagrees with its tree's, {tree_total}"
                    )));
                }
                if solved < unit.budget {
                    UnitOutcome::Solved { total: solved, guesses }
                } else {
                    // Solved within a larger budget than this plan's: it refutes its first guess.
                    UnitOutcome::Refuted { at_least: solved }
                }
            }
            StoredOutcome::Refuted { at_least } if at_least >= budget => {
                UnitOutcome::Refuted { at_least }
            }
            _ => return Err(damaged(format!("its outcome contradicts its budget {budget}"))),
        };
        let (nodes, seconds) = (stored.nodes, stored.seconds);
        Ok(UnitResult { unit: unit.index, budget, outcome, nodes, seconds })
    }

    /// The lower bounds raised earlier for `plan` in these files (`None` when there are none,
    /// or when they were raised for a plan made from another known tree, whose units differ),
    /// checked against the plan. Unlike a unit file, a bounds file that does not belong is an
    /// error: it holds every round's work, and the caller decides what becomes of it.
    pub fn load_bounds(&self, plan: &Plan) -> Result<Option<Bounds>, StoreError> {
        let path = self.files.path(BOUNDS_FILE);
        let bytes = match self.files.read(BOUNDS_FILE) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(None),
            Err(error) => return Err(StoreError::Io { path, error }),
        };
        let sealed: SealedBounds = serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Json { path: path.clone(), message: e.to_string() })?;
        if !is_sealed(&bytes, "bounds", &sealed.digest) {
            return Err(StoreError::Damaged { path, what: UNSEALED.into() });
        }
        let file = sealed.bounds;
        if let Some((field, found, expected)) = first_difference(&file.stamp, &self.stamp) {
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        if file.upper_bound != plan.upper_bound {
            let (found, expected) = (file.upper_bound.to_string(), plan.upper_bound.to_string());
            let field = "upper_bound";
            return Err(StoreError::OtherSearch { path, field, found, expected });
        }
        let progress =
            Rounds { rounds: file.rounds, nodes: file.nodes, round_nodes: file.round_nodes };
        Bounds::resume(plan, file.units, progress).map(Some).ok_or_else(|| StoreError::Damaged {
            path,
            what: "its bounds do not fit the plan's units".into(),
        })
    }

    /// Writes `bounds` (raised for `plan`), so that a later run continues from them.
    pub fn save_bounds(&self, plan: &Plan, bounds: &Bounds) -> Result<(), StoreError> {
        let Rounds { rounds, nodes, round_nodes } = bounds.progress();
        let file = BoundsFile {
            stamp: self.stamp.clone(),
            upper_bound: plan.upper_bound,
            lower_bound: bounds.lower_bound,
            rounds,
            nodes,
            round_nodes,
            units: bounds.units.clone(),
        };
        self.write(
            BOUNDS_FILE,
            &seal("bounds", &serde_json::to_string(&file).expect("bounds serialise")),
        )
    }

    /// Writes `result` as its unit's file, sealed with its digest.
    pub fn save(&self, plan: &Plan, result: &UnitResult) -> Result<(), StoreError> {
        let unit = &plan.units[result.unit];
        let stored = StoredUnit {
            stamp: self.stamp.clone(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            first_guess: plan.first_guesses[unit.first_guess].guess.to_string(),
            reply: unit.reply.to_string(),
            secrets: unit.secrets.len(),
            budget: result.budget,
            outcome: match &result.outcome {
                UnitOutcome::Solved { total, guesses } => {
                    StoredOutcome::Solved { total: *total, guesses: guesses.clone() }
                }
                UnitOutcome::Refuted { at_least } => StoredOutcome::Refuted { at_least: *at_least },
            },
            nodes: result.nodes,
            seconds: result.seconds,
        };
        let text = seal("unit", &serde_json::to_string(&stored).expect("a unit serialises"));
        debug_assert!(serde_json::from_str::<UnitFile>(&text).is_ok());
        self.write(&UnitStore::name_of(plan, unit), &text)
    }

    fn write(&self, name: &str, text: &str) -> Result<(), StoreError> {
        self.files
            .write(name, text.as_bytes())
            .map_err(|error| StoreError::Io { path: self.files.path(name), error })
    }
}

/// The first field in which two stamps differ, with both values.
fn first_difference(found: &Stamp, expected: &Stamp) -> Option<(&'static str, String, String)> {
    let fields: [(&'static str, String, String); 5] = [
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
    ];
    fields.into_iter().find(|(_, a, b)| a != b)
}
