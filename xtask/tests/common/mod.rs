//! What the workspace's source checks share: walking a folder for Rust files, and a file's code
//! up to its tests module.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, depth first, into `out` (a `target` folder is not entered).
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` up to its tests module: the first `#[cfg(test)]` line at the start of a line that is
/// followed by a `mod` (the workspace keeps unit tests in a `mod tests` at the end of a file).
/// An item marked `#[cfg(test)]` inside the code (a constructor for tests) does not end it, so
/// the code after such an item is still read.
pub fn before_tests_module(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "#[cfg(test)]" && text[at + line.len()..].starts_with("mod ") {
            return &text[..at];
        }
        at += line.len();
    }
    text
}
