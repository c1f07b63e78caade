//! The executor: runs plans, skips those whose results are current, stores and reports them.

use crate::merge;
use crate::progress::Bar;
use crate::provenance::Provenance;
use crate::report::{self, Section};
use crate::store::{self, Manifest, ResultPaths, SpecLock};
use anyhow::{Context, Result};
use mastermind_core::progress::Progress;
use mastermind_experiments::plan::Plan;
use mastermind_experiments::spec::{self, scaled::Profile};
use mastermind_experiments::tasks::Shard;
use mastermind_experiments::workspace::Workspace;
use polars::prelude::Column;
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// Names every row with its spec (so tables from several specs can be concatenated) and stores
/// the frame with its manifest: seed, spec text, provenance, cache key, wall time and `threads`
/// (the most any part of it ran on).
fn store_result(
    plan: &Plan,
    provenance: &Provenance,
    cache_key: String,
    paths: &ResultPaths,
    frame: &mut polars::prelude::DataFrame,
    (seconds, threads): (f64, usize),
) -> Result<()> {
    let spec_column = Column::new("spec".into(), vec![plan.name.clone(); frame.height()]);
    frame.insert_column(0, spec_column)?;
    let manifest = Manifest {
        spec: plan.name.clone(),
        profile: plan.profile.name().to_owned(),
        seed: plan.raw.seed,
        spec_text: plan.source.clone(),
        provenance: provenance.clone(),
        cache_key,
        rows: frame.height(),
        seconds,
        threads,
        data_hash: String::new(),
        build_seconds: plan.task.build_times(),
    };
    store::write(paths, frame, &manifest)
}

/// Runs `run` (a run of `plan`, or of a shard of it, shown as `shown`) with a progress bar, and
/// stores its table at `paths`; the seconds it took.
fn run_and_store(
    plan: &Plan,
    provenance: &Provenance,
    cache_key: String,
    paths: &ResultPaths,
    shown: &str,
    run: impl FnOnce(&dyn Progress) -> Result<polars::prelude::DataFrame>,
) -> Result<f64> {
    let start = Instant::now();
    let bar = Bar::new(plan.task.units(), shown.to_owned(), "units");
    let mut frame = run(&bar).with_context(|| format!("running {shown}"))?;
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    let threads = rayon::current_num_threads();
    store_result(plan, provenance, cache_key, paths, &mut frame, (seconds, threads))?;
    Ok(seconds)
}

/// Takes the lock of the result at `paths` (saying so while another run of `shown` holds it),
/// then repairs what a killed write left there.
fn lock_and_repair(paths: &ResultPaths, shown: &str) -> Result<SpecLock> {
    let lock = SpecLock::acquire(paths, |lock| {
        eprintln!("waiting  {shown}: another run holds {}", lock.display());
    })?;
    store::repair(paths)?;
    Ok(lock)
}

/// Runs `plan` unless its stored result is current (or `force`), then renders its report.
pub fn run(
    workspace: &Workspace,
    plan: &Plan,
    provenance: &Provenance,
    force: bool,
) -> Result<Outcome> {
    let (ran, seconds) = run_into(workspace, plan, provenance, plan.profile.name(), force)?;
    let section = render(workspace, plan)?;
    Ok(Outcome { name: plan.name.clone(), ran, seconds, section })
}

/// Runs `plan` with its own seed into `data/<store_as>/` (its profile's folder, or the pilots'),
/// unless the result there is current (or `force`); whether it ran, and the seconds it took.
pub fn run_into(
    workspace: &Workspace,
    plan: &Plan,
    provenance: &Provenance,
    store_as: &str,
    force: bool,
) -> Result<(bool, f64)> {
    let paths = ResultPaths::new(&workspace.data(), store_as, &plan.name);
    let key = provenance.cache_key(&plan.keyed_text(), store_as);
    // One run of a spec at a time: a second waits, then finds the first one's result current.
    let _lock = lock_and_repair(&paths, &plan.name)?;
    if !force && paths.is_current(&key) {
        return Ok((false, 0.0));
    }
    let run = |progress: &dyn Progress| Ok(plan.task.run(plan.raw.seed, progress)?);
    let seconds = run_and_store(plan, provenance, key, &paths, &plan.name, run)?;
    Ok((true, seconds))
}

