//! What the workspace's source checks share: walking a folder for Rust files.

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
