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
        let (mut line, mut column) = (error.span.start.line, error.span.start.col);
        let mut field = word_before(source, line, column);
        if matches!(error.code, ron::Error::Message(_)) {
            // A value's own check (a game of 0 pegs) fails once the value is read, so RON points
            // past its end: name the field that holds the value, where it starts.
            if let Some((l, c, key)) = key_of_value_ending_at(source, line, column) {
                (line, column, field) = (l, c, key);
            }
        }
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

/// The key (`game` in `game: (pegs: 0, colours: 6)`) of the parenthesised value that ends just
/// before or at a position, with the key's 1-based line and column.
fn key_of_value_ending_at(
    source: &str,
    line: usize,
    column: usize,
) -> Option<(usize, usize, String)> {
    let line_start: usize =
        source.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let text = source.get(line_start..)?;
    let offset = line_start
        + text.char_indices().nth(column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    let head = source.get(..offset)?;
    let close = head.trim_end().len().checked_sub(1)?;
    let close = if source[close..].starts_with(')') {
        close
    } else {
        offset
            + source
                .get(offset..)?
                .find(|c: char| !c.is_whitespace())
                .filter(|&i| source[offset + i..].starts_with(')'))?
    };
    let mut depth = 0usize;
    let open = source[..=close]
        .char_indices()
        .rev()
        .find(|&(_, c)| {
            match c {
                ')' => depth += 1,
                '(' => depth -= 1,
                _ => {}
            }
            depth == 0
        })?
        .0;
    let before = source[..open].trim_end().strip_suffix(':')?.trim_end();
    let start = before.rfind(|c: char| !c.is_alphanumeric() && c != '_').map_or(0, |i| i + 1);
    let key = &before[start..];
    if key.is_empty() {
        return None;
    }
    let key_line = source[..start].matches('\n').count() + 1;
    let key_column = source[..start].rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    Some((key_line, key_column, key.to_owned()))
}

/// The identifier just before (or at) a position, to name the field a parse error is about.
fn word_before(source: &str, line: usize, column: usize) -> String {
    let Some(text) = source.lines().nth(line.saturating_sub(1)) else { return String::new() };
    let end = column.saturating_sub(1).min(text.len());
    let end = (0..=end).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let head = &text[..end];
    let trimmed = head.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_');
    let start = trimmed.rfind(|c: char| !c.is_alphanumeric() && c != '_').map_or(0, |i| i + 1);
    let word = &trimmed[start..];
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        // A number is a value, not a field: name the key it is the value of.
        if let Some(colon) = head.rfind(':') {
            let key = head[..colon].trim_end();
            let start = key.rfind(|c: char| !c.is_alphanumeric() && c != '_').map_or(0, |i| i + 1);
            return key[start..].to_owned();
        }
    }
    word.to_owned()
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
