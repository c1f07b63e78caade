//! House rules checked on every test run: every Rust source file says what it is for, and no
//! function outside tests runs to eighty lines.

mod common;
use common::{before_tests_module, rust_files};

use std::path::Path;

#[test]
fn every_source_file_starts_with_a_doc_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    rust_files(&root.join("xtask"), &mut files);
    assert!(files.len() > 10, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.strip_prefix(root).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a leading `//!` line saying what they are for: {missing:#?}"
    );
}

/// A function this long (its signature to its closing brace) is split where a name would
/// explain a part; tests are exempt (a table of cases reads best whole).
const LONGEST_FUNCTION_LINES: usize = 80;

#[test]
fn no_function_outside_tests_runs_to_eighty_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    rust_files(&root.join("xtask").join("src"), &mut files);
    let in_tests = |f: &Path| f.components().any(|c| c.as_os_str() == "tests");
    let mut long = Vec::new();
    for file in files.iter().filter(|f| !in_tests(f)) {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for (line, name, lines) in function_lengths(&text) {
            if lines >= LONGEST_FUNCTION_LINES {
                let at = file.strip_prefix(root).unwrap_or(file).display();
                long.push(format!("{at}:{line} {name}: {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions of {LONGEST_FUNCTION_LINES} lines or more outside tests: {long:#?}"
    );
}

#[test]
fn function_lengths_count_from_the_signature_to_the_closing_brace() {
    let text = "//! Doc.\npub(crate) fn one(x: &str) -> char {\n    let s = \"}{\";\n    // }\n    \
                let c = '}';\n    c\n}\nfn two<'a>(a: &'a u8) {\n}\n#[cfg(test)]\nmod tests {\n    \
                fn three() {}\n}\n";
    assert_eq!(function_lengths(text), vec![(2, "one".to_string(), 6), (8, "two".to_string(), 2)]);
    // A constructor for tests inside the code does not end it: what follows is still measured.
    let text = "impl S {\n    #[cfg(test)]\n    fn for_tests() {}\n}\nfn after() {\n    x();\n}\n";
    let names: Vec<String> = function_lengths(text).into_iter().map(|(_, name, _)| name).collect();
    assert_eq!(names, ["for_tests", "after"]);
}

/// Each function of `text` before its tests module: the line its signature starts on
/// (from 1), its name, and its lines up to its closing brace. Braces in strings, character
/// literals and comments are not counted.
fn function_lengths(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = before_tests_module(text).lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let Some(name) = function_name(lines[at]) else {
            at += 1;
            continue;
        };
        let mut depth = 0i64;
        let mut opened = false;
        let mut end = at;
        let mut scanner = Scanner::default();
        'lines: for (i, line) in lines.iter().enumerate().skip(at) {
            for brace in scanner.braces(line) {
                opened = true;
                depth += if brace == '{' { 1 } else { -1 };
                if depth == 0 {
                    end = i;
                    break 'lines;
                }
            }
            if !opened && line.trim_end().ends_with(';') {
                // A signature without a body (a trait's).
                end = i;
                break;
            }
        }
        if opened {
            found.push((at + 1, name, end - at + 1));
        }
        at = end.max(at) + 1;
    }
    found
}

/// The name of the function whose signature starts on `line`, if one does.
fn function_name(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    if let Some(after) = rest.strip_prefix("pub") {
        rest = match after.strip_prefix('(') {
            Some(scope) => scope.split_once(')')?.1,
            None => after,
        }
        .trim_start();
    }
    for qualifier in ["const ", "async ", "unsafe ", "extern \"C\" "] {
        rest = rest.strip_prefix(qualifier).unwrap_or(rest).trim_start();
    }
    let name: String = rest
        .strip_prefix("fn ")?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Reads source line by line and yields the braces of code, carrying a block comment or a
/// string across lines.
#[derive(Default)]
struct Scanner {
    in_block_comment: bool,
    in_string: bool,
}

impl Scanner {
    /// The braces of `line` that are code.
    fn braces(&mut self, line: &str) -> Vec<char> {
        let chars: Vec<char> = line.chars().collect();
        let mut braces = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let (c, next) = (chars[i], chars.get(i + 1).copied());
            if self.in_block_comment {
                if c == '*' && next == Some('/') {
                    self.in_block_comment = false;
                    i += 1;
                }
            } else if self.in_string {
                if c == '\\' {
                    i += 1;
                } else if c == '"' {
                    self.in_string = false;
                }
            } else if c == '/' && next == Some('/') {
                break;
            } else if c == '/' && next == Some('*') {
                self.in_block_comment = true;
                i += 1;
            } else if c == '"' {
                self.in_string = true;
            } else if c == '\'' {
                // A character literal ('x', '\n', '\u{7d}'); otherwise a lifetime.
                if next == Some('\\') {
                    while i + 1 < chars.len() && chars[i + 1] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 2;
                }
            } else if c == '{' || c == '}' {
                braces.push(c);
            }
            i += 1;
        }
        braces
    }
}
