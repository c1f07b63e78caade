//! Crash safety of stored results (issue 15, defects 5 and 6): a write interrupted between any two
//! of its file operations leaves the old or the new result readable, never new data beside an old
//! manifest; a run holds a lock per spec; temporaries of killed runs are removed.

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use mastermind_lab::store::{self, Manifest, ResultPaths};
use polars::prelude::{Column, DataFrame};
use std::path::Path;

fn provenance() -> Provenance {
    Provenance {
        crate_version: "0".into(),
        git_revision: "test".into(),
        git_dirty: false,
        code_fingerprint: "test".into(),
    }
}

/// A result whose every row and manifest carry `tag`, with `rows` rows.
fn result(tag: &str, rows: usize) -> (DataFrame, Manifest) {
    let frame = DataFrame::new(
        rows,
        vec![
            Column::new("tag".into(), vec![tag; rows]),
            Column::new("i".into(), (0..rows as u32).collect::<Vec<_>>()),
        ],
    )
    .unwrap();
    let manifest = Manifest {
        spec: "paper/table".into(),
        profile: "quick".into(),
        seed: 1,
        spec_text: tag.into(),
        provenance: provenance(),
        cache_key: tag.into(),
        rows,
        seconds: 0.0,
        threads: 1,
        data_hash: String::new(),
        build_seconds: Vec::new(),
    };
    (frame, manifest)
}

/// The tag of the stored result, checking that its data and its manifest belong together.
fn stored_tag(paths: &ResultPaths) -> Option<String> {
    let (frame, manifest) = store::read_result(paths).ok()?;
    let tags = frame.column("tag").unwrap().str().unwrap();
    assert!(tags.iter().all(|t| t == Some(manifest.cache_key.as_str())), "data and manifest mixed");
    assert_eq!(frame.height(), manifest.rows, "data and manifest mixed");
    Some(manifest.cache_key)
}

fn leftovers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".parquet") && !n.ends_with(".json") && !n.ends_with(".lock"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_kill_between_any_two_file_operations_leaves_the_old_or_the_new_result() {
    let scratch = Scratch::new("kill-points");
    let mut interrupted = 0;
    for first_write in [false, true] {
        for k in 0.. {
            let data = scratch.root.join(format!("data-{first_write}-{k}"));
            let paths = ResultPaths::new(&data, "quick", "paper/table");
            if !first_write {
                let (mut frame, manifest) = result("old", 3);
                store::write(&paths, &mut frame, &manifest).unwrap();
            }
            let (mut frame, manifest) = result("new", 5);
            let mut operations = 0;
            let outcome = store::write_with_hook(&paths, &mut frame, &manifest, &mut |_| {
                operations += 1;
                if operations > k { Err(std::io::Error::other("killed")) } else { Ok(()) }
            });
            let tag = stored_tag(&paths);
            let expected_old = if first_write { None } else { Some("old".to_owned()) };
            if outcome.is_ok() {
                assert_eq!(tag.as_deref(), Some("new"), "a completed write must be visible");
                assert!(leftovers(paths.data.parent().unwrap()).is_empty());
                break;
            }
            interrupted += 1;
            assert!(
                tag == expected_old || tag.as_deref() == Some("new"),
                "kill after {k}: {tag:?}"
            );
            // The next write, under the lock, clears what the killed one left and succeeds.
            let (mut frame, manifest) = result("next", 2);
            store::write(&paths, &mut frame, &manifest).unwrap();
            assert_eq!(stored_tag(&paths).as_deref(), Some("next"));
            assert!(leftovers(paths.data.parent().unwrap()).is_empty(), "kill after {k}");
        }
    }
    assert!(interrupted >= 6, "only {interrupted} kill points were exercised");
}

#[test]
fn new_data_beside_an_old_manifest_is_never_taken_for_current() {
    let scratch = Scratch::new("mixed");
    let paths = ResultPaths::new(&scratch.root.join("data"), "quick", "paper/table");
    let (mut frame, manifest) = result("old", 3);
    store::write(&paths, &mut frame, &manifest).unwrap();
    let old_manifest = std::fs::read(&paths.manifest).unwrap();
    let (mut frame, manifest) = result("new", 5);
    store::write(&paths, &mut frame, &manifest).unwrap();
    // What the old two-rename write left after a kill between its renames.
    std::fs::write(&paths.manifest, old_manifest).unwrap();
    assert!(!paths.is_current("old"));
    assert!(store::read_result(&paths).is_err());
}

#[test]
fn temporaries_of_killed_runs_are_removed_by_the_next_run() {
    let scratch = Scratch::new("stale");
    let path = scratch.spec("paper/table", &small_spec("1", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    let dir = workspace.data().join("quick/paper");
    std::fs::create_dir_all(&dir).unwrap();
    // Temporaries as `mastermind-files` names them (`<pid>-<n>`), and as earlier versions did.
    let stale = [
        "table.parquet.4242-0.tmp",
        "table.json.4242-1.tmp",
        "table.journal.jsonl.4242-2.tmp",
        "table.parquet.4242.tmp",
        "table.json.4242.tmp",
        "table.journal.jsonl.tmp",
    ];
    for name in stale {
        std::fs::write(dir.join(name), "half written").unwrap();
    }
    std::fs::write(dir.join("other.parquet.4242-0.tmp"), "another spec's").unwrap();
    runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false).unwrap();
    assert_eq!(leftovers(&dir), vec!["other.parquet.4242-0.tmp".to_owned()]);
}

#[test]
fn two_concurrent_runs_of_one_training_spec_both_succeed() {
    let scratch = Scratch::new("concurrent");
    let text = r#"Experiment(
    title: "training",
    paper: "Snyder",
    section: "Case 1",
    seed: 11,
    task: ImportanceTraining((
        game: (pegs: 3, colours: 3),
        theta0: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 2.0),
        steps: 600,
        games_per_step: 20,
        evaluation_games: 20,
    )),
)
"#;
    let path = scratch.spec("snyder/training", text);
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    let provenance = Provenance::of_checkout(&scratch.root);
    let start = std::sync::Barrier::new(2);
    let results: Vec<_> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    start.wait();
                    runner::run(&workspace, &plan, &provenance, true).map(|o| o.ran)
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for r in &results {
        assert!(r.is_ok(), "{:?}", r.as_ref().err());
    }
    let paths = ResultPaths::new(&workspace.data(), "quick", "snyder/training");
    assert!(store::read_result(&paths).is_ok());
}

/// A second run of a spec whose lock is held says that it waits, and runs once the lock is free.
#[test]
fn a_second_run_of_a_spec_waits_for_the_lock_and_says_so() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let scratch = Scratch::new("lock-wait");
    scratch.spec("paper/table", &small_spec("1", ""));
    let paths = ResultPaths::new(&scratch.root.join("data"), "quick", "paper/table");
    let held = store::SpecLock::acquire(&paths, |_| panic!("nobody else holds it")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mastermind-lab"))
        .args(["run", "paper/table"])
        .current_dir(&scratch.root)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("waiting  paper/table"), "{first}");
    assert!(!paths.manifest.exists(), "it ran while the lock was held");
    drop(held);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert!(child.wait().unwrap().success(), "{rest}");
    assert!(rest.contains("ran      paper/table"), "{rest}");
    assert_eq!(stored_rows(&paths), 64 * 2);
}

/// The rows of a result stored by a real run.
fn stored_rows(paths: &ResultPaths) -> usize {
    store::read_result(paths).unwrap().1.rows
}
