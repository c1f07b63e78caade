//! Experiment specs: reading RON files and validating them into plans.
//!
//! Two stages, as ripgrep treats its flags: [`load`] parses a file into the [`raw`] form that
//! mirrors it, [`validate`] checks every value and resolves the profile into a
//! [`Plan`](crate::plan::Plan). Every error names the file, the line and the field, with a hint.

pub mod error;
pub mod raw;
pub mod scaled;
pub mod sweep;
mod validate;

pub use error::SpecError;
pub use validate::validate;

use raw::RawExperiment;
use std::path::{Path, PathBuf};

/// A spec read from disk, before validation.
#[derive(Debug, Clone)]
pub struct SpecFile {
    /// The file it was read from.
    pub path: PathBuf,
    /// Its name: the path below `experiments/` without `.ron` (`runarsson-merelo-2009/table-2`).
    pub name: String,
    /// The file's text, kept for error locations and stored with the results.
    pub source: String,
    /// The parsed spec.
    pub raw: RawExperiment,
}

/// Reads and parses one spec; `root` is the `experiments/` folder its name is relative to.
pub fn load(root: &Path, path: &Path) -> Result<SpecFile, SpecError> {
    let source = std::fs::read_to_string(path).map_err(|e| SpecError {
        file: path.to_path_buf(),
        line: None,
        column: None,
        field: String::new(),
        message: format!("cannot read the spec: {e}"),
        hint: Some("`cargo xtask list` shows the specs that exist".into()),
    })?;
    let raw = parse(path, &source)?;
    Ok(SpecFile { path: path.to_path_buf(), name: spec_name(root, path), source, raw })
}

/// Parses spec text; errors carry the line and column RON reports.
pub fn parse(path: &Path, source: &str) -> Result<RawExperiment, SpecError> {
    ron::Options::default()
        .from_str(source)
        .map_err(|e: ron::error::SpannedError| SpecError::from_ron(path, source, &e))
}

/// The spec's name: its path relative to `root`, without the extension, with `/` separators.
/// A path written relative to the working directory (`experiments/a/b.ron`) names the same spec as
/// the absolute one, so that its results land in the same place whichever way it was given.
pub fn spec_name(root: &Path, path: &Path) -> String {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (root, path) = (canonical(root), canonical(path));
    let relative = path.strip_prefix(&root).unwrap_or(&path);
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.last_mut() {
        if let Some(stem) = last.strip_suffix(".ron") {
            *last = stem.to_owned();
        }
    }
    parts.join("/")
}

/// Every `.ron` file below `root`, sorted by name.
pub fn discover(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
