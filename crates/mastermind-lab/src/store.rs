//! Results on disk: one Parquet file per spec and profile, with a JSON manifest beside it.
//!
//! **A result is committed by its manifest.** The manifest records the seed, the spec as run, the
//! crate version, the git revision, the cache key and the content hash of its data file; the same
//! fields (but the hash) are also stored in the Parquet file's key-value metadata, so the data
//! file alone says where it came from. A write goes:
//!
//! 1. the new data and the new manifest to temporary files, synced to disk (each staged by
//!    [`mastermind_files::Staged`], the workspace's one atomic writer, whose `commit` renames a
//!    file into place and syncs the directory);
//! 2. the old data file hard-linked to `<name>.parquet.previous` (it still matches the old
//!    manifest);
//! 3. the new data renamed over the old, then the new manifest renamed over the old: this last
//!    rename is the commit;
//! 4. `<name>.parquet.previous` removed.
//!
//! A reader takes the data file whose hash the manifest names: `<name>.parquet`, or after a kill
//! between the two renames `<name>.parquet.previous`. So a kill between any two file operations
//! leaves the old or the new result readable, never new data under an old manifest; [`repair`]
//! (run by every write, under the spec's lock) restores the old data file or drops the leftover
//! copy, and removes the temporaries of killed runs. [`SpecLock`] serialises runs of one spec.

use crate::provenance::Provenance;
use anyhow::{Context, Result, bail};
use mastermind_files::Staged;
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
    /// The content hash of the data file this manifest commits ([`content_hash`]); set by
    /// [`write()`]. Empty in manifests written before hashes were recorded.
    #[serde(default)]
    pub data_hash: String,
    /// Seconds each arm's player took to prepare (a strategy tree, the exact search), for the
    /// arms whose players the run prepared; not part of the rows, whose values do not depend on
    /// it (absent from older manifests).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub build_seconds: Vec<(String, f64)>,
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
        ResultPaths { data: with_suffix(&base, ".parquet"), manifest: with_suffix(&base, ".json") }
    }

    /// The copy of the previous data file kept while a write is between its two renames.
    pub fn previous(&self) -> PathBuf {
        with_suffix(&self.data, ".previous")
    }

    /// The lock file of the spec: `<spec>.lock` beside the data.
    pub fn lock(&self) -> PathBuf {
        self.data.with_extension("lock")
    }

    /// The manifest of the stored result, if there is one and it can be read.
    pub fn read_manifest(&self) -> Option<Manifest> {
        let text = std::fs::read_to_string(&self.manifest).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Whether a whole result (data matching its manifest) with this cache key is stored.
    pub fn is_current(&self, cache_key: &str) -> bool {
        self.read_manifest().is_some_and(|m| m.cache_key == cache_key) && read_result(self).is_ok()
    }

    /// The file name stem of the spec's files (`table` for `data/quick/paper/table.parquet`).
    fn stem(&self) -> String {
        let name = self.data.file_name().unwrap_or_default().to_string_lossy();
        name.strip_suffix(".parquet").unwrap_or(&name).to_owned()
    }
}

/// `path` with `suffix` appended to its file name (`a.b` + `.json` is `a.b.json`: spec names may
/// hold dots, so extensions are appended, never replaced).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// An exclusive lock on one spec's results, held while the spec runs and its result is stored;
/// released when dropped (or when the process dies).
#[derive(Debug)]
pub struct SpecLock {
    _file: File,
}

impl SpecLock {
    /// Takes the lock of the spec whose results are at `paths`; if another run holds it, calls
    /// `waiting` once (to say so) and waits for it.
    pub fn acquire(paths: &ResultPaths, waiting: impl FnOnce(&Path)) -> Result<SpecLock> {
        let path = paths.lock();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("opening the lock {}", path.display()))?;
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => {}
            Err(fs4::TryLockError::WouldBlock) => {
                waiting(&path);
                fs4::FileExt::lock(&file)
                    .with_context(|| format!("waiting for the lock {}", path.display()))?;
            }
            Err(fs4::TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("locking {}", path.display()));
            }
        }
        Ok(SpecLock { _file: file })
    }
}

/// Writes `frame` and its manifest so that they become visible together (see the module docs).
/// The caller holds the spec's [`SpecLock`].
pub fn write(paths: &ResultPaths, frame: &mut DataFrame, manifest: &Manifest) -> Result<()> {
    write_with_hook(paths, frame, manifest, &mut |_| Ok(()))
}

