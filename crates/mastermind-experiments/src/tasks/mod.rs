//! The kinds of experiment, each behind one trait: validated, runnable, reportable.
//!
//! A kind is a module here with three parts: its raw spec (serde types in `spec.rs`), validation
//! into a plan, and the report that turns its stored rows into tables and figures. A plan made of
//! independent units implements [`executor::Kind`] (its units, how to run one into typed rows
//! declared with [`record!`](crate::record), and its report), and the executor makes it a
//! [`Task`]; a kind that runs as one piece (a sequential descent) implements [`Task`] itself. The
//! runner knows only [`Task`]; [`RawTask`](crate::spec::raw::RawTask) is the one enum that lists
//! the kinds.

pub mod executor;
pub mod first_guess;
pub mod fixed_games;
pub mod games;
pub mod importance;
pub mod justus;
pub mod mh_budget;
pub mod partitions;
mod readings;
pub mod record;
pub mod trees;

use crate::error::Result;
use crate::spec::{SpecError, SpecFile};
use mastermind_core::progress::Progress;
use mastermind_report::plot::NamedFigure;
use mastermind_report::table::Table;
use polars::prelude::DataFrame;

/// A validated experiment of some kind, ready to run and to report.
pub trait Task: Send + Sync {
    /// Units of work (games, runs, steps), which [`run`](Task::run) counts into its progress.
    fn units(&self) -> u64;

    /// Runs the experiment with every random stream derived from `seed`; returns the result
    /// table (one row per game, run or step). Must give the same table whatever the thread count.
    /// Each unit done is counted into `progress`, from any thread.
    fn run(&self, seed: u64, progress: &dyn Progress) -> Result<DataFrame>;

    /// Renders tables and figures from a stored result table.
    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered>;

    /// Runs only the units of `shard`, each with the seed an unsharded run gives it, into a table
    /// with a `unit` column (the unit's index in the unsharded order) so that the parts of every
    /// shard can be merged back into the unsharded table, row for row. Kinds that run as one
    /// piece (a descent, an exact table) refuse.
    fn run_shard(&self, seed: u64, shard: Shard, progress: &dyn Progress) -> Result<DataFrame> {
        let _ = (seed, progress);
        crate::error::bail!(
            "this kind of experiment runs as one piece and cannot be split into shards (asked for \
             {shard}); run it without --shard"
        )
    }

    /// Joins the tables of every shard's run (each with its `unit` column) into the unsharded
    /// table, refusing unless they hold every unit exactly once. Kinds that run as one piece
    /// have no shards to merge.
    fn merge(&self, parts: Vec<DataFrame>) -> Result<DataFrame> {
        let _ = parts;
        crate::error::bail!("this kind of experiment runs as one piece and has no shards to merge")
    }

    /// An estimate of the run's work and memory, for the budget check before anything runs
    /// ([`crate::budget`]). The default allows a hundredth of a second and one result row per
    /// unit; kinds whose units cost more override it.
    fn cost(&self) -> crate::budget::Cost {
        cost_per_unit(self.units())
    }

    /// Fingerprints of the data files the task reads beside its spec (recorded games), one a
    /// line: part of the result's cache key, so that a changed file makes the result stale
    /// (default: none).
    fn inputs(&self) -> String {
        String::new()
    }

    /// How long each prepared player took to build (a strategy tree, the exact search), by arm,
    /// once a run has prepared them: stored in the result's manifest (default: none).
    fn build_times(&self) -> Vec<(String, f64)> {
        Vec::new()
    }
}

/// The default estimate of `units` units of work: a hundredth of a second and one result row
/// each.
pub(crate) fn cost_per_unit(units: u64) -> crate::budget::Cost {
    use crate::budget::{BYTES_PER_ROW, Cost, Driver, REFERENCE_CORES};
    let units = units as f64;
    let detail = format!("{units} units of work");
    let driver = |detail| Driver { path: "task".into(), key: "task".into(), anchor: None, detail };
    Cost {
        seconds: units * 0.01 / REFERENCE_CORES,
        bytes: units * BYTES_PER_ROW,
        time: driver(detail.clone()),
        memory: driver(detail),
    }
}

/// A deterministic slice of a plan's units: those whose index leaves remainder `index` when
/// divided by `count` (written `index/count`, from `0/count` to `count-1/count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// The most shards a run may be split into.
    pub const MAX_COUNT: u32 = 100_000;

    /// Reads `I/N` with `0 <= I < N <= MAX_COUNT`.
    pub fn parse(text: &str) -> Option<Shard> {
        let (index, count) = text.split_once('/')?;
        let (index, count) = (index.trim().parse().ok()?, count.trim().parse().ok()?);
        ((1..=Self::MAX_COUNT).contains(&count) && index < count).then_some(Shard { index, count })
    }

    /// Whether unit `unit` belongs to this slice.
    pub fn contains(&self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Under what title and rules a task's report is written. A report writes no file: it describes
/// its figures and exports, and the runner puts them beside the spec's tables.
#[derive(Debug, Clone)]
pub struct ReportContext<'a> {
    /// `"<paper> — <section>"`, for captions and figure titles.
    pub title: &'a str,
    /// How the spec's claims are judged.
    pub judging: &'a crate::spec::raw::Judging,
}

/// What a task's report produced.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    /// Tables, in order.
    pub tables: Vec<Table>,
    /// Figures to draw, in order, each as `<spec>-<name>.png` and `.svg`.
    pub figures: Vec<NamedFigure>,
    /// Other files to write beside the figures (a strategy tree as JSON), in order.
    pub exports: Vec<Export>,
    /// Paragraphs of findings shown after the tables.
    pub notes: Vec<String>,
    /// The paper's claims this spec tests, each with its verdict from the data.
    pub verdicts: Vec<mastermind_report::verdict::Verdict>,
}

