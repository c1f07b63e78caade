//! The executor: runs plans, skips those whose results are current, stores and reports them.

use crate::plan::Plan;
use crate::provenance::Provenance;
use crate::report::{self, Section};
use crate::spec::{self, SpecError, scaled::Profile};
use crate::store::{self, Manifest, ResultPaths};
use crate::tasks::progress_bar;
use anyhow::{Context, Result};
use polars::prelude::Column;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    pub fn paper_order(&self) -> Vec<String> {
        std::fs::read_to_string(self.experiments().join("papers.txt"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.split('#').next().unwrap_or_default().trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect()
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

/// What happened to one spec.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The spec's name.
    pub name: String,
    /// Whether it ran (false: its stored results were current).
    pub ran: bool,
    /// Seconds it took, if it ran.
    pub seconds: f64,
    /// The rendered section.
    pub section: Section,
}

/// Runs `plan` unless its stored result is current (or `force`), then renders its report.
pub fn run(
    workspace: &Workspace,
    plan: &Plan,
    provenance: &Provenance,
    force: bool,
) -> Result<Outcome> {
    let profile = plan.profile.name();
    let paths = ResultPaths::new(&workspace.data(), profile, &plan.name);
    let key = provenance.cache_key(&plan.source, profile);
    let mut ran = false;
    let mut seconds = 0.0;
    if force || !paths.is_current(&key) {
        let start = Instant::now();
        let bar = progress_bar(plan.task.units(), plan.name.clone(), "units");
        let mut frame =
            plan.task.run(plan.raw.seed, &bar).with_context(|| format!("running {}", plan.name))?;
        bar.finish_and_clear();
        // Every row names its spec, so tables from several specs can be concatenated.
        let spec_column = Column::new("spec".into(), vec![plan.name.clone(); frame.height()]);
        frame.insert_column(0, spec_column)?;
        seconds = start.elapsed().as_secs_f64();
        let manifest = Manifest {
            spec: plan.name.clone(),
            profile: profile.to_owned(),
            seed: plan.raw.seed,
            spec_text: plan.source.clone(),
            provenance: provenance.clone(),
            cache_key: key,
            rows: frame.height(),
            seconds,
            threads: rayon::current_num_threads(),
        };
        store::write(&paths, &mut frame, &manifest)?;
        ran = true;
    }
    let section = render(workspace, plan)?;
    Ok(Outcome { name: plan.name.clone(), ran, seconds, section })
}

/// Renders one plan's tables and figures from its stored results.
pub fn render(workspace: &Workspace, plan: &Plan) -> Result<Section> {
    let paths = ResultPaths::new(&workspace.data(), plan.profile.name(), &plan.name);
    let frame = store::read(&paths)?;
    report::render(plan, &frame, &workspace.figures(plan.profile))
        .with_context(|| format!("rendering the report of {}", plan.name))
}
