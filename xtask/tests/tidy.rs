//! House rules checked on every test run: every Rust source file says what it is for.

mod common;
use common::rust_files;

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