/// A text file a report asks to be written beside its figures: `<spec>-<name>.<extension>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The file name's suffix after the spec's.
    pub name: String,
    /// The extension (`json`).
    pub extension: String,
    /// The file's contents.
    pub text: String,
}

/// A kind's spec as a RON file writes it, validated into a runnable plan for a profile.
pub trait Validate {
    /// The validated plan.
    type Plan: Task + 'static;

    /// Checks every value for `profile`, naming file, line and field of the first mistake.
    fn validate(
        &self,
        ctx: &PlanContext<'_>,
        profile: crate::spec::scaled::Profile,
    ) -> Result<Self::Plan, SpecError>;
}

/// What validation of a task can see: the spec file (for error locations) and its seed.
pub struct PlanContext<'a> {
    /// The spec being validated.
    pub spec: &'a SpecFile,
}

impl PlanContext<'_> {
    /// The spec's seed.
    pub fn seed(&self) -> u64 {
        self.spec.raw.seed
    }

    /// An error at the first line, at or after the line holding the quoted `anchor`, that names
    /// `field` (the first line of the file when there is no anchor); `path` is the field's path
    /// shown to the user.
    pub fn error(
        &self,
        anchor: Option<&str>,
        field: &str,
        path: &str,
        message: String,
        hint: &str,
    ) -> SpecError {
        SpecError {
            file: self.spec.path.clone(),
            line: locate(&self.spec.source, anchor, field),
            column: None,
            field: path.to_owned(),
            message,
            hint: (!hint.is_empty()).then(|| hint.to_owned()),
        }
    }
}

impl PlanContext<'_> {
    /// A player configuration refused by its crate: the line of the field at fault (its last
    /// name, searched from the line that holds the quoted `anchor`), shown by its path under
    /// `player_at` (`task.player`, `task.arms[2].player`) and not again in the message, which
    /// says the value and why it is refused; `context` is appended to the message.
    pub fn player_error(
        &self,
        anchor: Option<&str>,
        player_at: &str,
        e: &mastermind_core::InvalidParameter,
        context: &str,
    ) -> SpecError {
        let path = format!("{player_at}.{}", e.field);
        self.error(anchor, e.name(), &path, format!("{}{context}", e.refusal()), "")
    }

    /// Checks that `value`, the spec's `task.<field>`, lies in `range`; otherwise an error that
    /// reads "`value` `unit`; use `start` to `end`", with `hint` (empty for none).
    pub fn check_range<T: PartialOrd + std::fmt::Display>(
        &self,
        field: &str,
        value: T,
        range: std::ops::RangeInclusive<T>,
        unit: &str,
        hint: &str,
    ) -> Result<(), SpecError> {
        if range.contains(&value) {
            return Ok(());
        }
        let message = format!("{value} {unit}; use {} to {}", range.start(), range.end());
        Err(self.error(None, field, &format!("task.{field}"), message, hint))
    }

    /// Checks that every game of the spec's list `task.<field>` has at most `max_codes` codes;
    /// otherwise an error naming the game's index, saying it is too large "for `what`", with
    /// `hint`.
    pub fn check_games(
        &self,
        field: &str,
        games: &[mastermind_core::Game],
        max_codes: u64,
        what: &str,
        hint: &str,
    ) -> Result<(), SpecError> {
        match games.iter().position(|g| g.size().is_none_or(|n| n > max_codes)) {
            None => Ok(()),
            Some(i) => Err(self.error(
                None,
                field,
                &format!("task.{field}[{i}]"),
                format!("{} has too many codes for {what} (at most {max_codes})", games[i]),
                hint,
            )),
        }
    }

    /// Checks that every game of `task.<field>` lets colours repeat: `what` (a table over colour
    /// patterns, or Snyder's first-guess shares) has no meaning without repeats.
    pub fn check_games_repeat(
        &self,
        field: &str,
        games: &[mastermind_core::Game],
        what: &str,
    ) -> Result<(), SpecError> {
        match games.iter().position(|g| !g.repeats()) {
            None => Ok(()),
            Some(i) => Err(self.error(
                None,
                field,
                &format!("task.{field}[{i}]"),
                format!("{} has no repeated colours, and {what} compares colour patterns", games[i]),
                "every code of a game without repeats has the one pattern ABCD...; drop `repeats: false`",
            )),
        }
    }

    /// Checks that the spec's list `task.<field>` has at least one entry; otherwise an error that
    /// reads "no `field`: `consequence`", with `hint`.
    pub fn check_listed<T>(
        &self,
        field: &str,
        list: &[T],
        consequence: &str,
        hint: &str,
    ) -> Result<(), SpecError> {
        if !list.is_empty() {
            return Ok(());
        }
        let message = format!("no {field}: {consequence}");
        Err(self.error(None, field, &format!("task.{field}"), message, hint))
    }
}

/// The 1-based line of the first occurrence of `field:` at or after the line that holds `anchor`
/// (quoted, as labels are written), or of `anchor` itself when `field` is empty.
pub(crate) fn locate(source: &str, anchor: Option<&str>, field: &str) -> Option<usize> {
    let lines: Vec<&str> = source.lines().collect();
    let start = match anchor {
        Some(a) => lines.iter().position(|l| l.contains(&format!("{a:?}")))?,
        None => 0,
    };
    if field.is_empty() {
        return Some(start + 1);
    }
    let needle = format!("{field}:");
    lines[start..]
        .iter()
        .position(|l| {
            l.trim_start().starts_with(&needle)
                || l.contains(&format!(" {needle}"))
                || l.contains(&format!("({needle}"))
        })
        .map(|i| start + i + 1)
        .or(anchor.map(|_| start + 1))
}