/// Renders one plan's tables and figures from its stored results.
///
/// The report is drawn with the spec stored beside the result, which is the spec file's text
/// unless the file was edited since the run; then the section says so at its top (and uses the
/// file's spec only if the stored text no longer validates).
pub fn render(workspace: &Workspace, plan: &Plan) -> Result<Section> {
    let paths = ResultPaths::new(&workspace.data(), plan.profile.name(), &plan.name);
    let (frame, manifest) = store::read_result(&paths)?;
    let stored = (manifest.spec_text != plan.source).then(|| {
        spec::from_source(&plan.path, plan.name.clone(), manifest.spec_text.clone())
            .and_then(|file| spec::validate(&file, plan.profile))
    });
    let (shown, warning) = match &stored {
        None => (plan, None),
        Some(Ok(stored)) => (
            stored,
            Some(
                "*The spec file has changed since these results were stored: they are shown with \
                  the spec stored beside them. Run the spec again to bring them up to date.*",
            ),
        ),
        Some(Err(_)) => (
            plan,
            Some(
                "*The spec file has changed since these results were stored, and the stored spec \
                  no longer validates: they are shown with the spec file as it is now. Run the \
                  spec again to bring them up to date.*",
            ),
        ),
    };
    report::render(shown, &frame, &workspace.figures(plan.profile), warning)
        .with_context(|| format!("rendering the report of {}", plan.name))
}

/// What rendering the report index came to.
#[derive(Debug, Clone)]
pub struct IndexReport {
    /// `figures/<profile>/REPORT.md`.
    pub path: PathBuf,
    /// Specs that could not be re-rendered and figures that could not be drawn, one sentence
    /// each; a spec that does not validate keeps the section last rendered for it.
    pub problems: Vec<String>,
}

/// Renders every spec with stored results (reusing `rendered`, the sections just drawn) and
/// writes the report index. A spec that does not validate, or whose report fails, is a problem
/// of that spec only: the index keeps the section last rendered for it, if any.
pub fn report_every(
    workspace: &Workspace,
    profile: Profile,
    mut rendered: Vec<Section>,
) -> Result<IndexReport> {
    let figures = workspace.figures(profile);
    let mut sections = Vec::new();
    let mut problems = Vec::new();
    let keep_last =
        |name: &str, problem: String, sections: &mut Vec<Section>, problems: &mut Vec<String>| {
            problems.push(problem);
            if let Some(section) = last_rendered(&figures, name) {
                sections.push(section);
            }
        };
    let root = workspace.experiments();
    for path in workspace.specs()? {
        let name = spec::spec_name(&root, &path);
        if let Some(i) = rendered.iter().position(|s| s.name == name) {
            let section = rendered.swap_remove(i);
            problems.extend(section.errors.iter().map(|e| format!("{name}: {e}")));
            sections.push(section);
            continue;
        }
        let plan = match workspace.plans(std::slice::from_ref(&path), profile) {
            Ok(mut plans) => plans.remove(0),
            Err(errors) => {
                let problem = format!("{name} not re-rendered: {}", errors[0]);
                keep_last(&name, problem, &mut sections, &mut problems);
                continue;
            }
        };
        let paths = ResultPaths::new(&workspace.data(), profile.name(), &plan.name);
        if !paths.manifest.exists() {
            continue;
        }
        match render(workspace, &plan) {
            Ok(section) => {
                problems.extend(section.errors.iter().map(|e| format!("{name}: {e}")));
                sections.push(section);
            }
            Err(e) => {
                let problem = format!("{name} not re-rendered: {e:#}");
                keep_last(&name, problem, &mut sections, &mut problems);
            }
        }
    }
    report::write_files(&figures, &report::finish(&mut sections))?;
    let (summaries, unreadable) = report::load_summaries(&workspace.experiments());
    problems.extend(unreadable);
    problems.extend(report::summary::missing(&summaries, &sections));
    let order = workspace.paper_order();
    let index = report::index_files(profile.name(), &sections, &order, &summaries);
    report::write_files(&figures, &index)?;
    Ok(IndexReport { path: figures.join(report::INDEX_FILE_NAME), problems })
}