/// [`write()`], calling `before` with a description of each file operation before doing it; an
/// error from `before` stops the write there, leaving the files as a kill at that moment would
/// (nothing is cleaned up). Tests use it to interrupt a write between any two operations.
pub fn write_with_hook(
    paths: &ResultPaths,
    frame: &mut DataFrame,
    manifest: &Manifest,
    before: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> Result<()> {
    repair_with_hook(paths, before)?;
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
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes)
        .with_compression(ParquetCompression::Zstd(None))
        .with_key_value_metadata(Some(metadata))
        .finish(frame)
        .with_context(|| format!("encoding {}", paths.data.display()))?;
    let manifest = Manifest { data_hash: content_hash(&bytes), ..manifest.clone() };

    before("write the new data to a temporary file")?;
    let data = Staged::write(&paths.data, &bytes)?;
    before("write the new manifest to a temporary file")?;
    let manifest =
        Staged::write(&paths.manifest, serde_json::to_string_pretty(&manifest)?.as_bytes())?;
    if paths.data.exists() {
        before("keep the old data file as .previous")?;
        std::fs::hard_link(&paths.data, paths.previous())
            .with_context(|| format!("keeping {}", paths.data.display()))?;
    }
    before("move the new data into place")?;
    data.commit()?;
    before("move the new manifest into place (the commit)")?;
    manifest.commit()?;
    if paths.previous().exists() {
        before("remove the old data file's copy")?;
        remove(&paths.previous())?;
    }
    Ok(())
}

/// Restores a whole result after a killed write and removes the spec's temporary files: the old
/// data file comes back if the manifest still names it, a leftover copy of it goes otherwise.
/// The caller holds the spec's [`SpecLock`].
pub fn repair(paths: &ResultPaths) -> Result<()> {
    repair_with_hook(paths, &mut |_| Ok(()))
}

fn repair_with_hook(
    paths: &ResultPaths,
    before: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> Result<()> {
    for stale in temporaries(paths) {
        before("remove a temporary file of a killed run")?;
        remove(&stale)?;
    }
    let previous = paths.previous();
    if !previous.exists() {
        return Ok(());
    }
    let wanted = paths.read_manifest().map(|m| m.data_hash);
    let hash_of = |p: &Path| std::fs::read(p).ok().map(|b| content_hash(&b));
    if wanted.is_some() && wanted == hash_of(&previous) && wanted != hash_of(&paths.data) {
        before("restore the old data file")?;
        std::fs::rename(&previous, &paths.data)
            .with_context(|| format!("restoring {}", paths.data.display()))?;
        mastermind_files::sync_directory_of(&paths.data)?;
    } else {
        before("remove the old data file's copy")?;
        remove(&previous)?;
    }
    Ok(())
}

/// Temporary files of this spec left by killed runs: those of its data file, its manifest and
/// its importance journal ([`mastermind_files::leftover_temporaries`]), and
/// `<stem>.journal.jsonl.tmp`, the journal's temporary file before it was written through
/// `mastermind-files`.
fn temporaries(paths: &ResultPaths) -> Vec<PathBuf> {
    let journal = with_suffix(&paths.data.with_file_name(paths.stem()), ".journal.jsonl");
    let mut found: Vec<PathBuf> = [&paths.data, &paths.manifest, &journal]
        .into_iter()
        .flat_map(|target| mastermind_files::leftover_temporaries(target))
        .collect();
    let old_journal_temporary = with_suffix(&journal, ".tmp");
    if old_journal_temporary.exists() {
        found.push(old_journal_temporary);
    }
    found
}

/// Reads a stored result's table.
pub fn read(paths: &ResultPaths) -> Result<DataFrame> {
    read_result(paths).map(|(frame, _)| frame)
}

/// Reads a stored result: the manifest and the data file it names by hash (the current one, or
/// the previous one when a write was interrupted before its commit).
pub fn read_result(paths: &ResultPaths) -> Result<(DataFrame, Manifest)> {
    let missing = || {
        format!(
            "no results at {}: run the spec first (`cargo xtask run <spec>`)",
            paths.data.display()
        )
    };
    let text = std::fs::read_to_string(&paths.manifest).with_context(missing)?;
    let manifest: Manifest = serde_json::from_str(&text)
        .with_context(|| format!("reading the manifest {}", paths.manifest.display()))?;
    let bytes = std::fs::read(&paths.data).with_context(missing)?;
    // Manifests written before hashes were recorded name no hash: their data is taken as is.
    let bytes = if manifest.data_hash.is_empty() || manifest.data_hash == content_hash(&bytes) {
        bytes
    } else {
        match std::fs::read(paths.previous()) {
            Ok(previous) if manifest.data_hash == content_hash(&previous) => previous,
            _ => bail!(
                "{} does not match its manifest {} (a write was interrupted or a file was \
                 replaced by hand); run the spec again",
                paths.data.display(),
                paths.manifest.display()
            ),
        }
    };
    let frame = ParquetReader::new(std::io::Cursor::new(bytes))
        .finish()
        .with_context(|| format!("reading {}", paths.data.display()))?;
    Ok((frame, manifest))
}

/// The content hash recorded in manifests: 64-bit FNV-1a, in hex. It detects a data file that
/// does not belong to its manifest; it is not meant to resist deliberate collisions.
pub fn content_hash(bytes: &[u8]) -> String {
    let hash = mastermind_core::seed::bytes_id(bytes);
    format!("fnv1a64:{hash:016x}:{}", bytes.len())
}

fn remove(path: &Path) -> Result<()> {
    std::fs::remove_file(path).with_context(|| format!("removing {}", path.display()))
}
