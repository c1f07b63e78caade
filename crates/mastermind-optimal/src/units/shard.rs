//! Shards of a plan's units: the slices that GNU parallel or a SLURM array runs side by side.

use std::fmt;
use std::str::FromStr;

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
