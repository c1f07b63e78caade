//! Sharded runs: where the part of each shard is stored, and how the parts become the spec's
//! result again.
//!
//! `run --shard I/N` stores the units of slice `I` (those whose index leaves remainder `I` when
//! divided by `N`) in `data/<profile>/<spec>.part-I-of-N.parquet`, with a manifest like any
//! result's. `merge` checks that the `N` parts are all there, come from the spec and code of the
//! checkout (same cache key) and hold every unit exactly once, then stores their rows in unit
//! order as the spec's result: the same table an unsharded run gives.

use crate::store::ResultPaths;
use anyhow::{Result, bail};
use mastermind_experiments::tasks::Shard;

use std::path::Path;

pub use mastermind_experiments::tasks::executor::UNIT_COLUMN;

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
