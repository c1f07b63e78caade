//! Results on disk: one Parquet file per spec and profile, with a JSON manifest beside it.
//!
//! Files are written to a temporary name and renamed into place, so an interrupted run leaves the
//! previous results whole. The manifest records the seed, the spec as run, the crate version, the
//! git revision and the cache key; the same fields are also stored in the Parquet file's key-value
//! metadata, so the data file alone says where it came from.

use crate::provenance::Provenance;
use anyhow::{Context, Result};
use polars::prelude::{
    DataFrame, KeyValueMetadata, ParquetCompression, ParquetReader, ParquetWriter, SerReader,
};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::path::{Path, PathBuf};

/// What is recorded beside every result file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// The spec's name.
    pub spec: String,
    /// The profile run (`quick` or `full`).
    pub profile: String,
    /// The spec's seed.
    pub seed: u64,
    /// The spec text as run.
    pub spec_text: String,
    /// The code that ran it.
    pub provenance: Provenance,
    /// Decides whether the spec must run again.
    pub cache_key: String,
    /// Rows in the data file.
    pub rows: usize,
    /// Wall time of the run in seconds.
    pub seconds: f64,
    /// Worker threads used (results do not depend on it).
    pub threads: usize,
}

/// Where a spec's results live.
#[derive(Debug, Clone)]
pub struct ResultPaths {
    /// The Parquet file.
    pub data: PathBuf,
    /// The JSON manifest.
    pub manifest: PathBuf,
}

impl ResultPaths {
    /// `data/<profile>/<spec>.parquet` and `.json` under `data_root`.
    pub fn new(data_root: &Path, profile: &str, spec: &str) -> ResultPaths {
        let base = data_root.join(profile).join(spec);
        ResultPaths { data: base.with_extension("parquet"), manifest: base.with_extension("json") }
    }

    /// The manifest of the stored result, if there is one and it can be read.
    pub fn read_manifest(&self) -> Option<Manifest> {
        let text = std::fs::read_to_string(&self.manifest).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Whether a result with this cache key is already stored.
    pub fn is_current(&self, cache_key: &str) -> bool {
        self.data.exists() && self.read_manifest().is_some_and(|m| m.cache_key == cache_key)
    }
}

/// Writes `frame` and its manifest atomically.
pub fn write(paths: &ResultPaths, frame: &mut DataFrame, manifest: &Manifest) -> Result<()> {
    if let Some(dir) = paths.data.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let metadata = KeyValueMetadata::from_static(vec![
        ("mastermind_lab.spec".into(), manifest.spec.clone()),
        ("mastermind_lab.profile".into(), manifest.profile.clone()),
        ("mastermind_lab.seed".into(), manifest.seed.to_string()),
        ("mastermind_lab.spec_text".into(), manifest.spec_text.clone()),
        ("mastermind_lab.crate_version".into(), manifest.provenance.crate_version.clone()),
        ("mastermind_lab.git_revision".into(), manifest.provenance.git_revision.clone()),
        ("mastermind_lab.git_dirty".into(), manifest.provenance.git_dirty.to_string()),
        ("mastermind_lab.cache_key".into(), manifest.cache_key.clone()),
    ]);
    let tmp = temporary(&paths.data);
    let file = File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    ParquetWriter::new(file)
        .with_compression(ParquetCompression::Zstd(None))
        .with_key_value_metadata(Some(metadata))
        .finish(frame)
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &paths.data)
        .with_context(|| format!("moving {} into place", tmp.display()))?;

    let tmp = temporary(&paths.manifest);
    std::fs::write(&tmp, serde_json::to_string_pretty(manifest)?)
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &paths.manifest)
        .with_context(|| format!("moving {} into place", tmp.display()))?;
    Ok(())
}

/// Reads a stored result.
pub fn read(paths: &ResultPaths) -> Result<DataFrame> {
    let file = File::open(&paths.data).with_context(|| {
        format!(
            "no results at {}: run the spec first (`cargo xtask run <spec>`)",
            paths.data.display()
        )
    })?;
    ParquetReader::new(file).finish().with_context(|| format!("reading {}", paths.data.display()))
}

fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}
