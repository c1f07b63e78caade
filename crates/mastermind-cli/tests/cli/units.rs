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
    let mut shard = mastermind()
        .args(units(sharded_dir))
        .args(["--shard", "1/3", "--threads", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while unit_files(&sharded_path).is_empty() {
        assert!(started.elapsed() < Duration::from_secs(120), "no unit stored in two minutes");
        assert!(shard.try_wait().unwrap().is_none(), "shard 1 ended before storing a unit");
        std::thread::sleep(Duration::from_millis(5));
    }
    shard.kill().unwrap();
    shard.wait().unwrap();
    let survived = unit_files(&sharded_path).len();

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
    let unsharded = [units(whole_dir), vec!["--threads", "2", "--format", "json", "-o"]].concat();
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
    run_ok(&args(&["--merge", "--stats"]));

    // The same folder for another search: every file names what differs.
    let other = run(
        &["tree", "--game", "3x4", "--player", "optimal", "--max-depth", "4", "--units"]
            .into_iter()
            .chain([dir.to_str().unwrap(), "--merge"])
            .collect::<Vec<_>>(),
        "",
    );
    assert!(!other.success);
    assert!(other.stderr.contains("another search (max_depth"), "{}", other.stderr);

    // A damaged file is named, with what is wrong in it.
    let first = dir.join(&unit_files(&dir)[0]);
    std::fs::write(&first, "{ \"stamp\": 1 ").unwrap();
    let damaged = run(&args(&["--merge"]), "");
    assert!(!damaged.success);
    assert!(
        damaged.stderr.contains(first.file_name().unwrap().to_str().unwrap()),
        "{}",
        damaged.stderr
    );
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
            "--lower-bound-for",
            "60",
            "--json",
        ])
        .trim(),
    )
    .unwrap();
    assert_eq!(bound["lower_bound"], optimum["total"], "{bound}");
    assert!(bound["best_known_total"].as_u64() >= optimum["total"].as_u64(), "{bound}");
}

#[test]
fn raised_bounds_saved_in_the_units_folder_are_continued_by_the_same_command() {
    let root = scratch("bounds-resumed");
    let dir = root.join("units");
    let command = optimum_in_units("4x7", dir.to_str().unwrap());
    let args =
        [command.as_slice(), &["--lower-bound-for", "1", "--threads", "1", "--json"]].concat();
    let first: serde_json::Value = serde_json::from_str(run_ok(&args).trim()).unwrap();
    let second: serde_json::Value = serde_json::from_str(run_ok(&args).trim()).unwrap();
    assert!(first["resumed_from"].is_null(), "{first}");
    assert_eq!(second["resumed_from"], first["lower_bound"], "{second}");
    assert!(second["lower_bound"].as_u64() >= first["lower_bound"].as_u64(), "{second}");
    assert!(second["rounds"].as_u64() > first["rounds"].as_u64(), "{second}");
    let _ = std::fs::remove_dir_all(&root);
}
