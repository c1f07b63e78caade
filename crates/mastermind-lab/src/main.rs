//! `mastermind-lab`: the command line of the experiment runner (usually reached through
//! `cargo xtask`, which builds it optimised).

use anyhow::{Result, bail};
use mastermind_lab::budget::{self, Budget};
use mastermind_lab::plan::Plan;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner::{self, Workspace};
use mastermind_lab::spec::scaled::Profile;
use mastermind_lab::tasks::Shard;
use std::path::PathBuf;
use std::time::Instant;

const USAGE: &str = "\
usage: mastermind-lab <command> [options]

commands:
  reproduce [SPEC_PREFIX...]  run every spec (or those whose name starts with a prefix) and report
  run SPEC...                 run the named specs and report them
  merge SPEC...               merge the parts of sharded runs into each spec's result, and report
  report                      re-render every table and figure from the stored Parquet files
  latex                       build figures/<profile>/report.tex (written by `report`) into
                              report.pdf with latexmk, when latexmk is on PATH
  check [SPEC...]             validate specs without running anything
  list                        list the specs

options:
  --full            the papers' sample sizes (default: the quick profile)
  --force           run even if the stored results are current
  --threads N       worker threads (results do not depend on it)
  --max-hours H     refuse a spec estimated to need more than H hours on 2 cores (default 4)
  --max-memory G    refuse a spec estimated to need more than G GiB of memory (default 16)
  --no-budget       run whatever the estimates say
  --shard I/N       run only slice I (0 to N-1) of the units into a part file; `merge` joins them
                    (the budget then applies to one slice: 1/N of the work)
";

struct Args {
    command: String,
    names: Vec<String>,
    profile: Profile,
    force: bool,
    threads: Option<usize>,
    budget: Budget,
    shard: Option<Shard>,
}

fn parse_args() -> Result<Args> {
    let mut args = std::env::args().skip(1);
    let mut parsed = Args {
        command: String::new(),
        names: Vec::new(),
        profile: Profile::Quick,
        force: false,
        threads: None,
        budget: Budget::default(),
        shard: None,
    };
    let positive = |flag: &str, value: Option<String>| -> Result<f64> {
        let n = value.and_then(|n| n.parse::<f64>().ok()).filter(|n| n.is_finite() && *n > 0.0);
        n.ok_or_else(|| anyhow::anyhow!("{flag} needs a positive number\n\n{USAGE}"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--full" => parsed.profile = Profile::Full,
            "--quick" => parsed.profile = Profile::Quick,
            "--force" => parsed.force = true,
            "--threads" => {
                let n = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0);
                let Some(n) = n else { bail!("--threads needs a positive number\n\n{USAGE}") };
                parsed.threads = Some(n);
            }
            "--max-hours" => parsed.budget.max_hours = positive(&arg, args.next())?,
            "--max-memory" => {
                parsed.budget.max_memory = positive(&arg, args.next())? * 1024.0 * 1024.0 * 1024.0;
            }
            "--no-budget" => parsed.budget = Budget::unlimited(),
            "--shard" => {
                let shard = args.next().and_then(|s| Shard::parse(&s));
                let Some(shard) = shard else {
                    bail!("--shard needs I/N with 0 <= I < N, such as 0/8\n\n{USAGE}")
                };
                parsed.shard = Some(shard);
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            flag if flag.starts_with("--") => bail!("unknown option {flag}\n\n{USAGE}"),
            word if parsed.command.is_empty() => parsed.command = word.to_owned(),
            word => parsed.names.push(word.to_owned()),
        }
    }
    if parsed.command.is_empty() {
        bail!("no command given\n\n{USAGE}");
    }
    Ok(parsed)
}

fn main() {
    if let Err(e) = try_main() {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn try_main() -> Result<()> {
    let args = parse_args()?;
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
    }
    let workspace = Workspace::find(&std::env::current_dir()?)?;
    if args.command == "latex" {
        return latex_pdf(&workspace, args.profile);
    }
    let all = workspace.specs()?;
    let name_of = |p: &PathBuf| mastermind_lab::spec::spec_name(&workspace.experiments(), p);
    let selected: Vec<PathBuf> = match args.command.as_str() {
        "run" | "merge" => {
            if args.names.is_empty() {
                bail!("`{}` needs at least one spec name; `list` shows them", args.command);
            }
            args.names.iter().map(|n| workspace.resolve(n)).collect::<Result<_>>()?
        }
        "check" if !args.names.is_empty() => {
            args.names.iter().map(|n| workspace.resolve(n)).collect::<Result<_>>()?
        }
        "reproduce" if !args.names.is_empty() => {
            let chosen: Vec<PathBuf> = all
                .iter()
                .filter(|p| args.names.iter().any(|n| name_of(p).starts_with(n.as_str())))
                .cloned()
                .collect();
            if chosen.is_empty() {
                bail!("no spec name starts with {:?}; `list` shows them", args.names);
            }
            chosen
        }
        "list" => {
            for path in &all {
                match mastermind_lab::spec::load(&workspace.experiments(), path) {
                    Ok(spec) => println!(
                        "{:50} {} — {}: {}",
                        spec.name, spec.raw.paper, spec.raw.section, spec.raw.title
                    ),
                    Err(e) => println!("{:50} (does not parse: {e})", name_of(path)),
                }
            }
            return Ok(());
        }
        "reproduce" | "report" | "check" => all.clone(),
        other => bail!("unknown command {other:?}\n\n{USAGE}"),
    };

    if args.command == "report" {
        return report_every(&workspace, args.profile, Vec::new(), 0);
    }
    if args.shard.is_some() && args.command != "run" {
        bail!("--shard goes with `run`; `merge` joins the parts");
    }
    let mut budget = args.budget;
    if let Some(shard) = args.shard {
        // One slice does 1/N of the work and holds about 1/N of the rows.
        budget.max_hours *= f64::from(shard.count);
        budget.max_memory *= f64::from(shard.count);
    }
    let mut errors = match workspace.plans(&selected, args.profile) {
        Ok(plans) if args.command == "merge" => return merge_all(&workspace, &plans, args.profile),
        Ok(plans) => {
            // The budget check: what would not finish on this kind of machine is refused.
            let over: Vec<_> =
                plans.iter().filter_map(|p| budget::check(p, &budget).err()).collect();
            if over.is_empty() {
                return match args.command.as_str() {
                    "check" => {
                        for plan in &plans {
                            println!("ok  {}", plan.name);
                        }
                        Ok(())
                    }
                    _ => match args.shard {
                        Some(shard) => run_shards(&workspace, &plans, shard, args.force),
                        None => run_all(&workspace, &plans, args.profile, args.force),
                    },
                };
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
    use mastermind_lab::report::pdf::{self, PdfBuild};
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
