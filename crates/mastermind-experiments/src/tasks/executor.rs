//! The one executor of every kind made of independent units of work.
//!
//! A kind says what its units are, how a unit is identified (its random stream derives from the
//! spec seed and that identity), how to run one unit into typed rows, and how to report rows.
//! Everything else is here, once: the thread pool, the seeds, the progress, the order of the
//! stored rows, sharding, the merge of shards, and the conversion to and from Parquet (through
//! the kind's [`Record`]). Every [`Kind`] is a [`Task`], so the runner sees one interface.

use super::record::{ColumnValue, Record, column};
use super::{Rendered, ReportContext, Shard, Task};
use crate::budget::Cost;
use crate::error::{Context, Result, bail};
use mastermind_core::progress::Progress;
use mastermind_core::seed::derive_seed;
use polars::prelude::DataFrame;
use rayon::prelude::*;

/// The column of a shard's part that holds each row's unit index; merged results do not have it.
pub const UNIT_COLUMN: &str = "unit";

/// A kind of experiment made of independent units (a game, a run, a tree).
pub trait Kind: Send + Sync {
    /// What one unit of work is.
    type Unit: Send + Sync;
    /// One row of the kind's stored table.
    type Row: Record;

    /// Whether units run side by side on the pool; `false` where one unit already uses every
    /// thread (a strategy tree's subtrees), so that its wall time is its own.
    const PARALLEL_UNITS: bool = true;

    /// Every unit, in the order of the stored table.
    fn units(&self) -> Vec<Self::Unit>;

    /// The unit's identity: its random stream's seed is `derive_seed(spec seed, identity)`.
    fn identity(&self, unit: &Self::Unit) -> Vec<u64>;

    /// Runs one unit with the seed of its identity; its rows, in order.
    fn run_unit(&self, unit: &Self::Unit, seed: u64) -> Result<Vec<Self::Row>>;

    /// Renders the tables and figures of the stored rows.
    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<Self::Row>) -> Result<Rendered>;

    /// An estimate of the run's work and memory (default: a hundredth of a second and one row
    /// per unit).
    fn cost(&self) -> Cost {
        super::cost_per_unit(self.units().len() as u64)
    }

    /// Fingerprints of the data files the kind reads beside its spec (recorded games), one a
    /// line: part of the result's cache key (default: none).
    fn inputs(&self) -> String {
        String::new()
    }

    /// An estimate of each unit's time, in any unit, which starts the costliest units first so
    /// that a long one does not run alone at the end while a thread idles (default: none, units
    /// start in table order). Rows are stored in unit order whatever order the units ran in.
    fn unit_weights(&self, _units: &[Self::Unit]) -> Option<Vec<f64>> {
        None
    }

    /// How long each prepared player took to build, by arm (default: none).
    fn build_times(&self) -> Vec<(String, f64)> {
        Vec::new()
    }

    /// How many samples the plan plays itself (default: every unit).
    fn size(&self) -> u64 {
        self.units().len() as u64
    }
}

/// Runs the units `keep` accepts (by index), in parallel or in turn; their index and rows, in
/// unit order.
fn run_units<K: Kind>(
    kind: &K,
    spec_seed: u64,
    progress: &dyn Progress,
    keep: impl Fn(u64) -> bool,
) -> Result<Vec<(u64, Vec<K::Row>)>> {
    let all = kind.units();
    let weights = kind.unit_weights(&all);
    let mut units: Vec<(u64, K::Unit)> =
        all.into_iter().zip(0u64..).filter(|(_, i)| keep(*i)).map(|(u, i)| (i, u)).collect();
    if let Some(weights) = &weights {
        // A stable sort: units of equal weight keep their table order.
        units.sort_by(|(a, _), (b, _)| weights[*b as usize].total_cmp(&weights[*a as usize]));
    }
    progress.set_length(units.len() as u64);
    let run = |(index, unit): &(u64, K::Unit)| -> Result<(u64, Vec<K::Row>)> {
        let seed = derive_seed(spec_seed, &kind.identity(unit));
        let rows = kind.run_unit(unit, seed).with_context(|| format!("unit {index}"))?;
        progress.advance(1);
        Ok((*index, rows))
    };
    let mut rows: Vec<(u64, Vec<K::Row>)> = if K::PARALLEL_UNITS {
        // Split down to single units, so that an idle thread can always steal the next unit:
        // rayon's default splitting hands each thread long runs it plays in turn, and a run of
        // long units then plays on one thread while the other has nothing left.
        units.par_iter().with_max_len(1).map(run).collect::<Result<_>>()?
    } else {
        units.iter().map(run).collect::<Result<_>>()?
    };
    if weights.is_some() {
        rows.sort_by_key(|(index, _)| *index);
    }
    Ok(rows)
}

