//! The error of a spec that cannot run: which file, which line, which field, and what to do.

use super::path as spec_path;
use super::values;
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
        if let Some(refused) = refused_value(path, source, error) {
            return refused;
        }
        let mut field = word_before(source, line, column);
        let mut message = error.code.to_string();
        let bare = matches!(error.code, ron::Error::ExpectedOption)
            .then(|| value_at(source, line, column))
            .flatten();
        if let Some(value) = &bare {
            // RON stops at a value written where an optional one belongs (`relative: 0.01`).
            message = format!("expected `Some(...)` or `None`, found the bare value {value}");
        } else if let Some(number) = fraction_at(source, line, column) {
            // RON reads the whole part of `1.5` where a whole number belongs, then stops at the
            // point: say what is wrong rather than "Expected comma".
            message = format!("expected a whole number, found the fraction {number}");
        }
        if let Some(name) = backquoted_after(&message, "missing field")
            .or_else(|| backquoted_after(&message, "Unexpected field named"))
        {
            // RON points past the struct that lacks a field, or before a misspelt one: name the
            // field itself.
            field = name;
        } else if message.contains("trailing characters") {
            // RON points just past the spec's end: point at what follows it.
            if let Some((l, c, word)) = next_word(source, line, column) {
                (line, column, field) = (l, c, word);
            }
        } else if matches!(error.code, ron::Error::Message(_)) {
            // A value's own check (a game of 0 pegs) fails once the value is read, so RON points
            // past its end: name the field that holds the value, where it starts.
            if let Some((l, c, key)) = key_of_value_ending_at(source, line, column) {
                (line, column, field) = (l, c, key);
            }
        }
        let hint = if let Some(value) = bare {
            Some(format!("an optional field is written `Some({value})`, or `None` to leave it out"))
        } else if message.contains("Unexpected missing field") || message.contains("missing field")
        {
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

/// A value its type refused as RON read it (a number that is not finite, text with a control
/// character): the error at the value's start, with its field's path.
fn refused_value(path: &Path, source: &str, error: &ron::error::SpannedError) -> Option<SpecError> {
    let ron::Error::Message(message) = &error.code else { return None };
    let hint = match message.as_str() {
        values::NOT_FINITE => "write a finite number",
        values::CONTROL_CHARACTER => "names appear in tables and legends: write them on one line",
        _ => return None,
    };
    // RON's span runs from the start of the enclosing value to where it stopped, just past the
    // refused one.
    let start = spec_path::value_start(source, error.span.end.line, error.span.end.col);
    let before = &source[..start];
    Some(SpecError {
        file: path.to_path_buf(),
        line: Some(before.matches('\n').count() + 1),
        column: Some(before.rsplit('\n').next().unwrap_or_default().chars().count() + 1),
        field: spec_path::path_at(source, start),
        message: message.clone(),
        hint: Some(hint.to_owned()),
    })
}

/// The number written at a position that points at its decimal point (`1.5` in `seed: 1.5`).
fn fraction_at(source: &str, line: usize, column: usize) -> Option<String> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let at = text.char_indices().nth(column.checked_sub(1)?)?.0;
    let (head, tail) = text.split_at(at);
    if !tail.starts_with('.') || !tail[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let whole = head.trim_end_matches(|c: char| c.is_ascii_digit());
    if whole.len() == head.len() {
        return None;
    }
    let whole = whole.strip_suffix(['-', '+']).unwrap_or(whole);
    let end =
        tail[1..].find(|c: char| !c.is_ascii_digit() && c != '_').map_or(tail.len(), |i| i + 1);
    Some(format!("{}{}", &head[whole.len()..], &tail[..end]))
}

/// The value written at a position, up to the comma, bracket or line end that closes it
/// (`0.01` in `relative: 0.01,`).
fn value_at(source: &str, line: usize, column: usize) -> Option<String> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let at = text.char_indices().nth(column.checked_sub(1)?)?.0;
    let value = text[at..].split([',', ')', ']']).next()?.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

/// The first `quoted` name after `marker` in a message (`missing field named `player``).
fn backquoted_after(message: &str, marker: &str) -> Option<String> {
    let rest = &message[message.find(marker)? + marker.len()..];
    let start = rest.find('`')? + 1;
    let end = start + rest[start..].find('`')?;
    Some(rest[start..end].to_owned())
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
    let trimmed = head.trim_end();
    let close = if trimmed.ends_with(')') {
        trimmed.len() - 1
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
    // Skip wrappers such as `Some(` between the key and the value.
    let mut before = source[..open].trim_end();
    while let Some(inner) = before.strip_suffix('(') {
        before = inner.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_').trim_end();
    }
    let before = before.strip_suffix(':')?.trim_end();
    let start = identifier_start(before);
    let key = &before[start..];
    if key.is_empty() {
        return None;
    }
    let key_line = source[..start].matches('\n').count() + 1;
    let key_column = source[..start].rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    Some((key_line, key_column, key.to_owned()))
}

/// The byte index where the identifier at the end of `text` starts (`text.len()` if none).
fn identifier_start(text: &str) -> usize {
    text.char_indices()
        .rev()
        .find(|&(_, c)| !c.is_alphanumeric() && c != '_')
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// The identifier just before (or at) a position, to name the field a parse error is about.
fn word_before(source: &str, line: usize, column: usize) -> String {
    let Some(text) = source.lines().nth(line.saturating_sub(1)) else { return String::new() };
    let end = column.saturating_sub(1).min(text.len());
    let end = (0..=end).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let head = &text[..end];
    let trimmed = head.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_');
    let start = identifier_start(trimmed);
    let word = &trimmed[start..];
    let after = text[start + word.len()..].trim_start();
    let is_key = after.starts_with(':') && !after.starts_with("::");
    if !is_key && head.contains(':') {
        // A value (a number, a variant name), not a field: name the key it is the value of.
        if let Some(colon) = head.rfind(':') {
            let key = head[..colon].trim_end();
            let start = identifier_start(key);
            return key[start..].to_owned();
        }
    }
    if word.is_empty() {
        // Nothing before the position on its line: the word at it is what the parser stopped at.
        let at = &text[end..];
        let at = at.trim_start();
        let len = at.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(at.len());
        return at[..len].to_owned();
    }
    word.to_owned()
}

/// The first word at or after a position, with its 1-based line and column.
fn next_word(source: &str, line: usize, column: usize) -> Option<(usize, usize, String)> {
    let line_start: usize =
        source.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let text = source.get(line_start..)?;
    let offset = line_start
        + text.char_indices().nth(column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    let rest = source.get(offset..)?;
    let start = offset + rest.find(|c: char| !c.is_whitespace())?;
    let word: String =
        source[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let key_line = source[..start].matches('\n').count() + 1;
    let key_column = source[..start].rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    Some((key_line, key_column, word))
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
