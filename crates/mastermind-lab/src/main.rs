//! `mastermind-lab`: the command line of the experiment runner (usually reached through
//! `cargo xtask`, which builds it optimised). `cli.rs` parses the arguments; this file acts on
//! them.

mod cli;

use anyhow::{Result, bail};
use cli::{Command, RunOptions};
use mastermind_experiments::budget::{self, Budget};
use mastermind_experiments::plan::Plan;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::Shard;
use mastermind_experiments::workspace::Workspace;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let command = cli::Cli::parse_or_exit().command;
    if let Err(e) = try_main(command) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn try_main(command: Command) -> Result<()> {
    if let Some(threads) = command.threads() {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
    }
    let workspace = Workspace::find(&std::env::current_dir()?)?;
    match command {
        Command::List => list(&workspace),
        Command::Latex { profile } => latex_pdf(&workspace, profile.profile()),
        Command::Report { profile } => report_every(&workspace, profile.profile(), Vec::new(), 0),
        Command::Check { specs, profile, budget } => {
            let selected =
                if specs.is_empty() { workspace.specs()? } else { named(&workspace, &specs)? };
            let plans = plans_within(&workspace, &selected, profile.profile(), &budget.budget())?;
            for plan in &plans {
                println!("ok  {}", plan.name);
            }
            Ok(())
        }
        Command::Merge { specs, profile } => {
            let profile = profile.profile();
            let plans = plans_within(
                &workspace,
                &named(&workspace, &specs)?,
                profile,
                &Budget::unlimited(),
            )?;
            merge_all(&workspace, &plans, profile)
        }
        Command::Run { specs, options: RunOptions { profile, run, budget }, shard } => {
            let mut budget = budget.budget();
            if let Some(shard) = shard {
                // One slice does 1/N of the work and holds about 1/N of the rows.
                budget.max_hours *= f64::from(shard.count);
                budget.max_memory *= f64::from(shard.count);
            }
            let profile = profile.profile();
            let plans = plans_within(&workspace, &named(&workspace, &specs)?, profile, &budget)?;
            match shard {
                Some(shard) => run_shards(&workspace, &plans, shard, run.force),
                None => run_all(&workspace, &plans, profile, run.force),
            }
        }
        Command::Reproduce { prefixes, options: RunOptions { profile, run, budget } } => {
            let selected = with_prefixes(&workspace, &prefixes)?;
            let profile = profile.profile();
            let plans = plans_within(&workspace, &selected, profile, &budget.budget())?;
            run_all(&workspace, &plans, profile, run.force)
        }
    }
}

/// Lists every spec with its paper, section and title (or why it does not parse).
fn list(workspace: &Workspace) -> Result<()> {
    for path in &workspace.specs()? {
        match mastermind_experiments::spec::load(&workspace.experiments(), path) {
            Ok(spec) => println!(
                "{:50} {} — {}: {}",
                spec.name, spec.raw.paper, spec.raw.section, spec.raw.title
            ),
            Err(e) => println!(
                "{:50} (does not parse: {e})",
                mastermind_experiments::spec::spec_name(&workspace.experiments(), path)
            ),
        }
    }
    Ok(())
}

/// The spec files of `names` (names as `list` shows them, or paths); clap requires at least one
/// where a command needs it.
fn named(workspace: &Workspace, names: &[String]) -> Result<Vec<PathBuf>> {
    Ok(names.iter().map(|n| workspace.resolve(n)).collect::<Result<_, _>>()?)
}

/// Every spec whose name starts with one of `prefixes` (every spec for none).
fn with_prefixes(workspace: &Workspace, prefixes: &[String]) -> Result<Vec<PathBuf>> {
    let all = workspace.specs()?;
    if prefixes.is_empty() {
        return Ok(all);
    }
    let name_of =
        |p: &PathBuf| mastermind_experiments::spec::spec_name(&workspace.experiments(), p);
    let chosen: Vec<PathBuf> = all
        .into_iter()
        .filter(|p| prefixes.iter().any(|n| name_of(p).starts_with(n.as_str())))
        .collect();
    if chosen.is_empty() {
        bail!("no spec name starts with {prefixes:?}; `list` shows them");
    }
    Ok(chosen)
}

