//! The code fingerprint that decides re-runs: it moves with any file under `crates/` that can
//! change a result, committed or not, and stays put when only the crates' tests, benchmarks,
//! examples, Markdown or the figures' drawing code change, so that mending a test or a figure
//! does not make every result stale.

mod common;

use common::Scratch;
use mastermind_lab::provenance::Provenance;
use std::path::Path;
use std::process::Command;

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(status.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&status.stderr));
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn fingerprint(root: &Path) -> String {
    Provenance::of_checkout(root).code_fingerprint
}

#[test]
fn the_fingerprint_follows_the_code_that_shapes_results_only() {
    let scratch = Scratch::new("provenance");
    let root = scratch.root.as_path();
    git(root, &["init", "-q"]);
    write(root, "crates/a/src/lib.rs", "pub fn f() -> u32 { 1 }\n");
    write(root, "crates/a/tests/t.rs", "#[test] fn t() {}\n");
    write(root, "crates/a/README.md", "A crate.\n");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "first"]);
    let first = fingerprint(root);
    assert!(!first.starts_with("no-git"), "{first}");

    // Tests, benchmarks, examples and Markdown, changed or added, committed or not: no move.
    write(root, "crates/a/tests/t.rs", "#[test] fn t() { assert!(true) }\n");
    write(root, "crates/a/benches/b.rs", "fn main() {}\n");
    write(root, "crates/a/examples/e.rs", "fn main() {}\n");
    write(root, "crates/a/README.md", "A crate, said better.\n");
    assert_eq!(fingerprint(root), first, "uncommitted tests and docs");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "tests"]);
    assert_eq!(fingerprint(root), first, "committed tests and docs");

    // The code that draws figures, changed or added, committed or not: no move either.
    write(root, "crates/mastermind-report/src/plot.rs", "pub fn draw() {}\n");
    write(root, "crates/mastermind-report/src/plot/key.rs", "pub fn key() {}\n");
    assert_eq!(fingerprint(root), first, "uncommitted drawing code");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "figures"]);
    assert_eq!(fingerprint(root), first, "committed drawing code");
    // The report's other code (its verdicts decide how long some specs run) moves it.
    write(root, "crates/mastermind-report/src/verdict.rs", "pub fn judge() {}\n");
    assert_ne!(fingerprint(root), first, "the report's verdicts");
    write(root, "crates/mastermind-report/src/plotting.rs", "pub fn not_drawing() {}\n");
    let beside = fingerprint(root);
    std::fs::remove_file(root.join("crates/mastermind-report/src/plotting.rs")).unwrap();
    assert_ne!(beside, fingerprint(root), "a file whose name only starts like the drawing code's");
    std::fs::remove_file(root.join("crates/mastermind-report/src/verdict.rs")).unwrap();
    assert_eq!(fingerprint(root), first);

    // Code that runs in an experiment, uncommitted, new, then committed: each moves it.
    write(root, "crates/a/src/lib.rs", "pub fn f() -> u32 { 2 }\n");
    let edited = fingerprint(root);
    assert_ne!(edited, first, "an uncommitted edit of the code");
    write(root, "crates/a/src/more.rs", "pub fn g() {}\n");
    let added = fingerprint(root);
    assert_ne!(added, edited, "an untracked source file");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "code"]);
    let committed = fingerprint(root);
    assert_ne!(committed, first, "committed code");
    write(root, "crates/a/src/more.rs", "pub fn g() {}\n// a comment\n");
    assert_ne!(fingerprint(root), committed, "an edit of a committed file");
}