impl<K: Kind> Task for K {
    fn units(&self) -> u64 {
        Kind::units(self).len() as u64
    }

    fn run(&self, seed: u64, progress: &dyn Progress) -> Result<DataFrame> {
        let units = run_units(self, seed, progress, |_| true)?;
        K::Row::frame(units.into_iter().flat_map(|(_, rows)| rows).collect())
    }

    fn run_shard(&self, seed: u64, shard: Shard, progress: &dyn Progress) -> Result<DataFrame> {
        let units = run_units(self, seed, progress, |unit| shard.contains(unit))?;
        let index: Vec<u64> =
            units.iter().flat_map(|(unit, rows)| std::iter::repeat_n(*unit, rows.len())).collect();
        let mut frame = K::Row::frame(units.into_iter().flat_map(|(_, rows)| rows).collect())?;
        frame.with_column(u64::column(UNIT_COLUMN, index))?;
        Ok(frame)
    }

    fn merge(&self, parts: Vec<DataFrame>) -> Result<DataFrame> {
        let expected = Task::units(self);
        let mut units: Vec<(u64, usize, Vec<K::Row>)> = Vec::new();
        for (part, frame) in parts.iter().enumerate() {
            let index = u64::read(column(frame, UNIT_COLUMN)?)?;
            let mut rows = K::Row::from_frame(frame)?.into_iter();
            for run in index.chunk_by(|a, b| a == b) {
                units.push((run[0], part, rows.by_ref().take(run.len()).collect()));
            }
        }
        units.sort_by_key(|(unit, _, _)| *unit);
        for (expected_unit, (unit, part, _)) in (0u64..).zip(&units) {
            if *unit < expected_unit {
                bail!(
                    "unit {unit} is in the parts twice (again in part {part}): they are not one split of the spec"
                );
            }
            if *unit > expected_unit {
                bail!("unit {expected_unit} is in no part: a part is missing or incomplete");
            }
        }
        if units.len() as u64 != expected {
            bail!("the parts hold {} units; the spec has {expected}", units.len());
        }
        K::Row::frame(units.into_iter().flat_map(|(_, _, rows)| rows).collect())
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        Kind::report(self, ctx, K::Row::from_frame(frame)?)
    }

    fn cost(&self) -> Cost {
        Kind::cost(self)
    }

    fn inputs(&self) -> String {
        Kind::inputs(self)
    }

    fn build_times(&self) -> Vec<(String, f64)> {
        Kind::build_times(self)
    }

    fn stream_seeds(&self, seed: u64) -> Vec<u64> {
        self.units().iter().map(|unit| derive_seed(seed, &self.identity(unit))).collect()
    }

    fn size(&self) -> u64 {
        Kind::size(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::progress::Silent;
    use std::sync::Mutex;

    crate::record! {
        /// A unit's index and its seed.
        pub struct Drawn {
            pub unit: u64,
            pub seed: u64,
        }
    }

    /// Eight units whose weights rise with their index, recording the order they started in.
    struct Rising {
        weighted: bool,
        started: Mutex<Vec<u64>>,
    }

    impl Kind for Rising {
        type Unit = u64;
        type Row = Drawn;
        const PARALLEL_UNITS: bool = false;

        fn units(&self) -> Vec<u64> {
            (0..8).collect()
        }

        fn identity(&self, unit: &u64) -> Vec<u64> {
            vec![*unit]
        }

        fn run_unit(&self, unit: &u64, seed: u64) -> Result<Vec<Drawn>> {
            self.started.lock().unwrap().push(*unit);
            Ok(vec![Drawn { unit: *unit, seed }])
        }

        fn report(&self, _: &ReportContext<'_>, _: Vec<Drawn>) -> Result<Rendered> {
            Ok(Rendered::default())
        }

        fn unit_weights(&self, units: &[u64]) -> Option<Vec<f64>> {
            self.weighted.then(|| units.iter().map(|&u| u as f64).collect())
        }
    }

    /// Weights start the costliest unit first, and the table is the one of table order.
    #[test]
    fn weighted_units_start_costliest_first_and_store_in_unit_order() {
        let run = |weighted| {
            let kind = Rising { weighted, started: Mutex::new(Vec::new()) };
            let table = Task::run(&kind, 3, &Silent).unwrap();
            (table, kind.started.into_inner().unwrap())
        };
        let (weighted, order) = run(true);
        let (plain, plain_order) = run(false);
        assert_eq!(order, (0..8).rev().collect::<Vec<u64>>());
        assert_eq!(plain_order, (0..8).collect::<Vec<u64>>());
        assert!(weighted.equals(&plain), "{weighted} against {plain}");
        let units: Vec<u64> =
            weighted.column("unit").unwrap().u64().unwrap().into_no_null_iter().collect();
        assert_eq!(units, (0..8).collect::<Vec<u64>>());
    }
}
