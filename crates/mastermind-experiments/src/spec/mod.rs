//! Experiment specs: reading RON files and validating them into plans.
//!
//! Two stages, as ripgrep treats its flags: [`load`] parses a file into the [`raw`] form that
//! mirrors it, [`validate()`] checks every value and resolves the profile into a
//! [`Plan`](crate::plan::Plan). Every error names the file, the line and the field, with a hint.

pub mod error;
mod path;
pub mod printed;
pub mod raw;
pub mod scaled;
pub mod sweep;
mod validate;
pub use mastermind_report::values;

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

/// The largest spec file read: a spec is a page of text, and its text is copied into every
/// result's manifest and metadata.
pub const MAX_SPEC_BYTES: u64 = 1 << 20;

/// Reads and parses one spec; `root` is the `experiments/` folder its name is relative to. A spec
/// must lie below `root` (its name names its results), be at most [`MAX_SPEC_BYTES`] long and be
/// UTF-8 (a leading byte-order mark is allowed).
pub fn load(root: &Path, path: &Path) -> Result<SpecFile, SpecError> {
    let file_error = |line: Option<usize>, message: String, hint: &str| SpecError {
        file: path.to_path_buf(),
        line,
        column: None,
        field: String::new(),
        message,
        hint: Some(hint.to_owned()),
    };
    let Some(name) = contained_name(root, path) else {
        return Err(file_error(
            None,
            "the spec is not below experiments/, so its results would have no place in data/"
                .into(),
            "copy it to experiments/<paper>/<name>.ron; its path there names its results",
        ));
    };
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > MAX_SPEC_BYTES {
        return Err(file_error(
            None,
            format!("the spec is {size} bytes; at most {MAX_SPEC_BYTES} bytes (1 MiB) are read"),
            "a spec describes an experiment in a page of text; list data in the spec's task, not beside it",
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        file_error(
            None,
            format!("cannot read the spec: {e}"),
            "`cargo xtask list` shows the specs that exist",
        )
    })?;
    let source = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
        file_error(
            Some(line),
            format!("the spec is not UTF-8 text (byte {valid} is not valid UTF-8)"),
            "save the file as UTF-8",
        )
    })?;
    let source = match source.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => source,
    };
    from_source(path, name, source)
}

/// A spec from its text (as read from `path`, or as stored beside a result), parsed and checked.
pub fn from_source(path: &Path, name: String, source: String) -> Result<SpecFile, SpecError> {
    let raw = parse(path, &source)?;
    Ok(SpecFile { path: path.to_path_buf(), name, source, raw })
}

/// Parses spec text; errors carry the line and column RON reports.
pub fn parse(path: &Path, source: &str) -> Result<RawExperiment, SpecError> {
    ron::Options::default().from_str(source).map_err(|e: ron::error::SpannedError| {
        // A value refused by its type may be a symptom of a syntax error further on (an
        // unterminated string swallows a line break): report the syntax error then.
        let refused = matches!(&e.code, ron::Error::Message(m)
            if m == values::NOT_FINITE || m == values::CONTROL_CHARACTER);
        match ron::Options::default().from_str::<ron::Value>(source) {
            Err(syntax) if refused => SpecError::from_ron(path, source, &syntax),
            _ => SpecError::from_ron(path, source, &e),
        }
    })
}

/// The spec's name: its path relative to `root`, without the extension, with `/` separators.
/// A path written relative to the working directory (`experiments/a/b.ron`) names the same spec as
/// the absolute one, so that its results land in the same place whichever way it was given.
/// A path outside `root` keeps its full path here; [`load`] refuses such specs.
pub fn spec_name(root: &Path, path: &Path) -> String {
    contained_name(root, path).unwrap_or_else(|| path.display().to_string())
}

/// The name of a spec below `root`, made only of plain path components; `None` outside `root`.
fn contained_name(root: &Path, path: &Path) -> Option<String> {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (root, path) = (canonical(root), canonical(path));
    let relative = path.strip_prefix(&root).ok()?;
    let mut parts = Vec::new();
    for part in relative.components() {
        match part {
            std::path::Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            _ => return None,
        }
    }
    let last = parts.last_mut()?;
    if let Some(stem) = last.strip_suffix(".ron") {
        *last = stem.to_owned();
    }
    Some(parts.join("/"))
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
            } else if path.extension().is_some_and(|e| e == "ron")
                && path
                    .file_name()
                    .is_none_or(|n| n != mastermind_report::summary::SUMMARY_FILE_NAME)
            {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
