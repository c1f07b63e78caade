//! The field path of a position in spec text (`task.arms[2].x`), for the values that their types
//! refuse while RON reads them (see [`values`](super::values)): RON reports where it stopped, and
//! the path says which field that is. Types cannot name their own field; this is the one thing
//! about those errors that is worked out from the text.

/// One open bracket of the text, with what has been seen inside it so far.
struct Frame {
    /// `(` after a name (`Some(`, `Games(`, `Experiment(`): a variant or a named struct.
    named: bool,
    /// `[`: a list.
    list: bool,
    /// The field being written, once a `key:` has been seen in this bracket.
    key: Option<String>,
    /// Elements before the current one (commas seen).
    index: usize,
}

/// The byte offset where the value at or before `(line, column)` (1-based, as RON reports them)
/// starts: the string literal or word that holds the position, or the last one before it.
pub fn value_start(source: &str, line: usize, column: usize) -> usize {
    let line_start: usize =
        source.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let rest = source.get(line_start..).unwrap_or_default();
    let at = line_start
        + rest.char_indices().nth(column.saturating_sub(1)).map_or(rest.len(), |(i, _)| i);
    let mut start = 0;
    scan(source, at, |offset, _| start = offset);
    start
}

/// The path of the field whose value starts at byte `offset`: keys joined by dots, list elements
/// as `[i]`, elements of an unnamed tuple as `.i` (`task.report.reference_lines[0].1`). Names of
/// variants and wrappers (`Games(`, `Some(`) are not part of a path; an element of a variant with
/// several fields shows its position from the second on.
pub fn path_at(source: &str, offset: usize) -> String {
    let mut stack: Vec<Frame> = Vec::new();
    let mut previous_word = false;
    scan(source, offset, |at, token| {
        match token {
            Token::Word(word) => {
                let after = source[at + word.len()..].trim_start();
                if after.starts_with(':') && !after.starts_with("::") {
                    if let Some(frame) = stack.last_mut() {
                        frame.key = Some(word.to_owned());
                    }
                }
                previous_word = true;
                return;
            }
            Token::Open('[') => {
                stack.push(Frame { named: false, list: true, key: None, index: 0 });
            }
            Token::Open(_) => {
                stack.push(Frame { named: previous_word, list: false, key: None, index: 0 })
            }
            Token::Close => {
                stack.pop();
            }
            Token::Comma => {
                if let Some(frame) = stack.last_mut() {
                    frame.index += 1;
                    frame.key = None;
                }
            }
            Token::Text => {}
        }
        previous_word = false;
    });
    let mut path = String::new();
    for frame in &stack {
        let segment = match (&frame.key, frame.list, frame.named) {
            (Some(key), _, _) => format!(".{key}"),
            (None, true, _) => format!("[{}]", frame.index),
            (None, false, false) => format!(".{}", frame.index),
            (None, false, true) if frame.index > 0 => format!(".{}", frame.index),
            (None, false, true) => String::new(),
        };
        path += &segment;
    }
    path.trim_start_matches('.').to_owned()
}

/// What the path cares about in spec text.
enum Token<'a> {
    /// A word outside strings: a key, a name or a number.
    Word(&'a str),
    /// A string literal.
    Text,
    /// `(` or `[`.
    Open(char),
    /// `)` or `]`.
    Close,
    /// `,`.
    Comma,
}

/// Calls `visit` with each token of `source` that starts before `end` and its byte offset;
/// comments are skipped.
fn scan<'a>(source: &'a str, end: usize, mut visit: impl FnMut(usize, Token<'a>)) {
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < end.min(bytes.len()) {
        // An escape inside a string may have stepped into a multi-byte character.
        if !source.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let rest = &source[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < bytes.len() {
                if source[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if source[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if bytes[i] == b'"' {
            visit(i, Token::Text);
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'-' | b'+' | b'.' | b'_')
        {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric()
                    || matches!(bytes[i], b'-' | b'+' | b'.' | b'_'))
            {
                i += 1;
            }
            visit(start, Token::Word(&source[start..i]));
        } else {
            match bytes[i] {
                b'(' | b'[' => visit(i, Token::Open(char::from(bytes[i]))),
                b')' | b']' => visit(i, Token::Close),
                b',' => visit(i, Token::Comma),
                _ => {}
            }
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of(source: &str, needle: &str) -> String {
        path_at(source, source.find(needle).unwrap())
    }

    #[test]
    fn keys_lists_tuples_and_wrappers_make_the_path() {
        let text = "Experiment(title: \"t\", task: Games((arms: [(label: \"a\"), (label: \"b\", \
                    x: Some(inf))], report: (reference_lines: [(\"r\", NaN)]))))";
        assert_eq!(path_of(text, "inf"), "task.arms[1].x");
        assert_eq!(path_of(text, "\"b\""), "task.arms[1].label");
        assert_eq!(path_of(text, "NaN"), "task.report.reference_lines[0].1");
        assert_eq!(path_of(text, "\"r\""), "task.report.reference_lines[0].0");
        assert_eq!(path_of(text, "\"t\""), "title");
        // Commas and brackets in strings and comments are not structure.
        let text = "Experiment(title: \"a, (b\", // x, [y\n seed: 1e999)";
        assert_eq!(path_of(text, "1e999"), "seed");
    }

    #[test]
    fn a_position_inside_or_after_a_value_finds_its_start() {
        let text = "(x: Some(inf),\n label: \"a\\nb\")";
        let inf = text.find("inf").unwrap();
        assert_eq!(value_start(text, 1, 12), inf);
        assert_eq!(value_start(text, 1, 13), inf);
        assert_eq!(value_start(text, 2, 14), text.find("\"a").unwrap());
    }
}
