//! Sharded runs: where the part of each shard is stored, and how the parts become the spec's
//! result again.
//!
//! `run --shard I/N` stores the units of slice `I` (those whose index leaves remainder `I` when
//! divided by `N`) in `data/<profile>/<spec>.part-I-of-N.parquet`, with a manifest like any
//! result's. `merge` checks that the `N` parts are all there, come from the spec and code of the
//! checkout (same cache key) and hold every unit exactly once, then stores their rows in unit
//! order as the spec's result: the same table an unsharded run gives.

use crate::store::ResultPaths;
use crate::tasks::Shard;
use anyhow::{Result, bail};
use polars::prelude::{Column, DataFrame, DataType, IdxCa, NamedFrom};
use std::path::Path;

/// The column of a part that holds each row's unit index; merged results do not have it.
pub const UNIT_COLUMN: &str = "unit";

/// Where the part of `shard` of a spec's result lives.
pub fn part_paths(data_root: &Path, profile: &str, spec: &str, shard: Shard) -> ResultPaths {
    ResultPaths::new(data_root, profile, &format!("{spec}.part-{}-of-{}", shard.index, shard.count))
}

/// The shard count of the parts stored beside a spec's result (`paths`), or an error if there
/// are none or parts of several counts.
pub fn stored_shard_count(paths: &ResultPaths) -> Result<u32> {
    let dir = paths.data.parent().unwrap_or(Path::new("."));
    let name = paths.data.file_name().unwrap_or_default().to_string_lossy();
    let stem = name.strip_suffix(".parquet").unwrap_or(&name);
    let prefix = format!("{stem}.part-");
    let mut counts: Vec<u32> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            let rest = name.strip_prefix(&prefix)?.strip_suffix(".json")?;
            let (_, count) = rest.split_once("-of-")?;
            count.parse().ok()
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    match counts[..] {
        [] => bail!(
            "no parts of {} to merge: run the spec with --shard I/N for every I first",
            paths.data.display()
        ),
        [count] => Ok(count),
        _ => bail!(
            "parts of {} were run with different shard counts ({counts:?}); remove the parts of \
             the counts not wanted",
            paths.data.display()
        ),
    }
}

/// The rows of every part in unit order, without the unit column; refuses unless the parts hold
/// the units `0..units` exactly once.
pub fn combine(parts: Vec<DataFrame>, units: u64) -> Result<DataFrame> {
    let Some(first) = parts.first() else { bail!("no parts to merge") };
    // Columns in the order of an unsharded table: those of the first part up to the wall time,
    // then the players' metric columns, sorted, which a part lacks where none of its games
    // reported them.
    let fixed: Vec<String> = first
        .get_column_names()
        .iter()
        .map(|c| c.to_string())
        .take_while(|c| c != "nanos")
        .chain(std::iter::once("nanos".to_owned()))
        .collect();
    let mut metrics: Vec<String> = parts
        .iter()
        .flat_map(|p| p.get_column_names().into_iter().map(|c| c.to_string()))
        .filter(|c| !fixed.contains(c) && c != UNIT_COLUMN)
        .collect();
    metrics.sort();
    metrics.dedup();
    let order: Vec<String> =
        fixed.iter().chain(&metrics).cloned().chain([UNIT_COLUMN.to_owned()]).collect();
    let mut merged: Option<DataFrame> = None;
    for part in parts {
        let height = part.height();
        let columns: Vec<Column> = order
            .iter()
            .map(|name| match part.column(name) {
                Ok(c) => Ok(c.clone()),
                Err(_) if metrics.contains(name) => {
                    Ok(Column::full_null(name.as_str().into(), height, &DataType::Float64))
                }
                Err(_) => bail!("a part has no `{name}` column: it is not from this spec"),
            })
            .collect::<Result<_>>()?;
        let part = DataFrame::new(height, columns)?;
        match merged.as_mut() {
            Some(m) => {
                m.vstack_mut(&part)?;
            }
            None => merged = Some(part),
        }
    }
    let mut merged = merged.unwrap_or_default();
    let unit: Vec<u64> =
        merged.column(UNIT_COLUMN)?.u64()?.iter().map(|u| u.unwrap_or(u64::MAX)).collect();
    let mut order: Vec<usize> = (0..unit.len()).collect();
    order.sort_by_key(|&i| unit[i]);
    for (expected, &i) in order.iter().enumerate() {
        let expected = expected as u64;
        if unit[i] < expected {
            bail!("unit {} is in the parts twice: they are not one split of the spec", unit[i]);
        }
        if unit[i] > expected {
            bail!("unit {expected} is in no part: a part is missing or incomplete");
        }
    }
    if order.len() as u64 != units {
        bail!("the parts hold {} units; the spec has {units}", order.len());
    }
    let indices: Vec<polars::prelude::IdxSize> =
        order.iter().map(|&i| i as polars::prelude::IdxSize).collect();
    merged = merged.take(&IdxCa::new("index".into(), indices))?;
    merged.drop_in_place(UNIT_COLUMN)?;
    Ok(merged)
}