/// The section last rendered for a spec (`figures/<profile>/<name>.md`), its paper read from its
/// heading (`## <paper> — <section>: <title>`).
fn last_rendered(figures: &Path, name: &str) -> Option<Section> {
    let path = figures.join(format!("{name}.md"));
    let markdown = std::fs::read_to_string(&path).ok()?;
    let markdown = report::figure_links_to_profile(Path::new(&format!("{name}.md")), &markdown);
    let heading = markdown.lines().next()?.strip_prefix("## ")?;
    let (paper, rest) = heading.split_once(" — ")?;
    let paper = paper.to_owned();
    // `<section>: <title>`, where the section itself holds no ": " in any spec.
    let label = rest.split(": ").next().unwrap_or(rest).to_owned();
    let has_tables = std::fs::read_to_string(figures.join(format!("{name}.tex")))
        .is_ok_and(|tables| !tables.trim().is_empty());
    let latex = crate::report::document::kept_section(name, &markdown, has_tables);
    Some(Section {
        paper,
        name: name.to_owned(),
        label,
        markdown,
        latex,
        files: vec![path],
        errors: Vec::new(),
        // Its verdicts are in its own table; the overview counts only freshly judged ones.
        verdicts: Vec::new(),
        pending: None,
    })
}

/// What running one shard came to.
#[derive(Debug, Clone)]
pub struct ShardOutcome {
    /// The part's file.
    pub part: PathBuf,
    /// Whether it ran (false: the stored part was current).
    pub ran: bool,
    /// Seconds it took, if it ran.
    pub seconds: f64,
}

/// Runs the units of `shard` of `plan` into its part file, unless that part is current (or
/// `force`). A part is written like a result (atomically, under its own lock), so a shard that
/// was interrupted is simply run again.
pub fn run_shard(
    workspace: &Workspace,
    plan: &Plan,
    provenance: &Provenance,
    shard: Shard,
    force: bool,
) -> Result<ShardOutcome> {
    let profile = plan.profile.name();
    let paths = merge::part_paths(&workspace.data(), profile, &plan.name, shard);
    let key = provenance.cache_key(&plan.keyed_text(), profile);
    let _lock = lock_and_repair(&paths, &format!("{} {shard}", plan.name))?;
    if !force && paths.is_current(&key) {
        return Ok(ShardOutcome { part: paths.data, ran: false, seconds: 0.0 });
    }
    let shown = format!("{} {shard}", plan.name);
    let run = |progress: &dyn Progress| Ok(plan.task.run_shard(plan.raw.seed, shard, progress)?);
    let seconds = run_and_store(plan, provenance, key, &paths, &shown, run)?;
    Ok(ShardOutcome { part: paths.data, ran: true, seconds })
}

/// Merges the stored parts of `plan`'s shards into its result, then renders its report. Refuses
/// unless every part is there, was run from this spec and code, and the parts hold every unit
/// exactly once. The parts are removed once the result is stored.
pub fn merge(workspace: &Workspace, plan: &Plan, provenance: &Provenance) -> Result<Outcome> {
    let profile = plan.profile.name();
    let paths = ResultPaths::new(&workspace.data(), profile, &plan.name);
    let key = provenance.cache_key(&plan.keyed_text(), profile);
    let lock = lock_and_repair(&paths, &plan.name)?;
    let count = merge::stored_shard_count(&paths)?;
    let mut frames = Vec::new();
    let mut parts = Vec::new();
    let (mut seconds, mut threads) = (0.0, 0);
    for index in 0..count {
        let shard = Shard { index, count };
        let part = merge::part_paths(&workspace.data(), profile, &plan.name, shard);
        let (frame, manifest) = store::read_result(&part).with_context(|| {
            format!(
                "part {shard} of {} is missing or unreadable: run it with --shard {shard}",
                plan.name
            )
        })?;
        if manifest.cache_key != key {
            anyhow::bail!(
                "part {shard} of {} was run from another spec text or other code than the \
                 checkout's (cache key {} instead of {key}); run it again with --shard {shard}",
                plan.name,
                manifest.cache_key
            );
        }
        seconds += manifest.seconds;
        threads = threads.max(manifest.threads);
        frames.push(frame);
        parts.push(part);
    }
    let mut frame =
        plan.task.merge(frames).with_context(|| format!("merging the parts of {}", plan.name))?;
    store_result(plan, provenance, key, &paths, &mut frame, (seconds, threads))?;
    drop(lock);
    for part in parts {
        for file in [&part.manifest, &part.data, &part.lock()] {
            let _ = std::fs::remove_file(file);
        }
    }
    let section = render(workspace, plan)?;
    Ok(Outcome { name: plan.name.clone(), ran: true, seconds, section })
}
