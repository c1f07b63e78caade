//! The runner end to end on a small game: Parquet out, provenance recorded, results independent
//! of the thread count, current results not re-run, mistakes leaving data untouched.

mod common;

use common::{Scratch, run_on_threads, small_spec, without_wall_time};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::record::WALL_TIME_COLUMNS;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use mastermind_lab::store::{ResultPaths, read};
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let scratch = Scratch::new("threads");
    let path = scratch.spec("threads", &small_spec("3", ""));
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    // Everything but the wall-time columns must be identical.
    let play = |threads| without_wall_time(run_on_threads(&plan, threads));
    let one = play(1);
    assert_eq!(one.height(), 2 * 3 * 64);
    assert!(one.equals_missing(&play(2)));
    assert!(one.equals_missing(&play(3)));
    // Runs differ from each other (random ties), so the seeds really vary per run.
    let guesses = one.column("guesses").unwrap().u32().unwrap();
    let runs = one.column("run").unwrap().u32().unwrap();
    let arms = one.column("arm").unwrap().str().unwrap();
    let run_total = |run: u32| -> u32 {
        (0..one.height())
            .filter(|&i| runs.get(i) == Some(run) && arms.get(i) == Some("Random"))
            .map(|i| guesses.get(i).unwrap())
            .sum()
    };
    assert!((0..3).map(run_total).collect::<std::collections::HashSet<_>>().len() > 1);
}

/// The fields of every `record!` row in `source` (a Rust file): `(name, doc text)`.
fn record_fields(source: &str) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    for (start, _) in source.match_indices("record! {") {
        let body = &source[start..];
        let Some(open) = body.find("pub struct").and_then(|s| body[s..].find('{').map(|b| s + b))
        else {
            continue;
        };
        let mut doc = String::new();
        for line in body[open + 1..].lines().map(str::trim) {
            if line.starts_with('}') {
                break;
            }
            if let Some(text) = line.strip_prefix("///") {
                doc.push_str(text);
            } else if let Some((name, _)) =
                line.strip_prefix("pub ").and_then(|l| l.split_once(':'))
            {
                fields.push((name.trim().to_owned(), std::mem::take(&mut doc)));
            }
        }
    }
    fields
}

/// Whether a row field measures time, by its name or its doc.
fn measures_time(name: &str, doc: &str) -> bool {
    let doc = doc.to_lowercase();
    ["nanos", "micros", "millis", "seconds", "time"].iter().any(|w| name.contains(w))
        || doc.contains("wall time")
        || doc.contains("wall-time")
}

/// "The same table whatever the thread count" holds for every column but the wall-time ones,
/// so those must be exactly the stored columns that measure time: a new one left out of
/// `WALL_TIME_COLUMNS` would make the promise false without any thread test noticing.
#[test]
fn the_wall_time_columns_are_exactly_the_row_fields_that_measure_time() {
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mastermind-experiments/src");
    let mut files = Vec::new();
    let mut dirs = vec![sources];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let fields: Vec<(String, String)> =
        files.iter().flat_map(|f| record_fields(&std::fs::read_to_string(f).unwrap())).collect();
    assert!(fields.len() > 30, "found only {} row fields", fields.len());
    let timed: BTreeSet<&str> =
        fields.iter().filter(|(n, d)| measures_time(n, d)).map(|(n, _)| n.as_str()).collect();
    let listed: BTreeSet<&str> = WALL_TIME_COLUMNS.into_iter().collect();
    assert_eq!(timed, listed, "row fields that measure time against WALL_TIME_COLUMNS");
}

