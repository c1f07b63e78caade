//! The folders of a checkout: where specs, results and figures live, and how a user's spec name
//! becomes a file and every spec a validated plan.

use crate::error::{Context, Result};
use crate::plan::Plan;
use crate::spec::{self, SpecError, scaled::Profile};
use std::path::{Path, PathBuf};

/// The folders of a checkout the runner works in.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The checkout's root.
    pub root: PathBuf,
}

impl Workspace {
    /// The workspace containing `start` (the first ancestor with `experiments/` and `Cargo.toml`).
    pub fn find(start: &Path) -> Result<Workspace> {
        start
            .ancestors()
            .find(|d| d.join("experiments").is_dir() && d.join("Cargo.toml").is_file())
            .map(|root| Workspace { root: root.to_path_buf() })
            .with_context(|| {
                format!(
                    "no experiments/ folder above {}: run from the mastermind-lab checkout",
                    start.display()
                )
            })
    }

    /// `experiments/`.
    pub fn experiments(&self) -> PathBuf {
        self.root.join("experiments")
    }

    /// `data/`.
    pub fn data(&self) -> PathBuf {
        self.root.join("data")
    }

    /// `figures/<profile>/`.
    pub fn figures(&self, profile: Profile) -> PathBuf {
        self.root.join("figures").join(profile.name())
    }

    /// The order of papers in the report: `experiments/papers.txt`, one paper a line as the specs
    /// name it (`#` starts a comment); empty if the file is absent.
    pub fn paper_order(&self) -> mastermind_report::PaperOrder {
        let text = std::fs::read_to_string(self.experiments().join("papers.txt"));
        mastermind_report::PaperOrder::parse(&text.unwrap_or_default())
    }

    /// Every spec file, sorted.
    pub fn specs(&self) -> Result<Vec<PathBuf>> {
        spec::discover(&self.experiments())
            .with_context(|| format!("listing {}", self.experiments().display()))
    }

    /// The spec file a user named: a path, or a name below `experiments/` with or without `.ron`.
    pub fn resolve(&self, name: &str) -> Result<PathBuf> {
        let candidates = [
            PathBuf::from(name),
            self.root.join(name),
            self.experiments().join(name),
            self.experiments().join(format!("{name}.ron")),
        ];
        candidates
            .into_iter()
            .find(|p| p.is_file())
            .with_context(|| format!("no spec named {name:?}; `cargo xtask list` shows them"))
    }

    /// Loads and validates every spec first, so that one mistake stops the run before anything
    /// is played or written.
    pub fn plans(&self, paths: &[PathBuf], profile: Profile) -> Result<Vec<Plan>, Vec<SpecError>> {
        let root = self.experiments();
        let mut plans = Vec::new();
        let mut errors = Vec::new();
        for path in paths {
            match spec::load(&root, path).and_then(|s| spec::validate(&s, profile)) {
                Ok(plan) => plans.push(plan),
                Err(mut e) => {
                    if let Ok(relative) = e.file.strip_prefix(&self.root) {
                        e.file = relative.to_path_buf();
                    }
                    errors.push(e)
                }
            }
        }
        if errors.is_empty() { Ok(plans) } else { Err(errors) }
    }
}