/// Validates the `selected` specs and checks each against `budget`; every mistake is printed
/// (file, line and field) and nothing runs unless all are fine.
fn plans_within(
    workspace: &Workspace,
    selected: &[PathBuf],
    profile: Profile,
    budget: &Budget,
) -> Result<Vec<Plan>> {
    let mut errors = match workspace.plans(selected, profile) {
        Ok(plans) => {
            // The budget check: what would not finish on this kind of machine is refused.
            let over: Vec<_> =
                plans.iter().filter_map(|p| budget::check(p, budget).err()).collect();
            if over.is_empty() {
                return Ok(plans);
            }
            over
        }
        Err(errors) => errors,
    };
    for e in &mut errors {
        if let Ok(relative) = e.file.strip_prefix(&workspace.root) {
            e.file = relative.to_path_buf();
        }
        eprintln!("error: {e}\n");
    }
    bail!("{} spec(s) have mistakes; nothing was run and data/ is untouched", errors.len());
}

fn run_all(workspace: &Workspace, plans: &[Plan], profile: Profile, force: bool) -> Result<()> {
    let provenance = Provenance::of_checkout(&workspace.root);
    let start = Instant::now();
    let mut failures = 0;
    let mut rendered = Vec::new();
    for plan in plans {
        match runner::run(workspace, plan, &provenance, force) {
            Ok(outcome) => {
                if outcome.ran {
                    eprintln!("ran      {} ({:.1} s)", outcome.name, outcome.seconds);
                } else {
                    eprintln!("current  {} (stored results are up to date)", outcome.name);
                }
                rendered.push(outcome.section);
            }
            Err(e) => {
                failures += 1;
                eprintln!("FAILED   {}: {e:#}", plan.name);
            }
        }
    }
    // The report index covers every spec with stored results, not only those run now.
    report_every(workspace, profile, rendered, failures)?;
    eprintln!("done in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Builds the profile's `report.tex` into a PDF; says plainly (and fails) when `latexmk` is
/// missing.
fn latex_pdf(workspace: &Workspace, profile: Profile) -> Result<()> {
    use mastermind_lab::pdf::{self, PdfBuild};
    match pdf::build(&workspace.figures(profile))? {
        PdfBuild::Built(path) => {
            let shown = path.strip_prefix(&workspace.root).unwrap_or(&path);
            eprintln!("pdf      {}", shown.display());
            Ok(())
        }
        PdfBuild::NoLatexmk => {
            bail!("latexmk is not on PATH, so no PDF was built; {}", pdf::INSTALL_HINT)
        }
    }
}

/// Runs one shard of every plan into its part file; no report (the merge renders it).
fn run_shards(workspace: &Workspace, plans: &[Plan], shard: Shard, force: bool) -> Result<()> {
    let provenance = Provenance::of_checkout(&workspace.root);
    let mut failures = 0;
    for plan in plans {
        match runner::run_shard(workspace, plan, &provenance, shard, force) {
            Ok(outcome) => {
                let part = outcome.part.strip_prefix(&workspace.root).unwrap_or(&outcome.part);
                if outcome.ran {
                    eprintln!(
                        "ran      {} {shard} ({:.1} s) -> {}",
                        plan.name,
                        outcome.seconds,
                        part.display()
                    );
                } else {
                    eprintln!("current  {} {shard} ({} is up to date)", plan.name, part.display());
                }
            }
            Err(e) => {
                failures += 1;
                eprintln!("FAILED   {} {shard}: {e:#}", plan.name);
            }
        }
    }
    if failures > 0 {
        bail!("{failures} shard(s) failed; run them again (a finished part is not redone)");
    }
    Ok(())
}

/// Merges the parts of every plan into its result, then writes the report index.
fn merge_all(workspace: &Workspace, plans: &[Plan], profile: Profile) -> Result<()> {
    let provenance = Provenance::of_checkout(&workspace.root);
    let mut failures = 0;
    let mut rendered = Vec::new();
    for plan in plans {
        match runner::merge(workspace, plan, &provenance) {
            Ok(outcome) => {
                eprintln!("merged   {}", plan.name);
                rendered.push(outcome.section);
            }
            Err(e) => {
                failures += 1;
                eprintln!("FAILED   {}: {e:#}", plan.name);
            }
        }
    }
    report_every(workspace, profile, rendered, failures)
}

/// Writes the report index over every spec with stored results, reusing the sections in
/// `rendered`; fails (after writing it) if any spec failed or any section has a problem.
fn report_every(
    workspace: &Workspace,
    profile: Profile,
    rendered: Vec<mastermind_lab::report::Section>,
    failures: usize,
) -> Result<()> {
    let index = runner::report_every(workspace, profile, rendered)?;
    for problem in &index.problems {
        eprintln!("problem  {problem}");
    }
    let shown = index.path.strip_prefix(&workspace.root).unwrap_or(&index.path);
    eprintln!("report   {}", shown.display());
    if failures > 0 || !index.problems.is_empty() {
        bail!(
            "{failures} spec(s) failed and {} problem(s) in the report; the results that were \
             stored are kept",
            index.problems.len()
        );
    }
    Ok(())
}
