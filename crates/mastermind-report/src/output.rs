//! The report's files as values. Nothing in this crate writes a file: tables, figures and the
//! index are made in memory and returned as [`OutputFile`]s, and the lab puts each in place with
//! the workspace's one atomic writer, so that a render stopped anywhere leaves every file either
//! as it was or whole.

use std::path::PathBuf;

/// A file of the report, unwritten: where it goes and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Its path relative to the profile's figures folder (`snyder/table-5.md`, `REPORT.md`).
    pub path: PathBuf,
    /// Its whole content.
    pub bytes: Vec<u8>,
}

impl OutputFile {
    /// The file at `path` holding `bytes`.
    pub fn new(path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) -> OutputFile {
        OutputFile { path: path.into(), bytes: bytes.into() }
    }

    /// Its content as text, where it is UTF-8 (tables, the index, SVG).
    pub fn text(&self) -> Option<&str> {
        std::str::from_utf8(&self.bytes).ok()
    }
}
