//! `tree --player optimal --units`: the exact search as stored units, run as three shards
//! through GNU parallel with one shard killed mid-unit and rerun, merged into the tree of the
//! unsharded run; merges that must refuse. The GNU parallel test skips, saying so, where
//! `parallel` is not installed (and fails there under `MASTERMIND_REQUIRE_TOOLS=1`).

use crate::common::{field, gnu_parallel, mastermind, run, run_ok, scratch, stored_files};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// `tree --game GAME --player optimal --units DIR`.
fn optimum_in_units<'a>(game: &'a str, dir: &'a str) -> Vec<&'a str> {
    vec!["tree", "--game", game, "--player", "optimal", "--units", dir]
}

/// The unit files stored in `dir`.
fn unit_files(dir: &Path) -> Vec<String> {
    stored_files(dir, "unit-", ".json")
}

/// Runs `mastermind ARGS` until it has stored `units` unit files in `dir`, kills it, and returns
/// how many it stored.
fn killed_once_it_stored(args: &[&str], dir: &Path, units: usize) -> usize {
    let mut child = mastermind()
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while unit_files(dir).len() < units {
        assert!(started.elapsed() < Duration::from_secs(120), "{units} units not stored in 2 min");
        assert!(child.try_wait().unwrap().is_none(), "{args:?} ended before it was killed");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    unit_files(dir).len()
}

#[test]
fn three_shards_through_gnu_parallel_one_killed_merge_into_the_unsharded_tree() {
    if !gnu_parallel("the sharded search") {
        return;
    }
    let root = scratch("units-sharded");
    let (whole_dir, sharded_dir) = (root.join("whole"), root.join("sharded"));
    let sharded_path = sharded_dir.clone();
    let (whole, merged) = (root.join("whole.json"), root.join("merged.json"));
    let (whole_dir, sharded_dir) = (whole_dir.to_str().unwrap(), sharded_dir.to_str().unwrap());
    let units = |dir| optimum_in_units("4x7", dir);

    // Shard 1 alone, killed once its first unit is stored: it is then inside another unit.
    let shard_one = [units(sharded_dir), vec!["--shard", "1/3", "--threads", "1"]].concat();
    let survived = killed_once_it_stored(&shard_one, &sharded_path, 1);

    // All three shards through GNU parallel: shard 1 resumes.
    let sharded = Command::new("parallel")
        .args(["--will-cite", "-j", "3", env!("CARGO_BIN_EXE_mastermind")])
        .args(units(sharded_dir))
        .args(["--threads", "1", "--shard", "{}/3", ":::", "0", "1", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&sharded.stdout).into_owned();
    assert!(sharded.status.success(), "{}", String::from_utf8_lossy(&sharded.stderr));
    let summaries: Vec<&str> = stdout.split("game ").filter(|s| !s.trim().is_empty()).collect();
    let resumed = summaries.iter().find(|s| field(s, "shard") == "1/3").expect("shard 1 ran");
    let found: usize = field(resumed, "found_done").parse().unwrap();
    let in_shard: usize = field(resumed, "units_in_shard").parse().unwrap();
    assert_eq!(found, survived, "the units stored before the kill are not solved again");
    assert!(found < in_shard, "the kill came before shard 1 finished: {resumed}");
    for summary in &summaries {
        assert_eq!(field(summary, "left"), "0", "{summary}");
    }

    let merge = [units(sharded_dir), vec!["--merge", "--format", "json", "-o"]].concat();
    run_ok(&[merge.as_slice(), &[merged.to_str().unwrap()]].concat());
    // One shard of one: every unit on its own, as the shards solve them.
    let unsharded = [units(whole_dir), vec!["--threads", "2", "--shard", "0/1"]].concat();
    run_ok(&unsharded);
    let unsharded = [units(whole_dir), vec!["--merge", "--format", "json", "-o"]].concat();
    run_ok(&[unsharded.as_slice(), &[whole.to_str().unwrap()]].concat());
    let (merged_text, whole_text) =
        (std::fs::read_to_string(&merged).unwrap(), std::fs::read_to_string(&whole).unwrap());
    assert!(merged_text == whole_text, "the merged tree differs from the unsharded one");
    // And it is the optimum the search alone proves (4x7: 11 228).
    let check = run_ok(&["tree", "--check", merged.to_str().unwrap()]);
    assert_eq!(field(&check, "total"), "11228", "{check}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_search_in_units_that_share_killed_mid_way_is_continued_by_the_same_command() {
    let root = scratch("units-shared");
    let dir = root.join("units");
    let args = [optimum_in_units("4x7", dir.to_str().unwrap()), vec!["--threads", "2"]].concat();
    let stored = killed_once_it_stored(&args, &dir, 3);
    let summary = run_ok(&[args.as_slice(), &["--stats"]].concat());
    assert_eq!(field(&summary, "total"), "11228", "{summary}");
    assert_eq!(field(&summary, "proved"), "true", "{summary}");
    assert!(unit_files(&dir).len() >= stored);
    let merged = run_ok(&[args.as_slice(), &["--merge", "--stats"]].concat());
    assert_eq!(field(&merged, "total"), "11228", "{merged}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_merge_names_missing_units_and_refuses_units_of_another_search() {
    let root = scratch("units-refused");
    let dir = root.join("units");
    let dir_text = dir.to_str().unwrap().to_owned();
    let args = |extra: &[&'static str]| {
        let mut all = optimum_in_units("3x4", &dir_text);
        all.extend_from_slice(extra);
        all
    };
    run_ok(&args(&["--shard", "0/2"]));
    let missing = run(&args(&["--merge"]), "");
    assert!(!missing.success, "a merge with shard 1 missing succeeded");
    assert!(missing.stderr.contains("units are missing"), "{}", missing.stderr);
    run_ok(&args(&["--shard", "1/2"]));
    // The optimal tree's first guess, after `{` and before `:` in the text export.
    let tree = run_ok(&args(&["--merge"]));
    let first_guess = tree.trim_start_matches('{').split(':').next().unwrap().to_owned();

    // The same folder for another search: refused whole, naming a file and what differs, and
    // left as it is.
    let files = unit_files(&dir);
    let other = run(
        &["tree", "--game", "3x4", "--player", "optimal", "--max-depth", "4", "--units"]
            .into_iter()
            .chain([dir.to_str().unwrap(), "--merge"])
            .collect::<Vec<_>>(),
        "",
    );
    assert!(!other.success);
    let differs = "written for another search (max_depth: None in the file, Some(4) here)";
    assert_eq!(other.stderr.matches(differs).count(), 1, "{}", other.stderr);
    assert_eq!(unit_files(&dir), files);

    // A truncated file of the optimum's first guess is named once, with what is wrong in it;
    // the merge then misses its unit, and the search solves it again from the other files and
    // replaces it.
    let needed = format!("\"first_guess\":\"{first_guess}\"");
    let first = files
        .iter()
        .map(|name| dir.join(name))
        .find(|path| std::fs::read_to_string(path).unwrap().contains(&needed))
        .unwrap();
    let text = std::fs::read_to_string(&first).unwrap();
    std::fs::write(&first, &text[..text.len() / 2]).unwrap();
    let damaged = run(&args(&["--merge"]), "");
    assert!(!damaged.success);
    let name = first.file_name().unwrap().to_str().unwrap();
    assert_eq!(damaged.stderr.matches(name).count(), 1, "{}", damaged.stderr);
    assert!(damaged.stderr.contains("not a unit file of this form"), "{}", damaged.stderr);
    assert!(damaged.stderr.contains("1 of"), "{}", damaged.stderr);
    assert!(dir.join(format!("{name}.refused")).exists(), "the refused file is set aside");
    let resumed = run(&args(&["--stats"]), "");
    assert!(resumed.success && !resumed.stderr.contains(name), "{}", resumed.stderr);
    let outcome = |text: &str| {
        let file: serde_json::Value = serde_json::from_str(text).unwrap();
        file["unit"]["outcome"].clone()
    };
    let solved_again = std::fs::read_to_string(&first).unwrap();
    assert_eq!(outcome(&solved_again), outcome(&text), "the unit is solved again");
    let merged = run(&args(&["--merge", "--stats"]), "");
    assert!(merged.success && !merged.stderr.contains("warning"), "{}", merged.stderr);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn raising_the_lower_bound_of_a_small_game_reaches_its_optimum() {
    let optimum: serde_json::Value = serde_json::from_str(
        run_ok(&["tree", "--game", "3x5", "--player", "optimal", "--json"]).trim(),
    )
    .unwrap();
    let bound: serde_json::Value = serde_json::from_str(
        run_ok(&[
            "tree",
            "--game",
            "3x5",
            "--player",
            "optimal",
            "--lower-bound-nodes",
            "1e12",
            "--json",
        ])
        .trim(),
    )
    .unwrap();
    assert_eq!(bound["lower_bound"], optimum["total"], "{bound}");
    assert!(bound["best_known_total"].as_u64() >= optimum["total"].as_u64(), "{bound}");
}

#[test]
fn raised_bounds_saved_in_the_units_folder_are_continued_by_a_larger_budget() {
    let root = scratch("bounds-resumed");
    let (dir, alone) = (root.join("units"), root.join("alone"));
    let raise = |dir: &Path, nodes: &str| -> serde_json::Value {
        let command = optimum_in_units("4x7", dir.to_str().unwrap());
        let args = [command.as_slice(), &["--lower-bound-nodes", nodes, "--json"]].concat();
        serde_json::from_str(run_ok(&args).trim()).unwrap()
    };
    let first = raise(&dir, "5e5");
    let again = raise(&dir, "5e5");
    let further = raise(&dir, "1e6");
    let at_once = raise(&alone, "1e6");
    assert!(first["resumed_from"].is_null(), "{first}");
    // The same command again has nothing left to spend.
    assert_eq!(again["rounds"], first["rounds"], "{again}");
    assert_eq!(again["lower_bound"], first["lower_bound"], "{again}");
    assert_eq!(further["resumed_from"], first["lower_bound"], "{further}");
    assert!(further["rounds"].as_u64() > first["rounds"].as_u64(), "{further}");
    // A budget reached in two runs proves what it proves in one.
    for key in ["lower_bound", "rounds", "nodes_searched", "units_exact"] {
        assert_eq!(further[key], at_once[key], "{key}: {further} against {at_once}");
    }
    let _ = std::fs::remove_dir_all(&root);
}
