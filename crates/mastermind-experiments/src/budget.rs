//! The budget check: before anything runs, a plan's work and memory are estimated, and a plan that
//! would not finish within the budget (by default a few hours on a 2-core, 24 GiB machine) is
//! refused with an error naming the field that drives the cost and the estimate, unless the
//! person asks for it explicitly (`--max-hours`, `--max-memory`, `--no-budget`).
//!
//! The estimates are coarse on purpose: an upper bound within an order of magnitude, from counts
//! the plan knows (codes enumerated, games, steps) and a cost per elementary operation (a score
//! or a consistency check, [`NANOS_PER_OPERATION`]). They exist to stop a typo that asks for
//! years, not to predict a run's time.

use crate::plan::Plan;
use crate::spec::SpecError;
use std::fmt;

/// Nanoseconds per elementary operation (a score, a consistency check), with allowances for the
/// work around it; measured runs of the repository's specs take a fraction of the estimate.
pub const NANOS_PER_OPERATION: f64 = 2.0;

/// Worker threads assumed by the default budget: a 2-core machine.
pub const REFERENCE_CORES: f64 = 2.0;

/// Bytes of memory a code takes in a code set or a list of secrets.
pub const BYTES_PER_CODE: f64 = 32.0;

/// Bytes one result row takes on its way to Parquet (records, columns, encoded file).
pub const BYTES_PER_ROW: f64 = 200.0;

/// What a run may cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Hours of work on [`REFERENCE_CORES`] cores.
    pub max_hours: f64,
    /// Bytes of memory.
    pub max_memory: f64,
}

impl Budget {
    /// Default hours per spec.
    pub const DEFAULT_HOURS: f64 = 4.0;
    /// Default memory per spec, in GiB: room for the system on a 24 GiB machine.
    pub const DEFAULT_GIB: f64 = 16.0;

    /// No limit (`--no-budget`).
    pub fn unlimited() -> Budget {
        Budget { max_hours: f64::INFINITY, max_memory: f64::INFINITY }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_hours: Self::DEFAULT_HOURS, max_memory: Self::DEFAULT_GIB * GIB }
    }
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// The spec field a cost comes from: its path, the key written in the file, and the label of the
/// arm it belongs to (to find its line).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Driver {
    /// The field's path (`task.arms[2].player`).
    pub path: String,
    /// The key as written (`player`), to find its line.
    pub key: String,
    /// The label of the arm holding it, if any.
    pub anchor: Option<String>,
    /// What the estimate is made of, for the message.
    pub detail: String,
}

impl Driver {
    /// A top-level field of the task (`task.<key>`).
    pub fn task(key: &str, detail: String) -> Driver {
        Driver { path: format!("task.{key}"), key: key.to_owned(), anchor: None, detail }
    }
}

/// An estimate of a plan's cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    /// Seconds of work on [`REFERENCE_CORES`] cores.
    pub seconds: f64,
    /// Peak bytes of memory.
    pub bytes: f64,
    /// What drives the time.
    pub time: Driver,
    /// What drives the memory.
    pub memory: Driver,
}

impl Cost {
    /// The cost of `operations` elementary operations spread over the reference cores.
    pub fn seconds_of(operations: f64) -> f64 {
        operations * NANOS_PER_OPERATION * 1e-9 / REFERENCE_CORES
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {}", hours(self.seconds), gib(self.bytes))
    }
}

fn hours(seconds: f64) -> String {
    format!("about {:.2e} hours of work on {REFERENCE_CORES} cores", seconds / 3600.0)
}

fn gib(bytes: f64) -> String {
    format!("about {:.2e} GiB of memory", bytes / GIB)
}

/// Checks a plan's estimated cost against `budget`; the error names the field and the estimate.
pub fn check(plan: &Plan, budget: &Budget) -> Result<Cost, SpecError> {
    let cost = plan.task.cost();
    // A NaN estimate counts as over the budget.
    let within = |value: f64, limit: f64| value.partial_cmp(&limit).is_some_and(|o| o.is_le());
    let over_time = !within(cost.seconds, budget.max_hours * 3600.0);
    let over_memory = !within(cost.bytes, budget.max_memory);
    if !over_time && !over_memory {
        return Ok(cost);
    }
    let (driver, message, hint) = if over_time {
        (
            &cost.time,
            format!(
                "{} ({}), more than the budget of {} hours",
                hours(cost.seconds),
                cost.time.detail,
                budget.max_hours
            ),
            format!(
                "lower it; or, if it is meant, allow it with --max-hours {:.0} (or --no-budget)",
                (cost.seconds / 3600.0).ceil().max(1.0)
            ),
        )
    } else {
        (
            &cost.memory,
            format!(
                "{} ({}), more than the budget of {:.1} GiB",
                gib(cost.bytes),
                cost.memory.detail,
                budget.max_memory / GIB
            ),
            format!(
                "lower it; or, if the machine has the memory, allow it with --max-memory {:.0} (GiB)",
                (cost.bytes / GIB).ceil()
            ),
        )
    };
    Err(SpecError {
        file: plan.path.clone(),
        line: crate::tasks::locate(&plan.source, driver.anchor.as_deref(), &driver.key),
        column: None,
        field: driver.path.clone(),
        message,
        hint: Some(hint),
    })
}
