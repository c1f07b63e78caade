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
    /// A fingerprint of the code under `crates/` (its git tree plus any uncommitted diff): results
    /// are re-run when it changes, not when only docs, specs of other experiments or xtask change.
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
        let tree = git(&["rev-parse", "HEAD:crates"]).unwrap_or_else(|| "no-git".into());
        let diff = git(&["diff", "HEAD", "--", "crates"]).unwrap_or_default();
        let untracked =
            git(&["ls-files", "--others", "--exclude-standard", "crates"]).unwrap_or_default();
        let mut untracked_text = untracked.clone();
        for file in untracked.lines() {
            if let Ok(text) = std::fs::read_to_string(root.join(file)) {
                untracked_text.push_str(&text);
            }
        }
        Provenance {
            crate_version: env!("CARGO_PKG_VERSION").to_owned(),
            git_revision,
            git_dirty,
            code_fingerprint: format!("{tree}-{:016x}", fnv(&(diff + &untracked_text))),
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

/// FNV-1a over a string: a stable fingerprint (not a security hash).
fn fnv(text: &str) -> u64 {
    mastermind_core::seed::name_id(text)
}
