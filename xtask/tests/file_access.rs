//! ARCHITECTURE.md's "who touches files", checked in the sources: besides the lab, the `mastermind`
//! binary and `mastermind-files` itself, a library reaches the file system (or starts a process)
//! only in the places listed here, each with the reason the document gives; and no library
//! writes a file except through `mastermind-files`.
//!
//! The check reads each library source file up to its `#[cfg(test)] mod` (tests may use
//! scratch files) and looks for the calls that open, create, list, remove or rename files, and
//! for plotters' backends that write to a path.

mod common;
use common::{before_tests_module, rust_files};

use std::path::{Path, PathBuf};

/// Calls that reach the file system or start a process.
const FILE_ACCESS: [&str; 16] = [
    "std::fs",
    "fs::",
    "File::",
    "OpenOptions",
    "BufWriter::new(File",
    "read_dir",
    "create_dir",
    "remove_file",
    "remove_dir",
    "canonicalize",
    ".is_file()",
    ".is_dir()",
    ".exists()",
    "Command::new",
    "BitMapBackend::new(",
    "SVGBackend::new(",
];

/// Calls that write a file's contents; in a library, only `mastermind-files` may make them.
const FILE_WRITES: [&str; 5] =
    ["fs::write", "File::create", "OpenOptions", ".append(true)", "fs::rename"];

/// Crates whose every source may touch files: the runner and the command line (binaries that
/// act for their user), and the one atomic writer.
const FREE: [&str; 3] =
    ["crates/mastermind-lab/", "crates/mastermind-cli/", "crates/mastermind-files/"];

/// Library files that touch files, each with why (ARCHITECTURE.md says the same).
const ALLOWED: [(&str, &str); 7] = [
    ("crates/mastermind-experiments/src/spec/mod.rs", "reads and lists spec files"),
    ("crates/mastermind-experiments/src/workspace.rs", "finds the checkout, reads papers.txt"),
    ("crates/mastermind-experiments/src/tasks/importance/journal.rs", "the descent's journal"),
    ("crates/mastermind-experiments/src/tasks/importance/spec.rs", "where a journal goes"),
    ("crates/mastermind-experiments/src/tasks/games/recorded.rs", "reads recorded games"),
    ("crates/mastermind-referee/src/process.rs", "starts the program it referees"),
    ("crates/mastermind-experiments/src/tasks/trees/pieces/mod.rs", "reads a tree's pieces"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every library source file, by its path from the workspace root (`/`-separated), with its
/// text up to its tests module.
fn library_sources() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    let Ok(crates) = std::fs::read_dir(root.join("crates")) else { panic!("no crates/ folder") };
    for krate in crates.flatten() {
        rust_files(&krate.path().join("src"), &mut files);
    }
    let mut sources: Vec<(String, String)> = files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&root).unwrap();
            let name = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let text = std::fs::read_to_string(&path).unwrap();
            let code = before_tests_module(&text).to_owned();
            (name, code)
        })
        .filter(|(name, _)| !FREE.iter().any(|free| name.starts_with(free)))
        .collect();
    sources.sort();
    sources
}

/// Whether `line` holds `call` as a whole name (`File::` but not `OutputFile::`).
fn holds(line: &str, call: &str) -> bool {
    let starts_a_name = call.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    line.match_indices(call).any(|(at, _)| {
        !starts_a_name || !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

/// The lines of `code` (comments and doc comments skipped) holding any of `calls`.
fn offending_lines(name: &str, code: &str, calls: &[&str]) -> Vec<String> {
    code.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| calls.iter().any(|call| holds(line, call)))
        .map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim()))
        .collect()
}

#[test]
fn libraries_touch_files_only_where_the_architecture_says() {
    let sources = library_sources();
    assert!(sources.len() > 100, "found only {} library files", sources.len());
    let allowed = |name: &str| ALLOWED.iter().any(|(file, _)| *file == name);
    let found: Vec<String> = sources
        .iter()
        .filter(|(name, _)| !allowed(name))
        .flat_map(|(name, code)| offending_lines(name, code, &FILE_ACCESS))
        .collect();
    assert!(
        found.is_empty(),
        "a library touches files outside the places ARCHITECTURE.md lists (add the file to \
         ALLOWED with its reason, and to the document, or move the I/O to the lab): {found:#?}"
    );
    // Every place listed still exists, so the list cannot outlive the code.
    for (file, why) in ALLOWED {
        assert!(root().join(file).is_file(), "{file} ({why}) is listed but gone");
    }
}

#[test]
fn libraries_write_files_only_through_mastermind_files() {
    let found: Vec<String> = library_sources()
        .iter()
        .flat_map(|(name, code)| offending_lines(name, code, &FILE_WRITES))
        .collect();
    assert!(
        found.is_empty(),
        "a library writes a file itself instead of through mastermind_files: {found:#?}"
    );
}

#[test]
fn the_check_finds_a_write_in_place() {
    let code = "fn f() {\n    // std::fs::write in a comment is fine\n    std::fs::write(path, b\"x\")?;\n}\n";
    let found = offending_lines("crates/x/src/lib.rs", code, &FILE_WRITES);
    assert_eq!(found, ["crates/x/src/lib.rs:3: std::fs::write(path, b\"x\")?;"]);
    assert_eq!(offending_lines("a.rs", code, &FILE_ACCESS).len(), 1);
    let values = "files.push(OutputFile::new(path, bytes));";
    assert!(offending_lines("a.rs", values, &FILE_ACCESS).is_empty());
}
