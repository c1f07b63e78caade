//! The error of a spec that cannot run: which file, which line, which field, and what to do.

use std::fmt;
use std::path::{Path, PathBuf};

/// A spec mistake, reported before anything runs and before anything in `data/` is touched.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecError {
    /// The spec file.
    pub file: PathBuf,
    /// 1-based line of the mistake, where known.
    pub line: Option<usize>,
    /// 1-based column, where known.
    pub column: Option<usize>,
    /// The field at fault, as a path (`task.arms[2].player.first_guess`), where known.
    pub field: String,
    /// What is wrong.
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
}

impl SpecError {
    /// A parse error from RON, with its position; the field is the word at that position.
    pub fn from_ron(path: &Path, source: &str, error: &ron::error::SpannedError) -> SpecError {
        let (line, column) = (error.span.start.line, error.span.start.col);
        let field = word_before(source, line, column);
        let message = error.code.to_string();
        let hint =
            if message.contains("Unexpected missing field") || message.contains("missing field") {
                Some("add the field; the spec format is documented in experiments/README.md".into())
            } else if message.contains("Unexpected field") || message.contains("unknown field") {
                Some("check the spelling; the allowed names are listed above".into())
            } else if message.contains("variant") {
                Some("check the spelling of the name; the allowed names are listed above".into())
            } else {
                Some("the spec format is documented in experiments/README.md".into())
            };
        SpecError {
            file: path.to_path_buf(),
            line: Some(line),
            column: Some(column),
            field,
            message,
            hint,
        }
    }
}

/// The identifier just before (or at) a position, to name the field a parse error is about.
fn word_before(source: &str, line: usize, column: usize) -> String {
    let Some(text) = source.lines().nth(line.saturating_sub(1)) else { return String::new() };
    let end = column.saturating_sub(1).min(text.len());
    let end = (0..=end).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let head = &text[..end];
    let trimmed = head.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_');
    let start = trimmed.rfind(|c: char| !c.is_alphanumeric() && c != '_').map_or(0, |i| i + 1);
    trimmed[start..].to_owned()
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        if self.field.is_empty() {
            write!(f, ": {}", self.message)?;
        } else {
            write!(f, ": {}: {}", self.field, self.message)?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecError {}
