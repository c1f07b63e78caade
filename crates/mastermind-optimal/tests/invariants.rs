//! The crate's promises in ARCHITECTURE.md that its source keeps: it does no file I/O (unit files
//! go through the caller's `UnitFiles`), and no decision waits on the clock (time is read to
//! measure and to pace progress reports; every budget of work counts nodes). The behaviour
//! behind the second (the same node budget proves the same bounds on any pool) is tested in
//! `units.rs`.

use std::path::{Path, PathBuf};

/// Every source file of the crate, with its text.
fn sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    assert!(out.len() > 20, "found only {} source files", out.len());
    out
}

/// The lines of `sources` (outside comments) that `offends`, as `file:line: text`.
fn offending_lines(sources: &[(PathBuf, String)], offends: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in sources {
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && offends(code) {
                let name = path.file_name().unwrap().to_string_lossy();
                found.push(format!("{name}:{}: {code}", number + 1));
            }
        }
    }
    found
}

#[test]
fn the_crate_touches_no_file() {
    let io = ["std::fs", "fs::", "File::", "OpenOptions", "read_dir", "create_dir"];
    let found = offending_lines(&sources(), |code| io.iter().any(|call| code.contains(call)));
    assert!(found.is_empty(), "file I/O in the optimal crate: {found:#?}");
}

#[test]
fn the_clock_decides_nothing_but_when_progress_is_reported() {
    // A clock reading compared with anything but the progress interval would let the machine's
    // speed decide what is searched or proved.
    let comparisons = [">=", "<=", " > ", " < ", ".min(", ".max(", "=="];
    let found = offending_lines(&sources(), |code| {
        code.contains("elapsed()")
            && comparisons.iter().any(|op| code.contains(op))
            && !code.contains("PROGRESS_INTERVAL")
    });
    assert!(found.is_empty(), "a clock reading that decides something: {found:#?}");
    // Nor does the search wait for a time to pass beyond the watcher's tick and an idle
    // worker's pause (neither changes what is found).
    let sleeps = offending_lines(&sources(), |code| code.contains("sleep("));
    let allowed = ["sleep(TICK)", "from_millis(1)", "from_millis(100)"];
    let unexpected: Vec<&String> =
        sleeps.iter().filter(|line| !allowed.iter().any(|a| line.contains(a))).collect();
    assert!(unexpected.is_empty(), "a wait on the clock: {unexpected:#?}");
}
