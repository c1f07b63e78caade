//! Where a result came from: code revision, crate version, and the key that decides re-runs.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;

/// The code a result was produced with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// This crate's version.
    pub crate_version: String,
    /// `git rev-parse HEAD`, or `"unknown"` outside a git checkout.
    pub git_revision: String,
    /// Whether the working tree had uncommitted changes (outside `data/` and `figures/`).
    pub git_dirty: bool,
    /// A fingerprint of the code under `crates/` that can change a result (the committed files
    /// plus any uncommitted change, the crates' tests, benchmarks, examples and Markdown and the
    /// [`DRAWING_CODE`] left out): results are re-run when it changes, not when only tests, docs,
    /// figures' drawing, specs of other experiments or xtask change.
    pub code_fingerprint: String,
}

impl Provenance {
    /// Reads the provenance of the checkout at `root`.
    pub fn of_checkout(root: &Path) -> Provenance {
        let git = |args: &[&str]| -> Option<String> {
            let out = Command::new("git").args(args).current_dir(root).output().ok()?;
            out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        };
        let git_revision = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
        // Results and reports are outputs, not code: they do not make a tree dirty.
        let git_dirty = git(&["status", "--porcelain", "--", ".", ":!data", ":!figures"])
            .is_some_and(|s| !s.is_empty());
        let code_fingerprint = code_fingerprint(root, &git);
        Provenance {
            crate_version: env!("CARGO_PKG_VERSION").to_owned(),
            git_revision,
            git_dirty,
            code_fingerprint,
        }
    }

    /// The key under which a result of `spec_text` run in `profile` is cached.
    pub fn cache_key(&self, spec_text: &str, profile: &str) -> String {
        format!(
            "{:016x}",
            fnv(&format!(
                "{}\n{}\n{}\n{}",
                self.crate_version, self.code_fingerprint, profile, spec_text
            ))
        )
    }
}

/// The code that draws figures from stored results: only a report calls it, never a run, so a
/// change to it is shown by re-rendering (`cargo xtask report`), not by running again.
pub const DRAWING_CODE: [&str; 2] =
    ["crates/mastermind-report/src/plot.rs", "crates/mastermind-report/src/plot/"];

/// Whether a file under `crates/` can change a result: every file but the crates' tests,
/// benchmarks, examples and Markdown, which no run of an experiment compiles or reads, and the
/// [`DRAWING_CODE`].
fn shapes_results(path: &str) -> bool {
    let left_out = ["/tests/", "/benches/", "/examples/"];
    let drawing = DRAWING_CODE.iter().any(|prefix| path.starts_with(prefix));
    !(drawing || left_out.iter().any(|dir| path.contains(dir)) || path.ends_with(".md"))
}

/// The fingerprint of the files under `crates/` that [`shape results`](shapes_results): their
/// committed blobs, then any uncommitted diff and untracked file; `no-git-…` outside git.
fn code_fingerprint(root: &Path, git: &dyn Fn(&[&str]) -> Option<String>) -> String {
    let committed = match git(&["ls-tree", "-r", "HEAD", "--", "crates"]) {
        Some(listing) => {
            let kept = listing
                .lines()
                .filter(|line| line.split_once('\t').is_some_and(|(_, path)| shapes_results(path)));
            format!("{:016x}", fnv(&kept.collect::<Vec<_>>().join("\n")))
        }
        None => "no-git".to_owned(),
    };
    let files = |args: &[&str]| -> Vec<String> {
        let listed = git(args).unwrap_or_default();
        listed.lines().filter(|path| shapes_results(path)).map(str::to_owned).collect()
    };
    let changed = files(&["diff", "HEAD", "--name-only", "--", "crates"]);
    let mut uncommitted = String::new();
    if !changed.is_empty() {
        let mut args = vec!["diff", "HEAD", "--"];
        args.extend(changed.iter().map(String::as_str));
        uncommitted = git(&args).unwrap_or_default();
    }
    for file in files(&["ls-files", "--others", "--exclude-standard", "crates"]) {
        uncommitted.push_str(&file);
        if let Ok(text) = std::fs::read_to_string(root.join(&file)) {
            uncommitted.push_str(&text);
        }
    }
    format!("{committed}-{:016x}", fnv(&uncommitted))
}

/// FNV-1a over a string: a stable fingerprint (not a security hash).
fn fnv(text: &str) -> u64 {
    mastermind_core::seed::name_id(text)
}