#[test]
fn a_run_writes_parquet_with_provenance_and_is_not_repeated() {
    let scratch = Scratch::new("pipeline");
    let path = scratch.spec("paper/table", &small_spec("2", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    assert_eq!(plan.name, "paper/table");
    let provenance = Provenance::of_checkout(&scratch.root);

    let first = runner::run(&workspace, &plan, &provenance, false).unwrap();
    assert!(first.ran);
    let paths = ResultPaths::new(&workspace.data(), "quick", "paper/table");
    let frame = read(&paths).unwrap();
    assert_eq!(frame.height(), 2 * 2 * 64);
    for column in [
        "spec",
        "arm",
        "player",
        "parameters",
        "run",
        "secret",
        "game_seed",
        "guesses",
        "evaluations",
        "score_calls",
        "nanos",
    ] {
        assert!(frame.column(column).is_ok(), "missing column {column}");
    }
    let manifest = paths.read_manifest().unwrap();
    assert_eq!(manifest.seed, 7);
    assert_eq!(manifest.rows, 256);
    assert!(manifest.spec_text.contains("Entropy"));
    assert_eq!(manifest.provenance.crate_version, env!("CARGO_PKG_VERSION"));
    assert!(!manifest.provenance.git_revision.is_empty());

    // Tables and figures were rendered from the stored results.
    let figures = workspace.figures(Profile::Quick);
    let table = std::fs::read_to_string(figures.join("paper/table.md")).unwrap();
    assert!(table.contains("| Entropy |") && table.contains("| Random |"), "{table}");
    assert!(figures.join("paper/table-guesses.png").metadata().unwrap().len() > 10_000);
    assert!(figures.join("paper/table-guesses.svg").exists());

    // Same inputs: not re-run. Forced: re-run with identical games.
    let second = runner::run(&workspace, &plan, &provenance, false).unwrap();
    assert!(!second.ran);
    let forced = runner::run(&workspace, &plan, &provenance, true).unwrap();
    assert!(forced.ran);
    let again = read(&paths).unwrap();
    assert_eq!(frame.column("guesses").unwrap(), again.column("guesses").unwrap());
}

#[test]
fn a_broken_spec_leaves_stored_results_untouched() {
    let scratch = Scratch::new("untouched");
    let path = scratch.spec("keep", &small_spec("2", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);
    runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false).unwrap();
    let paths = ResultPaths::new(&workspace.data(), "quick", "keep");
    let before = std::fs::read(&paths.data).unwrap();

    std::fs::write(&path, small_spec("2", "").replace("Entropy))", "Entropy, pool: Everything))"))
        .unwrap();
    let errors = match workspace.plans(&[path], Profile::Quick) {
        Ok(_) => panic!("a broken spec was accepted"),
        Err(errors) => errors,
    };
    assert_eq!(errors.len(), 1);
    assert!(errors[0].to_string().contains("Everything"), "{}", errors[0]);
    assert_eq!(std::fs::read(&paths.data).unwrap(), before);
}

#[test]
fn a_spec_named_by_a_roundabout_path_keeps_its_name() {
    let scratch = Scratch::new("names");
    let path = scratch.spec("paper/table", &small_spec("1", ""));
    // The same file reached through `..`, as a path typed relative to some directory would be.
    let roundabout = scratch.root.join("experiments/paper/../paper/table.ron");
    let workspace = scratch.workspace();
    let resolved = workspace.resolve(roundabout.to_str().unwrap()).unwrap();
    let plans = workspace.plans(&[path, resolved], Profile::Quick).unwrap();
    assert_eq!(plans[0].name, "paper/table");
    assert_eq!(plans[1].name, "paper/table", "results would land under another name");
}

/// Issue 15, defect 4: a spec that no longer validates keeps its last section in the index, and
/// the index says it could not be re-rendered, rather than silently dropping every other section.
#[test]
fn a_broken_spec_elsewhere_does_not_empty_the_report_index() {
    let scratch = Scratch::new("index");
    let a = scratch.spec("paper/a", &small_spec("1", ""));
    let b = scratch.spec("paper/b", &small_spec("1", "").replace("\"Table 1\"", "\"Table 2\""));
    let workspace = scratch.workspace();
    let provenance = Provenance::of_checkout(&scratch.root);
    for plan in workspace.plans(&[a.clone(), b.clone()], Profile::Quick).unwrap() {
        runner::run(&workspace, &plan, &provenance, false).unwrap();
    }
    let index = runner::report_every(&workspace, Profile::Quick, Vec::new()).unwrap();
    assert!(index.problems.is_empty(), "{:?}", index.problems);
    std::fs::write(&b, "Experiment(").unwrap();
    let plan = workspace.plans(&[a], Profile::Quick).unwrap().remove(0);
    let outcome = runner::run(&workspace, &plan, &provenance, true).unwrap();
    let index = runner::report_every(&workspace, Profile::Quick, vec![outcome.section]).unwrap();
    assert_eq!(index.problems.len(), 1, "{:?}", index.problems);
    assert!(index.problems[0].contains("b.ron"), "{:?}", index.problems);
    let text = std::fs::read_to_string(&index.path).unwrap();
    assert!(text.contains("Table 1") && text.contains("Table 2"), "{text}");
}

#[test]
fn an_edited_spec_does_not_relabel_results_run_from_the_old_one() {
    let scratch = Scratch::new("edited-spec");
    let path = scratch.spec("paper/table", &small_spec("2", ""));
    let workspace = scratch.workspace();
    let provenance = Provenance::of_checkout(&scratch.root);
    let plan = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);
    runner::run(&workspace, &plan, &provenance, false).unwrap();
    // Renaming an arm in the file does not rename the stored games: the report keeps the stored
    // spec's label and says that the file has changed.
    std::fs::write(&path, small_spec("2", "").replace("\"Entropy\"", "\"Renamed\"")).unwrap();
    let edited = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    let section = runner::render(&workspace, &edited).unwrap();
    assert!(section.markdown.contains("| Entropy"), "{}", section.markdown);
    assert!(!section.markdown.contains("Renamed"), "{}", section.markdown);
    assert!(section.markdown.contains("The spec file has changed"), "{}", section.markdown);
    // Unedited, there is no such sentence.
    let section = runner::render(&workspace, &plan).unwrap();
    assert!(!section.markdown.contains("The spec file has changed"));
}
